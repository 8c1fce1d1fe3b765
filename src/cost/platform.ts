/**
 * How the platform a request goes through bills it (rule 9): which catalogue entry applies, whose
 * per-token price, and the factor on it. Pure, like the rest of the engine.
 */
import { decimalOf, type Decimal } from './decimal.ts';
import { CostError } from './errors.ts';
import type { BillingKind, CostResult, PlatformBillingLike, PlatformLike, PricedModel } from './types.ts';

const BILLING_KINDS: ReadonlySet<string> = new Set<BillingKind>([
  'included',
  'premium-multiplier',
  'credit-multiplier',
  'per-token',
  'byok',
]);
const NOT_PER_TOKEN: ReadonlySet<string> = new Set<BillingKind>([
  'included',
  'premium-multiplier',
  'credit-multiplier',
]);

/** Whether a platform bills this way per request, in credits or within a plan: no USD price per token. */
export function billsWithoutTokenPrice(billing: BillingKind): boolean {
  return NOT_PER_TOKEN.has(billing);
}

function checkFactor(value: unknown, field: string): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0)
    throw new CostError('invalid-platform', `platform ${field} must be a number > 0 or null, got ${String(value)}`);
  return value;
}

/** How the platform a request goes through bills it, as far as the cost of the request goes. */
export interface PlatformTerms {
  /** null without a platform: the provider's own price. */
  platform: CostResult['platform'];
  /** Whose per-token price applies; null when the platform does not bill per token (no USD figure). */
  basis: CostResult['basis'];
  /** Factor on the provider's per-token price, where the platform states one. */
  factor: Decimal | null;
}

/**
 * Checks the platform billing entry and reads its terms, pushing what the result must warn
 * about. Without a platform the provider's own price applies.
 */
export function platformTerms(
  model: PricedModel,
  platform: PlatformBillingLike | undefined,
  warnings: string[],
): PlatformTerms {
  if (platform === undefined) return { platform: null, basis: 'provider', factor: null };
  if (!platform || !BILLING_KINDS.has(platform.billing))
    throw new CostError('invalid-platform', `"${String(platform?.billing)}" is not a billing kind the rules know`);
  if (platform.toolId !== undefined && model.id !== undefined && platform.toolId !== model.id)
    throw new CostError(
      'invalid-platform',
      `the platform billing entry is for "${platform.toolId}", not "${model.id}"`,
    );
  const multiplier = checkFactor(platform.multiplier, 'multiplier');
  const priceFactor = checkFactor(platform.priceFactor, 'priceFactor');
  const terms = { platform: { billing: platform.billing, multiplier, priceFactor }, basis: null, factor: null };
  if (NOT_PER_TOKEN.has(platform.billing)) {
    if (platform.billing !== 'included' && multiplier === null)
      warnings.push('The platform publishes no multiplier for this model.');
    return terms;
  }
  if (platform.billing === 'byok') return { ...terms, basis: 'byok' };
  if (priceFactor === null)
    warnings.push("The platform's own per-token rate is not in the data; the provider's price was used.");
  if (multiplier !== null)
    warnings.push(
      `The platform's multiplier (${multiplier}) is not a per-token price factor (its meaning differs by platform) and was not applied.`,
    );
  return { ...terms, basis: 'platform-per-token', factor: priceFactor === null ? null : decimalOf(priceFactor) };
}

/**
 * How a platform bills a tool: its own catalogue entry first, else bring-your-own-key when the
 * platform lists the tool's provider for it, else null (not offered).
 */
export function billingOn(
  platform: PlatformLike,
  tool: { id: string; providerId?: string },
): PlatformBillingLike | null {
  const entry = platform.toolBilling.find((b) => b.toolId === tool.id);
  if (entry) return entry;
  if (tool.providerId !== undefined && platform.byok?.providers.includes(tool.providerId))
    return { toolId: tool.id, billing: 'byok', multiplier: null };
  return null;
}
