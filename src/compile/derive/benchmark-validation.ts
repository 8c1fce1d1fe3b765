/**
 * The slow, cached part of the benchmarks derivation: leave-one-out over the reference series
 * of the aggregate (for the error and the interval calibration), and the same held-out values
 * predicted by the previous method, so the build can report both.
 */
import type { ResultsFile, SeriesFile } from '../../schema/source.ts';
import {
  leaveOneOut,
  predictHoldOutCases,
  type CrossValidationResult,
  type HeldOutValue,
  type HoldOutCase,
  type MethodComparison,
  type Observation,
} from '../scoring/index.ts';
import { chooseObservations } from './benchmark-results.ts';
import { referenceComponents, SEED_FIELDS, type SeedField } from './benchmark-components.ts';

type Series = SeriesFile['series'][number];

/**
 * The previous method (until the 2026-11 series split), kept only to measure the new one
 * against it: series were coarser (developer-reported and independent results together,
 * mini-SWE-agent 1.x and 2.x together, every LiveCodeBench window together, every Terminal-Bench
 * harness together), each model's highest value in a series was used whatever the number of
 * attempts, and a seed field was measured from the first of several series that had a value.
 */
const LEGACY_SERIES: Readonly<Record<string, string>> = Object.freeze({
  'swe-bench-verified-vendor': 'swe-bench-verified',
  'swe-bench-verified-open-scaffold': 'swe-bench-verified',
  'swe-bench-verified-vals': 'swe-bench-verified',
  'swe-bench-verified-bash-only-v1': 'swe-bench-verified-bash-only',
  'swe-bench-verified-bash-only-v2': 'swe-bench-verified-bash-only',
  'swe-bench-pro-vendor': 'swe-bench-pro',
  'swe-bench-pro-scale': 'swe-bench-pro',
  'swe-bench-pro-qwen-refined': 'swe-bench-pro',
  'aider-polyglot-vendor': 'aider-polyglot',
  'livecodebench-v5-leaderboard': 'livecodebench',
  'livecodebench-v6-leaderboard': 'livecodebench',
  'livecodebench-vendor-v5': 'livecodebench',
  'livecodebench-vendor-v6': 'livecodebench',
  'livecodebench-vendor-other': 'livecodebench',
  'humaneval-evalplus': 'humaneval',
  'humaneval-vendor': 'humaneval',
  'humaneval-plus-vendor': 'humaneval-plus',
  'bigcodebench-vendor-hard': 'bigcodebench-vendor',
  'terminal-bench-1-neutral': 'terminal-bench-1',
  'terminal-bench-1-agent': 'terminal-bench-1',
  'terminal-bench-1-vendor': 'terminal-bench-1',
  'terminal-bench-2-terminus': 'terminal-bench-2',
  'terminal-bench-2-agent': 'terminal-bench-2',
  'terminal-bench-2-vendor': 'terminal-bench-2',
  'terminal-bench-2-1-terminus': 'terminal-bench-2-1',
  'terminal-bench-2-1-agent': 'terminal-bench-2-1',
  'terminal-bench-2-1-vendor': 'terminal-bench-2-1',
  'terminal-bench-4-vendor': 'terminal-bench-4',
});

/** The previous seed series in priority order; the first is the one an estimate was made on. */
const LEGACY_SEED_SERIES: Readonly<Record<SeedField, readonly string[]>> = Object.freeze({
  sweBench: ['swe-bench-verified', 'swe-bench-verified-bash-only', 'swe-bench-verified-epoch'],
  liveCodeBench: ['livecodebench', 'livecodebench-aa'],
  humanEval: ['humaneval'],
  bigCodeBench: ['bigcodebench-complete-full', 'bigcodebench-instruct-full'],
});

/** The previous observations: coarse series, highest value of any configuration. */
export function legacyObservations(results: readonly ResultsFile[]): Observation[] {
  const best = new Map<string, Observation>();
  for (const file of results)
    for (const result of file.results) {
      const series = LEGACY_SERIES[result.series] ?? result.series;
      const key = `${file.model}\u0000${series}`;
      if ((best.get(key)?.value ?? -1) < result.value)
        best.set(key, { model: file.model, series, value: result.value });
    }
  const order = (a: Observation, b: Observation) =>
    a.model < b.model ? -1 : a.model > b.model ? 1 : a.series < b.series ? -1 : a.series > b.series ? 1 : 0;
  return [...best.values()].sort(order);
}

/** Everything the cross-validation reads, for the cache key (cv-cache.ts). */
export function crossValidationInput(series: readonly Series[], results: readonly ResultsFile[]) {
  return {
    observations: chooseObservations(results).map((c) => [c.model, c.series, c.value]),
    targets: referenceComponents(series).map((c) => [c.key, c.series]),
    legacy: legacyObservations(results).map((o) => [o.model, o.series, o.value]),
  };
}

/**
 * Leave-one-out of the new method over the aggregate's reference series, and for each seed
 * field what the previous method would have published for the same held-out model had its
 * reference value been missing: its value from another seed series when it had one there (the
 * previous method called that "measured"), else its estimate from a refit without the model's
 * seed-series values. Both are judged against the held-out reference value.
 */
export function crossValidate(
  observations: readonly Observation[],
  series: readonly Series[],
  results: readonly ResultsFile[],
): CrossValidationResult {
  const components = referenceComponents(series);
  const result = leaveOneOut(
    observations,
    components.map((c) => c.series),
  );
  const comparison: MethodComparison[] = [];
  const legacy = legacyObservations(results);
  const filesByModel = new Map(results.map((f) => [f.model, f]));
  for (const field of SEED_FIELDS) {
    const reference = components.find((c) => c.key === field)!.series;
    const values = result.heldOut.filter((v) => v.series === reference);
    const previous = new Map<HeldOutValue, number>();
    const cases: { value: HeldOutValue; holdOut: HoldOutCase }[] = [];
    for (const value of values) {
      const file = filesByModel.get(value.model)!;
      const without = { ...file, results: file.results.filter((r) => r.series !== reference) };
      const cells = new Map(legacyObservations([without]).map((o) => [o.series, o.value]));
      const measured = LEGACY_SEED_SERIES[field].find((s) => cells.has(s));
      if (measured) previous.set(value, cells.get(measured)!);
      else
        cases.push({
          value,
          holdOut: {
            model: value.model,
            series: LEGACY_SEED_SERIES[field][0]!,
            actual: value.actual,
            dropSeries: LEGACY_SEED_SERIES[field],
          },
        });
    }
    const predicted = predictHoldOutCases(
      legacy,
      cases.map((c) => c.holdOut),
    );
    cases.forEach((c, i) => {
      if (predicted[i]) previous.set(c.value, predicted[i].predicted);
    });
    const both = values.filter((v) => previous.has(v));
    const mean = (error: (v: HeldOutValue) => number) =>
      both.reduce((sum, v) => sum + Math.abs(error(v)), 0) / both.length;
    comparison.push({
      label: field,
      series: reference,
      n: both.length,
      maeModel: mean((v) => v.predicted - v.actual),
      maeOther: mean((v) => previous.get(v)! - v.actual),
      maeBaseline: mean((v) => v.baseline - v.actual),
    });
  }
  return { ...result, comparison };
}
