/**
 * benchmarks.json: from published results to six scores per model (the specification's four
 * plus SWE-bench Pro and Terminal-Bench 4.0), each measured on its reference series or
 * estimated with an interval, the aggregate with its interval, and ranks with rank ranges.
 *
 * The steps live beside this file: benchmark-results.ts (comparability and the pick rule),
 * benchmark-liveness.ts (which series are alive, and the weights that follow), benchmark-validation.ts
 * (leave-one-out, cached), benchmark-estimates.ts (fit → values and intervals, no false precision),
 * benchmark-rank.ts (aggregate, interval, ranks), benchmark-describe.ts (words).
 */
import type { BenchmarkModel, BenchmarkSource, BenchmarksDocument, UnscoredTool } from '../../schema/api.ts';
import type { ResultsFile, SeriesFile, ToolFile } from '../../schema/source.ts';
import {
  calibrate,
  COVERAGE_TARGET,
  fitCapabilityModel,
  type Calibration,
  type CrossValidationResult,
  type Observation,
} from '../scoring/index.ts';
import { aggregateComponents, type Component } from './benchmark-components.ts';
import {
  methodologyText,
  quantile,
  strengthsOf,
  weaknessesOf,
  type DescribeContext,
  type ScoredTool,
} from './benchmark-describe.ts';
import { evidenceOf } from './benchmark-evidence.ts';
import { falsePrecision, measuredRanges, scoreModel, type EstimateContext } from './benchmark-estimates.ts';
import { overall, rankAll, type Overall } from './benchmark-rank.ts';
import {
  assertComparable,
  chooseObservations,
  runClassOf,
  toolIdOfResults,
  type ChosenResult,
} from './benchmark-results.ts';
import { seriesLiveness, type SeriesLiveness } from './benchmark-liveness.ts';
import { crossValidate } from './benchmark-validation.ts';
import { blendedPrice, roundTo } from './pricing.ts';
import { deriveTaskCosts, type TaskRunsOfTool } from './task-cost.ts';

export { SEED_FIELDS, type SeedField } from './benchmark-components.ts';

type Series = SeriesFile['series'][number];

export interface BenchmarksInput {
  tools: readonly ToolFile[];
  providerNames: ReadonlyMap<string, string>;
  series: readonly Series[];
  results: readonly ResultsFile[];
  version: string;
  runDate: string;
  /** Reuse a cross-validation computed for identical inputs (it is the slow part; see cv-cache.ts). */
  crossValidation?: CrossValidationResult;
  /** Per-task token, cost and time evidence (data/task-runs/): models[].taskCost (task-cost.ts). */
  taskRuns?: readonly TaskRunsOfTool[];
}

export type BenchmarksDocumentBody = BenchmarksDocument['benchmarks'];

export interface BenchmarksOutput {
  document: BenchmarksDocumentBody;
  /** overallScore of every scored tool, by tool id. */
  overallScores: Map<string, number>;
  /** Series in which each scored tool has a used (measured) result, by tool id. */
  measuredSeries: Map<string, ReadonlySet<string>>;
  crossValidation: CrossValidationResult;
  calibration: Calibration;
  observations: Observation[];
}

/** True when the tool has a used published result in at least one of `seriesIds`. */
export function hasMeasuredResult(
  output: Pick<BenchmarksOutput, 'measuredSeries'>,
  toolId: string,
  seriesIds: readonly string[],
): boolean {
  const measured = output.measuredSeries.get(toolId);
  return measured !== undefined && seriesIds.some((id) => measured.has(id));
}

export function deriveBenchmarks(input: BenchmarksInput): BenchmarksOutput {
  assertComparable(input.series, input.results);
  const chosen = chooseObservations(input.results);
  const observations: Observation[] = chosen.map((c) => ({ model: c.model, series: c.series, value: c.value }));
  const liveness = livenessOf(input, chosen);
  const components = aggregateComponents(input.series, liveness);
  const crossValidation = input.crossValidation ?? crossValidate(observations, input.series, input.results);
  const calibration = calibrate(crossValidation.heldOut);
  const context: EstimateContext = {
    fit: fitCapabilityModel(observations),
    calibration,
    components,
    ranges: measuredRanges(chosen),
    tasks: new Map(input.series.flatMap((s) => (s.tasks ? [[s.id, s.tasks] as const] : []))),
  };

  const scored = scoreTools(input, chosen, context);
  const described = describeModels(input, scored, components, context);
  // What a task costs is priced on the build date, as the use cases' scenarios are.
  const taskCosts = deriveTaskCosts({
    runs: input.taskRuns ?? [],
    tools: input.tools,
    models: described,
    at: input.runDate.slice(0, 10),
  });
  const models = described.map((m) => ({ ...m, taskCost: taskCosts.byModel.get(m.modelId)! }));
  const unsound = falsePrecision(models);
  if (unsound.length > 0) throw new Error(`estimates published with false precision: ${unsound.join('; ')}`);
  const seriesNames = new Map(input.series.map((s) => [s.id, s.name]));
  const document: BenchmarksDocumentBody = {
    version: input.version,
    runDate: input.runDate,
    methodology: methodologyText(crossValidation, calibration, components, seriesNames),
    sources: sourcesOf(input, { cv: crossValidation, calibration, components, liveness }),
    models,
    aggregate: components.map((c) => ({
      field: c.key,
      benchmark: c.label,
      series: c.series,
      weight: c.weight,
      alive: c.alive,
    })),
    calibration: {
      level: 0.8,
      target: { ...COVERAGE_TARGET },
      coverage: roundTo(calibration.overall.share, 4),
      n: calibration.overall.n,
      passes: calibration.passes,
      outsideRange: {
        n: calibration.outsideRange.n,
        coverage: calibration.outsideRange.n > 0 ? roundTo(calibration.outsideRange.share, 4) : null,
      },
    },
    taskCostMethod: taskCosts.method,
    unscored: unscoredTools(input, scored),
  };
  return {
    document,
    overallScores: new Map(scored.map((s) => [s.tool.id, s.overall.score])),
    measuredSeries: new Map(scored.map((s) => [s.tool.id, new Set(s.picks.keys())])),
    crossValidation,
    calibration,
    observations,
  };
}

