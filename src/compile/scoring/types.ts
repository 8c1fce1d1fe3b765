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

export interface CrossValidationResult {
  perSeries: SeriesError[];
  overall: { n: number; maeModel: number; maeBaseline: number };
}
