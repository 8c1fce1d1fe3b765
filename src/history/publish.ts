/**
 * Building the artifact from what is on disk (data/ and releases/), used by the build CLI,
 * the server's first start and the refresh's recovery, so they all produce the same bytes.
 */
import { publishArtifact } from '../artifact/artifact.ts';
import { buildDocuments, type BuildResult } from '../compile/documents.ts';
import { prepareFromDocuments } from './artifact-files.ts';
import { loadSourceData, type SourceData } from '../compile/load.ts';
import type { PreparedArtifact } from '../artifact/artifact.ts';
import { crossValidationKey, readCrossValidation, writeCrossValidation } from '../compile/cv-cache.ts';
import type { HistoryInput } from './history-files.ts';
import type { RefreshStatus } from '../schema/api.ts';
import { FileCache } from '../artifact/file-cache.ts';
import { BROTLI_QUALITY_DEFAULT, brotliQuality } from '../artifact/compress.ts';
import os from 'node:os';
import path from 'node:path';
import { copiesIn } from '../artifact/artifact.ts';
import { LatestCopies } from './latest-copies.ts';
import { PATHS } from '../fs/paths.ts';
import { loadReleases, type ReleaseHistory, type ReleaseProgress } from './releases.ts';

/** The two refresh settings the published history reports (a subset of the refresh config). */
export interface HistorySettings {
  publicBaseUrl: string | null;
  schedule: string | null;
  /** The static freshness document's `refresh` block, when the refresh knows it (default: derived from the newest release). */
  refresh?: RefreshStatus;
}

export interface DiskLocations {
  dataDir: string;
  releasesDir: string;
  /** The file cache (default: PATHS.cache). */
  cacheDir?: string;
  /** Where the cross-validation cache lives; without it CV is computed. */
  stateDir?: string;
}

/**
 * The file cache at `dir` (default: PATHS.cache). Copies made at another brotli quality than the artifact's
 * (DIRECTORY_BROTLI_QUALITY) live in a folder of their own, so a real build never links them in.
 */
export function fileCache(dir: string = PATHS.cache): FileCache {
  const quality = brotliQuality();
  return new FileCache(quality === BROTLI_QUALITY_DEFAULT ? dir : path.join(dir, `brotli-q${quality}`));
}

export function historyInput(
  releases: ReleaseHistory,
  config: HistorySettings,
  source: Pick<SourceData, 'removedIds'>,
): HistoryInput {
  return {
    releases,
    baseUrl: config.publicBaseUrl,
    schedule: config.schedule,
    removedIds: source.removedIds.data.removed,
  };
}

/** Says what a build from disk is doing, a line per step (the server's first start prints them). */
export type BuildProgress = (step: string) => void;

/**
 * buildDocuments with the cross-validation taken from (and saved to) the cache when a state dir is given. `now` is
 * the clock observed dates are checked against: a refresh's own (`--now`), which dates what it writes.
 */
export async function buildWithCache(
  source: SourceData,
  stateDir: string | undefined,
  now?: Date,
  progress: BuildProgress = () => {},
): Promise<BuildResult> {
  const cache = stateDir ? { dir: stateDir, key: crossValidationKey(source) } : undefined;
  const cached = cache && (await readCrossValidation(cache.dir, cache.key));
  progress(
    cached
      ? 'deriving the documents (the cross-validation is cached)'
      : `deriving the documents, with the cross-validation of the scores (the slowest step: about 10 s of CPU${cache ? '; cached for later builds' : ''})`,
  );
  const built = buildDocuments(source, cached ? { crossValidation: cached, now } : { now });
  if (cache && !cached) await writeCrossValidation(cache.dir, cache.key, built.crossValidation);
  return built;
}

export interface DiskBuild {
  source: SourceData;
  built: BuildResult;
  releases: ReleaseHistory;
  prepared: PreparedArtifact;
  /** How many releases this build added to the file cache (all of them on a machine's first build). */
  releasesStored: number;
}

