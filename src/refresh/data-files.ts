/** The curated data files a refresh writes: their canonical bytes, and which ones changed. */
import type { SourceData } from '../compile/load.ts';
import { resultsFile, taskRunsFile, toolFile } from '../schema/source.ts';

function orderedLike(shapeKeys: readonly string[], data: Record<string, unknown>): Record<string, unknown> {
  const ordered: Record<string, unknown> = {};
  for (const key of shapeKeys) if (key in data && data[key] !== undefined) ordered[key] = data[key];
  for (const key of Object.keys(data)) if (!(key in ordered) && data[key] !== undefined) ordered[key] = data[key];
  return ordered;
}

type DataFileKind = 'tool' | 'results' | 'task-runs';

/** The repository's file format: the schema's key order, two-space JSON, final newline. */
export function serializeDataFile(kind: DataFileKind, data: object): string {
  const shape = {
    tool: toolFile.shape,
    results: resultsFile.shape,
    'task-runs': taskRunsFile.shape,
  }[kind];
  return `${JSON.stringify(orderedLike(Object.keys(shape), data as Record<string, unknown>), null, 2)}\n`;
}

/** Files whose content differs between two SourceData, with their new bytes. */
export function changedDataFiles(before: SourceData, after: SourceData): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const compare = (
    kind: DataFileKind,
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
  const oldRuns = new Map(before.taskRuns.map((r) => [r.file, r]));
  for (const r of after.taskRuns) compare('task-runs', oldRuns.get(r.file), r);
  return files;
}
