/**
 * Shared sources: a source several places of one curated file use is written once, under a key, in the file's
 * table of shared sources, and each of those places names the key; a source one place uses stays there in full.
 * Two kinds of file have such a table:
 *
 * - a results file (data/benchmarks/results/<model>.json): the table is `sources` (a key for a source's text), and
 *   a result's `source` is a key or the source in full;
 * - a tool file (data/tools/<provider>/<id>.json): the table is `sharedSources` (a key for a source object), and
 *   every source of the file (a fact's in `sources`, a lifecycle statement's, `autocomplete`'s, `flagship`'s) is a
 *   key or the source in full.
 *
 * The build reads every source resolved (`resolveSharedSources`, `resolveToolSources`), and whatever writes such a
 * file (the weekly refresh, scripts/migrate-identity.ts) writes it back through `shareSources` or
 * `shareToolSources`, so a repeated source is written once and the keys already in the file stay. One rule for
 * both: the same resolution, the same key words, the same errors.
 */
import { sourceKey } from '../schema/common.ts';
import {
  type FactSource,
  type ResultsFile,
  type SourceRef,
  type ToolFile,
  type ToolFileAsWritten,
  toolFile,
} from '../schema/source.ts';
import { type IssueCollector, parseWith } from './errors.ts';

/** A key: a lowercase slug (`sourceKey`). A source in full is a URL, words or an object, never a bare slug. */
const isKey = (value: unknown): value is string => typeof value === 'string' && sourceKey.safeParse(value).success;

/** The longest key `keyFor` makes up for a new shared source. */
const KEY_CHARACTERS = 40;

/** One place of a file that states a source: its field (as errors name it) and what is written there. */
interface Place<S> {
  field: string;
  value: S | string;
}

/** How a kind of file writes its shared sources. */
interface TableKind<S> {
  /** The table's field in the file: `sources` or `sharedSources`. */
  table: string;
  /** What names a key, for "is named by no …". */
  users: string;
  /** Equal sources give equal text: the identity a repeated source is found by. */
  identity: (source: S) => string;
  /** The words a new key is made from (`keyFor`). */
  keyText: (source: S) => string;
}

/**
 * Each place's source in full, from `table`; every key a place names must be there, every key there must be
 * named, and every source there must be written in full. Problems go to `issues`; an unknown key stays as it is.
 */
