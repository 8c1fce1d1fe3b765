/**
 * The server's index of an artifact (src/artifact/served-index.ts): artifact.json split so a server
 * parses at start only what does not grow with history and a release's entries when it is asked
 * for one. What a user relies on: every file is answered with exactly the entry artifact.json has,
 * and a server starts without reading artifact.json at all (so its size, which grows with every
 * release, costs the server nothing).
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, realpath, rm, stat, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { serializeJson, writeArtifactDir } from '../../src/artifact/artifact.ts';
import { parseManifest } from '../../src/artifact/manifest.ts';
import { isReleaseIndex, releaseOf, SERVED_LATEST, servedIndexFiles } from '../../src/artifact/served-index.ts';
import { type DiskResource, loadArtifact } from '../../src/server/store.ts';

/** What a client gets for a resource: its headers and validators per coding, the file named inside its artifact. */
const asServed = (resource: DiskResource | undefined, dir: string) =>
  resource &&
  Object.entries(resource.representations).map(([coding, rep]) => ({
    coding,
    ...rep,
    path: path.relative(dir, rep.path),
  }));

describe('the served index of an artifact', () => {
  let dir: string;
  let root: string;

  beforeAll(async () => {
    dir = await realpath(inject('distPath'));
    root = await mkdtemp(path.join(os.tmpdir(), 'acmd-served-index-'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('is written with the artifact, and splits artifact.json without losing or changing an entry', async () => {
    const manifest = parseManifest(await readFile(path.join(dir, 'artifact.json')));
    const files = servedIndexFiles(manifest);
    const union: Record<string, unknown> = {};
    for (const [file, body] of files) {
      // What the build wrote is what the manifest makes.
      expect((await readFile(path.join(dir, file))).equals(body), file).toBe(true);
      const part = parseManifest(body, file);
      if (file === SERVED_LATEST) expect(part.buildId).toBe(manifest.buildId);
      Object.assign(union, part.files);
    }
    expect(union).toEqual(manifest.files);
    const latest = parseManifest(files.get(SERVED_LATEST)!);
    expect(Object.keys(latest.files).filter((p) => releaseOf(p) !== undefined)).toEqual([]);
    const releases = new Set(
      Object.keys(manifest.files)
        .map(releaseOf)
        .filter((id) => id !== undefined),
    );
    expect(releases.size).toBeGreaterThan(0);
    expect(files.size).toBe(releases.size + 1);
  });

  it('keeps a release’s index byte for byte from build to build, and a build links it instead of writing it', async () => {
    const manifest = parseManifest(await readFile(path.join(dir, 'artifact.json')));
    // The next build: another build id and time, the same releases.
    const next = { ...manifest, buildId: 'abcdef0123456789', lastModified: '2030-01-01T00:00:00Z' };
    const files = servedIndexFiles(next);
    const dist = path.join(root, 'next', 'dist');
    await mkdir(path.dirname(dist), { recursive: true });
    await symlink(dir, dist);
    const written = await writeArtifactDir(
      { manifest: next, contents: new Map([...files, ['artifact.json', serializeJson(next)]]) },
      dist,
    );
    const inode = async (base: string, file: string) => (await stat(path.join(base, file))).ino;
    for (const file of files.keys()) {
      const linked = (await inode(written, file)) === (await inode(dir, file));
      // The latest part names the build, so it is written anew; each release's is the served one's.
      expect(linked, file).toBe(isReleaseIndex(file));
      expect((await readFile(path.join(written, file))).equals(files.get(file)!), file).toBe(true);
    }
  });

  it('lets a server start and answer releases without reading artifact.json', async () => {
    const copy = path.join(root, 'no-manifest');
    execFileSync('cp', ['-al', dir, copy]);
    // Not JSON at all: a server that parsed it would refuse the artifact.
    await rm(path.join(copy, 'artifact.json'));
    await writeFile(path.join(copy, 'artifact.json'), 'not read');
    const fromIndex = await loadArtifact(copy);
    const whole = parseManifest(await readFile(path.join(dir, 'artifact.json')));
    const releasePaths = Object.keys(whole.files).filter((p) => releaseOf(p) !== undefined);
    for (const urlPath of releasePaths) expect(fromIndex.onDisk.entry(urlPath), urlPath).toEqual(whole.files[urlPath]);
    expect(fromIndex.onDisk.entry('/api/v/2000-01-01/tools.json')).toBeUndefined();
    expect(fromIndex.onDisk.has('/api/v/2000-01-01/tools.json')).toBe(false);
  });

  it('is not needed: an artifact written before it existed is read through artifact.json, with the same entries', async () => {
    const copy = path.join(root, 'no-index');
    execFileSync('cp', ['-al', dir, copy]);
    await rm(path.join(copy, '.served'), { recursive: true });
    const [old, indexed] = await Promise.all([loadArtifact(copy), loadArtifact(dir)]);
    expect(old.buildId).toBe(indexed.buildId);
    expect([...old.onDisk.paths()].sort()).toEqual([...indexed.onDisk.paths()].sort());
    for (const urlPath of old.onDisk.paths())
      expect(asServed(indexed.onDisk.get(urlPath), indexed.dir)).toEqual(asServed(old.onDisk.get(urlPath), old.dir));
    expect([...old.resources.keys()].sort()).toEqual([...indexed.resources.keys()].sort());
  });

  it('reads a release index only when that release is asked for', async () => {
    const artifact = await loadArtifact(dir);
    const ids = (await readdir(path.join(dir, '.served', 'v'))).map((name) => name.replace(/\.json$/, ''));
    const copy = path.join(root, 'one-release-broken');
    execFileSync('cp', ['-al', dir, copy]);
    // One release's index broken: the server starts, serves the others, and fails only that release.
    const [broken, healthy] = ids;
    await rm(path.join(copy, '.served', 'v', `${broken}.json`));
    await writeFile(path.join(copy, '.served', 'v', `${broken}.json`), '{');
    const served = await loadArtifact(copy);
    expect(asServed(served.onDisk.get(`/api/v/${healthy}/tools.json`), served.dir)).toEqual(
      asServed(artifact.onDisk.get(`/api/v/${healthy}/tools.json`), artifact.dir),
    );
    expect(() => served.onDisk.get(`/api/v/${broken}/tools.json`)).toThrow(/not valid JSON/);
  });
});
