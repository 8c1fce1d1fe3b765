/**
 * The release history as artifact files, added by the build beside the six endpoints:
 *
 *   /api/v/<id>/<doc>.json      each release's documents, byte for byte (immutable)
 *   /api/v/<id>/release.json    the release record with its SHA-256 manifest and changes (immutable)
 *   /api/changes.json           every release, newest first, with per-field differences
 *   /api/changes.xml            the same as an Atom feed
 *   /api/manifest.json          SHA-256 of the latest documents and of every release
 *   /api/price-history.json     each tool's prices with effective dates
 *
 * Pure: the release bodies come in already loaded.
 */
import { serializeJson, sha256Hex, type AnyArtifactFile, type ArtifactFile } from '../artifact/artifact.ts';
import {
  CHANGES_WINDOW,
  changesDocument,
  changesMonthDocument,
  HISTORY_DOCUMENTS,
  manifestDocument,
  priceHistoryDocument,
  release as releaseSchema,
  type DocumentName,
  type RefreshStatus,
  type Release,
  type RemovedId,
  type Tool,
} from '../schema/api.ts';
import { IssueCollector } from '../compile/errors.ts';
import { JSON_CONTENT_TYPE } from '../artifact/http-policy.ts';
import { operationStem, pathItem, schemaFileNames } from '../schema/openapi.ts';
import { ATOM_CONTENT_TYPE, atomFeed } from './feed.ts';
import { foldSnapshot, historyOfFold } from './price-history.ts';
import { DOCUMENT_NAMES, releasedDataset, type PublishedRelease, type ReleaseHistory } from './releases.ts';
import { RELEASE_ID_SOURCE } from '../schema/release-id.ts';
import { YEAR_MONTH_PATTERN } from '../schema/common.ts';
import { documentSchemaEntries, schemaFiles, type SchemaEntry } from './schema-files.ts';

export interface HistoryInput {
  /** Every release, oldest first, its documents in the file cache; the newest with its bytes. */
  releases: ReleaseHistory;
  /** Absolute site URL for feed links, or null for root-relative links. */
  baseUrl: string | null;
  /** Refresh schedule to report in the static freshness document. */
  schedule: string | null;
  /** Every tool id that left the directory (data/removed-ids.json). */
  removedIds: readonly RemovedId[];
}

export interface CurrentDataset {
  bodies: ReadonlyMap<DocumentName, Buffer>;
  tools: readonly Tool[];
  lastUpdated: string;
  datasetVersion: string;
}

/** An entry of /api/index.json. */
export interface Endpoint {
  path: string;
  summary: string;
}

export interface HistoryFiles {
  files: AnyArtifactFile[];
  endpoints: Endpoint[];
}

const entryFor = (path: string, body: Buffer) => ({ path, sha256: sha256Hex(body), bytes: body.length });

/** What the static freshness document says about refreshes: the newest release's refresh. */
export function staticRefreshStatus(history: HistoryInput): RefreshStatus {
  const latest = [...history.releases.records].reverse().find((r) => !r.initial);
  return {
    schedule: history.schedule,
    lastAttempt: latest?.publishedAt ?? null,
    lastOutcome: latest ? 'published' : null,
    lastError: null,
    lastSuccess: latest?.publishedAt ?? null,
    nextRun: null,
    upstreams: latest?.upstreams ?? [],
  };
}

/**
 * Every id the newest release has and the current data lacks must be recorded in
 * data/removed-ids.json, so the feed lists it and no later model can take it.
 */
export function checkRemovalsRecorded(history: HistoryInput, current: { tools: readonly { id: string }[] }): void {
  const latest = history.releases.newest;
  if (!latest) return;
  const present = new Set(current.tools.map((t) => t.id));
  const recorded = new Set(history.removedIds.map((r) => r.id));
  const issues = new IssueCollector();
  for (const tool of releasedDataset(latest).tools)
    if (!present.has(tool.id) && !recorded.has(tool.id))
      issues.add(
        'data/removed-ids.json',
        'removed',
        tool.id,
        `is in release ${latest.record.id} but no longer in the data; record it here (id, removedOn, reason) so the change feed lists it and the id is never reused`,
      );
  issues.throwIfAny();
}

const jsonFile = (urlPath: string, document: unknown, immutable = false): ArtifactFile => ({
  urlPath,
  contentType: JSON_CONTENT_TYPE,
  body: serializeJson(document),
  immutable,
});

