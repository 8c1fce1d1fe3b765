/**
 * The OpenAPI 3.1 document, generated from the same zod schemas as the types and validation.
 * It describes every path the server answers (the page at `/`, the index, the documents, the
 * schemas, the OpenAPI document itself; the release history is added by withHistoryOpenApi in
 * src/history/history-files.ts), GET, HEAD and OPTIONS on each, and every status the server
 * sends with its headers. `npm test` lints it with Redocly's recommended rules (zero problems).
 * Component schemas are tolerant, like the published JSON Schemas: fields may be added.
 * Over 400 lines as one declaration of the HTTP surface (paths, statuses, headers), kept whole so that
 * it can be read against the server and deploy/nginx.conf in one place.
 */
import { z } from 'zod';
import { COST_DOCUMENTS, DOCUMENTS, MODEL_DOCUMENT } from './api.ts';
import { DOCUMENT_SCHEMA_NAMES, namedJsonSchemas, tolerant, type JsonSchema } from './json-schema.ts';

/** The endpoint index (/api/index.json). */
export const indexDocument = z
  .object({
    name: z.string(),
    license: z.object({ data: z.string(), code: z.string() }).strict(),
    lastUpdated: z.string().describe('Same lastUpdated as every document of this dataset.'),
    endpoints: z
      .array(z.object({ path: z.string(), summary: z.string() }).strict())
      .describe('Every endpoint with a one-line summary.'),
    openapi: z.string().describe('Path of this OpenAPI document.'),
  })
  .strict()
  .describe('The list of endpoints.');

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const header = (name: string) => ({ $ref: `#/components/headers/${name}` });
const response = (name: string) => ({ $ref: `#/components/responses/${name}` });
const parameter = (name: string) => ({ $ref: `#/components/parameters/${name}` });

/** Headers every response carries (Access-Control-Allow-Origin and friends). */
const COMMON_HEADERS = {
  'Access-Control-Allow-Origin': header('AccessControlAllowOrigin'),
  'Access-Control-Expose-Headers': header('AccessControlExposeHeaders'),
  'X-Content-Type-Options': header('XContentTypeOptions'),
  'Cross-Origin-Resource-Policy': header('CrossOriginResourcePolicy'),
};

const REPRESENTATION_HEADERS = {
  ETag: header('ETag'),
  'Last-Modified': header('LastModified'),
  'Cache-Control': header('CacheControl'),
  Vary: header('Vary'),
  ...COMMON_HEADERS,
};

const string = (description: string, example?: string) => ({
  description,
  schema: { type: 'string', ...(example ? { examples: [example] } : {}) },
});

const COMPONENT_HEADERS = {
  ETag: string(
    'Strong entity tag of this representation (each content coding has its own). Send it back in If-None-Match to revalidate.',
    '"3f6c2a8e0b1d4c7f9a2e5b8d1c4f7a0e"',
  ),
  LastModified: string('When the artifact was published (HTTP date).', 'Mon, 23 Nov 2026 06:00:00 GMT'),
  CacheControl: string(
    '`public, max-age=300, stale-while-revalidate=86400, stale-if-error=604800` for the latest documents; `public, max-age=31536000, immutable` for dated release paths; `no-store` for errors.',
  ),
  Vary: string('`Accept-Encoding` on every resource that has precompressed (br, gzip) bodies.', 'Accept-Encoding'),
  ContentEncoding: string('`br` or `gzip` when a compressed body was chosen; absent for identity.', 'br'),
  ContentLength: { description: 'Body length in bytes (also on HEAD).', schema: { type: 'integer', minimum: 0 } },
  ContentSecurityPolicy: string(
    'On HTML pages: nothing from another origin, scripts from the site itself, the one inline stylesheet by its SHA-256, no framing.',
  ),
  AccessControlAllowOrigin: string('Always `*`: the API is public and needs no credentials.', '*'),
  AccessControlExposeHeaders: string(
    'Headers a browser script may read.',
    'ETag, Last-Modified, Content-Length, Content-Encoding',
  ),
  XContentTypeOptions: string('Always `nosniff`.', 'nosniff'),
  CrossOriginResourcePolicy: string('Always `cross-origin`.', 'cross-origin'),
  Allow: string('The methods every path accepts.', 'GET, HEAD, OPTIONS'),
  AccessControlAllowMethods: string('The methods a cross-origin request may use.', 'GET, HEAD, OPTIONS'),
  AccessControlAllowHeaders: string(
    'Echoes Access-Control-Request-Headers, or `If-None-Match, If-Modified-Since`.',
    'If-None-Match, If-Modified-Since',
  ),
  AccessControlMaxAge: string('How long a preflight answer may be cached, in seconds.', '86400'),
};

