/**
 * The build's scenario costs come from the cost engine at the build date: long-context tiers and
 * promotions running that day count, off-peak hours do not, and the list price stays in `pricing`.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { buildDocuments, type Documents } from '../../src/compile/documents.ts';
import { scenarioCost, scenarioPrice } from '../../src/compile/derive/pricing.ts';
import type { SourceData } from '../../src/compile/load.ts';
import { costOf, type PricedModel } from '../../src/cost/index.ts';
import { freshSource } from '../support/source.ts';

const tiered: PricedModel = {
  id: 't',
  pricing: { input: 2, output: 10, cacheRead: 0.2, cacheCreate: 2 },
  pricingDetails: {
    caching: 'no-write-premium',
    free: false,
    tiers: [{ aboveTokens: 200_000, input: 4, output: 15, cacheRead: 0.4, semantics: 'whole-request' }],
    modifiers: [
      { kind: 'promotion', input: 1, output: 5, until: '2026-12-31', note: 'intro' },
      { kind: 'off-peak', input: 0.5, output: 2, windowsUtc: [{ start: '00:00', end: '08:00' }], note: 'nights' },
    ],
  },
};

describe('scenario cost', () => {
  it('uses the long-context tier a scenario falls in: 200,000 stays at the list rate, 200,001 does not', () => {
    expect(scenarioCost(tiered, { inputTokens: 200_000, outputTokens: 1_000 })).toBe(0.41);
    expect(scenarioCost(tiered, { inputTokens: 200_001, outputTokens: 1_000 })).toBe(0.815004);
  });

  it('counts a promotion running on the build date and names its last day; never the off-peak rate', () => {
    expect(scenarioPrice(tiered, { inputTokens: 100, outputTokens: 0 }, '2026-12-31')).toEqual({
      usd: 0.0001,
      promotionUntil: '2026-12-31',
    });
    expect(scenarioPrice(tiered, { inputTokens: 200_001, outputTokens: 0 }, '2026-12-31').promotionUntil).toBeNull();
    expect(scenarioPrice(tiered, { inputTokens: 100, outputTokens: 0 }, '2027-01-01')).toEqual({
      usd: 0.0002,
      promotionUntil: null,
    });
    expect(scenarioPrice(tiered, { inputTokens: 100, outputTokens: 0 })).toEqual({ usd: 0.0002, promotionUntil: null });
  });

  it('still takes a bare { input, output } price', () => {
    expect(scenarioCost({ input: 3, output: 15 }, { inputTokens: 150_000, outputTokens: 15_000 })).toBe(0.675);
  });
});

describe('use cases built from the real data', () => {
  let source: SourceData;
  let documents: Documents;
  beforeAll(async () => {
    source = await freshSource();
    documents = buildDocuments(source, { crossValidation: JSON.parse(inject('crossValidation')) }).documents;
  });

  it('publish for every top pick the engine cost at the build date, with the promotion end date when one counts', () => {
    const at = source.meta.data.lastUpdated.slice(0, 10);
    const tools = new Map(documents['tools.json'].tools.map((t) => [t.id, t]));
    let promotions = 0;
    for (const useCase of documents['use-cases.json'].useCases) {
      for (const pick of useCase.topPickCosts) {
        const tool = tools.get(pick.toolId)!;
        const result = costOf(
          tool,
          { input: useCase.scenario.inputTokens, output: useCase.scenario.outputTokens },
          { at, exclude: ['off-peak'] },
        );
        expect(pick.scenarioCostUsd, `${useCase.id} ${pick.toolId}`).toBe(result.usd);
        expect(pick.promotionUntil, `${useCase.id} ${pick.toolId}`).toBe(
          result.modifier?.kind === 'promotion' ? result.modifier.until! : undefined,
        );
        if (pick.promotionUntil) promotions += 1;
      }
    }
    const promotionRunning = source.tools.some((t) =>
      t.data.pricingDetails.modifiers.some(
        (m) => m.kind === 'promotion' && (m.until ?? '9999') >= at && (m.from ?? '0000') <= at,
      ),
    );
    if (promotionRunning) expect(promotions).toBeGreaterThan(0);
  });

  it("keep each tool's pricing at the list price", () => {
    for (const { data } of source.tools)
      expect(documents['tools.json'].tools.find((t) => t.id === data.id)!.pricing).toEqual(data.pricing);
  });
});
