/**
 * A follower only moves forward: an origin that serves an older artifact again (a restored
 * backup, a load balancer in front of two publishers, one of them stale) is refused, so clients
 * never see prices go back and forth. Older means an earlier `lastModified` in the manifest
 * (refused before anything is downloaded), or, in the freshness document, an earlier release
 * id or an earlier refresh attempt. An artifact equal on all three (a redeploy of the same
 * data) is accepted.
 */
import type { ArtifactManifest } from '../artifact/artifact.ts';
import { backwardsFrom } from '../artifact/forward.ts';
import { compareReleaseIds, RELEASE_ID } from '../schema/release-id.ts';

export const FRESHNESS_PATH = '/api/freshness.json';

interface Position {
  release: string | null;
  lastAttempt: string | null;
}

function positionOf(freshness: Buffer | undefined): Position | null {
  if (!freshness) return null;
  try {
    const document = JSON.parse(freshness.toString('utf8')) as {
      release?: unknown;
      refresh?: { lastAttempt?: unknown };
    };
    const release = typeof document.release === 'string' && RELEASE_ID.test(document.release) ? document.release : null;
    const attempt = document.refresh?.lastAttempt;
    const lastAttempt = typeof attempt === 'string' && Number.isFinite(Date.parse(attempt)) ? attempt : null;
    return { release, lastAttempt };
  } catch {
    return null;
  }
}

/** Why the manifest alone shows `next` is older than what is served, or null. */
export function olderManifest(next: ArtifactManifest, served: ArtifactManifest | null): string | null {
  const backwards = backwardsFrom(next, served);
  return backwards ? `refused a rollback: ${backwards}` : null;
}

/** Why the freshness documents show `next` is older than what is served, or null. */
export function olderRelease(next: Buffer | undefined, served: Buffer | undefined): string | null {
  const a = positionOf(next);
  const b = positionOf(served);
  if (!a || !b) return null;
  if (a.release && b.release && a.release !== b.release)
    return compareReleaseIds(a.release, b.release) < 0
      ? `refused a rollback: release ${a.release} is older than ${b.release}, served now`
      : null;
  if (a.lastAttempt && b.lastAttempt && Date.parse(a.lastAttempt) < Date.parse(b.lastAttempt))
    return `refused a rollback: its refresh status (${a.lastAttempt}) is older than the one served now (${b.lastAttempt})`;
  return null;
}
