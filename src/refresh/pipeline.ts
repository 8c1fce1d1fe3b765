/**
 * One refresh: fetch upstream -> normalise -> merge into the curated data -> bounds -> validate
 * and build with exactly the build's rules -> compare with the newest release -> journal ->
 * apply data files -> write the release -> publish the artifact atomically. Anything refused
 * before the journal's commit leaves every store untouched (see journal.ts for the order).
 */
import {
  artifactsDirFor,
  cleanStaleTemporaries,
  publishArtifact,
  writeArtifactDir,
  type ArtifactManifest,
  type PreparedArtifact,
} from '../artifact/artifact.ts';
import type { BuildResult } from '../compile/documents.ts';
import { prepareFromDocuments } from '../history/artifact-files.ts';
import { DataError, formatIssue, valueText } from '../compile/errors.ts';
import { loadSourceData, type SourceData } from '../compile/load.ts';
import { release as releaseSchema, type UpstreamUsed } from '../schema/api.ts';
import { metaFile, resultsFile, toolFile } from '../schema/source.ts';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { removeMatching } from '../fs/durable.ts';
import { redactLocation, redactText, secretsOf } from '../fs/redact.ts';
import { checkBounds } from './bounds.ts';
import type { RefreshConfig } from './config.ts';
import { readUpstream, UpstreamError } from './fetch.ts';
import {
  applyData,
  applyRelease,
  cleanJournalTemporaries,
  commitPlan,
  finishPending,
  readPending,
  type Pending,
} from './journal.ts';
import { parseJsonGuarded } from './json-guard.ts';
import { acquireLock, LockedError } from './lock.ts';
import { mergeBenchmarks, type BenchmarkMerge } from './merge-benchmarks.ts';
import { findCandidates, mergePricing, type PricingMerge } from './merge-pricing.ts';
import { buildWithCache, historyInput, publishFromDisk } from '../history/publish.ts';
import {
  DOCUMENT_NAMES,
  documentBodies,
  listReleaseIds,
  loadReleases,
  makeRelease,
  nextReleaseId,
  releaseFiles,
  writeReleaseDir,
  type StoredRelease,
} from '../history/releases.ts';
import { errorSummary, type RefreshReport } from './report.ts';
import { readStatus, writeStatus, EMPTY_STATUS, type PersistedStatus } from './status.ts';
import { publishedRefreshStatus, republishFreshness } from './freshness.ts';
import { readModelsDev, type ModelsDevIndex } from './upstream/models-dev.ts';
import { readBenchmarks, type BenchmarkRow } from './upstream/benchmarks.ts';
import type { DataIssue } from '../compile/errors.ts';

export type Checkpoint =
  | 'fetched'
  | 'validated'
  | 'prepared'
  | 'artifact-written'
  | 'committed'
  | `data-file-${number}`
  | 'release-written'
  | 'published'
  | 'finished';

export interface RefreshOptions {
  dataDir: string;
  distPath: string;
  releasesDir: string;
  stateDir: string;
  /** Settings with the upstream locations already resolved (flags > env > file). */
  config: RefreshConfig;
  now?: () => Date;
  /** Tool ids exempt from the price-jump bound (a person checked them). */
  allow?: readonly string[];
  /** Validate and report, write nothing. */
  dryRun?: boolean;
  /** Called at each step boundary (fault injection in the crash tests). */
  checkpoint?: (name: Checkpoint) => void | Promise<void>;
  log?: (line: string) => void;
}

/** The refresh refused the data: upstream, bounds or the build's rules. */
class Rejection extends Error {
  constructor(readonly issues: string[]) {
    super(issues.join('\n'));
  }
}

/** The refresh could not run on this input (e.g. the curated data itself is invalid). */
class Failure extends Rejection {}

const isoSeconds = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** How an upstream location is stored and published (status, freshness, releases, reports): src/fs/redact.ts. */
export const publicLocation = redactLocation;

