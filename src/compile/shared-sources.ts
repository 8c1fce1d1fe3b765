/**
 * Sources written once in a results file (data/benchmarks/results/<model>.json). A file lists the sources several
 * of its results share in `sources`, each under a key, and those results name the key as their `source`; every
 * other result states its source in full. The build reads each `source` resolved (`resolveSharedSources`), and
 * whatever writes a results file (the weekly refresh, scripts/migrate-identity.ts) writes it back through
 * `shareSources`, so a repeated source is written once and the keys already in the file stay.
 */
import type { ResultsFile } from '../schema/source.ts';
import type { IssueCollector } from './errors.ts';

/** A `source` that is a key: a lowercase slug. A source in full is a URL or words, never a bare slug. */
const KEY = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The longest key `shareSources` makes up for a new shared source. */
const KEY_CHARACTERS = 40;

/**
 * `data` with each result's `source` resolved from the file's `sources`; every key a result names must be there,
 * every key there must be used, and every source there must be written in full. Problems go to `issues`.
 */
export function resolveSharedSources(file: string, data: ResultsFile, issues: IssueCollector): ResultsFile {
  const table = data.sources ?? {};
  const used = new Set<string>();
  const results = data.results.map((result, index) => {
    if (!KEY.test(result.source)) return result;
    const source = Object.hasOwn(table, result.source) ? table[result.source] : undefined;
    if (source === undefined) {
      const known = Object.keys(table);
      issues.add(
        file,
        `results.${index}.source`,
        result.source,
        known.length === 0
          ? 'is a key, and the file has no `sources`: write the source in full, or add it to `sources` under this key'
          : `is not a key of \`sources\` (${known.join(', ')}): name one of them, or write the source in full`,
      );
      return result;
    }
    used.add(result.source);
    return { ...result, source };
  });
  for (const [key, source] of Object.entries(table)) {
    if (KEY.test(source)) issues.add(file, `sources.${key}`, source, 'must be the source in full, not a key');
    if (!used.has(key)) issues.add(file, `sources.${key}`, source, 'is named by no result: remove it');
  }
  return { ...data, results };
}

/** Words of a source that make a readable key: a repository and its file, or a site and its page, or its first words. */
function keyWords(source: string): string {
  const [first = '', second = ''] = source.split(/\s+/);
  if (!URL.canParse(first)) return source.split(/\s+/).slice(0, 4).join(' ');
  const url = new URL(first);
  const segments = url.pathname.split('/').filter(Boolean);
  const file = /^[\w./()-]+\.\w+$/.test(second) ? (second.split('/').at(-1) ?? '').replace(/\.\w+$/, '') : '';
  if (url.hostname === 'github.com') return `${segments[1] ?? segments[0] ?? 'github'} ${file}`;
  const page = [...url.searchParams.values()].at(-1) ?? segments.at(-1) ?? '';
  return `${url.hostname.replace(/^www\./, '')} ${segments.length > 1 ? segments[0] : ''} ${page}`;
}

/** A key for `source` not among `taken`: a slug of its words, at most KEY_CHARACTERS long, numbered when needed. */
export function keyFor(source: string, taken: ReadonlySet<string>): string {
  const words = keyWords(source)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  const cut = words.length <= KEY_CHARACTERS ? words : words.slice(0, KEY_CHARACTERS).replace(/-[^-]*$/, '');
  const base = cut || 'source';
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}-${n}`)) n += 1;
  return `${base}-${n}`;
}

/**
 * The results file as written: a source two or more results share is written once in `sources` (under the key
 * the file already gives it, else a new one) and named by key; a key the file gives a source one result uses
 * stays; a source used once otherwise stays in full; `sources` lists its keys in the order results first use them.
 * Takes `data` with its sources resolved (as the build reads it) and gives the same file for the same content.
 */
export function shareSources(data: ResultsFile): ResultsFile {
  const { sources: previous, ...rest } = data;
  const keyOf = new Map<string, string>();
  for (const [key, source] of Object.entries(previous ?? {})) if (!keyOf.has(source)) keyOf.set(source, key);
  const uses = new Map<string, number>();
  for (const { source } of data.results) uses.set(source, (uses.get(source) ?? 0) + 1);
  const taken = new Set(keyOf.values());
  const table: Record<string, string> = {};
  const results = data.results.map((result) => {
    let key = keyOf.get(result.source);
    if (key === undefined && (uses.get(result.source) ?? 0) > 1) {
      key = keyFor(result.source, taken);
      taken.add(key);
      keyOf.set(result.source, key);
    }
    if (key === undefined) return result;
    table[key] = result.source;
    return { ...result, source: key };
  });
  return Object.keys(table).length === 0 ? { ...rest, results } : { ...rest, sources: table, results };
}
