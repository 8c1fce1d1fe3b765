/**
 * The change digest at the top of /changes/: what the releases of the seven days up to the dataset's date changed
 * that a reader choosing a model acts on. The page is static, so the week ends on the dataset's date, never on the
 * reader's clock. A pure function of the published change feed (and the current tools, for each model's provider).
 */
import type { Change, Release } from '../schema/api.ts';

/** The kinds of news the digest lists, in the order it lists them. */
export const DIGEST_KINDS = ['new', 'retired', 'deprecated', 'removed', 'price', 'first-score', 'rank'] as const;
export type DigestKind = (typeof DIGEST_KINDS)[number];

/** Which feed kind feeds which digest kind; the other kinds (scores refitted, sources re-read) stay in the releases. */
const FROM_FEED: Partial<Record<Change['kind'], DigestKind>> = {
  'model-added': 'new',
  'model-retired': 'retired',
  'model-deprecated': 'deprecated',
  'model-removed': 'removed',
  'price-changed': 'price',
  'first-score': 'first-score',
  'rank-moved': 'rank',
};

export interface DigestRow {
  kind: DigestKind;
  change: Change;
  /** The release that recorded it, and that release's date. */
  releaseId: string;
  date: string;
  /** The model's provider while the model is listed; null for a model no longer in tools.json. */
  provider: { id: string; name: string } | null;
}

export interface Digest {
  /** The week: releases dated after `since` and up to `until` (the dataset's date), YYYY-MM-DD. */
  since: string;
  until: string;
  /** The releases of the week, newest first. */
  releases: readonly Release[];
  /**
   * False when the feed the digest read holds only part of the week (changes.json keeps the newest releases, the
   * archive the rest): the digest then says it is partial rather than count short.
   */
  complete: boolean;
  /** The news of the week, by kind in DIGEST_KINDS order, then newest release first (the feed's order within it). */
  rows: readonly DigestRow[];
  counts: Readonly<Record<DigestKind, number>>;
}

export const DIGEST_DAYS = 7;

/** YYYY-MM-DD `days` before `date`, in UTC. */
export function daysBefore(date: string, days: number): string {
  const t = Date.parse(`${date}T00:00:00Z`) - days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

/**
 * The digest of the `days` days up to `until` (inclusive): every change of a release dated in (until - days, until]
 * whose kind the digest lists. `newestFirst` is the feed as changes.json publishes it; `totalReleases` its count of
 * every release, to tell whether older releases of the week are only in the archive.
 */
export function changeDigest(
  newestFirst: readonly Release[],
  until: string,
  providerOf: (toolId: string) => { id: string; name: string } | null,
  options: { days?: number; totalReleases?: number } = {},
): Digest {
  const since = daysBefore(until, options.days ?? DIGEST_DAYS);
  const releases = newestFirst.filter((r) => r.date > since && r.date <= until);
  const oldestHeld = newestFirst.at(-1);
  // The week may reach past the oldest release the feed holds only when some releases are not in it.
  const truncated = (options.totalReleases ?? newestFirst.length) > newestFirst.length;
  const complete = !truncated || (oldestHeld !== undefined && oldestHeld.date <= since);
  const rows: DigestRow[] = [];
  for (const release of releases)
    for (const change of release.changes) {
      const kind = FROM_FEED[change.kind];
      if (kind)
        rows.push({ kind, change, releaseId: release.id, date: release.date, provider: providerOf(change.toolId) });
    }
  // Stable: within a kind, the feed's order (newest release first) stays.
  rows.sort((a, b) => DIGEST_KINDS.indexOf(a.kind) - DIGEST_KINDS.indexOf(b.kind));
  const counts = Object.fromEntries(DIGEST_KINDS.map((k) => [k, 0])) as Record<DigestKind, number>;
  for (const row of rows) counts[row.kind] += 1;
  return { since, until, releases, complete, rows, counts };
}
