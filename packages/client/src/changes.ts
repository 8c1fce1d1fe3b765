/**
 * Which releases and changes answer "what changed": since a date, to one model, of some kinds, with refitted
 * estimates left out unless asked for. One rule for the client, the command line and the MCP server, so "3 of 8
 * matching" means the same everywhere. Pure: pass the releases (DirectoryClient.getReleases fetches them,
 * following the monthly archive back to `since`).
 */
import { isRefit } from '../../../src/schema/refit.ts';
import type { Change, ChangesDocument } from './types.generated.ts';

export type Release = ChangesDocument['releases'][number];
export type ChangeKind = Change['kind'];

export interface ChangeFilter {
  /** Only releases on or after this date (YYYY-MM-DD). */
  since?: string;
  /** Only changes to this tool id (resolve a name or alias first with findTool). */
  toolId?: string;
  /** Only changes of these kinds. */
  kinds?: readonly ChangeKind[];
  /** Also keep estimates that moved within their previous interval (default false: counted, not listed). */
  refits?: boolean;
  /** At most this many releases (default: all that match). */
  limit?: number;
}

export interface SelectedRelease {
  release: Release;
  /** The changes that pass the filter. */
  changes: Change[];
  /** Changes that passed every other filter but are refits, left out. */
  refitsLeftOut: number;
}

export interface SelectedChanges {
  releases: SelectedRelease[];
  /** Releases that match the filter, before `limit`. */
  count: number;
}

/**
 * Releases newest first that pass the filter. With a model or kinds, a release none of whose changes pass is not a
 * match (an agent asking what changed for a model wants the releases that changed it).
 */
export function selectChanges(releases: readonly Release[], filter: ChangeFilter = {}): SelectedChanges {
  const kinds = filter.kinds && filter.kinds.length > 0 ? new Set<string>(filter.kinds) : null;
  const narrowed = filter.toolId !== undefined || kinds !== null;
  const matched: SelectedRelease[] = [];
  for (const release of releases) {
    if (filter.since && release.date < filter.since) continue;
    const relevant = release.changes.filter(
      (c) => (filter.toolId === undefined || c.toolId === filter.toolId) && (!kinds || kinds.has(c.kind)),
    );
    if (narrowed && relevant.length === 0) continue;
    const changes = filter.refits ? relevant : relevant.filter((c) => !isRefit(c));
    matched.push({ release, changes, refitsLeftOut: relevant.length - changes.length });
  }
  return { releases: matched.slice(0, filter.limit ?? matched.length), count: matched.length };
}
