/**
 * The whole artifact: the six documents plus freshness, index, schemas, OpenAPI, the 404 body
 * and, when releases are given, the release history. One place composes it, so the build CLI,
 * the server's first start and the refresh all publish the same bytes.
 */
import {
  NOT_FOUND_PATH,
  precompress,
  prepareArtifact,
  type AnyArtifactFile,
  serializeJson,
  sha256Hex,
  type ArtifactFile,
  type PreparedArtifact,
} from '../artifact/artifact.ts';
import { JSON_CONTENT_TYPE, WEB_CONTENT_TYPES } from '../artifact/http-policy.ts';
import { deriveModelIds } from '../compile/derive/model-ids.ts';
import { deriveModelDocuments } from '../compile/derive/models.ts';
import type { SourceData } from '../compile/load.ts';
import { buildCostVectors } from '../cost/index.ts';
import {
  COST_DOCUMENTS,
  costVectorsDocument,
  DOCUMENTS,
  errorDocument,
  freshnessDocument,
  MODEL_DOCUMENT,
  modelDocument,
  modelIdsDocument,
  type CostVectorsDocument,
  type DocumentName,
  type Documents,
  type FreshnessDocument,
  type ModelDocument,
  type ToolRecord,
} from '../schema/api.ts';
import { buildOpenApi } from '../schema/openapi.ts';
import { webFiles } from '../web/index.ts';
import { LLMS_TXT_CONTENT_TYPE, llmsTxt } from './llms-txt.ts';
import {
  historyArtifactFiles,
  staticRefreshStatus,
  withHistoryOpenApi,
  type Endpoint,
  type HistoryFiles,
  type HistoryInput,
} from './history-files.ts';
import { documentSchemaEntries, schemaFiles, type SchemaEntry } from './schema-files.ts';

function countOf(document: unknown, arrayKey: string): number {
  const value = arrayKey
    .split('.')
    .reduce<unknown>((current, key) => (current as Record<string, unknown>)[key], document);
  return Array.isArray(value) ? value.length : 0;
}

export const NOT_FOUND_BODY = {
  error: { status: 404, message: 'Not found. See /api/index.json for the list of endpoints.' },
};

export interface ArtifactInput {
  documents: Documents;
  /** Every tool with its full provenance (BuildResult.records): the per-model documents /api/models/<id>.json. */
  records: readonly ToolRecord[];
  meta: SourceData['meta']['data'];
  /** Refresh status to embed in the static freshness document (default: the newest release's refresh). */
  refresh?: FreshnessDocument['refresh'];
  /** Release history (src/history/): adds /api/v/<id>/*, changes.json/.xml, manifest.json and price-history.json. */
  history?: HistoryInput;
}

/** Freshness from finished document bytes; the server rebuilds it when its refresh status changes. */
export function freshnessFor(
  bodies: ReadonlyMap<DocumentName, Buffer>,
  documents: Documents,
  meta: SourceData['meta']['data'],
  refresh: FreshnessDocument['refresh'],
  release: string | null = null,
): FreshnessDocument {
  const endpoints = (Object.keys(DOCUMENTS) as DocumentName[]).map((name) => {
    const body = bodies.get(name)!;
    const sha = sha256Hex(body);
    return {
      path: `/api/${name}`,
      etag: `"${sha.slice(0, 32)}"`,
      sha256: sha,
      bytes: body.length,
      count: countOf(documents[name], DOCUMENTS[name].arrayKey),
    };
  });
  const buildId = sha256Hex(endpoints.map((e) => e.sha256).join('\n')).slice(0, 16);
  const freshness = {
    lastUpdated: meta.lastUpdated,
    datasetVersion: meta.datasetVersion,
    benchmarkVersion: meta.benchmarkVersion,
    buildId,
    endpoints,
    release,
    refresh,
  };
  return freshnessDocument.parse(freshness);
}

export const STATIC_REFRESH_STATUS: FreshnessDocument['refresh'] = {
  schedule: null,
  lastAttempt: null,
  lastOutcome: null,
  lastError: null,
  lastSuccess: null,
  nextRun: null,
  upstreams: [],
};

