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
import { BodyPool, BodyReader } from './body-pool.ts';
import type { DiskRepresentation, LoadedArtifact, ServedRepresentation } from './store.ts';
import { NOT_FOUND_PATH } from '../artifact/artifact.ts';

/** Friendly entry points that serve the endpoint index (`/` is the web page). */
const ALIASES: ReadonlyMap<string, string> = new Map([
  ['/api', '/api/index.json'],
  ['/api/', '/api/index.json'],
]);

const COMMON_HEADERS = Object.entries(HEADERS_COMMON).flat();
const CHUNKED_LAST = /(?:^|,)[ \t]*chunked[ \t]*$/i;
/** The largest request body a GET or HEAD may announce (nginx: client_max_body_size). */
const MAX_BODY_BYTES = 1024;

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

const DAY = '(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)';
const MONTH = '(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)';
const TIME = '\\d{2}:\\d{2}:\\d{2}';
/** IMF-fixdate (RFC 9110 5.6.7); like nginx, whatever zone follows the time is read as GMT. */
const IMF_FIXDATE = new RegExp(`^(${DAY}, \\d{2} ${MONTH} \\d{4} ${TIME})(?: \\S+)?$`);
/** The obsolete forms a recipient also accepts: RFC 850 and asctime. */
const OBSOLETE_DATE = new RegExp(
  `^(?:(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day, \\d{2}-${MONTH}-\\d{2} ${TIME} GMT|${DAY} ${MONTH} [ \\d]\\d ${TIME} \\d{4})$`,
);

/**
 * An If-Modified-Since value as a time, or NaN when it is not an HTTP date: a recipient ignores
 * an invalid date (RFC 9110 13.1.3), as nginx does; Date.parse alone reads "2030" as a date.
 */
export function httpDateMs(value: string): number {
  const imf = IMF_FIXDATE.exec(value);
  if (imf) return Date.parse(`${imf[1]} GMT`);
  if (!OBSOLETE_DATE.test(value)) return Number.NaN;
  return Date.parse(value.endsWith('GMT') ? value : `${value} GMT`);
}

