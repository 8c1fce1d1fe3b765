/**
 * What every benchmark-upstream reader returns: results with the leaderboard's own model naming,
 * the protocol fields the classification rules look at, and the published score, date and
 * source. Readers check each value and report every bad one with its place; a document with a
 * bad value is refused whole (a bad upstream never replaces good data). Pure.
 */
import type { DataIssue } from '../../compile/errors.ts';
import { DATE_OR_MONTH_SHAPE, isCalendarDay } from '../../schema/common.ts';
import type { TaskRun } from '../../schema/source.ts';

/**
 * What a run spent per task, where the upstream publishes it: the merge turns it into a task run of the matched
 * tool (data/task-runs/), adding the success rate, date, reporter and source of the result it came with.
 */
export type UpstreamTaskRun = Pick<
  TaskRun,
  'id' | 'taskSet' | 'taskKind' | 'configuration' | 'attemptsPerTask' | 'triesPerAttempt' | 'runner' | 'perTask'
> & {
  /** The benchmark as the upstream names it; absent: the benchmark the result's feed names. */
  benchmark?: string;
  /** A caveat on how the run's figures were read, kept as the source's note. */
  note?: string;
};

export interface UpstreamResult {
  /** 1-based position of the entry in the upstream document, for reports. */
  row: number;
  /** The leaderboard's own name of the model (or system), for reports. */
  name: string;
  /** Names to match a tool by, as published: the leaderboard's naming, API ids, cross-reference keys. */
  keys: string[];
  /** Protocol fields the feeds classify by (benchmark, set, harness, version, effort, ...). */
  fields: Record<string, string>;
  /** Percent, 0-100. */
  score: number;
  /** YYYY-MM or YYYY-MM-DD. */
  date: string;
  /** URL or repository reference the figure is published at. */
  source: string;
  /** Tokens, cost and time per task of the run, where published. */
  taskRun?: UpstreamTaskRun;
}

export type UpstreamResults = { ok: true; results: UpstreamResult[] } | { ok: false; issues: DataIssue[] };

/** A percentage score, or an issue naming the place and value. */
export function percentScore(value: unknown, where: string, field: string, issues: DataIssue[]): number | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    issues.push({ file: where, field, value, message: 'must be a number' });
    return undefined;
  }
  if (value < 0 || value > 100) {
    issues.push({ file: where, field, value, message: 'must be between 0 and 100 (a percentage)' });
    return undefined;
  }
  return value;
}

/** A YYYY-MM(-DD) date, or an issue naming the place and value. */
export function resultDate(value: unknown, where: string, field: string, issues: DataIssue[]): string | undefined {
  const text = value instanceof Date ? value.toISOString().slice(0, 10) : value;
  if (typeof text !== 'string' || !DATE_OR_MONTH_SHAPE.test(text)) {
    issues.push({ file: where, field, value, message: 'must be a date YYYY-MM or YYYY-MM-DD' });
    return undefined;
  }
  if (!isCalendarDay(text)) {
    issues.push({ file: where, field, value, message: 'must be a real calendar date (that month has no such day)' });
    return undefined;
  }
  return text;
}

/** Absent, or a finite number >= 0 (a count, dollars or seconds), or an issue naming the place and value. */
export function optionalAmount(
  text: string | undefined,
  where: string,
  field: string,
  issues: DataIssue[],
): number | null {
  if (text === undefined) return null;
  const value = /^\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isFinite(value)) {
    issues.push({ file: where, field, value: text, message: 'must be a number >= 0' });
    return null;
  }
  return value;
}

/** A non-empty string, or an issue naming the place and value. */
export function requiredText(value: unknown, where: string, field: string, issues: DataIssue[]): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') {
    issues.push({ file: where, field, value, message: 'must be a non-empty string' });
    return undefined;
  }
  return value.trim();
}

/** An object (not an array), or an issue naming the place and value. */
export function objectAt(value: unknown, where: string, field: string, issues: DataIssue[]): Record<string, unknown> {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  issues.push({ file: where, field, value: Array.isArray(value) ? '[array]' : value, message: 'must be an object' });
  return {};
}

/** An array, or an issue naming the place and value. */
export function arrayAt(value: unknown, where: string, field: string, issues: DataIssue[]): unknown[] {
  if (Array.isArray(value)) return value;
  issues.push({ file: where, field, value, message: 'must be an array' });
  return [];
}

export function finish(results: UpstreamResult[], issues: DataIssue[]): UpstreamResults {
  return issues.length > 0 ? { ok: false, issues } : { ok: true, results };
}

/** Only the fields a feed may pin: string values, empty ones left out. */
export function protocol(entries: Record<string, unknown>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(entries))
    if ((typeof value === 'string' && value !== '') || typeof value === 'number' || typeof value === 'boolean')
      fields[key] = String(value);
  return fields;
}
