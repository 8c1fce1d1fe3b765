/** Plain-text output of the command line: aligned tables and number formats. No colours, no dependencies. */
import { InvalidInputError } from './errors.ts';

/**
 * Text made safe for a terminal or an agent's context: every C0 control but newline and tab, DEL, every C1 control
 * (ESC and CSI start colour, cursor and screen-clearing sequences, OSC 8 a fake hyperlink) and every text-direction
 * control (U+202A-U+202E, U+2066-U+2069, U+200E, U+200F, U+061C: an override reverses what a name reads as) is
 * written as a visible `\uXXXX`. Everything the command line and the MCP server print passes through here, since
 * names and messages come from the API and, through it, from upstreams.
 */
export function printable(text: string): string {
  return text.replace(UNPRINTABLE, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** What printable escapes. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: escaping control characters is the point
export const UNPRINTABLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export interface Column<T> {
  header: string;
  value: (row: T) => string;
  align?: 'left' | 'right';
}

export function table<T>(rows: readonly T[], columns: readonly Column<T>[]): string {
  const cells = rows.map((row) => columns.map((c) => c.value(row)));
  const widths = columns.map((c, i) => Math.max(c.header.length, ...cells.map((r) => r[i]!.length)));
  const line = (values: string[]) =>
    values
      .map((v, i) => (columns[i]!.align === 'right' ? v.padStart(widths[i]!) : v.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(columns.map((c) => c.header)), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n');
}

/** 1234567 -> "1,234,567". */
export function grouped(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

/** Tokens as people write them: 200000 -> "200K", 1048576 -> "1,049K". */
export function tokens(value: number): string {
  return value >= 1000 ? `${grouped(value / 1000)}K` : String(value);
}

/** A USD amount with enough digits to tell small costs apart. */
export function usd(value: number | null): string {
  if (value === null) return '-';
  if (value === 0) return '$0';
  if (value < 0.01) return `$${value.toFixed(6).replace(/0+$/, '')}`;
  if (value < 100) return `$${value.toFixed(4).replace(/0{1,2}$/, '')}`;
  return `$${grouped(value)}`;
}

/** A rate in USD per 1M tokens. */
export function rate(value: number | null | undefined): string {
  if (value === null || value === undefined) return '-';
  return String(Number(value.toFixed(4)));
}

export function score(value: number | null | undefined): string {
  return value === null || value === undefined ? '-' : value.toFixed(1);
}

/**
 * Token counts as typed on a command line: 200000, 200_000, 200,000, 200k, 1.5m. Throws a
 * message naming the flag when the text is not a non-negative whole number of tokens.
 */
export function parseTokens(text: string, flag: string): number {
  const match = /^(\d+(?:\.\d+)?)([kKmM]?)$/.exec(text.trim().replace(/[_,]/g, ''));
  if (!match)
    throw new UsageError(
      `${flag} must be a non-negative number of tokens such as 200000, 200k or 1.5m (got "${text}")`,
    );
  const value =
    Number(match[1]) * (match[2]?.toLowerCase() === 'k' ? 1_000 : match[2]?.toLowerCase() === 'm' ? 1_000_000 : 1);
  if (!Number.isSafeInteger(Math.round(value)) || Math.abs(value - Math.round(value)) > 1e-9)
    throw new UsageError(`${flag} must be a whole number of tokens (got "${text}")`);
  return Math.round(value);
}

/** A mistake in how the command line was called (exit status 2): a DirectoryError of kind `invalid-input`. */
export class UsageError extends InvalidInputError {
  constructor(message: string) {
    super('invalid-option', message);
    this.name = 'UsageError';
  }
}