const errorContent = { 'application/json': { schema: ref('ErrorDocument') } };
const errorResponse = (description: string, extra: Record<string, unknown> = {}) => ({
  description,
  headers: {
    'Cache-Control': header('CacheControl'),
    'Content-Length': header('ContentLength'),
    ...extra,
    ...COMMON_HEADERS,
  },
  content: errorContent,
});

const COMPONENT_RESPONSES = {
  NotModified: {
    description:
      'Not modified: If-None-Match matched the ETag (or, without If-None-Match, If-Modified-Since is not older than Last-Modified). No body; the cached copy is current.',
    headers: REPRESENTATION_HEADERS,
  },
  BadRequest: errorResponse('Malformed request (400). The connection is closed after the answer.'),
  NotFound: errorResponse('Unknown path (404). Only published documents can be requested.'),
  MethodNotAllowed: errorResponse(
    'Any method other than GET, HEAD or OPTIONS (405), on every path. Listed on each operation because OpenAPI cannot describe undeclared methods.',
    {
      Allow: header('Allow'),
    },
  ),
  NotAcceptable: errorResponse(
    'Accept-Encoding refuses every representation the resource has (406), e.g. `identity;q=0` on a resource without compressed bodies.',
    { Vary: header('Vary') },
  ),
  RequestTimeout: errorResponse(
    'The request headers did not arrive in time (408). The connection is closed after the answer.',
  ),
  ExpectationFailed: errorResponse(
    'An Expect header other than `100-continue` (417). A request with `Expect: 100-continue` gets its interim 100 and then the usual answer.',
  ),
  HeadersTooLarge: errorResponse(
    'Request header fields too large (431, over 16 KiB). The connection is closed after the answer.',
  ),
  ContentTooLarge: errorResponse(
    'A GET or HEAD announcing a body over 1 KiB (413), as nginx answers with `client_max_body_size 1k`. The connection is closed after the answer.',
  ),
};

const COMPONENT_PARAMETERS = {
  IfNoneMatch: {
    name: 'If-None-Match',
    in: 'header',
    required: false,
    schema: { type: 'string' },
    description:
      'ETag(s) from a previous response; a match answers 304 without a body. `W/` prefixes and lists are understood.',
  },
  IfModifiedSince: {
    name: 'If-Modified-Since',
    in: 'header',
    required: false,
    schema: { type: 'string' },
    description: 'HTTP date; used only without If-None-Match. Not older than Last-Modified answers 304.',
  },
  AcceptEncoding: {
    name: 'Accept-Encoding',
    in: 'header',
    required: false,
    schema: { type: 'string' },
    description: 'br and gzip bodies are precompressed; q-values are honoured.',
  },
  Origin: {
    name: 'Origin',
    in: 'header',
    required: false,
    schema: { type: 'string' },
    description: 'Origin of a cross-origin preflight.',
  },
  AccessControlRequestMethod: {
    name: 'Access-Control-Request-Method',
    in: 'header',
    required: false,
    schema: { type: 'string' },
    description: 'Method of the request the preflight is for.',
  },
  AccessControlRequestHeaders: {
    name: 'Access-Control-Request-Headers',
    in: 'header',
    required: false,
    schema: { type: 'string' },
    description: 'Headers of the request the preflight is for; echoed in Access-Control-Allow-Headers.',
  },
};

export interface PathSpec {
  /** Operation id stem, e.g. `Tools` gives getTools, headTools, optionsTools. */
  id: string;
  summary: string;
  description?: string;
  /** Content type and schema of the 200 body. */
  contentType: string;
  schema: Record<string, unknown>;
  /** Path parameters. */
  parameters?: Record<string, unknown>[];
  /** Dated release paths: immutable, answered 404 for an unknown release. */
  mayBeMissing?: boolean;
  tag: string;
}

const ERROR_RESPONSES = (mayBeMissing: boolean) => ({
  '400': response('BadRequest'),
  ...(mayBeMissing ? { '404': response('NotFound') } : {}),
  '405': response('MethodNotAllowed'),
  '406': response('NotAcceptable'),
  '408': response('RequestTimeout'),
  '413': response('ContentTooLarge'),
  '417': response('ExpectationFailed'),
  '431': response('HeadersTooLarge'),
});

/** What every GET without its own description does: Spectral's `oas` rules want one on each operation. */
const GET_DESCRIPTION =
  'The whole document, as the newest release publishes it (no parameters; a query string changes nothing). Send its ETag back in If-None-Match to get 304 without a body while it has not changed.';

