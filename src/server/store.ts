/**
 * The served artifact. The latest documents, the home page and its assets are held in memory with
 * every response header precomputed, so a request costs a map lookup and a write. The dated
 * releases (/api/v/<id>/...) grow with history and the other pages with the directory, so they
 * stay on disk: their headers are made from the manifest on first use (kept in a bounded cache)
 * and their bytes are read per request, so memory does not depend on how many releases exist. Swapping to a new artifact replaces one
 * reference; requests in flight keep what they already hold.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import type { ArtifactManifest, ManifestEntry, Representation } from '../artifact/artifact.ts';
import { brotli, gzip } from '../artifact/artifact.ts';
import { parseManifest } from '../artifact/manifest.ts';
import { releaseIndexFile, releaseOf, SERVED_LATEST, SERVED_RELEASES_DIR } from '../artifact/served-index.ts';
import { HEADERS_COMMON, policyHeadersFor } from '../artifact/http-policy.ts';
import type { Coding } from './negotiate.ts';

export interface ServedRepresentation {
  body: Buffer;
  etag: string;
  /** Flat [name, value, ...] list, the cheapest form for writeHead. */
  headers: string[];
  /** Headers of a 304 for this representation (no Content-Length or Content-Type). */
  notModifiedHeaders: string[];
}

export interface ServedResource {
  lastModifiedMs: number;
  /** In memory, but for a large document's identity body, read from disk when asked for (IDENTITY_IN_MEMORY_MAX). */
  representations: Partial<Record<Coding, ServedRepresentation | DiskRepresentation>>;
  compressed: boolean;
}

/** A representation whose bytes stay on disk: its headers are ready, its body is read when sent. */
export interface DiskRepresentation extends Omit<ServedRepresentation, 'body'> {
  /** Absolute path of the file. */
  path: string;
  bytes: number;
}

export interface DiskResource {
  lastModifiedMs: number;
  representations: Partial<Record<Coding, DiskRepresentation>>;
  compressed: boolean;
}

/**
 * What stays in memory: the latest API documents, the home page, llms.txt and the page's assets.
 * What grows with history (the dated releases under /api/v/, the change feed and its archive under
 * /api/changes*, which reach 2 MB at their 100-release window, the manifest, the price history) or with the directory (one document and one page per model; the platform,
 * use-case, compare, calculator and changes pages) is read from disk per request: the operating
 * system's page cache keeps what is in use, and the process's memory stays flat as models and
 * releases accumulate.
 */
const ON_DISK_API = ['/api/v/', '/api/changes', '/api/models/', '/api/manifest.json', '/api/price-history.json'];
export function servedFromMemory(urlPath: string): boolean {
  if (urlPath.startsWith('/api/')) return !ON_DISK_API.some((prefix) => urlPath.startsWith(prefix));
  return urlPath === '/' || urlPath === '/llms.txt' || urlPath.startsWith('/assets/');
}

/** How many on-disk resources keep their precomputed headers (a few hundred bytes each). */
export const DISK_HEADER_CACHE_ENTRIES = 256;
/** How many releases keep their index entries in memory (about 20 entries, a few KB, each). */
export const RELEASE_INDEX_CACHE_ENTRIES = 32;

/** A least-recently-used bound on a map: `key` becomes the most recent; the oldest beyond `max` leaves. */
function touch<K, V>(map: Map<K, V>, key: K, value: V, max: number): V {
  map.delete(key);
  map.set(key, value);
  if (map.size > max) map.delete(map.keys().next().value!);
  return value;
}

/**
 * The files of one artifact served from disk: manifest entries only, with the headers of the
 * most recently asked ones in a small least-recently-used cache. With the artifact's served index
 * (artifact/served-index.ts), a dated release's entries are read when one of its files is first
 * asked for (one small file, read synchronously so a lookup stays a plain call; later lookups of
 * that release find them in memory), so nothing here grows with the number of releases.
 */
export class DiskResources {
  readonly #recent = new Map<string, DiskResource>();
  /** Release id → its entries (null: no such release), the most recently asked RELEASE_INDEX_CACHE_ENTRIES. */
  readonly #releases = new Map<string, ReadonlyMap<string, ManifestEntry> | null>();

  constructor(
    private readonly dir: string,
    private readonly entries: ReadonlyMap<string, ManifestEntry>,
    private readonly lastModifiedIso: string,
    /** Whether releases are indexed apart (.served/v/<id>.json) rather than in `entries`. */
    private readonly releasesApart = false,
  ) {}

