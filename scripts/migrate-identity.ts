/**
 * Moves the curated files to identity from the path (issue 38, item 4): removes the fields the path gives (a tool's
 * `id` and `provider`, a results file's `model`, the `id` and `slug` of providers, categories, platforms and use
 * cases) and writes a results file's repeated sources once, in `sources`, each result naming its key.
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
import { IssueCollector } from '../src/compile/errors.ts';
import { resolveSharedSources, shareSources } from '../src/compile/shared-sources.ts';
import { CURATED, CURATED_FILES, type CuratedFileKind, identityOf } from '../src/schema/curated-files.ts';
import type { ResultsFile } from '../src/schema/source.ts';
import { PATHS } from '../src/fs/paths.ts';

type Json = Record<string, unknown>;

/** The file's content in the new shape, or the reasons it cannot be migrated. */
function migrated(kind: CuratedFileKind, file: string, raw: Json): { content: Json } | { problems: string[] } {
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
  if (problems.length > 0 || kind !== CURATED.results) return problems.length > 0 ? { problems } : { content };
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
  return { content: ordered };
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
      const next = `${JSON.stringify(outcome.content, null, 2)}\n`;
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
