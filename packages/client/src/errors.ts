/**
 * Typed errors. Every failure of the client is a DirectoryError with a `kind`, so a caller can
 * branch without string matching: `network` (no HTTP answer, or none in time), `http` (an answer
 * with an error status), `schema` (an answer that is not the document it should be, or pricing
 * data the cost rules cannot apply), `not-found` (an id, alias, platform or use case that names
 * nothing), `invalid-input` (a call that cannot mean anything: negative tokens, an instant
 * without a zone, a bad option or flag).
 */
import { CostError } from '../../../src/cost/errors.ts';

export type DirectoryErrorKind = 'network' | 'http' | 'schema' | 'not-found' | 'invalid-input';

export class DirectoryError extends Error {
  readonly kind: DirectoryErrorKind;
  /** The URL requested, when the error came from a request. */
  readonly url: string | null;

  constructor(kind: DirectoryErrorKind, message: string, url: string | null = null, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DirectoryError';
    this.kind = kind;
    this.url = url;
  }
}

/** No HTTP answer: DNS, connection refused or reset, TLS, timeout or abort. */
export class NetworkError extends DirectoryError {
  /** True when the request was given up after `timeoutMs` (headers or body did not arrive in time). */
  readonly timedOut: boolean;
  /** The system error code when there is one (`ECONNREFUSED`, `ENOTFOUND`, ...). */
  readonly code: string | null;

  constructor(url: string, message: string, options?: { cause?: unknown; timedOut?: boolean }) {
    super('network', message, url, options);
    this.name = 'NetworkError';
    this.timedOut = options?.timedOut ?? false;
    this.code = systemCodeOf(options?.cause);
  }
}

/** The `code` of an error or of its cause (fetch wraps the socket's error in a TypeError). */
function systemCodeOf(error: unknown): string | null {
  for (let e = error, depth = 0; e && depth < 3; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return null;
}

/** The server answered with a status other than 200 or 304. `message` is the API's error message when it sent one. */
export class HttpError extends DirectoryError {
  readonly status: number;
  /** The API's `{ error: { status, message } }` body, when the answer had one. */
  readonly body: { error: { status: number; message: string } } | null;

  constructor(url: string, status: number, body: { error: { status: number; message: string } } | null) {
    super('http', `${url}: HTTP ${status}${body?.error?.message ? ` (${body.error.message})` : ''}`, url);
    this.name = 'HttpError';
    this.status = status;
    this.body = body;
  }
}

/** The answer is not valid JSON, or (with validation on) not shaped like the document. `issues` names each problem. */
export class SchemaError extends DirectoryError {
  readonly issues: string[];

  constructor(url: string, issues: string[]) {
    super(
      'schema',
      `${url}: the response does not match the schema (${issues.slice(0, 3).join('; ')}${issues.length > 3 ? `; and ${issues.length - 3} more` : ''})`,
      url,
    );
    this.name = 'SchemaError';
    this.issues = issues;
  }
}

/** An id or alias that resolves to no tool; `suggestions` are the closest ids. */
export class NotFoundError extends DirectoryError {
  readonly query: string;
  readonly suggestions: string[];

  constructor(what: string, query: string, suggestions: string[], reason?: string) {
    super(
      'not-found',
      `unknown ${what} "${query}"${reason ? `: it ${reason}` : ''}${suggestions.length ? `; did you mean ${suggestions.map((s) => `"${s}"`).join(', ')}?` : ''}`,
    );
    this.name = 'NotFoundError';
    this.query = query;
    this.suggestions = suggestions;
  }
}

/**
 * A call that cannot mean anything. `code` says which rule it broke: the cost engine's
 * (`invalid-usage`, `invalid-instant`, `invalid-date`, `invalid-platform`) or `invalid-option`.
 */
export class InvalidInputError extends DirectoryError {
  readonly code: string;

  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super('invalid-input', message, null, options);
    this.name = 'InvalidInputError';
    this.code = code;
  }
}

/**
 * The cost engine speaks CostError (it serves the build too); at the client's boundary that
 * becomes a DirectoryError so callers branch on one type. Broken pricing data is the API's fault
 * (`schema`), anything else the caller's (`invalid-input`). Other errors pass through unchanged.
 */
export function asDirectoryError(error: unknown): unknown {
  if (!(error instanceof CostError)) return error;
  if (error.code === 'invalid-data') return new DirectoryError('schema', error.message, null, { cause: error });
  return new InvalidInputError(error.code, error.message, { cause: error });
}

/** Runs `fn`, rethrowing a cost-engine error as a DirectoryError (see asDirectoryError). */
export function directoryErrors<T>(fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    throw asDirectoryError(error);
  }
}
