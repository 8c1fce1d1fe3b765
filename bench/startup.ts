/**
 * The start command as an operator runs it: time from spawn to the first answered request,
 * RSS when idle, and peak RSS under load, for the compiled start command (`npm start` execs
 * it: package.json) side by side with the same server run from source through the tsx loader
 * (the baseline it replaced), and the compiled command with one worker per core (`--workers n`:
 * the primary's and each worker's RSS, and their sum). Rounds rotate the order so machine drift
 * hits all alike.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import { ROOT } from '../src/fs/paths.ts';
import { stopChild, stopOnExit } from './cleanup.ts';
import { median } from './stats.ts';

export const STARTUP_TARGETS = { firstAnswerMs: 300, idleRssMb: 70, loadedRssMb: 90 };

export interface StartupRun {
  /** compiled and tsx: one process (--workers 1); workers: compiled, --workers n. */
  variant: 'compiled' | 'tsx' | 'workers';
  firstAnswerMs: number;
  /** Summed over the processes (the primary and its workers). */
  idleRssMb: number;
  loadedRssMb: number;
  /** Idle RSS of each process, the one started first (the primary). */
  idleRssByProcessMb: number[];
  /**
   * Idle proportional set size, summed: pages shared between processes (the node binary, mapped by
   * every worker) counted once in all, where the RSS sum counts them in each process.
   */
  idlePssMb: number;
}

/** The command `npm start` execs (package.json "start" without its `exec`), with serving-only flags. */
export async function startCommand(): Promise<string[]> {
  const pkg = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const words = pkg.scripts.start.replace(/^exec\s+/, '').split(/\s+/);
  if (words[0] !== 'node')
    throw new Error(`npm start is expected to exec node, got ${JSON.stringify(pkg.scripts.start)}`);
  return words.slice(1);
}

/** Whether the server on `port` answers `urlPath` with 200. */
export function answers(port: number, urlPath = '/api/tools.json'): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path: urlPath, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode === 200));
    });
    req.on('error', () => resolve(false));
    req.end();
  });
}

/** The processes `pid` started (a cluster's workers), from /proc. */
export async function childrenOf(pid: number): Promise<number[]> {
  const text = await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '');
  return text.split(/\s+/).filter(Boolean).map(Number);
}

/** A process's proportional set size (shared pages divided among the processes sharing them), in MB. */
export async function pssMb(pid: number): Promise<number> {
  const text = await readFile(`/proc/${pid}/smaps_rollup`, 'utf8').catch(() => '');
  return Number(/^Pss:\s+(\d+) kB$/m.exec(text)?.[1] ?? 0) / 1024;
}

