/**
 * Benchmark results upstream: the columns of the reference `benchmarks.csv`
 *
 *   model_name,model_slug,provider,benchmark,variant,score,unit,date,source
 *
 * as CSV (RFC 4180, header row required, any column order) or as JSON (an array of objects
 * with those keys, or `{ "rows": [...] }`). `score` is a percentage (unit `%`, 0-100); `date`
 * is YYYY-MM or YYYY-MM-DD. Every bad row is reported with its row number and value. Pure.
 */
import { isDateOrMonth } from '../../schema/common.ts';
import { parse } from 'csv-parse/sync';
import { controlCharacterIssues } from '../text-guard.ts';
import type { DataIssue } from '../../compile/errors.ts';
import { parseJsonGuarded } from '../../compile/json-guard.ts';

export const BENCHMARK_COLUMNS = [
  'model_name',
  'model_slug',
  'provider',
  'benchmark',
  'variant',
  'score',
  'unit',
  'date',
  'source',
] as const;
type Column = (typeof BENCHMARK_COLUMNS)[number];

export interface BenchmarkRow {
  /** 1-based data row number (CSV: the header is row 0), for reports. */
  row: number;
  modelName: string;
  modelSlug: string;
  provider: string;
  benchmark: string;
  variant: string;
  score: number;
  unit: string;
  date: string;
  source: string;
}

export type BenchmarksResult = { ok: true; rows: BenchmarkRow[] } | { ok: false; issues: DataIssue[] };

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const NUMBER_TEXT = /^-?\d+(\.\d+)?$/;

function validateRow(
  record: Record<Column, unknown>,
  row: number,
  label: string,
  issues: DataIssue[],
  numbersTyped = false,
): BenchmarkRow | undefined {
  const where = `${label} row ${row}${typeof record.model_slug === 'string' ? ` (${record.model_slug})` : ''}`;
  const before = issues.length;
  const text = (column: Column): string => {
    const value = record[column];
    if (typeof value !== 'string' || value.trim() === '') {
      issues.push({ file: where, field: column, value, message: 'must be a non-empty string' });
      return '';
    }
    return value.trim();
  };
  const modelName = text('model_name');
  const modelSlug = text('model_slug');
  const provider = text('provider');
  const benchmark = text('benchmark');
  const variant = text('variant');
  const unit = text('unit');
  const date = text('date');
  const source = text('source');
  if (modelSlug && !SLUG.test(modelSlug))
    issues.push({ file: where, field: 'model_slug', value: modelSlug, message: 'must be a lowercase slug' });
  if (date && !isDateOrMonth(date))
    issues.push({ file: where, field: 'date', value: date, message: 'must be YYYY-MM or YYYY-MM-DD' });
  if (unit && unit !== '%')
    issues.push({ file: where, field: 'unit', value: unit, message: 'must be "%" (scores are percentages)' });
  const rawScore = record.score;
  const score =
    typeof rawScore === 'number'
      ? rawScore
      : !numbersTyped && typeof rawScore === 'string' && NUMBER_TEXT.test(rawScore.trim())
        ? Number(rawScore)
        : Number.NaN;
  if (!Number.isFinite(score))
    issues.push({ file: where, field: 'score', value: rawScore, message: 'must be a number' });
  else if (score < 0 || score > 100)
    issues.push({ file: where, field: 'score', value: rawScore, message: 'must be between 0 and 100 (a percentage)' });
  if (issues.length > before) return undefined;
  return { row, modelName, modelSlug, provider, benchmark, variant, score, unit, date, source };
}

function fromCsv(text: string, label: string): BenchmarksResult {
  let records: string[][];
  try {
    records = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: false }) as string[][];
  } catch (error) {
    return {
      ok: false,
      issues: [{ file: label, field: '', value: undefined, message: `is not valid CSV (${(error as Error).message})` }],
    };
  }
  const [header, ...data] = records;
  const columns = (header ?? []).map((c) => c.trim());
  const missing = BENCHMARK_COLUMNS.filter((c) => !columns.includes(c));
  const unknown = columns.filter((c) => !(BENCHMARK_COLUMNS as readonly string[]).includes(c));
  if (missing.length > 0 || unknown.length > 0 || new Set(columns).size !== columns.length)
    return {
      ok: false,
      issues: [
        {
          file: label,
          field: 'header',
          value: columns.join(','),
          message: `must have exactly the columns ${BENCHMARK_COLUMNS.join(',')}${missing.length ? ` (missing ${missing.join(', ')})` : ''}${unknown.length ? ` (unknown ${unknown.join(', ')})` : ''}`,
        },
      ],
    };
  // A quoted cell may hold a raw CR or LF, which the byte scan allows as a row separator: the cells are checked too.
  const issues: DataIssue[] = controlCharacterIssues(data, label);
  const rows: BenchmarkRow[] = [];
  data.forEach((cells, index) => {
    const record = Object.fromEntries(BENCHMARK_COLUMNS.map((c) => [c, cells[columns.indexOf(c)]])) as Record<
      Column,
      unknown
    >;
    const row = validateRow(record, index + 1, label, issues);
    if (row) rows.push(row);
  });
  return issues.length > 0 ? { ok: false, issues } : { ok: true, rows };
}

function fromJson(body: Buffer, label: string): BenchmarksResult {
  const parsed = parseJsonGuarded(body, label);
  if (!parsed.ok) return parsed;
  const value = parsed.value;
  const list = Array.isArray(value)
    ? value
    : value !== null && typeof value === 'object' && Array.isArray((value as { rows?: unknown }).rows)
      ? (value as { rows: unknown[] }).rows
      : undefined;
  if (!list)
    return {
      ok: false,
      issues: [
        { file: label, field: '', value: undefined, message: 'must be an array of result rows or { "rows": [...] }' },
      ],
    };
  const issues: DataIssue[] = [];
  const rows: BenchmarkRow[] = [];
  list.forEach((item, index) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) {
      issues.push({ file: `${label} row ${index + 1}`, field: '', value: item, message: 'must be an object' });
      return;
    }
    const unknown = Object.keys(item).filter((k) => !(BENCHMARK_COLUMNS as readonly string[]).includes(k));
    if (unknown.length > 0)
      issues.push({
        file: `${label} row ${index + 1}`,
        field: '',
        value: unknown,
        message: 'unknown column(s)',
      });
    const row = validateRow(item as Record<Column, unknown>, index + 1, label, issues, true);
    if (row) rows.push(row);
  });
  return issues.length > 0 ? { ok: false, issues } : { ok: true, rows };
}

export type BenchmarkFormat = 'auto' | 'csv' | 'json';

/** Parses the bytes as CSV or JSON: `auto` goes by the media type, then by the first character. */
export function readBenchmarks(
  body: Buffer,
  mediaType: string | null,
  format: BenchmarkFormat,
  label = 'benchmarks upstream',
): BenchmarksResult {
  let kind = format;
  if (kind === 'auto') {
    if (mediaType === 'application/json') kind = 'json';
    else if (mediaType === 'text/csv') kind = 'csv';
    else
      kind = /^\s*[[{]/.test(
        body
          .subarray(0, 64)
          .toString('utf8')
          .replace(/^\uFEFF/, ''),
      )
        ? 'json'
        : 'csv';
  }
  if (kind === 'json') return fromJson(body, label);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return { ok: false, issues: [{ file: label, field: '', value: undefined, message: 'is not valid UTF-8' }] };
  }
  return fromCsv(text, label);
}
