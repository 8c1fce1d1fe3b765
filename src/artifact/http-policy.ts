/**
 * The HTTP policy shared by the Node server, the static `_headers` file and the nginx config,
 * so every way of serving the artifact behaves the same.
 */

/**
 * Data changes weekly: clients may reuse a response for 5 minutes, then serve it stale for up
 * to a day while revalidating in the background (a 304 costs a few bytes). Dated release
 * paths never change, so they are cached for a year.
 */
export const CACHE_CONTROL = {
  latest: 'public, max-age=300, stale-while-revalidate=86400, stale-if-error=604800',
  immutable: 'public, max-age=31536000, immutable',
  error: 'no-store',
} as const;

export const HEADERS_COMMON = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'ETag, Last-Modified, Content-Length, Content-Encoding',
  'X-Content-Type-Options': 'nosniff',
  'Cross-Origin-Resource-Policy': 'cross-origin',
} as const;

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';
export const ALLOWED_METHODS = 'GET, HEAD, OPTIONS';
export const PREFLIGHT_MAX_AGE = '86400';
