/**
 * Releases are stored as reviewable text, and the history costs a build only what changed: a
 * release's documents are the served JSON pretty-printed, whole or as a patch against the release
 * before; reading them gives back the exact bytes of the SHA-256 manifest; a build links every
 * release it has seen from the file cache instead of reconstructing, recompressing or rewriting it.
 */
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../src/artifact/artifact.ts';
import { FileCache } from '../../src/artifact/file-cache.ts';
import { PATHS } from '../../src/fs/paths.ts';
import { historyArtifactFiles } from '../../src/history/history-files.ts';
import { fileCache, firstBuildNote } from '../../src/history/publish.ts';
import {
  DOCUMENT_NAMES,
  documentBodies,
  loadReleases,
  makeRelease,
  releaseFiles,
  writeReleaseDir,
  type StoredRelease,
} from '../../src/history/releases.ts';
import { prepareArtifact, writeArtifactDir } from '../../src/artifact/artifact.ts';
import type { Documents } from '../../src/schema/api.ts';
import { releaseDocuments } from '../support/releases.ts';

// What is stored, linked and rewritten does not depend on how hard the copies are compressed: compress them as the
// refresh suites do, at the quality that allocates small encoders (src/artifact/compress.ts). The next file in this
// worker starts with the worker's own environment again (test/support/file-setup.ts).
process.env.DIRECTORY_BROTLI_QUALITY ??= '5';

let root: string;
let newest: StoredRelease;

const documentsOf = releaseDocuments;

/** Two releases in a fresh releases/ directory: the newest real one re-dated, then one price moved. */
async function twoReleases(dir: string): Promise<[StoredRelease, StoredRelease]> {
  const meta = (lastUpdated: string) => ({
    lastUpdated,
    datasetVersion: lastUpdated.slice(0, 10).replace(/-/g, '.'),
    benchmarkVersion: newest.record.benchmarkVersion,
  });
  const documents = documentsOf(newest);
  const first = makeRelease({
    id: '2099-01-01',
    meta: meta('2099-01-01T00:00:00Z'),
    documents,
    upstreams: [],
    previous: null,
  });
  const tool = documents['tools.json'].tools[0]!;
  tool.pricing.input += 1;
  const second = makeRelease({
    id: '2099-01-02',
    meta: meta('2099-01-02T00:00:00Z'),
    documents,
    upstreams: [],
    previous: first,
  });
  await writeReleaseDir(dir, first.record.id, releaseFiles(first, undefined));
  await writeReleaseDir(dir, second.record.id, releaseFiles(second, first));
  return [first, second];
}

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'acmd-release-store-'));
  newest = (await loadReleases(PATHS.releases, fileCache())).newest!;
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('a release stored as text', () => {
  it('is the pretty-printed documents, and the next release is a patch that shows only its change', async () => {
    const dir = path.join(root, 'text');
    await twoReleases(dir);
    expect((await readdir(path.join(dir, '2099-01-01'))).sort()).toEqual(['release.json', ...DOCUMENT_NAMES].sort());
    const second = await readdir(path.join(dir, '2099-01-02'));
    expect(second).toContain('tools.json.patch');
    expect(second.some((name) => name.endsWith('.br'))).toBe(false);
    const whole = await readFile(path.join(dir, '2099-01-01', 'tools.json'), 'utf8');
    expect(whole.split('\n').length).toBeGreaterThan(1000);
    const patch = await readFile(path.join(dir, '2099-01-02', 'tools.json.patch'), 'utf8');
    expect(patch).toMatch(/^--- a\/tools\.json/m);
    expect(patch).toMatch(/^-\s+"input": /m);
    // The repository grows by about the size of the change, not of the document.
    expect(patch.length).toBeLessThan(whole.length / 50);
  });

  it('reads back as exactly the bytes its SHA-256 manifest names', async () => {
    const dir = path.join(root, 'read');
    const [first, second] = await twoReleases(dir);
    const cache = new FileCache(path.join(root, 'read-cache'));
    const history = await loadReleases(dir, cache);
    expect(history.records.map((r) => r.id)).toEqual(['2099-01-01', '2099-01-02']);
    for (const [release, published] of [first, second].map((r, i) => [r, history.published[i]!] as const))
      for (const name of DOCUMENT_NAMES) {
        const body = release.bodies.get(name)!;
        const stored = published.documents.get(name)!;
        expect(stored.sha256).toBe(sha256Hex(body));
        expect((await cache.body(stored.sha256)).equals(body), name).toBe(true);
      }
    for (const name of DOCUMENT_NAMES)
      expect(history.newest!.bodies.get(name)!.equals(second.bodies.get(name)!)).toBe(true);
  });

  it('refuses a patch that was edited by hand, naming the file', async () => {
    const dir = path.join(root, 'tampered');
    await twoReleases(dir);
    const file = path.join(dir, '2099-01-02', 'tools.json.patch');
    const patch = await readFile(file, 'utf8');
    await writeFile(
      file,
      patch.replace(/^(\+\s+"input": )([\d.]+)/m, (_, key, value) => `${key}${Number(value) + 5}`),
    );
    await expect(loadReleases(dir, new FileCache(path.join(root, 'tampered-cache')))).rejects.toThrow(
      'releases/2099-01-02/tools.json.patch: does not reproduce the bytes its SHA-256 manifest names',
    );
  });

  it('refuses a document stored both whole and as a patch, and one stored neither way', async () => {
    const dir = path.join(root, 'twice');
    await twoReleases(dir);
    await writeFile(path.join(dir, '2099-01-02', 'tools.json'), '{}\n');
    await expect(loadReleases(dir, new FileCache(path.join(root, 'twice-cache')))).rejects.toThrow(
      'releases/2099-01-02/: both tools.json and tools.json.patch',
    );
    await rm(path.join(dir, '2099-01-02', 'tools.json'));
    await rm(path.join(dir, '2099-01-02', 'tools.json.patch'));
    await expect(loadReleases(dir, new FileCache(path.join(root, 'twice-cache')))).rejects.toThrow(
      'releases/2099-01-02/tools.json: missing',
    );
  });
});