/** The schemas of the history documents and of a release record. */
const HISTORY_SCHEMAS: SchemaEntry[] = [
  ...documentSchemaEntries(HISTORY_DOCUMENTS),
  ['release', releaseSchema, '/api/v/<release>/release.json'],
  ['changes-month', changesMonthDocument, '/api/changes/<YYYY-MM>.json'],
];

const HISTORY_ENDPOINTS: readonly Endpoint[] = [
  ...Object.entries(HISTORY_DOCUMENTS).map(([name, d]) => ({ path: `/api/${name}`, summary: d.summary })),
  { path: '/api/changes.xml', summary: 'The release history as an Atom feed.' },
  {
    path: '/api/changes/{month}.json',
    summary: 'Every release of one month (YYYY-MM), newest first: the archive changes.json links to.',
  },
  {
    path: '/api/v/{release}/{document}',
    summary: 'A dated release: each endpoint document as published then, and release.json (immutable).',
  },
];

/** Each release's documents byte for byte and its record, linked from the file cache: immutable. */
function releaseFiles(releases: readonly PublishedRelease[]): AnyArtifactFile[] {
  return releases.flatMap(({ record, documents, recordFile }) => [
    ...DOCUMENT_NAMES.map((name) => ({
      urlPath: `/api/v/${record.id}/${name}`,
      contentType: JSON_CONTENT_TYPE,
      stored: documents.get(name)!,
      immutable: true,
    })),
    {
      urlPath: `/api/v/${record.id}/release.json`,
      contentType: JSON_CONTENT_TYPE,
      stored: recordFile,
      immutable: true,
    },
  ]);
}

/** Removed ids newest first, then by id. */
const byRemovalDate = (a: RemovedId, b: RemovedId) =>
  a.removedOn === b.removedOn ? (a.id < b.id ? -1 : 1) : a.removedOn < b.removedOn ? 1 : -1;

/** Releases grouped by the month of their date, newest month first (each month's releases newest first). */
function byMonth(newestFirst: readonly Release[]): [string, Release[]][] {
  const months = new Map<string, Release[]>();
  for (const record of newestFirst) {
    const month = record.date.slice(0, 7);
    months.set(month, [...(months.get(month) ?? []), record]);
  }
  return [...months];
}

const monthPath = (month: string) => `/api/changes/${month}.json`;

/**
 * changes.json (the newest CHANGES_WINDOW releases and the archive's index), each month's archive
 * document, and the Atom feed of the same window: what the latest documents hold stays the same
 * size however long the history grows, and every release stays one request away.
 */
function changesFiles(history: HistoryInput, newestFirst: readonly Release[], lastUpdated: string): ArtifactFile[] {
  const removedIds = [...history.removedIds].sort(byRemovalDate);
  const window = newestFirst.slice(0, CHANGES_WINDOW);
  const months = byMonth(newestFirst);
  const changes = changesDocument.parse({
    releases: window,
    totalReleases: newestFirst.length,
    archive: months.map(([month, releases]) => ({ month, url: monthPath(month), releases: releases.length })),
    removedIds,
    feed: '/api/changes.xml',
    lastUpdated,
  });
  const feed = atomFeed(window, { baseUrl: history.baseUrl, lastUpdated, removedIds });
  return [
    jsonFile('/api/changes.json', changes),
    ...months.map(([month, releases]) => jsonFile(monthPath(month), changesMonthDocument.parse({ month, releases }))),
    { urlPath: '/api/changes.xml', contentType: ATOM_CONTENT_TYPE, body: Buffer.from(feed) },
  ];
}

function manifestFile(newestFirst: readonly Release[], current: CurrentDataset): ArtifactFile {
  return jsonFile(
    '/api/manifest.json',
    manifestDocument.parse({
      lastUpdated: current.lastUpdated,
      datasetVersion: current.datasetVersion,
      release: newestFirst[0]?.id ?? null,
      documents: DOCUMENT_NAMES.map((name) => entryFor(`/api/${name}`, current.bodies.get(name)!)),
      releases: newestFirst.slice(0, CHANGES_WINDOW).map((r) => ({ id: r.id, url: r.url, documents: r.documents })),
      totalReleases: newestFirst.length,
    }),
  );
}

/** Prices per release, plus the current data when it differs from the newest release. */
function priceHistoryFile(releases: ReleaseHistory, current: CurrentDataset): ArtifactFile {
  const latestTools = releases.published.at(-1)?.documents.get('tools.json')?.sha256;
  let fold = releases.prices;
  if (latestTools !== sha256Hex(current.bodies.get('tools.json')!)) {
    fold = structuredClone(fold);
    foldSnapshot(fold, { release: null, date: current.lastUpdated.slice(0, 10), tools: current.tools });
  }
  return jsonFile(
    '/api/price-history.json',
    priceHistoryDocument.parse({ tools: historyOfFold(fold), lastUpdated: current.lastUpdated }),
  );
}

