/** What a test reads of a release store: its newest record, where the dataset's date and versions live. */
import { listReleaseIds, readReleaseRecord } from '../../src/history/releases.ts';
import type { Release } from '../../src/schema/api.ts';

export async function newestRelease(releasesDir: string): Promise<Release> {
  const ids = await listReleaseIds(releasesDir);
  if (ids.length === 0) throw new Error(`${releasesDir}: no release`);
  return readReleaseRecord(releasesDir, ids.at(-1)!);
}

/** The dataset version a release of this id carries. */
export const versionOf = (id: string): string => id.replaceAll('-', '.');
