/**
 * Typed errors. Every failure of the client is a DirectoryError with a `kind`, so a caller can
 * branch without string matching: `network` (no HTTP answer), `http` (an answer with an error
 * status), `schema` (an answer that is not the document it should be), `not-found` (an id or
 * alias that resolves to no tool).
 */
export type DirectoryErrorKind = 'network' | 'http' | 'schema' | 'not-found';

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
  constructor(url: string, message: string, options?: { cause?: unknown }) {
    super('network', message, url, options);
    this.name = 'NetworkError';
  }
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

  constructor(what: string, query: string, suggestions: string[]) {
    super(
      'not-found',
      `unknown ${what} "${query}"${suggestions.length ? `; did you mean ${suggestions.map((s) => `"${s}"`).join(', ')}?` : ''}`,
    );
    this.name = 'NotFoundError';
    this.query = query;
    this.suggestions = suggestions;
  }
}
