/**
 * Merges the results of one benchmark upstream into data/benchmarks/results: each result is
 * matched to a tool (match.ts) and classified into a series (classify.ts); a result that is both
 * is compared with the tool's curated results by its run (one-run.ts): a reading of a recorded run
 * updates it (upstream owns value, date and source, and a restated run's wording changes with its
 * value), a different run is added (in a new results file when the tool had none), and a run
 * recorded in another series is reported. Two rows of the read that are one run with two values, or
 * in two series, make the read ambiguous: nothing of it is applied and the refresh is refused.
 * Unmatched and unclassified results are reported and change nothing. Pure: works on the
 * SourceData it is given (the caller passes its own copy) and returns what it did.
 */
import { FUTURE_TOLERANCE_DAYS, isAfterClock } from '../compile/integrity.ts';
import { type SourceData, taskRunsToolId } from '../compile/load.ts';
import type { BenchmarkResult, ResultsFile, SeriesFile, TaskRun } from '../schema/source.ts';
import { classify, takes } from './classify.ts';
import { ambiguity, curatedRun, oneRun, type PlacedRow } from './one-run.ts';
import type { BenchmarkUpstream } from './config-benchmarks.ts';
import { closestTools, type MatchOutcome, matchTool, type ToolIndex } from './match.ts';
import type { UpstreamResult } from './upstream/results.ts';

export interface UpstreamResultsReport {
  name: string;
  read: number;
  /** Results no feed rule of this upstream looks at (another board, benchmark or protocol): not matched, not used. */
  notFed: number;
  matched: number;
  /** Leaderboard names no tool carries, with the closest tools (suggestions only). */
  unmatched: string[];
  /** Matched results no rule places in exactly one series, with the reason. */
  unclassified: string[];
  /** Results new to the data (`tool: series = value`). */
  added: string[];
  updated: string[];
  /** Tools whose first result this upstream brought. */
  firstResults: string[];
  /**
   * Models this upstream has a fed result for and no tool carries, each with what the upstream says of
   * it (series, best value, newest date): candidates for the directory, never added by the refresh.
   * Absent from reports stored before upstreams proposed candidates.
   */
  candidates?: string[];
  /** Task runs (tokens, cost, time per task) new to data/task-runs/ (`tool: run id`); absent in reports stored before they were kept. */
  taskRunsAdded?: string[];
  /** Task runs read but not kept, with the reason. */
  taskRunsSkipped?: string[];
  /**
   * Rows of the read that are one run with two values, or one run in two series (one-run.ts): the refresh refuses
   * the read, as it refuses a key stated twice. Absent from reports stored before runs were compared.
   */
  ambiguous?: string[];
}

type Located = SourceData['results'][number];

function resultsFileOf(next: SourceData, toolId: string, toolName: string): Located {
  const existing = next.results.find((r) => r.data.toolId === toolId);
  if (existing) return existing;
  const data: ResultsFile = { model: toolId, modelName: toolName, toolId, results: [] };
  return { file: `benchmarks/results/${toolId}.json`, data };
}

