/**
 * Epoch AI's Benchmarking Hub runs (epoch-research/benchmark-stitching `data/benchmarks_runs.csv`,
 * the same table Epoch AI publishes with its benchmark data): one row per run, with the columns
 * `id, task, model, Best score (across scorers), Scores, log viewer, logs, job, started_at,
 * Status, Manual evaluation, task version`. The score is the best score as a fraction (read as
 * percent); `Scores` states each scorer's mean and standard error (`swe_bench_scorer:0.62±0.02`),
 * and the standard error is kept with the result. `model` is the API id Epoch called, with the
 * reasoning setting Epoch chose after a last `_` (`o3-2025-04-16_medium`, `claude-…_32K`). Only
 * runs whose Status is `Success` are results: a failed or running job has no score to keep. Epoch
 * ran every one of them with its own harness, so they are independent. Pure.
 */
import { parse } from 'csv-parse/sync';
import type { DataIssue } from '../../compile/errors.ts';
import { decodeUtf8 } from '../../compile/json-guard.ts';
import { isIsoDate } from '../../schema/common.ts';
import { controlCharacterIssues } from '../text-guard.ts';
import { finish, percentScore, protocol, requiredText, type UpstreamResult, type UpstreamResults } from './results.ts';

export const EPOCH_COLUMNS = [
  'id',
  'task',
  'model',
  'Best score (across scorers)',
  'Scores',
  'started_at',
  'Status',
  'task version',
] as const;

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** `17 November 2025 4:28pm` (the hub's export format) or an ISO date, as YYYY-MM-DD; undefined when neither or no such day. */
export function epochDate(text: string): string | undefined {
  const spelled = /^(\d{1,2}) ([A-Za-z]+) (\d{4})\b/.exec(text);
  const month = spelled ? MONTHS.indexOf(spelled[2]!.toLowerCase()) + 1 : 0;
  const date = spelled
    ? `${spelled[3]}-${String(month).padStart(2, '0')}-${spelled[1]!.padStart(2, '0')}`
    : text.slice(0, 10);
  // The schema's own test of a day: one the calendar does not have (31 June) is refused, not moved.
  return isIsoDate(date) ? date : undefined;
}

const EFFORTS = new Set(['minimal', 'low', 'medium', 'high', 'xhigh', 'max', 'none']);

/** The API id and Epoch's setting: a reasoning effort, or a thinking budget such as `32K`. */
export function epochModel(model: string): { base: string; setting: string | null } {
  const cut = model.lastIndexOf('_');
  const suffix = cut > 0 ? model.slice(cut + 1) : '';
  if (EFFORTS.has(suffix.toLowerCase())) return { base: model.slice(0, cut), setting: `reasoning=${suffix}` };
  if (/^\d+K$/i.test(suffix)) return { base: model.slice(0, cut), setting: `thinking budget ${suffix}` };
  return { base: model, setting: null };
}

/** The standard error the `Scores` cell states (first scorer), in percentage points; null when none is stated. */
export function standardError(scores: string): number | null {
  const match = /±\s*(\d+(?:\.\d+)?)/.exec(scores);
  return match ? Math.round(Number(match[1]) * 10_000) / 100 : null;
}

function rowResult(
  cells: Record<string, string>,
  context: { where: string; origin: string; row: number },
  issues: DataIssue[],
): UpstreamResult | undefined {
  const { where, origin, row } = context;
  const before = issues.length;
  const id = requiredText(cells.id, where, 'id', issues);
  const task = requiredText(cells.task, where, 'task', issues);
  const model = requiredText(cells.model, where, 'model', issues);
  // A fraction of 1, read as percent; rounded to the hub's precision so 0.606 is 60.6, not 60.599999….
  const cell = cells['Best score (across scorers)']?.trim() ?? '';
  const fraction = cell === '' ? Number.NaN : Number(cell);
  const score = percentScore(
    Number.isFinite(fraction) ? Math.round(fraction * 10_000) / 100 : cell,
    where,
    'Best score (across scorers)',
    issues,
  );
  // A few runs (manual evaluations) have no start time: undated, which classification keeps out.
  const started = cells.started_at?.trim() ?? '';
  const date = started === '' ? '' : epochDate(started);
  if (date === undefined) issues.push({ file: where, field: 'started_at', value: started, message: 'must be a date' });
  if (issues.length > before || !id || !task || !model || score === undefined || date === undefined) return undefined;
  const { base, setting } = epochModel(model);
  const version = cells['task version']?.trim() || 'not stated';
  const error = standardError(cells.Scores ?? '');
  return {
    row,
    name: `${task}: ${model} [run ${id}]`,
    keys: [model, base],
    fields: protocol({
      task,
      model,
      modelBase: base,
      taskVersion: version,
      setup: [`task v${version}`, setting].filter(Boolean).join(', '),
      standardError: error === null ? 'standard error not stated' : `standard error +/-${error} pp`,
      runId: id,
      status: cells.Status,
    }),
    score,
    date,
    source: `${origin} (Epoch AI Benchmarking Hub run ${id})`,
  };
}

function header(records: string[][], label: string, issues: DataIssue[]): string[] {
  const columns = (records[0] ?? []).map((c) => c.trim());
  const missing = EPOCH_COLUMNS.filter((c) => !columns.includes(c));
  if (missing.length > 0 || new Set(columns).size !== columns.length)
    issues.push({
      file: label,
      field: 'header',
      value: columns.join(',').slice(0, 200),
      message: `must name each of the columns ${EPOCH_COLUMNS.join(', ')} once${missing.length ? ` (missing ${missing.join(', ')})` : ''}`,
    });
  return columns;
}

export function readEpochRuns(body: Buffer, origin: string, label = 'epoch-runs upstream'): UpstreamResults {
  const decoded = decodeUtf8(body, label);
  if (!decoded.ok) return decoded;
  let records: string[][];
  try {
    records = parse(decoded.text, { skip_empty_lines: true, relax_column_count: false }) as string[][];
  } catch (error) {
    const message = `is not valid CSV (${(error as Error).message})`;
    return { ok: false, issues: [{ file: label, field: '', value: undefined, message }] };
  }
  const issues: DataIssue[] = [];
  const columns = header(records, label, issues);
  if (issues.length > 0) return { ok: false, issues };
  // A quoted cell may hold a raw line break, which the byte scan lets through as a row separator.
  issues.push(...controlCharacterIssues(records.slice(1), label));
  const results: UpstreamResult[] = [];
  records.slice(1).forEach((line, index) => {
    const cells = Object.fromEntries(columns.map((column, i) => [column, line[i] ?? '']));
    // A run that did not finish has no score to keep; it is not a result, and not an error.
    if (cells.Status !== 'Success') return;
    const where = `${label} row ${index + 2}${cells.id ? ` (${cells.id})` : ''}`;
    const result = rowResult(cells, { where, origin, row: index + 1 }, issues);
    if (result) results.push(result);
  });
  return finish(results, issues);
}
