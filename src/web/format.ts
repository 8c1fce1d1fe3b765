/**
 * Number, price and date formatting shared by the pages rendered at build time and the browser
 * script, so a figure reads the same whether the server or the script wrote it. Pure; besides types it
 * imports only the dependency-free calendar rules, so the browser bundle carries no schema library.
 */
import type { ScoreDetail } from '../schema/api.ts';
import { isIsoDate, isYearMonth } from '../schema/calendar.ts';

const grouping = /\B(?=(\d{3})+(?!\d))/g;

/** 1234567 -> "1,234,567". */
export function grouped(value: number): string {
  const [whole = '0', fraction] = String(value).split('.');
  return fraction === undefined ? whole.replace(grouping, ',') : `${whole.replace(grouping, ',')}.${fraction}`;
}

function trimZeros(text: string, minDecimals: number): string {
  if (!text.includes('.')) return text;
  let out = text.replace(/0+$/, '');
  const decimals = out.length - out.indexOf('.') - 1;
  if (decimals < minDecimals) out += '0'.repeat(minDecimals - decimals);
  return out.replace(/\.$/, '');
}

/** A list price in USD per 1M tokens: "$2.50", "$0.30", "$0.075", "$0". */
export function price(value: number): string {
  if (value === 0) return '$0';
  if (value >= 100) return `$${grouped(Math.round(value))}`;
  if (value >= 1) return `$${value.toFixed(2)}`;
  return `$${trimZeros(value.toPrecision(3), 2)}`;
}

/** A cost in USD: "$1,234", "$12.34", "$0.0126", "$0". */
export function money(value: number): string {
  if (value === 0) return '$0';
  if (value >= 1000) return `$${grouped(Math.round(value))}`;
  if (value >= 1) return `$${value.toFixed(2)}`;
  if (value < 0.0001) return `$${value.toPrecision(2)}`;
  return `$${trimZeros(value.toPrecision(3), 2)}`;
}

/** A token count in short form: 1000000 -> "1M", 200000 -> "200K", 1048576 -> "1.05M". */
export function tokens(value: number): string {
  if (value >= 1_000_000) return `${trimZeros((value / 1_000_000).toFixed(2), 0)}M`;
  if (value >= 1000) return `${Math.round(value / 1000)}K`;
  return String(value);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "2026-06" -> "Jun 2026"; anything else is returned as it is. */
export function month(value: string): string {
  return isYearMonth(value) ? `${MONTHS[Number(value.slice(5, 7)) - 1]} ${value.slice(0, 4)}` : value;
}

/** "2026-11-22" or an ISO timestamp -> "22 Nov 2026"; anything else is returned as it is. */
export function day(value: string): string {
  const date = value.slice(0, 10);
  return isIsoDate(date)
    ? `${Number(date.slice(8, 10))} ${MONTHS[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`
    : value;
}

/** A score on the 0-100 scale with one decimal. */
export function score(value: number): string {
  return value.toFixed(1);
}

/** An 80% interval as the documents publish it (scoreDetails.*.interval, overallInterval). */
type Interval = NonNullable<ScoreDetail['interval']>;

/** A published interval as the pair the pages draw, [low, high]; null where none is published. */
export function intervalOf(interval: Interval | null | undefined): [number, number] | null {
  return interval ? [interval.low, interval.high] : null;
}

/** "80.1 (77.0-83.2)" or "80.1". */
export function scoreWithInterval(value: number, interval: [number, number] | null): string {
  return interval ? `${score(value)} (${score(interval[0])}–${score(interval[1])})` : score(value);
}
