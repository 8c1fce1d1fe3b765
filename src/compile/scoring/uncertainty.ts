import type { IndexedDataset } from './dataset.ts';
import { difficultyOffset, layoutOf, logSlopeOffset, type ParameterLayout } from './objective.ts';
import type { PredictiveDistribution } from './types.ts';

/**
 * How uncertain a prediction of the fitted model is, on the logit scale of the score.
 *
 * The point fit minimises a binomial loss; for the uncertainty each result is read as
 * logit(score) = slope_b × (capability_m − difficulty_b) + noise, the noise of series b having
 * variance σ²_b. Within a series this is a straight line in the capability, so a new result of
 * model m on series b varies as a prediction from a fitted line does:
 *
 *   σ²_b  +  slope_b² · V(capability_m)  +  V(centre_b)  +  (η − centre_b)² · V(log slope_b)
 *
 * η is the predicted logit, centre_b the mean predicted logit of the series' results, and each V
 * the inverse of the Fisher information of that parameter alone (diagonal approximation: the
 * covariances between parameters are ignored) with a weak prior. The first two terms are the
 * scatter of one result and what the model's own results say about its capability (a model with
 * one result gets a wide interval); the last two shrink as the series grows and, through
 * (η − centre)², widen with the distance from the models the series has measured, so an
 * extrapolated estimate is less certain than an interpolated one. The absolute scale of these
 * approximations is not trusted: the build multiplies it by a factor calibrated on held-out
 * values (calibration.ts).
 */
export interface UncertaintyModel {
  /** Residual variance σ²_b per series index. */
  readonly residualVariance: Float64Array;
  /** V(capability) per model index. */
  readonly capabilityVariance: Float64Array;
  /** Mean predicted logit of each series' results, and its variance. */
  readonly centre: Float64Array;
  readonly centreVariance: Float64Array;
  readonly logSlopeVariance: Float64Array;
  /** Observations with non-zero weight per model index. */
  readonly observationsPerModel: Int32Array;
}

/** Scores are clamped to 0.5..99.5% before taking logits, so 0 and 100 stay finite. */
export const LOGIT_CLAMP = 0.005;
/** Pseudo-observations pulling each series' residual variance toward the pooled one. */
const VARIANCE_PRIOR_WEIGHT = 5;
/** Prior precision of a series' centre (sd 10 logits: nearly flat) and of a log slope (sd 1). */
const CENTRE_PRIOR_PRECISION = 0.01;
const LOG_SLOPE_PRIOR_PRECISION = 1;

export function clampedLogit(fraction: number): number {
  const p = Math.min(Math.max(fraction, LOGIT_CLAMP), 1 - LOGIT_CLAMP);
  return Math.log(p / (1 - p));
}

/** Predicted logit of model index `m` on series index `b`. */
export function predictedLogit(layout: ParameterLayout, parameters: Float64Array, m: number, b: number): number {
  const slope = Math.exp(parameters[logSlopeOffset(layout) + b]!);
  return slope * (parameters[m]! - parameters[difficultyOffset(layout) + b]!);
}

