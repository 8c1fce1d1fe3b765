import type { FitOptions } from './types.ts';

export const DEFAULT_FIT_OPTIONS: Readonly<Required<FitOptions>> = Object.freeze({
  iterations: 2000,
  // Sized so one observation moves a capability most of the way to its own logit while
  // still pulling models with a single, extreme score toward the average model.
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
  'Missing benchmark scores are estimated with a one-factor latent capability model, as in Epoch AI\'s benchmark stitching: ' +
  'each model has one capability, each benchmark a difficulty and a positive slope, and the expected score is ' +
  '100 × sigmoid(slope × (capability − difficulty)). ' +
  'Parameters minimise the binomial cross-entropy between observed and predicted scores (read as fractions) plus small L2 ' +
  'penalties that pull capabilities, difficulties and log-slopes toward 0, which keeps models with a single score stable. ' +
  'The fit is deterministic: full-batch L-BFGS from a fixed, data-derived starting point, run until the gradient vanishes; ' +
  'accuracy is measured by leave-one-out cross-validation against the benchmark mean.';
