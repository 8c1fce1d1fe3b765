/**
 * The README's promise, kept on a fresh clone with nothing beside it (no ../shared): `npm ci && npm start`
 * serves the directory, and `npm test` passes, the tests that need ../shared (and only they, each named for it)
 * saying why they skip. This is also CI's one run of the fast suite; .ci/run adds the ../shared tests. Neither
 * command prints a deprecation or install warning of the project's own. `npm start` builds the dataset from
 * nothing in the clone; `npm test` then tests the artifact this run already built when the clone's inputs are
 * the same (ACMD_TEST_ARTIFACT, compared by content: test/support/test-artifact.ts), as CI's own suites do, and
 * skips the type check and the lint when .ci/run passed them on the same commit (ACMD_STATIC_CHECKED: scripts/test.mjs).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../src/fs/paths.ts';
import { freePort } from '../support/nginx.ts';

const MINUTE = 60_000;
// Project warnings: npm's deprecation and install-script notices, engine mismatches, tools' deprecation boxes.
const WARNING = /npm warn (deprecated|install-scripts|EBADENGINE)|DEPRECATED|DeprecationWarning/;

let work: string;
let clone: string;
let env: NodeJS.ProcessEnv;

/**
 * Runs a command in the clone without blocking this worker: a spawnSync of minutes starves vitest's worker
 * heartbeat ("Timeout calling onTaskUpdate").
 */
function run(
  command: string,
  args: string[],
  timeout: number,
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: clone, env: { ...env, ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeout);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, output });
    });
  });
}

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'acmd-clone-'));
  clone = path.join(work, 'main');
  const cloned = spawnSync('git', ['clone', '--quiet', '--no-hardlinks', ROOT, clone], { encoding: 'utf8' });
  expect(cloned.status, cloned.stderr).toBe(0);
  // A bare machine: the Node running this test first on PATH, no user npm configuration, not under CI (outside
  // CI the tests that need ../shared skip; under CI they would fail, as they should).
  const userconfig = path.join(work, 'npmrc');
  await writeFile(userconfig, '');
  const { CI: _ci, VITEST: _v, VITEST_POOL_ID: _p, VITEST_WORKER_ID: _w, NODE_OPTIONS: _o, ...rest } = process.env;
  env = {
    ...rest,
    PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH}`,
    NPM_CONFIG_USERCONFIG: userconfig,
  };
}, 2 * MINUTE);

afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

describe('a fresh clone without ../shared', () => {
  it(
    'npm ci installs without a warning',
    async () => {
      const install = await run('npm', ['ci', '--no-audit', '--no-fund'], 10 * MINUTE);
      expect(install.status, install.output).toBe(0);
      expect(install.output).not.toMatch(WARNING);
    },
    11 * MINUTE,
  );

  it(
    'npm start serves the directory',
    async () => {
      const port = await freePort();
      const server: ChildProcess = spawn('npm', ['start', '--', '--port', String(port), '--host', '127.0.0.1'], {
        cwd: clone,
        env,
        detached: true,
        stdio: 'ignore',
      });
      try {
        const tools = await waitForJson(`http://127.0.0.1:${port}/api/tools.json`, 5 * MINUTE);
        expect(Array.isArray((tools as { tools: unknown[] }).tools)).toBe(true);
        expect((tools as { tools: unknown[] }).tools.length).toBeGreaterThan(50);
      } finally {
        process.kill(-server.pid!, 'SIGTERM');
      }
    },
    6 * MINUTE,
  );

  it(
    'npm test passes, skipping only the tests that read ../shared, and saying why',
    async () => {
      const report = path.join(work, 'vitest.json');
      const test = await run('npm', ['test'], 20 * MINUTE, { ACMD_VITEST_JSON: report });
      const output = test.output;
      expect(test.status, output.slice(-4000)).toBe(0);
      expect(output).toMatch(/\.\.\/shared is not beside the checkout/);
      expect(output).not.toMatch(WARNING);
      // Every other test ran and passed: this run is CI's run of the fast suite (.ci/run runs only the tests
      // named for ../shared in the checkout, where it is beside them), so a skip here would be a hole in CI.
      const skipped = skippedTests(JSON.parse(await readFile(report, 'utf8')) as VitestReport);
      expect(skipped.length).toBeGreaterThan(0);
      expect(skipped.filter((name) => !name.includes('../shared'))).toEqual([]);
    },
    21 * MINUTE,
  );
});

/** The parts of vitest's JSON report read here. */
interface VitestReport {
  testResults: { name: string; assertionResults: { fullName: string; status: string }[] }[];
}

/** Each test the run did not run, as "<file> > <full name>". */
function skippedTests(report: VitestReport): string[] {
  return report.testResults.flatMap((file) =>
    file.assertionResults
      .filter((test) => test.status !== 'passed' && test.status !== 'failed')
      .map((test) => `${path.relative(clone, file.name)} > ${test.fullName}`),
  );
}

async function waitForJson(url: string, within: number): Promise<unknown> {
  const deadline = Date.now() + within;
  for (;;) {
    try {
      const response = await fetch(url);
      if (response.ok) return await response.json();
    } catch {
      // not listening yet: the first start compiles and builds the dataset
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${within} ms`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
