/**
 * Spawning the project's command lines the way the end-to-end tests and the reliability suite
 * do: from the source under tsx, with pipes, and with the upstream and schedule settings of the
 * calling shell blanked, so that a test reaches nothing beyond the loopback servers it starts.
 */
import { type ChildProcess, type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../src/fs/paths.ts';

export interface Stores {
  dataDir: string;
  releasesDir: string;
  stateDir: string;
  distPath: string;
}

/** The process environment with every setting that could point a child at a real upstream or schedule blanked. */
export function isolatedEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DIRECTORY_PRICING_SOURCE: '',
    DIRECTORY_BENCHMARKS_SOURCE: '',
    DIRECTORY_REFRESH_CRON: '',
    // One server process, as these suites were written for; test/e2e/workers.test.ts asks for workers.
    WORKERS: '1',
    ...extra,
  };
}

/** `--data … --releases … --state … --dist …` for a workspace. */
export function storeArgs(stores: Stores): string[] {
  return [
    '--data',
    stores.dataDir,
    '--releases',
    stores.releasesDir,
    '--state',
    stores.stateDir,
    '--dist',
    stores.distPath,
  ];
}

/** Runs `src/cli/<cli>.ts` under tsx in the repository root. */
export function spawnCli(
  cli: 'serve' | 'refresh' | 'build',
  args: readonly string[],
  nodeArgs: readonly string[] = [],
): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(ROOT, 'src/cli', `${cli}.ts`), ...args], {
    cwd: ROOT,
    stdio: 'pipe',
    env: isolatedEnv(),
  });
}

export interface Serving {
  child: ChildProcessWithoutNullStreams;
  /** Origin the server printed, e.g. http://127.0.0.1:43210 */
  url: string;
  /** Everything it wrote to stdout and stderr so far. */
  output: () => string;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once it exited. */
  stop: (graceMs?: number) => Promise<void>;
}

export interface ServeOptions {
  label?: string;
  /**
   * Run `out/cli/serve.js` with plain node, as `npm start` does, instead of the source under tsx
   * (the caller compiles out/ first: compileOut()).
   */
  compiled?: boolean;
  /** Node flags before the script, e.g. a small heap to surface memory growth. */
  nodeArgs?: readonly string[];
  /** Kill it and reject when it has not said what it serves by then (default: wait as long as it runs). */
  timeoutMs?: number;
}

/**
 * Compiles out/ as `npm start` does (`scripts/run.mjs --compile-only`: only when src/ is newer), asynchronously so
 * the seconds tsc takes do not block the test worker; what `startServe(…, { compiled: true })` runs.
 */
export async function compileOut(): Promise<void> {
  const code = await new Promise<number | null>((resolve, reject) =>
    spawn(process.execPath, [path.join(ROOT, 'scripts', 'run.mjs'), '--compile-only'], { cwd: ROOT, stdio: 'inherit' })
      .once('error', reject)
      .once('close', resolve),
  );
  if (code !== 0) throw new Error(`compiling out/ exited ${code}`);
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves once `child` has exited (at once if it already had). */
export async function stopChild(child: ChildProcess, graceMs = 5000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const force = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(force);
}

/**
 * Starts the server (`src/cli/serve.ts`, or the compiled one) on a free loopback port and
 * resolves once it says what it serves; rejects with its output if it exits (or times out) before that.
 */
export async function startServe(args: readonly string[], options: ServeOptions | string = {}): Promise<Serving> {
  const {
    label = 'server',
    compiled = false,
    nodeArgs = [],
    timeoutMs,
  } = typeof options === 'string' ? { label: options } : options;
  const serveArgs = ['--port', '0', '--host', '127.0.0.1', ...args];
  const child = compiled
    ? spawn(process.execPath, [...nodeArgs, path.join(ROOT, 'out/cli/serve.js'), ...serveArgs], {
        cwd: ROOT,
        stdio: 'pipe',
        env: isolatedEnv(),
      })
    : spawnCli('serve', serveArgs, nodeArgs);
  let output = '';
  const collect = (chunk: Buffer) => (output += chunk.toString());
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const ready = waitForOutput(child, /serving artifact \w+ at (http:\/\/\S+)\/api\//, label);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    if (timeoutMs !== undefined)
      timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`${label} did not start within ${timeoutMs} ms:\n${output.slice(-2000)}`));
      }, timeoutMs);
  });
  const match = await Promise.race([ready, late]).finally(() => clearTimeout(timer));
  return { child, url: match[1]!, output: () => output, stop: (graceMs) => stopChild(child, graceMs) };
}

/**
 * Resolves with the first match of `pattern` in what `child` writes to stdout and stderr;
 * rejects with its output if it exits before that.
 */
export function waitForOutput(child: ChildProcess, pattern: RegExp, label: string): Promise<RegExpExecArray> {
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = pattern.exec(output);
      if (match) resolve(match);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${label} exited (${code}):\n${output}`)));
  });
}

/** Whether the process runs: it exists and is not a zombie waiting to be reaped. */
export function isRunning(pid: number): boolean {
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
}

/** The processes of `pids` still running after they have had up to `withinMs` to stop. */
export async function stillRunning(pids: readonly number[], withinMs: number): Promise<number[]> {
  for (let waited = 0; waited < withinMs && pids.some(isRunning); waited += 50)
    await new Promise((resolve) => setTimeout(resolve, 50));
  return pids.filter(isRunning);
}

/** Polls `check` every `stepMs` until it holds or `ms` have passed; the last check decides. */
export async function waitUntil(check: () => Promise<boolean>, ms: number, stepMs = 100): Promise<boolean> {
  for (const deadline = Date.now() + ms; Date.now() < deadline; await new Promise((r) => setTimeout(r, stepMs)))
    if (await check()) return true;
  return check();
}

export interface CliRun {
  /** Exit code; null when it resolved on `until` while the command still runs. */
  code: number | null;
  stdout: string;
  stderr: string;
  kill: () => void;
}

/** Runs a command line to its end, or until its stdout matches `until` (then `kill` stops it). */
export function runCli(cli: 'serve' | 'refresh' | 'build', args: readonly string[], until?: RegExp): Promise<CliRun> {
  return new Promise((resolve) => {
    const child = spawnCli(cli, args);
    let stdout = '';
    let stderr = '';
    const kill = () => child.kill('SIGTERM');
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      if (until?.test(stdout)) resolve({ code: null, stdout, stderr, kill });
    });
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => resolve({ code, stdout, stderr, kill }));
  });
}

/** Refresh flags that read prices from `pricing` and skip the benchmark upstreams. */
export const pricingOnly = (pricing: string, ...extra: string[]) => [
  '--pricing-source',
  pricing,
  '--benchmarks-source',
  'skip',
  ...extra,
];
