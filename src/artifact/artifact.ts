/**
 * Turns documents into the immutable static artifact: bytes, precompressed brotli and gzip
 * copies, strong ETags, a JSON 404, header rules for static hosts and the manifest the Node
 * server loads. Publishing is atomic: `dist` is a symlink swapped by rename(2), so a reader
 * (or a crash) only ever sees a complete old or a complete new artifact.
 */
import { createHash } from 'node:crypto';
import {
  copyFile,
  mkdir,
  open,
  readdir,
  readFile,
  readlink,
  realpath,
  rename,
  rm,
  symlink,
  writeFile,
  stat,
  utimes,
} from 'node:fs/promises';
import path from 'node:path';
import { brotli, brotliOffThread, gzip, gzipOffThread } from './compress.ts';
import type { StoredFile } from './file-cache.ts';
import { CACHE_CONTROL, HEADERS_COMMON, policyHeadersFor } from './http-policy.ts';
import { pathExists, writeFileDurably } from '../fs/durable.ts';
import { linkMany, makeDirs, readMany, removalUnderWay, removeDetached } from '../fs/many-files.ts';
import { checkManifest, parseManifest, type ArtifactManifest, type ManifestEntry } from './manifest.ts';
import { isReleaseIndex, SERVED_LATEST, servedIndexFiles } from './served-index.ts';

export type { ArtifactManifest, ManifestEntry, Representation } from './manifest.ts';
import { publicationTime } from './forward.ts';

export interface ArtifactFile {
  /** URL path, e.g. /api/tools.json */
  urlPath: string;
  contentType: string;
  body: Buffer;
  /** Dated release paths never change, so caches may keep them forever. */
  immutable?: boolean;
  /** Compressed copies of exactly `body`, made earlier with the same settings, so the build need not recompress it. */
  brotli?: Buffer;
  gzip?: Buffer;
}

/**
 * A file whose body and compressed copies already lie on disk (a dated release's document in the
 * file cache): the artifact links them in and never holds their bytes.
 */
export interface LinkedArtifactFile {
  urlPath: string;
  contentType: string;
  immutable?: boolean;
  stored: StoredFile;
}

export type AnyArtifactFile = ArtifactFile | LinkedArtifactFile;

const isLinked = (file: AnyArtifactFile): file is LinkedArtifactFile => 'stored' in file;

const COMPRESSIBLE_MIN_BYTES = 256;

/** The JSON 404 body static hosts and nginx serve for unknown paths. */
export const NOT_FOUND_PATH = '/404.json';

export function sha256Hex(data: Buffer | string): string {
  return createHash('sha256').update(data).digest('hex');
}

/** Strong ETag per representation: the identity hash, suffixed per encoding because the bytes differ. */
function etagOf(sha: string, suffix = ''): string {
  return `"${sha.slice(0, 32)}${suffix}"`;
}

export { brotli, gzip } from './compress.ts';

export function serializeJson(document: unknown): Buffer {
  return Buffer.from(`${JSON.stringify(document, null, 0)}\n`, 'utf8');
}

export interface PreparedArtifact {
  manifest: ArtifactManifest;
  /** Relative path inside the artifact → bytes. */
  contents: Map<string, Buffer>;
  /** Relative path inside the artifact → a file on disk to link (or copy) there. */
  links?: Map<string, string>;
}

/** A URL path ending in "/" (a web page's canonical URL) is stored as the index.html in that folder, as static hosts expect. */
function relativeFileFor(urlPath: string): string {
  return `${urlPath.replace(/^\/+/, '')}${urlPath.endsWith('/') ? 'index.html' : ''}`;
}

/**
 * Static-host header rules (Netlify / Cloudflare Pages `_headers` format) mirroring the Node
 * server. `/*` carries only the headers every response shares; each file gets its own
 * Content-Type and Cache-Control, so no two matching rules set the same header (both hosts
 * would join the values with a comma, and only Cloudflare reads the `! Header` detach syntax).
 * /404.json is the error body, so it carries the error policy (no-store), as the Node server's 404s do.
 */
function headersFile(manifest: ArtifactManifest): string {
  const lines: string[] = [];
  lines.push('/*', ...Object.entries(HEADERS_COMMON).map(([k, v]) => `  ${k}: ${v}`), '');
  for (const [urlPath, entry] of Object.entries(manifest.files).sort(([a], [b]) => byPath(a, b))) {
    const cacheControl = urlPath === NOT_FOUND_PATH ? CACHE_CONTROL.error : entry.cacheControl;
    const extra = Object.entries(policyHeadersFor(entry.contentType)).map(([k, v]) => `  ${k}: ${v}`);
    lines.push(urlPath, `  Content-Type: ${entry.contentType}`, `  Cache-Control: ${cacheControl}`, ...extra, '');
  }
  return lines.join('\n');
}

