/**
 * The compressed copies of the latest files (pages, documents, schemas) that builds on this machine made, kept in the
 * file cache by the SHA-256 of the body: `<cache>/latest/<sha256>.br` and `.gz`.
 *
 * Why: a build reuses the copies of the artifact `dist` points to, so a checkout that has no artifact yet (a fresh
 * clone, CI's fresh-clone suite, a second worktree) compressed every latest file again at brotli quality 11, most of a
 * first start that found its releases in the file cache already. The copies of a body are the same whatever checkout
 * made them, so they are shared like the releases' files. A copy is used only after it decompresses to the exact body
 * (a few milliseconds for all of them), so a damaged or foreign file is recompressed, never served. The store keeps
 * the copies most recently made or used, a few builds' worth, so it does not grow with the number of builds.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

export interface Copies {
  br: Buffer;
  gz: Buffer;
}

/** How many bodies' copies the store keeps, counting the most recently made or used first. */
export const LATEST_COPIES_KEPT = 2000;

export class LatestCopies {
  readonly dir: string;

  constructor(cacheDir: string) {
    this.dir = path.join(cacheDir, 'latest');
  }

  #file(sha256: string, suffix: '.br' | '.gz'): string {
    return path.join(this.dir, `${sha256}${suffix}`);
  }

  /** The copies of `body` (whose SHA-256 is `sha256`), when the store has copies that decompress to it exactly. */
  async get(sha256: string, body: Buffer): Promise<Copies | undefined> {
    try {
      const [br, gz] = await Promise.all([readFile(this.#file(sha256, '.br')), readFile(this.#file(sha256, '.gz'))]);
      const limit = { maxOutputLength: body.length + 1 };
      if (!brotliDecompressSync(br, limit).equals(body) || !gunzipSync(gz, limit).equals(body)) return undefined;
      const now = new Date();
      await Promise.all([utimes(this.#file(sha256, '.br'), now, now), utimes(this.#file(sha256, '.gz'), now, now)]);
      return { br, gz };
    } catch {
      return undefined; // not stored, removed meanwhile, or damaged: the build compresses it
    }
  }

  /**
   * Stores copies the build made; each file appears whole, by one rename. Not synced to disk: a copy a crash leaves
   * short does not decompress to its body, so `get` refuses it and the build compresses again.
   */
  async put(sha256: string, copies: Copies): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const unique = `.tmp-${process.pid}-${randomBytes(6).toString('hex')}`;
    await Promise.all(
      (['.br', '.gz'] as const).map(async (suffix) => {
        const final = this.#file(sha256, suffix);
        await writeFile(`${final}${unique}`, suffix === '.br' ? copies.br : copies.gz);
        await rename(`${final}${unique}`, final);
      }),
    );
  }

  /** Removes all but the `kept` bodies' copies most recently made or used. */
  async prune(kept = LATEST_COPIES_KEPT): Promise<void> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch {
      return;
    }
    // A copy whose rename a kill prevented: no build reads it, and an hour is longer than any build writes one.
    const hourAgo = Date.now() - 3_600_000;
    for (const name of names.filter((n) => n.includes('.tmp-'))) {
      const file = path.join(this.dir, name);
      if (((await stat(file).catch(() => undefined))?.mtimeMs ?? Infinity) < hourAgo)
        await unlink(file).catch(() => {});
    }
    const brs = names.filter((name) => name.endsWith('.br'));
    if (brs.length <= kept) return;
    const dated = await Promise.all(
      brs.map(async (name) => ({
        sha256: name.slice(0, -3),
        mtimeMs: (await stat(this.#file(name.slice(0, -3), '.br')).catch(() => undefined))?.mtimeMs ?? 0,
      })),
    );
    dated.sort((a, b) => b.mtimeMs - a.mtimeMs);
    for (const { sha256 } of dated.slice(kept))
      await Promise.all([
        unlink(this.#file(sha256, '.br')).catch(() => {}),
        unlink(this.#file(sha256, '.gz')).catch(() => {}),
      ]);
  }
}
