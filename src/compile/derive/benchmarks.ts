/**
 * benchmarks.json: from published results to the specification's four seed scores per
 * model, each measured (with its source) or estimated by the latent-capability model.
 */
import type { BenchmarkModel, BenchmarkSource, ScoreDetail } from '../../schema/api.ts';
import type { BenchmarkResult, ResultsFile, SeriesFile, ToolFile } from '../../schema/source.ts';
import { fitCapabilityModel, leaveOneOut, METHOD_DESCRIPTION, type CrossValidationResult, type Observation } from '../scoring/index.ts';
import { blendedPrice, roundTo } from './pricing.ts';

export const SEED_FIELDS = ['sweBench', 'liveCodeBench', 'humanEval', 'bigCodeBench'] as const;
export type SeedField = (typeof SEED_FIELDS)[number];

/** Weights of overallScore. HumanEval is saturated for current models, so it counts least. */
export const SEED_WEIGHTS: Record<SeedField, number> = { sweBench: 0.4, liveCodeBench: 0.3, bigCodeBench: 0.2, humanEval: 0.1 };

const SEED_LABELS: Record<SeedField, string> = {
  sweBench: 'SWE-bench Verified',
  liveCodeBench: 'LiveCodeBench',
  humanEval: 'HumanEval',
  bigCodeBench: 'BigCodeBench',
};

type Series = SeriesFile['series'][number];

export interface ChosenResult extends BenchmarkResult {
  model: string;
}

/**
 * One value per (model, series): the best published configuration (highest value; newest, then
 * lexically first source on ties), because vendors and leaderboards publish several effort or
 * scaffold settings of one model and users compare models at their best.
 */
export function chooseObservations(results: readonly ResultsFile[]): ChosenResult[] {
  const chosen = new Map<string, ChosenResult>();
  for (const file of results) {
    for (const result of file.results) {
      const key = `${file.model}\u0000${result.series}`;
      const current = chosen.get(key);
      const better =
        !current ||
        result.value > current.value ||
        (result.value === current.value && (result.date > current.date || (result.date === current.date && result.source < current.source)));
      if (better) chosen.set(key, { ...result, model: file.model });
    }
  }
  return [...chosen.values()].sort((a, b) => (a.model === b.model ? a.series.localeCompare(b.series) : a.model.localeCompare(b.model)));
}

export interface BenchmarksInput {
  tools: readonly ToolFile[];
  providerNames: ReadonlyMap<string, string>;
  series: readonly Series[];
  results: readonly ResultsFile[];
  version: string;
  runDate: string;
  /** Reuse a cross-validation computed for identical observations (it is the slow part). */
  crossValidation?: CrossValidationResult;
}

export interface BenchmarksOutput {
  document: { version: string; runDate: string; methodology: string; sources: BenchmarkSource[]; models: BenchmarkModel[] };
  overallScores: Map<string, number>;
  crossValidation: CrossValidationResult;
  observations: Observation[];
}

function seedSeriesByField(series: readonly Series[]): Map<SeedField, Series[]> {
  const byField = new Map<SeedField, Series[]>();
  for (const field of SEED_FIELDS) {
    byField.set(
      field,
      series.filter((s) => s.seedField === field),
    );
  }
  return byField;
}

function rankDescending(values: ReadonlyMap<string, number>): Map<string, number> {
  const sorted = [...values.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return new Map(sorted.map(([id], index) => [id, index + 1]));
}

function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.floor(q * (sorted.length - 1))))]!;
}

