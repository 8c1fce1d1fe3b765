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

/** The web page (src/web/): HTML pages and their content-hashed assets. */
export const HTML_CONTENT_TYPE = 'text/html; charset=utf-8';
export const JS_CONTENT_TYPE = 'text/javascript; charset=utf-8';
export const SVG_CONTENT_TYPE = 'image/svg+xml';

/**
 * The one inline stylesheet every page carries (src/web/styles.ts), by its hash. Written here by
 * `npm run docs` (this folder may not import the page's code), and checked against the page's
 * stylesheet by test/unit/http-policy.test.ts, so a style change cannot ship an unstyled page.
 */
export const INLINE_STYLESHEET_SOURCE = "'sha256-TC4GxgAF5bzkCsJ7+ZvOCcFRsLtAuCO+3+FnccBCH0Y='";

/**
 * HTML pages run no inline script and no inline style other than the site's own stylesheet:
 * everything else comes from the site's own files (the script's fetches of the JSON documents
 * included), and nothing may frame them.
 */
export const CONTENT_SECURITY_POLICY = `default-src 'none'; script-src 'self'; style-src ${INLINE_STYLESHEET_SOURCE}; img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`;

const HTML_HEADERS: Readonly<Record<string, string>> = { 'Content-Security-Policy': CONTENT_SECURITY_POLICY };
const NO_HEADERS: Readonly<Record<string, string>> = {};

/** Headers a file gets beyond HEADERS_COMMON, by content type (the CSP for HTML pages). */
export function policyHeadersFor(contentType: string): Readonly<Record<string, string>> {
  return contentType === HTML_CONTENT_TYPE ? HTML_HEADERS : NO_HEADERS;
}

/** Content type of each kind of web page file. */
export const WEB_CONTENT_TYPES = {
  html: HTML_CONTENT_TYPE,
  js: JS_CONTENT_TYPE,
  svg: SVG_CONTENT_TYPE,
} as const;
