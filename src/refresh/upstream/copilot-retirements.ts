/**
 * GitHub Copilot's model retirement history (github/docs `data/tables/copilot/model-deprecation-history.yml`,
 * the table behind "Model retirement history" in the Copilot docs): a YAML list of flat entries
 * `name`, `retirement_date` (YYYY-MM-DD) and `suggested_alternative`, as Copilot names the models.
 * Each entry says Copilot stopped (or will stop) offering the model on that date; it says nothing
 * about the model's provider API. Read through the strict flat-YAML subset; a bad entry refuses
 * the file. Pure.
 */
import type { DataIssue } from '../../compile/errors.ts';
import { decodeUtf8 } from '../../compile/json-guard.ts';
import { isoDate } from '../../schema/common.ts';
import { parseFlatYaml } from './flat-yaml.ts';
import { requiredText } from './results.ts';

/** One row of a lifecycle list, in the list's own naming. */
export interface LifecycleRow {
  /** 1-based position in the upstream document, for reports. */
  row: number;
  /** The list's own name of the model. */
  name: string;
  /** YYYY-MM-DD: the day the model leaves (or left) the platform. */
  date: string;
  /** The replacement exactly as the list names it, if it names one. */
  successor: string | null;
}

export type LifecycleRows = { ok: true; rows: LifecycleRow[] } | { ok: false; issues: DataIssue[] };

/** A whole day the calendar has: the schema's one date primitive decides. */
const isCalendarDate = (text: string) => isoDate.safeParse(text).success;

export function readCopilotRetirements(body: Buffer, label = 'copilot-retirements upstream'): LifecycleRows {
  const decoded = decodeUtf8(body, label);
  if (!decoded.ok) return decoded;
  const parsed = parseFlatYaml(decoded.text, label);
  if (!parsed.ok) return parsed;
  const issues: DataIssue[] = [];
  const rows: LifecycleRow[] = [];
  for (const entry of parsed.entries) {
    const where = `${label} line ${entry.line}`;
    const before = issues.length;
    const name = requiredText(entry.values.get('name'), where, 'name', issues);
    const date = entry.values.get('retirement_date') ?? '';
    if (!isCalendarDate(date))
      issues.push({
        file: where,
        field: 'retirement_date',
        value: date,
        message: 'must be a calendar date YYYY-MM-DD',
      });
    const alternative = entry.values.get('suggested_alternative')?.trim();
    if (issues.length > before || !name) continue;
    rows.push({ row: rows.length + 1, name, date, successor: alternative ? alternative : null });
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, rows };
}
