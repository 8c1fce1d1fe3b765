/** Reads and schema-validates every curated file under data/. The only module of the build that touches the disk for input. */
import { type Dirent, existsSync } from 'node:fs';
import { lstat, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import { CURATED, type CuratedFileKind, identityOf } from '../schema/curated-files.ts';
import { slug } from '../schema/common.ts';
import {
  metaFile,
  type CategoryFile,
  type MetaFile,
  type PlatformFile,
  type ProviderFile,
  type RemovedIdsFile,
  type ResultsFile,
  type SeriesFile,
  type SpeedFile,
  type TaskRunsFile,
  type ToolFile,
  type UseCaseFile,
} from '../schema/source.ts';
import { compareReleaseIds, RELEASE_ID } from '../schema/release-id.ts';
import { IssueCollector, parseWith } from './errors.ts';

export { parseWith } from './errors.ts';
import { parseJsonGuarded } from './json-guard.ts';
import { resolveSharedSources, resolveToolSources } from './shared-sources.ts';

/** A parsed file together with its path relative to the data directory, for error messages. */
export interface Located<T> {
  file: string;
  data: T;
}

export interface SourceData {
  meta: Located<MetaFile>;
  providers: Located<ProviderFile>[];
  tools: Located<ToolFile>[];
  categories: Located<CategoryFile>[];
  platforms: Located<PlatformFile>[];
  useCases: Located<UseCaseFile>[];
  series: Located<SeriesFile>;
  results: Located<ResultsFile>[];
  /** Tool ids that left the directory (data/removed-ids.json); never reused. */
  removedIds: Located<RemovedIdsFile>;
  /** Per-task token, cost and time evidence (data/task-runs/<tool-id>.json); the tool id is the file name. */
  taskRuns: Located<TaskRunsFile>[];
  /** Speed per provider endpoint (data/speed/<tool-id>.json); the tool id is the file name. */
  speeds: Located<SpeedFile>[];
}

/** The tool id a task-runs or speed file belongs to: its file name (identity from the path). */
export function taskRunsToolId(file: string): string {
  return path.posix.basename(file, '.json');
}

/**
 * Limits on what one curated file may hold. The largest file is about 20 KB and the longest text about 2,000
 * characters (2026-11-28); a file or a text far beyond them is a mistake (a pasted page, a runaway script), and
 * whatever a release holds is copied into every later one.
 */
export const DATA_LIMITS = { fileBytes: 256 * 1024, textCharacters: 8_000 } as const;

/** Every string of a parsed file longer than the limit, by field. */
function overlongTexts(root: unknown, file: string, issues: IssueCollector): void {
  const visit = (node: unknown, field: string) => {
    if (typeof node === 'string') {
      if (node.length > DATA_LIMITS.textCharacters)
        issues.add(
          file,
          field,
          `${node.slice(0, 60)}… (${node.length} characters)`,
          `is longer than ${DATA_LIMITS.textCharacters} characters`,
        );
    } else if (Array.isArray(node)) {
      for (const [index, item] of node.entries()) visit(item, `${field}${field ? '.' : ''}${index}`);
    } else if (node !== null && typeof node === 'object')
      for (const [key, item] of Object.entries(node)) visit(item, `${field}${field ? '.' : ''}${key}`);
  };
  visit(root, '');
}

/**
 * One curated file, read strictly: a regular file (a symbolic link, in or out of data/, is refused: the build
 * would read whatever it points at, or skip it and publish its model as removed), within the size limit, strict
 * UTF-8, valid JSON with no key stated twice in one object (JSON.parse would keep the last copy silently), and
 * no text over the limit.
 */
async function readJson(dataDir: string, relative: string, issues: IssueCollector): Promise<unknown> {
  const full = path.join(dataDir, relative);
  let body: Buffer;
  try {
    const stats = await lstat(full);
    if (stats.isSymbolicLink()) {
      issues.add(relative, '', undefined, 'is a symbolic link: curated data must be regular files inside data/');
      return undefined;
    }
    if (!stats.isFile()) {
      issues.add(relative, '', undefined, 'is not a regular file');
      return undefined;
    }
    if (stats.size > DATA_LIMITS.fileBytes) {
      issues.add(relative, '', stats.size, `is larger than ${DATA_LIMITS.fileBytes} bytes`);
      return undefined;
    }
    body = await readFile(full);
  } catch {
    issues.add(relative, '', undefined, 'file is missing or unreadable');
    return undefined;
  }
  const parsed = parseJsonGuarded(body, relative);
  if (!parsed.ok) {
    for (const issue of parsed.issues) issues.add(relative, issue.field, issue.value, issue.message);
    return undefined;
  }
  const before = issues.issues.length;
  overlongTexts(parsed.value, relative, issues);
  return issues.issues.length > before ? undefined : parsed.value;
}

async function listJson(
  dataDir: string,
  relativeDir: string,
  issues: IssueCollector,
  recursive = false,
): Promise<string[]> {
  let entries: Dirent[];
  try {
    entries = await readdir(path.join(dataDir, relativeDir), { withFileTypes: true, recursive });
  } catch {
    issues.add(relativeDir, '', undefined, 'directory is missing or unreadable');
    return [];
  }
  const relative = (entry: Dirent) =>
    path.relative(dataDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
  // A link is never followed nor skipped in silence: readJson refuses it by name.
  for (const entry of entries)
    if (entry.isSymbolicLink() && !entry.name.endsWith('.json'))
      issues.add(relative(entry), '', undefined, 'is a symbolic link: curated data must be regular files inside data/');
  // Nor anything else named like a data file (a directory, a pipe): readJson refuses what is not a regular file.
  return entries
    .filter((entry) => entry.name.endsWith('.json'))
    .map(relative)
    .sort();
}

/**
 * The record a file's content stands for: its identity fields taken from its path (identity from the path), each a
 * slug, none of them stated in the content, then parsed with its kind's schema. Problems go to `issues`.
 */
function withIdentity<S extends z.ZodType>(
  kind: CuratedFileKind<S>,
  file: string,
  raw: unknown,
  issues: IssueCollector,
): z.infer<S> | undefined {
  const identity = identityOf(kind, file);
  const before = issues.issues.length;
  for (const [field, value] of Object.entries(identity)) {
    const part = kind.identity[field];
    if (!slug.safeParse(value).success)
      issues.add(
        file,
        field,
        value,
        `is the ${part} of the file, and must be a lowercase slug (a-z, 0-9, single hyphens)`,
      );
    if (raw !== null && typeof raw === 'object' && Object.hasOwn(raw, field)) {
      const stated = (raw as Record<string, unknown>)[field];
      const differs = stated === value ? '' : `, which is ${JSON.stringify(value)}`;
      issues.add(file, field, stated, `is given by the ${part}${differs}: remove it from the file`);
    }
  }
  if (issues.issues.length > before) return undefined;
  const record = raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? { ...identity, ...raw } : raw;
  return parseWith(kind.schema, record, file, issues);
}

function located<S extends z.ZodType>(
  kind: CuratedFileKind<S>,
  file: string,
  raw: unknown,
  issues: IssueCollector,
): Located<z.infer<S>> | undefined {
  const data = withIdentity(kind, file, raw, issues);
  return data === undefined ? undefined : { file, data };
}

async function loadMany<S extends z.ZodType>(
  dataDir: string,
  kind: CuratedFileKind<S>,
  issues: IssueCollector,
): Promise<Located<z.infer<S>>[]> {
  if (!('folder' in kind.location)) throw new Error(`${kind.name} is one file, not a folder`);
  const { folder, recursive = false } = kind.location;
  const all: Located<z.infer<S>>[] = [];
  for (const file of await listJson(dataDir, folder, issues, recursive)) {
    const raw = await readJson(dataDir, file, issues);
    if (raw === undefined) continue;
    const one = located(kind, file, raw, issues);
    if (one !== undefined) all.push(one);
  }
  return all;
}

async function loadOne<S extends z.ZodType>(
  dataDir: string,
  kind: CuratedFileKind<S>,
  issues: IssueCollector,
): Promise<Located<z.infer<S>> | undefined> {
  if (!('file' in kind.location)) throw new Error(`${kind.name} is a folder, not one file`);
  const { file } = kind.location;
  const raw = await readJson(dataDir, file, issues);
  if (raw === undefined) return undefined;
  return located(kind, file, raw, issues);
}

export interface LoadOptions {
  /** The release store (default: `releases/` beside the data directory). The dataset's stamp is its newest release's. */
  releasesDir?: string;
  /** The stamp of data no release has recorded yet: what the first release of a new store is cut with. */
  unreleased?: MetaFile;
}

/**
 * The dataset's date and versions: those of the newest release, which is where a release writes them (there is no
 * data file for them, so two changes released on two branches never both edit one). A store with no release takes
 * `unreleased`; without it, that is an error naming the store.
 */
async function loadStamp(
  dataDir: string,
  options: LoadOptions,
  issues: IssueCollector,
): Promise<Located<MetaFile> | undefined> {
  const releasesDir = options.releasesDir ?? path.join(dataDir, '..', 'releases');
  const ids = existsSync(releasesDir)
    ? (await readdir(releasesDir)).filter((name) => RELEASE_ID.test(name)).sort(compareReleaseIds)
    : [];
  const newest = ids.at(-1);
  if (newest === undefined) {
    if (options.unreleased) return { file: path.basename(releasesDir), data: options.unreleased };
    issues.add(
      path.basename(releasesDir),
      '',
      undefined,
      'holds no release to take the dataset date and versions from (`npm run refresh -- --bootstrap` records the first)',
    );
    return undefined;
  }
  const file = path.join(path.basename(releasesDir), newest, 'release.json');
  const raw = await readJson(path.dirname(releasesDir), file, issues);
  if (raw === undefined) return undefined;
  const { lastUpdated, datasetVersion, benchmarkVersion } = raw as Record<string, unknown>;
  const data = parseWith(metaFile, { lastUpdated, datasetVersion, benchmarkVersion }, file, issues);
  return data === undefined ? undefined : { file, data };
}

/** Loads data/ (and the stamp of the newest release) and throws a DataError listing every problem in every file. */
export async function loadSourceData(dataDir: string, options: LoadOptions = {}): Promise<SourceData> {
  const issues = new IssueCollector();
  const [meta, series, providers, written, categories, platforms, useCases, results, removedIds] = await Promise.all([
    loadStamp(dataDir, options, issues),
    loadOne(dataDir, CURATED.series, issues),
    loadMany(dataDir, CURATED.provider, issues),
    loadMany(dataDir, CURATED.tool, issues),
    loadMany(dataDir, CURATED.category, issues),
    loadMany(dataDir, CURATED.platform, issues),
    loadMany(dataDir, CURATED.useCase, issues),
    loadMany(dataDir, CURATED.results, issues),
    loadOne(dataDir, CURATED.removedIds, issues),
  ]);
  // Optional folders: a dataset without task runs or speeds (an older checkout, a test fixture) still builds.
  const optional = <S extends z.ZodType>(kind: CuratedFileKind<S>) =>
    'folder' in kind.location && existsSync(path.join(dataDir, kind.location.folder))
      ? loadMany(dataDir, kind, issues)
      : Promise.resolve([]);
  const [taskRuns, speeds] = await Promise.all([optional(CURATED.taskRuns), optional(CURATED.speed)]);
  // The build reads every source in full; a file's table of shared sources stays only so a writer keeps its keys.
  const resolved = results.map(({ file, data }) => ({ file, data: resolveSharedSources(file, data, issues) }));
  const resolvedTools = written.flatMap(({ file, data }) => {
    const tool = resolveToolSources(file, data, issues);
    return tool === undefined ? [] : [{ file, data: tool }];
  });
  issues.throwIfAny();
  return {
    meta: meta!,
    series: series!,
    providers,
    tools: resolvedTools,
    categories,
    platforms,
    useCases,
    results: resolved,
    removedIds: removedIds!,
    taskRuns,
    speeds,
  };
}