function orderedLike(shapeKeys: readonly string[], data: Record<string, unknown>): Record<string, unknown> {
  const ordered: Record<string, unknown> = {};
  for (const key of shapeKeys) if (key in data && data[key] !== undefined) ordered[key] = data[key];
  for (const key of Object.keys(data)) if (!(key in ordered) && data[key] !== undefined) ordered[key] = data[key];
  return ordered;
}

/** The repository's file format: the schema's key order, two-space JSON, final newline. */
export function serializeDataFile(kind: 'tool' | 'results' | 'meta', data: object): string {
  const shape = kind === 'tool' ? toolFile.shape : kind === 'results' ? resultsFile.shape : metaFile.shape;
  return `${JSON.stringify(orderedLike(Object.keys(shape), data as Record<string, unknown>), null, 2)}\n`;
}

/** Files whose content differs between two SourceData, with their new bytes. */
export function changedDataFiles(before: SourceData, after: SourceData): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const compare = (
    kind: 'tool' | 'results' | 'meta',
    a: { file: string; data: object } | undefined,
    b: { file: string; data: object },
  ) => {
    const next = serializeDataFile(kind, b.data);
    if (!a || serializeDataFile(kind, a.data) !== next) files.set(b.file, Buffer.from(next));
  };
  const oldTools = new Map(before.tools.map((t) => [t.file, t]));
  for (const t of after.tools) compare('tool', oldTools.get(t.file), t);
  const oldResults = new Map(before.results.map((r) => [r.file, r]));
  for (const r of after.results) compare('results', oldResults.get(r.file), r);
  compare('meta', before.meta, after.meta);
  return files;
}

interface PricingRead {
  used: UpstreamUsed;
  index?: ModelsDevIndex;
}
interface BenchmarksRead {
  used: UpstreamUsed;
  rows?: BenchmarkRow[];
}

/** An upstream that could not be read is a rejection reason, not a crash; any other error is a bug and propagates. */
function unreachable(name: string, label: string, location: string, error: unknown, issues: DataIssue[]): UpstreamUsed {
  if (!(error instanceof UpstreamError)) throw error;
  issues.push({ file: label, field: '', value: undefined, message: error.message.replace(`${label}: `, '') });
  return { name, location: publicLocation(location), sha256: null };
}

async function readPricing(
  location: string,
  config: RefreshConfig,
  wanted: ReadonlySet<string>,
  issues: DataIssue[],
): Promise<PricingRead> {
  if (location === 'skip') return { used: { name: 'pricing', location, sha256: null } };
  const label = 'pricing upstream';
  try {
    const fetched = await readUpstream(label, location, ['application/json', 'text/plain'], config.limits);
    const used = { name: 'pricing', location: publicLocation(location), sha256: fetched.sha256 };
    const parsed = parseJsonGuarded(fetched.body, label);
    if (!parsed.ok) {
      issues.push(...parsed.issues);
      return { used };
    }
    const read = readModelsDev(parsed.value, wanted, label);
    if (!read.ok) {
      issues.push(...read.issues);
      return { used };
    }
    return { used, index: read.index };
  } catch (error) {
    return { used: unreachable('pricing', label, location, error, issues) };
  }
}

async function readBenchmarkRows(
  location: string,
  config: RefreshConfig,
  issues: DataIssue[],
): Promise<BenchmarksRead> {
  if (location === 'skip') return { used: { name: 'benchmarks', location, sha256: null } };
  const label = 'benchmarks upstream';
  try {
    const fetched = await readUpstream(label, location, ['text/csv', 'application/json', 'text/plain'], config.limits);
    const used = { name: 'benchmarks', location: publicLocation(location), sha256: fetched.sha256 };
    const read = readBenchmarks(
      fetched.body,
      fetched.mediaType ??
        (location.endsWith('.json') ? 'application/json' : location.endsWith('.csv') ? 'text/csv' : null),
      config.upstreams.benchmarks.format,
      label,
    );
    if (!read.ok) {
      issues.push(...read.issues);
      return { used };
    }
    return { used, rows: read.rows };
  } catch (error) {
    return { used: unreachable('benchmarks', label, location, error, issues) };
  }
}

