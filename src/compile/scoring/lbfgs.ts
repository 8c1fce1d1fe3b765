import type { Objective } from './objective.ts';

export interface MinimiseOptions {
  readonly maxIterations: number;
  readonly gradientTolerance: number;
  /** Largest coordinate change of a step taken without curvature history. */
  readonly firstStepSize: number;
  /**
   * Diagonal estimate of the inverse Hessian. Parameters here differ in curvature by orders of
   * magnitude (a benchmark difficulty sums over many results, a capability over one or two), and
   * a scalar initial Hessian would leave the quasi-Newton updates to discover that slowly.
   */
  readonly inverseCurvature: Float64Array;
}

export interface MinimiseResult {
  readonly parameters: Float64Array;
  readonly value: number;
  readonly iterations: number;
}

const HISTORY = 10;
const ARMIJO = 1e-4;
const MAX_BACKTRACKS = 30;
/**
 * A decrease this small relative to the objective is floating-point noise: chasing a gradient
 * tolerance below what the objective's rounding allows would otherwise spin until maxIterations.
 */
const RELATIVE_DECREASE_FLOOR = 1e-15;

/** The most recent accepted steps and gradient changes, oldest first. */
interface CurvatureHistory {
  steps: Float64Array[];
  gradientChanges: Float64Array[];
  /** dot(step, gradientChange) of each pair, always > 0. */
  curvatures: number[];
}

/**
 * Limited-memory BFGS with a diagonal initial inverse Hessian and a backtracking (Armijo) line
 * search. Purely sequential arithmetic on typed arrays, so the same start always yields
 * bit-identical output. Curvature pairs that are not positive (the objective is not convex in
 * the slopes) are skipped rather than let them break the descent direction.
 */
export function minimise(objective: Objective, start: Float64Array, options: MinimiseOptions): MinimiseResult {
  const n = start.length;
  let x = Float64Array.from(start);
  let gradient = new Float64Array(n);
  let value = objective(x, gradient);
  let candidate = new Float64Array(n);
  let candidateGradient = new Float64Array(n);
  const direction = new Float64Array(n);
  const history: CurvatureHistory = { steps: [], gradientChanges: [], curvatures: [] };

  let iterations = 0;
  while (iterations < options.maxIterations && maxAbs(gradient) > options.gradientTolerance) {
    computeDirection(gradient, history, options.inverseCurvature, direction);
    let slopeAlongDirection = dot(gradient, direction);
    if (!(slopeAlongDirection < 0)) {
      history.steps.length = history.gradientChanges.length = history.curvatures.length = 0;
      computeDirection(gradient, history, options.inverseCurvature, direction);
      slopeAlongDirection = dot(gradient, direction);
    }
    const initialStep = history.steps.length > 0 ? 1 : Math.min(1, options.firstStepSize / maxAbs(direction));
    const candidateValue = backtrack(
      objective,
      x,
      value,
      direction,
      slopeAlongDirection,
      initialStep,
      candidate,
      candidateGradient,
    );
    // No step along a descent direction lowers the objective: the optimum is reached to
    // floating-point precision.
    if (candidateValue === undefined) break;

    remember(history, x, candidate, gradient, candidateGradient);
    [x, candidate] = [candidate, x];
    [gradient, candidateGradient] = [candidateGradient, gradient];
    const decrease = value - candidateValue;
    value = candidateValue;
    iterations++;
    if (decrease <= RELATIVE_DECREASE_FLOOR * Math.max(1, Math.abs(value))) break;
  }
  return { parameters: x, value, iterations };
}

/**
 * Halves the step until the Armijo sufficient-decrease condition holds. On success the point
 * and its gradient are left in `candidate` / `candidateGradient` and their value is returned.
 */
function backtrack(
  objective: Objective,
  x: Float64Array,
  value: number,
  direction: Float64Array,
  slopeAlongDirection: number,
  initialStep: number,
  candidate: Float64Array,
  candidateGradient: Float64Array,
): number | undefined {
  let stepSize = initialStep;
  for (let attempt = 0; attempt < MAX_BACKTRACKS; attempt++) {
    for (let k = 0; k < x.length; k++) candidate[k] = x[k]! + stepSize * direction[k]!;
    const candidateValue = objective(candidate, candidateGradient);
    if (candidateValue <= value + ARMIJO * stepSize * slopeAlongDirection) return candidateValue;
    stepSize /= 2;
  }
  return undefined;
}

/** L-BFGS two-loop recursion: direction = -H * gradient. */
function computeDirection(
  gradient: Float64Array,
  history: CurvatureHistory,
  inverseCurvature: Float64Array,
  direction: Float64Array,
): void {
  const { steps, gradientChanges, curvatures } = history;
  const alpha = new Float64Array(steps.length);
  direction.set(gradient);
  for (let j = steps.length - 1; j >= 0; j--) {
    alpha[j] = dot(steps[j]!, direction) / curvatures[j]!;
    axpy(-alpha[j]!, gradientChanges[j]!, direction);
  }
  for (let k = 0; k < direction.length; k++) direction[k] = direction[k]! * inverseCurvature[k]!;
  if (steps.length > 0) {
    const change = gradientChanges[steps.length - 1]!;
    let changeNorm = 0;
    for (let k = 0; k < change.length; k++) changeNorm += change[k]! * change[k]! * inverseCurvature[k]!;
    scale(direction, curvatures[steps.length - 1]! / changeNorm);
  }
  for (let j = 0; j < steps.length; j++) {
    const beta = dot(gradientChanges[j]!, direction) / curvatures[j]!;
    axpy(alpha[j]! - beta, steps[j]!, direction);
  }
  scale(direction, -1);
}

function remember(
  history: CurvatureHistory,
  from: Float64Array,
  to: Float64Array,
  gradientBefore: Float64Array,
  gradientAfter: Float64Array,
): void {
  const step = to.map((value, k) => value - from[k]!);
  const change = gradientAfter.map((value, k) => value - gradientBefore[k]!);
  const curvature = dot(step, change);
  if (!(curvature > 1e-12 * Math.sqrt(dot(step, step) * dot(change, change)))) return;
  if (history.steps.length === HISTORY) {
    history.steps.shift();
    history.gradientChanges.shift();
    history.curvatures.shift();
  }
  history.steps.push(step);
  history.gradientChanges.push(change);
  history.curvatures.push(curvature);
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
