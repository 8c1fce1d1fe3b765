/**
 * One refresh: fetch upstream -> normalise -> merge into the curated data -> bounds -> validate
 * and build with exactly the build's rules -> compare with the newest release -> journal ->
 * apply data files -> write the release -> publish the artifact atomically. Anything refused
 * before the journal's commit leaves every store untouched (see journal.ts for the order).
 * The steps live in their own modules: read-upstreams.ts, apply-upstreams.ts,
 * publish-release.ts, recovery.ts; this one runs them in order under the lock and records the
 * outcome.
 */
import { DataError, formatIssue } from '../compile/errors.ts';
import { loadSourceData, type SourceData } from '../compile/load.ts';
import { redactText, secretsOf } from '../fs/redact.ts';
import { publishFromDisk } from '../history/publish.ts';
import {
  DOCUMENT_NAMES,
  documentBodies,
  loadReleases,
  unreleasedStamp,
  withRelease,
  type ReleaseHistory,
} from '../history/releases.ts';
import { fileCache } from '../history/publish.ts';
import { applyBenchmarks, applyLifecycle, applyPricing, applyResults, validate } from './apply-upstreams.ts';
import { publishedRefreshStatus, republishFreshness } from './freshness.ts';
import { readPending } from './journal.ts';
import { acquireLock, LockedError } from './lock.ts';
import { bootstrapRelease, prepareRelease, publishRelease } from './publish-release.ts';
import { readUpstreams } from './read-upstreams.ts';
import { recoverLocked } from './recovery.ts';
import { errorSummary, type RefreshReport } from './report.ts';
import { Failure, isoSeconds, publicLocation, Rejection, type RefreshOptions, type Run } from './run.ts';
import { EMPTY_STATUS, readStatus, writeLastReport, writeStatus, type PersistedStatus } from './status.ts';

export { changedDataFiles, serializeDataFile } from './data-files.ts';
export { bootstrapRelease } from './publish-release.ts';
export { recoverInterrupted, type Recovery } from './recovery.ts';
export { publicLocation, type Checkpoint, type RefreshOptions } from './run.ts';

/** A report before anything happened: failed until the run says otherwise. */
export function emptyReport(startedAt: string, dryRun: boolean): RefreshReport {
  return {
    outcome: 'failed',
    dryRun,
    startedAt,
    finishedAt: startedAt,
    release: null,
    buildId: null,
    upstreams: [],
    errors: [],
    changes: [],
    updates: [],
    pinned: [],
    redundantPins: [],
    missing: [],
    candidates: [],
    benchmarks: null,
    results: [],
    lifecycle: [],
    notes: [],
    recovered: null,
  };
}