function isNotModified(req: IncomingMessage, etag: string, resource: { lastModifiedMs: number }): boolean {
  const ifNoneMatch = req.headers['if-none-match'];
  if (ifNoneMatch !== undefined) return etagMatches(ifNoneMatch, etag);
  const ifModifiedSince = req.headers['if-modified-since'];
  if (ifModifiedSince !== undefined) {
    const since = httpDateMs(ifModifiedSince);
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

/**
 * What no request gets past: an HTTP version other than 1.x, an HTTP/1.1 request without Host,
 * a body whose length cannot be known. Answered (400, then close) when it returns true.
 */
function rejectedFraming(req: IncomingMessage, res: ServerResponse, head: boolean): boolean {
  // node:http's own answer to a missing Host (requireHostHeader) has no body and none of our
  // headers; and it serves any major version its parser reads (HTTP/2.0 in a request line).
  if (req.httpVersionMajor !== 1 || (req.headers.host === undefined && req.httpVersionMinor === 1)) {
    const message =
      req.httpVersionMajor !== 1
        ? `Bad request: HTTP/${req.httpVersion} is not supported; this server speaks HTTP/1.1.`
        : 'Bad request: an HTTP/1.1 request needs a Host header.';
    sendError(res, 400, message, head, ['Connection', 'close']);
    return true;
  }
  // A body whose length cannot be known (RFC 9112 6.3): node:http answers the request and then
  // reads whatever follows as its body; answer 400 and close instead.
  const transferEncoding = req.headers['transfer-encoding'];
  if (transferEncoding !== undefined && !CHUNKED_LAST.test(transferEncoding)) {
    sendError(res, 400, 'Bad request: a Transfer-Encoding must end with chunked.', head, ['Connection', 'close']);
    return true;
  }
  // A GET or HEAD announcing a body over 1 KiB: 413, as nginx answers (client_max_body_size 1k).
  // Other methods get their 405 whatever their body, on both.
  const contentLength = req.headers['content-length'];
  if (contentLength !== undefined && Number(contentLength) > MAX_BODY_BYTES && (head || req.method === 'GET')) {
    sendError(res, 413, 'Request body too large.', head, ['Connection', 'close']);
    return true;
  }
  return false;
}

/** Methods other than GET and HEAD: the CORS preflight, or 405. */
function answerOtherMethod(req: IncomingMessage, res: ServerResponse): void {
  if (req.method === 'OPTIONS') {
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
  sendError(res, 405, `Method ${req.method} is not allowed; this API is read-only (GET, HEAD, OPTIONS).`, false, [
    'Allow',
    ALLOWED_METHODS,
  ]);
}

/** A page asked for without its trailing slash: its relative links need the canonical URL, as on static hosts. */
function redirectToPage(res: ServerResponse, key: string, url: string, queryStart: number): void {
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
}

/**
 * The request hot path: a GET of a published file is a map lookup, a memoised negotiation and
 * one writeHead with precomputed headers. Rarer answers (errors, other methods, redirects) are
 * separate functions, called only off that path.
 */
export function createHandler(
  current: () => LoadedArtifact,
  onError: (res: ServerResponse, error: unknown) => void = (res) => res.destroy(),
) {
  // Bodies read from disk per request go back to this pool when sent (body-pool.ts says why): up to 16 MB of free
  // buffers kept, bodies over 4 MB read into buffers of their own.
  // Responses asking for a file while it is being read or sent share one buffer (BodyReader).
  const reader = new BodyReader(new BodyPool(16 << 20, 4 << 20));
  return function handle(req: IncomingMessage, res: ServerResponse): void {
    const method = req.method;
    const url = req.url ?? '/';
    const queryStart = url.indexOf('?');
    const pathname = queryStart === -1 ? url : url.slice(0, queryStart);
    const head = method === 'HEAD';
    if (rejectedFraming(req, res, head)) return;
    if (method !== 'GET' && !head) {
      answerOtherMethod(req, res);
      return;
    }

    // Only the published files (the API, the web page's pages and assets): the 404 body, artifact.json and _headers are not resources.
    const key = ALIASES.get(pathname) ?? pathname;
    const artifact = current();
    const resource = key === NOT_FOUND_PATH ? undefined : (artifact.resources.get(key) ?? artifact.onDisk.get(key));
    if (resource === undefined) {
      const page = `${key}/`;
      if (!key.endsWith('/') && (artifact.resources.has(page) || artifact.onDisk.has(page)))
        redirectToPage(res, key, url, queryStart);
      else sendError(res, 404, 'Not found. See /api/index.json for the list of endpoints.', head);
      return;
    }
    const coding = negotiateEncoding(req.headers['accept-encoding'], resource.compressed);
    const representation: ServedRepresentation | DiskRepresentation | undefined =
      coding === null ? undefined : resource.representations[coding];
    if (representation === undefined) {
      const message = 'No acceptable content coding: this resource is available as br, gzip or identity.';
      sendError(res, 406, message, head, ['Vary', 'Accept-Encoding']);
      return;
    }
    if (isNotModified(req, representation.etag, resource)) {
      res.writeHead(304, representation.notModifiedHeaders);
      res.end();
      return;
    }
    if ('body' in representation) {
      res.writeHead(200, representation.headers);
      res.end(head ? undefined : representation.body);
      return;
    }
    sendFromDisk(res, representation, head, reader, onError);
  };
}

/**
 * A file served from disk: HEAD needs only the headers; a GET reads the bytes first, so a read error can still be a
 * 500. The body is sent whole (a response pipelined behind it is answered as behind any other), and its buffer goes
 * back to the pool once the response has finished.
 */
function sendFromDisk(
  res: ServerResponse,
  representation: DiskRepresentation,
  head: boolean,
  reader: BodyReader,
  onError: (res: ServerResponse, error: unknown) => void,
): void {
  if (head) {
    res.writeHead(200, representation.headers);
    res.end();
    return;
  }
  reader.read(representation.path, representation.bytes).then(
    ({ body, done }) => {
      if (res.destroyed) {
        done(true); // nothing was written from it
        return;
      }
      res.writeHead(200, representation.headers);
      res.once('close', () => done(res.writableFinished));
      res.end(body);
    },
    (error: unknown) => onError(res, error),
  );
}

/**
 * The answer to an error no handler expected (a bug): the JSON 500 when nothing was sent yet,
 * else the connection is cut (a response already begun cannot become an error). Logged either way.
 */
export function internalError(res: ServerResponse, error: unknown, log: (line: string) => void): void {
  log(`internal error answering ${res.req?.method} ${res.req?.url}: ${(error as Error)?.stack ?? String(error)}`);
  if (res.headersSent || res.writableEnded) {
    res.destroy();
    return;
  }
  try {
    for (const name of res.getHeaderNames()) res.removeHeader(name);
    sendError(res, 500, 'Internal server error.', res.req?.method === 'HEAD', ['Connection', 'close']);
  } catch {
    res.destroy();
  }
}
