/**
 * Two changes released on two branches at once: each release is named by when it was published and records the
 * release it was cut from, and the dataset's date and versions live only in the releases, so the two branches
 * write disjoint files and merge without a conflict. Read back, each sibling's patches apply to its own parent,
 * its changes are its own (not a revert of the other's), the release cut after the merge carries the other
 * sibling's changes, and the price history follows the line that was served.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileCache } from '../../src/artifact/file-cache.ts';
import { PATHS } from '../../src/fs/paths.ts';
import { historyArtifactFiles } from '../../src/history/history-files.ts';
import { fileCache } from '../../src/history/publish.ts';
import { unreleasedChanges } from '../../src/history/released.ts';
import {
  DOCUMENT_NAMES,
  documentBodies,
  loadReleases,
  mainline,
  makeRelease,
  releaseFiles,
  releaseIdAt,
  writeReleaseDir,
  type StoredRelease,
} from '../../src/history/releases.ts';
import { priceHistoryDocument, type Documents } from '../../src/schema/api.ts';
import { loadSourceData } from '../../src/compile/load.ts';
import { releaseDocuments } from '../support/releases.ts';

// Compressed as the refresh suites compress (the quality does not change what is stored or linked).
process.env.DIRECTORY_BROTLI_QUALITY ??= '5';

let root: string;
let newest: StoredRelease;

const documentsOf = releaseDocuments;

/** A release published at `at`, cut from `previous`, whose documents are `documents` restamped. */
function cut(at: string, documents: Documents, previous: StoredRelease | null, existing: string[]): StoredRelease {
  const id = releaseIdAt(at, existing);
  const version = id.replaceAll('-', '.');
  const stamped = structuredClone(documents);
  for (const name of DOCUMENT_NAMES) (stamped[name] as { lastUpdated: string }).lastUpdated = at;
  const meta = { lastUpdated: at, datasetVersion: version, benchmarkVersion: newest.record.benchmarkVersion };
  return makeRelease({ id, meta, documents: stamped, upstreams: [], previous });
}