export async function runRefresh(options: RefreshOptions): Promise<RefreshReport> {
  const now = options.now ?? (() => new Date());
  const started = now();
  const startedAt = isoSeconds(started);
  const report = emptyReport(startedAt, options.dryRun ?? false);
  const { config } = options;
  report.upstreams = [
    { name: 'pricing', location: publicLocation(config.upstreams.pricing.location), sha256: null },
    ...config.upstreams.benchmarks.map((b) => ({ name: b.name, location: publicLocation(b.location), sha256: null })),
    ...config.upstreams.lifecycle.map((l) => ({ name: l.name, location: publicLocation(l.location), sha256: null })),
  ];
  const run: Run = {
    options,
    config,
    report,
    started,
    startedAt,
    checkpoint: options.checkpoint ?? (() => {}),
    log: options.log ?? (() => {}),
  };

  let unlock: (() => Promise<void>) | undefined;
  try {
    unlock = await acquireLock(options.stateDir);
  } catch (error) {
    if (!(error instanceof LockedError)) throw error;
    report.errors.push(error.message);
    report.finishedAt = isoSeconds(now());
    return report;
  }

  try {
    await recoverFirst(run);
    await refreshLocked(run);
    return report;
  } catch (error) {
    if (error instanceof Rejection) {
      report.outcome = error instanceof Failure ? 'failed' : 'rejected';
      report.errors.push(...error.issues);
    } else {
      report.outcome = 'failed';
      report.errors.push(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
    }
    return report;
  } finally {
    report.finishedAt = isoSeconds(now());
    try {
      await finishRun(run);
    } finally {
      await unlock?.();
    }
  }
}

/** Finish what an interrupted run committed, then clear what it left half-written. */
async function recoverFirst({ options, report, log }: Run): Promise<void> {
  const pending = await readPending(options.stateDir);
  if (pending && options.dryRun) {
    report.notes.push(
      `the publish of release ${pending.plan.releaseId} was interrupted; a run without --dry-run completes it first`,
    );
  } else if (!options.dryRun) {
    const recovery = await recoverLocked(options, pending, log);
    report.recovered = recovery.recovered;
    if (recovery.removed.length > 0)
      report.notes.push(`removed ${recovery.removed.length} stale temporary file(s) of an interrupted run`);
  }
}

/** Fetch, merge, bounds, the build's validation; then unchanged, or a release prepared and (unless a dry run) published. */
async function refreshLocked(run: Run): Promise<void> {
  const { options, report } = run;
  const { source, releases } = await loadStores(run);
  const { pricing, benchmarks, lifecycle } = await readUpstreams(run, source);
  const pricingMerge = pricing.index ? applyPricing(run, source, { ...pricing, index: pricing.index }) : undefined;
  let merged = pricingMerge?.source ?? source;
  for (const read of benchmarks) if (read.rows) merged = applyBenchmarks(run, merged, read.rows);
  merged = applyResults(run, merged, benchmarks);
  merged = applyLifecycle(run, merged, lifecycle);
  const candidate = await validate(run, merged, pricingMerge);
  await run.checkpoint('validated');

  const latest = releases.newest!;
  const candidateBodies = documentBodies(candidate.documents);
  if (DOCUMENT_NAMES.every((name) => candidateBodies.get(name)!.equals(latest.bodies.get(name)!))) {
    report.outcome = 'unchanged';
    return;
  }
  const release = await prepareRelease(run, releases, merged);
  report.release = release.stored.record.id;
  report.buildId = release.prepared.manifest.buildId;
  report.changes = release.stored.record.changes;
  report.outcome = 'published';
  await run.checkpoint('prepared');
  if (options.dryRun) return;
  await publishRelease(run, source, release);
}

async function loadStores({
  options,
  report,
  startedAt,
}: Run): Promise<{ source: SourceData; releases: ReleaseHistory }> {
  let source: SourceData;
  try {
    source = await loadSourceData(options.dataDir, {
      releasesDir: options.releasesDir,
      unreleased: unreleasedStamp(startedAt),
    });
  } catch (error) {
    if (error instanceof DataError)
      throw new Failure(['the curated data does not pass the build:', ...error.issues.map(formatIssue)]);
    throw error;
  }
  const cache = fileCache();
  let releases = await loadReleases(options.releasesDir, cache);
  if (releases.newest === undefined) {
    const initial = await bootstrapRelease(source, options, !options.dryRun);
    report.notes.push(`no release existed: recorded the current data as initial release ${initial.record.id}`);
    releases = await withRelease(releases, initial, cache);
  }
  return { source, releases };
}

/** Redacts what leaves, then records the outcome in .state/ and in the published freshness document. */
async function finishRun({ options, config, report, started, startedAt }: Run): Promise<void> {
  // Messages may quote a location (an error thrown by fetch, a note): none leaves with a secret.
  const secrets = [
    config.upstreams.pricing.location,
    ...config.upstreams.benchmarks.map((b) => b.location),
    ...config.upstreams.lifecycle.map((l) => l.location),
  ].flatMap((location) => secretsOf(location));
  report.errors = report.errors.map((line) => redactText(line, secrets));
  report.notes = report.notes.map((line) => redactText(line, secrets));
  if (report.dryRun) return;
  const previous = (await readStatus(options.stateDir)) ?? EMPTY_STATUS;
  const success = report.outcome === 'published' || report.outcome === 'unchanged';
  const status: PersistedStatus = {
    lastAttempt: startedAt,
    lastOutcome: report.outcome,
    lastError: errorSummary(report),
    lastSuccess: success ? startedAt : previous.lastSuccess,
    upstreams: report.upstreams,
  };
  await writeStatus(options.stateDir, status);
  await writeLastReport(options.stateDir, report);
  await publishStatus(options, status, started, report);
}

/**
 * The outcome of every run that may write goes into the published /api/freshness.json: the
 * artifact `dist` serves is republished with the new `refresh` block (same documents), or, when
 * there is none yet, built from disk with it.
 */
async function publishStatus(
  options: RefreshOptions,
  status: PersistedStatus,
  at: Date,
  report: RefreshReport,
): Promise<void> {
  const refresh = publishedRefreshStatus(status, options.config, at);
  try {
    if ((await republishFreshness(options.distPath, refresh)) === 'no-artifact')
      await publishFromDisk(options, { ...options.config, refresh });
  } catch (error) {
    report.notes.push(
      `the refresh status could not be published in /api/freshness.json (${error instanceof Error ? error.message : String(error)})`,
    );
  }
}