/** The history's files, in the order they are published, and the endpoints they add to the index. */
export function historyArtifactFiles(history: HistoryInput, current: CurrentDataset): HistoryFiles {
  checkRemovalsRecorded(history, current);
  const newestFirst = [...history.releases.records].reverse();
  const files = [
    ...releaseFiles(history.releases.published),
    ...changesFiles(history, newestFirst, current.lastUpdated),
    manifestFile(newestFirst, current),
    priceHistoryFile(history.releases, current),
    ...schemaFiles(HISTORY_SCHEMAS, history.baseUrl).map((file) => ({ ...file, immutable: false })),
  ];
  return { files, endpoints: [...HISTORY_ENDPOINTS] };
}

/** The path parameter naming a release. */
const RELEASE_PARAMETER = {
  name: 'release',
  in: 'path',
  required: true,
  schema: { type: 'string', pattern: RELEASE_ID_SOURCE },
  description: 'Release id (see /api/changes.json).',
};

/** The archive of one month's releases. */
function changesMonthPath(schema: Record<string, unknown>) {
  return pathItem({
    id: 'ChangesMonth',
    tag: 'history',
    summary: '[extension] Every release of one month, newest first',
    description:
      'The archive `changes.json` links to (its `archive` field lists every month). A past month never changes.',
    contentType: 'application/json',
    schema,
    mayBeMissing: true,
    parameters: [
      {
        name: 'month',
        in: 'path',
        required: true,
        schema: { type: 'string', pattern: YEAR_MONTH_PATTERN },
        description: 'A month with releases, YYYY-MM (see `archive` in /api/changes.json).',
      },
    ],
  });
}

/** Adds the history endpoints to the OpenAPI document (their schemas are among its named components). */
export function withHistoryOpenApi(openapi: Record<string, unknown>): Record<string, unknown> {
  const paths = { ...(openapi.paths as Record<string, unknown>) };
  const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
  const names: Record<string, string> = {
    'changes.json': 'ChangesDocument',
    'manifest.json': 'ManifestDocument',
    'price-history.json': 'PriceHistoryDocument',
  };
  for (const [file, { summary }] of Object.entries(HISTORY_DOCUMENTS))
    paths[`/api/${file}`] = pathItem({
      id: operationStem(file),
      tag: 'history',
      summary: `[extension] ${summary}`,
      contentType: 'application/json',
      schema: ref(names[file]!),
    });
  paths['/api/changes/{month}.json'] = changesMonthPath(ref('ChangesMonthDocument'));
  paths['/api/changes.xml'] = pathItem({
    id: 'ChangesFeed',
    tag: 'history',
    summary: '[extension] The release history as an Atom 1.0 feed',
    description:
      'One entry per release and one per tool id removed from the directory, newest first. Links are absolute when the site has a public base URL configured, else relative to `xml:base`.',
    contentType: 'application/atom+xml',
    schema: { type: 'string' },
  });
  paths['/api/v/{release}/release.json'] = pathItem({
    id: 'Release',
    tag: 'history',
    summary: '[extension] A release record: dates, SHA-256 manifest and changes',
    description: 'Immutable (Cache-Control: public, max-age=31536000, immutable).',
    contentType: 'application/json',
    schema: ref('Release'),
    mayBeMissing: true,
    parameters: [RELEASE_PARAMETER],
  });
  paths['/api/v/{release}/{document}'] = pathItem({
    id: 'ReleaseDocument',
    tag: 'history',
    summary: '[extension] An endpoint document exactly as published in a release',
    description:
      'Immutable (Cache-Control: public, max-age=31536000, immutable). Its schema is the one of the plain path, as it was in that release.',
    contentType: 'application/json',
    schema: { type: 'object' },
    mayBeMissing: true,
    parameters: [
      RELEASE_PARAMETER,
      {
        name: 'document',
        in: 'path',
        required: true,
        schema: { type: 'string', enum: DOCUMENT_NAMES },
        description: 'One of the six endpoint documents.',
      },
    ],
  });
  const schemaPath = paths['/api/schemas/{schema}'] as { parameters: { schema: { enum: string[] } }[] } | undefined;
  if (schemaPath) {
    const [param] = schemaPath.parameters;
    paths['/api/schemas/{schema}'] = {
      ...schemaPath,
      parameters: [{ ...param, schema: { ...param!.schema, enum: schemaFileNames(true) } }],
    };
  }
  return { ...openapi, paths };
}