/** The files under a releases/ directory, relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'acmd-parallel-releases-'));
  newest = (await loadReleases(PATHS.releases, fileCache())).newest!;
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('two changes released in parallel', async () => {
  const base = () => documentsOf(newest);
  let parent: StoredRelease;
  let left: StoredRelease;
  let right: StoredRelease;
  let leftTool: string;
  let rightTool: string;

  beforeAll(async () => {
    parent = cut('2099-01-01T06:00:00Z', base(), null, []);
    const leftDocs = base();
    const rightDocs = base();
    leftDocs['tools.json'].tools[0]!.pricing.input += 1;
    rightDocs['tools.json'].tools[1]!.pricing.output += 2;
    leftTool = leftDocs['tools.json'].tools[0]!.id;
    rightTool = rightDocs['tools.json'].tools[1]!.id;
    // Each branch cuts its release from the same parent, not knowing of the other.
    left = cut('2099-01-02T09:00:00Z', leftDocs, parent, [parent.record.id]);
    right = cut('2099-01-02T10:30:00Z', rightDocs, parent, [parent.record.id]);
  });

  it('write disjoint files: two release directories of their own, and no other file', async () => {
    const write = async (name: string, release: StoredRelease) => {
      const dir = path.join(root, name);
      await writeReleaseDir(dir, parent.record.id, releaseFiles(parent, undefined));
      const before = new Set(await filesUnder(dir));
      await writeReleaseDir(dir, release.record.id, releaseFiles(release, parent));
      return (await filesUnder(dir)).filter((file) => !before.has(file));
    };
    const [byLeft, byRight] = await Promise.all([write('left', left), write('right', right)]);
    expect(left.record.id).not.toBe(right.record.id);
    expect(byLeft.length).toBeGreaterThan(0);
    expect(byLeft.filter((file) => byRight.includes(file))).toEqual([]);
    expect([left.record.parent, right.record.parent]).toEqual([parent.record.id, parent.record.id]);
  });

  it("each records only its own change, against their common parent, and reads back from a fresh clone's text", async () => {
    const merged = path.join(root, 'merged');
    await writeReleaseDir(merged, parent.record.id, releaseFiles(parent, undefined));
    await writeReleaseDir(merged, left.record.id, releaseFiles(left, parent));
    await writeReleaseDir(merged, right.record.id, releaseFiles(right, parent));
    expect(left.record.changes.map((c) => c.toolId)).toEqual([leftTool]);
    expect(right.record.changes.map((c) => c.toolId)).toEqual([rightTool]);
    // An empty cache: every document is rebuilt from the stored text, the right sibling's patches against the parent.
    const history = await loadReleases(merged, new FileCache(path.join(root, 'cold-cache')));
    expect(history.records.map((r) => r.id)).toEqual([parent.record.id, left.record.id, right.record.id]);
    for (const [name, body] of right.bodies) expect(history.newest!.bodies.get(name)!.equals(body), name).toBe(true);
  });

  it('after the merge, the data differs from the newest sibling until one release records it, against that sibling', async () => {
    const mergedDocs = base();
    mergedDocs['tools.json'].tools[0]!.pricing.input += 1;
    mergedDocs['tools.json'].tools[1]!.pricing.output += 2;
    const restamped = cut('2099-01-02T10:30:00Z', mergedDocs, parent, []);
    const asBuilt = releaseDocuments(restamped);
    expect(unreleasedChanges(asBuilt, right)?.documents).toContain('tools.json');
    const ids = [parent.record.id, left.record.id, right.record.id];
    const after = cut('2099-01-03T08:00:00Z', mergedDocs, right, ids);
    expect(after.record.parent).toBe(right.record.id);
    expect(after.record.changes.map((c) => c.toolId)).toEqual([leftTool]);
  });

  it("the price history follows the line that was served: a sibling is not read as the other's revert", async () => {
    const dir = path.join(root, 'history');
    const mergedDocs = base();
    mergedDocs['tools.json'].tools[0]!.pricing.input += 1;
    mergedDocs['tools.json'].tools[1]!.pricing.output += 2;
    const ids = [parent.record.id, left.record.id, right.record.id];
    const after = cut('2099-01-03T08:00:00Z', mergedDocs, right, ids);
    await writeReleaseDir(dir, parent.record.id, releaseFiles(parent, undefined));
    await writeReleaseDir(dir, left.record.id, releaseFiles(left, parent));
    await writeReleaseDir(dir, right.record.id, releaseFiles(right, parent));
    await writeReleaseDir(dir, after.record.id, releaseFiles(after, right));
    const history = await loadReleases(dir, fileCache());
    expect(mainline(history.published).map((r) => r.record.id)).toEqual([
      ...ids.filter((id) => id !== left.record.id),
      after.record.id,
    ]);
    const bodies = documentBodies(documentsOf(after));
    const current = {
      bodies,
      tools: documentsOf(after)['tools.json'].tools,
      lastUpdated: after.record.lastUpdated,
      datasetVersion: after.record.datasetVersion,
    };
    const files = historyArtifactFiles({ releases: history, baseUrl: null, schedule: null, removedIds: [] }, current);
    const file = files.files.find((f) => f.urlPath === '/api/price-history.json');
    if (!file || !('body' in file)) throw new Error('the history has no price-history.json of its own');
    const prices = priceHistoryDocument.parse(JSON.parse(Buffer.from(file.body).toString('utf8')));
    const points = prices.tools.find((t) => t.toolId === leftTool)!.history;
    // The left sibling's price first appears in the release after the merge; nothing reverts it in between.
    expect(points.map((p) => p.release)).toEqual([parent.record.id, after.record.id]);
  });

  it("the dataset's date and versions are the newest release's: no data file holds them", async () => {
    const source = await loadSourceData(PATHS.data);
    expect(source.meta.data).toEqual({
      lastUpdated: newest.record.lastUpdated,
      datasetVersion: newest.record.datasetVersion,
      benchmarkVersion: newest.record.benchmarkVersion,
    });
    expect(await readdir(PATHS.data)).not.toContain('meta.json');
  });
});
