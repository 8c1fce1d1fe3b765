/**
 * The refresh status in the published artifact. Every refresh that may write (any outcome:
 * published, unchanged, rejected, failed) leaves its status in the static /api/freshness.json,
 * so every server of the artifact, a static host and every follower report the last attempt,
 * not only a server that happened to run it. The documents themselves are untouched: a
 * republished freshness changes that one file (and the artifact's manifest), never the bytes or
 * ETags of another document.
 */
import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import { Cron } from 'croner';
import {
  prepareArtifact,
  publishArtifact,
  serializeJson,
  type ArtifactFile,
  type ArtifactManifest,
} from '../artifact/artifact.ts';
import { CACHE_CONTROL } from '../artifact/http-policy.ts';
import { freshnessDocument, type RefreshStatus } from '../schema/api.ts';
import { withSchedule, type PersistedStatus } from './status.ts';

const FRESHNESS = '/api/freshness.json';

/** The next time `schedule` fires after `after`, or null. */
export function nextRunOf(schedule: string | null, timezone: string, after: Date): Date | null {
  if (!schedule) return null;
  const cron = new Cron(schedule, { timezone, paused: true });
  try {
    return cron.nextRun(after);
  } finally {
    cron.stop();
  }
}

/** The `refresh` block a refresh publishes: its status, the schedule it runs on and the next run after `at` (the refresh time). */
export function publishedRefreshStatus(
  status: PersistedStatus,
  settings: { schedule: string; timezone: string },
  at: Date,
): RefreshStatus {
  return withSchedule(status, settings.schedule, nextRunOf(settings.schedule, settings.timezone, at));
}

export type FreshnessSync = 'current' | 'republished' | 'no-artifact';

/**
 * Points `distPath` at a copy of the artifact it serves with the freshness document's `refresh`
 * block replaced (one atomic switch, as every publish). Every other file keeps its bytes; their
 * brotli bodies are reused, so this costs a gzip pass and a write of the artifact. Returns
 * `no-artifact` when there is nothing to patch (the caller builds one).
 */
export async function republishFreshness(distPath: string, refresh: RefreshStatus): Promise<FreshnessSync> {
  let dir: string;
  let manifest: ArtifactManifest;
  try {
    dir = await realpath(distPath);
    manifest = JSON.parse(await readFile(path.join(dir, 'artifact.json'), 'utf8')) as ArtifactManifest;
  } catch {
    return 'no-artifact';
  }
  const entry = manifest.files[FRESHNESS];
  if (!entry) return 'no-artifact';
  const current = JSON.parse(await readFile(path.join(dir, entry.identity.file), 'utf8')) as Record<string, unknown>;
  if (JSON.stringify(current.refresh) === JSON.stringify(refresh)) return 'current';
  const files: ArtifactFile[] = [];
  for (const [urlPath, file] of Object.entries(manifest.files)) {
    const immutable = file.cacheControl === CACHE_CONTROL.immutable;
    if (urlPath === FRESHNESS) {
      files.push({
        urlPath,
        contentType: file.contentType,
        immutable,
        body: serializeJson(freshnessDocument.parse({ ...current, refresh })),
      });
      continue;
    }
    const body = await readFile(path.join(dir, file.identity.file));
    const brotli = file.br ? await readFile(path.join(dir, file.br.file)) : undefined;
    files.push({ urlPath, contentType: file.contentType, immutable, body, ...(brotli ? { brotli } : {}) });
  }
  await publishArtifact(prepareArtifact(files, manifest.lastModified), distPath);
  return 'republished';
}
