/**
 * The request handler: a lookup in the in-memory artifact, content negotiation and
 * conditional requests. No framework on this path: every header is precomputed at load time.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { negotiateEncoding } from './negotiate.ts';
import {
  ALLOWED_METHODS,
  CACHE_CONTROL,
  HEADERS_COMMON,
  JSON_CONTENT_TYPE,
  PREFLIGHT_MAX_AGE,
} from '../artifact/http-policy.ts';
import type { LoadedArtifact, ServedResource } from './store.ts';
import { NOT_FOUND_PATH } from '../artifact/artifact.ts';

/** Friendly entry points that serve the endpoint index (`/` is the web page). */
const ALIASES: ReadonlyMap<string, string> = new Map([
  ['/api', '/api/index.json'],
  ['/api/', '/api/index.json'],
]);

const COMMON_HEADERS = Object.entries(HEADERS_COMMON).flat();
const CHUNKED_LAST = /(?:^|,)[ \t]*chunked[ \t]*$/i;

/** The one JSON error shape (src/schema/api.ts errorDocument). */
export function errorBody(status: number, message: string): Buffer {
  return Buffer.from(`${JSON.stringify({ error: { status, message } })}\n`);
}

function sendError(res: ServerResponse, status: number, message: string, head: boolean, extra: string[] = []): void {
  const body = errorBody(status, message);
  res.writeHead(status, [
    ...COMMON_HEADERS,
    'Content-Type',
    JSON_CONTENT_TYPE,
    'Content-Length',
    String(body.length),
    'Cache-Control',
    CACHE_CONTROL.error,
    ...extra,
  ]);
  res.end(head ? undefined : body);
}

/** Weak comparison (RFC 9110 8.8.3.2): a W/ prefix does not matter for If-None-Match. */
function etagMatches(header: string, etag: string): boolean {
  if (header === etag) return true; // the common case: a client echoing the ETag it got
  if (header.trim() === '*') return true;
  for (const candidate of header.split(',')) {
    const tag = candidate.trim();
    if ((tag.startsWith('W/') ? tag.slice(2) : tag) === etag) return true;
  }
  return false;
}

function isNotModified(req: IncomingMessage, etag: string, resource: ServedResource): boolean {
  const ifNoneMatch = req.headers['if-none-match'];
  if (ifNoneMatch !== undefined) return etagMatches(ifNoneMatch, etag);
  const ifModifiedSince = req.headers['if-modified-since'];
  if (ifModifiedSince !== undefined) {
    const since = Date.parse(ifModifiedSince);
    return Number.isFinite(since) && resource.lastModifiedMs <= since;
  }
  return false;
}

/** The answer to an Expect other than 100-continue (node:http's own 417 has no body and none of our headers). */
export function rejectExpectation(req: IncomingMessage, res: ServerResponse): void {
  sendError(
    res,
    417,
    'Expectation failed: the only expectation this server meets is 100-continue.',
    req.method === 'HEAD',
  );
}

// biome-ignore lint/complexity/noExcessiveLinesPerFunction: the request hot path stays in one closure on purpose: no extra calls or allocations per request
export function createHandler(current: () => LoadedArtifact) {
  // biome-ignore lint/complexity/noExcessiveLinesPerFunction: the hot path itself, kept as one function for the reason above
  return function handle(req: IncomingMessage, res: ServerResponse): void {
    const method = req.method;
    const url = req.url ?? '/';
    const queryStart = url.indexOf('?');
    const pathname = queryStart === -1 ? url : url.slice(0, queryStart);
    const head = method === 'HEAD';

    // node:http's own answer to a missing Host (requireHostHeader) has no body and none of our
    // headers; and it serves any major version its parser reads (HTTP/2.0 in a request line).
    if (req.httpVersionMajor !== 1 || (req.headers.host === undefined && req.httpVersionMinor === 1)) {
      const message =
        req.httpVersionMajor !== 1
          ? `Bad request: HTTP/${req.httpVersion} is not supported; this server speaks HTTP/1.1.`
          : 'Bad request: an HTTP/1.1 request needs a Host header.';
      sendError(res, 400, message, head, ['Connection', 'close']);
      return;
    }
    // A body whose length cannot be known (RFC 9112 6.3): node:http answers the request and then
    // reads whatever follows as its body; answer 400 and close instead.
    const transferEncoding = req.headers['transfer-encoding'];
    if (transferEncoding !== undefined && !CHUNKED_LAST.test(transferEncoding)) {
      sendError(res, 400, 'Bad request: a Transfer-Encoding must end with chunked.', head, ['Connection', 'close']);
      return;
    }
    if (method !== 'GET' && !head) {
      if (method === 'OPTIONS') {
        res.writeHead(204, [
          ...COMMON_HEADERS,
          'Allow',
          ALLOWED_METHODS,
          'Access-Control-Allow-Methods',
          ALLOWED_METHODS,
          'Access-Control-Allow-Headers',
          String(req.headers['access-control-request-headers'] ?? 'If-None-Match, If-Modified-Since'),
          'Access-Control-Max-Age',
          PREFLIGHT_MAX_AGE,
          'Cache-Control',
          'public, max-age=86400',
          'Vary',
          'Access-Control-Request-Headers',
        ]);
        res.end();
        return;
      }
      sendError(res, 405, `Method ${method} is not allowed; this API is read-only (GET, HEAD, OPTIONS).`, false, [
        'Allow',
        ALLOWED_METHODS,
      ]);
      return;
    }

    // Only the published files (the API, the web page's pages and assets): the 404 body, artifact.json and _headers are not resources.
    const key = ALIASES.get(pathname) ?? pathname;
    const { resources } = current();
    const resource = key === NOT_FOUND_PATH ? undefined : resources.get(key);
    if (resource === undefined) {
      // A page asked for without its trailing slash: its relative links need the canonical URL, as on static hosts.
      if (!key.endsWith('/') && resources.has(`${key}/`)) {
        res.writeHead(301, [
          ...COMMON_HEADERS,
          'Location',
          `${key}/${queryStart === -1 ? '' : url.slice(queryStart)}`,
          'Content-Length',
          '0',
          'Cache-Control',
          CACHE_CONTROL.latest,
        ]);
        res.end();
        return;
      }
      sendError(res, 404, 'Not found. See /api/index.json for the list of endpoints.', head);
      return;
    }
    const coding = negotiateEncoding(req.headers['accept-encoding'], resource.compressed);
    const representation = coding === null ? undefined : resource.representations[coding];
    if (representation === undefined) {
      sendError(res, 406, 'No acceptable content coding: this resource is available as br, gzip or identity.', head, [
        'Vary',
        'Accept-Encoding',
      ]);
      return;
    }
    if (isNotModified(req, representation.etag, resource)) {
      res.writeHead(304, representation.notModifiedHeaders);
      res.end();
      return;
    }
    res.writeHead(200, representation.headers);
    res.end(head ? undefined : representation.body);
  };
}
