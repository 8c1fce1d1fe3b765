/**
 * The words of benchmarks.json: each model's strengths and weaknesses, and the methodology
 * paragraph with the measured figures of this build.
 */
import type { ToolFile } from '../../schema/source.ts';
import { COVERAGE_TARGET, METHOD_DESCRIPTION, type Calibration, type CrossValidationResult } from '../scoring/index.ts';
import type { Component } from './benchmark-components.ts';
import { ALIVE_MIN_MODELS, ALIVE_WINDOW_MONTHS } from './benchmark-liveness.ts';
import type { ModelScores } from './benchmark-estimates.ts';
import type { Overall, Ranked } from './benchmark-rank.ts';
import { blendedPrice, roundTo } from './pricing.ts';

/** One scored tool with everything its description reads. */
export interface ScoredTool {
  tool: ToolFile;
  scores: ModelScores;
  overall: Overall;
  ranked: Ranked;
}

/** Cut-offs shared by every tool's description (quartiles over the scored or all tools). */
export interface DescribeContext {
  scoredCount: number;
  components: readonly Component[];
  /** Per reference series: the scored tools measured there, best first. */
  measuredOrder: ReadonlyMap<string, readonly string[]>;
  cheapValueCutoff: number;
  expensiveCutoff: number;
  lowScoreCutoff: number;
  pricePerPoint: ReadonlyMap<string, number>;
}

const WIDE_RANK_RANGE = 15;

export function strengthsOf(scored: ScoredTool, context: DescribeContext): string[] {
  const { tool, scores, ranked } = scored;
  const out: string[] = [];
  const { best, worst } = ranked.rankRange;
  if (ranked.rank <= 10)
    out.push(
      `Top-10 overall score (#${ranked.rank} of ${context.scoredCount} scored models; rank range ${best}-${worst})`,
    );
  for (const component of context.components) {
    const detail = scores[component.key].detail;
    const order = context.measuredOrder.get(component.series) ?? [];
    const position = order.indexOf(tool.id) + 1;
    // A top place counts only among enough measured tools: within the best quarter, and at most 10th.
    if (
      component.weight > 0 &&
      detail.kind === 'measured' &&
      position > 0 &&
      position <= Math.min(10, Math.ceil(order.length / 4))
    )
      out.push(
        `#${position} of ${order.length} scored models measured on ${component.label} (${detail.value}, ${detail.reportedBy === 'vendor' ? 'developer-reported' : 'independent'})`,
      );
  }
  if (context.pricePerPoint.get(tool.id)! <= context.cheapValueCutoff)
    out.push('Low price per score point (cheapest 25% of scored models)');
  if (tool.contextTokens >= 1_000_000) out.push('Context window of 1M tokens or more');
  if (tool.openWeights) out.push('Open weights');
  if (tool.pricingDetails.free) out.push('Free at list price');
  return out;
}

export function weaknessesOf(scored: ScoredTool, context: DescribeContext): string[] {
  const { tool, scores, overall, ranked } = scored;
  const out: string[] = [];
  const weighted = context.components.filter((c) => c.weight > 0);
  const estimated = weighted.filter((c) => scores[c.key].detail.kind === 'estimated');
  const extrapolated = estimated.filter((c) => scores[c.key].detail.extrapolated);
  if (estimated.length > 0)
    out.push(
      `${estimated.length} of ${weighted.length} weighted benchmarks estimated, not measured (${estimated.map((c) => c.label).join(', ')})` +
        (extrapolated.length > 0 ? `; ${extrapolated.length} outside the measured range` : ''),
    );
  const { best, worst } = ranked.rankRange;
  if (worst - best >= WIDE_RANK_RANGE)
    out.push(`Rank uncertain: anywhere from #${best} to #${worst} within the 80% interval`);
  if (blendedPrice(tool.pricing) >= context.expensiveCutoff)
    out.push('Blended price among the most expensive 25% of tools');
  if (overall.score <= context.lowScoreCutoff) out.push('Overall score in the bottom 25% of scored models');
  if (tool.contextTokens < 200_000) out.push('Context window under 200K tokens');
  if (tool.status === 'deprecated') out.push('Deprecated by the provider');
  if (tool.status === 'retired') out.push('Retired by the provider');
  if (tool.status === 'preview') out.push('Preview release; behaviour and price may change');
  return out;
}

export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.floor(q * (sorted.length - 1))))]!;
}

// From the share as published (four decimals), so the text and `calibration.coverage` round alike (0.795 is 80%).
const percent = (share: number) => `${Math.round(100 * roundTo(share, 4))}%`;

