/**
 * The one table `npm run test:reliability` prints: every section returns rows with the columns
 * below (a section fills only the ones it measures; the others print as "–"), and the goals are
 * checked over all rows, so a new section gets its failures counted by filling a column.
 */

export interface Row {
  /** Section name, then what the row measured (e.g. "fuzz", "node"). */
  section: string;
  target: string;
  requests?: number;
  fiveXx?: number;
  /** 2xx bodies that are not byte-identical to a published artifact file. */
  outsideArtifact?: number;
  /** 4xx/5xx answers (and requests answered by nothing) without the one JSON error shape. */
  noErrorShape?: number;
  /** Slow or never-reading clients that held a connection, and how many of them the server closed. */
  slowHeld?: number;
  slowClosed?: number;
  /** A normal client's latency in ms, quiet and while the section's attack runs. */
  p50Quiet?: number;
  p99Quiet?: number;
  p50Attack?: number;
  p99Attack?: number;
  /** Server RSS in MB after warm-up and at the end. */
  rssWarmMb?: number;
  rssEndMb?: number;
  inFlightLost?: number;
  faultsInjected?: number;
  faultsRejected?: number;
  kills?: number;
  corruptDatasets?: number;
  secretsFound?: number;
  /** Moments at which two processes held the refresh lock at once. */
  doubleHolders?: number;
  /** Bytes the kernel still held unsent (KB, sockets in FIN-WAIT) after the server cut slow readers off. */
  unsentKb?: number;
  /** One line on anything else worth knowing (printed under the table). */
  note?: string;
  /** A section's own checks that failed (e.g. the server did not exit); each one misses a goal. */
  failures?: string[];
}

export interface Goal {
  name: string;
  /** Null when the row meets it (or does not measure it), else why not. */
  check(row: Row): string | null;
}

const zero = (label: string, value: (row: Row) => number | undefined): Goal => ({
  name: `${label} = 0`,
  check: (row) => {
    const v = value(row);
    return v === undefined || v === 0 ? null : `${label} ${v}`;
  },
});

/**
 * The one latency gate: a stall. It is there for a server whose event loop an attack starves; the starvation
 * this suite found (f1d00f9: pipelined responses written back to back to clients that do not read) stalled the
 * normal client for ~300 ms, and starvation shows as tens to hundreds of milliseconds, or as failed requests.
 * A p99 under attack of STALL_MS or more fails. Nothing below it does: on the shared 2-core runner, which also
 * hosts the attackers, the other suites and their loopback TCP work, the same server code gave a p99 under
 * attack of 3.8 to 8.7 ms against 2.0 to 5.9 ms quiet, and twice missed a goal of "2x quiet or within 5 ms"
 * with nothing changed (docs/reliability.md). How close the p99 under attack stays to the quiet one is
 * therefore reported (LATENCY_TARGETS), never gated.
 */
export const STALL_MS = 100;
/** The latency the server is meant to keep under attack: within 2x the quiet p99, or within 10 ms of it. Reported only. */
export const P99_ATTACK_FACTOR = 2;
export const P99_ATTACK_SLACK_MS = 10;
export const RSS_DRIFT_LIMIT = 0.1;
/** What the kernel may still hold for connections the server cut off (a reset frees it at once; a graceful close keeps megabytes per socket). */
export const UNSENT_LIMIT_KB = 1024;

export const rssDrift = (row: Row): number | undefined =>
  row.rssWarmMb !== undefined && row.rssEndMb !== undefined && row.rssWarmMb > 0
    ? (row.rssEndMb - row.rssWarmMb) / row.rssWarmMb
    : undefined;

export const GOALS: readonly Goal[] = [
  zero('5xx', (r) => r.fiveXx),
  zero('bodies outside the artifact', (r) => r.outsideArtifact),
  zero('responses without the JSON error shape', (r) => r.noErrorShape),
  zero('in-flight requests lost', (r) => r.inFlightLost),
  zero('corrupt datasets', (r) => r.corruptDatasets),
  zero('secrets found', (r) => r.secretsFound),
  zero('moments with two lock holders', (r) => r.doubleHolders),
  {
    name: `kernel memory held for cut-off clients <= ${UNSENT_LIMIT_KB} KB`,
    check: (r) =>
      r.unsentKb === undefined || r.unsentKb <= UNSENT_LIMIT_KB ? null : `${r.unsentKb} KB unsent in FIN-WAIT sockets`,
  },
  {
    name: 'every slow client closed by the server',
    check: (r) =>
      r.slowHeld === undefined || r.slowClosed === r.slowHeld
        ? null
        : `${r.slowHeld - (r.slowClosed ?? 0)} of ${r.slowHeld} slow clients still held`,
  },
  {
    name: 'every injected fault rejected',
    check: (r) =>
      r.faultsInjected === undefined || r.faultsRejected === r.faultsInjected
        ? null
        : `${r.faultsInjected - (r.faultsRejected ?? 0)} of ${r.faultsInjected} faults not rejected`,
  },
  {
    name: `p99 under attack < ${STALL_MS} ms (no stall)`,
    check: (r) =>
      r.p99Attack === undefined || r.p99Attack < STALL_MS
        ? null
        : `p99 ${r.p99Attack.toFixed(2)} ms under attack (quiet ${r.p99Quiet === undefined ? '–' : r.p99Quiet.toFixed(2)} ms): a stall`,
  },
  {
    name: `RSS drift <= ${RSS_DRIFT_LIMIT * 100}%`,
    check: (r) => {
      const drift = rssDrift(r);
      return drift === undefined || drift <= RSS_DRIFT_LIMIT
        ? null
        : `RSS ${r.rssWarmMb!.toFixed(1)} -> ${r.rssEndMb!.toFixed(1)} MB (+${(drift * 100).toFixed(1)}%)`;
    },
  },
];

