/**
 * Follower mode (`npm start -- --follow <origin>`): one process publishes, many serve. A follower
 * keeps a local copy of the artifact another process published and swaps to a new one without a
 * restart. The origin is any HTTP server of the published artifact directory as files (the
 * publisher's `dist/` behind a static file server, or uploaded to object storage): the follower
 * polls `<origin>/artifact.json` (the artifact's manifest, with If-None-Match), and when its
 * buildId changes, assembles the new artifact beside the old one: files whose SHA-256 it already
 * holds are copied locally, the others downloaded. Every file is verified before anything is
 * switched (identity bytes against the manifest's SHA-256 and size, brotli and gzip copies by
 * size and by decompressing to exactly the identity bytes, with a bounded output), then `dist`
 * is switched with one rename (publishArtifact) and the server reloads. An unreachable origin,
 * a partial download or one corrupt byte leaves the old artifact serving; the next poll retries.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  publishArtifact,
  writeArtifactDir,
  type ArtifactManifest,
  type ManifestEntry,
  type Representation,
} from '../artifact/artifact.ts';
import { redactLocation, redactText, secretsOf } from '../fs/redact.ts';

export interface FollowOptions {
  /** Base URL of the published artifact directory (`<origin>/artifact.json` is its manifest). */
  origin: string;
  /** The local `dist` symlink this follower publishes to and the server serves. */
  distPath: string;
  /** Time between polls. */
  intervalMs: number;
  /** Deadline of one whole poll (manifest and downloads). */
  syncTimeoutMs?: number;
  /** Largest manifest accepted. */
  maxManifestBytes?: number;
  /** Largest artifact accepted (sum of every file). */
  maxArtifactBytes?: number;
  /** Parallel downloads. */
  concurrency?: number;
  /** Called after `dist` switched to a new artifact (the server reloads). */
  onSwap?: (buildId: string) => Promise<unknown> | unknown;
  log?: (line: string) => void;
}

export type SyncResult =
  | { outcome: 'current'; buildId: string }
  | {
      outcome: 'updated';
      buildId: string;
      downloaded: number;
      reused: number;
      bytes: number;
      ms: { fetch: number; write: number; swap: number };
    };

export interface FollowerStats {
  polls: number;
  updates: number;
  failures: number;
  lastError: string | null;
}

export interface Follower {
  /** One poll now; throws FollowError (message redacted) when the origin is unreachable or serves something wrong. */
  sync(): Promise<SyncResult>;
  /** Polls every intervalMs until stop(); failures are logged, the served artifact stays. */
  start(): void;
  stop(): void;
  stats(): FollowerStats;
}

export class FollowError extends Error {
  override name = 'FollowError';
}

const SAFE_FILE = /^(?!\/)(?!.*(?:^|\/)\.\.?(?:\/|$))[A-Za-z0-9._~@+\-/]+$/;
const BUILD_ID = /^[0-9a-f]{8,64}$/;
const SHA256 = /^[0-9a-f]{64}$/;

const sha256 = (body: Buffer) => createHash('sha256').update(body).digest('hex');

interface Got {
  status: number;
  etag: string | undefined;
  body: Buffer;
}