interface ScoredDraft extends Omit<ScoredTool, 'ranked'> {
  file: ResultsFile;
  picks: ReadonlyMap<string, ChosenResult>;
}

/** Scores every tool with at least one used result, then ranks them. */
function scoreTools(
  input: BenchmarksInput,
  chosen: readonly ChosenResult[],
  context: EstimateContext,
): (ScoredDraft & ScoredTool)[] {
  const toolsById = new Map(input.tools.map((tool) => [tool.id, tool]));
  const picksByModel = new Map<string, Map<string, ChosenResult>>();
  for (const c of chosen) picksByModel.set(c.model, (picksByModel.get(c.model) ?? new Map()).set(c.series, c));
  const drafts: ScoredDraft[] = [];
  for (const file of input.results) {
    const toolId = toolIdOfResults(file, new Set(toolsById.keys()));
    const picks = picksByModel.get(file.model);
    if (toolId === null || !picks) continue;
    const scores = scoreModel(context, file.model, picks);
    drafts.push({
      tool: toolsById.get(toolId)!,
      file,
      picks,
      scores,
      overall: overall(toolId, scores, context.components, context.calibration.level),
    });
  }
  const ranks = rankAll(new Map<string, Overall>(drafts.map((d) => [d.tool.id, d.overall])));
  return drafts.map((d) => ({ ...d, ranked: ranks.get(d.tool.id)! })).sort((a, b) => a.ranked.rank - b.ranked.rank);
}

function describeModels(
  input: BenchmarksInput,
  scored: readonly (ScoredDraft & ScoredTool)[],
  components: readonly Component[],
  context: EstimateContext,
): Omit<BenchmarkModel, 'taskCost'>[] {
  const pricePerPoint = new Map(
    scored.map((s) => [s.tool.id, s.overall.score > 0 ? blendedPrice(s.tool.pricing) / s.overall.score : Infinity]),
  );
  const describe: DescribeContext = {
    scoredCount: scored.length,
    components,
    measuredOrder: new Map(components.map((c) => [c.series, measuredOrder(scored, c)])),
    cheapValueCutoff: quantile([...pricePerPoint.values()], 0.25),
    expensiveCutoff: quantile(
      input.tools.map((t) => blendedPrice(t.pricing)),
      0.75,
    ),
    lowScoreCutoff: quantile(
      scored.map((s) => s.overall.score),
      0.25,
    ),
    pricePerPoint,
  };
  const weighted = components.filter((c) => c.weight > 0).map((c) => c.key);
  return scored.map((s) => {
    const details = Object.fromEntries(
      Object.entries(s.scores).map(([key, score]) => [key, score.detail]),
    ) as BenchmarkModel['scoreDetails'];
    const results = publishedResults(s.file, s.picks);
    return {
      modelId: s.tool.id,
      modelName: s.tool.name,
      provider: input.providerNames.get(s.tool.provider) ?? s.tool.provider,
      overallScore: s.overall.score,
      sweBench: details.sweBench.value,
      liveCodeBench: details.liveCodeBench.value,
      humanEval: details.humanEval.value,
      bigCodeBench: details.bigCodeBench.value,
      strengths: strengthsOf(s, describe),
      weaknesses: weaknessesOf(s, describe),
      pricePerScorePoint: roundTo(pricePerPoint.get(s.tool.id)!, 4),
      overallInterval: { low: s.overall.interval.low, high: s.overall.interval.high, level: 0.8 },
      rank: s.ranked.rank,
      rankRange: s.ranked.rankRange,
      scoreDetails: details,
      measuredCount: components.filter((c) => c.weight > 0 && details[c.key].kind === 'measured').length,
      capability: roundTo(context.fit.capability.get(s.file.model) ?? 0, 4),
      ...evidenceOf(details, weighted, results),
      results,
    };
  });
}

