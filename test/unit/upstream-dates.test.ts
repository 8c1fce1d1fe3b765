/**
 * The upstream readers test dates by the schema's one definition (src/schema/common.ts): what `dateOrMonth`
 * refuses in a curated file, a reader refuses in an upstream row, an impossible day included.
 */
import { describe, expect, it } from 'vitest';
import { dateOrMonth, isDateOrMonth } from '../../src/schema/common.ts';
import { resultDate } from '../../src/refresh/upstream/results.ts';
import type { DataIssue } from '../../src/compile/errors.ts';

const SAMPLES = ['2026-11', '2026-11-30', '2026-02-29', '2024-02-29', '2026-13', '2026-04-31', '2026-1-05', '20261105'];

describe('upstream dates', () => {
  it('are accepted by the readers exactly when the schema accepts them', () => {
    for (const text of SAMPLES) {
      const issues: DataIssue[] = [];
      const read = resultDate(text, 'upstream', 'date', issues);
      const schema = dateOrMonth.safeParse(text).success;
      expect({ text, read: read !== undefined, test: isDateOrMonth(text) }).toEqual({
        text,
        read: schema,
        test: schema,
      });
    }
  });
});
