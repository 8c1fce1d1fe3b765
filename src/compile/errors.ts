import type { z } from 'zod';
/** One problem in the curated data, located precisely enough to fix without searching. */
export interface DataIssue {
  file: string;
  field: string;
  value: unknown;
  message: string;
}

const MAX_VALUE_CHARS = 160;
const cut = (text: string) => (text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS - 3)}...` : text);
// JSON has no Infinity or NaN (1e999 in a file parses to Infinity): name them rather than print null.
const json = (value: unknown) =>
  typeof value === 'number' && !Number.isFinite(value) ? String(value) : (JSON.stringify(value) ?? String(value));

/** One value in a change or update line: strings bare, null as `none`, anything else as JSON, long values cut. */
export const valueText = (value: unknown): string =>
  cut(value === null ? 'none' : typeof value === 'string' ? value : json(value));

/**
 * `file: field: message (got value)`, the one shape of every data and upstream error. An issue
 * about a whole file has an empty field and no value; an undefined value under a field means
 * the field is missing.
 */
export function formatIssue(issue: DataIssue): string {
  const where = issue.field ? `${issue.field}: ` : '';
  const got = issue.value !== undefined ? ` (got ${cut(json(issue.value))})` : issue.field ? ' (got missing)' : '';
  return `${issue.file}: ${where}${issue.message}${got}`;
}

/** How many issues of one input are kept: enough to fix it, few enough that a hostile file cannot flood a report. */
export const MAX_ISSUES_KEPT = 100;

/**
 * Appends `more` to `into`, keeping at most MAX_ISSUES_KEPT of them and one line counting the rest. A loop, not a
 * spread: a file of 125,000 bad lines would overflow the call stack of `push(...more)`.
 */
export function appendIssues(into: DataIssue[], more: readonly DataIssue[]): void {
  for (const issue of more.slice(0, MAX_ISSUES_KEPT)) into.push(issue);
  if (more.length > MAX_ISSUES_KEPT)
    into.push({
      file: more[MAX_ISSUES_KEPT]!.file.replace(/ line \d+$/, ''),
      field: '',
      value: undefined,
      message: `... and ${more.length - MAX_ISSUES_KEPT} more issues`,
    });
}

/** Thrown when the data cannot produce an artifact; carries every issue found, not just the first. */
export class DataError extends Error {
  readonly issues: readonly DataIssue[];
  constructor(issues: readonly DataIssue[]) {
    super(`${issues.length} data issue(s):\n${issues.map((i) => `  - ${formatIssue(i)}`).join('\n')}`);
    this.name = 'DataError';
    this.issues = issues;
  }
}

/** Collects issues so a build reports all of them at once. */
export class IssueCollector {
  readonly issues: DataIssue[] = [];
  add(file: string, field: string, value: unknown, message: string): void {
    this.issues.push({ file, field, value, message });
  }
  throwIfAny(): void {
    if (this.issues.length > 0) throw new DataError(this.issues);
  }
}

/** Walks a zod issue path into the raw value so the error can show what was actually there. */
function valueAt(root: unknown, issuePath: readonly PropertyKey[]): unknown {
  let current: unknown = root;
  for (const key of issuePath) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/**
 * The issues that say what is wrong. A value two kinds of value may fill (a source in full, or its key) fails a
 * union; when the value is of one option's kind (an object, not a string), that option's own issues name the
 * field that is wrong, where the union's would say only "Invalid input".
 */
function explained(issues: readonly z.core.$ZodIssue[], base: readonly PropertyKey[] = []): z.core.$ZodIssue[] {
  return issues.flatMap((issue) => {
    const path = [...base, ...issue.path];
    if (issue.code !== 'invalid_union' || !('errors' in issue)) return [{ ...issue, path }];
    const ofItsKind = issue.errors.filter(
      (option) => !(option.length === 1 && option[0]!.code === 'invalid_type' && option[0]!.path.length === 0),
    );
    return ofItsKind.length === 1 ? explained(ofItsKind[0]!, path) : [{ ...issue, path }];
  });
}

/** `raw` parsed with `schema`, or undefined with each problem in `issues` as file, field, value and message. */
export function parseWith<S extends z.ZodType>(
  schema: S,
  raw: unknown,
  file: string,
  issues: IssueCollector,
): z.infer<S> | undefined {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  for (const issue of explained(result.error.issues)) {
    const field = issue.path.map(String).join('.');
    const keys = issue.code === 'unrecognized_keys' ? ` ${issue.keys.join(', ')}` : '';
    issues.add(file, field, valueAt(raw, issue.path), issue.message + keys);
  }
  return undefined;
}
