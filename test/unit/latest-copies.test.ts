/**
 * A checkout without an artifact (a fresh clone, a second worktree) reuses the compressed copies of the latest files
 * that another build on the machine made, only when they decompress to the exact body, and the store stays bounded.
 */
import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { brotli, gzip, sha256Hex } from '../../src/artifact/artifact.ts';
import { LatestCopies } from '../../src/history/latest-copies.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'acmd-latest-copies-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const stored = async (store: LatestCopies, text: string) => {
  const body = Buffer.from(text);
  const copies = { br: brotli(body), gz: gzip(body) };
  await store.put(sha256Hex(body), copies);
  return { body, copies };
};

describe('the latest copies a build on this machine made', () => {
  it('are handed to the next build for the same body, byte for byte', async () => {
    const store = new LatestCopies(dir);
    const { body, copies } = await stored(store, '{"tools":[]}'.repeat(100));
    const found = await store.get(sha256Hex(body), body);
    expect(found?.br.equals(copies.br)).toBe(true);
    expect(found?.gz.equals(copies.gz)).toBe(true);
    expect(await store.get(sha256Hex(Buffer.from('other')), Buffer.from('other'))).toBeUndefined();
  });

  it('are not used when they do not decompress to the body (damaged, or another body under its name)', async () => {
    const store = new LatestCopies(dir);
    const { body } = await stored(store, 'a body of the artifact '.repeat(50));
    await writeFile(path.join(store.dir, `${sha256Hex(body)}.br`), brotli(Buffer.from('something else')));
    expect(await store.get(sha256Hex(body), body)).toBeUndefined();
    await writeFile(path.join(store.dir, `${sha256Hex(body)}.br`), Buffer.from('not brotli at all'));
    expect(await store.get(sha256Hex(body), body)).toBeUndefined();
  });

  it('keep only the bodies most recently made or used', async () => {
    const store = new LatestCopies(dir);
    const bodies = [];
    for (let i = 0; i < 5; i++) bodies.push((await stored(store, `body number ${i} `.repeat(40))).body);
    // Make them older in order, then use the oldest: it counts as recent again.
    for (const [i, body] of bodies.entries()) {
      const at = new Date(Date.now() - (10 - i) * 60_000);
      for (const suffix of ['.br', '.gz']) await utimes(path.join(store.dir, `${sha256Hex(body)}${suffix}`), at, at);
    }
    expect(await store.get(sha256Hex(bodies[0]!), bodies[0]!)).toBeDefined();
    await store.prune(2);
    expect((await readdir(store.dir)).sort()).toEqual(
      [bodies[0]!, bodies[4]!].flatMap((b) => [`${sha256Hex(b)}.br`, `${sha256Hex(b)}.gz`]).sort(),
    );
  });
});
