/**
 * A malformed upstream is "rejected" with its problems named, however it is malformed: a YAML escape JSON lacks
 * does not throw out of the reader (which would make the refresh report "failed, next run retries"), and a file of
 * 125,000 bad lines is refused with a bounded list of problems instead of overflowing the call stack.
 */
import { describe, expect, it } from 'vitest';
import { appendIssues, type DataIssue, MAX_ISSUES_KEPT } from '../../src/compile/errors.ts';
import { readAiderPolyglot } from '../../src/refresh/upstream/aider-polyglot.ts';

const ORIGIN = 'https://example.test/board';
const ENTRY = '- dirname: run\n  test_cases: 225\n  model: gpt-5 (high)\n  pass_rate_2: 88.0\n  date: 2025-08-23\n';

describe('a malformed YAML upstream is refused with its problems, never thrown', () => {
  it.each(['"\\q"', '"\\x41"', '"\\e"'])('a quoted scalar with the escape %s', (scalar) => {
    const read = readAiderPolyglot(Buffer.from(`${ENTRY}  command: ${scalar}\n`), ORIGIN);
    expect(read.ok).toBe(false);
    expect(read.ok ? [] : read.issues).toContainEqual(
      expect.objectContaining({ file: expect.stringContaining('line 6'), message: expect.stringContaining('flat') }),
    );
  });

  it('125,000 bad lines: a bounded list of problems and a line counting the rest', () => {
    const body = Buffer.from(`${ENTRY}${'not yaml at all\n'.repeat(125_000)}`);
    const read = readAiderPolyglot(body, ORIGIN);
    expect(read.ok).toBe(false);
    const issues = read.ok ? [] : read.issues;
    expect(issues.length).toBeLessThanOrEqual(MAX_ISSUES_KEPT + 1);
    expect(issues.at(-1)?.message).toMatch(/more than 100 lines .* reading stopped there/);
  });

  it('issues are appended without a spread, kept to a bound, the rest counted', () => {
    const many: DataIssue[] = Array.from({ length: 200_000 }, (_, i) => ({
      file: `upstream line ${i}`,
      field: '',
      value: undefined,
      message: 'bad',
    }));
    const into: DataIssue[] = [];
    appendIssues(into, many);
    expect(into).toHaveLength(MAX_ISSUES_KEPT + 1);
    expect(into.at(-1)).toMatchObject({
      file: 'upstream',
      message: `... and ${200_000 - MAX_ISSUES_KEPT} more issues`,
    });
  });
});
