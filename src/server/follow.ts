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
import { readFile, realpath, rename, rm, utimes } from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { artifactsDirFor, publishArtifact, type ArtifactManifest, type ManifestEntry, type Representation } from '../artifact/artifact.ts';
import { pathExists, writeFileDurably } from '../fs/durable.ts';
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
  | { outcome: 'updated'; buildId: string; downloaded: number; reused: number; bytes: number; ms: { fetch: number; write: number; swap: number } };

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
function get(url: URL, headers: Record<string, string>, maxBytes: number, signal: AbortSignal, agent: http.Agent): Promise<Got> {
  return new Promise((resolve, reject) => {
    const request = (url.protocol === 'https:' ? https : http).request(url, { method: 'GET', headers: { 'accept-encoding': 'identity', ...headers }, signal, agent }, (response) => {
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
      response.on('end', () => resolve({ status: response.statusCode ?? 0, etag: response.headers.etag, body: Buffer.concat(chunks, total) }));
      response.on('error', reject);
      response.on('aborted', () => reject(new Error('the response was cut short')));
    });
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
  if (typeof manifest !== 'object' || manifest === null || typeof manifest.buildId !== 'string' || !BUILD_ID.test(manifest.buildId))
    throw new FollowError('artifact.json has no valid buildId');
  if (typeof manifest.lastModified !== 'string' || typeof manifest.files !== 'object' || manifest.files === null) throw new FollowError('artifact.json has no files');
  let total = 0;
  for (const [urlPath, entry] of Object.entries(manifest.files)) {
    if (!entry || typeof entry.sha256 !== 'string' || !SHA256.test(entry.sha256) || !entry.identity) throw new FollowError(`artifact.json: ${urlPath} has no valid sha256`);
    for (const rep of representations(entry)) {
      if (typeof rep.file !== 'string' || !SAFE_FILE.test(rep.file) || rep.file === 'artifact.json') throw new FollowError(`artifact.json: ${urlPath} names an unsafe file ${JSON.stringify(rep.file)}`);
      if (!Number.isInteger(rep.bytes) || rep.bytes < 0) throw new FollowError(`artifact.json: ${urlPath} has an invalid size`);
      total += rep.bytes;
    }
  }
  if (total > maxArtifactBytes) throw new FollowError(`the artifact is ${total} bytes, more than the limit of ${maxArtifactBytes}`);
  return manifest;
}

function representations(entry: ManifestEntry): Representation[] {
  return [entry.identity, entry.br, entry.gzip].filter((rep): rep is Representation => rep !== undefined);
}

/** A file's bytes are what the manifest says: identity by SHA-256 and size, compressed copies by size and by what they decompress to. */
function verify(urlPath: string, entry: ManifestEntry, coding: 'identity' | 'br' | 'gzip', body: Buffer, identity: Buffer | undefined): string | null {
  const rep = entry[coding]!;
  if (body.length !== rep.bytes) return `${rep.file}: ${body.length} bytes, the manifest says ${rep.bytes}`;
  if (coding === 'identity') return sha256(body) === entry.sha256 ? null : `${rep.file}: SHA-256 does not match the manifest`;
  if (!identity) return `${urlPath}: no identity body to check ${rep.file} against`;
  try {
    const options = { maxOutputLength: identity.length + 1 };
    const decoded = coding === 'br' ? brotliDecompressSync(body, options) : gunzipSync(body, options);
    return decoded.equals(identity) ? null : `${rep.file}: does not decompress to the identity bytes`;
  } catch (error) {
    return `${rep.file}: does not decompress (${(error as Error).message})`;
  }
}

/**
 * Writes the verified artifact as `.artifacts/<buildId>` the way publishArtifact does (durable
 * files, one modification time, one rename of a complete temporary directory), but with the
 * fsyncs in parallel: a release rewrites most of the files, and one fsync after another made the
 * write the slowest step of a switch. publishArtifact then finds the directory complete and only
 * switches `dist` to it (and prunes old artifacts).
 */
async function writeArtifactDir(distPath: string, buildId: string, contents: ReadonlyMap<string, Buffer>, concurrency: number): Promise<void> {
  const finalDir = path.join(artifactsDirFor(distPath), buildId);
  if (await pathExists(path.join(finalDir, 'artifact.json'))) return;
  const tmpDir = `${finalDir}.tmp-${process.pid}-${Date.now()}`;
  try {
    const queue = [...contents].filter(([relative]) => relative !== 'artifact.json');
    const publishedAt = new Date(Math.floor(Date.now() / 1000) * 1000);
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        for (let next = queue.shift(); next; next = queue.shift()) {
          const file = path.join(tmpDir, next[0]);
          await writeFileDurably(file, next[1]);
          await utimes(file, publishedAt, publishedAt);
        }
      }),
    );
    // The manifest last: a directory with artifact.json is complete.
    await writeFileDurably(path.join(tmpDir, 'artifact.json'), contents.get('artifact.json')!);
    await utimes(path.join(tmpDir, 'artifact.json'), publishedAt, publishedAt);
    await rm(finalDir, { recursive: true, force: true });
    await rename(tmpDir, finalDir);
  } catch (error) {
    await rm(tmpDir, { recursive: true, force: true });
    throw error;
  }
}

