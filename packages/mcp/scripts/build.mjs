// Builds the package from the server's source in the repository (src/mcp, with the client package
// and the cost engine it imports): esbuild bundles it into plain JavaScript, so an installed copy
// needs no TypeScript and starts without compiling. The MCP SDK and zod stay external (declared
// dependencies, resolved from the consumer's node_modules). Three files:
//   dist/cli.js     the ai-coding-models-mcp command (ESM, with a shebang)
//   dist/index.js   createDirectoryMcpServer for `import`
//   dist/index.cjs  the same for `require()`
//
//   node scripts/build.mjs                 -> dist/ (what `npm pack` ships)
//   node scripts/build.mjs --out-dir <dir> -> elsewhere
import { chmodSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverDir = path.join(packageDir, '..', '..', 'src', 'mcp');
const flag = process.argv.indexOf('--out-dir');
const outDir = flag === -1 ? path.join(packageDir, 'dist') : path.resolve(process.argv[flag + 1] ?? '');
const { version } = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
rmSync(outDir, { recursive: true, force: true });

const common = {
  bundle: true,
  platform: 'node',
  target: 'node22',
  packages: 'external',
  legalComments: 'none',
  logLevel: 'warning',
  // The version the server reports in the initialize handshake is the package's.
  define: { 'process.env.AI_CODING_MODELS_MCP_VERSION': JSON.stringify(version) },
};
const entry = (contents) => ({ contents, resolveDir: serverDir, sourcefile: 'entry.ts', loader: 'ts' });

await build({
  ...common,
  format: 'esm',
  stdin: entry("import { main } from './main.ts';\nawait main(process.argv.slice(2));\n"),
  banner: { js: '#!/usr/bin/env node' },
  outfile: path.join(outDir, 'cli.js'),
});
for (const [format, file] of [
  ['esm', 'index.js'],
  ['cjs', 'index.cjs'],
]) {
  await build({
    ...common,
    format,
    stdin: entry("export { createDirectoryMcpServer } from './server.ts';\nexport type { McpOptions } from './server.ts';\n"),
    outfile: path.join(outDir, file),
  });
}
chmodSync(path.join(outDir, 'cli.js'), 0o755);