  /** The entries of release `id`, read from its index file on first use. */
  #release(id: string): ReadonlyMap<string, ManifestEntry> | null {
    const known = this.#releases.get(id);
    if (known !== undefined) return touch(this.#releases, id, known, RELEASE_INDEX_CACHE_ENTRIES);
    const file = path.join(this.dir, releaseIndexFile(id));
    let body: Buffer;
    try {
      body = readFileSync(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      return touch(this.#releases, id, null, RELEASE_INDEX_CACHE_ENTRIES);
    }
    // Checked as artifact.json is: a file name or header value in it that breaks a rule is refused.
    const entries = new Map(Object.entries(parseManifest(body, file).files).filter(([p]) => releaseOf(p) === id));
    return touch(this.#releases, id, entries, RELEASE_INDEX_CACHE_ENTRIES);
  }

  /** The URL paths served from disk (every release's too: reads every release index, for tests and tools). */
  *paths(): IterableIterator<string> {
    yield* this.entries.keys();
    if (!this.releasesApart) return;
    let names: string[] = [];
    try {
      names = readdirSync(path.join(this.dir, SERVED_RELEASES_DIR));
    } catch {
      return;
    }
    for (const name of names.filter((n) => n.endsWith('.json')).sort())
      yield* this.#release(name.slice(0, -'.json'.length))?.keys() ?? [];
  }

  /** The manifest entry of one of them. */
  entry(urlPath: string): ManifestEntry | undefined {
    const entry = this.entries.get(urlPath);
    if (entry !== undefined || !this.releasesApart) return entry;
    const id = releaseOf(urlPath);
    return id === undefined ? undefined : this.#release(id)?.get(urlPath);
  }

  /** How many have their headers cached now (at most DISK_HEADER_CACHE_ENTRIES). */
  get cached(): number {
    return this.#recent.size;
  }

  has(urlPath: string): boolean {
    return this.entry(urlPath) !== undefined;
  }

  get(urlPath: string): DiskResource | undefined {
    const cached = this.#recent.get(urlPath);
    if (cached !== undefined) return touch(this.#recent, urlPath, cached, DISK_HEADER_CACHE_ENTRIES);
    const entry = this.entry(urlPath);
    if (entry === undefined) return undefined;
    const resource = resourceFromEntry(entry, this.dir, entry.lastModified ?? this.lastModifiedIso);
    return touch(this.#recent, urlPath, resource, DISK_HEADER_CACHE_ENTRIES);
  }
}

export interface LoadedArtifact {
  buildId: string;
  dir: string;
  /** Held in memory: the latest documents, the home page and the assets (servedFromMemory). */
  resources: Map<string, ServedResource>;
  /** Read from disk per request: the dated releases and the other pages. */
  onDisk: DiskResources;
  /** The manifest's build id, time and the entries of the files held in memory (the others are in onDisk). */
  manifest: ArtifactManifest;
}

function representationHeaders(
  entry: ManifestEntry,
  rep: Representation,
  coding: Coding,
  lastModified: string,
  vary: boolean,
): ServedRepresentation['headers'] {
  const headers: string[] = [];
  for (const [name, value] of Object.entries(HEADERS_COMMON)) headers.push(name, value);
  headers.push(
    'Content-Type',
    entry.contentType,
    'Content-Length',
    String(rep.bytes),
    'ETag',
    rep.etag,
    'Last-Modified',
    lastModified,
    'Cache-Control',
    entry.cacheControl,
  );
  for (const [name, value] of Object.entries(policyHeadersFor(entry.contentType))) headers.push(name, value);
  if (vary) headers.push('Vary', 'Accept-Encoding');
  if (coding !== 'identity') headers.push('Content-Encoding', coding);
  return headers;
}

function notModified(headers: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < headers.length; i += 2) {
    const name = headers[i]!;
    if (name === 'Content-Length' || name === 'Content-Type' || name === 'Content-Encoding') continue;
    out.push(name, headers[i + 1]!);
  }
  return out;
}

const REPRESENTATIONS = (entry: ManifestEntry): [Coding, Representation | undefined][] => [
  ['identity', entry.identity],
  ['br', entry.br],
  ['gzip', entry.gzip],
];

const lastModifiedMsOf = (iso: string) => Math.floor(Date.parse(iso) / 1000) * 1000;

function resourceFromEntry(entry: ManifestEntry, dir: string, lastModifiedIso: string): DiskResource {
  const lastModified = new Date(lastModifiedIso).toUTCString();
  const compressed = entry.br !== undefined || entry.gzip !== undefined;
  const representations: DiskResource['representations'] = {};
  for (const [coding, rep] of REPRESENTATIONS(entry)) {
    if (!rep) continue;
    const headers = representationHeaders(entry, rep, coding, lastModified, compressed);
    representations[coding] = {
      path: path.join(dir, rep.file),
      bytes: rep.bytes,
      etag: rep.etag,
      headers,
      notModifiedHeaders: notModified(headers),
    };
  }
  return { lastModifiedMs: lastModifiedMsOf(lastModifiedIso), representations, compressed };
}

/**
 * A document's identity body over this many bytes stays on disk and is read per request, like a release's: clients
 * that ask for no compression are few, and the three largest latest documents (benchmarks.json, cost-vectors.json and
 * the home page, 0.6 to 1.1 MB each) held uncompressed were 2.6 of the 4.8 MB the server kept of a 147-model
 * artifact. Their brotli and gzip bodies, what nearly every client gets, stay in memory, and so does every body of
 * tools.json and the other documents. Many clients asking for one of them at once share one read (BodyReader in
 * body-pool.ts): without that, 256 connections asking for benchmarks.json uncompressed each held a 1.1 MB copy, and
 * the reliability suite's load section saw RSS drift by 16%.
 */
export const IDENTITY_IN_MEMORY_MAX = 512 * 1024;

/** The body of a representation held in memory (undefined for one read from disk per request). */
export const bodyInMemory = (rep: ServedRepresentation | DiskRepresentation | undefined): Buffer | undefined =>
  rep !== undefined && 'body' in rep ? rep.body : undefined;

/** Each representation of `entry` from its body in memory, or from the path of a body left on disk. */
export function resourceFromBuffers(
  entry: ManifestEntry,
  bodies: Partial<Record<Coding, Buffer | { path: string }>>,
  lastModifiedIso: string,
): ServedResource {
  const lastModified = new Date(lastModifiedIso).toUTCString();
  const compressed = entry.br !== undefined || entry.gzip !== undefined;
  const representations: ServedResource['representations'] = {};
  for (const [coding, rep] of REPRESENTATIONS(entry)) {
    const body = bodies[coding];
    if (!rep || !body) continue;
    const headers = representationHeaders(entry, rep, coding, lastModified, compressed);
    const sent = { etag: rep.etag, headers, notModifiedHeaders: notModified(headers) };
    representations[coding] = Buffer.isBuffer(body)
      ? { body, ...sent }
      : { path: body.path, bytes: rep.bytes, ...sent };
  }
  return { lastModifiedMs: lastModifiedMsOf(lastModifiedIso), representations, compressed };
}

/**
 * The manifest a server needs at start: the served index without the releases when the artifact
 * has one, else the whole artifact.json. Checked as a follower checks an origin's: every header
 * value it holds is sent as it is.
 */
async function startManifest(dir: string): Promise<{ manifest: ArtifactManifest; releasesApart: boolean }> {
  const latest = path.join(dir, SERVED_LATEST);
  try {
    return { manifest: parseManifest(await readFile(latest), latest), releasesApart: true };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const whole = path.join(dir, 'artifact.json');
  return { manifest: parseManifest(await readFile(whole), whole), releasesApart: false };
}

/** Reads the artifact that `distPath` points to. Throws if it is incomplete, so a bad artifact is never half-served. */
export async function loadArtifact(distPath: string): Promise<LoadedArtifact> {
  const dir = await realpath(distPath);
  const { manifest, releasesApart } = await startManifest(dir);
  const resources = new Map<string, ServedResource>();
  const onDisk = new Map<string, ManifestEntry>();
  const inMemory = Object.entries(manifest.files).filter(([urlPath, entry]) => {
    if (!servedFromMemory(urlPath)) onDisk.set(urlPath, entry);
    return servedFromMemory(urlPath);
  });
  await Promise.all(
    inMemory.map(async ([urlPath, entry]) => {
      const read = async (rep: Representation | undefined, keepOnDisk = false) => {
        if (!rep) return undefined;
        if (keepOnDisk && rep.bytes > IDENTITY_IN_MEMORY_MAX) return { path: path.join(dir, rep.file) };
        const body = await readFile(path.join(dir, rep.file));
        if (body.length !== rep.bytes)
          throw new Error(`${rep.file}: ${body.length} bytes on disk, manifest says ${rep.bytes}`);
        return body;
      };
      // Only a compressed document's identity body may stay on disk: a resource without compressed copies is small.
      const compressed = entry.br !== undefined || entry.gzip !== undefined;
      const [identity, br, gz] = await Promise.all([
        read(entry.identity, compressed),
        read(entry.br),
        read(entry.gzip),
      ]);
      resources.set(
        urlPath,
        resourceFromBuffers(entry, { identity, br, gzip: gz }, entry.lastModified ?? manifest.lastModified),
      );
    }),
  );
  // Release files are not opened here (there may be thousands): the artifact directory appeared by
  // one rename of a complete copy, and each read is checked against the manifest's byte count.
  return {
    buildId: manifest.buildId,
    dir,
    resources,
    onDisk: new DiskResources(dir, onDisk, manifest.lastModified, releasesApart),
    manifest: { ...manifest, files: Object.fromEntries(inMemory) },
  };
}

/** Replaces one document's bytes (the live freshness document) and recompresses it once, off the request path. */
export function replaceDocument(
  artifact: LoadedArtifact,
  urlPath: string,
  body: Buffer,
  etagOf: (body: Buffer, suffix: string) => string,
  lastModifiedIso: string,
): void {
  const existing = artifact.manifest.files[urlPath];
  if (!existing) throw new Error(`${urlPath} is not in the artifact`);
  const br = brotli(body);
  const gz = gzip(body);
  const entry: ManifestEntry = {
    ...existing,
    identity: { file: existing.identity.file, bytes: body.length, etag: etagOf(body, '') },
    br: { file: `${existing.identity.file}.br`, bytes: br.length, etag: etagOf(body, '-br') },
    gzip: { file: `${existing.identity.file}.gz`, bytes: gz.length, etag: etagOf(body, '-gz') },
  };
  artifact.resources.set(urlPath, resourceFromBuffers(entry, { identity: body, br, gzip: gz }, lastModifiedIso));
}