/**
 * What the table reports against a target without gating on it: timing on a shared machine is noise as much
 * as signal (a run of `npm run bench` or `npm run test:reliability -- --only slow-clients` on a quiet machine
 * is the measurement that counts).
 */
export const LATENCY_TARGETS: readonly Goal[] = [
  {
    name: `p99 under attack <= ${P99_ATTACK_FACTOR}x quiet or within ${P99_ATTACK_SLACK_MS} ms of it`,
    check: (r) =>
      r.p99Attack === undefined ||
      r.p99Quiet === undefined ||
      r.p99Attack <= Math.max(P99_ATTACK_FACTOR * r.p99Quiet, r.p99Quiet + P99_ATTACK_SLACK_MS)
        ? null
        : `p99 ${r.p99Attack.toFixed(2)} ms under attack vs ${r.p99Quiet.toFixed(2)} ms quiet`,
  },
];

function misses(rows: readonly Row[], goals: readonly Goal[]): string[] {
  const missed: string[] = [];
  for (const row of rows) {
    for (const goal of goals) {
      const problem = goal.check(row);
      if (problem) missed.push(`${row.section}/${row.target}: ${problem} (goal: ${goal.name})`);
    }
  }
  return missed;
}

/** Every goal a row misses, as "section/target: why"; the suite fails on any. */
export function missedGoals(rows: readonly Row[]): string[] {
  return rows.flatMap((row) => [
    ...misses([row], GOALS),
    ...(row.failures ?? []).map((failure) => `${row.section}/${row.target}: ${failure}`),
  ]);
}

/** Every reported latency target a row misses, as "section/target: why"; printed, never a failure. */
export function missedTargets(rows: readonly Row[]): string[] {
  return misses(rows, LATENCY_TARGETS);
}

const dash = '–';
const int = (v: number | undefined) => (v === undefined ? dash : String(v));
const ms = (v: number | undefined) => (v === undefined ? dash : v.toFixed(2));
const pair = (a: string, b: string) => (a === dash && b === dash ? dash : `${a} / ${b}`);

const COLUMNS: { title: string; cell(row: Row): string; left?: boolean }[] = [
  { title: 'section', cell: (r) => r.section, left: true },
  { title: 'target', cell: (r) => r.target, left: true },
  { title: 'requests tried', cell: (r) => int(r.requests) },
  { title: '5xx', cell: (r) => int(r.fiveXx) },
  { title: 'bodies outside artifact', cell: (r) => int(r.outsideArtifact) },
  { title: 'no JSON error shape', cell: (r) => int(r.noErrorShape) },
  { title: 'slow clients held / closed', cell: (r) => pair(int(r.slowHeld), int(r.slowClosed)) },
  { title: 'p50/p99 ms quiet', cell: (r) => pair(ms(r.p50Quiet), ms(r.p99Quiet)) },
  { title: 'p50/p99 ms attack', cell: (r) => pair(ms(r.p50Attack), ms(r.p99Attack)) },
  {
    title: 'RSS MB warm / end (drift)',
    cell: (r) => {
      const drift = rssDrift(r);
      return drift === undefined
        ? dash
        : `${r.rssWarmMb!.toFixed(1)} / ${r.rssEndMb!.toFixed(1)} (${drift >= 0 ? '+' : ''}${(drift * 100).toFixed(1)}%)`;
    },
  },
  { title: 'in-flight lost', cell: (r) => int(r.inFlightLost) },
  { title: 'faults injected / rejected', cell: (r) => pair(int(r.faultsInjected), int(r.faultsRejected)) },
  { title: 'kills / corrupt datasets', cell: (r) => pair(int(r.kills), int(r.corruptDatasets)) },
  { title: 'secrets found', cell: (r) => int(r.secretsFound) },
  { title: 'two lock holders', cell: (r) => int(r.doubleHolders) },
  { title: 'unsent KB after cut-off', cell: (r) => int(r.unsentKb) },
];

/** The table as Markdown (it reads as plain text too), then one line per note. */
export function formatTable(rows: readonly Row[]): string {
  const cells = rows.map((row) => COLUMNS.map((c) => c.cell(row)));
  const widths = COLUMNS.map((c, i) => Math.max(c.title.length, ...cells.map((r) => r[i]!.length)));
  const line = (values: string[]) =>
    `| ${values.map((v, i) => (COLUMNS[i]!.left ? v.padEnd(widths[i]!) : v.padStart(widths[i]!))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (COLUMNS[i]!.left ? `-${'-'.repeat(w)}-` : `-${'-'.repeat(w)}:`)).join('|')}|`;
  const notes = rows.filter((r) => r.note).map((r) => `- ${r.section}/${r.target}: ${r.note}`);
  return [line(COLUMNS.map((c) => c.title)), rule, ...cells.map(line), ...(notes.length ? ['', ...notes] : [])].join(
    '\n',
  );
}