/** `distPath`, when given, is the artifact served now: its compressed copies of unchanged files are reused. */
export async function buildFromDisk(
  locations: DiskLocations,
  config: HistorySettings,
  distPath?: string,
  progress: BuildProgress = () => {},
): Promise<DiskBuild> {
  progress(`reading ${locations.dataDir}`);
  const source = await loadSourceData(locations.dataDir, { releasesDir: locations.releasesDir });
  const cache = fileCache(locations.cacheDir);
  let releasesStored = 0;
  const releases = await loadReleases(locations.releasesDir, cache, (state) => {
    releasesStored = state.stored;
    const step = releaseStep(state, locations.releasesDir, cache.dir);
    if (step) progress(step);
  });
  const built = await buildWithCache(source, locations.stateDir, undefined, progress);
  const input = {
    documents: built.documents,
    records: built.records,
    meta: source.meta.data,
    history: historyInput(releases, config, source),
    refresh: config.refresh,
  };
  progress(
    `writing the artifact: ${releases.records.length} releases, every file with brotli and gzip copies (compressed once; reused by later builds)`,
  );
  // Copies of unchanged files come from the artifact served now, else from what builds on this machine made.
  const served = distPath ? await copiesIn(distPath) : async () => undefined;
  const latest = new LatestCopies(cache.dir);
  const made = new Set<string>();
  const reuse = async (sha256: string, body: Buffer) => {
    const known = (await served(sha256)) ?? (await latest.get(sha256, body));
    if (!known) made.add(sha256);
    return known;
  };
  const prepared = await prepareFromDocuments(input, reuse, progress);
  await keepLatestCopies(latest, prepared, made);
  return { source, built, releases, prepared, releasesStored };
}

/** Stores the copies this build made in the machine's store of latest copies, then bounds the store. */
async function keepLatestCopies(latest: LatestCopies, prepared: PreparedArtifact, made: ReadonlySet<string>) {
  for (const entry of Object.values(prepared.manifest.files)) {
    if (!made.has(entry.sha256) || !entry.br || !entry.gzip) continue;
    const br = prepared.contents.get(entry.br.file);
    const gz = prepared.contents.get(entry.gzip.file);
    if (br && gz) await latest.put(entry.sha256, { br, gz });
  }
  await latest.prune();
}

/**
 * The line that says where loadReleases is, when it says something: what it does first, then every quarter of the
 * releases it has to store (on a first build that is all of them, and it takes most of the build's CPU).
 */
function releaseStep(
  { stored, unseen, total }: Parameters<ReleaseProgress>[0],
  releasesDir: string,
  cacheDir: string,
): string | undefined {
  if (stored === 0)
    return unseen === 0
      ? `releases: all ${total} in ${releasesDir} read from the file cache ${cacheDir}`
      : `releases: ${unseen} of the ${total} in ${releasesDir} are new to the file cache ${cacheDir}: each is rebuilt from its patches, checked against its SHA-256 and its documents compressed (brotli at quality 11, the slowest step of a first build on a machine; later builds reuse them)`;
  const quarter = Math.max(1, Math.ceil(unseen / 4));
  return stored % quarter === 0 && stored < unseen ? `releases: ${stored} of ${unseen} stored` : undefined;
}

export async function publishFromDisk(
  locations: DiskLocations & { distPath: string },
  config: HistorySettings,
  progress?: BuildProgress,
): Promise<DiskBuild & { changed: boolean }> {
  const build = await buildFromDisk(locations, config, locations.distPath, progress);
  progress?.(`publishing to ${locations.distPath}`);
  const { changed } = await publishArtifact(build.prepared, locations.distPath);
  return { ...build, changed };
}

/** What a first start should take on a 2-core machine (issue 36): a start that takes longer says why. */
export const FIRST_BUILD_SECONDS = 20;

/**
 * Why a first build from disk took over FIRST_BUILD_SECONDS, when it did (the server's first start prints it).
 * Compressing the releases new to the file cache is most of a machine's first build, a busy machine slows every
 * step, and without an earlier artifact every page and document of the latest view is compressed too.
 */
export function firstBuildNote(
  seconds: number,
  releasesStored: number,
  load = os.loadavg()[0] ?? 0,
  cores = os.availableParallelism(),
): string {
  if (seconds <= FIRST_BUILD_SECONDS) return '';
  const reasons: string[] = [];
  if (releasesStored > 0)
    reasons.push(
      `${releasesStored} releases were compressed for the first time on this machine (later builds, in any clone, reuse them)`,
    );
  if (load > cores) reasons.push(`other work holds the CPU (load average ${load.toFixed(1)} on ${cores} cores)`);
  if (reasons.length === 0)
    reasons.push('every page and document was compressed at brotli quality 11, with no earlier artifact to reuse');
  return ` (over ${FIRST_BUILD_SECONDS} s: ${reasons.join('; ')})`;
}
