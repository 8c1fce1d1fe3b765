/**
 * A release from a validated candidate: new dataset version and timestamp, rebuilt with its
 * artifact, then published through the journal (artifact written, commit, data, release, dist).
 */
import { copiesIn, writeArtifactDir, type PreparedArtifact } from '../artifact/artifact.ts';
import { backwardsFrom, servedManifest } from '../artifact/forward.ts';
import type { SourceData } from '../compile/load.ts';
import { prepareFromDocuments } from '../history/artifact-files.ts';
import { buildWithCache, fileCache, historyInput } from '../history/publish.ts';
import {
  listReleaseIds,
  makeRelease,
  compareReleaseIds,
  releaseIdAt,
  releaseFiles,
  withRelease,
  writeReleaseDir,
  type ReleaseHistory,
  type StoredRelease,
} from '../history/releases.ts';
import { benchmarkContentChanged } from './benchmark-version.ts';
import { changedDataFiles } from './data-files.ts';
import { publishedRefreshStatus } from './freshness.ts';
import { commitPlan } from './journal.ts';
import { completePending } from './recovery.ts';
import { Failure, type RefreshOptions, type Run } from './run.ts';
import type { PersistedStatus } from './status.ts';

/** Creates the first release from the current data when there is none. */
export async function bootstrapRelease(
  source: SourceData,
  options: Pick<RefreshOptions, 'releasesDir' | 'stateDir'>,
  write = true,
): Promise<StoredRelease> {
  const built = await buildWithCache(source, options.stateDir);
  const meta = source.meta.data;
  const id = releaseIdAt(meta.lastUpdated, await listReleaseIds(options.releasesDir));
  const stored = makeRelease({ id, meta, documents: built.documents, upstreams: [], previous: null });
  if (write) await writeReleaseDir(options.releasesDir, id, releaseFiles(stored, undefined));
  return stored;
}

export interface PreparedRelease {
  next: SourceData;
  stored: StoredRelease;
  /** The release before it, whose documents its patches apply to. */
  previous: StoredRelease;
  prepared: PreparedArtifact;
  /** The status this run will have once published. */
  publishedStatus: PersistedStatus;
}

/** A release: new dataset version and timestamp, rebuilt (the cross-validation is reused), with its artifact. */
export async function prepareRelease(
  { options, config, report, started, startedAt }: Run,
  releases: ReleaseHistory,
  merged: SourceData,
): Promise<PreparedRelease> {
  const latest = releases.newest!;
  // A release is named by when it is published; a clock behind the newest release is refused at publishing.
  const id = releaseIdAt(
    startedAt,
    releases.records.map((r) => r.id),
  );
  if (compareReleaseIds(id, latest.record.id) <= 0)
    throw new Failure([`refused to release (is the clock behind?): ${id} would sort before ${latest.record.id}`]);
  const version = id.replace(/-/g, '.');
  const withMeta = (benchmarkVersion: string): SourceData => ({
    ...merged,
    meta: {
      file: merged.meta.file,
      data: { lastUpdated: startedAt, datasetVersion: version, benchmarkVersion },
    },
  });
  let next = withMeta(merged.meta.data.benchmarkVersion);
  let built = await buildWithCache(next, options.stateDir, started);
  // A curated result edit released by hand moves the benchmark version just as an upstream change does.
  if (benchmarkContentChanged(latest.bodies.get('benchmarks.json'), built.documents['benchmarks.json'])) {
    next = withMeta(version);
    built = await buildWithCache(next, options.stateDir, started);
  }
  const stored = makeRelease({
    id,
    meta: next.meta.data,
    documents: built.documents,
    upstreams: report.upstreams,
    previous: latest,
  });
  // The artifact carries the status this run will have, so a kill after its switch leaves no stale freshness.
  const publishedStatus: PersistedStatus = {
    lastAttempt: startedAt,
    lastOutcome: 'published',
    lastError: null,
    lastSuccess: startedAt,
    upstreams: report.upstreams,
  };
  const refresh = publishedRefreshStatus(publishedStatus, config, started);
  const prepared = await prepareFromDocuments(
    {
      documents: built.documents,
      records: built.records,
      meta: next.meta.data,
      history: historyInput(await withRelease(releases, stored, fileCache()), config, next),
      refresh,
    },
    await copiesIn(options.distPath),
  );
  return { next, stored, previous: latest, prepared, publishedStatus };
}

/** Artifact written (not served), journal committed, then data, release and `dist` (see journal.ts). */
export async function publishRelease(
  { options, startedAt, checkpoint, log }: Run,
  source: SourceData,
  { next, stored, previous, prepared, publishedStatus }: PreparedRelease,
): Promise<void> {
  // Time only moves forward: a clock behind the served release would move Last-Modified back.
  const backwards = backwardsFrom(prepared.manifest, await servedManifest(options.distPath));
  if (backwards) throw new Failure([`refused to publish (is the clock behind?): ${backwards}`]);
  // The new artifact first, complete but not served (dist still points to the old one), so that
  // after the commit only quick steps remain and a recovery switches dist without building again.
  await writeArtifactDir(prepared, options.distPath);
  await checkpoint('artifact-written');
  const dataFiles = changedDataFiles(source, next);
  const files = releaseFiles(stored, previous);
  const plan = {
    releaseId: stored.record.id,
    createdAt: startedAt,
    dataFiles: [...dataFiles.keys()],
    buildId: prepared.manifest.buildId,
  };
  const committed = await commitPlan(options.stateDir, plan, dataFiles, files);
  await checkpoint('committed');
  await completePending(options, committed, { artifact: prepared, status: publishedStatus });
  log(`published release ${stored.record.id} (${stored.record.summary})`);
}