function resolvePlaces<S>(
  file: string,
  kind: TableKind<S>,
  table: Readonly<Record<string, S>>,
  places: readonly Place<S>[],
  issues: IssueCollector,
): (S | string)[] {
  const used = new Set<string>();
  const known = Object.keys(table);
  const resolved = places.map(({ field, value }) => {
    if (!isKey(value)) return value;
    const source = Object.hasOwn(table, value) ? table[value] : undefined;
    if (source === undefined) {
      issues.add(
        file,
        field,
        value,
        known.length === 0
          ? `is a key, and the file has no \`${kind.table}\`: write the source in full, or add it to \`${kind.table}\` under this key`
          : `is not a key of \`${kind.table}\` (${known.join(', ')}): name one of them, or write the source in full`,
      );
      return value;
    }
    used.add(value);
    return source;
  });
  for (const [key, source] of Object.entries(table)) {
    if (isKey(source)) issues.add(file, `${kind.table}.${key}`, source, 'must be the source in full, not a key');
    if (!used.has(key)) issues.add(file, `${kind.table}.${key}`, source, `is named by no ${kind.users}: remove it`);
  }
  return resolved;
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
 * The places as written and the table: a source two or more places share is written once (under the key the file
 * already gives it, else a new one) and named by key; a key the file gives a source one place uses stays; a source
 * used once otherwise stays in full; the table lists its keys in the order the places first use them. Takes the
 * sources resolved (as the build reads them) and gives the same file for the same content.
 */
function sharePlaces<S>(
  kind: TableKind<S>,
  previous: Readonly<Record<string, S>> | undefined,
  sources: readonly S[],
): { table: Record<string, S>; written: (S | string)[] } {
  const keyOf = new Map<string, string>();
  for (const [key, source] of Object.entries(previous ?? {}))
    if (!keyOf.has(kind.identity(source))) keyOf.set(kind.identity(source), key);
  const uses = new Map<string, number>();
  for (const source of sources) uses.set(kind.identity(source), (uses.get(kind.identity(source)) ?? 0) + 1);
  const taken = new Set(keyOf.values());
  const table: Record<string, S> = {};
  const written = sources.map((source) => {
    const identity = kind.identity(source);
    let key = keyOf.get(identity);
    if (key === undefined && (uses.get(identity) ?? 0) > 1) {
      key = keyFor(kind.keyText(source), taken);
      taken.add(key);
      keyOf.set(identity, key);
    }
    if (key === undefined) return source;
    table[key] = source;
    return key;
  });
  return { table, written };
}

// ---- Results files: `sources`, a key for a source's text.

const RESULTS: TableKind<string> = { table: 'sources', users: 'result', identity: (s) => s, keyText: (s) => s };

/** `data` with each result's `source` resolved from the file's `sources`. Problems go to `issues`. */
export function resolveSharedSources(file: string, data: ResultsFile, issues: IssueCollector): ResultsFile {
  const places = data.results.map((result, index) => ({ field: `results.${index}.source`, value: result.source }));
  const resolved = resolvePlaces(file, RESULTS, data.sources ?? {}, places, issues);
  return { ...data, results: data.results.map((result, index) => ({ ...result, source: resolved[index]! })) };
}

/**
 * The results file as written (`sharePlaces`): a source two or more results share is in `sources` and named by
 * key. Takes `data` with its sources resolved (as the build reads it).
 */
export function shareSources(data: ResultsFile): ResultsFile {
  const { sources: previous, ...rest } = data;
  const { table, written } = sharePlaces(
    RESULTS,
    previous,
    data.results.map((r) => r.source),
  );
  const results = data.results.map((result, index) => ({ ...result, source: written[index]! }));
  return Object.keys(table).length === 0 ? { ...rest, results } : { ...rest, sources: table, results };
}

// ---- Tool files: `sharedSources`, a key for a source object.

/** A source object's identity: its fields in the schema's order, so the same source read twice is the same text. */
const sourceIdentity = (s: FactSource) => JSON.stringify([s.name, s.url, s.kind, s.asOf, s.verified, s.note ?? null]);

/** A repository's source is named by its file (`models-dev-claude-fable-5-1`), any other by its site and page. */
const sourceKeyText = (s: FactSource) => {
  const file = URL.canParse(s.url) ? new URL(s.url).pathname.split('/').at(-1) : undefined;
  return file ? `${s.url} ${file}` : s.url;
};

const TOOLS: TableKind<FactSource> = {
  table: 'sharedSources',
  users: 'source of the file',
  identity: sourceIdentity,
  keyText: sourceKeyText,
};

/** One place of a tool file that states a source, with a way to write another in its place. */
interface ToolPlace {
  field: string;
  value: SourceRef;
  set: (value: SourceRef) => void;
}

/**
 * Every place of `tool` that states a source, in one order: the facts' `sources`, the lifecycle dates and
 * statements, `autocomplete`, `flagship`. `set` writes into `tool` itself.
 */
export function toolSourcePlaces(tool: ToolFileAsWritten): ToolPlace[] {
  const places: ToolPlace[] = [];
  const { sources, lifecycle, autocomplete, flagship } = tool;
  const facts = [
    'pricing',
    'contextWindow',
    'releaseDate',
    'capabilities',
    'imageInput',
    'batch',
    'cacheCreate1h',
  ] as const;
  for (const fact of facts) {
    const value = sources[fact];
    if (value !== undefined) places.push({ field: `sources.${fact}`, value, set: (v) => (sources[fact] = v) });
  }
  const { announced, shutdown } = lifecycle ?? {};
  if (announced)
    places.push({ field: 'lifecycle.announced.source', value: announced.source, set: (v) => (announced.source = v) });
  if (shutdown)
    places.push({ field: 'lifecycle.shutdown.source', value: shutdown.source, set: (v) => (shutdown.source = v) });
  for (const [index, event] of (lifecycle?.events ?? []).entries())
    places.push({ field: `lifecycle.events.${index}.source`, value: event.source, set: (v) => (event.source = v) });
  if (autocomplete)
    places.push({ field: 'autocomplete.source', value: autocomplete.source, set: (v) => (autocomplete.source = v) });
  if (flagship) places.push({ field: 'flagship.source', value: flagship.source, set: (v) => (flagship.source = v) });
  return places;
}

/**
 * The tool as the build works with it: every key of `data` replaced by its source in `sharedSources` (kept, so a
 * writer keeps the keys). Undefined when a key does not resolve; every problem goes to `issues`.
 */
export function resolveToolSources(
  file: string,
  data: ToolFileAsWritten,
  issues: IssueCollector,
): ToolFile | undefined {
  const copy = structuredClone(data);
  const places = toolSourcePlaces(copy);
  const before = issues.issues.length;
  const resolved = resolvePlaces(file, TOOLS, copy.sharedSources ?? {}, places, issues);
  if (issues.issues.length > before) return undefined;
  for (const [index, place] of places.entries()) place.set(resolved[index]!);
  return parseWith(toolFile, copy, file, issues);
}

/**
 * The tool file as written (`sharePlaces`): a source two or more places share is in `sharedSources` and named by
 * key, a key the file already gives a source stays, `sharedSources` is left out when nothing is shared. Takes the
 * tool with its sources resolved (as the build reads it).
 */
export function shareToolSources(tool: ToolFile): ToolFileAsWritten {
  const { sharedSources: previous, ...rest } = structuredClone(tool);
  const copy: ToolFileAsWritten = rest;
  const places = toolSourcePlaces(copy);
  const sources = places.map(({ field, value }) => {
    // The type says so; a key here would be lost, so it is refused rather than written back unresolved.
    if (typeof value === 'string')
      throw new Error(`${tool.provider}/${tool.id}: ${field}: is a key, not a source in full (got ${value})`);
    return value;
  });
  const { table, written } = sharePlaces(TOOLS, previous, sources);
  for (const [index, place] of places.entries()) place.set(written[index]!);
  return Object.keys(table).length === 0 ? copy : { ...copy, sharedSources: table };
}
