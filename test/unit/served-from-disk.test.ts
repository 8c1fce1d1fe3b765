/**
 * The server's memory does not depend on history: the dated releases and the pages other than the
 * home page are read from disk, yet answered with exactly the headers and bytes an in-memory copy
 * would have (same ETag, Content-Length, Cache-Control, Content-Encoding).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { BodyPool, BodyReader, readBody } from '../../src/server/body-pool.ts';
import {
  bodyInMemory,
  IDENTITY_IN_MEMORY_MAX,
  loadArtifact,
  resourceFromBuffers,
  servedFromMemory,
} from '../../src/server/store.ts';

describe('what the server holds in memory', () => {
  it('keeps the latest documents, the home page and the assets, and none of the releases', async () => {
    const artifact = await loadArtifact(inject('distPath'));
    const inMemory = [...artifact.resources.keys()];
    expect(inMemory).toContain('/api/tools.json');
    expect(inMemory).toContain('/api/freshness.json');
    expect(inMemory).toContain('/');
    expect(inMemory.filter((p) => p.startsWith('/api/v/'))).toEqual([]);
    const releasePaths = [...artifact.onDisk.paths()].filter((p) => p.startsWith('/api/v/'));
    expect(releasePaths.length).toBeGreaterThan(0);
    expect(Object.keys(artifact.manifest.files).filter((p) => !servedFromMemory(p))).toEqual([]);
    expect(servedFromMemory('/api/v/2026-11-28/tools.json')).toBe(false);
    expect(servedFromMemory('/models/some-model/')).toBe(false);
    expect(servedFromMemory('/api/models/some-model.json')).toBe(false);
    expect(servedFromMemory('/api/changes/2026-11.json')).toBe(false);
    // The feed's window of 100 releases reaches some 2 MB with its compressed copies: read from disk, like the archive.
    expect(servedFromMemory('/api/changes.json')).toBe(false);
    expect(servedFromMemory('/api/changes.xml')).toBe(false);
    expect(servedFromMemory('/api/manifest.json')).toBe(false);
    expect(servedFromMemory('/api/price-history.json')).toBe(false);
  });

  it('answers a release from disk with the headers and bytes an in-memory copy has', async () => {
    const artifact = await loadArtifact(inject('distPath'));
    const urlPath = [...artifact.onDisk.paths()].find((p) => /^\/api\/v\/[^/]+\/tools\.json$/.test(p))!;
    const entry = artifact.onDisk.entry(urlPath)!;
    const read = (file: string) => readFile(path.join(artifact.dir, file));
    const inMemory = resourceFromBuffers(
      entry,
      { identity: await read(entry.identity.file), br: await read(entry.br!.file), gzip: await read(entry.gzip!.file) },
      entry.lastModified ?? artifact.manifest.lastModified,
    );
    // A release keeps the time it was published as its Last-Modified, whatever artifact serves it.
    expect(entry.lastModified).toBeDefined();
    const onDisk = artifact.onDisk.get(urlPath)!;
    expect(onDisk.lastModifiedMs).toBe(inMemory.lastModifiedMs);
    for (const coding of ['identity', 'br', 'gzip'] as const) {
      const disk = onDisk.representations[coding]!;
      const memory = inMemory.representations[coding]!;
      expect(disk.headers).toEqual(memory.headers);
      expect(disk.notModifiedHeaders).toEqual(memory.notModifiedHeaders);
      expect(disk.etag).toBe(memory.etag);
      expect(
        (await readBody(new BodyPool(1 << 20, 1 << 20), disk.path, disk.bytes)).body.equals(bodyInMemory(memory)!),
      ).toBe(true);
    }
  });

  it("keeps a large latest document's identity body on disk and every compressed body in memory", async () => {
    const artifact = await loadArtifact(inject('distPath'));
    const benchmarks = artifact.resources.get('/api/benchmarks.json')!;
    const entry = new Map(Object.entries(artifact.manifest.files)).get('/api/benchmarks.json')!;
    expect(entry.identity.bytes).toBeGreaterThan(IDENTITY_IN_MEMORY_MAX);
    const identity = benchmarks.representations.identity!;
    expect('body' in identity).toBe(false);
    expect('body' in benchmarks.representations.br!).toBe(true);
    expect('body' in benchmarks.representations.gzip!).toBe(true);
    // Read from disk, it is the bytes and headers the manifest describes.
    if ('body' in identity) throw new Error('held in memory');
    const onDisk = identity;
    const body = (await readBody(new BodyPool(1 << 20, 4 << 20), onDisk.path, onDisk.bytes)).body;
    expect(body.equals(await readFile(path.join(artifact.dir, entry.identity.file)))).toBe(true);
    const headers = identity.headers;
    expect(headers[headers.findIndex((name) => name.toLowerCase() === 'content-length') + 1]).toBe(
      String(entry.identity.bytes),
    );
    // tools.json, what most clients read first, stays in memory whole.
    expect('body' in artifact.resources.get('/api/tools.json')!.representations.identity!).toBe(true);
  });

  it('keeps a bounded number of release headers however many are asked for', async () => {
    const artifact = await loadArtifact(inject('distPath'));
    const releasePaths = [...artifact.onDisk.paths()].filter((p) => p.startsWith('/api/v/'));
    for (const urlPath of releasePaths) artifact.onDisk.get(urlPath);
    expect(artifact.onDisk.cached).toBeLessThanOrEqual(Math.min(releasePaths.length, 256));
    // The most recent one is still answered, from the cache, as the same object.
    const last = releasePaths.at(-1)!;
    expect(artifact.onDisk.get(last)).toBe(artifact.onDisk.get(last));
  });
});

describe('the buffers bodies read from disk are read into', () => {
  const releaseFiles = async () => {
    const artifact = await loadArtifact(inject('distPath'));
    const identity = (name: string) => {
      const urlPath = [...artifact.onDisk.paths()].find((p) => p.startsWith('/api/v/') && p.endsWith(`/${name}`))!;
      return artifact.onDisk.get(urlPath)!.representations.identity!;
    };
    return { large: identity('benchmarks.json'), small: identity('providers.json') };
  };

  it('hands a returned buffer out again, holding exactly the next file, and keeps at most its bound', async () => {
    const { large, small } = await releaseFiles();
    expect(large.bytes).toBeGreaterThan(small.bytes);
    const pool = new BodyPool(4 << 20, 4 << 20);
    const first = await readBody(pool, large.path, large.bytes);
    expect(first.body.equals(await readFile(large.path))).toBe(true);
    first.release();
    expect(pool.freeBytes).toBeGreaterThanOrEqual(large.bytes);
    const second = await readBody(pool, small.path, small.bytes);
    // The same memory, and only the small file's bytes in the body.
    expect(second.body.buffer).toBe(first.body.buffer);
    expect(second.body.equals(await readFile(small.path))).toBe(true);
    expect(pool.freeBytes).toBe(0);
    // Two taken at once are two buffers; a pool whose bound is reached keeps no more.
    const third = await readBody(pool, large.path, large.bytes);
    expect(third.body.buffer).not.toBe(second.body.buffer);
    second.release();
    third.release();
    expect(pool.freeBytes).toBeLessThanOrEqual(4 << 20);
  });

  it('does not pool a body over its largest size', async () => {
    const { large } = await releaseFiles();
    const pool = new BodyPool(4 << 20, large.bytes - 1);
    const read = await readBody(pool, large.path, large.bytes);
    expect(read.body.equals(await readFile(large.path))).toBe(true);
    read.release();
    expect(pool.freeBytes).toBe(0);
  });

  it('reads a file once for the responses asking for it at the same time, and pools its buffer after the last', async () => {
    const { large } = await releaseFiles();
    const pool = new BodyPool(4 << 20, 4 << 20);
    const reader = new BodyReader(pool);
    const held = await Promise.all(Array.from({ length: 8 }, () => reader.read(large.path, large.bytes)));
    expect(new Set(held.map((h) => h.body)).size).toBe(1);
    expect(held[0]!.body.equals(await readFile(large.path))).toBe(true);
    expect(reader.sharedFiles).toBe(1);
    for (const h of held.slice(0, -1)) h.done(true);
    expect(pool.freeBytes).toBe(0); // one response still sends from it
    held.at(-1)!.done(true);
    held.at(-1)!.done(true); // a second call changes nothing
    expect(reader.sharedFiles).toBe(0);
    expect(pool.freeBytes).toBeGreaterThanOrEqual(large.bytes);
    // The next request reads the file again, into the pooled buffer.
    const again = await reader.read(large.path, large.bytes);
    expect(again.body.buffer).toBe(held[0]!.body.buffer);
    again.done(true);
  });

  it('never pools a buffer a response that was cut short may still be sending from', async () => {
    const { large } = await releaseFiles();
    const pool = new BodyPool(4 << 20, 4 << 20);
    const reader = new BodyReader(pool);
    const [cut, finished] = await Promise.all([
      reader.read(large.path, large.bytes),
      reader.read(large.path, large.bytes),
    ]);
    cut!.done(false);
    finished!.done(true);
    expect(reader.sharedFiles).toBe(0);
    expect(pool.freeBytes).toBe(0);
  });

  it('gives every waiting response the read error, and reads afresh after it', async () => {
    const { small } = await releaseFiles();
    const reader = new BodyReader(new BodyPool(1 << 20, 1 << 20));
    const failed = await Promise.allSettled([
      reader.read(small.path, small.bytes + 1),
      reader.read(small.path, small.bytes + 1),
    ]);
    expect(failed.map((f) => f.status)).toEqual(['rejected', 'rejected']);
    expect(reader.sharedFiles).toBe(0);
    const good = await reader.read(small.path, small.bytes);
    expect(good.body.length).toBe(small.bytes);
    good.done(true);
  });

  it("refuses a file whose size is not the manifest's, naming the file and both sizes, before reading it", async () => {
    const { small } = await releaseFiles();
    await expect(readBody(new BodyPool(1 << 20, 1 << 20), small.path, small.bytes + 1)).rejects.toThrow(
      `${small.path}: ${small.bytes} bytes on disk, manifest says ${small.bytes + 1}`,
    );
  });
});
