/**
 * Moves the curated files to identity from the path (issue 38, item 4): removes the fields the path gives (a tool's
 * `id` and `provider`, a results file's `model`, the `id` and `slug` of providers, categories, platforms and use
 * cases) and writes a results file's repeated sources once, in `sources`, each result naming its key. A tool file
 * is written as the weekly refresh writes it (`serializeDataFile`): a source several of its places share once, in
 * `sharedSources`, each place naming its key (src/compile/shared-sources.ts).
 *
 * Rerunnable and idempotent: a file already in the new shape is left as it is (its keys kept), a file in the old
 * shape is migrated, a mix of the two (a migrated file someone added an inline repeated source to) is finished. A
 * file whose stated identity differs from its path is not touched and is listed; the run then exits 1.
 *
 *   npx tsx scripts/migrate-identity.ts            migrate data/
 *   npx tsx scripts/migrate-identity.ts --check    list what would change, write nothing (exits 1 if anything would)
 *   npx tsx scripts/migrate-identity.ts --data <dir>
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { formatIssue, IssueCollector, parseWith } from '../src/compile/errors.ts';
import { resolveSharedSources, resolveToolSources, shareSources } from '../src/compile/shared-sources.ts';
import { serializeDataFile } from '../src/refresh/data-files.ts';
import { CURATED, CURATED_FILES, type CuratedFileKind, identityOf } from '../src/schema/curated-files.ts';
import type { ResultsFile } from '../src/schema/source.ts';
import { PATHS } from '../src/fs/paths.ts';

type Json = Record<string, unknown>;

/** A tool file as the refresh writes it: every source in full resolved, then shared (its keys kept). */
function migratedTool(file: string, content: Json): { text: string } | { problems: string[] } {
  const issues = new IssueCollector();
  const written = parseWith(CURATED.tool.schema, { ...identityOf(CURATED.tool, file), ...content }, file, issues);
  const tool = written && resolveToolSources(file, written, issues);
  return tool ? { text: serializeDataFile('tool', tool) } : { problems: issues.issues.map(formatIssue) };
}

/** The file's text in the new shape, or the reasons it cannot be migrated. */
function migrated(kind: CuratedFileKind, file: string, raw: Json): { text: string } | { problems: string[] } {
  const problems: string[] = [];
  const content: Json = { ...raw };
  for (const [field, value] of Object.entries(identityOf(kind, file))) {
    if (!Object.hasOwn(content, field)) continue;
    if (content[field] !== value)
      problems.push(
        `${file}: ${field}: differs from the ${kind.identity[field]} ${JSON.stringify(value)}; rename the file or fix the field (got ${JSON.stringify(content[field])})`,
      );
    delete content[field];
  }
  if (problems.length > 0) return { problems };
  if (kind === CURATED.tool) return migratedTool(file, content);
  if (kind !== CURATED.results) return { text: `${JSON.stringify(content, null, 2)}\n` };
  if (!Array.isArray(content.results)) return { problems: [`${file}: results: is not a list`] };
  const issues = new IssueCollector();
  const resolved = resolveSharedSources(file, content as unknown as ResultsFile, issues);
  if (issues.issues.length > 0) return { problems: issues.issues.map((i) => `${file}: ${i.field}: ${i.message}`) };
  const shared = shareSources(resolved) as unknown as Json;
  // The file's own key order, with `sources` just before the results that name its keys.
  const ordered: Json = {};
  for (const key of Object.keys(content)) if (key !== 'sources' && key !== 'results') ordered[key] = shared[key];
  if (shared.sources !== undefined) ordered.sources = shared.sources;
  ordered.results = shared.results;
  for (const key of Object.keys(content)) if (!(key in ordered)) ordered[key] = shared[key];
  return { text: `${JSON.stringify(ordered, null, 2)}\n` };
}

async function filesOf(dataDir: string, kind: CuratedFileKind): Promise<string[]> {
  if (!('folder' in kind.location)) return [];
  const { folder, recursive = false } = kind.location;
  const names = (await readdir(path.join(dataDir, folder), { recursive }).catch(() => [])) as string[];
  return names
    .filter((name) => name.endsWith('.json'))
    .map((name) => `${folder}/${name.split(path.sep).join('/')}`)
    .sort();
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { data: { type: 'string', default: PATHS.data }, check: { type: 'boolean', default: false } },
  });
  const dataDir = path.resolve(values.data);
  const counts = { migrated: 0, current: 0 };
  const refused: string[] = [];
  for (const kind of CURATED_FILES) {
    if (Object.keys(kind.identity).length === 0) continue;
    for (const file of await filesOf(dataDir, kind)) {
      const full = path.join(dataDir, file);
      const text = await readFile(full, 'utf8');
      const outcome = migrated(kind, file, JSON.parse(text) as Json);
      if ('problems' in outcome) {
        refused.push(...outcome.problems);
        continue;
      }
      const next = outcome.text;
      if (next === text) {
        counts.current += 1;
        continue;
      }
      counts.migrated += 1;
      if (values.check) console.log(`would migrate ${file}`);
      else await writeFile(full, next);
    }
  }
  const verb = values.check ? 'would migrate' : 'migrated';
  console.log(
    `${verb} ${counts.migrated} files; ${counts.current} already in the new shape; ${refused.length} refused`,
  );
  for (const line of refused) console.error(line);
  if (refused.length > 0 || (values.check && counts.migrated > 0)) process.exitCode = 1;
}

await main();