/** A process's resident set size (VmRSS), in MB. */
export async function rssMb(pid: number): Promise<number> {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(await readFile(`/proc/${pid}/status`, 'utf8'));
  return Number(match?.[1] ?? 0) / 1024;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function runOnce(
  variant: StartupRun['variant'],
  args: string[],
  dist: string,
  port: number,
  loadSeconds: number,
): Promise<StartupRun> {
  const started = performance.now();
  const child = spawn(process.execPath, [...args, '--port', String(port), '--host', '127.0.0.1', '--no-refresh'], {
    cwd: ROOT,
    env: { ...process.env, DIRECTORY_DIST: dist },
    stdio: 'ignore',
  });
  const stopServer = stopOnExit(() => stopChild(child));
  const processes = async () => [child.pid!, ...(await childrenOf(child.pid!))];
  const totalRss = async () => (await Promise.all((await processes()).map(rssMb))).reduce((a, b) => a + b, 0);
  try {
    while (!(await answers(port))) {
      if (child.exitCode !== null) throw new Error(`${variant} start command exited with ${child.exitCode}`);
      if (performance.now() - started > 20_000) throw new Error(`${variant} start command did not answer within 20 s`);
      await sleep(5);
    }
    const firstAnswerMs = performance.now() - started;
    await sleep(2000);
    const idleRssByProcessMb = await Promise.all((await processes()).map(rssMb));
    const idleRssMb = idleRssByProcessMb.reduce((a, b) => a + b, 0);
    const idlePssMb = (await Promise.all((await processes()).map(pssMb))).reduce((a, b) => a + b, 0);
    let loadedRssMb = idleRssMb;
    const load = spawn(
      'wrk',
      ['-t1', '-c64', `-d${loadSeconds}s`, '-H', 'Accept-Encoding: br', `http://127.0.0.1:${port}/api/tools.json`],
      { stdio: 'ignore' },
    );
    const stopLoad = stopOnExit(() => stopChild(load));
    const loadDone = new Promise((resolve) => load.once('exit', resolve));
    let running = true;
    void loadDone.then(() => (running = false));
    while (running) {
      loadedRssMb = Math.max(loadedRssMb, await totalRss());
      await sleep(100);
    }
    await stopLoad();
    return { variant, firstAnswerMs, idleRssMb, loadedRssMb, idleRssByProcessMb, idlePssMb };
  } finally {
    await stopServer();
  }
}

/** Medians of one variant's rounds; per process too (the primary first). */
function summarize(runs: readonly StartupRun[], variant: StartupRun['variant']) {
  const mine = runs.filter((r) => r.variant === variant);
  const processes = Math.max(0, ...mine.map((r) => r.idleRssByProcessMb.length));
  return {
    first: median(mine.map((r) => r.firstAnswerMs)),
    idle: median(mine.map((r) => r.idleRssMb)),
    loaded: median(mine.map((r) => r.loadedRssMb)),
    pss: median(mine.map((r) => r.idlePssMb)),
    byProcess: Array.from({ length: processes }, (_, i) => median(mine.map((r) => r.idleRssByProcessMb[i] ?? 0))),
  };
}

function printStartup(
  runs: readonly StartupRun[],
  commands: Record<StartupRun['variant'], string[]>,
  options: { rounds: number; loadSeconds: number; workers: number },
) {
  const ours = summarize(runs, 'compiled');
  const base = summarize(runs, 'tsx');
  console.log(
    `\nStart command (medians of ${options.rounds} rounds; first answer = spawn to the first 200 on /api/tools.json; idle RSS 2 s later; loaded = peak under ${options.loadSeconds} s of wrk at 64 connections, brotli; RSS summed over the processes):\n`,
  );
  console.log('| start command | first answer ms | idle RSS MB | loaded RSS MB |');
  console.log('|---|---:|---:|---:|');
  const row = (label: string, s: ReturnType<typeof summarize>) =>
    console.log(`| ${label} | ${s.first.toFixed(0)} | ${s.idle.toFixed(1)} | ${s.loaded.toFixed(1)} |`);
  row(`compiled: node ${commands.compiled.join(' ')}`, ours);
  row(`baseline: node ${commands.tsx.slice(0, 3).join(' ')} src/cli/serve.ts --workers 1`, base);
  console.log(
    `| compiled / baseline | ${(ours.first / base.first).toFixed(2)}× | ${(ours.idle / base.idle).toFixed(2)}× | ${(ours.loaded / base.loaded).toFixed(2)}× |`,
  );
  if (options.workers > 1) {
    const all = summarize(runs, 'workers');
    row(`compiled, ${options.workers} workers: node ${commands.workers.join(' ')}`, all);
    console.log(
      `\n${options.workers} workers, idle RSS per process (medians): primary ${all.byProcess[0]?.toFixed(1)} MB; workers ${all.byProcess
        .slice(1)
        .map((mb) => mb.toFixed(1))
        .join(
          ', ',
        )} MB; sum ${all.idle.toFixed(1)} MB (PSS, shared pages counted once: ${all.pss.toFixed(1)} MB; one process: ${ours.pss.toFixed(1)} MB)`,
    );
  }
  return ours;
}

/** Runs the variants `rounds` times, prints a table and returns the missed targets. */
export async function measureStartup(options: {
  dist: string;
  rounds: number;
  port: number;
  loadSeconds: number;
  workers: number;
}): Promise<string[]> {
  if (spawnSync('sh', ['-c', 'command -v wrk']).status !== 0)
    return ['start command: wrk is not installed (apt-get install wrk)'];
  const compile = spawnSync(process.execPath, [path.join(ROOT, 'scripts/run.mjs'), '--compile-only'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (compile.status !== 0) return ['start command: compiling src/ failed'];
  const start = await startCommand();
  const commands: Record<StartupRun['variant'], string[]> = {
    compiled: [...start, '--workers', '1'],
    tsx: ['--max-semi-space-size=2', '--import', 'tsx', path.join(ROOT, 'src/cli/serve.ts'), '--workers', '1'],
    workers: [...start, '--workers', String(options.workers)],
  };
  const variants: StartupRun['variant'][] = options.workers > 1 ? ['compiled', 'tsx', 'workers'] : ['compiled', 'tsx'];
  const runs: StartupRun[] = [];
  for (let round = 0; round < options.rounds; round += 1)
    for (let i = 0; i < variants.length; i += 1) {
      const variant = variants[(i + round) % variants.length]!;
      runs.push(await runOnce(variant, commands[variant], options.dist, options.port, options.loadSeconds));
    }
  const ours = printStartup(runs, commands, options);
  const failures: string[] = [];
  if (ours.first > STARTUP_TARGETS.firstAnswerMs)
    failures.push(
      `start command: first answer ${ours.first.toFixed(0)} ms (target ≤ ${STARTUP_TARGETS.firstAnswerMs} ms)`,
    );
  if (ours.idle > STARTUP_TARGETS.idleRssMb)
    failures.push(`start command: idle RSS ${ours.idle.toFixed(1)} MB (target ≤ ${STARTUP_TARGETS.idleRssMb} MB)`);
  if (ours.loaded > STARTUP_TARGETS.loadedRssMb)
    failures.push(
      `start command: loaded RSS ${ours.loaded.toFixed(1)} MB (target ≤ ${STARTUP_TARGETS.loadedRssMb} MB)`,
    );
  return failures;
}
