/**
 * Building the artifact from what is on disk (data/ and releases/), used by the build CLI,
 * the server's first start and the refresh's recovery, so they all produce the same bytes.
 */
import { publishArtifact } from '../build/artifact.ts';
import { buildDocuments, prepareFromDocuments, type BuildResult } from '../build/build.ts';
import { loadSourceData, type SourceData } from '../build/load.ts';
import type { PreparedArtifact } from '../build/artifact.ts';
import type { RefreshConfig } from './config.ts';
import { crossValidationKey, readCrossValidation, writeCrossValidation } from './cv-cache.ts';
import type { HistoryInput } from './history-files.ts';
import { loadReleases, type StoredRelease } from './releases.ts';

export interface DiskLocations {
  dataDir: string;
  releasesDir: string;
  /** Where the cross-validation cache lives; without it CV is computed. */
  stateDir?: string;
}

export function historyInput(releases: readonly StoredRelease[], config: Pick<RefreshConfig, 'publicBaseUrl' | 'schedule'>): HistoryInput {
  return { releases, baseUrl: config.publicBaseUrl, schedule: config.schedule };
}

/** buildDocuments with the cross-validation taken from (and saved to) the cache when a state dir is given. */
export async function buildWithCache(source: SourceData, stateDir: string | undefined): Promise<BuildResult> {
  if (!stateDir) return buildDocuments(source);
  const key = crossValidationKey(source);
  const cached = await readCrossValidation(stateDir, key);
  const built = buildDocuments(source, cached ? { crossValidation: cached } : {});
  if (!cached) await writeCrossValidation(stateDir, key, built.crossValidation);
  return built;
}

export interface DiskBuild {
  source: SourceData;
  built: BuildResult;
  releases: StoredRelease[];
  prepared: PreparedArtifact;
}

export async function buildFromDisk(locations: DiskLocations, config: Pick<RefreshConfig, 'publicBaseUrl' | 'schedule'>): Promise<DiskBuild> {
  const source = await loadSourceData(locations.dataDir);
  const releases = await loadReleases(locations.releasesDir);
  const built = await buildWithCache(source, locations.stateDir);
  const prepared = prepareFromDocuments({ documents: built.documents, meta: source.meta.data, history: historyInput(releases, config) });
  return { source, built, releases, prepared };
}

export async function publishFromDisk(locations: DiskLocations & { distPath: string }, config: Pick<RefreshConfig, 'publicBaseUrl' | 'schedule'>): Promise<DiskBuild & { changed: boolean }> {
  const build = await buildFromDisk(locations, config);
  const { changed } = await publishArtifact(build.prepared, locations.distPath);
  return { ...build, changed };
}
