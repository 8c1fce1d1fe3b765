/** A predicted result on the logit scale, split into what is shared across series and what is not (uncertainty.ts). */
export interface PredictiveDistribution {
  /** Predicted logit of the score fraction. */
  readonly logit: number;
  /** Standard deviation from the model's capability alone (the same draw for every series). */
  readonly sharedScale: number;
  /** Standard deviation of everything else (series noise and series parameters). */
  readonly ownScale: number;
}

/** A published benchmark result: `value` is a percentage score in 0..100. */
export interface Observation {
  model: string;
  series: string;
  value: number;
}

export interface FitOptions {
  /** Upper bound on L-BFGS iterations; the fit usually stops earlier on `gradientTolerance`. */
  iterations?: number;
  /** L2 penalty pulling each model's capability toward 0 (the average model). */
  l2Capability?: number;
  /** L2 penalty pulling each series' difficulty toward 0. */
  l2Difficulty?: number;
  /** L2 penalty pulling each series' log-slope toward 0 (slope 1). */
  l2LogSlope?: number;
  /**
   * Largest parameter change of the first step, taken before L-BFGS has any curvature
   * information; later step lengths come from the quasi-Newton model.
   */
  learningRate?: number;
  /** The fit stops once no partial derivative of the objective exceeds this in magnitude. */
  gradientTolerance?: number;
}

export interface FittedModel {
  capability: ReadonlyMap<string, number>;
  difficulty: ReadonlyMap<string, number>;
  slope: ReadonlyMap<string, number>;
  /** Predicted score in 0..100; undefined if the model or the series was not in the fit. */
  predict(model: string, series: string): number | undefined;
  /**
   * Predicted logit of a new result of `model` on `series` and its uncertainty before
   * calibration (uncertainty.ts); undefined if the model or the series was not in the fit.
   */
  predictDistribution(model: string, series: string): PredictiveDistribution | undefined;
  /** Minimised objective divided by the number of observations. */
  loss: number;
  /** L-BFGS iterations actually run. */
  iterations: number;
}

export interface SeriesError {
  series: string;
  n: number;
  maeModel: number;
  maeBaseline: number;
}

/** One held-out value and what the model fitted without it predicts (uncertainty.ts). */
export interface HeldOutValue {
  model: string;
  series: string;
  /** Held-out value, points. */
  actual: number;
  /** Prediction of the refit, points. */
  predicted: number;
  /** Mean of the series' remaining values, points. */
  baseline: number;
  /** Predicted logit and the two parts of its standard deviation, before calibration. */
  logit: number;
  sharedScale: number;
  ownScale: number;
  /** The held-out value lies outside the range of the series' remaining values. */
  outsideRange: boolean;
  /** How many other results of the model the prediction used. */
  evidence: number;
}

/**
 * Another method's error on the same held-out values (the build compares the previous method);
 * `n` counts the values both methods could predict, and the MAEs are over those.
 */
export interface MethodComparison {
  /** What the values are, e.g. a field name. */
  label: string;
  series: string;
  n: number;
  maeModel: number;
  maeOther: number;
  maeBaseline: number;
}

export interface CrossValidationResult {
  perSeries: SeriesError[];
  overall: { n: number; maeModel: number; maeBaseline: number };
  heldOut: HeldOutValue[];
  comparison?: MethodComparison[];
}
