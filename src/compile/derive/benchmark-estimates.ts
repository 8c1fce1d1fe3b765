/**
 * Per model and aggregate component: the measured value (the model's pick in the reference
 * series) or the scoring model's estimate with its calibrated 80% prediction interval.
 */
import type { ScoreDetail } from '../../schema/api.ts';
import { intervalOf, type Calibration, type FittedModel, type PredictiveDistribution } from '../scoring/index.ts';
import type { ChosenResult } from './benchmark-results.ts';
import { COMPONENT_KEYS, type Component, type ComponentKey } from './benchmark-components.ts';
import { roundTo } from './pricing.ts';

/** What the aggregate's interval needs of an estimated component, besides its published detail. */
export interface EstimateDraw {
  distribution: PredictiveDistribution;
  /** Calibrated multiplier of the predictive standard deviation for an 80% interval. */
  multiplier: number;
  /** Highest measured value of the reference series: no published estimate exceeds it. */
  ceiling: number;
  /**
   * Of an extrapolated estimate: its published (widened) interval, which the aggregate draws
   * from instead of the capped predictive distribution (benchmark-rank.ts).
   */
  spread?: { low: number; high: number };
}

export interface ComponentScore {
  detail: ScoreDetail;
  /** Unrounded published value (after the ceiling). */
  value: number;
  /** Present for an estimate. */
  draw?: EstimateDraw;
  /** Of a measured value: its sampling standard deviation in points (0 when unknown). */
  noise?: number;
}

export type ModelScores = Record<ComponentKey, ComponentScore>;

/** Lowest and highest measured (picked) value of each series, over every model in the fit. */
export function measuredRanges(chosen: readonly ChosenResult[]): Map<string, { low: number; high: number }> {
  const ranges = new Map<string, { low: number; high: number }>();
  for (const c of chosen) {
    const range = ranges.get(c.series);
    ranges.set(
      c.series,
      range
        ? { low: Math.min(range.low, c.value), high: Math.max(range.high, c.value) }
        : { low: c.value, high: c.value },
    );
  }
  return ranges;
}

export interface EstimateContext {
  fit: FittedModel;
  calibration: Calibration;
  components: readonly Component[];
  ranges: ReadonlyMap<string, { low: number; high: number }>;
  /** Task-set size per series, where the benchmark states it. */
  tasks: ReadonlyMap<string, number>;
}

/** Every component of one model (`model` is its results slug; `measured` its picks by series). */
export function scoreModel(
  context: EstimateContext,
  model: string,
  measured: ReadonlyMap<string, ChosenResult>,
): ModelScores {
  const scores = {} as ModelScores;
  for (const key of COMPONENT_KEYS) {
    const component = context.components.find((c) => c.key === key)!;
    const hit = measured.get(component.series);
    scores[key] = hit
      ? measuredScore(hit, context.tasks.get(hit.series))
      : estimatedScore(context, model, component.series);
  }
  return scores;
}

/**
 * Sampling error of a measured value, in points: from the 95% confidence interval the result
 * states, else binomial over the benchmark's task set (an upper bound of run-to-run noise:
 * averaging trials only lowers it), else unknown (0).
 */
export function measurementNoise(hit: Pick<ChosenResult, 'variant' | 'value'>, tasks: number | undefined): number {
  const stated = /95% CI \+\/-\s*([\d.]+)\s*pp/i.exec(hit.variant);
  if (stated) return Number(stated[1]) / 1.959963984540054;
  if (tasks === undefined) return 0;
  const p = hit.value / 100;
  return 100 * Math.sqrt((p * (1 - p)) / tasks);
}

function measuredScore(hit: ChosenResult, tasks: number | undefined): ComponentScore {
  return {
    value: hit.value,
    noise: measurementNoise(hit, tasks),
    detail: {
      kind: 'measured',
      value: hit.value,
      series: hit.series,
      source: hit.source,
      date: hit.date,
      variant: hit.variant,
      reportedBy: hit.reportedBy,
      runClass: hit.runClass === 'unstated' ? 'unstated' : 'standard',
      interval: null,
      extrapolated: false,
      evidence: hit.reportedBy === 'independent' ? 'independent-measured' : 'developer-reported',
    },
  };
}

