/**
 * Say so, don't guess (issue 37 item 8): an instant outside what the data records of a price, a batch request with
 * no batch rate and a provider prefix the table does not know each come back flagged or refused, never as a silent
 * list price. Run against the published tools.json of the test artifact.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { costOf, priceResponse, ratesAt, UnknownModelIdError } from '../../src/cost/index.ts';
import { PRICE_RECORD_HORIZON_DAYS } from '../../src/cost/price-record.ts';
import type { Tool, ToolsDocument } from '../../src/schema/api.ts';

const tools = (): Tool[] =>
  (JSON.parse(readFileSync(path.join(inject('distPath'), 'api', 'tools.json'), 'utf8')) as ToolsDocument).tools;
const tool = (id: string) => tools().find((t) => t.id === id)!;
const usage = { input: 10_000, output: 2_000 };
const outside = (warnings: readonly string[]) =>
  warnings.filter((w) => /no price was in force|records no price/.test(w));

describe('an instant outside the recorded price is flagged, not priced silently', () => {
  it('1999 is before the model was released: the answer says no price was in force then', () => {
    const gpt = tool('gpt-5');
    const result = costOf(gpt, usage, { at: '1999-06-01T00:00:00Z' });
    expect(outside(result.warnings)).toEqual([
      expect.stringContaining(`before gpt-5 was released (${gpt.releaseDate}): no price was in force then`),
    ]);
    expect(outside(ratesAt(gpt, '1999-06-01', usage).warnings)).toHaveLength(1);
  });

  it('9999 is far past the last check of the price: the answer says the data records no price for then', () => {
    const gpt = tool('gpt-5');
    const result = costOf(gpt, usage, { at: '9999-01-01T00:00:00Z' });
    expect(outside(result.warnings)).toEqual([
      expect.stringContaining(`after gpt-5's price was last checked (${gpt.sources.pricing.verified})`),
    ]);
  });

  it('the horizon is stated and exact: its last day is priced without a flag, the day after is flagged', () => {
    const gpt = tool('gpt-5');
    const checked = Date.parse(`${gpt.sources.pricing.verified}T00:00:00Z`);
    const day = (n: number) => new Date(checked + n * 86_400_000).toISOString();
    expect(outside(costOf(gpt, usage, { at: day(PRICE_RECORD_HORIZON_DAYS) }).warnings)).toEqual([]);
    expect(outside(costOf(gpt, usage, { at: day(PRICE_RECORD_HORIZON_DAYS + 1) }).warnings)).toHaveLength(1);
  });

  it('every model is priced without a flag on the day its price was checked, and a free model is flagged too', () => {
    for (const t of tools())
      expect(outside(costOf(t, usage, { at: t.sources.pricing.verified }).warnings), t.id).toEqual([]);
    const free = tools().find((t) => t.pricingDetails.free && t.releaseDate);
    if (free) expect(outside(costOf(free, usage, { at: '1999-01-01' }).warnings)).toHaveLength(1);
  });
});

describe('a batch request without a batch rate has no total', () => {
  it('an Anthropic response through the batch interface is priced at the batch rate, or not at all', () => {
    const response = (model: string) => ({
      type: 'message',
      model,
      usage: { input_tokens: 1_000, output_tokens: 500, service_tier: 'batch' },
    });
    const withBatch = tools().find(
      (t) => t.providerId === 'anthropic' && t.pricingDetails.modifiers.some((m) => m.kind === 'batch'),
    )!;
    const priced = priceResponse({ tools: tools() }, response(withBatch.id), {
      at: withBatch.sources.pricing.verified,
    });
    expect(priced.cost).toMatchObject({ kind: 'usd', unknownBatchRate: false, modifier: { kind: 'batch' } });

    const without = tools().find(
      (t) => !t.pricingDetails.free && !t.pricingDetails.modifiers.some((m) => m.kind === 'batch'),
    )!;
    const unpriced = costOf(without, { ...usage, batch: true }, { at: without.sources.pricing.verified });
    expect(unpriced).toMatchObject({ kind: 'unpriced', usd: null, unknownBatchRate: true });
  });
});

describe('an id with a host the table does not know', () => {
  it('"some-host/gpt-5" is an error naming the host, not OpenAI’s list price', () => {
    const response = {
      object: 'chat.completion',
      model: 'some-host/gpt-5',
      usage: { prompt_tokens: 10, completion_tokens: 5 },
    };
    expect(() => priceResponse({ tools: tools() }, response)).toThrow(UnknownModelIdError);
    expect(() => priceResponse({ tools: tools() }, response)).toThrow(/some-host/);
  });
});
