/**
 * From curated results to the observations the scoring fits: which results are comparable
 * within their series (protocol check), which configuration of a model a series uses (pick
 * rule), and which tool a results file belongs to.
 */
import { DataError, type DataIssue } from '../errors.ts';
import type { BenchmarkResult, ResultsFile, SeriesFile } from '../../schema/source.ts';

type Series = SeriesFile['series'][number];

/**
 * How a result was produced, read from its published variant wording:
 * - `nonstandard`: several attempts or parallel samples per task (parallel test-time compute,
 *   "multiple attempts", the leaderboard's "attempts=2+", pass@k with k > 1, "ultra" or
 *   parallel-subagent modes), or a benchmark the reporter changed (fixed tasks, removed
 *   timeouts). Not comparable with single-attempt runs of the same benchmark: never used.
 * - `unstated`: the source does not state the harness, scaffold, set or window. Used only when
 *   the model has no standard result in the series. A leaderboard figure quoted without its
 *   scaffold is standard: the leaderboard fixes the scaffold.
 * - `standard`: everything else (one attempt per task, or a mean over several trials).
 */
export type RunClass = 'standard' | 'unstated' | 'nonstandard';

const NONSTANDARD =
  /parallel test-time compute|multiple (parallel )?attempts|attempts=2\+|pass@[2-9]|pass@\d\d|'ultra' mode|\bultra mode|parallel subagents|timeouts removed|dataset verified\/fixed/i;
const UNSTATED = /not stated/i;
const LEADERBOARD_SCAFFOLD = /scaffold as on the leaderboard/i;

export function runClassOf(variant: string): RunClass {
  if (NONSTANDARD.test(variant)) return 'nonstandard';
  if (UNSTATED.test(variant) && !LEADERBOARD_SCAFFOLD.test(variant)) return 'unstated';
  return 'standard';
}

const RUN_CLASS_RANK: Record<RunClass, number> = { standard: 0, unstated: 1, nonstandard: 2 };

export interface ChosenResult extends BenchmarkResult {
  model: string;
  runClass: RunClass;
}

/**
 * True when `a` is preferred over `b` as a model's value in one series. The pick rule:
 * 1. a standard run beats a run whose harness/setting is not stated;
 * 2. then the higher value (the model's best published standard configuration, e.g. its
 *    highest reasoning effort or the developer's best harness);
 * 3. then the newer date, then the lexically first source (so the choice never depends on file
 *    order). Non-standard runs never reach this comparison: chooseObservations drops them.
 */
export function preferredResult(a: ChosenResult, b: ChosenResult): boolean {
  const byClass = RUN_CLASS_RANK[a.runClass] - RUN_CLASS_RANK[b.runClass];
  if (byClass !== 0) return byClass < 0;
  if (a.value !== b.value) return a.value > b.value;
  if (a.date !== b.date) return a.date > b.date;
  return a.source < b.source;
}

/** One value per (model, series), chosen by the pick rule; non-standard runs are never used. */
export function chooseObservations(results: readonly ResultsFile[]): ChosenResult[] {
  const chosen = new Map<string, ChosenResult>();
  for (const file of results) {
    for (const result of file.results) {
      const candidate: ChosenResult = { ...result, model: file.model, runClass: runClassOf(result.variant) };
      if (candidate.runClass === 'nonstandard') continue;
      const key = `${file.model}\u0000${result.series}`;
      const current = chosen.get(key);
      if (!current || preferredResult(candidate, current)) chosen.set(key, candidate);
    }
  }
  return [...chosen.values()].sort((a, b) => compare(a.model, b.model) || compare(a.series, b.series));
}

/**
 * Results that do not belong to the protocol of their series: reported by the other kind of
 * reporter than the series states, or worded with another harness, version or set than the
 * series' variantPattern. Also at most one series per seed field.
 */
export function protocolIssues(series: readonly Series[], results: readonly ResultsFile[]): DataIssue[] {
  const issues: DataIssue[] = [];
  const byId = new Map(series.map((s) => [s.id, s]));
  const patterns = new Map(
    series.filter((s) => s.variantPattern).map((s) => [s.id, new RegExp(s.variantPattern!, 'i')]),
  );
  for (const file of results) {
    file.results.forEach((result, index) => {
      const definition = byId.get(result.series);
      if (!definition) return; // the source integrity check names unknown series
      const where = `benchmarks/results/${file.model}.json`;
      if (definition.reportedBy && definition.reportedBy !== result.reportedBy)
        issues.push({
          file: where,
          field: `results.${index}.reportedBy`,
          value: result.reportedBy,
          message: `series ${result.series} holds ${definition.reportedBy} results only; move the result to a series of its protocol`,
        });
      const pattern = patterns.get(result.series);
      if (pattern && !pattern.test(result.variant))
        issues.push({
          file: where,
          field: `results.${index}.variant`,
          value: result.variant,
          message: `does not match the protocol of series ${result.series} (/${definition.variantPattern}/i)`,
        });
    });
  }
  const seedSeries = new Map<string, string[]>();
  for (const s of series) if (s.seedField) seedSeries.set(s.seedField, [...(seedSeries.get(s.seedField) ?? []), s.id]);
  for (const [field, ids] of seedSeries)
    if (ids.length > 1)
      issues.push({
        file: 'benchmarks/series.json',
        field: 'seedField',
        value: ids,
        message: `${field} is supplied by more than one series; one reference protocol per field`,
      });
  return issues;
}

export function assertComparable(series: readonly Series[], results: readonly ResultsFile[]): void {
  const issues = protocolIssues(series, results);
  if (issues.length > 0) throw new DataError(issues);
}

/**
 * The tool a results file belongs to: its toolId, or else the tool whose id equals the model
 * slug (results are keyed by the directory's ids, so a tool added later is linked without
 * editing its results file, and a results file outlives a removed tool).
 */
export function toolIdOfResults(file: ResultsFile, toolIds: ReadonlySet<string>): string | null {
  if (file.toolId !== null) return toolIds.has(file.toolId) ? file.toolId : null;
  return toolIds.has(file.model) ? file.model : null;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
