/**
 * Every kind of curated file under data/: where its files live, the schema the build reads them with, and which
 * fields the file's path gives (identity from the path). A file never states those fields: the build
 * (src/compile/load.ts) takes them from the path and refuses a file that repeats them, the editor schemas leave
 * them out, and the weekly refresh writes files without them.
 */
import type { z } from 'zod';
import {
  categoryFile,
  platformFile,
  providerFile,
  removedIdsFile,
  resultsFile,
  seriesFile,
  speedFile,
  taskRunsFile,
  toolFileAsWritten,
  useCaseFile,
} from './source.ts';

/** Where a field's value comes from: the file name without `.json`, or the folder the file is in. */
export type PathPart = 'file name' | 'folder';

/** One kind of curated file: where it lives under data/ and the schema the build reads it with. */
export interface CuratedFileKind<S extends z.ZodType = z.ZodType> {
  /** Names the editor schema: schemas/data/<name>.schema.json. */
  name: string;
  /** Under data/: a folder of files (every `.json` in it), or one file. */
  location: { folder: string; recursive?: true } | { file: string };
  title: string;
  /**
   * The file's content plus its identity fields, as written: where a file writes a shared source as a key, the build
   * resolves it next (src/compile/shared-sources.ts).
   */
  schema: S;
  /** Fields of `schema` the path gives, in the order they are checked; the file's content never holds them. */
  identity: Readonly<Record<string, PathPart>>;
}

const kind = <S extends z.ZodType>(spec: CuratedFileKind<S>) => spec;

/** Every kind of curated file the build loads, by name. */
export const CURATED = {
  tool: kind({
    name: 'tool',
    location: { folder: 'tools', recursive: true },
    title: 'A model: data/tools/<provider>/<id>.json',
    schema: toolFileAsWritten,
    identity: { id: 'file name', provider: 'folder' },
  }),
  provider: kind({
    name: 'provider',
    location: { folder: 'providers' },
    title: 'A provider: data/providers/<id>.json',
    schema: providerFile,
    identity: { id: 'file name' },
  }),
  results: kind({
    name: 'results',
    location: { folder: 'benchmarks/results' },
    title: "A model's benchmark results: data/benchmarks/results/<model>.json",
    schema: resultsFile,
    identity: { model: 'file name' },
  }),
  series: kind({
    name: 'series',
    location: { file: 'benchmarks/series.json' },
    title: 'The benchmark series: data/benchmarks/series.json',
    schema: seriesFile,
    identity: {},
  }),
  category: kind({
    name: 'category',
    location: { folder: 'categories' },
    title: 'A category: data/categories/<id>.json',
    schema: categoryFile,
    identity: { id: 'file name', slug: 'file name' },
  }),
  platform: kind({
    name: 'platform',
    location: { folder: 'platforms' },
    title: 'A coding platform: data/platforms/<id>.json',
    schema: platformFile,
    identity: { id: 'file name' },
  }),
  useCase: kind({
    name: 'use-case',
    location: { folder: 'use-cases' },
    title: 'A use case: data/use-cases/<id>.json',
    schema: useCaseFile,
    identity: { id: 'file name', slug: 'file name' },
  }),
  taskRuns: kind({
    name: 'task-runs',
    location: { folder: 'task-runs' },
    title: "A model's published runs with cost and time per task: data/task-runs/<tool-id>.json",
    schema: taskRunsFile,
    identity: {},
  }),
  speed: kind({
    name: 'speed',
    location: { folder: 'speed' },
    title: "A model's published speed per endpoint: data/speed/<tool-id>.json",
    schema: speedFile,
    identity: {},
  }),
  removedIds: kind({
    name: 'removed-ids',
    location: { file: 'removed-ids.json' },
    title: 'Ids that left the directory: data/removed-ids.json',
    schema: removedIdsFile,
    identity: {},
  }),
} as const;

/** Every kind of curated file the build loads (src/compile/load.ts reads the same places). */
export const CURATED_FILES: readonly CuratedFileKind[] = Object.values(CURATED);

/**
 * The identity fields of a file of `kind` at `file` (relative to data/): the file name without `.json`, and the
 * folder it is in below the kind's folder (`tools/openai/gpt-5.json`: `openai`; empty when there is none).
 */
export function identityOf(kind: CuratedFileKind, file: string): Record<string, string> {
  const parts = file.split('/');
  const name = parts.at(-1)!.replace(/\.json$/, '');
  const root = 'folder' in kind.location ? kind.location.folder.split('/').length : parts.length - 1;
  const folder = parts.slice(root, -1).join('/');
  return Object.fromEntries(
    Object.entries(kind.identity).map(([field, part]) => [field, part === 'file name' ? name : folder]),
  );
}

/** `data` without its identity fields: the content of its file. */
export function withoutIdentity(kind: CuratedFileKind, data: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).filter(([key]) => !(key in kind.identity)));
}
