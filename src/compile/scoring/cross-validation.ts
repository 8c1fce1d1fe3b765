import { indexObservations } from './dataset.ts';
import { fitIndexed, initialParameters, predictFraction } from './model.ts';
import { layoutOf } from './objective.ts';
import type { CrossValidationResult, FitOptions, Observation, SeriesError } from './types.ts';

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
  const seriesSum = new Float64Array(layout.seriesCount);
  for (let i = 0; i < target.length; i++) {
    observationsPerModel[modelOf[i]!]! += 1;
    observationsPerSeries[seriesOf[i]!]! += 1;
    seriesSum[seriesOf[i]!]! += target[i]!;
  }

  const perSeries: SeriesError[] = [];
  for (const series of new Set(targetSeries)) {
    const b = dataset.seriesNames.indexOf(series);
    if (b < 0 || observationsPerSeries[b]! < 2) continue;
    let n = 0;
    let modelErrorSum = 0;
    let baselineErrorSum = 0;
    for (let i = 0; i < target.length; i++) {
      if (seriesOf[i] !== b || observationsPerModel[modelOf[i]!]! < 2) continue;
      weight[i] = 0;
      const refit = fitIndexed(dataset, weight, fullFit.parameters, options);
      weight[i] = 1;
      const predicted = predictFraction(layout, refit.parameters, modelOf[i]!, b);
      const baseline = (seriesSum[b]! - target[i]!) / (observationsPerSeries[b]! - 1);
      modelErrorSum += Math.abs(predicted - target[i]!);
      baselineErrorSum += Math.abs(baseline - target[i]!);
      n += 1;
    }
    if (n > 0) perSeries.push({ series, n, maeModel: (100 * modelErrorSum) / n, maeBaseline: (100 * baselineErrorSum) / n });
  }

  const n = perSeries.reduce((sum, entry) => sum + entry.n, 0);
  const weightedSum = (pick: (entry: SeriesError) => number): number =>
    perSeries.reduce((sum, entry) => sum + pick(entry) * entry.n, 0);
  return {
    perSeries,
    overall: {
      n,
      maeModel: n > 0 ? weightedSum((e) => e.maeModel) / n : Number.NaN,
      maeBaseline: n > 0 ? weightedSum((e) => e.maeBaseline) / n : Number.NaN,
    },
  };
}
