/**
 * Curated data that lies by accident does not publish: a key stated twice, a data file replaced by a symbolic
 * link (in or out of data/), a file or a text far over its limit, and an observed date in the future each fail the
 * build naming the file and the field. An upstream result dated in the future, on a day no calendar has, or after
 * its model's shutdown changes nothing and is reported.
 */
import { cp, mkdir, mkdtemp, readFile, rm, symlink, unlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataError, formatIssue } from '../../src/compile/errors.ts';
import { checkSourceIntegrity } from '../../src/compile/integrity.ts';
import { DATA_LIMITS, loadSourceData } from '../../src/compile/load.ts';
import { PATHS } from '../../src/fs/paths.ts';
import { toolIndex } from '../../src/refresh/match.ts';
import { mergeUpstreamResults } from '../../src/refresh/merge-results.ts';
import { readAiderPolyglot } from '../../src/refresh/upstream/aider-polyglot.ts';
import type { UpstreamResult } from '../../src/refresh/upstream/results.ts';
import { errorOf } from '../support/data-error.ts';
import { AIDER_FEED } from '../support/refresh-samples.ts';
import { freshSource, toolFile } from '../support/source.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'acmd-strict-'));
  await cp(PATHS.data, dir, { recursive: true });
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const GPT = 'tools/openai/gpt-5-4.json';

/** The build's messages for a copy of the data with one file's text changed, restored afterwards. */
async function messagesWith(relative: string, change: (file: string) => Promise<void>): Promise<string[]> {
  const file = path.join(dir, relative);
  const original = await readFile(file);
  try {
    await change(file);
    await loadSourceData(dir, { releasesDir: PATHS.releases });
  } catch (error) {
    if (error instanceof DataError) return error.issues.map(formatIssue);
    throw error;
  } finally {
    // rm, not unlink: the change may have put a directory or a link in the file's place.
    await rm(file, { recursive: true, force: true });
    await writeFile(file, original);
  }
  throw new Error('expected a DataError, but the data was accepted');
}

describe('curated files are read strictly', () => {
  it('a key stated twice is refused: JSON.parse would keep the last copy and publish it', async () => {
    const messages = await messagesWith(GPT, async (file) => {
      const text = await readFile(file, 'utf8');
      await writeFile(file, text.replace(/"output":\s*([\d.]+)/, '"output": $1, "output": 1000'));
    });
    expect(messages).toContainEqual(
      expect.stringMatching(/^tools\/openai\/gpt-5-4\.json: pricing: duplicate key "output"/),
    );
  });

  it('a data file replaced by a symbolic link is refused by name, not skipped (the model would publish as removed)', async () => {
    const elsewhere = path.join(os.tmpdir(), `acmd-strict-target-${process.pid}.json`);
    await writeFile(elsewhere, await readFile(path.join(dir, GPT)));
    try {
      for (const target of [elsewhere, '/etc/passwd'])
        expect(
          await messagesWith(GPT, async (file) => {
            await unlink(file);
            await symlink(target, file);
          }),
        ).toContain(`${GPT}: is a symbolic link: curated data must be regular files inside data/`);
    } finally {
      await rm(elsewhere, { force: true });
    }
  });

  it('a data file that cannot be read as a file (a directory in its place) is refused by name, not skipped', async () => {
    const messages = await messagesWith(GPT, async (file) => {
      await unlink(file);
      await mkdir(file);
    });
    expect(messages).toContain(`${GPT}: is not a regular file`);
  });

  it('a file over the size limit and a text over the length limit are refused, naming the field', async () => {
    const huge = await messagesWith(GPT, async (file) => {
      const json = JSON.parse(await readFile(file, 'utf8'));
      json.description = 'x'.repeat(10 * 1024 * 1024);
      await writeFile(file, JSON.stringify(json));
    });
    expect(huge).toContainEqual(
      expect.stringMatching(new RegExp(`^${GPT}: is larger than ${DATA_LIMITS.fileBytes} bytes`)),
    );
    const long = await messagesWith(GPT, async (file) => {
      const json = JSON.parse(await readFile(file, 'utf8'));
      json.description = 'y'.repeat(DATA_LIMITS.textCharacters + 1);
      await writeFile(file, JSON.stringify(json));
    });
    expect(long).toContainEqual(
      expect.stringMatching(
        new RegExp(`^${GPT}: description: is longer than ${DATA_LIMITS.textCharacters} characters`),
      ),
    );
  });

  it('the real data is within the limits', async () => {
    await expect(loadSourceData(dir, { releasesDir: PATHS.releases })).resolves.toBeDefined();
  });
});

