/**
 * Publishing a dataset the way `npm run build` does: load and validate a data directory, derive
 * the documents and publish them atomically as the artifact at `distPath`. Used by suites that publish
 * again while a server runs (the artifact every suite reads is test-artifact.ts's).
 */
import { publishArtifact } from '../../src/artifact/artifact.ts';
import { buildDocuments, type BuildResult } from '../../src/compile/documents.ts';
import { loadSourceData } from '../../src/compile/load.ts';
import { PATHS } from '../../src/fs/paths.ts';
import { prepareFromDocuments } from '../../src/history/artifact-files.ts';
import type { MetaFile } from '../../src/schema/source.ts';
import type { HistoryInput } from '../../src/history/history-files.ts';

export interface PublishOptions {
  distPath: string;
  /** Default: the repository's data/. */
  dataDir?: string;
  /** A cross-validation already computed for this data (the slow part of a build), e.g. inject('crossValidation'). */
  crossValidation?: BuildResult['crossValidation'];
  /** The dataset's date and versions instead of the repository's newest release's (a later publish). */
  stamp?: Partial<MetaFile>;
  /** Release history to publish beside the documents; made from the loaded source data. */
  history?: (source: Awaited<ReturnType<typeof loadSourceData>>) => Promise<HistoryInput>;
}

/** Publishes the dataset and returns what the build derived (documents and cross-validation). */
export async function publishDataset(options: PublishOptions): Promise<BuildResult> {
  const loaded = await loadSourceData(options.dataDir ?? PATHS.data, { releasesDir: PATHS.releases });
  const source = options.stamp
    ? { ...loaded, meta: { ...loaded.meta, data: { ...loaded.meta.data, ...options.stamp } } }
    : loaded;
  const built = buildDocuments(source, options.crossValidation ? { crossValidation: options.crossValidation } : {});
  const history = options.history ? await options.history(source) : undefined;
  await publishArtifact(
    await prepareFromDocuments({ documents: built.documents, records: built.records, meta: source.meta.data, history }),
    options.distPath,
  );
  return built;
}
