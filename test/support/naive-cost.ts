/**
 * A second implementation of the cost rules, written only from the README section "Cost rules"
 * and deliberately plain: no shared code with src/cost, a different arithmetic (fixed point at
 * 1e-8 instead of parsing decimals) and Date.parse for instants. If the two disagree on a cost
 * vector, either the engine or the README is wrong.
 */

interface Prices {
  input: number;
  output: number;
  cacheRead?: number;
  cacheCreate?: number;
  cacheCreate1h?: number;
}

export interface NaiveModel {
  contextTokens?: number;
  maxOutputTokens?: number | null;
  pricing: { input: number; output: number; cacheRead: number; cacheCreate: number };
  pricingDetails: {
    caching: string;
    free: boolean;
    cacheCreate1h?: number;
    tiers: readonly (Prices & { aboveTokens: number; semantics: string })[];
    modifiers: readonly (Prices & {
      kind: string;
      from?: string;
      until?: string;
      windowsUtc?: readonly { start: string; end: string }[];
    })[];
  };
}

export interface NaiveUsage {
  input: number;
  output: number;
  cacheRead?: number;
  cacheWrite?: number;
  cacheWrite1h?: number;
  batch?: boolean;
}

export interface NaivePlatform {
  billing: string;
  multiplier?: number | null;
  priceFactor?: number | null;
}

export interface NaiveAnswer {
  kind: string;
  usd: number | null;
  tier: number | null;
  modifier: string | null;
}

const CLASSES = ['input', 'output', 'cacheRead', 'cacheWrite', 'cacheWrite1h'] as const;
type Class = (typeof CLASSES)[number];
const DAY = 24 * 60 * 60 * 1000;

// Rule 4: what a left-out cache price means. A write premium or a write discount is a price of its
// own, so only the two modes that bill writes at input fall back to it.
function ratesOf(prices: Prices, caching: string): Record<Class, number | undefined> {
  const writesAtInput = caching === 'no-write-premium' || caching === 'unavailable';
  return {
    input: prices.input,
    output: prices.output,
    cacheRead: prices.cacheRead !== undefined ? prices.cacheRead : caching === 'unavailable' ? prices.input : undefined,
    cacheWrite: prices.cacheCreate !== undefined ? prices.cacheCreate : writesAtInput ? prices.input : undefined,
    cacheWrite1h: prices.cacheCreate1h !== undefined ? prices.cacheCreate1h : writesAtInput ? prices.input : undefined,
  };
}

function clockMinutes(hhmm: string): number {
  const [h, m] = hhmm.split(':');
  return Number(h) * 60 + Number(m);
}

/** Fixed point with 8 decimals: every price and factor in the data has fewer. */
function fixed8(value: number): bigint {
  return BigInt(Math.round(value * 1e8));
}

// Limits: does one request go over the context window or the output limit?
function overLimits(model: NaiveModel, usage: NaiveUsage): boolean {
  const prompt = usage.input + (usage.cacheRead ?? 0) + (usage.cacheWrite ?? 0) + (usage.cacheWrite1h ?? 0);
  const context = model.contextTokens ?? Number.POSITIVE_INFINITY;
  return prompt + usage.output > context || usage.output > (model.maxOutputTokens ?? Number.POSITIVE_INFINITY);
}

export function naiveCost(
  model: NaiveModel,
  usage: NaiveUsage,
  at?: string,
  platform?: NaivePlatform,
  exclude: readonly string[] = [],
  requests = 1,
): NaiveAnswer {
  const answer = naiveRequests(model, usage, at, platform, exclude, requests);
  return overLimits(model, usage) ? { ...answer, kind: 'exceeds-limits', usd: null } : answer;
}

function naiveRequests(
  model: NaiveModel,
  usage: NaiveUsage,
  at: string | undefined,
  platform: NaivePlatform | undefined,
  exclude: readonly string[],
  requests: number,
): NaiveAnswer {
  // Rule 9, the kinds that are not per-token USD costs.
  if (
    platform &&
    (platform.billing === 'included' ||
      platform.billing === 'premium-multiplier' ||
      platform.billing === 'credit-multiplier')
  )
    return { kind: platform.billing, usd: null, tier: null, modifier: null };

  const tokens: Record<Class, number> = {
    input: usage.input,
    output: usage.output,
    cacheRead: usage.cacheRead ?? 0,
    cacheWrite: usage.cacheWrite ?? 0,
    cacheWrite1h: usage.cacheWrite1h ?? 0,
  };
  const details = model.pricingDetails;
  let rates: Record<Class, number | undefined>;
  let tier: number | null = null;
  let modifier: string | null = null;

  if (details.free) {
    // Rule 1.
    rates = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, cacheWrite1h: 0 };
  } else {
    // Rules 2 and 3.
    const prompt = tokens.input + tokens.cacheRead + tokens.cacheWrite + tokens.cacheWrite1h;
    let tierPrices: Prices | undefined;
    for (const t of details.tiers) {
      if (prompt > t.aboveTokens) {
        tierPrices = t;
        tier = t.aboveTokens;
      }
    }
    rates = ratesOf(tierPrices ?? { ...model.pricing, cacheCreate1h: details.cacheCreate1h }, details.caching);

    // Rule 5.
    const when = at === undefined ? undefined : Date.parse(at);
    const inForce = details.modifiers.filter((m) => {
      if (m.kind === 'batch') {
        if (!usage.batch) return false;
      } else {
        if (usage.batch || when === undefined || exclude.includes(m.kind)) return false;
      }
      if (m.from !== undefined || m.until !== undefined) {
        if (when === undefined) return false;
        if (m.from !== undefined && when < Date.parse(`${m.from}T00:00:00Z`)) return false;
        if (m.until !== undefined && when >= Date.parse(`${m.until}T00:00:00Z`) + DAY) return false;
      }
      if (m.kind === 'off-peak') {
        if (!m.windowsUtc) return false;
        const minute = (((when! % DAY) + DAY) % DAY) / 60_000;
        return m.windowsUtc.some((w) => {
          const start = clockMinutes(w.start);
          const end = clockMinutes(w.end);
          return end > start ? minute >= start && minute < end : minute >= start || minute < end;
        });
      }
      return true;
    });

    // Rule 6.
    const first = inForce[0];
    if (first && tier === null) {
      const candidate = ratesOf(first, details.caching);
      if (CLASSES.every((c) => tokens[c] === 0 || candidate[c] !== undefined)) {
        rates = candidate;
        modifier = first.kind;
      }
    }
  }

  // Batch without a batch rate applied has no price, never the list price.
  if (usage.batch && !details.free && modifier !== 'batch') return { kind: 'unpriced', usd: null, tier, modifier };

  // Rule 7.
  if (CLASSES.some((c) => tokens[c] > 0 && rates[c] === undefined))
    return { kind: 'unpriced', usd: null, tier, modifier };

  // Rules 8 and 9 (per-token price factor).
  const factor =
    platform?.billing === 'per-token' && platform.priceFactor != null ? fixed8(platform.priceFactor) : 100_000_000n;
  const scale = 10_000_000_000_000_000n; // 1e8 (rate) x 1e8 (factor)
  let micro = 0n;
  for (const c of CLASSES) {
    const exact = BigInt(tokens[c] * requests) * fixed8(rates[c] ?? 0) * factor;
    micro += (exact + scale / 2n) / scale;
  }
  return { kind: 'usd', usd: Number(micro) / 1_000_000, tier, modifier };
}
