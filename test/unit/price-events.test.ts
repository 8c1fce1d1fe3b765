/** The price history as events (src/web/price-events.ts): list changes, promotions with their days, other terms. */
import { describe, expect, it } from 'vitest';
import type { PricePoint } from '../../src/schema/api.ts';
import { priceEvents, priceEventsOf } from '../../src/web/price-events.ts';

type Modifier = PricePoint['pricingDetails']['modifiers'][number];

function point(
  from: string,
  until: string | null,
  input: number,
  output: number,
  modifiers: Modifier[] = [],
  tiers: PricePoint['pricingDetails']['tiers'] = [],
): PricePoint {
  return {
    effectiveFrom: from,
    effectiveUntil: until,
    release: from,
    pricing: { input, output, cacheRead: input / 10, cacheCreate: input },
    pricingDetails: { caching: 'no-write-premium', free: false, tiers, modifiers },
  };
}

const promo = (input: number, output: number, dates: { from?: string; until?: string }): Modifier => ({
  kind: 'promotion',
  input,
  output,
  ...dates,
});

describe('price events', () => {
  it('records the first price, a list change with the price before it, and a promotion apart from both', () => {
    const events = priceEventsOf({
      toolId: 'm',
      name: 'M',
      history: [
        point('2026-11-22', '2026-11-23', 2, 10),
        point('2026-11-24', '2026-11-27', 4, 20, [promo(2, 10, { from: '2026-11-24', until: '2026-12-31' })]),
        // The provider extends the promotion: still one promotion, with the later end.
        point('2026-11-28', null, 4, 20, [promo(2, 10, { from: '2026-11-24', until: '2027-01-31' })]),
      ],
    });
    expect(events.map((e) => [e.kind, e.date, e.until])).toEqual([
      ['first', '2026-11-22', null],
      ['list', '2026-11-24', null],
      ['promotion', '2026-11-24', '2027-01-31'],
    ]);
    expect(events[1]!.before).toMatchObject({ input: 2, output: 10 });
    expect(events[1]!.after).toMatchObject({ input: 4, output: 20 });
    // The promotion is the rate charged against the list price it discounts, not a change of that list price.
    expect(events[2]!.before).toMatchObject({ input: 4, output: 20 });
    expect(events[2]!.after).toMatchObject({ input: 2, output: 10 });
    expect(events[2]!.startRecorded).toBe(false);
  });

  it('dates a promotion without stated days by the points that carried it', () => {
    const events = priceEventsOf({
      toolId: 'm',
      name: 'M',
      history: [
        point('2026-11-22', '2026-11-23', 4, 20),
        point('2026-11-24', '2026-11-26', 4, 20, [promo(1, 5, {})]),
        point('2026-11-27', null, 4, 20),
      ],
    });
    const p = events.find((e) => e.kind === 'promotion')!;
    expect([p.date, p.until, p.startRecorded]).toEqual(['2026-11-24', '2026-11-26', true]);
    expect(events.some((e) => e.kind === 'list')).toBe(false);
  });

  it('names the other terms that changed when the list price did not', () => {
    const tier = { aboveTokens: 200_000, input: 8, output: 40 } as PricePoint['pricingDetails']['tiers'][number];
    const events = priceEventsOf({
      toolId: 'm',
      name: 'M',
      history: [point('2026-11-22', '2026-11-23', 4, 20), point('2026-11-24', null, 4, 20, [], [tier])],
    });
    expect(events.map((e) => [e.kind, e.terms])).toEqual([
      ['first', []],
      ['terms', ['long-context tiers']],
    ]);
  });

  it('lists every model newest first', () => {
    const all = priceEvents({
      tools: [
        { toolId: 'a', name: 'A', history: [point('2026-11-22', '2026-11-23', 1, 2), point('2026-11-24', null, 2, 4)] },
        { toolId: 'b', name: 'B', history: [point('2026-11-25', null, 1, 2)] },
      ],
    });
    expect(all.map((e) => [e.toolId, e.date])).toEqual([
      ['b', '2026-11-25'],
      ['a', '2026-11-24'],
      ['a', '2026-11-22'],
    ]);
  });
});