/**
 * The estimate on the reference series and its interval at the series' calibrated multiplier.
 * Outside the measured range of the series the estimate is `extrapolated`; above the highest
 * measured value the value is capped at it, because beyond the best model a series has measured
 * neither the curve's shape nor the benchmark's ceiling (broken or ambiguous tasks keep saturated
 * benchmarks well below 100) has been observed. Below the lowest measured value nothing is
 * capped: a weak model scoring lower than any measured one is plausible. Where the series has
 * seen the least, the interval must not claim the most: an extrapolated estimate's interval is
 * widened to at least inRangeWidth (extrapolatedInterval).
 */
function estimatedScore(context: EstimateContext, model: string, series: string): ComponentScore {
  const distribution = context.fit.predictDistribution(model, series);
  const range = context.ranges.get(series);
  if (!distribution || !range) throw new Error(`cannot estimate ${series} for ${model}: no fitted capability`);
  const multiplier =
    context.calibration.multipliers.find((m) => m.series === series)?.multiplier ??
    context.calibration.pooledMultiplier;
  const point = 100 / (1 + Math.exp(-distribution.logit));
  const value = Math.min(point, range.high);
  const extrapolated = point > range.high || point < range.low;
  const raw = intervalOf(distribution, multiplier);
  const interval = extrapolated ? extrapolatedInterval(raw, value, inRangeWidth(distribution, multiplier, range)) : raw;
  // Rounding a capped value up (64.85 to 64.9) would publish it above the best measured value it is capped at.
  const rounded = roundTo(value, 1);
  const shown = rounded > range.high ? Math.floor(range.high * 10 + 1e-9) / 10 : rounded;
  const published = publishedInterval(interval, shown);
  return {
    value,
    draw: { distribution, multiplier, ceiling: range.high, ...(extrapolated ? { spread: published } : {}) },
    detail: {
      kind: 'estimated',
      value: shown,
      series,
      source: null,
      date: null,
      variant: null,
      reportedBy: null,
      runClass: null,
      interval: { ...published, level: 0.8 },
      extrapolated,
      evidence: 'estimated',
    },
  };
}

interface Interval {
  low: number;
  high: number;
}

/**
 * Width in points of the widest 80% interval the same predictive spread gives for an estimate
 * inside the measured range [range.low, range.high] (widest where the logit is nearest 0, i.e.
 * the estimate nearest 50).
 */
export function inRangeWidth(distribution: PredictiveDistribution, multiplier: number, range: Interval): number {
  const logit = (points: number) => Math.log(points / (100 - points));
  const clampPoints = (points: number) => Math.min(99.5, Math.max(0.5, points));
  const centre = Math.min(logit(clampPoints(range.high)), Math.max(logit(clampPoints(range.low)), 0));
  const inRange = intervalOf({ ...distribution, logit: centre }, multiplier);
  return inRange.high - inRange.low;
}

/**
 * The interval of an extrapolated estimate: the raw interval, grown around `value` to at least
 * `width` points and kept within 0..100 (shifted inward at a bound), so it always contains the
 * published value and is never narrower than an in-range interval of the same spread.
 */
export function extrapolatedInterval(raw: Interval, value: number, width: number): Interval {
  const w = Math.min(100, width);
  let low = Math.min(raw.low, value, value - w / 2);
  let high = Math.max(raw.high, value, value + w / 2);
  if (low < 0) [low, high] = [0, Math.min(100, high - low)];
  if (high > 100) [low, high] = [Math.max(0, low - (high - 100)), 100];
  return { low, high };
}

/**
 * Rounded to the published 0.1 points without collapsing: an estimate's interval always
 * contains its value and has low < high (a rounding to one point would read as certainty).
 */
export function publishedInterval(interval: Interval, value: number): Interval {
  let low = roundTo(Math.min(interval.low, value), 1);
  let high = roundTo(Math.max(interval.high, value), 1);
  if (high - low < 0.1) {
    if (high < 100) high = roundTo(low + 0.1, 1);
    else low = roundTo(high - 0.1, 1);
  }
  return { low, high };
}

/**
 * Published estimates whose interval claims certainty (low = high) or does not contain the value:
 * the build refuses them. Empty for a sound document.
 */
export function falsePrecision(
  models: readonly { modelId: string; scoreDetails: Record<string, ScoreDetail> }[],
): string[] {
  return models.flatMap((m) =>
    Object.entries(m.scoreDetails).flatMap(([field, d]) => {
      if (d.kind !== 'estimated') return [];
      const i = d.interval;
      if (i && i.low < i.high && i.low <= d.value && d.value <= i.high) return [];
      return [
        `${m.modelId}.scoreDetails.${field}: estimate ${d.value} with interval ${i ? `${i.low}-${i.high}` : 'none'}`,
      ];
    }),
  );
}
