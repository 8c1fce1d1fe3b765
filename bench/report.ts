/**
 * The benchmark's verdict: the results table (medians over rounds, ratios as medians of the
 * per-round ratios), the brotli size check, and the targets of issue 5 each run is held to.
 */
import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../src/fs/paths.ts';
import { findNginx } from '../test/support/nginx.ts';
import type { RunResult } from './measure.ts';
import { OPTIONS } from './options.ts';
import { SCENARIOS, type Scenario } from './scenarios.ts';
import { TARGETS, type TargetName } from './servers.ts';
import { median } from './stats.ts';

export const TARGET_LIMITS = { vsBare: 0.9, vsNginx: 0.5, p99Ms: 10, rssMb: 100, brotliRatio: 1.01 };

export function pad(text: string, width: number, right = false): string {
  return right ? text.padStart(width) : text.padEnd(width);
}

/** CPU, memory, kernel and the versions of Node, nginx and autocannon. */
export function machine(): string {
  const cpuModel =
    /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1]?.trim() ??
    os.cpus()[0]?.model ??
    'unknown CPU';
  const nginxVersion = spawnSync(findNginx() ?? 'nginx', ['-v'], { encoding: 'utf8' })
    .stderr.trim()
    .replace(/^nginx version: /, '');
  const autocannonVersion = (
    JSON.parse(readFileSync(path.join(ROOT, 'node_modules/autocannon/package.json'), 'utf8')) as { version: string }
  ).version;
  return `${os.cpus().length} × ${cpuModel}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Linux ${os.release()}; Node ${process.version}; ${nginxVersion}; autocannon ${autocannonVersion}`;
}

/** Runs that saw errors, timeouts, an unexpected status, bodies on a 304, or no response at all. */
function runFailures(runs: readonly RunResult[]): string[] {
  const failures: string[] = [];
  for (const run of runs) {
    const scenario = SCENARIOS.find((s) => s.id === run.scenario)!;
    const unexpected = Object.entries(run.statusCodes).filter(([code]) => Number(code) !== scenario.expectedStatus);
    if (scenario.expectedStatus === 304 && run.bytesPerResponse > 1024)
      unexpected.push(['bodies', run.bytesPerResponse]);
    if (run.errors > 0 || run.timeouts > 0 || unexpected.length > 0 || run.requests === 0)
      failures.push(
        `${run.scenario} on ${run.target} (round ${run.round + 1}): ${run.errors} errors, ${run.timeouts} timeouts, statuses ${JSON.stringify(run.statusCodes)}`,
      );
  }
  return failures;
}

function summary(runs: readonly RunResult[], scenario: string, target: TargetName) {
  const mine = runs.filter((r) => r.scenario === scenario && r.target === target);
  return {
    rps: median(mine.map((r) => r.requestsPerSecond)),
    p50: median(mine.map((r) => r.latencyP50Ms)),
    p99: median(mine.map((r) => r.latencyP99Ms)),
    bytes: median(mine.map((r) => r.bytesPerResponse)),
    rss: Math.max(...mine.map((r) => r.peakRssMb)),
    cpu: median(mine.map((r) => r.cpuPercent)),
    cpuPerResponse: median(mine.map((r) => r.cpuMicrosPerResponse)),
  };
}

/**
 * Ratios pair the runs of one round (close in time, so slow drifts of the machine cancel),
 * then take the median over rounds.
 */
function pairedRatio(runs: readonly RunResult[], scenario: string, target: TargetName, other: TargetName): number {
  const partner = (run: RunResult) =>
    runs.find((o) => o.scenario === scenario && o.target === other && o.round === run.round)!;
  return median(
    runs
      .filter((r) => r.scenario === scenario && r.target === target)
      .map((r) => r.requestsPerSecond / partner(r).requestsPerSecond),
  );
}

/** Ours against the throughput and latency targets in one scenario. */
function scenarioFailures(scenario: Scenario, p99: number, vsBare: number, vsNginx: number): string[] {
  const failures: string[] = [];
  if (vsBare < TARGET_LIMITS.vsBare)
    failures.push(`${scenario.label}: ${vsBare.toFixed(2)}× bare node:http (target ≥ ${TARGET_LIMITS.vsBare}×)`);
  if (vsNginx < TARGET_LIMITS.vsNginx)
    failures.push(`${scenario.label}: ${vsNginx.toFixed(2)}× nginx (target ≥ ${TARGET_LIMITS.vsNginx}×)`);
  if (p99 > TARGET_LIMITS.p99Ms)
    failures.push(`${scenario.label}: p99 ${p99.toFixed(2)} ms (target ≤ ${TARGET_LIMITS.p99Ms} ms)`);
  return failures;
}

