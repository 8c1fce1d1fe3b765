import { indexObservations, type IndexedDataset } from './dataset.ts';
import { minimise } from './lbfgs.ts';
import { resolveFitOptions } from './method.ts';
import {
  createObjective,
  difficultyOffset,
  inverseCurvatureAt,
  layoutOf,
  logSlopeOffset,
  parameterCount,
  type ParameterLayout,
} from './objective.ts';
import type { FitOptions, FittedModel, Observation } from './types.ts';
import { predictiveDistribution, uncertaintyModel } from './uncertainty.ts';

/** Scores of exactly 0 or 100 would have an infinite logit; this only shapes the starting point. */
const INITIAL_LOGIT_CLAMP = 0.01;

export interface IndexedFit {
  readonly parameters: Float64Array;
  /** Objective per unit of observation weight. */
  readonly loss: number;
  readonly iterations: number;
}

export function fitCapabilityModel(
  observations: readonly Observation[],
  options?: FitOptions,
  warmStart?: FittedModel,
): FittedModel {
  const dataset = indexObservations(observations);
  const weight = new Float64Array(dataset.target.length).fill(1);
  const start = initialParameters(dataset, weight, warmStart);
  const fit = fitIndexed(dataset, weight, start, options);
  return toFittedModel(dataset, fit, weight);
}

/** Minimises the objective over `dataset` with per-observation `weight`, starting at `start`. */
export function fitIndexed(
  dataset: IndexedDataset,
  weight: Float64Array,
  start: Float64Array,
  options?: FitOptions,
): IndexedFit {
  const resolved = resolveFitOptions(options);
  const penalties = {
    capability: resolved.l2Capability,
    difficulty: resolved.l2Difficulty,
    logSlope: resolved.l2LogSlope,
  };
  const result = minimise(createObjective(dataset, weight, penalties), start, {
    maxIterations: resolved.iterations,
    gradientTolerance: resolved.gradientTolerance,
    firstStepSize: resolved.learningRate,
    inverseCurvature: inverseCurvatureAt(dataset, weight, penalties, start),
  });
  const totalWeight = weight.reduce((sum, w) => sum + w, 0);
  return {
    parameters: result.parameters,
    loss: totalWeight > 0 ? result.value / totalWeight : 0,
    iterations: result.iterations,
  };
}

/** Predicted score fraction (0..1) of model index `model` on series index `series`. */
export function predictFraction(
  layout: ParameterLayout,
  parameters: Float64Array,
  model: number,
  series: number,
): number {
  const slope = Math.exp(parameters[logSlopeOffset(layout) + series]!);
  const gap = parameters[model]! - parameters[difficultyOffset(layout) + series]!;
  return sigmoid(slope * gap);
}

/**
 * Warm-started parameters are copied by name; everything else starts from the observed
 * scores: a series' difficulty at minus its mean logit score (slope 1), a model's capability
 * at the mean of the capabilities its scores imply given those difficulties and slopes.
 */
export function initialParameters(
  dataset: IndexedDataset,
  weight: Float64Array,
  warmStart?: FittedModel,
): Float64Array {
  const layout = layoutOf(dataset);
  const dOffset = difficultyOffset(layout);
  const sOffset = logSlopeOffset(layout);
  const parameters = new Float64Array(parameterCount(layout));
  const { modelOf, seriesOf, target } = dataset;
  const logits = target.map((y) => logit(Math.min(Math.max(y, INITIAL_LOGIT_CLAMP), 1 - INITIAL_LOGIT_CLAMP)));

  const logitSum = new Float64Array(layout.seriesCount);
  const seriesWeight = new Float64Array(layout.seriesCount);
  for (let i = 0; i < target.length; i++) {
    logitSum[seriesOf[i]!]! += weight[i]! * logits[i]!;
    seriesWeight[seriesOf[i]!]! += weight[i]!;
  }
  dataset.seriesNames.forEach((name, b) => {
    const warmDifficulty = warmStart?.difficulty.get(name);
    const warmSlope = warmStart?.slope.get(name);
    if (warmDifficulty !== undefined && warmSlope !== undefined) {
      parameters[dOffset + b] = warmDifficulty;
      parameters[sOffset + b] = Math.log(warmSlope);
    } else {
      parameters[dOffset + b] = seriesWeight[b]! > 0 ? -logitSum[b]! / seriesWeight[b]! : 0;
    }
  });

  const impliedSum = new Float64Array(layout.modelCount);
  const modelWeight = new Float64Array(layout.modelCount);
  for (let i = 0; i < target.length; i++) {
    const b = seriesOf[i]!;
    const implied = logits[i]! / Math.exp(parameters[sOffset + b]!) + parameters[dOffset + b]!;
    impliedSum[modelOf[i]!]! += weight[i]! * implied;
    modelWeight[modelOf[i]!]! += weight[i]!;
  }
  dataset.modelNames.forEach((name, m) => {
    const warmCapability = warmStart?.capability.get(name);
    parameters[m] = warmCapability ?? (modelWeight[m]! > 0 ? impliedSum[m]! / modelWeight[m]! : 0);
  });
  return parameters;
}

export function toFittedModel(dataset: IndexedDataset, fit: IndexedFit, weight: Float64Array): FittedModel {
  const layout = layoutOf(dataset);
  const { parameters } = fit;
  const uncertainty = uncertaintyModel(dataset, weight, parameters);
  const modelIndex = new Map(dataset.modelNames.map((name, m) => [name, m]));
  const seriesIndex = new Map(dataset.seriesNames.map((name, b) => [name, b]));
  return {
    capability: new Map(dataset.modelNames.map((name, m) => [name, parameters[m]!])),
    difficulty: new Map(dataset.seriesNames.map((name, b) => [name, parameters[difficultyOffset(layout) + b]!])),
    slope: new Map(dataset.seriesNames.map((name, b) => [name, Math.exp(parameters[logSlopeOffset(layout) + b]!)])),
    predict(model, series) {
      const m = modelIndex.get(model);
      const b = seriesIndex.get(series);
      if (m === undefined || b === undefined) return undefined;
      return 100 * predictFraction(layout, parameters, m, b);
    },
    predictDistribution(model, series) {
      const m = modelIndex.get(model);
      const b = seriesIndex.get(series);
      if (m === undefined || b === undefined) return undefined;
      return predictiveDistribution(layout, parameters, uncertainty, m, b);
    },
    loss: fit.loss,
    iterations: fit.iterations,
  };
}

function sigmoid(x: number): number {
  if (x >= 0) return 1 / (1 + Math.exp(-x));
  const e = Math.exp(x);
  return e / (1 + e);
}

function logit(p: number): number {
  return Math.log(p / (1 - p));
}
