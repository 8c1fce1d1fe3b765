import type { Objective } from './objective.ts';

export interface MinimiseOptions {
  readonly maxIterations: number;
  readonly gradientTolerance: number;
  /** Largest coordinate change of a steepest-descent step taken without curvature history. */
  readonly firstStepSize: number;
}

export interface MinimiseResult {
  readonly parameters: Float64Array;
  readonly value: number;
  readonly iterations: number;
}

const HISTORY = 10;
const ARMIJO = 1e-4;
const MAX_BACKTRACKS = 50;

/**
 * Limited-memory BFGS with a backtracking (Armijo) line search. Purely sequential arithmetic
 * on typed arrays, so the same start always yields bit-identical output. Curvature pairs that
 * are not positive (the objective is not convex in the slopes) are skipped rather than let
 * them break the descent direction.
 */
export function minimise(objective: Objective, start: Float64Array, options: MinimiseOptions): MinimiseResult {
  const n = start.length;
  let x = Float64Array.from(start);
  let gradient = new Float64Array(n);
  let value = objective(x, gradient);
  let candidate = new Float64Array(n);
  let candidateGradient = new Float64Array(n);
  const direction = new Float64Array(n);
  const alpha = new Float64Array(HISTORY);
  const steps: Float64Array[] = [];
  const gradientChanges: Float64Array[] = [];
  const curvatures: number[] = [];

  let iteration = 0;
  for (; iteration < options.maxIterations; iteration++) {
    if (maxAbs(gradient) <= options.gradientTolerance) break;

    computeDirection(gradient, steps, gradientChanges, curvatures, alpha, direction);
    let slopeAlongDirection = dot(gradient, direction);
    if (!(slopeAlongDirection < 0)) {
      steps.length = gradientChanges.length = curvatures.length = 0;
      computeDirection(gradient, steps, gradientChanges, curvatures, alpha, direction);
      slopeAlongDirection = dot(gradient, direction);
    }
    let stepSize = steps.length > 0 ? 1 : Math.min(1, options.firstStepSize / maxAbs(direction));

    let accepted = false;
    for (let backtrack = 0; backtrack < MAX_BACKTRACKS; backtrack++) {
      for (let k = 0; k < n; k++) candidate[k] = x[k]! + stepSize * direction[k]!;
      const candidateValue = objective(candidate, candidateGradient);
      if (candidateValue <= value + ARMIJO * stepSize * slopeAlongDirection) {
        rememberCurvature(x, candidate, gradient, candidateGradient, steps, gradientChanges, curvatures);
        [x, candidate] = [candidate, x];
        [gradient, candidateGradient] = [candidateGradient, gradient];
        value = candidateValue;
        accepted = true;
        break;
      }
      stepSize /= 2;
    }
    // No representable step decreases the objective any more: we are at the optimum to
    // within floating-point precision.
    if (!accepted) break;
  }
  return { parameters: x, value, iterations: iteration };
}

function computeDirection(
  gradient: Float64Array,
  steps: readonly Float64Array[],
  gradientChanges: readonly Float64Array[],
  curvatures: readonly number[],
  alpha: Float64Array,
  direction: Float64Array,
): void {
  direction.set(gradient);
  for (let j = steps.length - 1; j >= 0; j--) {
    alpha[j] = dot(steps[j]!, direction) / curvatures[j]!;
    axpy(-alpha[j]!, gradientChanges[j]!, direction);
  }
  if (steps.length > 0) {
    const newest = steps.length - 1;
    const change = gradientChanges[newest]!;
    scale(direction, curvatures[newest]! / dot(change, change));
  }
  for (let j = 0; j < steps.length; j++) {
    const beta = dot(gradientChanges[j]!, direction) / curvatures[j]!;
    axpy(alpha[j]! - beta, steps[j]!, direction);
  }
  scale(direction, -1);
}

function rememberCurvature(
  from: Float64Array,
  to: Float64Array,
  gradientBefore: Float64Array,
  gradientAfter: Float64Array,
  steps: Float64Array[],
  gradientChanges: Float64Array[],
  curvatures: number[],
): void {
  const step = to.map((value, k) => value - from[k]!);
  const change = gradientAfter.map((value, k) => value - gradientBefore[k]!);
  const curvature = dot(step, change);
  if (!(curvature > 1e-12 * Math.sqrt(dot(step, step) * dot(change, change)))) return;
  if (steps.length === HISTORY) {
    steps.shift();
    gradientChanges.shift();
    curvatures.shift();
  }
  steps.push(step);
  gradientChanges.push(change);
  curvatures.push(curvature);
}

function dot(a: Float64Array, b: Float64Array): number {
  let sum = 0;
  for (let k = 0; k < a.length; k++) sum += a[k]! * b[k]!;
  return sum;
}

function axpy(factor: number, x: Float64Array, y: Float64Array): void {
  for (let k = 0; k < y.length; k++) y[k] = y[k]! + factor * x[k]!;
}

function scale(vector: Float64Array, factor: number): void {
  for (let k = 0; k < vector.length; k++) vector[k] = vector[k]! * factor;
}

function maxAbs(vector: Float64Array): number {
  let largest = 0;
  for (let k = 0; k < vector.length; k++) largest = Math.max(largest, Math.abs(vector[k]!));
  return largest;
}
