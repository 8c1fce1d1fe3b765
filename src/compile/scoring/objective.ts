import type { IndexedDataset } from './dataset.ts';

/**
 * All parameters live in one Float64Array so the optimiser can treat them as a plain vector:
 * capabilities first, then difficulties, then log-slopes.
 */
export interface ParameterLayout {
  readonly modelCount: number;
  readonly seriesCount: number;
}

export function layoutOf(dataset: IndexedDataset): ParameterLayout {
  return { modelCount: dataset.modelNames.length, seriesCount: dataset.seriesNames.length };
}

export const difficultyOffset = (layout: ParameterLayout): number => layout.modelCount;
export const logSlopeOffset = (layout: ParameterLayout): number => layout.modelCount + layout.seriesCount;
export const parameterCount = (layout: ParameterLayout): number => layout.modelCount + 2 * layout.seriesCount;

export interface Penalties {
  readonly capability: number;
  readonly difficulty: number;
  readonly logSlope: number;
}

function penaltyOf(layout: ParameterLayout, penalties: Penalties, parameterIndex: number): number {
  if (parameterIndex < difficultyOffset(layout)) return penalties.capability;
  return parameterIndex < logSlopeOffset(layout) ? penalties.difficulty : penalties.logSlope;
}

/** Fills `gradient` and returns the objective value at `parameters`. */
export type Objective = (parameters: Float64Array, gradient: Float64Array) => number;

/**
 * Sum over observations of the binary KL divergence between observed and predicted score
 * fractions (cross-entropy minus the target's own entropy, so a perfect fit scores 0), plus
 * L2 penalties. Cross-entropy is convex in the logit, so its gradient never vanishes on a
 * confidently wrong prediction the way squared error in probability space does.
 *
 * `weight` lets cross-validation drop an observation (weight 0) without re-indexing.
 */
export function createObjective(dataset: IndexedDataset, weight: Float64Array, penalties: Penalties): Objective {
  const layout = layoutOf(dataset);
  const { modelOf, seriesOf, target } = dataset;
  const dOffset = difficultyOffset(layout);
  const sOffset = logSlopeOffset(layout);
  const count = parameterCount(layout);
  const targetEntropy = target.map(binaryEntropy);
  const slope = new Float64Array(layout.seriesCount);

  return (parameters, gradient) => {
    for (let b = 0; b < layout.seriesCount; b++) slope[b] = Math.exp(parameters[sOffset + b]!);

    let value = 0;
    for (let k = 0; k < count; k++) {
      const penalty = penaltyOf(layout, penalties, k);
      const parameter = parameters[k]!;
      value += penalty * parameter * parameter;
      gradient[k] = 2 * penalty * parameter;
    }

    for (let i = 0; i < target.length; i++) {
      const w = weight[i]!;
      if (w === 0) continue;
      const m = modelOf[i]!;
      const b = seriesOf[i]!;
      const s = slope[b]!;
      const y = target[i]!;
      const gap = parameters[m]! - parameters[dOffset + b]!;
      const logit = s * gap;
      const e = Math.exp(-Math.abs(logit));
      const softplus = Math.max(logit, 0) + Math.log1p(e);
      const p = logit >= 0 ? 1 / (1 + e) : e / (1 + e);
      value += w * (softplus - y * logit - targetEntropy[i]!);
      const dLogit = w * (p - y);
      gradient[m] = gradient[m]! + dLogit * s;
      gradient[dOffset + b] = gradient[dOffset + b]! - dLogit * s;
      gradient[sOffset + b] = gradient[sOffset + b]! + dLogit * logit;
    }
    return value;
  };
}

/**
 * Inverse of the Gauss-Newton diagonal of the objective's Hessian at `parameters`: a cheap,
 * always-positive curvature estimate per parameter, used to precondition the optimiser.
 */
export function inverseCurvatureAt(
  dataset: IndexedDataset,
  weight: Float64Array,
  penalties: Penalties,
  parameters: Float64Array,
): Float64Array {
  const layout = layoutOf(dataset);
  const { modelOf, seriesOf, target } = dataset;
  const dOffset = difficultyOffset(layout);
  const sOffset = logSlopeOffset(layout);
  const curvature = new Float64Array(parameterCount(layout));
  for (let k = 0; k < curvature.length; k++) {
    curvature[k] = 2 * penaltyOf(layout, penalties, k);
  }
  for (let i = 0; i < target.length; i++) {
    const m = modelOf[i]!;
    const b = seriesOf[i]!;
    const s = Math.exp(parameters[sOffset + b]!);
    const logit = s * (parameters[m]! - parameters[dOffset + b]!);
    const p = 1 / (1 + Math.exp(-logit));
    const logitCurvature = weight[i]! * p * (1 - p);
    curvature[m]! += logitCurvature * s * s;
    curvature[dOffset + b]! += logitCurvature * s * s;
    curvature[sOffset + b]! += logitCurvature * logit * logit;
  }
  // Zero only with a zero penalty and saturated predictions; fall back to an unscaled step.
  return curvature.map((c) => (c > 0 ? 1 / c : 1));
}

function binaryEntropy(y: number): number {
  const xLogX = (x: number): number => (x > 0 ? x * Math.log(x) : 0);
  return -(xLogX(y) + xLogX(1 - y));
}
