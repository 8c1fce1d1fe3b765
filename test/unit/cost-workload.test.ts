/**
 * Workloads, limits and batch in the cost engine: a month is many requests each priced by the
 * per-request rules, a request over the model's limits has no price, and batch without a batch
 * rate is unknown, never the list price.
 */
import { describe, expect, it } from 'vitest';
import { CostError, costOf, type PricedModel } from '../../src/cost/index.ts';

/** Shaped like gpt-5-4 in the data: 2.5/15/0.25, whole request at 5/22.5/0.5 above 272K, 1.05M context, 128K output. */
const tiered: PricedModel = {
  id: 'tiered',
  contextTokens: 1_050_000,
  maxOutputTokens: 128_000,
  pricing: { input: 2.5, output: 15, cacheRead: 0.25, cacheCreate: 2.5 },
  pricingDetails: {
    caching: 'no-write-premium',
    free: false,
    tiers: [{ aboveTokens: 272_000, input: 5, output: 22.5, cacheRead: 0.5, semantics: 'whole-request' }],
    modifiers: [],
  },
};

describe('a workload of many requests', () => {
  it('prices a month as requests: 1,000 requests of 10K input, 40K cache read, 5K output is $110, not one giant request', () => {
    const month = costOf(tiered, { input: 10_000, cacheRead: 40_000, output: 5_000 }, { requests: 1_000 });
    expect(month.kind).toBe('usd');
    expect(month.usd).toBe(110);
    expect(month.requests).toBe(1_000);
    expect(month.perRequest).toEqual({ usd: 0.11, microUsd: 110_000 });
    expect(month.tier).toBeNull();
    expect(month.lines?.input.tokens).toBe(10_000_000);
    const giant = costOf(tiered, { input: 10_000_000, cacheRead: 40_000_000, output: 5_000_000 });
    expect(giant.kind).toBe('exceeds-limits');
    expect(giant.usd).toBeNull();
    expect(giant.fits).toBe(false);
  });

  it('chooses the long-context tier per request, by one request prompt', () => {
    const below = costOf(tiered, { input: 272_000, output: 1_000 }, { requests: 10 });
    expect(below.tier).toBeNull();
    expect(below.microUsd).toBe(6_950_000);
    const above = costOf(tiered, { input: 272_001, output: 1_000 }, { requests: 2 });
    expect(above.tier?.aboveTokens).toBe(272_000);
    expect(above.microUsd).toBe(2 * 272_001 * 5 + 2 * 1_000 * 22.5);
  });

  it('rounds each class once over all the requests, exactly', () => {
    const cheap: PricedModel = { ...tiered, pricing: { ...tiered.pricing, input: 0.144656 } };
    const result = costOf(cheap, { input: 3, output: 0 }, { requests: 7 });
    // 21 tokens x 0.144656 = 3.037776 micro-dollars, rounded once; per request 0.433968 rounds to 0.
    expect(result.microUsd).toBe(3);
    expect(result.perRequest?.microUsd).toBe(0);
  });

  it('refuses a request count that is not a whole number >= 1', () => {
    for (const requests of [0, -1, 1.5, Number.NaN])
      expect(() => costOf(tiered, { input: 1, output: 1 }, { requests })).toThrow(CostError);
  });
});

describe("the model's limits", () => {
  it('flags a prompt over the context window, naming the limit and the value, and gives no total', () => {
    const result = costOf(tiered, { input: 1_050_001, output: 0 }, { requests: 3 });
    expect(result.kind).toBe('exceeds-limits');
    expect(result.exceeds).toEqual([{ limit: 'contextTokens', measure: 'prompt', tokens: 1_050_001, max: 1_050_000 }]);
    expect(result.warnings.join(' ')).toMatch(/1050001 tokens exceeds the model's context window of 1050000/);
  });

  it('flags a prompt plus output over the context window, and an output over the output limit', () => {
    expect(costOf(tiered, { input: 1_000_000, output: 50_001 }).exceeds).toEqual([
      { limit: 'contextTokens', measure: 'prompt+output', tokens: 1_050_001, max: 1_050_000 },
    ]);
    expect(costOf(tiered, { input: 1_000_000, output: 50_000 }).fits).toBe(true);
    const long = costOf(tiered, { input: 1_000, output: 128_001 });
    expect(long.exceeds.map((e) => e.limit)).toEqual(['maxOutputTokens']);
    expect(long.usd).toBeNull();
  });

  it('flags an overflow on a platform that bills by plan too, and does not check a model without limits', () => {
    const plan = costOf(tiered, { input: 2_000_000, output: 1 }, { platform: { billing: 'included' } });
    expect(plan.kind).toBe('exceeds-limits');
    const { contextTokens: _c, maxOutputTokens: _m, ...unlimited } = tiered;
    expect(costOf(unlimited, { input: 2_000_000, output: 1 }).fits).toBe(true);
  });
});

describe('batch', () => {
  it('is unpriced with unknownBatchRate when the model has no batch rate: never the list price', () => {
    const result = costOf(tiered, { input: 10_000, output: 1_000, batch: true });
    expect(result.kind).toBe('unpriced');
    expect(result.unknownBatchRate).toBe(true);
    expect(result.missing).toEqual(['input', 'output']);
    expect(result.lines?.input.usdPerMillion).toBeNull();
    expect(result.warnings.join(' ')).toMatch(/unknown batch rate/);
  });

  it('applies a published batch rate, and is unknown when a long-context tier is in force', () => {
    const batch: PricedModel = {
      ...tiered,
      pricingDetails: {
        ...tiered.pricingDetails,
        modifiers: [{ kind: 'batch', input: 1.25, output: 7.5, cacheRead: 0.125 }],
      },
    };
    const priced = costOf(batch, { input: 10_000, output: 1_000, batch: true }, { requests: 100 });
    expect(priced.usd).toBe(100 * (0.0125 + 0.0075));
    expect(priced.unknownBatchRate).toBe(false);
    const long = costOf(batch, { input: 300_000, output: 1_000, batch: true });
    expect(long.kind).toBe('unpriced');
    expect(long.unknownBatchRate).toBe(true);
  });

  it('costs nothing on a free model', () => {
    const free: PricedModel = { ...tiered, pricingDetails: { ...tiered.pricingDetails, free: true } };
    expect(costOf(free, { input: 10, output: 10, batch: true }).usd).toBe(0);
  });
});

describe('a platform price factor over a workload', () => {
  it('multiplies each class by the factor and rounds once', () => {
    const result = costOf(
      tiered,
      { input: 10_000, output: 1_000 },
      { requests: 1_000, platform: { billing: 'per-token', priceFactor: 1.1 } },
    );
    // (10M x 2.5 + 1M x 15) x 1.1 micro-dollars
    expect(result.microUsd).toBe(27_500_000 + 16_500_000);
    expect(result.basis).toBe('platform-per-token');
  });
});
