/**
 * The cost rules (README "Cost rules"): which rates are in force for a request at an instant,
 * and what the request costs, per token class, in micro-dollars. Every function is pure: the
 * instant is an argument, never the clock.
 */
import { decimalOf, multiply, roundHalfUp, toNumber, type Decimal } from './decimal.ts';
import { checkPricedModel } from './check.ts';
import { CostError } from './errors.ts';
import { excessWarning, limitExcesses } from './fit.ts';
import { platformTerms } from './platform.ts';
import { outsidePriceRecord } from './price-record.ts';
import { endOfUtcDay, instantOf, inUtcWindow, isoOf, startOfUtcDay } from './time.ts';
import {
  TOKEN_CLASSES,
  type AppliedModifier,
  type AppliedTier,
  type CachingMode,
  type CostLine,
  type CostOptions,
  type CostResult,
  type LimitExcess,
  type PricedModel,
  type RateOptions,
  type Rates,
  type RateSetLike,
  type TimedModifierKind,
  type TokenClass,
  type Usage,
} from './types.ts';

type Counts = Record<TokenClass, number>;

function countsOf(usage: Usage): Counts {
  if (usage === null || typeof usage !== 'object')
    throw new CostError('invalid-usage', 'usage must be an object of token counts');
  const counts: Counts = {
    input: usage.input,
    output: usage.output,
    cacheRead: usage.cacheRead ?? 0,
    cacheWrite: usage.cacheWrite ?? 0,
    cacheWrite1h: usage.cacheWrite1h ?? 0,
  };
  for (const tokenClass of TOKEN_CLASSES) {
    const value = counts[tokenClass];
    if (!Number.isSafeInteger(value) || value < 0)
      throw new CostError(
        'invalid-usage',
        `usage.${tokenClass} must be a whole number of tokens >= 0, got ${String(value)}`,
      );
  }
  if (usage.batch !== undefined && typeof usage.batch !== 'boolean')
    throw new CostError('invalid-usage', 'usage.batch must be a boolean');
  return counts;
}

/** The request count of a workload: a whole number >= 1, 1 when not given. */
function requestsOf(requests: number | undefined): number {
  if (requests === undefined) return 1;
  if (!Number.isSafeInteger(requests) || requests < 1)
    throw new CostError('invalid-usage', `requests must be a whole number >= 1, got ${String(requests)}`);
  return requests;
}

/** The prompt a long-context threshold is compared with: every token sent in, cached or not. */
function promptOf(counts: Counts): number {
  return counts.input + counts.cacheRead + counts.cacheWrite + counts.cacheWrite1h;
}

/**
 * Per-class rates of one rate set. A cache price left out means "same as input" only where the
 * caching mode says so; otherwise it is not published (null), never guessed.
 */
function ratesFrom(set: RateSetLike, caching: CachingMode): Record<TokenClass, number | null> {
  // Only where writes are billed at the input price may a left-out write price fall back to input;
  // a premium or a discount is a price of its own, so a set that leaves it out does not state it.
  const writesAtInput = caching === 'no-write-premium' || caching === 'unavailable';
  return {
    input: set.input,
    output: set.output,
    cacheRead: set.cacheRead ?? (caching === 'unavailable' ? set.input : null),
    cacheWrite: set.cacheCreate ?? (writesAtInput ? set.input : null),
    cacheWrite1h: set.cacheCreate1h ?? (writesAtInput ? set.input : null),
  };
}

const ZERO_RATES: Record<TokenClass, number | null> = {
  input: 0,
  output: 0,
  cacheRead: 0,
  cacheWrite: 0,
  cacheWrite1h: 0,
};

/**
 * Rule 6: the rates of the first modifier in force replace the list rates, unless a long-context
 * tier is in force or the modifier leaves out a class this request uses (null, with a warning).
 */
function applyModifier(
  model: PricedModel,
  counts: Counts,
  first: number,
  appliedTier: AppliedTier | null,
  warnings: string[],
): { usdPerMillion: Rates['usdPerMillion']; modifier: AppliedModifier } | null {
  const details = model.pricingDetails;
  const chosen = details.modifiers[first]!;
  const label = `modifiers[${first}] (${chosen.kind})`;
  // A batch request is never priced at another rate: without its batch rate it has no total.
  const fallback = chosen.kind === 'batch' ? 'the batch rate is unknown, so no total is given' : null;
  if (appliedTier) {
    warnings.push(
      `${label} is in force but states no long-context rate; the prompt of ${promptOf(counts)} tokens exceeds ${appliedTier.aboveTokens}, so ${fallback ?? 'the tier rates were used'}.`,
    );
    return null;
  }
  const candidate = ratesFrom(chosen, details.caching);
  const lacking = (Object.keys(candidate) as TokenClass[]).filter((c) => counts[c] > 0 && candidate[c] === null);
  if (lacking.length) {
    warnings.push(
      `${label} states no rate for ${lacking.join(', ')}, which this request uses; ${fallback ?? 'the standard rates were used'}.`,
    );
    return null;
  }
  return {
    usdPerMillion: candidate,
    modifier: { index: first, kind: chosen.kind, from: chosen.from ?? null, until: chosen.until ?? null },
  };
}

