/**
 * Shapes the cost engine accepts and returns. They are structural on purpose: a published Tool
 * (tools.json), a curated tool file and a plain object parsed from JSON in a browser all fit,
 * so nothing here depends on the schema package or on any library.
 */

/** The token classes a request is billed by. */
export type TokenClass = 'input' | 'output' | 'cacheRead' | 'cacheWrite' | 'cacheWrite1h';

export const TOKEN_CLASSES: readonly TokenClass[] = ['input', 'output', 'cacheRead', 'cacheWrite', 'cacheWrite1h'];

export type CachingMode = 'write-premium' | 'no-write-premium' | 'write-discount' | 'unavailable';
export type TierSemantics = 'whole-request';
export type ModifierKind = 'promotion' | 'off-peak' | 'batch';
export type BillingKind = 'included' | 'premium-multiplier' | 'credit-multiplier' | 'per-token' | 'byok';

/** A set of rates in USD per 1M tokens; the cache prices may be left out where the provider states none. */
export interface RateSetLike {
  input: number;
  output: number;
  cacheRead?: number;
  cacheCreate?: number;
  cacheCreate1h?: number;
}

export interface TierLike extends RateSetLike {
  aboveTokens: number;
  semantics: TierSemantics;
}

export interface UtcWindowLike {
  /** HH:MM, UTC, inclusive. */
  start: string;
  /** HH:MM, UTC, exclusive; earlier than start when the window spans midnight. */
  end: string;
}

export interface ModifierLike extends RateSetLike {
  kind: ModifierKind;
  /** First day (YYYY-MM-DD) the rate applies, from 00:00 UTC. */
  from?: string;
  /** Last day (YYYY-MM-DD) the rate applies, through 23:59:59.999 UTC. */
  until?: string;
  schedule?: string;
  windowsUtc?: readonly UtcWindowLike[];
  note?: string;
}

/** What the engine needs of a model; a published Tool satisfies it as is. */
export interface PricedModel {
  id?: string;
  /** Context window in tokens (prompt and output together); without it the fit of a request is not checked. */
  contextTokens?: number;
  /** Most output tokens one request may ask for; null or absent when not published. */
  maxOutputTokens?: number | null;
  pricing: { input: number; output: number; cacheRead: number; cacheCreate: number };
  /** Release month (YYYY-MM) or day; an instant before it is outside what the data records of the price. */
  releaseDate?: string | null;
  /** The price's source and the day it was last checked; an instant long after that day is outside the record. */
  sources?: { pricing?: { verified?: string } | null } | null;
  pricingDetails: {
    caching: CachingMode;
    free: boolean;
    cacheCreate1h?: number;
    tiers: readonly TierLike[];
    modifiers: readonly ModifierLike[];
  };
}

/** Token counts of one request (non-negative integers). Absent classes count as 0. */
export interface Usage {
  /** Uncached prompt tokens. */
  input: number;
  /** Output tokens, reasoning tokens included. */
  output: number;
  cacheRead?: number;
  /** Cache writes at the provider's default lifetime (five minutes at Anthropic). */
  cacheWrite?: number;
  /** Cache writes with a one-hour lifetime, where the provider sells them. */
  cacheWrite1h?: number;
  /** The request goes through the provider's batch interface. */
  batch?: boolean;
}

/** How a platform bills one model: an element of a published Platform's toolBilling, or of a curated platform file's models. */
export interface PlatformBillingLike {
  toolId?: string;
  billing: BillingKind;
  /** Platform-specific multiplier (premium requests, credits, or a legacy figure); reported, never turned into USD. */
  multiplier?: number | null;
  /** Factor on the provider's per-token price, where the platform states one (e.g. 1.1 for list price +10%). */
  priceFactor?: number | null;
}

/** A platform as far as billing goes: a published Platform fits. */
export interface PlatformLike {
  id: string;
  toolBilling: readonly (PlatformBillingLike & { toolId: string })[];
  byok?: { providers: readonly string[] };
}

/** Time-dependent modifier kinds a caller may leave out (the build leaves out off-peak hours). */
export type TimedModifierKind = 'promotion' | 'off-peak';

export interface RateOptions {
  /** Modifier kinds not to consider, e.g. ['off-peak'] for a cost that must not depend on the hour. */
  exclude?: readonly TimedModifierKind[];
}