const jsonFile = (urlPath: string, document: unknown): ArtifactFile => ({
  urlPath,
  contentType: JSON_CONTENT_TYPE,
  body: serializeJson(document),
});

/** The schemas of the current documents, freshness, error responses and the cost documents. */
const CURRENT_SCHEMAS: SchemaEntry[] = [
  ...documentSchemaEntries(DOCUMENTS),
  ['freshness', freshnessDocument, '/api/freshness.json'],
  ['error', errorDocument, 'error responses'],
  ...documentSchemaEntries(COST_DOCUMENTS),
  ['model', MODEL_DOCUMENT.schema, `/api/${MODEL_DOCUMENT.directory}/<id>.json`],
];

/** Where a model's document is published: /api/models/<id>.json (the index lists the template). */
export const modelDocumentPath = (id: string) => `/api/${MODEL_DOCUMENT.directory}/${id}.json`;

function documentFiles(documents: Documents): { files: ArtifactFile[]; bodies: Map<DocumentName, Buffer> } {
  const bodies = new Map<DocumentName, Buffer>();
  const files: ArtifactFile[] = [];
  for (const name of Object.keys(DOCUMENTS) as DocumentName[]) {
    const body = serializeJson(documents[name]);
    bodies.set(name, body);
    files.push({ urlPath: `/api/${name}`, contentType: JSON_CONTENT_TYPE, body });
  }
  return { files, bodies };
}

function freshnessFile(input: ArtifactInput, bodies: ReadonlyMap<DocumentName, Buffer>): ArtifactFile {
  const { history } = input;
  const refresh = input.refresh ?? (history ? staticRefreshStatus(history) : STATIC_REFRESH_STATUS);
  const release = history?.releases.records.at(-1)?.id ?? null;
  return jsonFile('/api/freshness.json', freshnessFor(bodies, input.documents, input.meta, refresh, release));
}

/** Worked examples of the cost rules at the dataset's instant, from the documents as published. */
function costVectorsOf(input: ArtifactInput): CostVectorsDocument {
  const vectors = buildCostVectors(
    input.documents['tools.json'].tools,
    input.documents['platforms.json'].platforms,
    input.meta.lastUpdated,
  );
  return costVectorsDocument.parse({ vectors, lastUpdated: input.meta.lastUpdated });
}

/** One document per model with everything known about it (src/compile/derive/models.ts), validated. */
function modelDocuments(input: ArtifactInput, costVectors: CostVectorsDocument): ModelDocument[] {
  return deriveModelDocuments({
    records: input.records,
    documents: input.documents,
    costVectors: costVectors.vectors,
    lastUpdated: input.meta.lastUpdated,
  }).map((document) => modelDocument.parse(document));
}

/** The id lookup table, from the tools as published. */
function modelIdsFile(input: ArtifactInput): ArtifactFile {
  const document = deriveModelIds(input.documents['tools.json'].tools, input.meta.lastUpdated);
  return jsonFile('/api/model-ids.json', modelIdsDocument.parse(document));
}

function historyFiles(input: ArtifactInput, bodies: ReadonlyMap<DocumentName, Buffer>): HistoryFiles | undefined {
  if (!input.history) return undefined;
  return historyArtifactFiles(input.history, {
    bodies,
    tools: input.documents['tools.json'].tools,
    lastUpdated: input.meta.lastUpdated,
    datasetVersion: input.meta.datasetVersion,
  });
}

function openApiFile(baseUrl: string | null, withHistory: boolean): ArtifactFile {
  const openapi = buildOpenApi({ baseUrl });
  return jsonFile('/api/openapi.json', withHistory ? withHistoryOpenApi(openapi) : openapi);
}

function indexDocument(meta: ArtifactInput['meta'], historyEndpoints: readonly Endpoint[]) {
  return {
    name: 'AI Coding Models Directory',
    license: { data: 'CC0-1.0', code: 'MIT' },
    lastUpdated: meta.lastUpdated,
    endpoints: [
      ...Object.entries(DOCUMENTS).map(([name, d]) => ({ path: `/api/${name}`, summary: d.summary })),
      { path: '/api/freshness.json', summary: 'Timestamps, versions, counts and ETags of every endpoint.' },
      ...Object.entries(COST_DOCUMENTS).map(([name, d]) => ({
        path: `/api/${name}`,
        summary: `[extension] ${d.summary}`,
      })),
      { path: modelDocumentPath('{id}'), summary: `[extension] ${MODEL_DOCUMENT.summary}` },
      ...historyEndpoints,
    ],
    openapi: '/api/openapi.json',
  };
}