function resolveRates(
  model: PricedModel,
  counts: Counts,
  batch: boolean,
  millis: number | null,
  options: RateOptions,
): Rates {
  const details = model.pricingDetails;
  const exclude = new Set<TimedModifierKind>(options.exclude ?? []);
  const promptTokens = promptOf(counts);
  const at = millis === null ? null : isoOf(millis);
  const warnings: string[] = [];
  const outside = millis === null ? null : outsidePriceRecord(model, millis, at!);
  if (outside) warnings.push(outside);
  if (details.free)
    return { usdPerMillion: { ...ZERO_RATES }, promptTokens, free: true, tier: null, modifier: null, at, warnings };

  // Strictly above: a prompt of exactly aboveTokens stays below the tier.
  let appliedTier: AppliedTier | null = null;
  for (const [index, candidate] of details.tiers.entries())
    if (promptTokens > candidate.aboveTokens)
      appliedTier = { index, aboveTokens: candidate.aboveTokens, semantics: candidate.semantics };
  const base = { ...model.pricing, cacheCreate1h: details.cacheCreate1h };
  let usdPerMillion = ratesFrom(appliedTier ? details.tiers[appliedTier.index]! : base, details.caching);

  const timed = details.modifiers.some((m) => m.kind !== 'batch' && !exclude.has(m.kind));
  if (millis === null && timed && !batch)
    warnings.push('No instant (`at`) was given, so promotion and off-peak rates were not considered.');
  const inForce: number[] = [];
  details.modifiers.forEach((modifier, index) => {
    if (modifier.kind === 'batch' ? !batch : batch || millis === null || exclude.has(modifier.kind)) return;
    if (modifier.from !== undefined || modifier.until !== undefined) {
      if (millis === null) {
        warnings.push(
          `modifiers[${index}] (${modifier.kind}) is limited to dates but no instant was given; it was not applied.`,
        );
        return;
      }
      if (modifier.from !== undefined && millis < startOfUtcDay(modifier.from)) return;
      if (modifier.until !== undefined && millis >= endOfUtcDay(modifier.until)) return;
    }
    if (modifier.kind === 'off-peak') {
      if (!modifier.windowsUtc) {
        warnings.push(
          `modifiers[${index}] (off-peak) states its hours only as text${modifier.schedule ? ` ("${modifier.schedule}")` : ''}; it was not applied.`,
        );
        return;
      }
      if (!modifier.windowsUtc.some((window) => inUtcWindow(millis!, window))) return;
    }
    inForce.push(index);
  });
  if (batch && !inForce.length)
    warnings.push(
      'Batch was requested but no batch rate is published for this model at this instant (unknown batch rate), so no total is given.',
    );
  if (inForce.length > 1)
    warnings.push(
      `Several modifiers are in force (${inForce.map((i) => `modifiers[${i}]`).join(', ')}); only the first listed, modifiers[${inForce[0]}], is considered.`,
    );

  const applied = inForce[0] === undefined ? null : applyModifier(model, counts, inForce[0], appliedTier, warnings);
  if (applied) usdPerMillion = applied.usdPerMillion;
  const modifier = applied?.modifier ?? null;
  return { usdPerMillion, promptTokens, free: false, tier: appliedTier, modifier, at, warnings };
}

/**
 * The rates in force for a request made at `at` (null: no instant, so list and tier rates only).
 * `usage` decides the long-context tier and whether the batch rate is asked for; without it the
 * request is taken as empty.
 */
export function ratesAt(model: PricedModel, at: string | Date | null, usage?: Usage, options: RateOptions = {}): Rates {
  checkPricedModel(model);
  const counts = countsOf(usage ?? { input: 0, output: 0 });
  return resolveRates(model, counts, usage?.batch === true, at === null ? null : instantOf(at), options);
}

/** One request's token counts, how many such requests, and the limits one request goes over. */
interface Work {
  counts: Counts;
  requests: number;
  exceeds: LimitExcess[];
}

/** A request on a platform that bills it in requests or credits, not tokens: no dollar figure, no lines. */
function notPerTokenCost(
  model: PricedModel,
  work: Work,
  millis: number | null,
  platform: NonNullable<CostResult['platform']>,
  warnings: string[],
): CostResult {
  return {
    kind: work.exceeds.length ? 'exceeds-limits' : (platform.billing as CostResult['kind']),
    usd: null,
    microUsd: null,
    requests: work.requests,
    perRequest: null,
    lines: null,
    missing: [],
    unknownBatchRate: false,
    fits: work.exceeds.length === 0,
    exceeds: work.exceeds,
    promptTokens: promptOf(work.counts),
    free: model.pricingDetails.free,
    tier: null,
    modifier: null,
    basis: null,
    platform,
    at: millis === null ? null : isoOf(millis),
    warnings,
  };
}

