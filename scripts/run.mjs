// Runs one of the project's command lines (src/cli/<name>.ts) as compiled JavaScript with plain
// node, compiling first when out/ is missing or older than src/. This is what makes a fresh
// clone's `npm start` just work while production runs no TypeScript loader: the check costs a
// directory walk (a few ms); the compile happens once, with the TypeScript development dependency.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Written after each successful compile (tsc leaves its own build info untouched when nothing changed).
const stamp = path.join(root, 'out', '.compiled');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * Why a step took longer than it should, when it did: a busy machine is the usual cause (a first start measured
 * 164 s of compiling at a load average of 20 on 2 cores, 19 s at 3), and the load average says so.
 */
function slowBecause(seconds, expected) {
  if (seconds <= expected) return '';
  const load = os.loadavg()[0];
  const cores = os.availableParallelism();
  return load > cores
    ? ` (longer than the ${expected} s it takes on an idle machine: the load average is ${load.toFixed(1)} on ${cores} cores, so other work is taking the CPU)`
    : ` (longer than the ${expected} s it takes on an idle machine, with the load average at ${load.toFixed(1)} on ${cores} cores: a slow disk or a cold file cache)`;
}

function compileIfStale() {
  const srcDir = path.join(root, 'src');
  if (!existsSync(srcDir)) return; // an installed package ships out/ only
  if (existsSync(stamp) && statSync(stamp).mtimeMs >= newestMtime(srcDir)) return;
  let tsc;
  try {
    tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  } catch {
    if (existsSync(stamp)) return; // production install without dev dependencies: use what was compiled
    console.error('out/ is missing and TypeScript is not installed: run `npm ci` (or `npm run compile` where it is)');
    process.exit(1);
  }
  // On stderr: standard output may be a protocol (the MCP server's JSON-RPC, the refresh's --json report).
  const started = performance.now();
  console.error(
    'compiling src/ into out/ with TypeScript, without type checking (the first run, or src/ changed; about 5 s of CPU)',
  );
  // --noCheck emits the same JavaScript at a third of the CPU (4.5 s against 13 s measured on 2 cores): running the
  // code needs no type check, and `npm run typecheck` (part of `npm test`) is the one that does it.
  const result = spawnSync(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.build.json'), '--noCheck'], {
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stamp, `${new Date().toISOString()}\n`);
  const seconds = (performance.now() - started) / 1000;
  console.error(`compiled in ${seconds.toFixed(1)} s${slowBecause(seconds, 10)}`);
}

const [name, ...args] = process.argv.slice(2);
if (name === '--compile-only') {
  compileIfStale();
  process.exit(0);
}
if (!name || !/^[a-z-]+$/.test(name)) {
  console.error('usage: node scripts/run.mjs <cli name> [args]   (a file of src/cli/), or --compile-only');
  process.exit(2);
}
compileIfStale();
process.argv = [process.argv[0], path.join(root, 'out', 'cli', `${name}.js`), ...args];
await import(pathToFileURL(process.argv[1]).href);
