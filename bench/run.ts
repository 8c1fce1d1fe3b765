/**
 * `npm run bench`: this server against the two limits that matter, on loopback, in one run.
 *
 *   (a) ours   the embedded Node server (startServer from src/server/) in a child process,
 *              production limits and artifact watcher, run from source with the tsx loader like
 *              (b), so both pay the same loader cost, with `--node-flags` (default --max-semi-space-size=2: V8's young
 *              generation otherwise grows to 16 MB semi-spaces under load, ~20 MB more RSS for
 *              no measurable throughput; production should start the server with it too)
 *   (b) bare   a bare node:http child writing the same precomputed bytes and headers (the Node limit)
 *   (c) nginx  nginx serving dist/ with deploy/nginx.conf, 1 worker (the static-server limit)
 *
 * Scenarios: tools.json with brotli, tools.json identity, a 304 revalidation of tools.json,
 * and the small providers.json with brotli. Each (scenario, target) runs `--rounds` times (7),
 * alternating the targets (and rotating their order every round); each run has `--warmup`
 * seconds (1) discarded, then `--duration` seconds (3) measured at `--connections` connections
 * (64). The table reports medians over the rounds, and ratios as the median of the ratios of
 * the runs of one round (a 2-core VM varies by ±15% from run to run even when idle; pairing
 * runs that are close in time and taking medians keeps that out of the verdict). RSS is the
 * peak VmRSS seen during the measured periods (nginx: master + worker), sampled from /proc
 * every 100 ms; CPU % and CPU µs per response are the server's own CPU time (utime + stime)
 * over the measured period.
 *
 * Load generator (`--client`): wrk (Debian package) by default when installed, one thread, a
 * Lua hook only at the end so per-response cost stays in C; else autocannon (npm), one fresh
 * process per run (bench/load.ts). The client shares the 2 cores with the server, and every
 * target pays the same client cost, so the ratios compare servers under the same conditions.
 * autocannon is ~8× more expensive per response than wrk, so with it the client, not the
 * server, is the bottleneck: every server looks alike and latency is the client's queueing.
 *
 * First, bench/startup.ts measures the start command itself (first answer, idle and loaded RSS;
 * targets ≤ 300 ms, ≤ 70 MB, ≤ 90 MB) against the tsx-loader baseline (`--only startup`).
 *
 * `--history <n>` measures the history's cost instead (bench/history.ts): build time, first answer
 * and RSS with today's releases and with <n>, side by side.
 *
 * Exits 1 when a target of issue 5 is missed:
 *   ours >= 0.9x bare and >= 0.5x nginx in requests/s, for every scenario;
 *   ours p99 <= 10 ms at 64 connections, for every scenario; ours RSS <= 100 MB under load;
 *   the shipped tools.json.br <= 1.01x the bytes of `brotli -q 11`.
 * Also exits 1 when a run sees errors, timeouts or an unexpected status code.
 *
 * Interrupted (SIGINT, SIGTERM) or failing, it stops every server and load generator it started
 * before exiting (bench/cleanup.ts; test/e2e/bench-cleanup.test.ts).
 *
 * Modules: options.ts (command line), servers.ts (the three targets), scenarios.ts, load-client.ts
 * (wrk or autocannon), measure.ts (one run with RSS and CPU), report.ts (table and verdict),
 * startup.ts (the start command), cleanup.ts.
 *
 * Other processes using the CPU make every figure noisy. For each run the script measures the
 * CPU time of the whole machine (/proc/stat) less that of the server, the client and itself;
 * when others used more than `--max-other` cores (default 0.2) it waits and repeats the run, up
 * to `--retries` times (default 3), and it reports how many runs stayed noisy.
 */
import { writeFile } from 'node:fs/promises';
import { findNginx } from '../test/support/nginx.ts';
import { exitAfterStopping, stopOnSignals } from './cleanup.ts';
import { machineBusy, measure, type RunResult } from './measure.ts';
import { OPTIONS, TSX } from './options.ts';
import { machine, pad, report } from './report.ts';
import { SCENARIOS } from './scenarios.ts';
import { ensureArtifact, startTargets, TARGETS, type Target, type TargetName } from './servers.ts';
import { measureStartup } from './startup.ts';
import { measureHistory } from './history.ts';

