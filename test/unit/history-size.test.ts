/**
 * What a longer history costs every build: the documents rewritten on each build (changes.json, the feed,
 * manifest.json) stay one size however many releases there are; only the monthly archive and the releases'
 * own files grow, and those a build links or leaves as they were.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { PATHS } from '../../src/fs/paths.ts';
import { historyArtifactFiles } from '../../src/history/history-files.ts';
import { fileCache } from '../../src/history/publish.ts';
import { loadReleases, releaseIdAt, type PublishedRelease, type ReleaseHistory } from '../../src/history/releases.ts';
import { CHANGES_WINDOW, manifestDocument } from '../../src/schema/api.ts';

let real: ReleaseHistory;

/** `count` releases, each a copy of the newest real one published a minute after the one before (same sizes). */
function grown(count: number): ReleaseHistory {
  const template = real.published.at(-1)!;
  const published: PublishedRelease[] = [];
  const ids: string[] = [];
  const start = Date.parse('2030-01-01T00:00:00Z');
  for (let i = 0; i < count; i++) {
    const at = new Date(start + i * 60_000).toISOString().replace(/\.\d+Z$/, 'Z');
    const id = releaseIdAt(at, ids);
    ids.push(id);
    const record = {
      ...template.record,
      id,
      date: at.slice(0, 10),
      publishedAt: at,
      lastUpdated: at,
      datasetVersion: id.replaceAll('-', '.'),
      initial: i === 0,
      parent: i === 0 ? null : ids[i - 1]!,
      url: `/api/v/${id}/`,
      documents: template.record.documents.map((d) => ({ ...d, path: d.path.replace(template.record.id, id) })),
    };
    published.push({ ...template, record });
  }
  return { records: published.map((p) => p.record), published, newest: real.newest, prices: real.prices };
}

/** The history documents a build writes for `releases`, beside the newest real release's documents. */
function historyOf(releases: ReleaseHistory) {
  const newest = real.newest!;
  const current = {
    bodies: newest.bodies,
    tools: JSON.parse(newest.bodies.get('tools.json')!.toString('utf8')).tools,
    lastUpdated: '2031-01-01T00:00:00Z',
    datasetVersion: 'x',
  };
  return historyArtifactFiles({ releases, baseUrl: null, schedule: null, removedIds: [] }, current).files;
}

/** The bytes of each history document a build writes again, for a history of `count` releases. */
function sizes(count: number): Record<string, number> {
  const files = historyOf(grown(count));
  const of = (urlPath: string) => {
    const file = files.find((f) => f.urlPath === urlPath);
    if (!file || !('body' in file)) throw new Error(`no ${urlPath} of its own`);
    return Buffer.from(file.body).length;
  };
  return { manifest: of('/api/manifest.json'), changes: of('/api/changes.json'), feed: of('/api/changes.xml') };
}

beforeAll(async () => {
  real = await loadReleases(PATHS.releases, fileCache());
});

describe('the documents every build writes again stay one size as the history grows', () => {
  it(`manifest.json, changes.json and the feed are the same size with ${CHANGES_WINDOW + 10} and ${CHANGES_WINDOW * 3} releases`, () => {
    expect(sizes(CHANGES_WINDOW * 3)).toEqual(sizes(CHANGES_WINDOW + 10));
  });

  it('manifest.json lists the newest releases and counts them all', () => {
    const releases = grown(CHANGES_WINDOW * 2);
    const file = historyOf(releases).find((f) => f.urlPath === '/api/manifest.json');
    if (!file || !('body' in file)) throw new Error('no manifest.json of its own');
    const manifest = manifestDocument.parse(JSON.parse(Buffer.from(file.body).toString('utf8')));
    expect(manifest.totalReleases).toBe(CHANGES_WINDOW * 2);
    expect(manifest.releases.map((r) => r.id)).toEqual(
      releases.records
        .slice(-CHANGES_WINDOW)
        .map((r) => r.id)
        .reverse(),
    );
  });
});