function llmsTxtFile(
  input: ArtifactInput,
  endpoints: readonly Endpoint[],
  baseUrl: string | null,
  published: readonly AnyArtifactFile[],
): ArtifactFile {
  const text = llmsTxt({
    endpoints: [...endpoints],
    sizes: new Map(published.map((f) => [f.urlPath, 'body' in f ? f.body.length : f.stored.identity.bytes])),
    totalTools: input.documents['tools.json'].totalTools,
    lastUpdated: input.meta.lastUpdated,
    baseUrl,
  });
  return { urlPath: '/llms.txt', contentType: LLMS_TXT_CONTENT_TYPE, body: Buffer.from(text) };
}

/** The web page (src/web/): pages and assets made from the documents as they are published. */
function pageFiles(
  documents: Documents,
  models: readonly ModelDocument[],
  published: readonly AnyArtifactFile[],
): ArtifactFile[] {
  const parsed = (urlPath: string) => {
    const file = published.find((f) => f.urlPath === urlPath);
    return file && 'body' in file ? JSON.parse(file.body.toString('utf8')) : null;
  };
  const page = webFiles({
    documents,
    models: new Map(models.map((m) => [m.id, m])),
    changes: parsed('/api/changes.json'),
    priceHistory: parsed('/api/price-history.json'),
    endpoints: parsed('/api/index.json')?.endpoints,
  });
  return page.map((file) => ({
    urlPath: file.urlPath,
    contentType: WEB_CONTENT_TYPES[file.type],
    body: file.body,
    immutable: file.immutable,
  }));
}

/**
 * Every file of the artifact, in the order it is published: documents, freshness, cost vectors,
 * model ids, the per-model documents, schemas, the release history, OpenAPI, the index, llms.txt, the web page and the 404 body.
 */
export function artifactFiles(input: ArtifactInput): { files: AnyArtifactFile[]; bodies: Map<DocumentName, Buffer> } {
  const baseUrl = input.history?.baseUrl ?? null;
  const documents = documentFiles(input.documents);
  const { bodies } = documents;
  const files: AnyArtifactFile[] = documents.files;
  const costVectors = costVectorsOf(input);
  const models = modelDocuments(input, costVectors);
  files.push(
    freshnessFile(input, bodies),
    jsonFile('/api/cost-vectors.json', costVectors),
    modelIdsFile(input),
    ...models.map((model) => jsonFile(modelDocumentPath(model.id), model)),
    ...schemaFiles(CURRENT_SCHEMAS, baseUrl),
  );
  const history = historyFiles(input, bodies);
  files.push(...(history?.files ?? []), openApiFile(baseUrl, history !== undefined));
  const index = indexDocument(input.meta, history?.endpoints ?? []);
  files.push(jsonFile('/api/index.json', index), llmsTxtFile(input, index.endpoints, baseUrl, files));
  files.push(...pageFiles(input.documents, models, files), jsonFile(NOT_FOUND_PATH, NOT_FOUND_BODY));
  return { files, bodies };
}

/**
 * The artifact of `input`, ready to write. Compressed copies come from `reuse` (the artifact served
 * now, by SHA-256) where a body did not change, else are made on the thread pool.
 */
export async function prepareFromDocuments(
  input: ArtifactInput,
  reuse?: Parameters<typeof precompress>[1],
  progress?: (step: string) => void,
): Promise<PreparedArtifact> {
  const { files } = artifactFiles(input);
  progress?.(`compressing: ${files.length} files made (pages, documents, release files), brotli and gzip copies next`);
  await precompress(files, reuse, undefined, (done, total, compressed) =>
    progress?.(`compressing: ${done} of ${total} files (${compressed} compressed, ${done - compressed} reused)`),
  );
  return prepareArtifact(files, input.meta.lastUpdated);
}