/** Every (round, scenario, target) run, the targets' order rotated each round. */
async function runAll(targets: ReadonlyMap<TargetName, Target>): Promise<RunResult[]> {
  const runs: RunResult[] = [];
  for (let round = 0; round < OPTIONS.rounds; round += 1) {
    const order = TARGETS.map((_, i) => TARGETS[(i + round) % TARGETS.length]!);
    for (const scenario of SCENARIOS) {
      for (const name of order) {
        const run = await measure(targets.get(name)!, scenario, round);
        runs.push(run);
        console.log(
          `  round ${round + 1} ${pad(scenario.id, 15)} ${pad(name, 5)} ${pad(run.requestsPerSecond.toFixed(0), 7, true)} req/s  p50 ${run.latencyP50Ms.toFixed(2)} ms  p99 ${run.latencyP99Ms.toFixed(2)} ms  rss ${run.peakRssMb.toFixed(1)} MB  cpu ${run.cpuPercent.toFixed(0)}% (${run.cpuMicrosPerResponse.toFixed(1)} µs/resp)  others ${run.otherCores.toFixed(2)} cores`,
        );
      }
    }
  }
  return runs;
}

/** How noisy the machine was, the JSON file when asked for, and the verdict (exit code 1 on a miss). */
async function conclude(runs: RunResult[], failures: string[], started: Date, busyBefore: number): Promise<void> {
  const noisy = runs.filter((r) => r.otherCores > OPTIONS.maxOtherCores);
  const repeated = runs.filter((r) => r.attempts > 1);
  console.log(
    `runs repeated because other processes used more than ${OPTIONS.maxOtherCores} cores: ${repeated.length}; still above it after ${OPTIONS.retries} retries: ${noisy.length} of ${runs.length}`,
  );
  const busyAfter = await machineBusy(2000);
  console.log(
    `machine busy before/after the runs (idle servers): ${(100 * busyBefore).toFixed(0)}% / ${(100 * busyAfter).toFixed(0)}% of all cores`,
  );
  if (OPTIONS.json)
    await writeFile(
      OPTIONS.json,
      `${JSON.stringify({ date: started.toISOString(), machine: machine(), runs }, null, 2)}\n`,
    );
  if (failures.length === 0) {
    console.log('\nall targets met');
    return;
  }
  console.log(`\n${failures.length} target(s) missed:`);
  if (noisy.length > 0)
    console.log(
      `  (${noisy.length} run(s) shared the CPU with other processes: run again on a quiet machine before trusting these)`,
    );
  for (const failure of failures) console.log(`  - ${failure}`);
  process.exitCode = 1;
}

async function main(): Promise<void> {
  stopOnSignals();
  if (OPTIONS.history !== undefined) {
    const failures = await measureHistory(OPTIONS.history, OPTIONS.keep);
    for (const failure of failures) console.log(`  - ${failure}`);
    process.exitCode = failures.length > 0 ? 1 : 0;
    return;
  }
  ensureArtifact();
  if (!findNginx())
    throw new Error(
      'nginx is not installed (apt-get install nginx libnginx-mod-http-brotli-static): the benchmark compares against it',
    );
  const started = new Date();
  const startupFailures =
    OPTIONS.startupRounds > 0
      ? await measureStartup({
          dist: OPTIONS.dist,
          rounds: OPTIONS.startupRounds,
          port: 39_117,
          loadSeconds: OPTIONS.durationSeconds,
          workers: OPTIONS.workers,
        })
      : [];
  if (OPTIONS.only === 'startup') {
    for (const failure of startupFailures) console.log(`  - ${failure}`);
    process.exitCode = startupFailures.length > 0 ? 1 : 0;
    return;
  }
  console.log(
    `benchmark (${OPTIONS.client}): ${OPTIONS.rounds} rounds × ${SCENARIOS.length} scenarios × ${TARGETS.length} targets, ${OPTIONS.warmupSeconds} s warm-up + ${OPTIONS.durationSeconds} s each, ${OPTIONS.connections} connections`,
  );
  console.log(`machine: ${machine()}`);
  console.log(`Node servers run as: node ${[...OPTIONS.nodeFlags, ...TSX].join(' ')} (--node-flags)`);

  const busyBefore = await machineBusy(2000);
  console.log(
    `machine busy before the runs: ${(100 * busyBefore).toFixed(0)}% of all cores${busyBefore > 0.1 ? ' (other processes are using the CPU: figures will be noisy)' : ''}`,
  );

  const targets = await startTargets();
  try {
    const runs = await runAll(targets);
    await conclude(runs, [...startupFailures, ...report(runs, started)], started, busyBefore);
  } finally {
    await Promise.all([...targets.values()].map((target) => target.stop()));
  }
}

main().catch(async (error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  await exitAfterStopping(1);
});