/** The liveness rule and its outcome in this build, in words. */
function livenessText(components: readonly Component[]): string {
  const dead = components.filter((c) => !c.alive).map((c) => c.label);
  const rule = `A series is alive when at least ${ALIVE_MIN_MODELS} directory tools released in the ${ALIVE_WINDOW_MONTHS} release months before the dataset date have a used result in it; the alive components share the weight equally, derived at every build, and a series that stops being run keeps its data and field but leaves the aggregate.`;
  if (components.every((c) => !c.alive))
    return `${rule} No component is alive in this build, so all share the weight equally.`;
  return dead.length > 0 ? `${rule} Not alive now, so weighted 0: ${dead.join(', ')}.` : rule;
}

export function methodologyText(
  cv: CrossValidationResult,
  calibration: Calibration,
  components: readonly Component[],
  seriesNames: ReadonlyMap<string, string>,
): string {
  const name = (id: string) => seriesNames.get(id) ?? id;
  const weights = components.map((c) => `${c.label} ${Math.round(c.weight * 100)}% (${name(c.series)})`).join(', ');
  const errors = cv.perSeries
    .map((s) => {
      const coverage = calibration.perSeries.find((c) => c.series === s.series);
      return `${name(s.series)}: ${s.maeModel.toFixed(1)} points (baseline ${s.maeBaseline.toFixed(1)}, n=${s.n}, interval coverage ${coverage ? percent(coverage.share) : 'n/a'})`;
    })
    .join('; ');
  const previous = (cv.comparison ?? [])
    .map((c) => `${c.label} ${c.maeModel.toFixed(1)} vs ${c.maeOther.toFixed(1)} (n=${c.n})`)
    .join(', ');
  return [
    'Every published result is kept as published (see each model\'s results). A series holds results of one protocol: one benchmark version and task set, one harness or scaffold class, one attempt per task, and one kind of reporter (the model developer, "vendor", or someone else, "independent", are never in the same series).',
    'Within a series a model\'s value is its best standard run: runs with several attempts or parallel samples per task, "ultra"/parallel-agent modes or a benchmark changed by the reporter are never used; a run whose harness or setting is not stated is used only when the model has no standard run there; among the rest the highest value counts (the model at its best published single-attempt configuration), then the newest, then the first source.',
    `Each field is expressed on one reference series and is "measured" only when the model has a result in it; otherwise it is "estimated". ${METHOD_DESCRIPTION} The model is fitted on every usable result in the data, including reference models outside the directory.`,
    `Every estimate has an 80% prediction interval: the fitted model's predictive spread (result noise of the series, uncertainty of the model's capability from its own results, and of the series' curve, which grows away from the models the series has measured), scaled per series so that 80% of held-out measured values fall inside. Estimates outside the measured range of their series are flagged extrapolated; above the highest measured value they are capped at it, and an extrapolated estimate's interval is widened to at least the width the same spread gives inside the measured range, so the least evidence never reads as the most certainty.`,
    `Leave-one-out cross-validation over the reference series (mean absolute error in score points, versus predicting the series mean, and interval coverage): ${errors}. Overall: ${cv.overall.maeModel.toFixed(1)} vs ${cv.overall.maeBaseline.toFixed(1)} (n=${cv.overall.n}); intervals cover ${percent(calibration.overall.share)} of held-out values (target ${percent(COVERAGE_TARGET.low)}-${percent(COVERAGE_TARGET.high)}, widths set on other folds of the held-out values), ${calibration.outsideRange.n > 0 ? `${percent(calibration.outsideRange.share)} of the ${calibration.outsideRange.n} held-out values outside their series' range` : "no held-out value outside its series' range"}.`,
    previous
      ? `The previous method (coarser series mixing reporters, harnesses and attempts; best value of any configuration) on the same held-out values, this method vs previous: ${previous}.`
      : '',
    `overallScore is the weighted mean of the benchmarks whose reference series is alive: ${weights}. ${livenessText(components)} overallInterval is the 80% interval of that mean when the estimated components are drawn from their intervals (a model's estimates share one capability draw); rank orders scored tools by overallScore and rankRange gives the ranks the intervals allow. pricePerScorePoint is the blended price ((3 x input + output) / 4, USD per 1M tokens) divided by overallScore.`,
    'A tool is scored when it has at least one usable published result; unscored tools are listed with the reason.',
  ]
    .filter((p) => p.length > 0)
    .join(' ');
}