/**
 * Each token class's line at the rates in force (times the platform's price factor, if any) for
 * all the requests, the classes that have tokens but no published rate, and the total of the
 * priced lines in micro-dollars. A class's tokens over all requests are priced and rounded once.
 */
function costLines(
  work: Pick<Work, 'counts' | 'requests'>,
  usdPerMillion: Rates['usdPerMillion'],
  factor: Decimal | null,
): { lines: Record<TokenClass, CostLine>; missing: TokenClass[]; total: bigint } {
  const lines = {} as Record<TokenClass, CostLine>;
  const missing: TokenClass[] = [];
  let total = 0n;
  for (const tokenClass of TOKEN_CLASSES) {
    const tokens = work.counts[tokenClass] * work.requests;
    if (!Number.isSafeInteger(tokens))
      throw new CostError('invalid-usage', `${tokenClass} tokens times requests is too large to count exactly`);
    const rate = usdPerMillion[tokenClass];
    if (rate === null) {
      if (tokens > 0) missing.push(tokenClass);
      lines[tokenClass] = { tokens, usdPerMillion: null, microUsd: tokens > 0 ? null : 0, usd: tokens > 0 ? null : 0 };
      continue;
    }
    const effective = factor ? multiply(decimalOf(rate), factor) : decimalOf(rate);
    // A rate in USD per 1M tokens times a token count is exactly that many micro-dollars.
    const micro = roundHalfUp(multiply({ m: BigInt(tokens), e: 0 }, effective));
    total += micro;
    lines[tokenClass] = {
      tokens,
      usdPerMillion: toNumber(effective),
      microUsd: Number(micro),
      usd: Number(micro) / 1e6,
    };
  }
  return { lines, missing, total };
}

const UNKNOWN_RATES: Rates['usdPerMillion'] = {
  input: null,
  output: null,
  cacheRead: null,
  cacheWrite: null,
  cacheWrite1h: null,
};

/**
 * What a request, or a workload of `options.requests` such requests, costs. See docs/cost-rules.md;
 * every figure is exact to the micro-dollar. Never throws for a request that merely cannot be
 * priced or made: the kind says so (`unpriced`, `exceeds-limits`).
 */
export function costOf(model: PricedModel, usage: Usage, options: CostOptions = {}): CostResult {
  checkPricedModel(model);
  const counts = countsOf(usage);
  const work: Work = {
    counts,
    requests: requestsOf(options.requests),
    exceeds: limitExcesses(model, promptOf(counts), counts.output),
  };
  const millis = options.at === undefined ? null : instantOf(options.at);
  const warnings: string[] = [];
  const terms = platformTerms(model, options.platform, warnings);
  warnings.push(...work.exceeds.map((excess) => excessWarning(excess, work.requests)));
  if (terms.platform && terms.basis === null) return notPerTokenCost(model, work, millis, terms.platform, warnings);

  const rates = resolveRates(model, counts, usage.batch === true, millis, options);
  // The rates' own warnings come first, then the platform's and the limits', then a missing price.
  warnings.unshift(...rates.warnings);
  const unknownBatchRate = usage.batch === true && !rates.free && rates.modifier?.kind !== 'batch';
  const usdPerMillion = unknownBatchRate ? UNKNOWN_RATES : rates.usdPerMillion;
  const { lines, missing, total } = costLines(work, usdPerMillion, terms.factor);
  if (missing.length && !unknownBatchRate)
    warnings.push(
      `No price is published for ${missing.join(', ')} tokens at the rates in force, so no total is given.`,
    );
  const kind = work.exceeds.length ? 'exceeds-limits' : missing.length ? 'unpriced' : 'usd';
  const single =
    kind !== 'usd'
      ? null
      : work.requests === 1
        ? total
        : costLines({ counts, requests: 1 }, usdPerMillion, terms.factor).total;
  return {
    kind,
    usd: kind === 'usd' ? Number(total) / 1e6 : null,
    microUsd: kind === 'usd' ? Number(total) : null,
    requests: work.requests,
    perRequest: single === null ? null : { usd: Number(single) / 1e6, microUsd: Number(single) },
    lines,
    missing,
    unknownBatchRate,
    fits: work.exceeds.length === 0,
    exceeds: work.exceeds,
    promptTokens: rates.promptTokens,
    free: rates.free,
    tier: rates.tier,
    modifier: rates.modifier,
    basis: terms.basis,
    platform: terms.platform,
    at: rates.at,
    warnings,
  };
}
