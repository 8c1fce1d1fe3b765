/** One problem in the curated data, located precisely enough to fix without searching. */
export interface DataIssue {
  file: string;
  field: string;
  value: unknown;
  message: string;
}

export function formatIssue(issue: DataIssue): string {
  const shown = issue.value === undefined ? 'missing' : JSON.stringify(issue.value);
  return `${issue.file}: ${issue.field || '(root)'}: ${issue.message} (got ${shown?.length > 120 ? `${shown.slice(0, 117)}...` : shown})`;
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
