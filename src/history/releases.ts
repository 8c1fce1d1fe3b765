/**
 * The release store: one immutable directory per release under releases/, tracked in git as
 * text (release-text.ts), so static deployments keep their history and a release's diff is the
 * change it records:
 *
 *   releases/<id>/release.json            the release record (schema `release`): dates, versions,
 *                                         SHA-256 manifest of its documents, upstreams, changes
 *   releases/<id>/<doc>.json[.patch]      each of the six endpoint documents, pretty-printed, whole
 *                                         or as a diff against the previous release's
 *
 * A release directory appears by one rename(2) of a complete temporary directory, so a crash
 * never leaves half a release. Reading reconstructs each document's served bytes and verifies them
 * against the SHA-256 manifest once: the bytes and their compressed copies then live in the file
 * cache (artifact/file-cache.ts), where every later build finds them, so a build reads the text of
 * only the releases it has not seen and holds no release's bytes in memory but the newest's.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sha256Hex, serializeJson } from '../artifact/artifact.ts';
import type { FileCache, StoredFile } from '../artifact/file-cache.ts';
import { z } from 'zod';
import {
  benchmarkModel,
  DOCUMENTS,
  release as releaseSchema,
  tool as toolSchema,
  type DocumentName,
  type Documents,
  type Release,
  type Tool,
  type UpstreamUsed,
} from '../schema/api.ts';
import type { MetaFile } from '../schema/source.ts';
import { compareReleaseIds, RELEASE_ID, releaseIdAt } from '../schema/release-id.ts';
import { emptyPriceFold, foldSnapshot, type PriceFold, type PriceSnapshot } from './price-history.ts';
import {
  DIFFED_SCORE_FIELDS,
  DIFFED_SOURCE_FIELDS,
  DIFFED_TOOL_FIELDS,
  diffDatasets,
  summarize,
  type DatasetView,
} from './diff.ts';
import { pathExists, writeFileAtomic, writeFileDurably } from '../fs/durable.ts';
import { readMany } from '../fs/many-files.ts';
import { ROOT } from '../fs/paths.ts';
import { redactLocation } from '../fs/redact.ts';
import {
  documentText,
  PATCH_SUFFIX,
  prettyText,
  servedBody,
  storedDocument,
  type StoredDocument,
} from './release-text.ts';

/** A release with the served bytes of its six documents in memory: the newest, or one being made. */
export interface StoredRelease {
  record: Release;
  bodies: ReadonlyMap<DocumentName, Buffer>;
}

/** The prices a release published, per tool: all the price history needs of it. */
export type ReleasedPrices = Pick<Tool, 'id' | 'name' | 'pricing' | 'pricingDetails'>[];

/** A release as the artifact publishes it: its record and its documents in the file cache. */
export interface PublishedRelease {
  record: Release;
  documents: ReadonlyMap<DocumentName, StoredFile>;
  /**
   * Its release.json as served, in the file cache like its documents: the artifact links it (with the release's
   * publication time) instead of writing and syncing three files per release on every build.
   */
  recordFile: StoredFile;
}

/** The served bytes of a release's record (/api/v/<id>/release.json): the schema's fields, in its order. */
function servedRecord(record: Release): Buffer {
  return serializeJson(releaseSchema.parse(record));
}

function storeRecord(cache: FileCache, record: Release): Promise<StoredFile> {
  const body = servedRecord(record);
  return cache.put(sha256Hex(body), body, record.publishedAt);
}

/** Every release, oldest first, as the build and the refresh read them. */
export interface ReleaseHistory {
  /** Each release's record, oldest first. */
  records: readonly Release[];
  /** Each release's documents in the file cache, oldest first. */
  published: readonly PublishedRelease[];
  /** The newest release with its documents' bytes, or undefined when none has been cut. */
  newest: StoredRelease | undefined;
  /** The price history folded over the line of parents that ends at the newest release (mainline), oldest first. */
  prices: PriceFold;
}