describe('a build after a one-field edit', () => {
  it('links the releases it has seen from the file cache: no release file is reconstructed, recompressed or rewritten', async () => {
    const dir = path.join(root, 'build');
    const [first, second] = await twoReleases(dir);
    const cache = new FileCache(path.join(root, 'build-cache'));
    const history = await loadReleases(dir, cache);
    // The history's part of the artifact (releases, changes, manifest, price history), as the build composes it.
    const historyOf = (releases: typeof history, documents: Documents) => {
      const bodies = documentBodies(documents);
      const current = {
        bodies,
        tools: documents['tools.json'].tools,
        lastUpdated: second.record.lastUpdated,
        datasetVersion: 'x',
      };
      const files = historyArtifactFiles({ releases, baseUrl: null, schedule: null, removedIds: [] }, current).files;
      const latest = DOCUMENT_NAMES.map((name) => ({
        urlPath: `/api/${name}`,
        contentType: 'application/json',
        body: bodies.get(name)!,
      }));
      return prepareArtifact([...files, ...latest], second.record.lastUpdated);
    };
    const dist = path.join(root, 'build-dist');
    const a = await writeArtifactDir(historyOf(history, documentsOf(second)), dist);
    // A cache entry is made once: reading the history again finds it and touches no release text.
    await rm(path.join(dir, first.record.id, 'tools.json'));
    const again = await loadReleases(dir, cache);
    const edited = documentsOf(second);
    edited['tools.json'].tools[1]!.pricing.output += 1;
    const b = await writeArtifactDir(historyOf(again, edited), dist);
    expect(b).not.toBe(a);
    for (const id of [first.record.id, second.record.id])
      for (const file of ['tools.json', 'tools.json.br', 'tools.json.gz']) {
        const [inA, inB] = await Promise.all([a, b].map((artifact) => stat(path.join(artifact, 'api', 'v', id, file))));
        expect(inB!.ino, `${id}/${file} is the same file in both artifacts`).toBe(inA!.ino);
      }
    // The latest tools.json changed, so it is a new file.
    const [latestA, latestB] = await Promise.all(
      [a, b].map((artifact) => stat(path.join(artifact, 'api', 'tools.json'))),
    );
    expect(latestB!.ino).not.toBe(latestA!.ino);
  });
});

describe('a first build says how far it is', () => {
  it('counts the releases new to the file cache as it stores them, and none it has seen', async () => {
    const dir = path.join(root, 'progress');
    await twoReleases(dir);
    const cache = new FileCache(path.join(root, 'progress-cache'));
    const states: { stored: number; unseen: number; total: number }[] = [];
    await loadReleases(dir, cache, (state) => states.push(state));
    expect(states).toEqual([
      { stored: 0, unseen: 2, total: 2 },
      { stored: 1, unseen: 2, total: 2 },
      { stored: 2, unseen: 2, total: 2 },
    ]);
    states.length = 0;
    await loadReleases(dir, cache, (state) => states.push(state));
    expect(states).toEqual([{ stored: 0, unseen: 0, total: 2 }]);
  });

  it('says why it took over 20 s: releases compressed for the first time, a busy machine, or every page compressed', () => {
    expect(firstBuildNote(12, 39, 9, 2)).toBe('');
    expect(firstBuildNote(70, 39, 1, 2)).toBe(
      ' (over 20 s: 39 releases were compressed for the first time on this machine (later builds, in any clone, reuse them))',
    );
    expect(firstBuildNote(40, 0, 9.9, 2)).toBe(' (over 20 s: other work holds the CPU (load average 9.9 on 2 cores))');
    expect(firstBuildNote(30, 0, 1, 2)).toMatch(/every page and document was compressed/);
  });
});
