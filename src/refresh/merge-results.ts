/**
 * Merges the results of one benchmark upstream into data/benchmarks/results: each result is
 * matched to a tool (match.ts) and classified into a series (classify.ts); a result that is both
 * updates the tool's result of the same series and variant (upstream owns value, date and
 * source) or is added, in a new results file when the tool had none. Unmatched and unclassified
 * results are reported and change nothing. Pure: works on the SourceData it is given (the caller
 * passes its own copy) and returns what it did.
 */
import { type SourceData, taskRunsToolId } from '../compile/load.ts';
import type { BenchmarkResult, ResultsFile, SeriesFile, TaskRun } from '../schema/source.ts';
import { classify, takes } from './classify.ts';
import type { BenchmarkSource } from './config-benchmarks.ts';
import { closestTools, matchTool, type ToolIndex } from './match.ts';
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
  /** Task runs (tokens, cost, time per task) new to data/task-runs/ (`tool: run id`); absent in reports stored before they were kept. */
  taskRunsAdded?: string[];
  /** Task runs read but not kept, with the reason. */
  taskRunsSkipped?: string[];
}

type Located = SourceData['results'][number];

function resultsFileOf(next: SourceData, toolId: string, toolName: string): Located {
  const existing = next.results.find((r) => r.data.toolId === toolId);
  if (existing) return existing;
  const data: ResultsFile = { model: toolId, modelName: toolName, toolId, results: [] };
  return { file: `benchmarks/results/${toolId}.json`, data };
}

const runId = (variant: string) => /\[([^\]]+)\]\s*$/.exec(variant)?.[1];

/**
 * The curated result this one is a new reading of: the same series and variant, or the same run
 * (the "[run id]" that ends both variants). A result of the same series, value and date under
 * other wording is taken to be recorded already, so one run is never counted twice.
 */
function sameRun(
  results: readonly BenchmarkResult[],
  result: BenchmarkResult,
): BenchmarkResult | 'recorded' | undefined {
  const inSeries = results.filter((r) => r.series === result.series);
  const id = runId(result.variant);
  const existing =
    inSeries.find((r) => r.variant === result.variant) ??
    (id ? inSeries.find((r) => runId(r.variant) === id) : undefined);
  if (existing) return existing;
  return inSeries.some((r) => r.value === result.value && r.date === result.date) ? 'recorded' : undefined;
}

function store(
  next: SourceData,
  located: Located,
  { result, asRead }: { result: BenchmarkResult; asRead: boolean },
  report: UpstreamResultsReport,
): void {
  const label = `${located.data.toolId}: ${result.series} "${result.variant}"`;
  const existing = sameRun(located.data.results, result);
  // An undated figure read again with the same value is the same fact, not a newer one.
  if (existing === 'recorded' || (asRead && existing?.value === result.value)) return;
  if (!existing) {
    if (located.data.results.length === 0) {
      next.results.push(located);
      report.firstResults.push(located.data.toolId!);
    }
    located.data.results.push(result);
    report.added.push(`${label} = ${result.value} (${result.date})`);
    return;
  }
  const changed = (['value', 'date', 'source'] as const).filter((field) => existing[field] !== result[field]);
  if (changed.length === 0) return;
  report.updated.push(`${label}: ${changed.map((f) => `${f} ${existing[f]} -> ${result[f]}`).join(', ')}`);
  for (const field of changed) (existing as Record<string, unknown>)[field] = result[field];
}

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
    benchmark: upstream.benchmark,
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
    source: { name: `${report.name}: ${result.source}`, url, kind: 'leaderboard', asOf: readOn, verified: readOn },
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

/** Results of one upstream over `next` (changed in place), reported. */
export function mergeUpstreamResults(
  next: SourceData,
  index: ToolIndex,
  upstream: Pick<BenchmarkSource, 'name' | 'aliases' | 'feeds'>,
  results: readonly UpstreamResult[],
  seriesFile: SeriesFile,
  readOn: string,
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
    taskRunsAdded: [],
    taskRunsSkipped: [],
  };
  const unmatched = new Map<string, { text: string; count: number }>();
  const placed = new Map<string, UpstreamResult>();
  for (const result of results) {
    if (!upstream.feeds.some((feed) => takes(feed, result.fields))) {
      report.notFed += 1;
      continue;
    }
    const match = matchTool(index, result.keys, upstream.aliases);
    if (match.kind !== 'matched') {
      const why =
        match.kind === 'ambiguous' ? `"${match.name}" is a name of several tools (${match.toolIds.join(', ')})` : null;
      const closest = closestTools(index, result.name);
      countUnmatched(
        unmatched,
        result.name,
        `${result.name}: ${why ?? `closest tools ${closest.length ? closest.join(', ') : 'none'}`}`,
      );
      continue;
    }
    report.matched += 1;
    const classified = classify(result, upstream.feeds, series, readOn);
    if (!classified.ok) {
      report.unclassified.push(`${match.toolId} (${result.name}, row ${result.row}): ${classified.reason}`);
      continue;
    }
    const key = `${match.toolId}\u0000${classified.result.series}\u0000${classified.result.variant}`;
    const earlier = placed.get(key);
    if (earlier) {
      if (earlier.score !== result.score)
        report.unclassified.push(
          `${match.toolId} (${result.name}, row ${result.row}): same series and variant as row ${earlier.row} with another score (${result.score} vs ${earlier.score}); the first is kept`,
        );
      continue;
    }
    placed.set(key, result);
    const tool = tools.get(match.toolId)!;
    store(next, resultsFileOf(next, tool.id, tool.name), classified, report);
    storeTaskRun(next, tool.id, { result, classified: classified.result, readOn }, report);
  }
  report.unmatched = [...unmatched.values()].map((u) => (u.count > 1 ? `${u.text} (${u.count} results)` : u.text));
  return report;
}