/** The artifact `dist` points to now, indexed by content, so unchanged files are copied instead of downloaded. */
async function localIndex(distPath: string): Promise<{ buildId: string | null; read: (entry: ManifestEntry, coding: 'identity' | 'br' | 'gzip') => Promise<Buffer | undefined> }> {
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

export function createFollower(options: FollowOptions): Follower {
  const log = options.log ?? (() => {});
  const origin = new URL(options.origin.endsWith('/') || options.origin.includes('?') ? options.origin : `${options.origin}/`);
  if (origin.protocol !== 'http:' && origin.protocol !== 'https:') throw new FollowError(`--follow needs an http(s) URL (got ${redactLocation(options.origin)})`);
  const secrets = secretsOf(options.origin);
  const shownOrigin = redactLocation(options.origin);
  const headers: Record<string, string> = { 'user-agent': 'ai-coding-models-directory-follower' };
  if (origin.username || origin.password) {
    const decode = (part: string) => {
      try {
        return decodeURIComponent(part);
      } catch {
        return part;
      }
    };
    headers.authorization = `Basic ${Buffer.from(`${decode(origin.username)}:${decode(origin.password)}`).toString('base64')}`;
    origin.username = '';
    origin.password = '';
  }
  const fileUrl = (file: string) => {
    const url = new URL(file.split('/').map(encodeURIComponent).join('/'), origin);
    url.search = origin.search;
    return url;
  };
  const agent = new (origin.protocol === 'https:' ? https.Agent : http.Agent)({ keepAlive: true, maxSockets: options.concurrency ?? 8 });
  const stats: FollowerStats = { polls: 0, updates: 0, failures: 0, lastError: null };
  let manifestEtag: { etag: string; buildId: string } | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<SyncResult> | undefined;

  const syncOnce = async (): Promise<SyncResult> => {
    const signal = AbortSignal.timeout(options.syncTimeoutMs ?? 5 * 60_000);
    const local = await localIndex(options.distPath);
    const conditional: Record<string, string> = manifestEtag && manifestEtag.buildId === local.buildId ? { 'if-none-match': manifestEtag.etag } : {};
    const got = await get(fileUrl('artifact.json'), { ...headers, ...conditional }, options.maxManifestBytes ?? 32 * 1024 * 1024, signal, agent);
    if (got.status === 304 && local.buildId) return { outcome: 'current', buildId: local.buildId };
    if (got.status !== 200) throw new FollowError(`${redactLocation(fileUrl('artifact.json').href)} answered HTTP ${got.status}`);
    const manifest = parseManifest(got.body, options.maxArtifactBytes ?? 1024 * 1024 * 1024);
    if (manifest.buildId === local.buildId) {
      if (got.etag) manifestEtag = { etag: got.etag, buildId: manifest.buildId };
      return { outcome: 'current', buildId: manifest.buildId };
    }

    // Assemble every file in memory (the server holds the artifact in memory anyway), verified.
    const started = performance.now();
    const contents = new Map<string, Buffer>();
    const problems: string[] = [];
    let downloaded = 0;
    let reused = 0;
    let bytes = 0;
    const jobs = Object.entries(manifest.files);
    const fetchOne = async (entry: ManifestEntry, coding: 'identity' | 'br' | 'gzip'): Promise<Buffer> => {
      const rep = entry[coding]!;
      const copy = await local.read(entry, coding);
      if (copy) {
        reused += 1;
        return copy;
      }
      const file = await get(fileUrl(rep.file), headers, rep.bytes, signal, agent);
      if (file.status !== 200) throw new FollowError(`${redactLocation(fileUrl(rep.file).href)} answered HTTP ${file.status}`);
      downloaded += 1;
      bytes += file.body.length;
      return file.body;
    };
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
        contents.set(entry.identity.file, identity);
        for (const coding of ['br', 'gzip'] as const) {
          if (!entry[coding]) continue;
          const body = await fetchOne(entry, coding);
          const wrong = verify(urlPath, entry, coding, body, identity);
          if (wrong) problems.push(wrong);
          else contents.set(entry[coding]!.file, body);
        }
      }
    };
    await Promise.all(
      Array.from({ length: options.concurrency ?? 8 }, () =>
        worker().catch((error: unknown) => {
          failed = true;
          throw error;
        }),
      ),
    );
    if (problems.length > 0) throw new FollowError(`artifact ${manifest.buildId} from ${shownOrigin} is corrupt: ${problems.slice(0, 5).join('; ')}${problems.length > 5 ? `; and ${problems.length - 5} more` : ''}`);
    contents.set('artifact.json', got.body);
    const fetched = performance.now();
    await writeArtifactDir(options.distPath, manifest.buildId, contents, options.concurrency ?? 8);
    await publishArtifact({ manifest, contents }, options.distPath);
    const written = performance.now();
    if (got.etag) manifestEtag = { etag: got.etag, buildId: manifest.buildId };
    await options.onSwap?.(manifest.buildId);
    const ms = { fetch: Math.round(fetched - started), write: Math.round(written - fetched), swap: Math.round(performance.now() - written) };
    return { outcome: 'updated', buildId: manifest.buildId, downloaded, reused, bytes, ms };
  };

  const sync = (): Promise<SyncResult> => {
    running ??= (async () => {
      stats.polls += 1;
      try {
        const result = await syncOnce();
        if (result.outcome === 'updated') {
          stats.updates += 1;
          log(
            `follow: switched to artifact ${result.buildId} from ${shownOrigin} (${result.downloaded} file(s) downloaded, ${result.bytes} bytes; ${result.reused} reused; ` +
              `fetch and verify ${result.ms.fetch} ms, write ${result.ms.write} ms, reload ${result.ms.swap} ms)`,
          );
        }
        stats.lastError = null;
        return result;
      } catch (error) {
        stats.failures += 1;
        const message = redactText(error instanceof FollowError ? error.message : `${shownOrigin}: ${(error as Error).message}`, secrets);
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
      agent.destroy();
    },
    stats: () => ({ ...stats }),
  };
}
