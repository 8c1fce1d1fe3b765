import type { Observation } from './types.ts';

/**
 * Observations in canonical order with integer indices, so the hot loop touches only typed
 * arrays and the floating-point summation order never depends on the caller's input order.
 */
export interface IndexedDataset {
  readonly modelNames: readonly string[];
  readonly seriesNames: readonly string[];
  readonly modelOf: Int32Array;
  readonly seriesOf: Int32Array;
  /** Score as a fraction in 0..1. */
  readonly target: Float64Array;
}

export function indexObservations(observations: readonly Observation[]): IndexedDataset {
  for (const observation of observations) assertValid(observation);
  const sorted = [...observations].sort(compareObservations);
  const modelNames = sortedUnique(sorted.map((o) => o.model));
  const seriesNames = sortedUnique(sorted.map((o) => o.series));
  const modelIndex = indexByName(modelNames);
  const seriesIndex = indexByName(seriesNames);
  const modelOf = new Int32Array(sorted.length);
  const seriesOf = new Int32Array(sorted.length);
  const target = new Float64Array(sorted.length);
  sorted.forEach((observation, i) => {
    modelOf[i] = modelIndex.get(observation.model)!;
    seriesOf[i] = seriesIndex.get(observation.series)!;
    target[i] = observation.value / 100;
  });
  return { modelNames, seriesNames, modelOf, seriesOf, target };
}

function assertValid(observation: Observation): void {
  const { model, series, value } = observation;
  if (!Number.isFinite(value) || value < 0 || value > 100) {
    throw new RangeError(`score of ${model} on ${series} must be a number in 0..100, got ${value}`);
  }
}

/** Code-unit comparison: unlike localeCompare it cannot vary between machines. */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareObservations(a: Observation, b: Observation): number {
  return compareStrings(a.model, b.model) || compareStrings(a.series, b.series) || a.value - b.value;
}

function sortedUnique(names: readonly string[]): string[] {
  return [...new Set(names)].sort(compareStrings);
}

function indexByName(names: readonly string[]): Map<string, number> {
  return new Map(names.map((name, i) => [name, i]));
}