export interface CostOptions extends RateOptions {
  /** The instant the request is made (ISO 8601 with a zone, a YYYY-MM-DD date meaning 00:00 UTC, or a Date). Without it no promotion or off-peak rate applies. */
  at?: string | Date;
  /** How the platform the request goes through bills this model; without it, the provider's own price. */
  platform?: PlatformBillingLike;
  /**
   * How many requests of this usage the workload makes (a whole number >= 1, default 1). Each
   * request is priced by the per-request rules (its own prompt decides the tier and the fit);
   * the amounts are for all of them.
   */
  requests?: number;
}

export interface AppliedTier {
  index: number;
  aboveTokens: number;
  semantics: TierSemantics;
}

export interface AppliedModifier {
  index: number;
  kind: ModifierKind;
  from: string | null;
  until: string | null;
}

/** Rates in force for one request, USD per 1M tokens; null where no price is published for that class. */
export interface Rates {
  usdPerMillion: Record<TokenClass, number | null>;
  promptTokens: number;
  free: boolean;
  tier: AppliedTier | null;
  modifier: AppliedModifier | null;
  /** The instant used, normalised to an ISO 8601 UTC timestamp; null when none was given. */
  at: string | null;
  warnings: string[];
}

export interface CostLine {
  tokens: number;
  /** Rate applied, USD per 1M tokens (after a platform's price factor); null when none is published. */
  usdPerMillion: number | null;
  /** Whole micro-dollars (USD x 1,000,000); null when the class has tokens but no price. */
  microUsd: number | null;
  usd: number | null;
}

/**
 * `usd`: a USD amount. `unpriced`: a class with tokens has no published price (or batch was asked
 * for and no batch rate is known), so no total is given. `exceeds-limits`: one request goes over
 * the model's context window or output limit, so it cannot be made and no total is given.
 * `included` / `premium-multiplier` / `credit-multiplier`: the platform does not bill this model per
 * token in USD; `multiplier` says how it counts against the plan.
 */
export type CostKind = 'usd' | 'unpriced' | 'included' | 'premium-multiplier' | 'credit-multiplier' | 'exceeds-limits';

/** A limit of the model one request goes over. */
export interface LimitExcess {
  /** The model's field: the context window or the output limit. */
  limit: 'contextTokens' | 'maxOutputTokens';
  /** What is measured against it: the prompt alone, the prompt plus the output, or the output. */
  measure: 'prompt' | 'prompt+output' | 'output';
  /** Tokens of one request. */
  tokens: number;
  /** The model's limit. */
  max: number;
}

/** Where the USD rate came from. */
export type CostBasis = 'provider' | 'byok' | 'platform-per-token';

export interface CostResult {
  kind: CostKind;
  /** Total in USD for all the requests, rounded to the micro-dollar; null unless kind is `usd`. */
  usd: number | null;
  microUsd: number | null;
  /** How many requests the amounts are for (1 unless the `requests` option says otherwise). */
  requests: number;
  /** What one of the requests costs, rounded to the micro-dollar; null unless kind is `usd`. */
  perRequest: { usd: number; microUsd: number } | null;
  /** Per token class, for all the requests; null when the platform does not bill per token. */
  lines: Record<TokenClass, CostLine> | null;
  /** Classes that have tokens but no published price (kind `unpriced`). */
  missing: TokenClass[];
  /** Batch was asked for but no batch rate is known for this request (kind `unpriced`; never priced at list). */
  unknownBatchRate: boolean;
  /** False when one request goes over the model's limits (kind `exceeds-limits`); true when it fits or the model states no limits. */
  fits: boolean;
  /** Each limit one request goes over, with the tokens and the limit. */
  exceeds: LimitExcess[];
  /** Prompt tokens of one request (what the long-context tier and the context window are compared with). */
  promptTokens: number;
  free: boolean;
  tier: AppliedTier | null;
  modifier: AppliedModifier | null;
  basis: CostBasis | null;
  platform: { billing: BillingKind; multiplier: number | null; priceFactor: number | null } | null;
  at: string | null;
  warnings: string[];
}

/** One worked example: recompute it with any implementation of the cost rules and compare to the micro-dollar. */
export interface CostVector {
  id: string;
  toolId: string;
  /** Usage of one request. */
  usage: Required<Usage>;
  /** How many such requests the expected amount is for. */
  requests: number;
  at: string;
  platform: { id: string; billing: BillingKind; multiplier: number | null; priceFactor: number | null } | null;
  expectedKind: CostKind;
  expectedUsd: number | null;
  /** aboveTokens of the long-context tier applied, or null for the base rate. */
  expectedTier: number | null;
  expectedModifier: ModifierKind | null;
  /** False when one request goes over the model's context window or output limit (expectedKind `exceeds-limits`). */
  expectedFits: boolean;
  note: string;
}
