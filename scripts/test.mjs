// `npm test`: the type check, the lint and the fast suites (`vitest run --project fast`, arguments passed on).
// The suites read the real dataset built once (test/support/test-artifact.ts); building it takes one core for
// about half a minute and needs nothing the type check proves, so it runs beside the type check and the lint
// instead of after them. When ACMD_TEST_ARTIFACT already names an artifact (.ci/run builds one for every
// suite), none is built here; vitest's global setup checks it was built from these inputs either way.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const PREBUILT_ENV = 'ACMD_TEST_ARTIFACT';

/** The commands still running: stopped when this script exits early (a failed type check leaves no build behind). */
const running = new Set();

/** Runs a command in the checkout; resolves to its exit code, and to its output too when `quiet`. */
function run(command, args, { env = process.env, quiet = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env, stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    running.add(child);
    let output = '';
    if (quiet) for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ code: 1, output: `${command}: ${error.message}\n` }));
    child.on('close', (code, signal) => {
      running.delete(child);
      resolve({ code: code ?? (signal ? 128 : 1), output });
    });
  });
}

/**
 * The type check and the lint, unless they already passed on this very tree: .ci/run runs them in its checkout and
 * then names the tree in ACMD_STATIC_CHECKED, so the fresh clone's `npm test` (test/e2e/fresh-clone.test.ts), whose
 * files and lockfile are the same commit, does not repeat half a minute of CPU on the runner. A tree with any change
 * to its committed files, or another commit, is checked as usual.
 */
function staticChecksToRun() {
  const checked = process.env.ACMD_STATIC_CHECKED;
  if (!checked) return ['typecheck', 'lint'];
  const git = (...args) => spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  const tree = git('rev-parse', 'HEAD^{tree}');
  const changes = git('status', '--porcelain', '--untracked-files=no');
  if (tree.status === 0 && changes.status === 0 && tree.stdout.trim() === checked && changes.stdout.trim() === '') {
    console.log(`type check and lint: passed on this tree (${checked.slice(0, 12)}) earlier in this run, not repeated`);
    return [];
  }
  return ['typecheck', 'lint'];
}

let artifactDir;
let building = Promise.resolve({ code: 0, output: '' });
if (!process.env[PREBUILT_ENV]) {
  artifactDir = mkdtempSync(path.join(os.tmpdir(), 'acmd-npm-test-'));
  building = run(process.execPath, ['--import', 'tsx', 'test/support/test-artifact.ts', artifactDir], { quiet: true });
}
const cleanUp = () => {
  for (const child of running) child.kill();
  if (artifactDir) rmSync(artifactDir, { recursive: true, force: true });
};
process.on('exit', cleanUp);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

for (const script of staticChecksToRun()) {
  const { code } = await run('npm', ['run', '-s', script]);
  if (code !== 0) process.exit(code);
}
const built = await building;
if (built.code !== 0) {
  process.stderr.write(`${built.output}the test artifact was not built (exit ${built.code})\n`);
  process.exit(built.code);
}
process.stdout.write(built.output);
const env = artifactDir ? { ...process.env, [PREBUILT_ENV]: artifactDir } : process.env;
// --no-isolate: the files share their workers' loaded modules (vitest.config.ts says why; test/support/file-setup.ts
// gives each file the worker's original environment).
const vitest = ['run', '--project', 'fast', '--no-isolate', ...process.argv.slice(2)];
const { code } = await run(bin('vitest'), vitest, { env });
process.exit(code);