/** GET, HEAD and OPTIONS of one path, with every status the server sends there. */
export function pathItem(spec: PathSpec): Record<string, unknown> {
  const errors = ERROR_RESPONSES(spec.mayBeMissing ?? false);
  const okHeaders = {
    ...REPRESENTATION_HEADERS,
    'Content-Encoding': header('ContentEncoding'),
    'Content-Length': header('ContentLength'),
    ...(spec.contentType === 'text/html' ? { 'Content-Security-Policy': header('ContentSecurityPolicy') } : {}),
  };
  const conditional = [parameter('IfNoneMatch'), parameter('IfModifiedSince'), parameter('AcceptEncoding')];
  return {
    ...(spec.parameters ? { parameters: spec.parameters } : {}),
    get: {
      operationId: `get${spec.id}`,
      tags: [spec.tag],
      summary: spec.summary,
      description: spec.description ?? GET_DESCRIPTION,
      parameters: conditional,
      responses: {
        '200': {
          description: 'The complete document.',
          headers: okHeaders,
          content: { [spec.contentType]: { schema: spec.schema } },
        },
        '304': response('NotModified'),
        ...errors,
      },
    },
    head: {
      operationId: `head${spec.id}`,
      tags: [spec.tag],
      summary: `Headers of ${spec.summary.charAt(0).toLowerCase()}${spec.summary.slice(1)}`,
      description: 'The same status and headers as GET (Content-Length included), without a body.',
      parameters: conditional,
      responses: {
        '200': { description: 'Headers of the document, no body.', headers: okHeaders },
        '304': response('NotModified'),
        ...errors,
      },
    },
    options: {
      operationId: `options${spec.id}`,
      tags: [spec.tag],
      summary: 'CORS preflight',
      description: 'Answers every preflight with 204: the API is public and read-only.',
      parameters: [
        parameter('Origin'),
        parameter('AccessControlRequestMethod'),
        parameter('AccessControlRequestHeaders'),
      ],
      responses: {
        '204': {
          description: 'Preflight accepted.',
          headers: {
            Allow: header('Allow'),
            'Access-Control-Allow-Methods': header('AccessControlAllowMethods'),
            'Access-Control-Allow-Headers': header('AccessControlAllowHeaders'),
            'Access-Control-Max-Age': header('AccessControlMaxAge'),
            'Cache-Control': header('CacheControl'),
            Vary: header('Vary'),
            ...COMMON_HEADERS,
          },
        },
        '400': response('BadRequest'),
        '408': response('RequestTimeout'),
        '417': response('ExpectationFailed'),
        '431': response('HeadersTooLarge'),
      },
    },
  };
}

