/**
 * The price a model is sold at on the data's date, as the pages say it (issue 34 item 4): the
 * promotional or introductory rate while one runs, marked with its last day and the price after
 * it, so no page quotes a price nobody pays this week and "list price" is said only of one.
 */
import { type HeadlineRates, type PriceInForce, priceInForce } from '../cost/index.ts';
import type { Tool } from '../schema/api.ts';
import { day, price } from './format.ts';
import { esc } from './html.ts';

export type { PriceInForce };

/** The headline price of `tool` at `at` (the data's date: lastUpdated). */
export function nowPrice(tool: Pick<Tool, 'pricing' | 'pricingDetails'>, at: string): PriceInForce {
  return priceInForce(tool, at);
}

/** A rate or "—" where none is published for that class. */
export const rate = (value: number | null): string => (value === null ? '—' : price(value));

/** (3 x input + 1 x output) / 4 of the rates in force: the blended price a reader pays now. */
export function blendedOf(rates: HeadlineRates): number | null {
  return rates.input === null || rates.output === null ? null : (3 * rates.input + rates.output) / 4;
}

/** "promotional price through 30 Nov 2026 (UTC), then $4.00 input / $20.00 output" in words. */
export function promotionWords(p: PriceInForce): string {
  if (p.basis !== 'promotion') return 'list price';
  const end = p.until ? ` through ${day(p.until)} (UTC)` : ' with no end date stated';
  const after = p.after ? `, then ${rate(p.after.input)} input / ${rate(p.after.output)} output` : '';
  return `promotional price${end}${after}`;
}

/** The visible mark beside a promotional price: its last day, with the price after it for screen readers too. */
export function promotionMark(p: PriceInForce): string {
  if (p.basis !== 'promotion') return '';
  const words = promotionWords(p);
  const label = p.until ? `promo to ${day(p.until).replace(/ \d{4}$/, '')}` : 'promo';
  return ` <span class="mark promo" title="${esc(words)}">${esc(label)}<span class="vh"> (${esc(words)})</span></span>`;
}
