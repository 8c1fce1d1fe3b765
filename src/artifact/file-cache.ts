/**
 * A content-addressed store of files the build has already made: a body and its brotli and gzip
 * copies, named by the body's SHA-256. Dated releases never change, so the build makes each
 * release's served bytes and compressed copies once and links them into every later artifact
 * (a hard link where the file system allows, else a copy), instead of reconstructing,
 * recompressing and rewriting the whole history on every build.
 *
 *   <dir>/<sha256>        the body
 *   <dir>/<sha256>.br     brotli (the artifact's settings, so the bytes equal a fresh build's)
 *   <dir>/<sha256>.gz     gzip
 *
 * The body is written last, by one rename, so an entry whose body exists is complete; any number
 * of processes may fill the same directory at once.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, stat, utimes } from 'node:fs/promises';
import path from 'node:path';
import { writeFileDurably } from '../fs/durable.ts';
import { brotliOffThread, gzipOffThread } from './compress.ts';

/** Where a copy of a body lies on disk, and its size. */
export interface StoredCopy {
  path: string;
  bytes: number;
}

/** A body and its compressed copies, stored. */
export interface StoredFile {
  sha256: string;
  /** When the body was first published (ISO 8601): the modification time of all three copies, never changed after. */
  modifiedAt: string;
  identity: StoredCopy;
  br: StoredCopy;
  gzip: StoredCopy;
}

async function statOf(file: string) {
  try {
    return await stat(file);
  } catch {
    return undefined;
  }
}

/** How the cache compresses a body it stores: the artifact's settings, unless a caller that only measures says otherwise. */
export type Compress = (body: Buffer) => Promise<{ br: Buffer; gz: Buffer }>;

const ARTIFACT_SETTINGS: Compress = async (body) => {
  const [br, gz] = await Promise.all([brotliOffThread(body), gzipOffThread(body)]);
  return { br, gz };
};

export class FileCache {
  constructor(
    readonly dir: string,
    private readonly compress: Compress = ARTIFACT_SETTINGS,
  ) {}

  #path(sha256: string, suffix = ''): string {
    return path.join(this.dir, `${sha256}${suffix}`);
  }

  /** The stored copies of the body with this SHA-256, or undefined when the cache lacks it. */
  async get(sha256: string): Promise<StoredFile | undefined> {
    const identity = await statOf(this.#path(sha256));
    if (identity === undefined) return undefined;
    const [br, gzip] = await Promise.all([statOf(this.#path(sha256, '.br')), statOf(this.#path(sha256, '.gz'))]);
    if (br === undefined || gzip === undefined) return undefined;
    return {
      sha256,
      modifiedAt: new Date(Math.floor(identity.mtimeMs / 1000) * 1000).toISOString().replace('.000Z', 'Z'),
      identity: { path: this.#path(sha256), bytes: identity.size },
      br: { path: this.#path(sha256, '.br'), bytes: br.size },
      gzip: { path: this.#path(sha256, '.gz'), bytes: gzip.size },
    };
  }

  /** The body with this SHA-256 (which must be in the cache). */
  body(sha256: string): Promise<Buffer> {
    return readFile(this.#path(sha256));
  }

  /**
   * Stores `body` (whose SHA-256 the caller has checked) with its compressed copies, all three
   * modified at `publishedAt` (whole seconds): static servers send it as Last-Modified, the same
   * for every encoding and in every later artifact, since the files are linked, never rewritten.
   */
  async put(sha256: string, body: Buffer, publishedAt: string): Promise<StoredFile> {
    const known = await this.get(sha256);
    if (known) return known;
    const at = new Date(Math.floor(Date.parse(publishedAt) / 1000) * 1000);
    await mkdir(this.dir, { recursive: true });
    const { br, gz } = await this.compress(body);
    const unique = `.tmp-${process.pid}-${randomBytes(6).toString('hex')}`;
    const write = async (suffix: string, data: Buffer) => {
      await writeFileDurably(this.#path(sha256, `${suffix}${unique}`), data);
      await utimes(this.#path(sha256, `${suffix}${unique}`), at, at);
      await rename(this.#path(sha256, `${suffix}${unique}`), this.#path(sha256, suffix));
    };
    await Promise.all([write('.br', br), write('.gz', gz)]);
    await write('', body);
    return {
      sha256,
      modifiedAt: at.toISOString().replace('.000Z', 'Z'),
      identity: { path: this.#path(sha256), bytes: body.length },
      br: { path: this.#path(sha256, '.br'), bytes: br.length },
      gzip: { path: this.#path(sha256, '.gz'), bytes: gz.length },
    };
  }
}