/** URL paths in the order localeCompare gives, from one collator: several times faster over 30,000 release files. */
const byPath = new Intl.Collator().compare;

export function prepareArtifact(files: readonly AnyArtifactFile[], lastModified: string): PreparedArtifact {
  const contents = new Map<string, Buffer>();
  const links = new Map<string, string>();
  const entries: Record<string, ManifestEntry> = {};
  const compressedBySha = new Map<string, { br: Buffer; gz: Buffer }>();
  for (const file of [...files].sort((a, b) => byPath(a.urlPath, b.urlPath))) {
    const relative = relativeFileFor(file.urlPath);
    const cacheControl = file.immutable ? CACHE_CONTROL.immutable : CACHE_CONTROL.latest;
    if (isLinked(file)) {
      const { sha256: sha, identity, br, gzip: gz } = file.stored;
      links.set(relative, identity.path).set(`${relative}.br`, br.path).set(`${relative}.gz`, gz.path);
      entries[file.urlPath] = {
        contentType: file.contentType,
        sha256: sha,
        cacheControl,
        lastModified: file.stored.modifiedAt,
        identity: { file: relative, bytes: identity.bytes, etag: etagOf(sha) },
        br: { file: `${relative}.br`, bytes: br.bytes, etag: etagOf(sha, '-br') },
        gzip: { file: `${relative}.gz`, bytes: gz.bytes, etag: etagOf(sha, '-gz') },
      };
      continue;
    }
    const sha = sha256Hex(file.body);
    contents.set(relative, file.body);
    const entry: ManifestEntry = {
      contentType: file.contentType,
      sha256: sha,
      cacheControl,
      identity: { file: relative, bytes: file.body.length, etag: etagOf(sha) },
    };
    if (file.body.length >= COMPRESSIBLE_MIN_BYTES) {
      // Identical bodies (a release equal to the latest view) are compressed once.
      const known = compressedBySha.get(sha);
      const br = known?.br ?? file.brotli ?? brotli(file.body);
      const gz = known?.gz ?? file.gzip ?? gzip(file.body);
      compressedBySha.set(sha, { br, gz });
      contents.set(`${relative}.br`, br);
      contents.set(`${relative}.gz`, gz);
      entry.br = { file: `${relative}.br`, bytes: br.length, etag: etagOf(sha, '-br') };
      entry.gzip = { file: `${relative}.gz`, bytes: gz.length, etag: etagOf(sha, '-gz') };
    }
    entries[file.urlPath] = entry;
  }
  const buildId = sha256Hex(
    Object.entries(entries)
      .map(([urlPath, entry]) => `${urlPath} ${entry.sha256}`)
      .join('\n'),
  ).slice(0, 16);
  // What every reader of artifact.json checks (the server, followers): refused here first.
  const manifest = checkManifest({ buildId, lastModified, files: entries }, 'the prepared artifact.json');
  contents.set('_headers', Buffer.from(headersFile(manifest)));
  // Netlify applies a non-forced rule only when no file matches, so this turns every unknown
  // path into the JSON 404 (Cloudflare Pages ignores status-404 rules and sends its own 404).
  contents.set('_redirects', Buffer.from(`/*  ${NOT_FOUND_PATH}  404\n`));
  contents.set('artifact.json', serializeJson(manifest));
  // What a server reads instead of artifact.json: it then parses a release's entries only when asked for one.
  for (const [file, body] of servedIndexFiles(manifest)) contents.set(file, body);
  return { manifest, contents, links };
}

/**
 * Compressed copies for every compressible file that lacks them, made on the thread pool (several
 * at once) or taken from `reuse` (the copies an earlier artifact already has, by SHA-256), so a
 * build compresses only what changed. prepareArtifact then finds every copy ready.
 */
export async function precompress(
  files: readonly AnyArtifactFile[],
  reuse: (sha256: string, body: Buffer) => Promise<{ br: Buffer; gz: Buffer } | undefined> = async () => undefined,
  concurrency = 4,
  progress?: (done: number, total: number, compressed: number) => void,
): Promise<void> {
  const queue = files.filter(
    (file): file is ArtifactFile => !isLinked(file) && file.body.length >= COMPRESSIBLE_MIN_BYTES && !file.gzip,
  );
  const total = queue.length;
  let done = 0;
  let compressed = 0;
  // A quarter at a time: a first build compresses for seconds, and a reader should see it move.
  const step = Math.max(1, Math.ceil(total / 4));
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let file = queue.shift(); file; file = queue.shift()) {
        const known = await reuse(sha256Hex(file.body), file.body);
        const [br, gz] = known
          ? [known.br, known.gz]
          : await Promise.all([file.brotli ?? brotliOffThread(file.body), gzipOffThread(file.body)]);
        file.brotli = br;
        file.gzip = gz;
        done++;
        if (!known) compressed++;
        if (done % step === 0 && done < total) progress?.(done, total, compressed);
      }
    }),
  );
}