function emptyReport(startedAt: string, dryRun: boolean): RefreshReport {
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
    notes: [],
    recovered: null,
  };
}

/** The status a committed publish stands for: it was decided at its commit, so recovery records it as published. */
async function committedStatus(pending: Pending): Promise<PersistedStatus> {
  let upstreams: UpstreamUsed[] = [];
  try {
    const record = releaseSchema.parse(
      JSON.parse(await readFile(path.join(pending.dir, 'release', 'release.json'), 'utf8')),
    );
    upstreams = record.upstreams.map((u) => ({ ...u, location: redactLocation(u.location) }));
  } catch {
    upstreams = [];
  }
  return {
    lastAttempt: pending.plan.createdAt,
    lastOutcome: 'published',
    lastError: null,
    lastSuccess: pending.plan.createdAt,
    upstreams,
  };
}

/**
 * The artifact a committed publish wrote before its commit, if it is still complete (every file of
 * its manifest with its size): recovery then only switches `dist`, without building again.
 */
async function stagedArtifact(distPath: string, buildId: string | undefined): Promise<PreparedArtifact | null> {
  if (!buildId) return null;
  const dir = path.join(artifactsDirFor(distPath), buildId);
  try {
    const manifest = JSON.parse(await readFile(path.join(dir, 'artifact.json'), 'utf8')) as ArtifactManifest;
    if (manifest.buildId !== buildId) return null;
    for (const entry of Object.values(manifest.files))
      for (const rep of [entry.identity, entry.br, entry.gzip])
        if (rep && (await stat(path.join(dir, rep.file))).size !== rep.bytes) return null;
    // publishArtifact finds the directory complete and only switches `dist` to it.
    return { manifest, contents: new Map() };
  } catch {
    return null;
  }
}

/** Completes a committed journal: data, release, artifact, then the journal goes. */
async function completePending(
  options: RefreshOptions,
  pending: Pending,
  prepared?: PreparedArtifact,
): Promise<string> {
  const checkpoint = options.checkpoint ?? (() => {});
  let count = 0;
  await applyData(pending, options.dataDir, async () => {
    count += 1;
    await checkpoint(`data-file-${count}`);
  });
  await applyRelease(pending, options.releasesDir);
  await checkpoint('release-written');
  let buildId: string;
  if (prepared) {
    await publishArtifact(prepared, options.distPath);
    buildId = prepared.manifest.buildId;
  } else {
    // Recovery: the status the interrupted run would have written, then the artifact that shows it.
    const status = await committedStatus(pending);
    await writeStatus(options.stateDir, status);
    const staged = await stagedArtifact(options.distPath, pending.plan.buildId);
    if (staged) {
      await publishArtifact(staged, options.distPath);
      buildId = staged.manifest.buildId;
    } else {
      const refresh = publishedRefreshStatus(status, options.config, new Date(status.lastAttempt!));
      const published = await publishFromDisk(options, { ...options.config, refresh });
      buildId = published.prepared.manifest.buildId;
    }
  }
  await checkpoint('published');
  await finishPending(options.stateDir);
  await checkpoint('finished');
  return buildId;
}

/** Creates the first release from the current data when there is none. */
export async function bootstrapRelease(
  source: SourceData,
  options: Pick<RefreshOptions, 'releasesDir' | 'stateDir'>,
  write = true,
): Promise<StoredRelease> {
  const built = await buildWithCache(source, options.stateDir);
  const meta = source.meta.data;
  const id = nextReleaseId(await listReleaseIds(options.releasesDir), meta.lastUpdated.slice(0, 10));
  const stored = makeRelease({ id, meta, documents: built.documents, upstreams: [], previous: null });
  if (write) await writeReleaseDir(options.releasesDir, id, releaseFiles(stored));
  return stored;
}

