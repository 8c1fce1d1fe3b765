/**
 * Whether one request fits a model: a prompt or an output beyond the model's limits is refused by
 * the provider, so pricing it would be a figure for a request nobody can make. The limits are read
 * from the model (a published Tool has them); a model that states none is not checked.
 */
import { CostError } from './errors.ts';
import type { LimitExcess, PricedModel } from './types.ts';

function limitOf(model: PricedModel, field: 'contextTokens' | 'maxOutputTokens'): number | null {
  const value = model[field];
  if (value === undefined || value === null) return null;
  if (!Number.isSafeInteger(value) || value <= 0)
    throw new CostError(
      'invalid-data',
      `${model.id ?? 'model'}: ${field} must be a whole number of tokens > 0, got ${String(value)}`,
    );
  return value;
}

/**
 * The limits one request with `prompt` prompt tokens and `output` output tokens goes over: the
 * prompt alone, then the prompt with the output, against the context window; the output against
 * the output limit. Empty when it fits.
 */
export function limitExcesses(model: PricedModel, prompt: number, output: number): LimitExcess[] {
  const context = limitOf(model, 'contextTokens');
  const maxOutput = limitOf(model, 'maxOutputTokens');
  const excesses: LimitExcess[] = [];
  if (context !== null && prompt > context)
    excesses.push({ limit: 'contextTokens', measure: 'prompt', tokens: prompt, max: context });
  else if (context !== null && prompt + output > context)
    excesses.push({ limit: 'contextTokens', measure: 'prompt+output', tokens: prompt + output, max: context });
  if (maxOutput !== null && output > maxOutput)
    excesses.push({ limit: 'maxOutputTokens', measure: 'output', tokens: output, max: maxOutput });
  return excesses;
}

const WHAT: Record<LimitExcess['measure'], string> = {
  prompt: 'prompt',
  'prompt+output': 'prompt plus output',
  output: 'output',
};

/** A warning naming the limit and the value, and what to do about it. */
export function excessWarning(excess: LimitExcess, requests: number): string {
  const limit = excess.limit === 'contextTokens' ? 'context window' : 'output limit';
  const advice =
    excess.measure === 'output'
      ? 'ask for fewer output tokens per request'
      : requests === 1
        ? 'give the usage of one request and the number of requests (`requests`)'
        : 'make the requests smaller and more of them';
  return `One request's ${WHAT[excess.measure]} of ${excess.tokens} tokens exceeds the model's ${limit} of ${excess.max} tokens (${excess.limit}); it cannot be made, so no total is given: ${advice}.`;
}
