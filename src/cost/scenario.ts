/**
 * A use case's scenario priced on one model: the build's topPickCosts (use-cases.json) and the command line's `top`
 * both call this, so the two can never price a scenario differently.
 */
import { costOf } from './engine.ts';
import type { CostResult, PricedModel } from './types.ts';

export interface ScenarioTokens {
  inputTokens: number;
  outputTokens: number;
}

/**
 * The scenario's input and output tokens at the rates in force at `at` (the list price without it). Fit is the use
 * case's call (its minimum context leaves room to spare), so the model's limits are not applied; off-peak hours are
 * left out, so the cost does not depend on the hour it is asked.
 */
export function scenarioCostOf(model: PricedModel, scenario: ScenarioTokens, at?: string): CostResult {
  return costOf(
    { ...model, contextTokens: undefined, maxOutputTokens: undefined },
    { input: scenario.inputTokens, output: scenario.outputTokens },
    { at, exclude: ['off-peak'] },
  );
}
