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
    },
  };
}

/**
 * The estimate on the reference series and its interval at the series' calibrated multiplier.
 * Outside the measured range of the series the estimate is `extrapolated`; above the highest
 * measured value the value and the interval are capped at it, because beyond the best model a
 * series has measured neither the curve's shape nor the benchmark's ceiling (broken or
 * ambiguous tasks keep saturated benchmarks well below 100) has been observed. Below the lowest
 * measured value nothing is capped: a weak model scoring lower than any measured one is
 * plausible, and its interval says how uncertain that is.
 */
function estimatedScore(context: EstimateContext, model: string, series: string): ComponentScore {
  const distribution = context.fit.predictDistribution(model, series);
  const range = context.ranges.get(series);
  if (!distribution || !range) throw new Error(`cannot estimate ${series} for ${model}: no fitted capability`);
  const multiplier =
    context.calibration.multipliers.find((m) => m.series === series)?.multiplier ??
    context.calibration.pooledMultiplier;
  const point = 100 / (1 + Math.exp(-distribution.logit));
  const raw = intervalOf(distribution, multiplier);
  const cap = (x: number) => Math.min(x, range.high);
  const value = cap(point);
  return {
    value,
    draw: { distribution, multiplier, ceiling: range.high },
    detail: {
      kind: 'estimated',
      value: roundTo(value, 1),
      series,
      source: null,
      date: null,
      variant: null,
      reportedBy: null,
      runClass: null,
      interval: { low: roundTo(cap(raw.low), 1), high: roundTo(cap(raw.high), 1), level: 0.8 },
      extrapolated: point > range.high || point < range.low,
    },
  };
}
