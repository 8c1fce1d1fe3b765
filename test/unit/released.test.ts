/**
 * Latest is always a release: what data/ builds is exactly the newest dated release, so a `datasetVersion`
 * names one content. A curated edit without `npm run release` fails here (and so fails CI).
 */
import { describe, expect, it } from 'vitest';
import { buildOnce } from '../support/build.ts';
import { loadSourceData } from '../../src/compile/load.ts';
import { PATHS } from '../../src/fs/paths.ts';
import { unreleasedChanges, unreleasedMessage } from '../../src/history/released.ts';
import { loadReleases, makeRelease } from '../../src/history/releases.ts';
import { fileCache } from '../../src/history/publish.ts';

describe('latest is always a release', async () => {
  const source = await loadSourceData(PATHS.data);
  const { documents } = buildOnce(source);
  const releases = await loadReleases(PATHS.releases, fileCache());
  const newest = releases.newest!;

  it('the documents built from data/ are byte for byte the newest release', () => {
    const unreleased = unreleasedChanges(documents, newest);
    expect(unreleased && unreleasedMessage(unreleased)).toBeNull();
  });

  it('the dataset takes its version and date from the newest release', () => {
    expect(newest.record.datasetVersion).toBe(source.meta.data.datasetVersion);
    expect(newest.record.lastUpdated).toBe(source.meta.data.lastUpdated);
  });

  it('every release has its own datasetVersion', () => {
    const versions = releases.records.map((r) => r.datasetVersion);
    expect(new Set(versions).size).toBe(versions.length);
  });

  it('an edit that is not released is caught, named, and told how to publish', () => {
    const released = makeRelease({
      id: '2099-01-01',
      meta: source.meta.data,
      documents,
      upstreams: [],
      previous: newest,
    });
    const edited = structuredClone(documents);
    edited['tools.json'].tools[0]!.pricing.input += 1;
    const unreleased = unreleasedChanges(edited, released);
    expect(unreleased?.documents).toEqual(['tools.json']);
    expect(unreleasedMessage(unreleased!)).toMatch(/npm run release/);
    expect(unreleased!.summary).toMatch(/price/);
  });

  it('a release made from the data is what the check compares against', () => {
    const made = makeRelease({ id: '2099-01-01', meta: source.meta.data, documents, upstreams: [], previous: newest });
    expect(unreleasedChanges(documents, made)).toBeNull();
  });
});
