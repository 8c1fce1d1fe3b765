import { indexObservations, type IndexedDataset } from './dataset.ts';
import { fitIndexed, initialParameters, predictFraction, type IndexedFit } from './model.ts';
import { layoutOf } from './objective.ts';
import type { CrossValidationResult, FitOptions, HeldOutValue, Observation, SeriesError } from './types.ts';
import { predictiveDistribution, uncertaintyModel } from './uncertainty.ts';

/**
 * Leave-one-out over every observation of the target series whose model has at least one OTHER
 * observation (otherwise the held-out model has no information) and whose series keeps at least
 * one (otherwise there is no baseline). Baseline = mean of that series over the remaining
 * observations. Each refit drops the held-out value by giving it weight 0, which is the same
 * objective as removing it, and starts from the full fit so it converges quickly. It runs to
 * the same gradient tolerance as a cold fit rather than for a fixed number of iterations,
 * because a stopped-early refit still remembers the held-out value through its starting point
 * (converged warm and cold refits agree to about 0.0001 points).
 *
 * Every held-out value is returned with its prediction and the refit's predictive distribution
 * (uncertainty.ts), which is what the interval calibration is measured on, and with whether it
 * lies outside the range of its series' other values (a held-out extrapolation).
 *
 * Target series with no eligible observation are left out of `perSeries`; MAEs are in points
 * (0..100) and `overall` is NaN only when nothing at all could be held out.
 */
export function leaveOneOut(
  observations: readonly Observation[],
  targetSeries: readonly string[],
  options?: FitOptions,
): CrossValidationResult {
  const dataset = indexObservations(observations);
  const { modelOf, seriesOf, target } = dataset;
  const layout = layoutOf(dataset);
  const weight = new Float64Array(target.length).fill(1);
  const fullFit = fitIndexed(dataset, weight, initialParameters(dataset, weight), options);

  const observationsPerModel = new Int32Array(layout.modelCount);
  const observationsPerSeries = new Int32Array(layout.seriesCount);
  for (let i = 0; i < target.length; i++) {
    observationsPerModel[modelOf[i]!]! += 1;
    observationsPerSeries[seriesOf[i]!]! += 1;
  }

  const heldOut: HeldOutValue[] = [];
  for (const series of [...new Set(targetSeries)]) {
    const b = dataset.seriesNames.indexOf(series);
    if (b < 0 || observationsPerSeries[b]! < 2) continue;
    for (let i = 0; i < target.length; i++) {
      if (seriesOf[i] !== b || observationsPerModel[modelOf[i]!]! < 2) continue;
      heldOut.push(predictWithout(dataset, fullFit, [i], modelOf[i]!, b, 100 * target[i]!, options));
    }
  }
  return { ...summarise(heldOut), heldOut };
}

/** A value to predict for `model` on `series` without the model's observations on `dropSeries`. */
export interface HoldOutCase {
  model: string;
  series: string;
  /** The value the prediction is judged against, points (it need not be one of the observations). */
  actual: number;
  dropSeries: readonly string[];
}

/**
 * Predicts each case from a refit without the model's observations on the case's `dropSeries`;
 * undefined where the model or series is not in the data or the model has no observation left.
 */
export function predictHoldOutCases(
  observations: readonly Observation[],
  cases: readonly HoldOutCase[],
  options?: FitOptions,
): (HeldOutValue | undefined)[] {
  const dataset = indexObservations(observations);
  const { modelOf, seriesOf, target } = dataset;
  const weight = new Float64Array(target.length).fill(1);
  const fullFit = fitIndexed(dataset, weight, initialParameters(dataset, weight), options);
  const modelIndex = new Map(dataset.modelNames.map((name, m) => [name, m]));
  const seriesIndex = new Map(dataset.seriesNames.map((name, b) => [name, b]));
  return cases.map((c) => {
    const m = modelIndex.get(c.model);
    const b = seriesIndex.get(c.series);
    if (m === undefined || b === undefined) return undefined;
    const dropped = new Set(c.dropSeries.map((name) => seriesIndex.get(name)));
    const drop: number[] = [];
    let remaining = 0;
    for (let i = 0; i < target.length; i++) {
      if (modelOf[i] !== m) continue;
      if (dropped.has(seriesOf[i]!)) drop.push(i);
      else remaining += 1;
    }
    return remaining > 0 ? predictWithout(dataset, fullFit, drop, m, b, c.actual, options) : undefined;
  });
}

/**
 * Refits without the observations `drop` (indices into `dataset`) and predicts model index `m`
 * on series index `b`, to be compared with `actual` (points). The baseline is the mean and the
 * range are those of series b's remaining observations.
 */
export function predictWithout(
  dataset: IndexedDataset,
  fullFit: IndexedFit,
  drop: readonly number[],
  m: number,
  b: number,
  actual: number,
  options?: FitOptions,
): HeldOutValue {
  const { modelOf, seriesOf, target } = dataset;
  const layout = layoutOf(dataset);
  const weight = new Float64Array(target.length).fill(1);
  for (const i of drop) weight[i] = 0;
  const refit = fitIndexed(dataset, weight, fullFit.parameters, options);
  const distribution = predictiveDistribution(
    layout,
    refit.parameters,
    uncertaintyModel(dataset, weight, refit.parameters),
    m,
    b,
  );

  let sum = 0;
  let count = 0;
  let low = Infinity;
  let high = -Infinity;
  let evidence = 0;
  for (let i = 0; i < target.length; i++) {
    if (weight[i] === 0) continue;
    if (modelOf[i] === m) evidence += 1;
    if (seriesOf[i] !== b) continue;
    const value = 100 * target[i]!;
    sum += value;
    count += 1;
    low = Math.min(low, value);
    high = Math.max(high, value);
  }
  return {
    model: dataset.modelNames[m]!,
    series: dataset.seriesNames[b]!,
    actual,
    predicted: 100 * predictFraction(layout, refit.parameters, m, b),
    baseline: count > 0 ? sum / count : Number.NaN,
    logit: distribution.logit,
    sharedScale: distribution.sharedScale,
    ownScale: distribution.ownScale,
    outsideRange: count > 0 && (actual > high || actual < low),
    evidence,
  };
}

/** Mean absolute errors per series (in order of first appearance) and overall. */
export function summarise(heldOut: readonly HeldOutValue[]): Omit<CrossValidationResult, 'heldOut'> {
  const bySeries = new Map<string, HeldOutValue[]>();
  for (const value of heldOut) bySeries.set(value.series, [...(bySeries.get(value.series) ?? []), value]);
  const perSeries: SeriesError[] = [...bySeries].map(([series, values]) => ({
    series,
    n: values.length,
    maeModel: meanAbsolute(values, (v) => v.predicted - v.actual),
    maeBaseline: meanAbsolute(values, (v) => v.baseline - v.actual),
  }));
  const n = heldOut.length;
  return {
    perSeries,
    overall: {
      n,
      maeModel: n > 0 ? meanAbsolute(heldOut, (v) => v.predicted - v.actual) : Number.NaN,
      maeBaseline: n > 0 ? meanAbsolute(heldOut, (v) => v.baseline - v.actual) : Number.NaN,
    },
  };
}

function meanAbsolute<T>(values: readonly T[], error: (value: T) => number): number {
  return values.reduce((sum, v) => sum + Math.abs(error(v)), 0) / values.length;
}