/** Ids of the scored tools measured on the component's reference series, highest value first. */
function measuredOrder(scored: readonly ScoredDraft[], component: Component): string[] {
  const measured = scored.flatMap((s) =>
    s.scores[component.key].detail.kind === 'measured' ? [[s.tool.id, s.scores[component.key].value] as const] : [],
  );
  return measured.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([id]) => id);
}

function publishedResults(file: ResultsFile, picks: ReadonlyMap<string, ChosenResult>): BenchmarkModel['results'] {
  return [...file.results]
    .sort(
      (a, b) =>
        (a.series < b.series ? -1 : a.series > b.series ? 1 : 0) ||
        b.value - a.value ||
        (a.variant < b.variant ? -1 : a.variant > b.variant ? 1 : 0),
    )
    .map((r) => {
      const pick = picks.get(r.series);
      const used =
        pick !== undefined && pick.variant === r.variant && pick.value === r.value && pick.source === r.source;
      return {
        series: r.series,
        value: r.value,
        variant: r.variant,
        date: r.date,
        source: r.source,
        reportedBy: r.reportedBy,
        runClass: runClassOf(r.variant),
        used,
      };
    });
}

/** Liveness of every series: which directory tools released lately have a used result in it (benchmark-liveness.ts). */
function livenessOf(input: BenchmarksInput, chosen: readonly ChosenResult[]): Map<string, SeriesLiveness> {
  const toolsById = new Map(input.tools.map((tool) => [tool.id, tool]));
  const toolIds = new Set(toolsById.keys());
  const releaseMonth = new Map(
    input.results.flatMap((file) => {
      const id = toolIdOfResults(file, toolIds);
      return id ? [[file.model, toolsById.get(id)!.releaseDate] as const] : [];
    }),
  );
  return seriesLiveness(
    input.series.map((s) => s.id),
    chosen,
    (model) => releaseMonth.get(model),
    input.runDate,
  );
}

interface SourcesContext {
  cv: CrossValidationResult;
  calibration: Calibration;
  components: readonly Component[];
  liveness: ReadonlyMap<string, SeriesLiveness>;
}

function sourcesOf(
  input: BenchmarksInput,
  { cv, calibration, components, liveness }: SourcesContext,
): BenchmarkSource[] {
  const errors = new Map(cv.perSeries.map((s) => [s.series, s]));
  const coverage = new Map(calibration.perSeries.map((c) => [c.series, c.share]));
  const previous = new Map((cv.comparison ?? []).map((c) => [c.series, c.maeOther]));
  return input.series.map((s) => {
    const inSeries = input.results.flatMap((f) => f.results.filter((r) => r.series === s.id));
    const error = errors.get(s.id);
    return {
      id: s.id,
      name: s.name,
      url: s.url,
      license: s.license,
      description: s.description,
      newestDataDate:
        inSeries
          .map((r) => r.date)
          .sort()
          .at(-1) ?? '',
      resultCount: inSeries.length,
      reportedBy: s.reportedBy ?? null,
      seedField: s.seedField ?? null,
      aggregateWeight: components.find((c) => c.series === s.id)?.weight ?? null,
      alive: liveness.get(s.id)?.alive ?? false,
      recentModels: liveness.get(s.id)?.recentModels ?? 0,
      crossValidation: error
        ? {
            n: error.n,
            maeModel: roundTo(error.maeModel, 2),
            maeBaseline: roundTo(error.maeBaseline, 2),
            coverage: roundTo(coverage.get(s.id) ?? Number.NaN, 4),
            maePrevious: previous.has(s.id) ? roundTo(previous.get(s.id)!, 2) : null,
          }
        : null,
    };
  });
}

/** Tools without a score, with the reason. */
function unscoredTools(input: BenchmarksInput, scored: readonly ScoredDraft[]): UnscoredTool[] {
  const scoredIds = new Set(scored.map((s) => s.tool.id));
  const toolIds = new Set(input.tools.map((t) => t.id));
  const files = new Map(
    input.results.flatMap((f) => {
      const id = toolIdOfResults(f, toolIds);
      return id ? [[id, f] as const] : [];
    }),
  );
  const asOf = input.runDate.slice(0, 10);
  return input.tools
    .filter((t) => !scoredIds.has(t.id))
    .map((t) => ({
      toolId: t.id,
      name: t.name,
      reason: files.has(t.id)
        ? `unscored: only non-comparable results (several attempts per task or a modified benchmark) as of ${asOf}`
        : // "No published result" would overstate it: a maker may publish only benchmarks no series accepts, or an image.
          `unscored: no published result in a benchmark series the directory scores, as of ${asOf}`,
    }))
    .sort((a, b) => (a.toolId < b.toolId ? -1 : 1));
}