/**
 * The compressed copies the artifact `dist` points to has for a body, by SHA-256: a build reuses
 * them for every file that did not change (most pages, schemas and documents between releases).
 */
export async function copiesIn(
  distPath: string,
): Promise<(sha256: string) => Promise<{ br: Buffer; gz: Buffer } | undefined>> {
  let dir: string;
  let bySha: Map<string, ManifestEntry>;
  try {
    dir = await realpath(distPath);
    // Release files are linked from the file cache, never recompressed: the served index without them
    // (when the artifact has one) holds every copy worth reusing, and stays small as releases accumulate.
    const manifest = parseManifest(
      await readFile(path.join(dir, SERVED_LATEST)).catch(() => readFile(path.join(dir, 'artifact.json'))),
    );
    bySha = new Map(Object.values(manifest.files).map((entry) => [entry.sha256, entry]));
  } catch {
    return async () => undefined;
  }
  return async (sha256) => {
    const entry = bySha.get(sha256);
    if (!entry?.br || !entry.gzip) return undefined;
    try {
      const [br, gz] = await Promise.all([
        readFile(path.join(dir, entry.br.file)),
        readFile(path.join(dir, entry.gzip.file)),
      ]);
      return br.length === entry.br.bytes && gz.length === entry.gzip.bytes ? { br, gz } : undefined;
    } catch {
      return undefined;
    }
  };
}

/** The mark of a pruned artifact being removed (renamed out of the way first, then removed by a detached process). */
const TRASH = '.trash-';

/** Where artifacts live beside the `dist` symlink. */
export function artifactsDirFor(distPath: string): string {
  return path.join(path.dirname(path.resolve(distPath)), '.artifacts');
}

/**
 * Removes what a crashed publish can leave behind: half-written artifact directories and
 * temporary symlinks. Safe to run at any time because complete artifacts are never renamed
 * back to a temporary name.
 */
export async function cleanStaleTemporaries(distPath: string): Promise<string[]> {
  const removed: string[] = [];
  const artifactsDir = artifactsDirFor(distPath);
  const parent = path.dirname(path.resolve(distPath));
  const base = path.basename(distPath);
  for (const [dir, pattern] of [
    [artifactsDir, /\.tmp-/],
    [parent, new RegExp(`^${base}\\.tmp-`)],
  ] as const) {
    let names: string[] = [];
    try {
      names = await readdir(dir);
    } catch {
      continue;
    }
    for (const name of names) {
      if (pattern.test(name)) {
        await rm(path.join(dir, name), { recursive: true, force: true });
        removed.push(path.join(dir, name));
      }
    }
  }
  // Pruned artifacts left behind by a killed removal: removed again, without waiting (not reported: pruning is
  // routine, not something a crash left). One whose removal is still running is left to it.
  const trash = await readdir(artifactsDir).then(
    (names) =>
      names
        .filter((name) => name.includes(TRASH) && !removalUnderWay(name))
        .map((name) => path.join(artifactsDir, name)),
    () => [],
  );
  removeDetached(trash);
  return removed;
}

/**
 * A file the file cache (or the artifact served now) holds, copied into an artifact where a hard link cannot be
 * made (another file system): made durable like every other file, keeping its modification time.
 */
