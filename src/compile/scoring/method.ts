import type { FitOptions } from './types.ts';

export const DEFAULT_FIT_OPTIONS: Readonly<Required<FitOptions>> = Object.freeze({
  iterations: 2000,
  // Small: a single score still moves its model's capability nearly all the way to where it
  // fits. The penalties exist to give scores of 0 or 100 (no finite optimum) and the otherwise
  // free overall scale a finite answer; leave-one-out error on the real data barely changes
  // between 0.001 and 0.1.
  l2Capability: 0.01,
  l2Difficulty: 0.01,
  // Stronger, because a slope is only weakly identified for a series with few models.
  l2LogSlope: 0.1,
  learningRate: 0.1,
  gradientTolerance: 1e-6,
});

export function resolveFitOptions(options: FitOptions | undefined): Required<FitOptions> {
  return { ...DEFAULT_FIT_OPTIONS, ...stripUndefined(options ?? {}) };
}

function stripUndefined(options: FitOptions): FitOptions {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
}

export const METHOD_DESCRIPTION =
  "Missing benchmark scores are estimated with a one-factor latent capability model, as in Epoch AI's benchmark stitching: " +
  'each model has one capability, each benchmark a difficulty and a positive slope, and the expected score is ' +
  '100 × sigmoid(slope × (capability − difficulty)). ' +
  'Parameters minimise the binomial cross-entropy between observed and predicted scores (read as fractions) plus small L2 ' +
  'penalties that pull capabilities, difficulties and log-slopes toward 0, which keeps models with a single score stable. ' +
  'The fit is deterministic: full-batch, diagonally preconditioned L-BFGS from a fixed starting point derived from the ' +
  'scores, run until the gradient vanishes.';
