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
 * a partial or oversized download, a hung connection, a manifest HTTP would not allow, an older
 * artifact or one corrupt byte leaves the old artifact serving; the next poll retries.
 */
import { writeFile } from 'node:fs/promises';
import { publishArtifact, writeArtifactDir } from '../artifact/artifact.ts';
import { ManifestError, parseManifest } from '../artifact/manifest.ts';
import { servedIndexFiles } from '../artifact/served-index.ts';
import { redactText } from '../fs/redact.ts';
import { assemble, localArtifact } from './follow-assemble.ts';
import { FRESHNESS_PATH, olderManifest, olderRelease } from './follow-forward.ts';
import { FollowError, get, originOf, type Origin } from './follow-http.ts';

export { FollowError } from './follow-http.ts';

export interface FollowOptions {
  /** Base URL of the published artifact directory (`<origin>/artifact.json` is its manifest). */
  origin: string;
  /** The local `dist` symlink this follower publishes to and the server serves. */
  distPath: string;
  /** Time between polls. */
  intervalMs: number;
  /** Deadline of one whole poll (manifest and downloads). */
  syncTimeoutMs?: number;
  /** A request on which nothing arrives for this long fails (a hung origin); the next poll starts afresh. */
  idleTimeoutMs?: number;
  /** Largest manifest accepted. */
  maxManifestBytes?: number;
  /** Largest artifact accepted (sum of every file). */
  maxArtifactBytes?: number;
  /** Parallel downloads. */
  concurrency?: number;
  /** Where the follower's status (FollowerStats as JSON) is written after every poll, if anywhere. */
  statusFile?: string;
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
  origin: string;
  polls: number;
  updates: number;
  failures: number;
  /** The artifact served now, and whether the last poll verified the origin's. */
  serving: string | null;
  verified: boolean;
  lastPoll: string | null;
  lastSuccess: string | null;
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

/** The manifest ETag last seen for the artifact served now (for If-None-Match). */
type ManifestTag = { etag: string; buildId: string } | undefined;

const DEFAULTS = {
  syncTimeoutMs: 5 * 60_000,
  idleTimeoutMs: 15_000,
  maxManifestBytes: 32 * 1024 * 1024,
  maxArtifactBytes: 1024 * 1024 * 1024,
  concurrency: 8,
};

/** The origin's manifest, checked with the publisher's own rules and against the artifact size limit. */
function checkedManifest(body: Buffer, maxArtifactBytes: number) {
  let manifest: ReturnType<typeof parseManifest>;
  try {
    manifest = parseManifest(body, "the origin's artifact.json");
  } catch (error) {
    if (error instanceof ManifestError) throw new FollowError(error.message);
    throw error;
  }
  let total = 0;
  for (const entry of Object.values(manifest.files))
    for (const rep of [entry.identity, entry.br, entry.gzip]) total += rep?.bytes ?? 0;
  if (total > maxArtifactBytes)
    throw new FollowError(`the artifact is ${total} bytes, more than the limit of ${maxArtifactBytes}`);
  return manifest;
}

/** One poll: the manifest (conditional), then, when it is new and not older, the whole artifact assembled, verified and switched to. */
async function syncOnce(origin: Origin, options: FollowOptions, tag: { current: ManifestTag }): Promise<SyncResult> {
  const settings = { ...DEFAULTS, ...options };
  const signal = AbortSignal.timeout(settings.syncTimeoutMs);
  const local = await localArtifact(options.distPath);
  const servedId = local.manifest?.buildId ?? null;
  const conditional: Record<string, string> =
    tag.current && tag.current.buildId === servedId ? { 'if-none-match': tag.current.etag } : {};
  const got = await get(origin.fileUrl('artifact.json'), {
    headers: { ...origin.headers, ...conditional },
    maxBytes: settings.maxManifestBytes,
    idleMs: settings.idleTimeoutMs,
    signal,
    agent: origin.agent,
  });
  if (got.status === 304 && servedId) return { outcome: 'current', buildId: servedId };
  if (got.status !== 200) throw new FollowError(`${origin.shown}: artifact.json answered HTTP ${got.status}`);
  const manifest = checkedManifest(got.body, settings.maxArtifactBytes);
  if (manifest.buildId === servedId) {
    if (got.etag) tag.current = { etag: got.etag, buildId: manifest.buildId };
    return { outcome: 'current', buildId: manifest.buildId };
  }
  const older = olderManifest(manifest, local.manifest);
  if (older) throw new FollowError(older);
  const started = performance.now();
  const assembled = await assemble(origin, manifest, local, {
    signal,
    concurrency: settings.concurrency,
    idleMs: settings.idleTimeoutMs,
  });
  const freshness = manifest.files[FRESHNESS_PATH];
  const olderStatus = olderRelease(
    freshness && assembled.contents.get(freshness.identity.file),
    await local.document(FRESHNESS_PATH),
  );
  if (olderStatus) throw new FollowError(olderStatus);
  assembled.contents.set('artifact.json', got.body);
  // The server's index of the artifact, made here as the build makes it (it is a function of the manifest).
  for (const [file, body] of servedIndexFiles(manifest)) assembled.contents.set(file, body);
  const fetched = performance.now();
  // Written beside the served artifact (parallel fsyncs), then `dist` switched with one rename.
  const prepared = { manifest, contents: assembled.contents };
  await writeArtifactDir(prepared, options.distPath, settings.concurrency);
  await publishArtifact(prepared, options.distPath);
  const written = performance.now();
  if (got.etag) tag.current = { etag: got.etag, buildId: manifest.buildId };
  await options.onSwap?.(manifest.buildId);
  const ms = {
    fetch: Math.round(fetched - started),
    write: Math.round(written - fetched),
    swap: Math.round(performance.now() - written),
  };
  const { downloaded, reused, bytes } = assembled;
  return { outcome: 'updated', buildId: manifest.buildId, downloaded, reused, bytes, ms };
}

function switchedLine(result: Extract<SyncResult, { outcome: 'updated' }>, shown: string): string {
  return (
    `follow: switched to artifact ${result.buildId} from ${shown} (${result.downloaded} file(s) downloaded, ${result.bytes} bytes; ${result.reused} reused; ` +
    `fetch and verify ${result.ms.fetch} ms, write ${result.ms.write} ms, reload ${result.ms.swap} ms)`
  );
}

const isoNow = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');

/** One poll with its bookkeeping: the stats (and the status file) say what was verified and what failed. */
async function pollOnce(
  origin: Origin,
  options: FollowOptions,
  tag: { current: ManifestTag },
  stats: FollowerStats,
): Promise<SyncResult> {
  stats.polls += 1;
  stats.lastPoll = isoNow();
  try {
    const result = await syncOnce(origin, options, tag);
    if (result.outcome === 'updated') {
      stats.updates += 1;
      options.log?.(switchedLine(result, origin.shown));
    }
    Object.assign(stats, { serving: result.buildId, verified: true, lastSuccess: stats.lastPoll, lastError: null });
    return result;
  } catch (error) {
    stats.failures += 1;
    const message = redactText(
      error instanceof FollowError ? error.message : `${origin.shown}: ${(error as Error).message}`,
      origin.secrets,
    );
    Object.assign(stats, { serving: (await localArtifact(options.distPath)).manifest?.buildId ?? null });
    Object.assign(stats, { verified: false, lastError: message });
    throw new FollowError(message);
  } finally {
    if (options.statusFile)
      await writeFile(options.statusFile, `${JSON.stringify(stats, null, 2)}\n`).catch(() => undefined);
  }
}

export function createFollower(options: FollowOptions): Follower {
  const log = options.log ?? (() => {});
  const origin = originOf(options.origin, options.concurrency ?? DEFAULTS.concurrency);
  const stats: FollowerStats = {
    origin: origin.shown,
    polls: 0,
    updates: 0,
    failures: 0,
    serving: null,
    verified: false,
    lastPoll: null,
    lastSuccess: null,
    lastError: null,
  };
  const tag: { current: ManifestTag } = { current: undefined };
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<SyncResult> | undefined;

  const sync = (): Promise<SyncResult> => {
    running ??= pollOnce(origin, options, tag, stats).finally(() => {
      running = undefined;
    });
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
