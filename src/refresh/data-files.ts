/** The curated data files a refresh writes: their canonical bytes, and which ones changed. */
import type { SourceData } from '../compile/load.ts';
import { shareSources, shareToolSources } from '../compile/shared-sources.ts';
import { CURATED, withoutIdentity } from '../schema/curated-files.ts';
import type { ResultsFile, ToolFile } from '../schema/source.ts';

function orderedLike(shapeKeys: readonly string[], data: Record<string, unknown>): Record<string, unknown> {
  const ordered: Record<string, unknown> = {};
  for (const key of shapeKeys) if (key in data && data[key] !== undefined) ordered[key] = data[key];
  for (const key of Object.keys(data)) if (!(key in ordered) && data[key] !== undefined) ordered[key] = data[key];
  return ordered;
}

const KINDS = { tool: CURATED.tool, results: CURATED.results, 'task-runs': CURATED.taskRuns } as const;
type DataFileKind = keyof typeof KINDS;

/**
 * The repository's file format: no identity fields (the path gives them), a source several places of a results or
 * tool file share written once, under the key the file gives it (shared-sources.ts), the schema's key order,
 * two-space JSON, final newline.
 */
export function serializeDataFile(kind: DataFileKind, data: object): string {
  const curated = KINDS[kind];
  const shared =
    kind === 'results'
      ? shareSources(data as ResultsFile)
      : kind === 'tool'
        ? shareToolSources(data as ToolFile)
        : data;
  const content = withoutIdentity(curated, shared);
  return `${JSON.stringify(orderedLike(Object.keys(curated.schema.shape), content), null, 2)}\n`;
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