/** Stores one placed row by what the curated data holds of its run (one-run.ts); false when it was not applied. */
function store(
  next: SourceData,
  located: Located,
  { placed, readVariants }: { placed: PlacedRow; readVariants: ReadonlySet<string> },
  report: UpstreamResultsReport,
): boolean {
  const { result, asRead } = placed;
  const label = `${located.data.toolId}: ${result.series} "${result.variant}"`;
  const run = curatedRun(located.data.results, placed, readVariants);
  if (run.kind === 'recorded') return true;
  if (run.kind === 'other-series') {
    report.unclassified.push(
      `${located.data.toolId} (row ${placed.row}): the run "${result.variant}" is recorded in series ${run.existing.series} (${run.existing.value}, ${run.existing.date}) and the upstream now places it in ${result.series}; a run never lands in two series, so nothing is applied`,
    );
    return false;
  }
  if (run.kind === 'new') {
    if (located.data.results.length === 0) {
      next.results.push(located);
      report.firstResults.push(located.data.toolId!);
    }
    located.data.results.push(result);
    report.added.push(`${label} = ${result.value} (${result.date})`);
    return true;
  }
  const existing = run.existing;
  // An undated figure read again with the same value is the same fact, not a newer one.
  if (asRead && existing.value === result.value) return true;
  // A restated run takes its new wording with its new value, so the description always describes the number.
  const fields = run.kind === 'restated' ? (['value', 'date', 'source', 'variant'] as const) : UPSTREAM_OWNS;
  const changed = fields.filter((field) => existing[field] !== result[field]);
  if (changed.length === 0) return true;
  report.updated.push(
    `${located.data.toolId}: ${result.series} "${existing.variant}": ${changed.map((f) => `${f} ${existing[f]} -> ${result[f]}`).join(', ')}`,
  );
  for (const field of changed) (existing as Record<string, unknown>)[field] = result[field];
  return true;
}

/** What an upstream owns of a result it reads again under the same wording. */
const UPSTREAM_OWNS = ['value', 'date', 'source'] as const;

/** A result of the last `windowDays` before the refresh, or one the upstream does not date. */
function isRecent(date: string, readOn: string, windowDays: number): boolean {
  if (!date) return true;
  const since = new Date(Date.parse(`${readOn}T00:00:00Z`) - windowDays * 86_400_000).toISOString().slice(0, 10);
  return date.slice(0, 10) >= since.slice(0, date.length);
}

/** What one upstream says of a model no tool carries: per series its best value and newest date. */
type Candidate = Map<string, { value: number; date: string; results: number }>;

/** The model a result is about, as the upstream names it: its model field (without a run setting), else its first key. */
function propose(proposed: Map<string, Candidate>, result: UpstreamResult, feeds: BenchmarkUpstream['feeds']): void {
  const series = feeds.find((feed) => takes(feed, result.fields))!.series;
  const { modelBase, model, models } = result.fields;
  const name = modelBase ?? model ?? models ?? result.keys[0] ?? result.name;
  const candidate = proposed.get(name) ?? new Map();
  const seen = candidate.get(series);
  candidate.set(series, {
    value: Math.max(seen?.value ?? result.score, result.score),
    date: seen && seen.date > result.date ? seen.date : result.date,
    results: (seen?.results ?? 0) + 1,
  });
  proposed.set(name, candidate);
}

const describeProposed = (name: string, candidate: Candidate) =>
  `${name}: ${[...candidate.entries()]
    .map(
      ([series, c]) =>
        `${series} best ${c.value}${c.date ? ` (newest ${c.date})` : ''}${c.results > 1 ? `, ${c.results} results` : ''}`,
    )
    .join('; ')}`;

/**
 * The run's tokens, cost and time beside a result that was matched and classified (the same guards as the score):
 * added to the tool's data/task-runs/ file when its id is new there; a run already recorded is never rewritten.
 */
function storeTaskRun(
  next: SourceData,
  toolId: string,
  { result, classified, readOn }: { result: UpstreamResult; classified: BenchmarkResult; readOn: string },
  report: UpstreamResultsReport,
): void {
  const upstream = result.taskRun;
  if (!upstream) return;
  const file = `task-runs/${toolId}.json`;
  const url = /^https:\/\/\S+/.exec(result.source)?.[0];
  if (!url) {
    report.taskRunsSkipped?.push(`${toolId}: ${upstream.id} (its source has no https URL to cite)`);
    return;
  }
  let located = next.taskRuns.find((t) => taskRunsToolId(t.file) === toolId);
  if (located?.data.runs.some((r) => r.id === upstream.id)) return;
  // In the order of the schema, as the curated files are written.
  const run: TaskRun = {
    id: upstream.id,
    benchmark: upstream.benchmark ?? classified.benchmark,
    taskSet: upstream.taskSet,
    taskKind: upstream.taskKind,
    configuration: upstream.configuration,
    attemptsPerTask: upstream.attemptsPerTask,
    triesPerAttempt: upstream.triesPerAttempt,
    reportedBy: classified.reportedBy,
    runner: upstream.runner,
    successPercent: result.score,
    perTask: upstream.perTask,
    date: result.date,
    source: {
      name: `${report.name}: ${result.source}`,
      url,
      kind: 'leaderboard',
      asOf: readOn,
      verified: readOn,
      ...(upstream.note ? { note: upstream.note } : {}),
    },
  };
  if (!located) {
    located = { file, data: { runs: [] } };
    next.taskRuns.push(located);
  }
  located.data.runs.push(run);
  report.taskRunsAdded?.push(`${toolId}: ${upstream.id}`);
}