/** `/api/tools.json` -> `Tools`, `/api/use-cases.json` -> `UseCases`. */
export const operationStem = (file: string) =>
  file
    .replace(/\.(json|xml)$/, '')
    .split(/[-/.]/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');

export interface OpenApiOptions {
  /** Absolute site URL (no trailing slash) for `servers`; null for the same origin. */
  baseUrl?: string | null;
}

/** Schema file names served under /api/schemas/ (without history: the six documents, freshness and error). */
export function schemaFileNames(history: boolean): string[] {
  const stems = [
    ...Object.keys(DOCUMENTS).map((f) => f.replace('.json', '')),
    'freshness',
    'error',
    ...Object.keys(COST_DOCUMENTS).map((f) => f.replace('.json', '')),
    'model',
    ...(history ? ['changes', 'manifest', 'price-history', 'release', 'changes-month'] : []),
  ];
  return stems.flatMap((stem) => [`${stem}.schema.json`, `${stem}.strict.schema.json`]);
}

/** The web page at `/` and the endpoint index (at /api, /api/ and /api/index.json). */
function sitePaths(): Record<string, unknown> {
  return {
    '/': pathItem({
      id: 'Page',
      tag: 'site',
      summary: 'The directory as a web page',
      description:
        'A human-readable HTML page of the directory for browsers. Programs should read the JSON documents under /api/.',
      contentType: 'text/html',
      schema: { type: 'string' },
    }),
    '/llms.txt': pathItem({
      id: 'LlmsTxt',
      tag: 'site',
      summary: 'A plain-text guide to the API for language models',
      description:
        'What each endpoint holds, how to compute a cost and where the schemas are, generated by the build from the endpoint index.',
      contentType: 'text/plain',
      schema: { type: 'string' },
    }),
    '/api': pathItem({
      id: 'ApiRoot',
      tag: 'meta',
      summary: 'The endpoint index (also at /api/)',
      contentType: 'application/json',
      schema: ref('IndexDocument'),
    }),
    '/api/index.json': pathItem({
      id: 'Index',
      tag: 'meta',
      summary: 'The list of endpoints',
      contentType: 'application/json',
      schema: ref('IndexDocument'),
    }),
  };
}

/** The six documents, freshness, then the cost documents (an extension). */
function documentPaths(): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  for (const [file, { summary }] of Object.entries(DOCUMENTS))
    paths[`/api/${file}`] = pathItem({
      id: operationStem(file),
      tag: 'directory',
      summary,
      contentType: 'application/json',
      schema: ref(DOCUMENT_SCHEMA_NAMES[file]!),
    });
  paths['/api/freshness.json'] = pathItem({
    id: 'Freshness',
    tag: 'directory',
    summary: 'Timestamps, versions, counts and ETags of every endpoint, and the refresh status',
    description: 'Tiny; poll this to know whether to refetch.',
    contentType: 'application/json',
    schema: ref('FreshnessDocument'),
  });
  for (const [file, { summary }] of Object.entries(COST_DOCUMENTS))
    paths[`/api/${file}`] = pathItem({
      id: operationStem(file),
      tag: 'directory',
      summary: `[extension] ${summary}`,
      contentType: 'application/json',
      schema: ref(`${operationStem(file)}Document`),
    });
  paths[`/api/${MODEL_DOCUMENT.directory}/{id}.json`] = pathItem({
    id: 'Model',
    tag: 'directory',
    summary: `[extension] ${MODEL_DOCUMENT.summary}`,
    description:
      'One document per tool of tools.json: the full sources (names, URLs, notes) and conflicts that tools.json leaves out, the lifecycle in words, its benchmarks.json entry, categories, use-case picks, platforms and worked cost examples.',
    contentType: 'application/json',
    schema: ref('ModelDocument'),
    mayBeMissing: true,
    parameters: [
      {
        name: 'id',
        in: 'path',
        required: true,
        schema: { type: 'string', pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$' },
        description: 'Id of a tool in tools.json.',
      },
    ],
  });
  return paths;
}

/** This OpenAPI document and the JSON Schemas (tolerant and strict) of the documents. */
function metaPaths(): Record<string, unknown> {
  return {
    '/api/openapi.json': pathItem({
      id: 'OpenApi',
      tag: 'meta',
      summary: 'This OpenAPI 3.1 document',
      contentType: 'application/json',
      schema: { type: 'object' },
    }),
    '/api/schemas/{schema}': pathItem({
      id: 'Schema',
      tag: 'meta',
      summary: 'A JSON Schema (draft 2020-12) of a published document',
      description:
        '`<document>.schema.json` is tolerant (fields added later are accepted); `<document>.strict.schema.json` rejects any field this version does not define. Both have `$id` and `title`.',
      contentType: 'application/json',
      schema: { type: 'object' },
      mayBeMissing: true,
      parameters: [
        {
          name: 'schema',
          in: 'path',
          required: true,
          schema: { type: 'string', enum: schemaFileNames(false) },
          description: 'Schema file name.',
        },
      ],
    }),
  };
}

export function buildOpenApi(options: OpenApiOptions = {}): Record<string, unknown> {
  const schemas: Record<string, unknown> = tolerant(
    namedJsonSchemas('#/components/schemas/', [['IndexDocument', indexDocument]]),
  );
  // Path order is the order of the published document: the page, the index, the documents, then meta.
  const paths: Record<string, unknown> = { ...sitePaths(), ...documentPaths(), ...metaPaths() };
  return {
    openapi: '3.1.0',
    info: {
      title: 'AI Coding Models Directory',
      version: '1.0.0',
      description:
        'Read-only JSON API of AI coding models: prices, context windows, benchmark scores, providers, categories, platforms and use cases. Every endpoint is a GET without parameters; filter client-side; a query string never changes the answer. Fields marked [extension] extend the original specification. No authentication, no rate limit. Every path also answers HEAD and OPTIONS (CORS preflight); any other method gets 405.',
      license: { name: 'Data: CC0-1.0; code: MIT', identifier: 'CC0-1.0' },
      // Whoever runs the instance answers for it; the public site, when one is configured, is where to find them.
      contact: {
        name: 'The maintainers of this directory instance',
        ...(options.baseUrl ? { url: options.baseUrl } : {}),
      },
    },
    servers: [
      {
        url: options.baseUrl ?? '/',
        description: options.baseUrl ? 'The public site.' : 'The origin this document was served from.',
      },
    ],
    security: [],
    tags: [
      { name: 'directory', description: 'The directory documents.' },
      { name: 'history', description: '[extension] Releases, change feed, manifest and price history.' },
      { name: 'meta', description: 'Index, OpenAPI document and JSON Schemas.' },
      { name: 'site', description: 'The web page.' },
    ],
    paths,
    components: {
      schemas,
      headers: COMPONENT_HEADERS,
      responses: COMPONENT_RESPONSES,
      parameters: COMPONENT_PARAMETERS,
    },
  };
}

export type { JsonSchema };
