/**
 * Instants and calendar boundaries, all in UTC. Nothing here reads the clock or the local time
 * zone: an instant without an explicit zone is refused, because the same string would mean a
 * different moment on every machine.
 */
import { DAY_PATTERN, DAY_SHAPE, isCalendarDay } from '../schema/calendar.ts';
import { CostError } from './errors.ts';
import type { UtcWindowLike } from './types.ts';

const DAY_MS = 86_400_000;
// The day is the schema's (src/schema/calendar.ts); only the time of day and the zone are this file's.
const TIMESTAMP = new RegExp(`^(${DAY_PATTERN})T(\\d{2}):(\\d{2})(?::(\\d{2})(?:\\.(\\d+))?)?(Z|[+-]\\d{2}:\\d{2})$`);
const HOUR_MINUTE = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** 00:00:00.000 UTC of a YYYY-MM-DD date, in milliseconds since the epoch. */
export function startOfUtcDay(date: string): number {
  if (!DAY_SHAPE.test(date)) throw new CostError('invalid-date', `"${date}" is not a date YYYY-MM-DD`);
  // Date.UTC would roll 2026-02-30 over into March; a calendar date that does not exist is an error.
  if (!isCalendarDay(date)) throw new CostError('invalid-date', `"${date}" is not a calendar date`);
  return Date.parse(`${date}T00:00:00Z`);
}

/** The first instant after a YYYY-MM-DD date ends in UTC (exclusive end of that day). */
export function endOfUtcDay(date: string): number {
  return startOfUtcDay(date) + DAY_MS;
}

/** Milliseconds since the epoch of an ISO 8601 instant with a zone, a YYYY-MM-DD date (00:00 UTC) or a Date. */
export function instantOf(at: string | Date): number {
  if (at instanceof Date) {
    const millis = at.getTime();
    if (Number.isNaN(millis)) throw new CostError('invalid-instant', 'the Date given as `at` is invalid');
    return millis;
  }
  if (typeof at !== 'string') throw new CostError('invalid-instant', '`at` must be a string or a Date');
  if (DAY_SHAPE.test(at)) return startOfUtcDay(at);
  const match = TIMESTAMP.exec(at);
  if (!match)
    throw new CostError(
      'invalid-instant',
      `"${at}" is not an ISO 8601 instant with a zone (e.g. 2026-11-22T16:30:00Z) or a date YYYY-MM-DD`,
    );
  const [, day, h, mi, s = '0', fraction = '', zone = 'Z'] = match;
  const hours = Number(h);
  const minutes = Number(mi);
  const seconds = Number(s);
  if (hours > 23 || minutes > 59 || seconds > 59)
    throw new CostError('invalid-instant', `"${at}" has an impossible time of day`);
  let millis = startOfUtcDay(day!) + ((hours * 60 + minutes) * 60 + seconds) * 1000;
  // Sub-millisecond digits are dropped: the engine's resolution is the millisecond, like Date.
  millis += Number(fraction.slice(0, 3).padEnd(3, '0'));
  if (zone !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const offsetHours = Number(zone.slice(1, 3));
    const offsetMinutes = Number(zone.slice(4, 6));
    if (offsetHours > 23 || offsetMinutes > 59)
      throw new CostError('invalid-instant', `"${at}" has an impossible zone offset`);
    millis -= sign * (offsetHours * 60 + offsetMinutes) * 60_000;
  }
  return millis;
}

export function isoOf(millis: number): string {
  return new Date(millis).toISOString();
}

export function minutesOfDay(text: string): number {
  const match = HOUR_MINUTE.exec(text);
  if (!match) throw new CostError('invalid-data', `"${text}" is not a UTC time of day HH:MM`);
  return Number(match[1]) * 60 + Number(match[2]);
}

/** Whether an instant falls inside a daily UTC window: start inclusive, end exclusive, wrapping past midnight when end < start. */
export function inUtcWindow(millis: number, window: UtcWindowLike): boolean {
  const timeOfDay = ((millis % DAY_MS) + DAY_MS) % DAY_MS;
  const start = minutesOfDay(window.start) * 60_000;
  const end = minutesOfDay(window.end) * 60_000;
  return start < end ? timeOfDay >= start && timeOfDay < end : timeOfDay >= start || timeOfDay < end;
}