function countUnmatched(lines: Map<string, { text: string; count: number }>, key: string, text: string): void {
  const entry = lines.get(key) ?? { text, count: 0 };
  entry.count += 1;
  lines.set(key, entry);
}

/**
 * Why a result's date cannot be true, or null: after the day it was read (a day's tolerance, as for curated
 * dates), or after its model was shut down (another model under the old name, or a typo).
 */
function lateDate(result: UpstreamResult, readOn: string, shutdown: string | undefined): string | null {
  const day = result.date.slice(0, 10);
  if (day && isAfterClock(day, new Date(Date.parse(readOn))))
    return `dated ${result.date}, after the day it was read (${readOn}, ${FUTURE_TOLERANCE_DAYS} day allowed)`;
  if (shutdown && day && day > shutdown)
    return `dated ${result.date}, after the model's shutdown on ${shutdown}: another model under its name?`;
  return null;
}

/** The report line of a name that matched no tool: why, or the closest tools as suggestions. */
function unmatchedLine(match: Exclude<MatchOutcome, { kind: 'matched' }>, name: string, index: ToolIndex): string {
  if (match.kind === 'ambiguous')
    return `${name}: "${match.name}" is a name of several tools (${match.toolIds.join(', ')})`;
  if (match.kind === 'refused') return `${name}: refused, never matched: the name ${match.reason}`;
  const closest = closestTools(index, name);
  return `${name}: closest tools ${closest.length ? closest.join(', ') : 'none'}`;
}

/** What placing and storing the rows of one read need. */
interface ReadContext {
  index: ToolIndex;
  upstream: Pick<BenchmarkUpstream, 'name' | 'aliases' | 'feeds'>;
  series: ReadonlyMap<string, SeriesFile['series'][number]>;
  tools: ReadonlyMap<string, SourceData['tools'][number]['data']>;
  readOn: string;
  report: UpstreamResultsReport;
}

/** A matched result placed in its series, or undefined when its date or its protocol keeps it out (reported). */
function placeRow(result: UpstreamResult, toolId: string, context: ReadContext): PlacedRow | undefined {
  const { upstream, series, tools, readOn, report } = context;
  const late = lateDate(result, readOn, tools.get(toolId)?.lifecycle?.shutdown?.date);
  if (late) {
    report.unclassified.push(`${toolId} (${result.name}, row ${result.row}): ${late}`);
    return undefined;
  }
  const classified = classify(result, upstream.feeds, series, readOn);
  if (!classified.ok) {
    report.unclassified.push(`${toolId} (${result.name}, row ${result.row}): ${classified.reason}`);
    return undefined;
  }
  const template = upstream.feeds.find((feed) => takes(feed, result.fields))!.variant;
  const siblings = new Set(upstream.feeds.filter((feed) => feed.variant === template).map((feed) => feed.series));
  return { row: result.row, toolId, siblings, result: classified.result, asRead: classified.asRead };
}

