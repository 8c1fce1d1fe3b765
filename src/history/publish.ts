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
import path from 'node:path';
import { copiesIn } from '../artifact/artifact.ts';
import { PATHS } from '../fs/paths.ts';
import { loadReleases, type ReleaseHistory } from './releases.ts';

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
}

/** `distPath`, when given, is the artifact served now: its compressed copies of unchanged files are reused. */
export async function buildFromDisk(
  locations: DiskLocations,
  config: HistorySettings,
  distPath?: string,
  progress: BuildProgress = () => {},
): Promise<DiskBuild> {
  progress(`reading ${locations.dataDir} and the releases in ${locations.releasesDir}`);
  const source = await loadSourceData(locations.dataDir, { releasesDir: locations.releasesDir });
  const releases = await loadReleases(locations.releasesDir, fileCache(locations.cacheDir));
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
  const prepared = await prepareFromDocuments(input, distPath ? await copiesIn(distPath) : undefined, progress);
  return { source, built, releases, prepared };
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
