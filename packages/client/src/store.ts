/**
 * Where the client keeps the last good copy of each document with its validators (ETag,
 * Last-Modified), so the next request revalidates with If-None-Match and a poll costs a 304.
 * The default keeps them in memory; implement CacheStore to keep them elsewhere (localStorage,
 * a file, Redis). Only documents that parsed (and, when validation is on, validated) are stored.
 */
export interface CachedDocument {
  /** The parsed JSON body (or the text of a non-JSON document such as the Atom feed). */
  body: unknown;
  etag: string | null;
  lastModified: string | null;
  /** When the copy was stored or last revalidated (ms since the epoch). */
  storedAt: number;
}

export interface CacheStore {
  get(url: string): CachedDocument | undefined | Promise<CachedDocument | undefined>;
  set(url: string, document: CachedDocument): void | Promise<void>;
  delete?(url: string): void | Promise<void>;
}

/** The default store: a Map, one entry per URL. */
export class MemoryStore implements CacheStore {
  readonly #entries = new Map<string, CachedDocument>();

  get(url: string): CachedDocument | undefined {
    return this.#entries.get(url);
  }

  set(url: string, document: CachedDocument): void {
    this.#entries.set(url, document);
  }

  delete(url: string): void {
    this.#entries.delete(url);
  }

  get size(): number {
    return this.#entries.size;
  }
}
