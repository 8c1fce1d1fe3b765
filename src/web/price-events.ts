/**
 * A model's price history (price-history.json) as the events a reader asks about (issue 35 item 7): the price
 * recording began with, each change of the list price, each promotion with its first and last day, and each change
 * of the other pricing terms (caching, long-context tiers, batch and off-peak rates). A promotion is never a list
 * change: the history records it as a modifier beside an unchanged base price, and here it stays one, dated by the
 * days the data states for it. Shared by the model page and the cross-model /prices/ page. Pure.
 */
import type { PriceHistoryDocument, PricePoint } from '../schema/api.ts';

export interface EventRates {
  input: number;
  output: number;
  /** Absent on a promotion that does not state a cache-read rate. */
  cacheRead: number | null;
  cacheWrite: number | null;
}

export type PriceEventKind = 'first' | 'list' | 'promotion' | 'terms';

export interface PriceEvent {
  toolId: string;
  name: string;
  kind: PriceEventKind;
  /** First day: the point's effectiveFrom, or a promotion's own start (the first point that carried it when none is stated). */
  date: string;
  /**
   * A promotion's last day: its stated end, else the last day of the last point that carried it when a later point
   * no longer does; null while it runs with no end stated. Null for the other kinds.
   */
  until: string | null;
  /** Whether a promotion's start is the day it was first recorded, not a start the data states. */
  startRecorded: boolean;
  /** The list price before the change (list, terms), or the list price the promotion discounts; null for `first`. */
  before: EventRates | null;
  /** The new list price (first, list, terms) or the promotional rate. */
  after: EventRates;
  /** What changed besides the list price, in words (terms); empty for the other kinds. */
  terms: string[];
  /** The release that first published it; null for curated data not yet released. */
  release: string | null;
}

type Modifier = PricePoint['pricingDetails']['modifiers'][number];

const listOf = (p: PricePoint): EventRates => ({
  input: p.pricing.input,
  output: p.pricing.output,
  cacheRead: p.pricing.cacheRead,
  cacheWrite: p.pricing.cacheCreate,
});

const sameRates = (a: EventRates, b: EventRates) =>
  a.input === b.input && a.output === b.output && a.cacheRead === b.cacheRead && a.cacheWrite === b.cacheWrite;

/**
 * One promotion across points: its start and rates. Its end is left out, so a promotion whose end the provider
 * extends stays one promotion, with the latest end recorded.
 */
const promotionKey = (m: Modifier) => JSON.stringify([m.from ?? null, m.input, m.output, m.cacheRead ?? null]);

/** The pricing terms besides the base price and promotions, each by what a reader calls it. */
function termsOf(p: PricePoint): Record<string, string> {
  const d = p.pricingDetails;
  return {
    'caching mode': d.caching,
    'free flag': String(d.free),
    'one-hour cache write': JSON.stringify(d.cacheCreate1h ?? null),
    'long-context tiers': JSON.stringify(d.tiers),
    'batch rate': JSON.stringify(d.modifiers.filter((m) => m.kind === 'batch')),
    'off-peak rate': JSON.stringify(d.modifiers.filter((m) => m.kind === 'off-peak')),
  };
}

/** The events of one model's history (oldest first as published), in date order. */
export function priceEventsOf(tool: PriceHistoryDocument['tools'][number]): PriceEvent[] {
  const { toolId, name } = tool;
  const events: PriceEvent[] = [];
  const promotions = new Map<string, PriceEvent>();
  let previous: PricePoint | null = null;
  for (const point of tool.history) {
    const list = listOf(point);
    const base = { toolId, name, until: null, startRecorded: false, terms: [], release: point.release };
    if (!previous) events.push({ ...base, kind: 'first', date: point.effectiveFrom, before: null, after: list });
    else {
      const before = listOf(previous);
      const [was, now] = [termsOf(previous), termsOf(point)];
      const terms = Object.keys(now).filter((k) => was[k] !== now[k]);
      if (!sameRates(before, list))
        events.push({ ...base, kind: 'list', date: point.effectiveFrom, before, after: list, terms });
      else if (terms.length)
        events.push({ ...base, kind: 'terms', date: point.effectiveFrom, before, after: list, terms });
    }
    for (const m of point.pricingDetails.modifiers) {
      if (m.kind !== 'promotion') continue;
      const key = promotionKey(m);
      const known = promotions.get(key);
      const rates = {
        input: m.input,
        output: m.output,
        cacheRead: m.cacheRead ?? null,
        cacheWrite: m.cacheCreate ?? null,
      };
      if (known) {
        // The latest point's statement of the end wins (an extended promotion), and it runs at least this long.
        known.until = m.until ?? null;
        known.release ??= point.release;
        continue;
      }
      const event: PriceEvent = {
        ...base,
        kind: 'promotion',
        date: m.from ?? point.effectiveFrom,
        startRecorded: m.from === undefined,
        until: m.until ?? null,
        before: list,
        after: rates,
      };
      promotions.set(key, event);
      events.push(event);
    }
    // A promotion without a stated end that a later point no longer carries ended with the last point that did.
    for (const [key, event] of promotions) {
      if (
        event.until !== null ||
        point.pricingDetails.modifiers.some((m) => m.kind === 'promotion' && promotionKey(m) === key)
      )
        continue;
      event.until = previous?.effectiveUntil ?? null;
      promotions.delete(key);
    }
    previous = point;
  }
  return events.sort((a, b) => a.date.localeCompare(b.date));
}

/** Every model's events, newest first (ties by model name, then kind as recorded). */
export function priceEvents(document: Pick<PriceHistoryDocument, 'tools'>): PriceEvent[] {
  return document.tools
    .flatMap((t) => priceEventsOf(t))
    .sort((a, b) => b.date.localeCompare(a.date) || a.name.localeCompare(b.name));
}

export const EVENT_KIND_WORDS: Record<PriceEventKind, string> = {
  first: 'First recorded price',
  list: 'List price change',
  promotion: 'Promotion',
  terms: 'Other pricing terms changed',
};

/** The kinds shown before a reader chooses: the first recorded price of every model is a row per model, not a change. */
export const DEFAULT_KINDS: readonly PriceEventKind[] = ['list', 'promotion', 'terms'];

/** "Showing 12 of 140 recorded price events (list price changes, promotions, ...)": the filter's count. */
export function countWords(shown: number, total: number, kinds: readonly PriceEventKind[]): string {
  const words = kinds.map((k) => EVENT_KIND_WORDS[k].toLowerCase()).join(', ');
  return `Showing ${shown} of ${total} recorded price events (${words || 'no kind chosen'}).`;
}
