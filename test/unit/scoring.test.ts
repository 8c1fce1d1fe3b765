import { describe, it, expect } from 'vitest';
import {
  COVERAGE_TARGET,
  DEFAULT_FIT_OPTIONS,
  METHOD_DESCRIPTION,
  calibrate,
  fitCapabilityModel,
  intervalOf,
  leaveOneOut,
  standardisedError,
  type FittedModel,
  type Observation,
} from '../../src/compile/scoring/index.ts';

/** Small seeded PRNG so the synthetic benchmark table is the same on every run. */
function mulberry32(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Synthetic {
  observations: Observation[];
  unobserved: Observation[];
  trueCapability: Map<string, number>;
  models: string[];
  series: string[];
}

/**
 * 60 models x 6 series generated from known capabilities, difficulties and slopes, with
 * logit-space noise; about 40% of cells are published. Every model gets at least one score.
 */
function syntheticBenchmarks(seed = 20240611): Synthetic {
  const random = mulberry32(seed);
  const gaussian = (): number => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const models = Array.from({ length: 60 }, (_, m) => `model-${String(m).padStart(2, '0')}`);
  const series = ['aider', 'bigcode', 'humaneval', 'livecode', 'swe-bench', 'terminal'];
  const difficulty = [-0.5, 0.5, -2, 0, 1.2, 2];
  const slope = [1, 1.3, 0.8, 1.1, 0.9, 1.4];
  const trueCapability = new Map(models.map((model) => [model, 1.5 * gaussian()]));
  const observations: Observation[] = [];
  const unobserved: Observation[] = [];
  for (const model of models) {
    const forcedSeries = Math.floor(random() * series.length);
    series.forEach((name, b) => {
      const logit = slope[b]! * (trueCapability.get(model)! - difficulty[b]!);
      const value = 100 / (1 + Math.exp(-(logit + 0.15 * gaussian())));
      const published = b === forcedSeries || random() < 0.33;
      (published ? observations : unobserved).push({ model, series: name, value });
    });
  }
  return { observations, unobserved, trueCapability, models, series };
}

function ranks(values: readonly number[]): number[] {
  const order = values.map((value, i) => ({ value, i })).sort((a, b) => a.value - b.value);
  const rank = new Array<number>(values.length);
  order.forEach(({ i }, position) => {
    rank[i] = position;
  });
  return rank;
}

function spearman(a: readonly number[], b: readonly number[]): number {
  const ra = ranks(a);
  const rb = ranks(b);
  const n = a.length;
  const sumSquaredDifference = ra.reduce((sum, r, i) => sum + (r - rb[i]!) ** 2, 0);
  return 1 - (6 * sumSquaredDifference) / (n * (n * n - 1));
}

function meanAbsoluteError(pairs: readonly (readonly [number, number])[]): number {
  return pairs.reduce((sum, [a, b]) => sum + Math.abs(a - b), 0) / pairs.length;
}

function shuffled<T>(items: readonly T[], seed: number): T[] {
  const random = mulberry32(seed);
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

function allPredictions(fit: FittedModel, models: readonly string[], series: readonly string[]): string {
  return JSON.stringify({
    predictions: models.map((model) => series.map((name) => fit.predict(model, name))),
    capability: [...fit.capability],
    difficulty: [...fit.difficulty],
    slope: [...fit.slope],
    loss: fit.loss,
  });
}

const data = syntheticBenchmarks();
const fit = fitCapabilityModel(data.observations);
/** The expensive part, computed once and shared by every block below. */
const syntheticLeaveOneOut = leaveOneOut(data.observations, data.series);

describe('synthetic data', () => {
  it('has the intended shape', () => {
    const share = data.observations.length / (data.models.length * data.series.length);
    expect(share).toBeGreaterThan(0.35);
    expect(share).toBeLessThan(0.5);
    expect(new Set(data.observations.map((o) => o.model)).size).toBe(data.models.length);
  });
});

describe('fitCapabilityModel', () => {
  it('recovers the ranking of capabilities and fits the observed scores', () => {
    const estimated = data.models.map((model) => fit.capability.get(model)!);
    const truth = data.models.map((model) => data.trueCapability.get(model)!);
    expect(spearman(estimated, truth)).toBeGreaterThan(0.9);

    const observedError = meanAbsoluteError(data.observations.map((o) => [fit.predict(o.model, o.series)!, o.value]));
    expect(observedError).toBeLessThan(3);
    expect(fit.iterations).toBeGreaterThan(0);
    expect(fit.iterations).toBeLessThan(DEFAULT_FIT_OPTIONS.iterations);
    expect(Number.isFinite(fit.loss)).toBe(true);
  });

  it('predicts unobserved cells far better than the per-series mean', () => {
    const seriesMean = new Map(
      data.series.map((name) => {
        const values = data.observations.filter((o) => o.series === name).map((o) => o.value);
        return [name, values.reduce((sum, v) => sum + v, 0) / values.length];
      }),
    );
    const modelError = meanAbsoluteError(data.unobserved.map((o) => [fit.predict(o.model, o.series)!, o.value]));
    const baselineError = meanAbsoluteError(data.unobserved.map((o) => [seriesMean.get(o.series)!, o.value]));
    expect(modelError).toBeLessThan(0.4 * baselineError);
    expect(modelError).toBeLessThan(8);
  });

  it('gives bit-identical output for any input order', () => {
    const reference = allPredictions(fit, data.models, data.series);
    for (const seed of [1, 2, 3]) {
      const refit = fitCapabilityModel(shuffled(data.observations, seed));
      expect(allPredictions(refit, data.models, data.series)).toBe(reference);
    }
  });

  it('returns undefined for unknown models or series and scores within 0..100 otherwise', () => {
    expect(fit.predict('no-such-model', 'humaneval')).toBeUndefined();
    expect(fit.predict('model-00', 'no-such-series')).toBeUndefined();
    for (const model of data.models) {
      for (const name of data.series) {
        const value = fit.predict(model, name)!;
        expect(value).toBeGreaterThanOrEqual(0);
        expect(value).toBeLessThanOrEqual(100);
      }
    }
  });

  it('keeps a model with a single (even perfect or zero) score finite', () => {
    const withLoners = [
      ...data.observations,
      { model: 'perfect-once', series: 'humaneval', value: 100 },
      { model: 'zero-once', series: 'terminal', value: 0 },
      { model: 'typical-once', series: 'swe-bench', value: 50 },
    ];
    const lonerFit = fitCapabilityModel(withLoners);
    for (const model of ['perfect-once', 'zero-once', 'typical-once']) {
      expect(Number.isFinite(lonerFit.capability.get(model))).toBe(true);
      for (const name of data.series) expect(Number.isFinite(lonerFit.predict(model, name))).toBe(true);
    }
    expect(lonerFit.capability.get('perfect-once')!).toBeGreaterThan(lonerFit.capability.get('typical-once')!);
    expect(lonerFit.predict('typical-once', 'swe-bench')!).toBeCloseTo(50, -1);
  });

  it('reaches the same optimum from a warm start, in fewer iterations', () => {
    const reduced = data.observations.filter((_, i) => i % 10 !== 3);
    const cold = fitCapabilityModel(reduced);
    const warm = fitCapabilityModel(reduced, undefined, fit);
    expect(warm.iterations).toBeLessThan(cold.iterations);
    for (const model of data.models) {
      for (const name of data.series) {
        expect(Math.abs(warm.predict(model, name)! - cold.predict(model, name)!)).toBeLessThan(0.01);
      }
    }
  });

  it('pulls harder toward the average model when the capability penalty is larger', () => {
    const spread = (model: FittedModel): number => Math.max(...[...model.capability.values()].map(Math.abs));
    const strong = fitCapabilityModel(data.observations, { l2Capability: 1 });
    expect(spread(strong)).toBeLessThan(spread(fit));
  });

  it('rejects scores outside 0..100', () => {
    expect(() => fitCapabilityModel([{ model: 'a', series: 'b', value: 101 }])).toThrow(RangeError);
    expect(() => fitCapabilityModel([{ model: 'a', series: 'b', value: Number.NaN }])).toThrow(RangeError);
  });

  it('handles no observations', () => {
    const empty = fitCapabilityModel([]);
    expect(empty.predict('a', 'b')).toBeUndefined();
    expect(empty.capability.size).toBe(0);
  });
});

describe('leaveOneOut', () => {
  const result = syntheticLeaveOneOut;

  it('beats the series mean on every series with enough held-out values', () => {
    const evaluated = result.perSeries.filter((entry) => entry.n >= 5);
    expect(evaluated.length).toBe(data.series.length);
    for (const entry of evaluated) {
      expect(Number.isFinite(entry.maeModel)).toBe(true);
      expect(Number.isFinite(entry.maeBaseline)).toBe(true);
      expect(entry.maeModel).toBeLessThan(entry.maeBaseline);
    }
    expect(result.overall.n).toBe(result.perSeries.reduce((sum, entry) => sum + entry.n, 0));
    expect(result.overall.maeModel).toBeLessThan(0.5 * result.overall.maeBaseline);
  });

  it('holds out only values whose model has another score', () => {
    const scoresPerModel = new Map<string, number>();
    for (const o of data.observations) scoresPerModel.set(o.model, (scoresPerModel.get(o.model) ?? 0) + 1);
    const eligible = data.observations.filter((o) => o.series === 'swe-bench' && scoresPerModel.get(o.model)! > 1);
    expect(result.perSeries.find((entry) => entry.series === 'swe-bench')!.n).toBe(eligible.length);
  });

  it('matches refitting from scratch without each held-out value', () => {
    const target = 'terminal';
    const scoresPerModel = new Map<string, number>();
    for (const o of data.observations) scoresPerModel.set(o.model, (scoresPerModel.get(o.model) ?? 0) + 1);
    const errors: number[] = [];
    const baselineErrors: number[] = [];
    for (const heldOut of data.observations) {
      if (heldOut.series !== target || scoresPerModel.get(heldOut.model)! < 2) continue;
      const rest = data.observations.filter((o) => o !== heldOut);
      const others = rest.filter((o) => o.series === target).map((o) => o.value);
      errors.push(Math.abs(fitCapabilityModel(rest).predict(heldOut.model, target)! - heldOut.value));
      baselineErrors.push(Math.abs(others.reduce((sum, v) => sum + v, 0) / others.length - heldOut.value));
    }
    const mean = (values: number[]): number => values.reduce((sum, v) => sum + v, 0) / values.length;
    const entry = result.perSeries.find((e) => e.series === target)!;
    expect(entry.n).toBe(errors.length);
    expect(entry.maeModel).toBeCloseTo(mean(errors), 2);
    expect(entry.maeBaseline).toBeCloseTo(mean(baselineErrors), 10);
  });

  it('returns every held-out value with its prediction and predictive spread', () => {
    expect(result.heldOut.length).toBe(result.overall.n);
    for (const value of result.heldOut) {
      expect(value.sharedScale).toBeGreaterThan(0);
      expect(value.ownScale).toBeGreaterThan(0);
      expect(value.evidence).toBeGreaterThanOrEqual(1);
      expect(Math.abs(value.predicted - 100 / (1 + Math.exp(-value.logit)))).toBeLessThan(1e-9);
    }
  });

  it('skips target series with nothing to hold out', () => {
    const single = [
      { model: 'a', series: 'x', value: 10 },
      { model: 'a', series: 'y', value: 20 },
    ];
    const empty = leaveOneOut(single, ['x', 'unknown']);
    expect(empty.perSeries).toEqual([]);
    expect(empty.overall.n).toBe(0);
  });
});

describe('interval calibration on synthetic data where the truth is known', () => {
  // Well-specified data: generated by the model itself, with logit-scale noise; the
  // leave-one-out is the one computed once for the whole file.
  const heldOut = syntheticLeaveOneOut.heldOut;

  it('passes the coverage check with the calibrated widths', () => {
    const calibration = calibrate(heldOut);
    expect(calibration.overall.n).toBe(heldOut.length);
    expect(calibration.overall.share).toBeGreaterThanOrEqual(COVERAGE_TARGET.low);
    expect(calibration.overall.share).toBeLessThanOrEqual(COVERAGE_TARGET.high);
    expect(calibration.passes).toBe(true);
  });

  it('fails the check when the widths are deliberately too narrow, or too wide', () => {
    const narrow = calibrate(heldOut, { widthFactor: 0.5 });
    expect(narrow.overall.share).toBeLessThan(COVERAGE_TARGET.low);
    expect(narrow.passes).toBe(false);
    const wide = calibrate(heldOut, { widthFactor: 2.5 });
    expect(wide.overall.share).toBeGreaterThan(COVERAGE_TARGET.high);
    expect(wide.passes).toBe(false);
  });

  it('is roughly right before calibration: the parametric 80% width covers about 80% of held-out values', () => {
    const errors = heldOut.map(standardisedError);
    const covered = errors.filter((z) => z <= 1.2815515655446004).length / errors.length;
    expect(covered).toBeGreaterThan(0.6);
    expect(covered).toBeLessThan(0.95);
  });

  it('maps a predictive distribution to an interval around the prediction', () => {
    const interval = intervalOf({ logit: 0, sharedScale: 0.3, ownScale: 0.4 }, 1.2815515655446004);
    expect(interval.low).toBeCloseTo(100 / (1 + Math.exp(0.5 * 1.2815515655446004)), 10);
    expect(interval.low + interval.high).toBeCloseTo(100, 10);
  });
});

describe('METHOD_DESCRIPTION', () => {
  it('is a short plain-English paragraph', () => {
    const sentences = METHOD_DESCRIPTION.split(/(?<=\.)\s+/).filter((s) => s.length > 0);
    expect(sentences.length).toBeGreaterThanOrEqual(2);
    expect(sentences.length).toBeLessThanOrEqual(4);
  });
});