export { compareReleaseIds, RELEASE_ID, releaseIdAt } from '../schema/release-id.ts';
export const DOCUMENT_NAMES = Object.keys(DOCUMENTS) as DocumentName[];

/** The stamp of data no release has recorded yet, as a first release published at `at` (ISO 8601) carries it. */
export function unreleasedStamp(at: string): MetaFile {
  const lastUpdated = `${at.slice(0, 19)}Z`;
  const version = releaseIdAt(lastUpdated, []).replaceAll('-', '.');
  return { lastUpdated, datasetVersion: version, benchmarkVersion: version };
}

export async function listReleaseIds(releasesDir: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(releasesDir);
  } catch {
    return [];
  }
  return names.filter((n) => RELEASE_ID.test(n)).sort(compareReleaseIds);
}

/** The text of each release's record, as stored (read in one batch: two small files per release add up). */
async function readRecordTexts(releasesDir: string, ids: readonly string[]): Promise<string[]> {
  const read = await readMany(ids.map((id) => path.join(releasesDir, id, 'release.json')));
  return read.map((bytes, i) => {
    if (Buffer.isBuffer(bytes)) return bytes.toString('utf8');
    throw new Error(`releases/${ids[i]}/release.json: ${bytes.message}`);
  });
}

/** A release record's text, checked against the schema and its directory name. */
function parseReleaseRecord(text: string, id: string): Release {
  const where = `releases/${id}/release.json`;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new Error(`${where}: ${(error as Error).message}`);
  }
  const parsed = releaseSchema.safeParse(raw);
  if (!parsed.success)
    throw new Error(`${where}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  // Upstream locations are published redacted, even from a record written before redaction existed.
  const record = {
    ...parsed.data,
    upstreams: parsed.data.upstreams.map((u) => ({ ...u, location: redactLocation(u.location) })),
  };
  if (record.id !== id) throw new Error(`${where}: id is ${record.id}, must equal the directory name`);
  return record;
}

/** A release's record, checked against the schema and its directory name. */
export async function readReleaseRecord(releasesDir: string, id: string): Promise<Release> {
  const [text] = await readRecordTexts(releasesDir, [id]);
  return parseReleaseRecord(text!, id);
}

/** The SHA-256 and length release.json records for one document. */
function manifestEntry(record: Release, name: DocumentName): { sha256: string; bytes: number } {
  const entry = record.documents.find((d) => d.path === `/api/v/${record.id}/${name}`);
  if (!entry) throw new Error(`releases/${record.id}/release.json: no manifest entry for ${name}`);
  return entry;
}

/** How one document of a release is stored: whole or as a patch (exactly one of the two). */
async function readStoredDocument(releasesDir: string, id: string, name: DocumentName): Promise<StoredDocument> {
  const read = async (file: string) => {
    try {
      return await readFile(path.join(releasesDir, id, file), 'utf8');
    } catch {
      return undefined;
    }
  };
  const [whole, patch] = await Promise.all([read(name), read(`${name}${PATCH_SUFFIX}`)]);
  if (whole !== undefined && patch !== undefined)
    throw new Error(`releases/${id}/: both ${name} and ${name}${PATCH_SUFFIX}; a document is stored one way`);
  if (whole !== undefined) return { kind: 'whole', file: name, text: whole };
  if (patch !== undefined) return { kind: 'patch', file: `${name}${PATCH_SUFFIX}`, text: patch };
  throw new Error(`releases/${id}/${name}: missing (neither ${name} nor ${name}${PATCH_SUFFIX})`);
}

/**
 * The prices a release's tools.json published, kept beside its bytes in the file cache
 * (<sha256>.prices.json), so the price history reads a few kilobytes per release, not the document.
 */
async function releasedPrices(cache: FileCache, tools: StoredFile): Promise<ReleasedPrices> {
  const file = path.join(cache.dir, `${tools.sha256}.prices.json`);
  try {
    return JSON.parse(await readFile(file, 'utf8')) as ReleasedPrices;
  } catch {
    const { tools: all } = JSON.parse((await cache.body(tools.sha256)).toString('utf8')) as { tools: Tool[] };
    const prices = all.map(({ id, name, pricing, pricingDetails }) => ({ id, name, pricing, pricingDetails }));
    await writeFileAtomic(file, JSON.stringify(prices));
    return prices;
  }
}

// Only the fields a diff and the price history read are required, so a release published under
// an older schema (before a field was added) still reads; they are exactly the stable ones.
const releasedView = z.object({
  tools: z
    .object({
      tools: z.array(
        toolSchema
          .pick(DIFFED_TOOL_FIELDS)
          .extend({
            sources: toolSchema.shape.sources.pick(DIFFED_SOURCE_FIELDS).loose(),
            lifecycle: z
              .object({ shutdown: z.object({ date: z.string() }).loose().nullable() })
              .loose()
              .nullable()
              .optional(),
          })
          .loose(),
      ),
    })
    .loose(),
  benchmarks: z
    .object({ benchmarks: z.object({ models: z.array(benchmarkModel.pick(DIFFED_SCORE_FIELDS).loose()) }).loose() })
    .loose(),
});

// A stored release never changes, and one build reads the newest one up to three times
// (removal check, price history, next release's diff): parse each once.
const parsedViews = new WeakMap<StoredRelease, DatasetView>();

/** A release's tools and scores, typed by the published schemas; a body that does not match names the release. */
export function releasedDataset(release: StoredRelease): DatasetView {
  const cached = parsedViews.get(release);
  if (cached) return cached;
  const text = (name: DocumentName): unknown => JSON.parse(release.bodies.get(name)!.toString('utf8'));
  const parsed = releasedView.safeParse({ tools: text('tools.json'), benchmarks: text('benchmarks.json') });
  if (!parsed.success)
    throw new Error(
      `releases/${release.record.id}: ${parsed.error.issues
        .slice(0, 5)
        .map((i) => `${i.path.join('.')}: ${i.message}`)
        .join('; ')}${parsed.error.issues.length > 5 ? ` (and ${parsed.error.issues.length - 5} more)` : ''}`,
    );
  const view = { tools: parsed.data.tools.tools, benchmarks: parsed.data.benchmarks.benchmarks.models };
  parsedViews.set(release, view);
  return view;
}

export interface ReleaseDraft {
  id: string;
  /** The dataset's meta as published in the release: its lastUpdated is the release's publishedAt. */
  meta: MetaFile;
  documents: Documents;
  upstreams: UpstreamUsed[];
  /** The release before it, or null for the first recorded release (which has no changes). */
  previous: StoredRelease | null;
}

/** The exact bytes a release stores and serves for each of the six documents. */
export function documentBodies(documents: Documents): Map<DocumentName, Buffer> {
  return new Map(DOCUMENT_NAMES.map((name) => [name, serializeJson(documents[name])]));
}

/** The one place a release record is made: manifest of the exact bytes, diff against the previous release, summary. */
export function makeRelease({ id, meta, documents, upstreams, previous }: ReleaseDraft): StoredRelease {
  const bodies = documentBodies(documents);
  const changes = previous
    ? diffDatasets(releasedDataset(previous), {
        tools: documents['tools.json'].tools,
        benchmarks: documents['benchmarks.json'].benchmarks.models,
      })
    : [];
  const record: Release = {
    id,
    date: id.slice(0, 10),
    publishedAt: meta.lastUpdated,
    lastUpdated: meta.lastUpdated,
    datasetVersion: meta.datasetVersion,
    benchmarkVersion: meta.benchmarkVersion,
    initial: previous === null,
    parent: previous?.record.id ?? null,
    url: `/api/v/${id}/`,
    documents: DOCUMENT_NAMES.map((name) => ({
      path: `/api/v/${id}/${name}`,
      sha256: sha256Hex(bodies.get(name)!),
      bytes: bodies.get(name)!.length,
    })),
    upstreams,
    summary: summarize(changes, previous === null),
    changes,
  };
  return { record, bodies };
}

/**
 * The release each record was cut from: its `parent`, or for a record written before releases named their parent,
 * the release before it.
 */
export function parentOf(records: readonly Release[], index: number): Release | undefined {
  const record = records[index]!;
  if (record.parent === undefined) return index > 0 ? records[index - 1] : undefined;
  if (record.parent === null) return undefined;
  const parent = records.slice(0, index).find((r) => r.id === record.parent);
  if (!parent)
    throw new Error(
      `releases/${record.id}/release.json: parent ${record.parent} is not a release published before it (under releases/)`,
    );
  return parent;
}

/**
 * The releases the newest one descends from, oldest first: the line of parents that was served as latest in turn.
 * A sibling cut in parallel and merged is not on it (the release after the merge carries its changes), so the price
 * history does not read two siblings as a change and its revert.
 */
export function mainline<R extends { record: Release }>(releases: readonly R[]): R[] {
  const records = releases.map((r) => r.record);
  const line: R[] = [];
  for (let index = releases.length - 1; index >= 0; ) {
    line.push(releases[index]!);
    const parent = parentOf(records, index);
    index = parent ? records.indexOf(parent) : -1;
  }
  return line.reverse();
}

/**
 * How far loadReleases is: of the `total` releases, `unseen` are not in the file cache yet (a first build on this
 * machine has them all) and must be reconstructed, checked and compressed, the slowest part of that build; `stored`
 * of them are done. Called once before the first and after each.
 */
export type ReleaseProgress = (state: { stored: number; unseen: number; total: number }) => void;

/**
 * Every release under `releasesDir`, oldest first, with each document's served bytes and
 * compressed copies in `cache`. A release the cache already holds is not read again; one it
 * lacks is reconstructed from its text (applying its patches to its parent's documents) and
 * checked against its SHA-256 manifest.
 */
export async function loadReleases(
  releasesDir: string,
  cache: FileCache,
  progress?: ReleaseProgress,
): Promise<ReleaseHistory> {
  const ids = await listReleaseIds(releasesDir);
  const texts = await readRecordTexts(releasesDir, ids);
  // A release seen before (by any build on this machine) is one small file of the cache: no schema check of its
  // record, no stat of its seven files, no separate read of its prices. Only the others are checked and stored.
  const seen = await readSummaries(cache, ids, texts);
  const unseen = seen.filter((summary) => !summary).length;
  let done = 0;
  progress?.({ stored: done, unseen, total: ids.length });
  const records = seen.map((summary, i) => summary?.record ?? parseReleaseRecord(texts[i]!, ids[i]!));
  const published: PublishedRelease[] = [];
  // The text of the documents of the release reconstructed last, which is most often the next one's parent.
  let last: { id: string; texts: Map<DocumentName, string> } | undefined;
  const parentText = async (parent: Release | undefined, name: DocumentName): Promise<string | undefined> => {
    if (!parent) return undefined;
    const held = last?.id === parent.id ? last.texts.get(name) : undefined;
    return held ?? prettyText(await cache.body(manifestEntry(parent, name).sha256));
  };
  for (const [index, record] of records.entries()) {
    const summary = seen[index];
    if (summary) {
      published.push(summary);
      continue;
    }
    const parent = parentOf(records, index);
    const documentTexts = new Map<DocumentName, string>();
    const stored = await Promise.all(
      DOCUMENT_NAMES.map(async (name): Promise<[DocumentName, StoredFile]> => {
        const { sha256, bytes } = manifestEntry(record, name);
        const cached = await cache.get(sha256);
        if (cached) return [name, cached];
        const file = await readStoredDocument(releasesDir, record.id, name);
        const where = `releases/${record.id}/${file.file}`;
        const base = file.kind === 'patch' ? await parentText(parent, name) : undefined;
        const text = documentText(file, () => base, where);
        const body = servedBody(text);
        if (sha256Hex(body) !== sha256 || body.length !== bytes)
          throw new Error(
            `${where}: does not reproduce the bytes its SHA-256 manifest names (release files are immutable)`,
          );
        documentTexts.set(name, text);
        return [name, await cache.put(sha256, body, record.publishedAt)];
      }),
    );
    last = { id: record.id, texts: documentTexts };
    const documents = new Map(stored);
    const entry = { record, documents, recordFile: await storeRecord(cache, record) };
    await writeSummary(cache, texts[index]!, entry);
    published.push(entry);
    progress?.({ stored: ++done, unseen, total: ids.length });
  }
  const newestRelease = published.at(-1);
  const newest = newestRelease && {
    record: newestRelease.record,
    bodies: new Map(
      await Promise.all(
        DOCUMENT_NAMES.map(
          async (name) => [name, await cache.body(newestRelease.documents.get(name)!.sha256)] as const,
        ),
      ),
    ),
  };
  return { records, published, newest, prices: await mainlineFold(published, cache) };
}

/**
 * What a build needs of a release it has read before, kept in the file cache under the SHA-256 of the release's
 * record text and of the code that wrote it (<sha256>.release.json): the checked record, and where its files lie
 * and their sizes.
 * A release directory never changes, so the same record text always means the same summary; an edited record is
 * a new text, read and checked afresh.
 */
interface ReleaseSummary {
  record: Release;
  documents: [DocumentName, StoredFile][];
  recordFile: StoredFile;
}

/**
 * What a summary and a fold were made by: this module and price-history's code (their TypeScript where the checkout
 * has it, as the cross-validation cache does, else the JavaScript that runs), so a change to either never reads an
 * entry an older version wrote.
 */
let cacheFormat: string | undefined;
function cacheFormatHash(): string {
  if (cacheFormat === undefined) {
    const source = path.join(ROOT, 'src', 'history');
    const [dir, ext] = existsSync(source) ? [source, '.ts'] : [path.dirname(fileURLToPath(import.meta.url)), '.js'];
    cacheFormat = sha256Hex(
      Buffer.from(
        ['releases', 'price-history'].map((name) => readFileSync(path.join(dir, `${name}${ext}`), 'utf8')).join('\n'),
      ),
    );
  }
  return cacheFormat;
}

const summaryPath = (cache: FileCache, recordText: string) =>
  path.join(cache.dir, `${sha256Hex(Buffer.from(`${cacheFormatHash()}\n${recordText}`))}.release.json`);

async function readSummaries(
  cache: FileCache,
  ids: readonly string[],
  texts: readonly string[],
): Promise<(PublishedRelease | undefined)[]> {
  const read = await readMany(texts.map((text) => summaryPath(cache, text)));
  return read.map((bytes, i) => {
    if (!Buffer.isBuffer(bytes)) return undefined;
    let summary: ReleaseSummary;
    try {
      summary = JSON.parse(bytes.toString('utf8')) as ReleaseSummary;
    } catch {
      return undefined;
    }
    // The same record text under another directory name is not that release (the check of parseReleaseRecord).
    if (summary.record.id !== ids[i]) return undefined;
    return { record: summary.record, documents: new Map(summary.documents), recordFile: summary.recordFile };
  });
}

async function writeSummary(cache: FileCache, recordText: string, release: PublishedRelease): Promise<void> {
  const summary: ReleaseSummary = {
    record: release.record,
    documents: [...release.documents],
    recordFile: release.recordFile,
  };
  await writeFileAtomic(summaryPath(cache, recordText), JSON.stringify(summary));
}

/**
 * The history with a release made in this run (not yet written) as its newest: its documents go
 * into the cache so that the artifact can link them like every other release's.
 */
export async function withRelease(
  history: ReleaseHistory,
  release: StoredRelease,
  cache: FileCache,
): Promise<ReleaseHistory> {
  const documents = new Map(
    await Promise.all(
      DOCUMENT_NAMES.map(async (name) => {
        const body = release.bodies.get(name)!;
        return [name, await cache.put(sha256Hex(body), body, release.record.publishedAt)] as const;
      }),
    ),
  );
  const published = { record: release.record, documents, recordFile: await storeRecord(cache, release.record) };
  const all = [...history.published, published];
  let prices: PriceFold;
  // Cut from the newest release, as every release a build or a refresh makes is: its prices extend the fold.
  if (release.record.parent === history.newest?.record.id) {
    prices = structuredClone(history.prices);
    foldSnapshot(prices, await snapshotOf(cache, published));
    await writeFileAtomic(foldPath(cache, all), JSON.stringify(prices));
  } else prices = await mainlineFold(all, cache);
  return { records: [...history.records, release.record], published: all, newest: release, prices };
}

/** A published release's prices, as the price history reads them. */
async function snapshotOf(cache: FileCache, release: PublishedRelease): Promise<PriceSnapshot> {
  const tools = await releasedPrices(cache, release.documents.get('tools.json')!);
  return { release: release.record.id, date: release.record.date, tools };
}

/** Where the fold over a history's mainline is kept: named by the mainline's release ids, which never change. */
function foldPath(cache: FileCache, published: readonly PublishedRelease[]): string {
  const ids = mainline(published).map((r) => r.record.id);
  return path.join(cache.dir, `${sha256Hex(Buffer.from(`${cacheFormatHash()}\n${ids.join('\n')}`))}.price-fold.json`);
}

/**
 * The price history folded over the mainline: read from the file cache when this mainline was folded before (every
 * build after the first on a machine), else folded from each release's prices and kept. A build then folds only the
 * current data onto it, instead of every release's prices of every tool.
 */
async function mainlineFold(published: readonly PublishedRelease[], cache: FileCache): Promise<PriceFold> {
  const file = foldPath(cache, published);
  try {
    return JSON.parse(await readFile(file, 'utf8')) as PriceFold;
  } catch {
    const fold = emptyPriceFold();
    for (const release of mainline(published)) foldSnapshot(fold, await snapshotOf(cache, release));
    await writeFileAtomic(file, JSON.stringify(fold));
    return fold;
  }
}

/**
 * The files of a release directory, ready to write: its record and each document as text, a
 * patch against `previous` (the release before it) where that is smaller than the whole.
 */
export function releaseFiles(release: StoredRelease, previous: StoredRelease | undefined): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  files.set('release.json', Buffer.from(`${JSON.stringify(release.record, null, 2)}\n`));
  for (const [name, body] of release.bodies) {
    const before = previous?.bodies.get(name);
    const stored = storedDocument(name, prettyText(body), before && prettyText(before));
    files.set(stored.file, Buffer.from(stored.text));
  }
  return files;
}

/** Writes releases/<id>/ from complete files via a temporary directory and one rename. Idempotent. */
export async function writeReleaseDir(
  releasesDir: string,
  id: string,
  files: ReadonlyMap<string, Buffer>,
): Promise<boolean> {
  const finalDir = path.join(releasesDir, id);
  if (await pathExists(path.join(finalDir, 'release.json'))) return false;
  await mkdir(releasesDir, { recursive: true });
  const tmpDir = path.join(releasesDir, `.tmp-${id}-${process.pid}-${Date.now()}`);
  for (const [name, data] of files) await writeFileDurably(path.join(tmpDir, name), data);
  await rm(finalDir, { recursive: true, force: true });
  await rename(tmpDir, finalDir);
  return true;
}
