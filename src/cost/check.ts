/**
 * Refusing pricing data the cost rules cannot be applied to, naming the model and the field: a
 * wrong answer from broken data is worse than no answer.
 */
import { DAY_SHAPE } from '../schema/calendar.ts';
import { CostError } from './errors.ts';
import { minutesOfDay, startOfUtcDay } from './time.ts';
import type { CachingMode, PricedModel, RateSetLike, UtcWindowLike } from './types.ts';

const CACHING_MODES: ReadonlySet<string> = new Set<CachingMode>([
  'write-premium',
  'no-write-premium',
  'write-discount',
  'unavailable',
]);
const TIER_SEMANTICS: ReadonlySet<string> = new Set(['whole-request']);
const MODIFIER_KINDS: ReadonlySet<string> = new Set(['promotion', 'off-peak', 'batch']);

function invalidData(where: string, problem: string): CostError {
  return new CostError('invalid-data', `${where} ${problem}`);
}

function checkPrice(value: unknown, where: string, optional = false): void {
  if (optional && value === undefined) return;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
    throw invalidData(where, `must be a number >= 0 (USD per 1M tokens), got ${String(value)}`);
}

function checkRateSet(set: RateSetLike, where: string): void {
  checkPrice(set.input, `${where}.input`);
  checkPrice(set.output, `${where}.output`);
  checkPrice(set.cacheRead, `${where}.cacheRead`, true);
  checkPrice(set.cacheCreate, `${where}.cacheCreate`, true);
  checkPrice(set.cacheCreate1h, `${where}.cacheCreate1h`, true);
}

/** Tiers: positive thresholds in ascending order, a known semantics, valid prices. */
function checkTiers(name: string, tiers: PricedModel['pricingDetails']['tiers']): void {
  tiers.forEach((tier, index) => {
    const where = `${name}: pricingDetails.tiers[${index}]`;
    if (!Number.isSafeInteger(tier.aboveTokens) || tier.aboveTokens <= 0)
      throw invalidData(`${where}.aboveTokens`, `must be a positive integer, got ${String(tier.aboveTokens)}`);
    const previous = tiers[index - 1];
    if (previous && tier.aboveTokens <= previous.aboveTokens)
      throw invalidData(
        `${where}.aboveTokens`,
        `(${tier.aboveTokens}) must be above the previous tier's ${previous.aboveTokens}: tiers are listed by ascending threshold`,
      );
    if (!TIER_SEMANTICS.has(tier.semantics))
      throw invalidData(`${where}.semantics`, `"${String(tier.semantics)}" is not a tier semantics the rules know`);
    checkRateSet(tier, where);
  });
}

/** Modifiers: a known kind, valid prices, dates in order, off-peak windows that are not empty. */
function checkModifiers(name: string, modifiers: PricedModel['pricingDetails']['modifiers']): void {
  modifiers.forEach((modifier, index) => {
    const where = `${name}: pricingDetails.modifiers[${index}]`;
    if (!MODIFIER_KINDS.has(modifier.kind))
      throw invalidData(`${where}.kind`, `"${String(modifier.kind)}" is not a modifier kind the rules know`);
    checkRateSet(modifier, where);
    for (const field of ['from', 'until'] as const) {
      const value = modifier[field];
      if (value !== undefined && (typeof value !== 'string' || !DAY_SHAPE.test(value)))
        throw invalidData(`${where}.${field}`, `must be a date YYYY-MM-DD, got ${String(value)}`);
      if (value !== undefined) startOfUtcDay(value);
    }
    if (modifier.from !== undefined && modifier.until !== undefined && modifier.from > modifier.until)
      throw invalidData(`${where}.from`, `(${modifier.from}) is after until (${modifier.until})`);
    if (modifier.windowsUtc !== undefined) {
      if (modifier.kind !== 'off-peak')
        throw invalidData(`${where}.windowsUtc`, 'is only meaningful on an off-peak rate');
      const windows = modifier.windowsUtc;
      if (!Array.isArray(windows) || windows.length === 0)
        throw invalidData(`${where}.windowsUtc`, 'must list at least one window');
      windows.forEach((window: UtcWindowLike, w: number) => {
        if (minutesOfDay(window.start) === minutesOfDay(window.end))
          throw invalidData(`${where}.windowsUtc[${w}]`, 'must have different start and end');
      });
    }
  });
}

/**
 * Refuses pricing data the rules cannot be applied to, naming the field: a wrong answer from
 * broken data is worse than no answer. Called by every entry point.
 */
export function checkPricedModel(model: PricedModel): void {
  const name = typeof model?.id === 'string' ? model.id : 'model';
  if (!model || typeof model.pricing !== 'object' || typeof model.pricingDetails !== 'object')
    throw invalidData(name, 'needs pricing and pricingDetails');
  const { pricing, pricingDetails: details } = model;
  for (const field of ['input', 'output', 'cacheRead', 'cacheCreate'] as const)
    checkPrice(pricing[field], `${name}: pricing.${field}`);
  if (!CACHING_MODES.has(details.caching))
    throw invalidData(
      `${name}: pricingDetails.caching`,
      `"${String(details.caching)}" is not a caching mode the rules know`,
    );
  if (typeof details.free !== 'boolean') throw invalidData(`${name}: pricingDetails.free`, 'must be a boolean');
  checkPrice(details.cacheCreate1h, `${name}: pricingDetails.cacheCreate1h`, true);
  if (!Array.isArray(details.tiers) || !Array.isArray(details.modifiers))
    throw invalidData(`${name}: pricingDetails`, 'needs tiers and modifiers arrays');
  checkTiers(name, details.tiers);
  checkModifiers(name, details.modifiers);
}
