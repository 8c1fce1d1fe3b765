/**
 * The one redaction of locations (upstream URLs, files, an origin to follow): whatever is stored,
 * logged or published names a location by scheme, host and path only. Userinfo
 * (`user:password@`), query strings (`?api_key=...`) and fragments are dropped, because that is
 * where credentials travel; a file is named by its base name (`file:api.json`), never by the
 * directories above it. Every boundary uses these functions: the guarded fetch's error messages,
 * the refresh report, the persisted status, release records, the follower's log. Pure.
 *
 * A secret placed in the path itself cannot be told apart from a path and is kept: put
 * credentials in the userinfo, the query string or the environment.
 */

const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;
/** A URL inside free text: scheme://, then everything up to a space, a quote or a bracket. */
const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>()[\]{}`|\\^]+/gi;
const REDACTED = '[redacted]';
/** Shorter values are not scrubbed from free text by value (they would hit ordinary words); the URL redaction still removes them. */
const MIN_SECRET_LENGTH = 4;

/** How a location may be shown: `skip`, `scheme://host[:port]/path`, or `file:<base name>`. */
export function redactLocation(location: string): string {
  if (location === 'skip') return location;
  if (SCHEME.test(location) && !/^file:/i.test(location)) {
    try {
      const url = new URL(location);
      return `${url.protocol}//${url.host}${url.pathname}`;
    } catch {
      // Not parseable: drop anything that could be userinfo, a query or a fragment by hand.
      const [scheme, rest = ''] = location.split(/:\/\/(.*)/s);
      const afterUserinfo = rest.includes('@') ? rest.slice(rest.lastIndexOf('@') + 1) : rest;
      return `${scheme}://${afterUserinfo.split(/[?#\s]/)[0]}`;
    }
  }
  const withoutScheme = location.replace(/^file:(\/\/)?/i, '').split(/[?#]/)[0]!;
  return `file:${withoutScheme.split(/[\\/]/).filter(Boolean).at(-1) ?? ''}`;
}

/** Values a location carries that must never be shown: user name, password, query values, fragment (raw and decoded). */
export function secretsOf(location: string): string[] {
  if (!SCHEME.test(location)) return [];
  const found = new Set<string>();
  const add = (value: string) => {
    for (const form of [value, safeDecode(value)]) if (form.length >= MIN_SECRET_LENGTH) found.add(form);
  };
  try {
    const url = new URL(location);
    add(url.username);
    add(url.password);
    if (url.username || url.password) add(`${url.username}:${url.password}`);
    for (const [, value] of url.searchParams) add(value);
    if (url.search.length > 1) add(url.search.slice(1));
    if (url.hash.length > 1) add(url.hash.slice(1));
  } catch {
    const rest = location.replace(SCHEME, '');
    const at = rest.lastIndexOf('@');
    if (at > 0) for (const part of rest.slice(0, at).split(':')) add(part);
  }
  return [...found].sort((a, b) => b.length - a.length);
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * Free text (an error message, a log line) with every URL in it redacted, and every value of
 * `secrets` (see secretsOf) replaced by `[redacted]` wherever it still appears.
 */
export function redactText(text: string, secrets: readonly string[] = []): string {
  let out = text.replace(URL_IN_TEXT, (url) => redactLocation(url));
  for (const secret of secrets) if (secret.length >= MIN_SECRET_LENGTH) out = out.split(secret).join(REDACTED);
  return out;
}
