/**
 * Whether an instant lies within what the data records of a model's price. The data holds the price in force since
 * the model's release, as last checked on its source's `verified` day. Before the release no price was in force;
 * long after the last check the price may well have changed. An answer for such an instant is still given (a
 * workload priced across models at one instant should not fail for one of them) but it says so in its warnings,
 * never silently at the list price. Pure.
 */
import { isDateOrMonth } from '../schema/calendar.ts';
import { startOfUtcDay } from './time.ts';
import type { PricedModel } from './types.ts';

/** How long after the last check of a price an instant is still taken to be priced by it. */
export const PRICE_RECORD_HORIZON_DAYS = 366;

const DAY_MS = 86_400_000;

/** 00:00 UTC of the first day of a YYYY-MM month or of a YYYY-MM-DD day; null for anything else. */
function firstDayOf(date: string | null | undefined): number | null {
  if (!date || !isDateOrMonth(date)) return null;
  return startOfUtcDay(date.length === 7 ? `${date}-01` : date);
}

/** Why the rates the data records do not price `millis`, in words, or null when they do. */
export function outsidePriceRecord(model: PricedModel, millis: number, at: string): string | null {
  const name = model.id ?? 'this model';
  const released = firstDayOf(model.releaseDate);
  if (released !== null && millis < released)
    return `The instant ${at} is before ${name} was released (${model.releaseDate}): no price was in force then, so the rates shown are those the data records today, not a price of that date.`;
  const verified = model.sources?.pricing?.verified;
  const checked = firstDayOf(verified);
  if (checked !== null && millis >= checked + (PRICE_RECORD_HORIZON_DAYS + 1) * DAY_MS)
    return `The instant ${at} is more than ${PRICE_RECORD_HORIZON_DAYS} days after ${name}'s price was last checked (${verified}): the data records no price for then, so the rates shown are those of that check, not a price of that date.`;
  return null;
}
