/**
 * The whole artifact: the six documents plus freshness, index, schemas, OpenAPI, the 404 body
 * and, when releases are given, the release history. One place composes it, so the build CLI,
 * the server's first start and the refresh all publish the same bytes.
 */
import type { z } from 'zod';
import {
  prepareArtifact,
  serializeJson,
  sha256Hex,
  type ArtifactFile,
  type PreparedArtifact,
} from '../artifact/artifact.ts';
import { JSON_CONTENT_TYPE, WEB_CONTENT_TYPES } from '../artifact/http-policy.ts';
import type { SourceData } from '../compile/load.ts';
import { buildCostVectors } from '../cost/index.ts';
import {
  COST_DOCUMENTS,
  costVectorsDocument,
  DOCUMENTS,
  errorDocument,
  freshnessDocument,
  type DocumentName,
  type Documents,
  type FreshnessDocument,
} from '../schema/api.ts';
import { publishedSchema } from '../schema/json-schema.ts';
import { buildOpenApi } from '../schema/openapi.ts';
import { webFiles } from '../web/index.ts';
import { LLMS_TXT_CONTENT_TYPE, llmsTxt } from './llms-txt.ts';
import { historyArtifactFiles, staticRefreshStatus, withHistoryOpenApi, type HistoryInput } from './history-files.ts';

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

/** Every file of the artifact: documents, freshness, index, schemas, OpenAPI and the 404 body. */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: the artifact's file list, top to bottom, is the one place that says what is published
export function artifactFiles(input: ArtifactInput): { files: ArtifactFile[]; bodies: Map<DocumentName, Buffer> } {
  const bodies = new Map<DocumentName, Buffer>();
  const files: ArtifactFile[] = [];
  for (const name of Object.keys(DOCUMENTS) as DocumentName[]) {
    const body = serializeJson(input.documents[name]);
    bodies.set(name, body);
    files.push({ urlPath: `/api/${name}`, contentType: JSON_CONTENT_TYPE, body });
  }
  const { history } = input;
  const refresh = input.refresh ?? (history ? staticRefreshStatus(history) : STATIC_REFRESH_STATUS);
  const freshness = freshnessFor(
    bodies,
    input.documents,
    input.meta,
    refresh,
    history?.releases.at(-1)?.record.id ?? null,
  );
  files.push({ urlPath: '/api/freshness.json', contentType: JSON_CONTENT_TYPE, body: serializeJson(freshness) });
  // Worked examples of the cost rules at the dataset's instant, from the documents as published.
  const costVectors = costVectorsDocument.parse({
    vectors: buildCostVectors(
      input.documents['tools.json'].tools,
      input.documents['platforms.json'].platforms,
      input.meta.lastUpdated,
    ),
    lastUpdated: input.meta.lastUpdated,
  });
  files.push({ urlPath: '/api/cost-vectors.json', contentType: JSON_CONTENT_TYPE, body: serializeJson(costVectors) });
  // JSON Schemas: `<stem>.schema.json` tolerant (fields may be added), `<stem>.strict.schema.json` exact.
  const baseUrl = history?.baseUrl ?? null;
  const schemaFiles: [string, z.ZodType, string][] = [
    ...Object.entries(DOCUMENTS).map(
      ([name, { schema }]) =>
        [name.replace('.json', ''), schema as z.ZodType, `/api/${name}`] as [string, z.ZodType, string],
    ),
    ['freshness', freshnessDocument, '/api/freshness.json'],
    ['error', errorDocument, 'error responses'],
    ...Object.entries(COST_DOCUMENTS).map(
      ([name, { schema }]) =>
        [name.replace('.json', ''), schema as z.ZodType, `/api/${name}`] as [string, z.ZodType, string],
    ),
  ];
  for (const [stem, schema, documentPath] of schemaFiles)
    for (const strict of [false, true]) {
      const urlPath = `/api/schemas/${stem}${strict ? '.strict' : ''}.schema.json`;
      const body = publishedSchema(schema, {
        urlPath,
        baseUrl,
        title: `${documentPath}${strict ? ' (strict)' : ''}`,
        strict,
      });
      files.push({ urlPath, contentType: JSON_CONTENT_TYPE, body: serializeJson(body) });
    }
  const extra = history
    ? historyArtifactFiles(history, {
        bodies,
        tools: input.documents['tools.json'].tools,
        lastUpdated: input.meta.lastUpdated,
        datasetVersion: input.meta.datasetVersion,
      })
    : undefined;
  if (extra) files.push(...extra.files);
  files.push({
    urlPath: '/api/openapi.json',
    contentType: JSON_CONTENT_TYPE,
    body: serializeJson(extra ? withHistoryOpenApi(buildOpenApi({ baseUrl })) : buildOpenApi({ baseUrl })),
  });
  files.push({
    urlPath: '/api/index.json',
    contentType: JSON_CONTENT_TYPE,
    body: serializeJson({
      name: 'AI Coding Models Directory',
      license: { data: 'CC0-1.0', code: 'MIT' },
      lastUpdated: input.meta.lastUpdated,
      endpoints: [
        ...Object.entries(DOCUMENTS).map(([name, d]) => ({ path: `/api/${name}`, summary: d.summary })),
        { path: '/api/freshness.json', summary: 'Timestamps, versions, counts and ETags of every endpoint.' },
        ...Object.entries(COST_DOCUMENTS).map(([name, d]) => ({
          path: `/api/${name}`,
          summary: `[extension] ${d.summary}`,
        })),
        ...(extra?.endpoints ?? []),
      ],
      openapi: '/api/openapi.json',
    }),
  });
  const index = files.find((f) => f.urlPath === '/api/index.json');
  files.push({
    urlPath: '/llms.txt',
    contentType: LLMS_TXT_CONTENT_TYPE,
    body: Buffer.from(
      llmsTxt({
        endpoints: index ? JSON.parse(index.body.toString('utf8')).endpoints : [],
        totalTools: input.documents['tools.json'].totalTools,
        lastUpdated: input.meta.lastUpdated,
        baseUrl: baseUrl ?? null,
      }),
    ),
  });
  // The web page (src/web/): pages and assets made from the documents just composed.
  const published = (urlPath: string) => {
    const file = files.find((f) => f.urlPath === urlPath);
    return file ? JSON.parse(file.body.toString('utf8')) : null;
  };
  const page = webFiles({
    documents: input.documents,
    changes: published('/api/changes.json'),
    priceHistory: published('/api/price-history.json'),
    endpoints: published('/api/index.json')?.endpoints,
  });
  for (const file of page)
    files.push({
      urlPath: file.urlPath,
      contentType: WEB_CONTENT_TYPES[file.type],
      body: file.body,
      immutable: file.immutable,
    });
  files.push({ urlPath: '/404.json', contentType: JSON_CONTENT_TYPE, body: serializeJson(NOT_FOUND_BODY) });
  return { files, bodies };
}

export function prepareFromDocuments(input: ArtifactInput): PreparedArtifact {
  return prepareArtifact(artifactFiles(input).files, input.meta.lastUpdated);
}
