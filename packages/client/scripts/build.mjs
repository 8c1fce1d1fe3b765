// Builds the package: cleans the output directory, then compiles src/ and the directory's cost
// engine (../../src/cost: the same files the build and the server use, not a copy) with tsc twice:
// ESM (what `import` and the CLI load) and CommonJS under cjs/ (what `require()` loads; Node 22's
// require(esm) does not cover every consumer). The output keeps the repository layout (so the
// relative import of the cost engine stays valid): <out>/packages/client/src/ and <out>/src/cost/.
//
//   node scripts/build.mjs                 -> dist/ (what `npm pack` ships)
//   node scripts/build.mjs --out-dir <dir> -> elsewhere (tests build into a temporary directory)
import { spawnSync } from 'node:child_process';
import { chmodSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const flag = process.argv.indexOf('--out-dir');
const outDir = flag === -1 ? path.join(packageDir, 'dist') : path.resolve(process.argv[flag + 1] ?? '');
rmSync(outDir, { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

function compile(tsconfig, into) {
  const result = spawnSync(process.execPath, [tsc, '-p', path.join(packageDir, tsconfig), '--outDir', into], {
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

compile('tsconfig.json', outDir);
compile('tsconfig.cjs.json', path.join(outDir, 'cjs'));
// The package is "type": "module"; this marks the .js files under cjs/ as CommonJS.
writeFileSync(path.join(outDir, 'cjs', 'package.json'), '{ "type": "commonjs" }\n');
chmodSync(path.join(outDir, 'packages', 'client', 'src', 'cli.js'), 0o755);
