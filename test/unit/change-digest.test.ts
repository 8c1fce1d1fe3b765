/**
 * The change digest of /changes/ (src/web/digest.ts) and the words every face uses for changes and lifecycle
 * (src/schema/change-words.ts): the week ends on the dataset's date, each kind counts what the feed recorded, and
 * every field path the recorded releases name has words, an unknown one shown as it is.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Change, Release } from '../../src/schema/api.ts';
import { changeKind } from '../../src/schema/api.ts';
import { CHANGE_KIND_WORDS, fieldWords, STATUS_MEANING, STATUS_WORDS } from '../../src/schema/change-words.ts';
import { toolStatus as status } from '../../src/schema/common.ts';
import { changeDigest, daysBefore } from '../../src/web/digest.ts';
import { changeValue } from '../../src/web/pages/changes.ts';
import { releaseRecord } from '../support/fixtures.ts';

const change = (toolId: string, kind: Change['kind'], extra: Partial<Change> = {}): Change => ({
  kind,
  toolId,
  toolName: toolId.toUpperCase(),
  field: null,
  from: null,
  to: null,
  percent: null,
  ...extra,
});
const release = (id: string, changes: Change[]): Release => releaseRecord(id, { changes });
const price = (toolId: string, from: number, to: number) =>
  change(toolId, 'price-changed', { field: 'pricing.input', from, to, percent: ((to - from) / from) * 100 });
const providers: Record<string, { id: string; name: string }> = {
  a: { id: 'p', name: 'P' },
  b: { id: 'q', name: 'Q' },
};
const providerOf = (id: string) => providers[id] ?? null;

// Newest first, as changes.json publishes them; the dataset's date is 2026-12-01.
const FEED = [
  release('2026-12-01.120000', [change('b', 'source-changed', { field: 'sources.pricing' }), price('a', 2, 1)]),
  release('2026-11-28', [
    change('a', 'model-retired', { field: 'status', from: 'deprecated', to: 'retired' }),
    change('c', 'model-added'),
    change('a', 'rank-moved', { field: 'benchmarks.rank', from: 9, to: 3 }),
  ]),
  release('2026-11-25', [change('b', 'first-score', { field: 'benchmarks.overallScore', from: null, to: 51 })]),
  // The day seven days before: outside the week.
  release('2026-11-24', [price('b', 1, 3), change('d', 'model-removed')]),
];

describe('changeDigest', () => {
  it('takes the seven days up to the dataset date, not the day before them', () => {
    expect(daysBefore('2026-12-01', 7)).toBe('2026-11-24');
    const digest = changeDigest(FEED, '2026-12-01', providerOf);
    expect(digest.since).toBe('2026-11-24');
    expect(digest.releases.map((r) => r.id)).toEqual(['2026-12-01.120000', '2026-11-28', '2026-11-25']);
    expect(digest.counts).toEqual({
      new: 1,
      retired: 1,
      deprecated: 0,
      removed: 0,
      price: 1,
      'first-score': 1,
      rank: 1,
    });
    expect(digest.complete).toBe(true);
  });

  it('lists news by kind, with the release and the provider of a listed model; re-read sources stay out', () => {
    const digest = changeDigest(FEED, '2026-12-01', providerOf);
    expect(digest.rows.map((r) => [r.kind, r.change.toolId, r.releaseId, r.provider?.id ?? null])).toEqual([
      ['new', 'c', '2026-11-28', null],
      ['retired', 'a', '2026-11-28', 'p'],
      ['price', 'a', '2026-12-01.120000', 'p'],
      ['first-score', 'b', '2026-11-25', 'q'],
      ['rank', 'a', '2026-11-28', 'p'],
    ]);
  });

  it('ends on the date it is given (the data is static), so an older dataset has its own week', () => {
    const digest = changeDigest(FEED, '2026-11-25', providerOf);
    expect(digest.releases.map((r) => r.id)).toEqual(['2026-11-25', '2026-11-24']);
    expect(digest.counts.price).toBe(1);
    expect(digest.counts.removed).toBe(1);
  });

  it('says it is partial when the feed holds only the newest releases and the week reaches past them', () => {
    const window = FEED.slice(0, 2);
    expect(changeDigest(window, '2026-12-01', providerOf, { totalReleases: 4 }).complete).toBe(false);
    expect(changeDigest(window, '2026-12-01', providerOf, { totalReleases: 2 }).complete).toBe(true);
    expect(changeDigest(FEED, '2026-12-01', providerOf, { totalReleases: 9 }).complete).toBe(true);
  });
});

/** Every release recorded in releases/: the field paths the feed has really published. */
function recordedFields(): Set<string> {
  const dir = path.resolve('releases');
  const fields = new Set<string>();
  for (const id of readdirSync(dir)) {
    const record = JSON.parse(readFileSync(path.join(dir, id, 'release.json'), 'utf8')) as Release;
    for (const c of record.changes) if (c.field !== null) fields.add(c.field);
  }
  return fields;
}

describe('the words for changes and lifecycle', () => {
  it('has words for every field path a recorded release names', () => {
    const fields = recordedFields();
    expect(fields.size).toBeGreaterThan(10);
    expect([...fields].filter((f) => !fieldWords(f).known)).toEqual([]);
    expect(fieldWords('pricing.cacheRead')).toEqual({ words: 'cache read price', known: true });
  });

  it('shows a path it has no words for as the path, marked unknown, instead of failing', () => {
    expect(fieldWords('pricing.someNewPrice')).toEqual({ words: 'pricing.someNewPrice', known: false });
    expect(fieldWords(null)).toEqual({ words: '', known: true });
  });

  it('names every change kind and every status of the schema, with one meaning of retired', () => {
    expect(Object.keys(CHANGE_KIND_WORDS).sort()).toEqual([...changeKind.options].sort());
    expect(Object.keys(STATUS_WORDS).sort()).toEqual([...status.options].sort());
    expect(Object.keys(STATUS_MEANING).sort()).toEqual([...status.options].sort());
    expect(STATUS_MEANING.retired).toMatch(/^no longer served by its provider/);
    expect(CHANGE_KIND_WORDS['model-removed']).not.toMatch(/retired/i);
  });

  it('reads a changed value in the unit of its field', () => {
    expect(changeValue('pricing.cacheRead', 0.3)).toBe('$0.30 per 1M tokens');
    expect(changeValue('contextTokens', 400_000)).toBe('400K tokens');
    expect(changeValue('status', 'retired')).toBe('Retired');
    expect(changeValue('benchmarks.rank', 3)).toBe('#3');
    expect(changeValue('some.unknown', 'x')).toBe('x');
    expect(changeValue('pricing.input', null)).toBe('—');
  });
});
