/** Pure price arithmetic shared by scoring, categories, use cases and clients' expectations. */
import { type PricedModel, scenarioCostOf } from '../../cost/index.ts';

export interface BasePricing {
  input: number;
  output: number;
}

export interface Scenario {
  inputTokens: number;
  outputTokens: number;
}

/** Rounds away binary noise so published numbers are the decimals a person would write. */
export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round((value + Number.EPSILON) * factor) / factor;
}

/** 3 input tokens for every output token: the usual shape of coding traffic (large prompts, shorter answers). */
export function blendedPrice(pricing: BasePricing): number {
  return roundTo((3 * pricing.input + pricing.output) / 4, 6);
}

export interface ScenarioPrice {
  /** USD, exact to the micro-dollar. */
  usd: number;
  /** Last day of the promotional rate used, or null at the list (or long-context tier) rate. */
  promotionUntil: string | null;
}

/**
 * One scenario by the cost rules (src/cost/): the long-context tier its prompt falls in, and a
 * promotion in force at `at` (the build date). Off-peak hours are left out, so a scenario's cost
 * does not depend on the hour the build ran. Without `at`, the list price.
 */
export function scenarioPrice(model: PricedModel, scenario: Scenario, at?: string): ScenarioPrice {
  const result = scenarioCostOf(model, scenario, at);
  // Input and output always have a price, and no platform is involved, so this cannot happen with valid data.
  if (result.usd === null) throw new Error(`scenario cost of ${model.id ?? 'a model'} is ${result.kind}`);
  return { usd: result.usd, promotionUntil: result.modifier?.kind === 'promotion' ? result.modifier.until : null };
}

/** USD for one scenario; a bare { input, output } price is taken as a list price with nothing else. */
export function scenarioCost(priced: BasePricing | PricedModel, scenario: Scenario, at?: string): number {
  const model: PricedModel =
    'pricingDetails' in priced
      ? priced
      : {
          pricing: { input: priced.input, output: priced.output, cacheRead: priced.input, cacheCreate: priced.input },
          pricingDetails: { caching: 'unavailable', free: false, tiers: [], modifiers: [] },
        };
  return scenarioPrice(model, scenario, at).usd;
}

/** The specification's text form: thousands of tokens, rounded to the nearest integer. */
export function contextWindowText(contextTokens: number): string {
  return `${Math.round(contextTokens / 1000)}K tokens`;
}

/** At least two decimals like a price list ("$0.50"), up to four significant digits for sub-cent prices ("$0.0028"). */
export function formatUsd(value: number): string {
  if (value === 0) return '$0';
  if (value >= 100) return `$${value.toFixed(2)}`;
  const [whole, fraction = ''] = Number(value.toPrecision(4)).toString().split('.');
  return `$${whole}.${fraction.padEnd(2, '0')}`;
}