describe('an observed date cannot be in the future', () => {
  const NOW = new Date('2026-11-28T12:00:00Z');

  it('a release month, a source read or verified, a result measured after the clock fail the build', async () => {
    const source = await freshSource();
    const tool = toolFile(source, 'gpt-5-4');
    tool.data.releaseDate = '2099-01';
    tool.data.sources.pricing.verified = '2099-12-31';
    const results = source.results.find((r) => r.data.toolId === 'gpt-5-4')!;
    results.data.results[0]!.date = '2026-12-25';
    const issues = errorOf(() => checkSourceIntegrity(source, NOW)).issues;
    expect(issues).toContainEqual(expect.objectContaining({ file: tool.file, field: 'releaseDate', value: '2099-01' }));
    expect(issues).toContainEqual(
      expect.objectContaining({ file: tool.file, field: 'sources.pricing.verified', value: '2099-12-31' }),
    );
    expect(issues).toContainEqual(expect.objectContaining({ file: results.file, field: 'results.0.date' }));
  });

  it('tomorrow is allowed (a contributor east of UTC), and a planned date such as a shutdown may be later', async () => {
    const source = await freshSource();
    // The real data checked on the day it was released (it holds sources verified that day), not on a fixed day.
    const released = source.meta.data.lastUpdated.slice(0, 10);
    const day = (offset: number) => new Date(Date.parse(`${released}T00:00:00Z`) + offset * 86_400_000);
    const clock = new Date(day(0).getTime() + 12 * 3_600_000);
    const tool = toolFile(source, 'gpt-5-4');
    tool.data.sources.pricing.verified = day(1).toISOString().slice(0, 10);
    expect(() => checkSourceIntegrity(source, clock)).not.toThrow();
    tool.data.sources.pricing.verified = day(2).toISOString().slice(0, 10);
    expect(() => checkSourceIntegrity(source, clock)).toThrow(DataError);
  });
});

describe('an upstream date is a real day, not after it was read, not after the model was shut down', () => {
  it('a day no calendar has is refused by the reader', () => {
    const yaml = Buffer.from(
      '- dirname: 2025-02-31-run\n  test_cases: 225\n  model: gpt-5 (high)\n  edit_format: diff\n  pass_rate_2: 88.0\n  date: 2025-02-31\n',
    );
    const read = readAiderPolyglot(yaml, 'https://example.test/board');
    expect(read.ok ? [] : read.issues).toContainEqual(
      expect.objectContaining({ field: 'date', value: '2025-02-31', message: expect.stringContaining('calendar') }),
    );
  });

  it('a result dated after the day it was read, or after its model’s shutdown, is reported and changes nothing', async () => {
    const source = await freshSource();
    const active = toolFile(source, 'gpt-5-4').data;
    // A model shut down before the result's day (2026-11-27).
    const retired = source.tools.find(
      (t) => t.data.status === 'retired' && (t.data.lifecycle?.shutdown?.date ?? '9999') < '2026-11-27',
    )!.data;
    const result = (name: string, date: string, row: number): UpstreamResult => ({
      row,
      name,
      keys: [name],
      fields: { testCases: '225' },
      score: 99.9,
      date,
      source: 'https://example.test/board',
    });
    const before = JSON.stringify(source.results);
    const report = mergeUpstreamResults(
      source,
      toolIndex(source),
      { name: 'aider', aliases: {}, feeds: [AIDER_FEED] },
      [result(active.id, '2099-12-31', 1), result(retired.id, '2026-11-27', 2)],
      source.series.data,
      '2026-11-28',
    );
    expect(report.unclassified).toEqual([
      expect.stringContaining('dated 2099-12-31, after the day it was read'),
      expect.stringContaining(`after the model's shutdown on ${retired.lifecycle!.shutdown!.date}`),
    ]);
    expect(JSON.stringify(source.results)).toBe(before);
  });
});
