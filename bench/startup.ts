/**
 * The start command as an operator runs it: time from spawn to the first answered request,
 * RSS when idle, and peak RSS under load, for the compiled start command (`npm start` execs
 * it: package.json) side by side with the same server run from source through the tsx loader
 * (the baseline it replaced). Rounds alternate the two so machine drift hits both alike.
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
  variant: 'compiled' | 'tsx';
  firstAnswerMs: number;
  idleRssMb: number;
  loadedRssMb: number;
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
  try {
    while (!(await answers(port))) {
      if (child.exitCode !== null) throw new Error(`${variant} start command exited with ${child.exitCode}`);
      if (performance.now() - started > 20_000) throw new Error(`${variant} start command did not answer within 20 s`);
      await sleep(5);
    }
    const firstAnswerMs = performance.now() - started;
    await sleep(2000);
    const idleRssMb = await rssMb(child.pid!);
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
      loadedRssMb = Math.max(loadedRssMb, await rssMb(child.pid!));
      await sleep(100);
    }
    await stopLoad();
    return { variant, firstAnswerMs, idleRssMb, loadedRssMb };
  } finally {
    await stopServer();
  }
}

/** Runs both variants `rounds` times, prints a table and returns the missed targets. */
export async function measureStartup(options: {
  dist: string;
  rounds: number;
  port: number;
  loadSeconds: number;
}): Promise<string[]> {
  if (spawnSync('sh', ['-c', 'command -v wrk']).status !== 0)
    return ['start command: wrk is not installed (apt-get install wrk)'];
  const compile = spawnSync(process.execPath, [path.join(ROOT, 'scripts/run.mjs'), '--compile-only'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (compile.status !== 0) return ['start command: compiling src/ failed'];
  const compiled = await startCommand();
  const tsx = ['--max-semi-space-size=2', '--import', 'tsx', path.join(ROOT, 'src/cli/serve.ts')];
  const runs: StartupRun[] = [];
  for (let round = 0; round < options.rounds; round += 1) {
    const order: [StartupRun['variant'], string[]][] =
      round % 2
        ? [
            ['tsx', tsx],
            ['compiled', compiled],
          ]
        : [
            ['compiled', compiled],
            ['tsx', tsx],
          ];
    for (const [variant, args] of order)
      runs.push(await runOnce(variant, args, options.dist, options.port, options.loadSeconds));
  }
  const summary = (variant: StartupRun['variant']) => {
    const mine = runs.filter((r) => r.variant === variant);
    return {
      first: median(mine.map((r) => r.firstAnswerMs)),
      idle: median(mine.map((r) => r.idleRssMb)),
      loaded: median(mine.map((r) => r.loadedRssMb)),
    };
  };
  const ours = summary('compiled');
  const base = summary('tsx');
  console.log(
    `\nStart command (medians of ${options.rounds} rounds; first answer = spawn to the first 200 on /api/tools.json; idle RSS 2 s later; loaded = peak under ${options.loadSeconds} s of wrk at 64 connections, brotli):\n`,
  );
  console.log('| start command | first answer ms | idle RSS MB | loaded RSS MB |');
  console.log('|---|---:|---:|---:|');
  console.log(
    `| compiled: node ${compiled.join(' ')} | ${ours.first.toFixed(0)} | ${ours.idle.toFixed(1)} | ${ours.loaded.toFixed(1)} |`,
  );
  console.log(
    `| baseline: node ${tsx.slice(0, 3).join(' ')} src/cli/serve.ts | ${base.first.toFixed(0)} | ${base.idle.toFixed(1)} | ${base.loaded.toFixed(1)} |`,
  );
  console.log(
    `| compiled / baseline | ${(ours.first / base.first).toFixed(2)}× | ${(ours.idle / base.idle).toFixed(2)}× | ${(ours.loaded / base.loaded).toFixed(2)}× |`,
  );
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