export function uncertaintyModel(
  dataset: IndexedDataset,
  weight: Float64Array,
  parameters: Float64Array,
): UncertaintyModel {
  const layout = layoutOf(dataset);
  const { modelOf, seriesOf, target } = dataset;
  const slope = (b: number) => Math.exp(parameters[logSlopeOffset(layout) + b]!);

  const observationsPerModel = new Int32Array(layout.modelCount);
  const observationsPerSeries = new Int32Array(layout.seriesCount);
  const centre = new Float64Array(layout.seriesCount);
  for (let i = 0; i < target.length; i++) {
    if (weight[i] === 0) continue;
    observationsPerModel[modelOf[i]!]! += 1;
    observationsPerSeries[seriesOf[i]!]! += 1;
    centre[seriesOf[i]!]! += predictedLogit(layout, parameters, modelOf[i]!, seriesOf[i]!);
  }
  for (let b = 0; b < layout.seriesCount; b++)
    centre[b] = observationsPerSeries[b]! > 0 ? centre[b]! / observationsPerSeries[b]! : 0;
  const residualVariance = residualVariances(dataset, weight, parameters, observationsPerModel);

  // Population prior of a capability: the spread of the capabilities of well-measured models.
  const wellMeasured: number[] = [];
  for (let m = 0; m < layout.modelCount; m++) if (observationsPerModel[m]! >= 3) wellMeasured.push(parameters[m]!);
  const capabilityPrecision = 1 / Math.max(variance(wellMeasured), 0.25);

  const capabilityInformation = new Float64Array(layout.modelCount).fill(capabilityPrecision);
  const centreInformation = new Float64Array(layout.seriesCount).fill(CENTRE_PRIOR_PRECISION);
  const logSlopeInformation = new Float64Array(layout.seriesCount).fill(LOG_SLOPE_PRIOR_PRECISION);
  for (let i = 0; i < target.length; i++) {
    if (weight[i] === 0) continue;
    const m = modelOf[i]!;
    const b = seriesOf[i]!;
    const s = slope(b);
    const fromCentre = predictedLogit(layout, parameters, m, b) - centre[b]!;
    capabilityInformation[m]! += (s * s) / residualVariance[b]!;
    centreInformation[b]! += 1 / residualVariance[b]!;
    logSlopeInformation[b]! += (fromCentre * fromCentre) / residualVariance[b]!;
  }
  return {
    residualVariance,
    capabilityVariance: capabilityInformation.map((x) => 1 / x),
    centre,
    centreVariance: centreInformation.map((x) => 1 / x),
    logSlopeVariance: logSlopeInformation.map((x) => 1 / x),
    observationsPerModel,
  };
}

/**
 * Residual variance per series from the models with at least two results (a model with one
 * result fits it exactly). A residual of a model with n results is shrunk by about 1/n, hence
 * the degrees of freedom; small series borrow strength from the pooled variance.
 */
function residualVariances(
  dataset: IndexedDataset,
  weight: Float64Array,
  parameters: Float64Array,
  observationsPerModel: Int32Array,
): Float64Array {
  const layout = layoutOf(dataset);
  const { modelOf, seriesOf, target } = dataset;
  const squares = new Float64Array(layout.seriesCount);
  const freedom = new Float64Array(layout.seriesCount);
  for (let i = 0; i < target.length; i++) {
    const m = modelOf[i]!;
    const n = observationsPerModel[m]!;
    if (weight[i] === 0 || n < 2) continue;
    const b = seriesOf[i]!;
    const residual = clampedLogit(target[i]!) - predictedLogit(layout, parameters, m, b);
    squares[b]! += residual * residual;
    freedom[b]! += 1 - 1 / n;
  }
  const pooledFreedom = freedom.reduce((sum, f) => sum + f, 0);
  const pooled = pooledFreedom > 0 ? squares.reduce((sum, s) => sum + s, 0) / pooledFreedom : 1;
  return squares.map((s, b) => (s + VARIANCE_PRIOR_WEIGHT * pooled) / (freedom[b]! + VARIANCE_PRIOR_WEIGHT));
}

export function predictiveDistribution(
  layout: ParameterLayout,
  parameters: Float64Array,
  uncertainty: UncertaintyModel,
  m: number,
  b: number,
): PredictiveDistribution {
  const s = Math.exp(parameters[logSlopeOffset(layout) + b]!);
  const logit = predictedLogit(layout, parameters, m, b);
  const fromCentre = logit - uncertainty.centre[b]!;
  const own =
    uncertainty.residualVariance[b]! +
    uncertainty.centreVariance[b]! +
    fromCentre * fromCentre * uncertainty.logSlopeVariance[b]!;
  return { logit, sharedScale: s * Math.sqrt(uncertainty.capabilityVariance[m]!), ownScale: Math.sqrt(own) };
}

/** Total standard deviation of a predictive distribution. */
export function totalScale(distribution: PredictiveDistribution): number {
  return Math.hypot(distribution.sharedScale, distribution.ownScale);
}

function variance(values: readonly number[]): number {
  if (values.length < 2) return 0;
  const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
  return values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / (values.length - 1);
}
