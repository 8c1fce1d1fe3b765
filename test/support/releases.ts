/** What a test reads of a release store: its newest record, where the dataset's date and versions live. */
import { DOCUMENT_NAMES, listReleaseIds, readReleaseRecord, type StoredRelease } from '../../src/history/releases.ts';
import type { Documents, Release } from '../../src/schema/api.ts';
import { PATHS } from '../../src/fs/paths.ts';

export async function newestRelease(releasesDir: string): Promise<Release> {
  const ids = await listReleaseIds(releasesDir);
  if (ids.length === 0) throw new Error(`${releasesDir}: no release`);
  return readReleaseRecord(releasesDir, ids.at(-1)!);
}

/** The dataset version a release of this id carries. */
export const versionOf = (id: string): string => id.replaceAll('-', '.');

/** The date and time of the repository's newest release: the stamp a test workspace starts from. */
export const REPOSITORY_STAMP = (await newestRelease(PATHS.releases)).lastUpdated;

/**
 * A refresh's clock `days` after the repository's newest release, at `hour` UTC: later than every date the data
 * holds, whichever day it was last released, so a suite that refreshes a copy of it never dates a release before
 * the data it starts from (a fixed date would, from the first release cut after it).
 */
export function refreshClock(hour: number, days = 1): string {
  const day = new Date(Date.parse(`${REPOSITORY_STAMP.slice(0, 10)}T00:00:00Z`) + days * 86_400_000);
  return `${day.toISOString().slice(0, 10)}T${String(hour).padStart(2, '0')}:00:00Z`;
}

/** A stored release's six documents, parsed: what a test edits to cut the next one. */
export const releaseDocuments = (release: StoredRelease): Documents =>
  Object.fromEntries(
    DOCUMENT_NAMES.map((name) => [name, JSON.parse(release.bodies.get(name)!.toString('utf8'))]),
  ) as Documents;
