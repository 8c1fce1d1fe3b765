/**
 * The calendar primitives' rules, dependency-free: what a day (YYYY-MM-DD) and a month (YYYY-MM) are.
 * It imports nothing, so every folder may import it, the cost engine too (.dependency-cruiser.cjs).
 * The zod schemas of src/schema/common.ts (`isoDate`, `yearMonth`, `dateOrMonth`, `sourceDate`) are built
 * from these, and the faces that cannot load zod (the browser script, the client package, which ships this
 * file as it ships the cost engine) and the upstream readers test with them, so a date means one thing
 * everywhere.
 */

/** A month's number, 01-12, as a pattern to embed (alone in the ids that carry no year, such as xAI's MMDD). */
export const MONTH_NUMBER_PATTERN = '(?:0[1-9]|1[0-2])';
/** A day of the month, 01-31, as a pattern to embed. */
export const DAY_NUMBER_PATTERN = '(?:0[1-9]|[12]\\d|3[01])';
/** A month, YYYY-MM (01-12), as a pattern to embed. */
export const MONTH_PATTERN = `\\d{4}-${MONTH_NUMBER_PATTERN}`;
/** A day's shape, YYYY-MM-DD (01-31), as a pattern to embed; `isCalendarDay` rules out the days a month lacks. */
export const DAY_PATTERN = `${MONTH_PATTERN}-${DAY_NUMBER_PATTERN}`;
/** A day without separators, YYYYMMDD (as Anthropic's and Vertex's model ids carry it), as a pattern to embed. */
export const COMPACT_DAY_PATTERN = `\\d{4}${MONTH_NUMBER_PATTERN}${DAY_NUMBER_PATTERN}`;
/** The whole-string pattern of `yearMonth`, for a schema written by hand (an OpenAPI path parameter). */
export const YEAR_MONTH_PATTERN = `^(?:${MONTH_PATTERN})$`;

/** `isoDate`'s shape alone (a day 01-31 of a month 01-12), for a reader that words the impossible day apart. */
export const DAY_SHAPE = new RegExp(`^(?:${DAY_PATTERN})$`);
const DAY = DAY_SHAPE;
const MONTH = new RegExp(YEAR_MONTH_PATTERN);

/** True for YYYY-MM and for a YYYY-MM-DD that the (proleptic Gregorian) calendar has: no 31 April, 29 February only in leap years. */
export function isCalendarDay(text: string): boolean {
  if (text.length !== 10) return true;
  const [year, month, day] = text.split('-').map(Number) as [number, number, number];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** True for a YYYY-MM-DD day the calendar has: `isoDate`'s test. */
export function isIsoDate(text: string): boolean {
  return DAY.test(text) && isCalendarDay(text);
}

/** True for a YYYY-MM month: `yearMonth`'s test. */
export function isYearMonth(text: string): boolean {
  return MONTH.test(text);
}

/** `dateOrMonth`'s shape alone (YYYY-MM or YYYY-MM-DD), for a reader that words the impossible day apart. */
export const DATE_OR_MONTH_SHAPE = new RegExp(`^(?:${DAY_PATTERN}|${MONTH_PATTERN})$`);

/** True for a YYYY-MM month or a YYYY-MM-DD day the calendar has: `dateOrMonth`'s test. */
export function isDateOrMonth(text: string): boolean {
  return DATE_OR_MONTH_SHAPE.test(text) && isCalendarDay(text);
}
