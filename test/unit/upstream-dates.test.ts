/**
 * Every face tests dates by the schema's one definition (src/schema/common.ts, its rules in the dependency-free
 * calendar.ts): what `dateOrMonth` refuses in a curated file, a reader refuses in an upstream row, an impossible
 * day included; the page formats only what `isoDate` and `yearMonth` accept.
 */
import { describe, expect, it } from 'vitest';
import { dateOrMonth, isDateOrMonth, isIsoDate, isoDate, isYearMonth, yearMonth } from '../../src/schema/common.ts';
import { epochDate } from '../../src/refresh/upstream/epoch-runs.ts';
import { day, month } from '../../src/web/format.ts';
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

  it('are days and months by the zod schemas and by the tests the faces without zod load, alike', () => {
    for (const text of SAMPLES) {
      const [day, month] = [isoDate.safeParse(text).success, yearMonth.safeParse(text).success];
      expect({ text, day: isIsoDate(text), month: isYearMonth(text) }).toEqual({ text, day, month });
    }
  });

  it('are read from the Epoch AI hub and formatted on the page exactly when they are days (or months) the schema has', () => {
    for (const text of SAMPLES) {
      const isDay = isoDate.safeParse(text).success;
      expect({ text, epoch: epochDate(text) }).toEqual({ text, epoch: isDay ? text : undefined });
      expect({ text, page: day(text) !== text }).toEqual({ text, page: isDay });
      expect({ text, page: month(text) !== text }).toEqual({ text, page: yearMonth.safeParse(text).success });
    }
    expect([day('2026-11-22'), day('2026-11-22T10:00:00Z'), month('2026-06')]).toEqual([
      '22 Nov 2026',
      '22 Nov 2026',
      'Jun 2026',
    ]);
  });
});