async function copyDurably(source: string, target: string): Promise<void> {
  await copyFile(source, target);
  const { mtime } = await stat(source);
  await utimes(target, mtime, mtime);
  const handle = await open(target, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * The artifact's contents, each release index the artifact served now has with the same bytes
 * turned into a link to it: a build then writes one file for a new release, not one per release
 * (a write and an fsync each, about a second per thousand releases).
 */
async function linkUnchangedIndexes(
  contents: ReadonlyMap<string, Buffer>,
  distPath: string,
): Promise<[string, Buffer | string][]> {
  const served = await realpath(distPath).catch(() => undefined);
  const entries = [...contents];
  if (served === undefined) return entries;
  const indexes = entries.filter(([relative]) => isReleaseIndex(relative));
  const existing = await readMany(indexes.map(([relative]) => path.join(served, relative)));
  const unchanged = new Set(
    indexes.filter(([, body], i) => Buffer.isBuffer(existing[i]) && existing[i].equals(body)).map(([r]) => r),
  );
  return entries.map(([relative, body]) => [relative, unchanged.has(relative) ? path.join(served, relative) : body]);
}

/**
 * Writes the artifact to .artifacts/<buildId> without serving it: every file durably, one
 * modification time, then one rename of the complete temporary directory. A complete directory
 * (one with artifact.json) is left as it is. The fsyncs run in parallel: an artifact has hundreds
 * of files, and one fsync after another was the slowest step of a publish.
 */
export async function writeArtifactDir(prepared: PreparedArtifact, distPath: string, concurrency = 8): Promise<string> {
  const artifactsDir = artifactsDirFor(path.resolve(distPath));
  await mkdir(artifactsDir, { recursive: true });
  const finalDir = path.join(artifactsDir, prepared.manifest.buildId);
  if (await pathExists(path.join(finalDir, 'artifact.json'))) return finalDir;
  const tmpDir = `${finalDir}.tmp-${process.pid}-${Date.now()}`;
  // One modification time for every file of the artifact: the moment it was first written, and
  // never earlier than the artifact served now (a clock set back). Static servers derive
  // Last-Modified (and nginx its ETag) from it, so every encoding of a document agrees, and
  // content published later gets a later time.
  const publishedAt = await publicationTime(distPath);
  // Linked files (a release's documents) keep the modification time they were published with.
  const contents = await linkUnchangedIndexes(prepared.contents, distPath);
  // Files another artifact or the file cache holds are hard-linked (no bytes written); they keep the modification
  // time they were published with (a release's documents).
  const links: (readonly [string, string])[] = [...(prepared.links ?? [])];
  const bodies: [string, Buffer][] = [];
  for (const [relative, body] of contents)
    if (typeof body === 'string') links.push([relative, body]);
    else bodies.push([relative, body]);
  // Each directory made once, parents first, rather than once per file: a release's files share one directory,
  // and with a thousand releases the per-file calls were some twenty thousand system calls a build.
  const dirs = [...new Set([...bodies, ...links].map(([relative]) => path.dirname(path.join(tmpDir, relative))))];
  await makeDirs(dirs.sort());
  await Promise.all([
    linkMany(
      links.map(([relative, source]) => [source, path.join(tmpDir, relative)] as const),
      copyDurably,
    ),
    ...Array.from({ length: concurrency }, async () => {
      for (let next = bodies.shift(); next; next = bodies.shift()) {
        const file = path.join(tmpDir, next[0]);
        await writeFileDurably(file, next[1]);
        await utimes(file, publishedAt, publishedAt);
      }
    }),
  ]);
  await rm(finalDir, { recursive: true, force: true });
  await rename(tmpDir, finalDir);
  return finalDir;
}

/**
 * Writes the artifact to .artifacts/<buildId> (unless it is there already), then atomically
 * points `dist` at it. Keeps the previous artifact so in-flight readers of the old one finish
 * undisturbed.
 */
export async function publishArtifact(
  prepared: PreparedArtifact,
  distPath: string,
  keep = 3,
): Promise<{ dir: string; changed: boolean }> {
  const resolvedDist = path.resolve(distPath);
  const artifactsDir = artifactsDirFor(resolvedDist);
  await mkdir(artifactsDir, { recursive: true });
  await cleanStaleTemporaries(resolvedDist);
  const finalDir = await writeArtifactDir(prepared, resolvedDist);
  const linkTarget = path.relative(path.dirname(resolvedDist), finalDir);

  let current: string | undefined;
  try {
    current = await readlink(resolvedDist);
  } catch {
    current = undefined;
  }
  const changed = current !== linkTarget;
  if (changed) {
    if (current === undefined && (await pathExists(resolvedDist))) {
      // A plain directory from an older layout: move it aside once.
      await rename(resolvedDist, `${resolvedDist}.legacy-${Date.now()}`);
    }
    const tmpLink = `${resolvedDist}.tmp-${process.pid}-${Date.now()}`;
    await symlink(linkTarget, tmpLink);
    await rename(tmpLink, resolvedDist);
  }
  await pruneArtifacts(artifactsDir, [prepared.manifest.buildId, current ? path.basename(current) : ''], keep);
  return { dir: finalDir, changed };
}

async function pruneArtifacts(artifactsDir: string, protectedIds: string[], keep: number): Promise<void> {
  const names = (await readdir(artifactsDir)).filter((name) => !name.includes('.tmp-') && !name.includes(TRASH));
  const withTimes = await Promise.all(
    names.map(async (name) => ({ name, mtime: (await stat(path.join(artifactsDir, name))).mtimeMs })),
  );
  withTimes.sort((a, b) => b.mtime - a.mtime);
  const expired = withTimes.slice(keep).filter(({ name }) => !protectedIds.includes(name));
  // Renamed first (one system call each), so no reader ever finds a half-removed artifact under its build id.
  const trash: string[] = [];
  for (const { name } of expired) {
    const moved = path.join(artifactsDir, `${name}${TRASH}${process.pid}-${Date.now()}`);
    await rename(path.join(artifactsDir, name), moved);
    trash.push(moved);
  }
  removeDetached(trash);
}

export { writeFile };
