/** Pure price arithmetic shared by scoring, categories, use cases and clients' expectations. */
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

/** USD for one scenario at base list price. */
export function scenarioCost(pricing: BasePricing, scenario: Scenario): number {
  return roundTo((scenario.inputTokens * pricing.input + scenario.outputTokens * pricing.output) / 1_000_000, 8);
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