/** A plain GET: raw bytes (no transparent decompression), a byte cap, the poll's deadline. */
function get(
  url: URL,
  headers: Record<string, string>,
  maxBytes: number,
  signal: AbortSignal,
  agent: http.Agent,
): Promise<Got> {
  return new Promise((resolve, reject) => {
    const request = (url.protocol === 'https:' ? https : http).request(
      url,
      { method: 'GET', headers: { 'accept-encoding': 'identity', ...headers }, signal, agent },
      (response) => {
        const chunks: Buffer[] = [];
        let total = 0;
        response.on('data', (chunk: Buffer) => {
          total += chunk.length;
          if (total > maxBytes) {
            request.destroy(new Error(`sent more than ${maxBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            etag: response.headers.etag,
            body: Buffer.concat(chunks, total),
          }),
        );
        response.on('error', reject);
        response.on('aborted', () => reject(new Error('the response was cut short')));
      },
    );
    request.on('error', reject);
    request.end();
  });
}

/** The manifest, checked before it is trusted: ids, hashes and sizes well formed, every file name inside the artifact. */
function parseManifest(body: Buffer, maxArtifactBytes: number): ArtifactManifest {
  let manifest: ArtifactManifest;
  try {
    manifest = JSON.parse(body.toString('utf8')) as ArtifactManifest;
  } catch (error) {
    throw new FollowError(`artifact.json is not valid JSON (${(error as Error).message})`);
  }
  if (
    typeof manifest !== 'object' ||
    manifest === null ||
    typeof manifest.buildId !== 'string' ||
    !BUILD_ID.test(manifest.buildId)
  )
    throw new FollowError('artifact.json has no valid buildId');
  if (typeof manifest.lastModified !== 'string' || typeof manifest.files !== 'object' || manifest.files === null)
    throw new FollowError('artifact.json has no files');
  let total = 0;
  for (const [urlPath, entry] of Object.entries(manifest.files)) {
    if (!entry || typeof entry.sha256 !== 'string' || !SHA256.test(entry.sha256) || !entry.identity)
      throw new FollowError(`artifact.json: ${urlPath} has no valid sha256`);
    for (const rep of representations(entry)) {
      if (typeof rep.file !== 'string' || !SAFE_FILE.test(rep.file) || rep.file === 'artifact.json')
        throw new FollowError(`artifact.json: ${urlPath} names an unsafe file ${JSON.stringify(rep.file)}`);
      if (!Number.isInteger(rep.bytes) || rep.bytes < 0)
        throw new FollowError(`artifact.json: ${urlPath} has an invalid size`);
      total += rep.bytes;
    }
  }
  if (total > maxArtifactBytes)
    throw new FollowError(`the artifact is ${total} bytes, more than the limit of ${maxArtifactBytes}`);
  return manifest;
}

function representations(entry: ManifestEntry): Representation[] {
  return [entry.identity, entry.br, entry.gzip].filter((rep): rep is Representation => rep !== undefined);
}

/** A file's bytes are what the manifest says: identity by SHA-256 and size, compressed copies by size and by what they decompress to. */
function verify(
  urlPath: string,
  entry: ManifestEntry,
  coding: 'identity' | 'br' | 'gzip',
  body: Buffer,
  identity: Buffer | undefined,
): string | null {
  const rep = entry[coding]!;
  if (body.length !== rep.bytes) return `${rep.file}: ${body.length} bytes, the manifest says ${rep.bytes}`;
  if (coding === 'identity')
    return sha256(body) === entry.sha256 ? null : `${rep.file}: SHA-256 does not match the manifest`;
  if (!identity) return `${urlPath}: no identity body to check ${rep.file} against`;
  try {
    const options = { maxOutputLength: identity.length + 1 };
    const decoded = coding === 'br' ? brotliDecompressSync(body, options) : gunzipSync(body, options);
    return decoded.equals(identity) ? null : `${rep.file}: does not decompress to the identity bytes`;
  } catch (error) {
    return `${rep.file}: does not decompress (${(error as Error).message})`;
  }
}

/** The artifact `dist` points to now, indexed by content, so unchanged files are copied instead of downloaded. */
async function localIndex(distPath: string): Promise<{
  buildId: string | null;
  read: (entry: ManifestEntry, coding: 'identity' | 'br' | 'gzip') => Promise<Buffer | undefined>;
}> {
  try {
    const dir = await realpath(distPath);
    const manifest = JSON.parse(await readFile(path.join(dir, 'artifact.json'), 'utf8')) as ArtifactManifest;
    const bySha = new Map<string, ManifestEntry>();
    for (const entry of Object.values(manifest.files)) bySha.set(entry.sha256, entry);
    return {
      buildId: manifest.buildId,
      read: async (entry, coding) => {
        const local = bySha.get(entry.sha256)?.[coding];
        if (!local || local.bytes !== entry[coding]?.bytes) return undefined;
        return readFile(path.join(dir, local.file)).catch(() => undefined);
      },
    };
  } catch {
    return { buildId: null, read: async () => undefined };
  }
}

/** The origin as requests need it: userinfo moved into an Authorization header, the query string kept for every file. */
interface Origin {
  shown: string;
  secrets: string[];
  headers: Record<string, string>;
  agent: http.Agent;
  fileUrl(file: string): URL;
}

function originOf(options: FollowOptions): Origin {
  const base = new URL(
    options.origin.endsWith('/') || options.origin.includes('?') ? options.origin : `${options.origin}/`,
  );
  if (base.protocol !== 'http:' && base.protocol !== 'https:')
    throw new FollowError(`--follow needs an http(s) URL (got ${redactLocation(options.origin)})`);
  const headers: Record<string, string> = { 'user-agent': 'ai-coding-models-directory-follower' };
  if (base.username || base.password) {
    const decode = (part: string) => {
      try {
        return decodeURIComponent(part);
      } catch {
        return part;
      }
    };
    headers.authorization = `Basic ${Buffer.from(`${decode(base.username)}:${decode(base.password)}`).toString('base64')}`;
    base.username = '';
    base.password = '';
  }
  return {
    shown: redactLocation(options.origin),
    secrets: secretsOf(options.origin),
    headers,
    agent: new (base.protocol === 'https:' ? https.Agent : http.Agent)({
      keepAlive: true,
      maxSockets: options.concurrency ?? 8,
    }),
    fileUrl(file) {
      const url = new URL(file.split('/').map(encodeURIComponent).join('/'), base);
      url.search = base.search;
      return url;
    },
  };
}

interface Assembled {
  contents: Map<string, Buffer>;
  downloaded: number;
  reused: number;
  bytes: number;
}

type Local = Awaited<ReturnType<typeof localIndex>>;

/**
 * Every file of `manifest`, copied from the local artifact when it holds the same bytes, else
 * downloaded, and each verified: assembled in memory (the server holds the artifact in memory anyway).
 */
async function assemble(
  origin: Origin,
  manifest: ArtifactManifest,
  local: Local,
  signal: AbortSignal,
  concurrency: number,
): Promise<Assembled> {
  const assembled: Assembled = { contents: new Map(), downloaded: 0, reused: 0, bytes: 0 };
  const problems: string[] = [];
  const fetchOne = async (entry: ManifestEntry, coding: 'identity' | 'br' | 'gzip'): Promise<Buffer> => {
    const copy = await local.read(entry, coding);
    if (copy) {
      assembled.reused += 1;
      return copy;
    }
    const rep = entry[coding]!;
    const file = await get(origin.fileUrl(rep.file), origin.headers, rep.bytes, signal, origin.agent);
    if (file.status !== 200)
      throw new FollowError(`${redactLocation(origin.fileUrl(rep.file).href)} answered HTTP ${file.status}`);
    assembled.downloaded += 1;
    assembled.bytes += file.body.length;
    return file.body;
  };
  const jobs = Object.entries(manifest.files);
  let failed = false;
  const worker = async () => {
    for (let job = jobs.shift(); job && !failed; job = jobs.shift()) {
      const [urlPath, entry] = job;
      const identity = await fetchOne(entry, 'identity');
      const bad = verify(urlPath, entry, 'identity', identity, undefined);
      if (bad) {
        problems.push(bad);
        continue;
      }
      assembled.contents.set(entry.identity.file, identity);
      for (const coding of ['br', 'gzip'] as const) {
        if (!entry[coding]) continue;
        const body = await fetchOne(entry, coding);
        const wrong = verify(urlPath, entry, coding, body, identity);
        if (wrong) problems.push(wrong);
        else assembled.contents.set(entry[coding]!.file, body);
      }
    }
  };
  const stopOnError = (error: unknown) => {
    failed = true;
    throw error;
  };
  await Promise.all(Array.from({ length: concurrency }, () => worker().catch(stopOnError)));
  if (problems.length > 0)
    throw new FollowError(
      `artifact ${manifest.buildId} from ${origin.shown} is corrupt: ${problems.slice(0, 5).join('; ')}${problems.length > 5 ? `; and ${problems.length - 5} more` : ''}`,
    );
  return assembled;
}

/** The manifest ETag last seen for the artifact served now (for If-None-Match). */
type ManifestTag = { etag: string; buildId: string } | undefined;

/** One poll: the manifest (conditional), then, when its buildId is new, the whole artifact assembled, verified and switched to. */
async function syncOnce(origin: Origin, options: FollowOptions, tag: { current: ManifestTag }): Promise<SyncResult> {
  const signal = AbortSignal.timeout(options.syncTimeoutMs ?? 5 * 60_000);
  const local = await localIndex(options.distPath);
  const conditional: Record<string, string> =
    tag.current && tag.current.buildId === local.buildId ? { 'if-none-match': tag.current.etag } : {};
  const got = await get(
    origin.fileUrl('artifact.json'),
    { ...origin.headers, ...conditional },
    options.maxManifestBytes ?? 32 * 1024 * 1024,
    signal,
    origin.agent,
  );
  if (got.status === 304 && local.buildId) return { outcome: 'current', buildId: local.buildId };
  if (got.status !== 200)
    throw new FollowError(`${redactLocation(origin.fileUrl('artifact.json').href)} answered HTTP ${got.status}`);
  const manifest = parseManifest(got.body, options.maxArtifactBytes ?? 1024 * 1024 * 1024);
  if (manifest.buildId === local.buildId) {
    if (got.etag) tag.current = { etag: got.etag, buildId: manifest.buildId };
    return { outcome: 'current', buildId: manifest.buildId };
  }
  const started = performance.now();
  const { contents, downloaded, reused, bytes } = await assemble(
    origin,
    manifest,
    local,
    signal,
    options.concurrency ?? 8,
  );
  contents.set('artifact.json', got.body);
  const fetched = performance.now();
  // Written beside the served artifact (parallel fsyncs), then `dist` switched with one rename.
  await writeArtifactDir({ manifest, contents }, options.distPath, options.concurrency ?? 8);
  await publishArtifact({ manifest, contents }, options.distPath);
  const written = performance.now();
  if (got.etag) tag.current = { etag: got.etag, buildId: manifest.buildId };
  await options.onSwap?.(manifest.buildId);
  const ms = {
    fetch: Math.round(fetched - started),
    write: Math.round(written - fetched),
    swap: Math.round(performance.now() - written),
  };
  return { outcome: 'updated', buildId: manifest.buildId, downloaded, reused, bytes, ms };
}

function switchedLine(result: Extract<SyncResult, { outcome: 'updated' }>, shown: string): string {
  return (
    `follow: switched to artifact ${result.buildId} from ${shown} (${result.downloaded} file(s) downloaded, ${result.bytes} bytes; ${result.reused} reused; ` +
    `fetch and verify ${result.ms.fetch} ms, write ${result.ms.write} ms, reload ${result.ms.swap} ms)`
  );
}

export function createFollower(options: FollowOptions): Follower {
  const log = options.log ?? (() => {});
  const origin = originOf(options);
  const stats: FollowerStats = { polls: 0, updates: 0, failures: 0, lastError: null };
  const tag: { current: ManifestTag } = { current: undefined };
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<SyncResult> | undefined;

  const sync = (): Promise<SyncResult> => {
    running ??= (async () => {
      stats.polls += 1;
      try {
        const result = await syncOnce(origin, options, tag);
        if (result.outcome === 'updated') {
          stats.updates += 1;
          log(switchedLine(result, origin.shown));
        }
        stats.lastError = null;
        return result;
      } catch (error) {
        stats.failures += 1;
        const message = redactText(
          error instanceof FollowError ? error.message : `${origin.shown}: ${(error as Error).message}`,
          origin.secrets,
        );
        stats.lastError = message;
        throw new FollowError(message);
      } finally {
        running = undefined;
      }
    })();
    return running;
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      sync().then(
        () => schedule(),
        (error: Error) => {
          log(`follow: kept the artifact being served: ${error.message}`);
          schedule();
        },
      );
    }, options.intervalMs);
    timer.unref();
  };

  return {
    sync,
    start() {
      stopped = false;
      if (!timer) schedule();
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      origin.agent.destroy();
    },
    stats: () => ({ ...stats }),
  };
}
