/** Loads the real curated data once and hands out deep copies that tests may break on purpose. */
import { loadSourceData, type SourceData } from '../../src/compile/load.ts';
import { PATHS } from '../../src/fs/paths.ts';

let cached: Promise<SourceData> | undefined;

export async function freshSource(): Promise<SourceData> {
  cached ??= loadSourceData(PATHS.data);
  return structuredClone(await cached);
}

export function toolFile(source: SourceData, id: string) {
  const located = source.tools.find((t) => t.data.id === id);
  if (!located) throw new Error(`no tool ${id}`);
  return located;
}