export function methodologyText(cv: CrossValidationResult, seriesNames: ReadonlyMap<string, string>): string {
  const weights = SEED_FIELDS.map((f) => `${SEED_LABELS[f]} ${SEED_WEIGHTS[f] * 100}%`).join(', ');
  const errors = cv.perSeries
    .map((s) => `${seriesNames.get(s.series) ?? s.series}: ${s.maeModel.toFixed(1)} points (baseline ${s.maeBaseline.toFixed(1)}, n=${s.n})`)
    .join('; ');
  return [
    'Every published result is kept as published (see each model\'s results). Results are grouped into series of comparable results (same benchmark and comparable harness); for each model and series the best published configuration is used.',
    'All values are percentages (0-100) as published, so no rescaling is applied.',
    `A seed score (sweBench, liveCodeBench, humanEval, bigCodeBench) is "measured" when the model has a published result in a series that supplies that field (in priority order), and "estimated" otherwise. ${METHOD_DESCRIPTION} The model is fitted on every published result in the data, including reference models outside the directory, and estimates a missing seed score from the model's measured results on all benchmarks.`,
    `Leave-one-out cross-validation over measured values (mean absolute error in score points, versus predicting the series mean): ${errors}. Overall: ${cv.overall.maeModel.toFixed(1)} vs ${cv.overall.maeBaseline.toFixed(1)} (n=${cv.overall.n}).`,
    `overallScore is the weighted mean of the four seed scores (${weights}). pricePerScorePoint is the blended price ((3 x input + output) / 4, USD per 1M tokens) divided by overallScore.`,
    'Only models with at least one published result are scored. scoreDetails says, per seed score, whether it is measured (with its source) or estimated.',
  ].join(' ');
}