const HEADER = [
  'scenario',
  'server',
  'req/s',
  'p50 ms',
  'p99 ms',
  'bytes/resp',
  'RSS MB',
  'CPU %',
  'CPU µs/resp',
  'vs bare',
  'vs nginx',
  'vs ours',
];

/** nginx with as many workers: one for the one-process targets, --workers for the "all" ones. */
const nginxFor = (name: TargetName): TargetName => (name.endsWith('-all') ? 'nginx-all' : 'nginx');

/** The table's rows, our peak RSS and the missed throughput and latency targets. */
function resultRows(runs: readonly RunResult[]): { rows: string[][]; oursPeakRss: number; failures: string[] } {
  const rows: string[][] = [];
  const failures: string[] = [];
  let oursPeakRss = 0;
  for (const scenario of SCENARIOS) {
    for (const name of TARGETS) {
      const s = summary(runs, scenario.id, name);
      const vsBare = pairedRatio(runs, scenario.id, name, 'bare');
      const vsNginx = pairedRatio(runs, scenario.id, name, nginxFor(name));
      const vsOurs = pairedRatio(runs, scenario.id, name, 'ours');
      rows.push([
        scenario.label,
        name,
        s.rps.toFixed(0),
        s.p50.toFixed(2),
        s.p99.toFixed(2),
        s.bytes.toFixed(0),
        s.rss.toFixed(1),
        s.cpu.toFixed(0),
        s.cpuPerResponse.toFixed(1),
        `${vsBare.toFixed(2)}×`,
        `${vsNginx.toFixed(2)}×`,
        `${vsOurs.toFixed(2)}×`,
      ]);
      if (name !== 'ours') continue;
      oursPeakRss = Math.max(oursPeakRss, s.rss);
      failures.push(...scenarioFailures(scenario, s.p99, vsBare, vsNginx));
    }
  }
  return { rows, oursPeakRss, failures };
}

function printTable(rows: readonly string[][], started: Date): void {
  const widths = HEADER.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => pad(c, widths[i]!, i >= 2)).join(' | ')} |`;
  console.log(
    `\nResults (${started.toISOString().slice(0, 10)}; medians of ${OPTIONS.rounds} rounds, ratios are medians of the per-round ratios; ${OPTIONS.connections} connections; ${OPTIONS.durationSeconds} s per run; load generator ${OPTIONS.client}${OPTIONS.client === 'autocannon' ? ', latency has 1 ms resolution' : ''}; bytes/resp includes headers; RSS = peak, summed over a target's processes; vs nginx: nginx with as many workers (${OPTIONS.workers} for the "-all" targets, else 1); vs ours: ours in one process):\n`,
  );
  console.log(line(HEADER));
  console.log(`|${widths.map((w, i) => (i >= 2 ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`);
  for (const row of rows) console.log(line(row));
}

/** The shipped tools.json.br against `brotli -q 11` of the same bytes. */
function brotliFailures(): string[] {
  const file = path.join(OPTIONS.dist, 'api/tools.json');
  const shipped = readFileSync(`${file}.br`).length;
  const cli = spawnSync('brotli', ['-q', '11', '-c', file]);
  if (cli.status !== 0) {
    console.log(`\ntools.json.br: ${shipped} bytes; brotli CLI not installed`);
    return ['brotli size: the brotli CLI is not installed (apt-get install brotli), cannot compare'];
  }
  const ratio = shipped / cli.stdout.length;
  console.log(
    `\ntools.json.br: ${shipped} bytes shipped vs ${cli.stdout.length} bytes from brotli -q 11: ${ratio.toFixed(4)}× (target ≤ ${TARGET_LIMITS.brotliRatio}×)`,
  );
  return ratio > TARGET_LIMITS.brotliRatio
    ? [`brotli body ${ratio.toFixed(4)}× brotli -q 11 (target ≤ ${TARGET_LIMITS.brotliRatio}×)`]
    : [];
}

/** Prints the results and returns every missed target. */
export function report(runs: readonly RunResult[], started: Date): string[] {
  const failures = runFailures(runs);
  const { rows, oursPeakRss, failures: missed } = resultRows(runs);
  failures.push(...missed);
  if (oursPeakRss > TARGET_LIMITS.rssMb)
    failures.push(`RSS under load ${oursPeakRss.toFixed(1)} MB (target ≤ ${TARGET_LIMITS.rssMb} MB)`);
  printTable(rows, started);
  failures.push(...brotliFailures());
  console.log(`ours peak RSS under load: ${oursPeakRss.toFixed(1)} MB (target ≤ ${TARGET_LIMITS.rssMb} MB)`);
  return failures;
}
