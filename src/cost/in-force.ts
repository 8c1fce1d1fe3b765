/**
 * The price a model is sold at on a given day (issue 34 item 4): the list price, or a promotion
 * or introductory rate running that day, with the day it ends and the price after it. What every
 * surface that says what a model costs now shows, so none of them quotes a price nobody pays this
 * week. Off-peak windows depend on the hour and batch on how a request is sent, so neither is a
 * headline price; long-context tiers are left to the cost of a request.
 */
import { ratesAt } from './engine.ts';
import { endOfUtcDay, isoOf } from './time.ts';
import type { PricedModel, Rates } from './types.ts';

export interface HeadlineRates {
  input: number | null;
  output: number | null;
  cacheRead: number | null;
  cacheWrite: number | null;
}

export interface PriceInForce {
  /** `list`: the base price; `promotion`: a dated promotional or introductory rate. */
  basis: 'list' | 'promotion';
  rates: HeadlineRates;
  /** First day of the promotion, when the data states one. */
  from: string | null;
  /** Last day (UTC) of the promotion; null for a list price or a promotion without a stated end. */
  until: string | null;
  /** The price in force the day after `until`; null when nothing is known to change. */
  after: HeadlineRates | null;
}

function headline(rates: Rates): HeadlineRates {
  const r = rates.usdPerMillion;
  return { input: r.input, output: r.output, cacheRead: r.cacheRead, cacheWrite: r.cacheWrite };
}

const HEADLINE = { exclude: ['off-peak'] } as const;

/** The headline price of `model` in force at `at` (an ISO instant or a YYYY-MM-DD day, 00:00 UTC). */
export function priceInForce(model: PricedModel, at: string | Date): PriceInForce {
  const now = ratesAt(model, at, undefined, HEADLINE);
  const modifier = now.modifier;
  if (modifier?.kind !== 'promotion')
    return { basis: 'list', rates: headline(now), from: null, until: null, after: null };
  const after = modifier.until
    ? headline(ratesAt(model, isoOf(endOfUtcDay(modifier.until)), undefined, HEADLINE))
    : null;
  return { basis: 'promotion', rates: headline(now), from: modifier.from, until: modifier.until, after };
}