/** One run's settings and what it has found so far. */
interface Run {
  options: RefreshOptions;
  config: RefreshConfig;
  report: RefreshReport;
  started: Date;
  startedAt: string;
  checkpoint: (name: Checkpoint) => void | Promise<void>;
  log: (line: string) => void;
}

export async function runRefresh(options: RefreshOptions): Promise<RefreshReport> {
  const now = options.now ?? (() => new Date());
  const started = now();
  const startedAt = isoSeconds(started);
  const report = emptyReport(startedAt, options.dryRun ?? false);
  const { config } = options;
  report.upstreams = [
    { name: 'pricing', location: publicLocation(config.upstreams.pricing.location), sha256: null },
    { name: 'benchmarks', location: publicLocation(config.upstreams.benchmarks.location), sha256: null },
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
  const { pricing, benchmarks } = await readUpstreams(run, source);
  const pricingMerge = pricing.index ? applyPricing(run, source, pricing as Required<PricingRead>) : undefined;
  const merged = benchmarks.rows
    ? applyBenchmarks(run, pricingMerge?.source ?? source, benchmarks.rows)
    : (pricingMerge?.source ?? source);
  const candidate = await validate(run, merged, pricingMerge);
  await run.checkpoint('validated');

  const latest = releases.at(-1)!;
  const candidateBodies = documentBodies(candidate.documents);
  if (DOCUMENT_NAMES.every((name) => candidateBodies.get(name)!.equals(latest.bodies.get(name)!))) {
    report.outcome = 'unchanged';
    return;
  }
  const release = await prepareRelease(run, releases, source, merged);
  report.release = release.stored.record.id;
  report.buildId = release.prepared.manifest.buildId;
  report.changes = release.stored.record.changes;
  report.outcome = 'published';
  await run.checkpoint('prepared');
  if (options.dryRun) return;
  await publishRelease(run, source, release);
}

async function loadStores({ options, report }: Run): Promise<{ source: SourceData; releases: StoredRelease[] }> {
  let source: SourceData;
  try {
    source = await loadSourceData(options.dataDir);
  } catch (error) {
    if (error instanceof DataError)
      throw new Failure(['the curated data does not pass the build:', ...error.issues.map(formatIssue)]);
    throw error;
  }
  let releases = await loadReleases(options.releasesDir);
  if (releases.length === 0) {
    const initial = await bootstrapRelease(source, options, !options.dryRun);
    report.notes.push(`no release existed: recorded the current data as initial release ${initial.record.id}`);
    releases = [initial];
  }
  return { source, releases };
}

/** Fetch and read both upstreams; every problem is collected before deciding. */
async function readUpstreams(
  run: Run,
  source: SourceData,
): Promise<{ pricing: PricingRead; benchmarks: BenchmarksRead }> {
  const { config, report } = run;
  const issues: DataIssue[] = [];
  const wanted = new Set(source.tools.map((t) => t.data.upstream.modelsDev).filter((k): k is string => k !== null));
  const [pricing, benchmarks] = await Promise.all([
    readPricing(config.upstreams.pricing.location, config, wanted, issues),
    readBenchmarkRows(config.upstreams.benchmarks.location, config, issues),
  ]);
  report.upstreams = [pricing.used, benchmarks.used];
  await run.checkpoint('fetched');
  if (issues.length > 0) throw new Rejection(issues.map(formatIssue));
  return { pricing, benchmarks };
}

/** Upstream pricing facts over the curated data, reported. */
function applyPricing(
  { config, report, started, startedAt }: Run,
  source: SourceData,
  pricing: Required<PricingRead>,
): PricingMerge {
  const location = config.upstreams.pricing.location;
  const pricingMerge = mergePricing(source, pricing.index, {
    refreshDate: startedAt.slice(0, 10),
    sourceUrl: redactLocation(/^https:\/\//.test(location) ? location : config.upstreams.pricing.sourceUrl),
    sourceName: config.upstreams.pricing.sourceName,
    sha256: pricing.used.sha256,
  });
  report.updates.push(
    ...pricingMerge.updates.map((u) => `${u.toolId}: ${u.field} ${valueText(u.from)} -> ${valueText(u.to)}`),
  );
  report.pinned.push(
    ...pricingMerge.pinned.map(
      (p) =>
        `${p.toolId}: ${p.field} kept ${valueText(p.curated)}, upstream has ${valueText(p.upstream)} (pinned ${p.fact}: ${p.reason})`,
    ),
  );
  report.redundantPins.push(...pricingMerge.redundantPins.map((p) => `${p.toolId}: ${p.fact}`));
  report.missing.push(
    ...pricingMerge.missing.map((m) => `${m.toolId}: "${m.key}" not in the upstream document (kept unchanged)`),
  );
  report.notes.push(...pricingMerge.notes);
  report.candidates.push(
    ...findCandidates(source, pricing.index, { now: started, ...config.candidates }).map(
      (c) => `${c.key}${c.name ? ` (${c.name})` : ''}, released ${c.releaseDate}`,
    ),
  );
  return pricingMerge;
}

/** Upstream benchmark rows over the (price-merged) data, reported. */
function applyBenchmarks({ report }: Run, merged: SourceData, rows: BenchmarkRow[]): SourceData {
  const benchmarkMerge: BenchmarkMerge = mergeBenchmarks(merged, rows);
  if (benchmarkMerge.issues.length > 0) throw new Rejection(benchmarkMerge.issues.map(formatIssue));
  report.updates.push(
    ...benchmarkMerge.updates.map(
      (u) => `${u.model}: ${u.benchmark} "${u.variant}" ${u.field} ${valueText(u.from)} -> ${valueText(u.to)}`,
    ),
    ...benchmarkMerge.added.map(
      (a) => `${a.model}: added ${a.benchmark} "${a.variant}" = ${a.value} (series ${a.series})`,
    ),
  );
  report.benchmarks = {
    updated: benchmarkMerge.updates.length,
    added: benchmarkMerge.added.length,
    unplaced: benchmarkMerge.unplaced.map(
      (r) => `row ${r.row}: ${r.modelSlug} ${r.benchmark} "${r.variant}" = ${r.score}`,
    ),
    newModels: benchmarkMerge.newModels.map((m) => `${m.modelSlug} (${m.modelName}, ${m.rows} row(s))`),
    keptWithoutUpstream: benchmarkMerge.keptWithoutUpstream,
  };
  return benchmarkMerge.source;
}

/** Sanity bounds, then exactly the build's validation. */
async function validate(
  { options, config }: Run,
  merged: SourceData,
  pricingMerge: PricingMerge | undefined,
): Promise<BuildResult> {
  if (pricingMerge) {
    const violations = checkBounds(
      {
        updates: pricingMerge.updates,
        missing: pricingMerge.missing,
        mapped: pricingMerge.mapped,
        allow: options.allow,
      },
      config.bounds,
    );
    if (violations.length > 0) throw new Rejection(violations.map(formatIssue));
  }
  try {
    return await buildWithCache(merged, options.stateDir);
  } catch (error) {
    if (error instanceof DataError) throw new Rejection(error.issues.map(formatIssue));
    throw error;
  }
}

interface PreparedRelease {
  next: SourceData;
  stored: StoredRelease;
  prepared: PreparedArtifact;
  /** The status this run will have once published. */
  publishedStatus: PersistedStatus;
}

/** A release: new dataset version and timestamp, rebuilt (the cross-validation is reused), with its artifact. */
async function prepareRelease(
  { options, config, report, started, startedAt }: Run,
  releases: StoredRelease[],
  source: SourceData,
  merged: SourceData,
): Promise<PreparedRelease> {
  const latest = releases.at(-1)!;
  // Release ids follow publication order even if the clock is behind the newest release.
  const today = startedAt.slice(0, 10);
  const id = nextReleaseId(
    releases.map((r) => r.record.id),
    // ISO dates compare as strings, newest wins (Math.max would give NaN)
    today > latest.record.date ? today : latest.record.date,
  );
  const version = id.replace(/-/g, '.');
  const benchmarksChanged = [...changedDataFiles(source, merged).keys()].some((f) => f.startsWith('benchmarks/'));
  const next: SourceData = {
    ...merged,
    meta: {
      file: merged.meta.file,
      data: {
        lastUpdated: startedAt,
        datasetVersion: version,
        benchmarkVersion: benchmarksChanged ? version : merged.meta.data.benchmarkVersion,
      },
    },
  };
  const built = await buildWithCache(next, options.stateDir);
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
  const prepared = prepareFromDocuments({
    documents: built.documents,
    meta: next.meta.data,
    history: historyInput([...releases, stored], config, next),
    refresh,
  });
  return { next, stored, prepared, publishedStatus };
}

/** Artifact written (not served), journal committed, then data, release and `dist` (see journal.ts). */
async function publishRelease(
  { options, startedAt, checkpoint, log }: Run,
  source: SourceData,
  { next, stored, prepared, publishedStatus }: PreparedRelease,
): Promise<void> {
  // The new artifact first, complete but not served (dist still points to the old one), so that
  // after the commit only quick steps remain and a recovery switches dist without building again.
  await writeArtifactDir(prepared, options.distPath);
  await checkpoint('artifact-written');
  const dataFiles = changedDataFiles(source, next);
  const files = releaseFiles(stored, (name) => prepared.contents.get(`api/${name}.br`));
  const plan = {
    releaseId: stored.record.id,
    createdAt: startedAt,
    dataFiles: [...dataFiles.keys()],
    buildId: prepared.manifest.buildId,
  };
  const committed = await commitPlan(options.stateDir, plan, dataFiles, files);
  await checkpoint('committed');
  await writeStatus(options.stateDir, publishedStatus);
  await completePending(options, committed, prepared);
  log(`published release ${stored.record.id} (${stored.record.summary})`);
}

/** Redacts what leaves, then records the outcome in .state/ and in the published freshness document. */
async function finishRun({ options, config, report, started, startedAt }: Run): Promise<void> {
  // Messages may quote a location (an error thrown by fetch, a note): none leaves with a secret.
  const secrets = [...secretsOf(config.upstreams.pricing.location), ...secretsOf(config.upstreams.benchmarks.location)];
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

export interface Recovery {
  /** Release whose interrupted publish was completed, if any. */
  recovered: string | null;
  /** Stale temporaries removed. */
  removed: string[];
  /** Set when another refresh holds the lock (it completes the publish itself). */
  locked: string | null;
}

/** Completes a committed publish and removes stale temporaries; the caller holds the lock. */
async function recoverLocked(
  options: RefreshOptions,
  pending: Pending | null,
  log: (line: string) => void,
): Promise<Recovery> {
  let recovered: string | null = null;
  if (pending) {
    log(`completing the interrupted publish of release ${pending.plan.releaseId}`);
    await completePending(options, pending);
    recovered = pending.plan.releaseId;
  }
  const removed = [
    ...(await cleanStaleTemporaries(options.distPath)),
    ...(await cleanJournalTemporaries(options.stateDir)),
    ...(await removeMatching(options.releasesDir, /^\.tmp-/, false)),
    ...(await removeMatching(options.dataDir, /\.tmp-\d+-\d+$/, true)),
  ];
  return { recovered, removed, locked: null };
}

/**
 * What a refresh does first, on its own: complete a publish a crash interrupted after its commit
 * (see journal.ts) and clean up. The server runs it when it starts, so a committed release is
 * served without waiting for the next refresh.
 */
export async function recoverInterrupted(options: Omit<RefreshOptions, 'dryRun' | 'allow'>): Promise<Recovery> {
  let unlock: () => Promise<void>;
  try {
    unlock = await acquireLock(options.stateDir);
  } catch (error) {
    if (error instanceof LockedError) return { recovered: null, removed: [], locked: error.message };
    throw error;
  }
  try {
    return await recoverLocked(options, await readPending(options.stateDir), options.log ?? (() => {}));
  } finally {
    await unlock();
  }
}