export function deriveBenchmarks(input: BenchmarksInput): BenchmarksOutput {
  const chosen = chooseObservations(input.results);
  const observations: Observation[] = chosen.map((c) => ({ model: c.model, series: c.series, value: c.value }));
  const fitted = fitCapabilityModel(observations);
  const seedSeries = seedSeriesByField(input.series);
  const targetSeries = [...seedSeries.values()].flat().map((s) => s.id);
  const crossValidation = input.crossValidation ?? leaveOneOut(observations, targetSeries);

  const toolsById = new Map(input.tools.map((tool) => [tool.id, tool]));
  const chosenByModel = new Map<string, Map<string, ChosenResult>>();
  for (const c of chosen) {
    if (!chosenByModel.has(c.model)) chosenByModel.set(c.model, new Map());
    chosenByModel.get(c.model)!.set(c.series, c);
  }

  interface Draft {
    tool: ToolFile;
    file: ResultsFile;
    details: Record<SeedField, ScoreDetail>;
    overall: number;
    measuredCount: number;
  }
  const drafts: Draft[] = [];
  for (const file of input.results) {
    if (file.toolId === null) continue;
    const tool = toolsById.get(file.toolId);
    if (!tool) continue;
    const measured = chosenByModel.get(file.model) ?? new Map<string, ChosenResult>();
    const details = {} as Record<SeedField, ScoreDetail>;
    for (const field of SEED_FIELDS) {
      const candidates = seedSeries.get(field) ?? [];
      const hit = candidates.map((s) => measured.get(s.id)).find((c) => c !== undefined);
      if (hit) {
        details[field] = { kind: 'measured', value: hit.value, series: hit.series, source: hit.source, date: hit.date, variant: hit.variant, reportedBy: hit.reportedBy };
      } else {
        const primary = candidates[0];
        const predicted = primary ? fitted.predict(file.model, primary.id) : undefined;
        if (predicted === undefined) throw new Error(`cannot estimate ${field} for ${file.model}: no fitted capability`);
        details[field] = { kind: 'estimated', value: roundTo(predicted, 1), series: null, source: null, date: null, variant: null, reportedBy: null };
      }
    }
    const overall = roundTo(SEED_FIELDS.reduce((sum, f) => sum + SEED_WEIGHTS[f] * details[f].value, 0), 1);
    const measuredCount = SEED_FIELDS.filter((f) => details[f].kind === 'measured').length;
    drafts.push({ tool, file, details, overall, measuredCount });
  }

  const overallScores = new Map(drafts.map((d) => [d.tool.id, d.overall]));
  const overallRank = rankDescending(overallScores);
  const seedRanks = new Map(
    SEED_FIELDS.map((f) => [f, rankDescending(new Map(drafts.map((d) => [d.tool.id, d.details[f].value])))] as const),
  );
  const pricePerPoint = new Map(drafts.map((d) => [d.tool.id, d.overall > 0 ? blendedPrice(d.tool.pricing) / d.overall : Infinity]));
  const cheapValueCutoff = quantile([...pricePerPoint.values()], 0.25);
  const blendedAll = input.tools.map((t) => blendedPrice(t.pricing));
  const expensiveCutoff = quantile(blendedAll, 0.75);
  const lowScoreCutoff = quantile([...overallScores.values()], 0.25);

  const models: BenchmarkModel[] = drafts.map((d) => {
    const { tool, details } = d;
    const strengths: string[] = [];
    const weaknesses: string[] = [];
    const rank = overallRank.get(tool.id)!;
    if (rank <= 10) strengths.push(`Top-10 overall score (#${rank} of ${drafts.length} scored models)`);
    for (const field of SEED_FIELDS) {
      const detail = details[field];
      const fieldRank = seedRanks.get(field)!.get(tool.id)!;
      if (detail.kind === 'measured' && fieldRank <= 10) strengths.push(`Top-10 ${SEED_LABELS[field]} (measured ${detail.value})`);
    }
    if (pricePerPoint.get(tool.id)! <= cheapValueCutoff) strengths.push('Low price per score point (cheapest 25% of scored models)');
    if (tool.contextTokens >= 1_000_000) strengths.push('Context window of 1M tokens or more');
    if (tool.openWeights) strengths.push('Open weights');
    if (tool.pricingDetails.free) strengths.push('Free at list price');

    if (d.measuredCount < 4)
      weaknesses.push(`${4 - d.measuredCount} of 4 seed scores are estimated, not measured`);
    if (blendedPrice(tool.pricing) >= expensiveCutoff) weaknesses.push('Blended price among the most expensive 25% of tools');
    if (d.overall <= lowScoreCutoff) weaknesses.push('Overall score in the bottom 25% of scored models');
    if (tool.contextTokens < 200_000) weaknesses.push('Context window under 200K tokens');
    if (tool.status === 'deprecated') weaknesses.push('Deprecated by the provider');
    if (tool.status === 'preview') weaknesses.push('Preview release; behaviour and price may change');

    const results = [...d.file.results]
      .sort((a, b) => a.series.localeCompare(b.series) || b.value - a.value || a.variant.localeCompare(b.variant))
      .map((r) => ({ series: r.series, value: r.value, variant: r.variant, date: r.date, source: r.source, reportedBy: r.reportedBy }));
    return {
      modelId: tool.id,
      modelName: tool.name,
      provider: input.providerNames.get(tool.provider) ?? tool.provider,
      overallScore: d.overall,
      sweBench: details.sweBench.value,
      liveCodeBench: details.liveCodeBench.value,
      humanEval: details.humanEval.value,
      bigCodeBench: details.bigCodeBench.value,
      strengths,
      weaknesses,
      pricePerScorePoint: roundTo(pricePerPoint.get(tool.id)!, 4),
      scoreDetails: details,
      measuredCount: d.measuredCount,
      capability: roundTo(fitted.capability.get(d.file.model) ?? 0, 4),
      results,
    };
  });
  models.sort((a, b) => b.overallScore - a.overallScore || a.modelId.localeCompare(b.modelId));

  const cvBySeries = new Map(crossValidation.perSeries.map((s) => [s.series, s]));
  const sources: BenchmarkSource[] = input.series.map((s) => {
    const inSeries = input.results.flatMap((f) => f.results.filter((r) => r.series === s.id));
    const cv = cvBySeries.get(s.id);
    return {
      id: s.id,
      name: s.name,
      url: s.url,
      license: s.license,
      description: s.description,
      newestDataDate: inSeries.map((r) => r.date).sort().at(-1) ?? '',
      resultCount: inSeries.length,
      seedField: s.seedField ?? null,
      crossValidation: cv ? { n: cv.n, maeModel: roundTo(cv.maeModel, 2), maeBaseline: roundTo(cv.maeBaseline, 2) } : null,
    };
  });

  const seriesNames = new Map(input.series.map((s) => [s.id, s.name]));
  return {
    document: { version: input.version, runDate: input.runDate, methodology: methodologyText(crossValidation, seriesNames), sources, models },
    overallScores,
    crossValidation,
    observations,
  };
}