/** Keeps a placed row unless an earlier row of the read is the same reading; an ambiguous pair is reported. */
function keepOnce(
  byTool: Map<string, { row: PlacedRow; result: UpstreamResult }[]>,
  row: PlacedRow,
  result: UpstreamResult,
  report: UpstreamResultsReport,
): void {
  const rows = byTool.get(row.toolId) ?? [];
  for (const earlier of rows) {
    const problem = ambiguity(earlier.row, row);
    if (problem) {
      report.ambiguous?.push(`${problem}: which to publish cannot be told, so the read is refused`);
      return;
    }
    if (oneRun(earlier.row.result, row.result, row.siblings)) return;
  }
  rows.push({ row, result });
  byTool.set(row.toolId, rows);
}

/** The placed rows of one tool over its results file, each with its task run. */
function storeRows(
  next: SourceData,
  rows: readonly { row: PlacedRow; result: UpstreamResult }[],
  { tools, readOn, report }: ReadContext,
): void {
  const readVariants = new Set(rows.map((r) => r.row.result.variant));
  for (const { row, result } of rows) {
    const tool = tools.get(row.toolId)!;
    if (!store(next, resultsFileOf(next, tool.id, tool.name), { placed: row, readVariants }, report)) continue;
    storeTaskRun(next, tool.id, { result, classified: row.result, readOn }, report);
  }
}

/** Which measured models are proposed: a result within `windowDays` of the refresh (or undated), a name not in `ignore`. */
export interface CandidateWindow {
  windowDays: number;
  ignore: readonly string[];
}

/** Results of one upstream over `next` (changed in place), reported. */
export function mergeUpstreamResults(
  next: SourceData,
  index: ToolIndex,
  upstream: Pick<BenchmarkUpstream, 'name' | 'aliases' | 'feeds'>,
  results: readonly UpstreamResult[],
  seriesFile: SeriesFile,
  readOn: string,
  window: CandidateWindow = { windowDays: 180, ignore: [] },
): UpstreamResultsReport {
  const series = new Map(seriesFile.series.map((s) => [s.id, s]));
  const tools = new Map(next.tools.map((t) => [t.data.id, t.data]));
  const report: UpstreamResultsReport = {
    name: upstream.name,
    read: results.length,
    notFed: 0,
    matched: 0,
    unmatched: [],
    unclassified: [],
    added: [],
    updated: [],
    firstResults: [],
    candidates: [],
    taskRunsAdded: [],
    taskRunsSkipped: [],
    ambiguous: [],
  };
  const unmatched = new Map<string, { text: string; count: number }>();
  const proposed = new Map<string, Candidate>();
  const context: ReadContext = { index, upstream, series, tools, readOn, report };
  const byTool = new Map<string, { row: PlacedRow; result: UpstreamResult }[]>();
  for (const result of results) {
    if (!upstream.feeds.some((feed) => takes(feed, result.fields))) {
      report.notFed += 1;
      continue;
    }
    const match = matchTool(index, result.keys, upstream.aliases);
    if (match.kind !== 'matched') {
      countUnmatched(unmatched, result.name, unmatchedLine(match, result.name, index));
      if (match.kind === 'unmatched' && isRecent(result.date, readOn, window.windowDays))
        propose(proposed, result, upstream.feeds);
      continue;
    }
    report.matched += 1;
    const row = placeRow(result, match.toolId, context);
    if (row) keepOnce(byTool, row, result, report);
  }
  // One ambiguous run refuses the read (applyResults rejects the refresh), so nothing of it is applied.
  if (report.ambiguous?.length === 0) for (const rows of byTool.values()) storeRows(next, rows, context);
  report.unmatched = [...unmatched.values()].map((u) => (u.count > 1 ? `${u.text} (${u.count} results)` : u.text));
  report.unmatched = [...unmatched.values()].map((u) => (u.count > 1 ? `${u.text} (${u.count} results)` : u.text));
  const ignored = new Set(window.ignore.map((name) => name.toLowerCase()));
  report.candidates = [...proposed.entries()]
    .filter(([name]) => !ignored.has(name.toLowerCase()))
    .map(([name, c]) => describeProposed(name, c));
  return report;
}
