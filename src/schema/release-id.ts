/**
 * Release ids, defined once for the build, the refresh, the server and its followers.
 *
 * A release is named by the UTC date and time it was published: `YYYY-MM-DD.HHMMSS`. Two changes released on two
 * branches at the same time of day are the only way two releases can share a name, so releases cut in parallel
 * land beside each other instead of colliding on one directory. Releases cut before 2026-12-01 numbered the day's
 * releases instead (`2026-11-28`, `2026-11-28.2`, ...); both forms order by date, then by the number after the
 * date, which for the newer form is the time of day.
 */
export const RELEASE_ID = /^(\d{4}-\d{2}-\d{2})(?:\.(\d+))?$/;

/** The pattern as a string, for JSON Schema and OpenAPI path parameters. */
export const RELEASE_ID_SOURCE = '^\\d{4}-\\d{2}-\\d{2}(\\.\\d+)?$';

/** Release order: the date, then the number after it (1 when absent). Ids that are not release ids sort first. */
export function compareReleaseIds(a: string, b: string): number {
  const [, da = '', na = '1'] = RELEASE_ID.exec(a) ?? [];
  const [, db = '', nb = '1'] = RELEASE_ID.exec(b) ?? [];
  return da === db ? Number(na) - Number(nb) : da < db ? -1 : 1;
}

/**
 * The id of a release published at `publishedAt` (ISO 8601, UTC): its date and time of day. When that id is
 * taken (two releases within one second, as a test's fixed clock makes them), the next free second after it.
 */
export function releaseIdAt(publishedAt: string, existing: readonly string[]): string {
  const date = publishedAt.slice(0, 10);
  const taken = new Set(existing);
  let time = Number(publishedAt.slice(11, 19).replaceAll(':', ''));
  const id = () => `${date}.${String(time).padStart(6, '0')}`;
  while (taken.has(id())) time += 1;
  return id();
}
