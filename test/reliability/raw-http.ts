/**
 * HTTP/1.1 over raw sockets (node:net), for tests that must send what no HTTP client sends:
 * pipelined batches, malformed requests, missing Host, CONNECT, or a client that never reads.
 * Used by test/e2e/http-hardening.test.ts and by `npm run test:reliability`.
 */
import net from 'node:net';

export interface RawHttpResponse {
  version: string;
  status: number;
  /** Lower-cased names; repeated fields joined with ", ". */
  headers: Record<string, string>;
  body: Buffer;
  /** The response said `Connection: close` (or is HTTP/1.0 without keep-alive). */
  close: boolean;
}

export interface ParseResult {
  responses: RawHttpResponse[];
  /** Bytes not yet forming a complete response. */
  rest: Buffer;
  /** Set when the bytes cannot be an HTTP/1.x response stream. */
  error?: string;
  /** How many bytes of `rest` the next response needs, when its head says (else 0). */
  need?: number;
}

const CRLF2 = Buffer.from('\r\n\r\n');

function decodeChunked(buf: Buffer, from: number): { body: Buffer; end: number } | null | 'bad' {
  const parts: Buffer[] = [];
  let at = from;
  for (;;) {
    const lineEnd = buf.indexOf('\r\n', at);
    if (lineEnd === -1) return null;
    const size = Number.parseInt(buf.subarray(at, lineEnd).toString('latin1').split(';')[0]!.trim(), 16);
    if (!Number.isFinite(size) || size < 0) return 'bad';
    at = lineEnd + 2;
    if (size === 0) {
      // Trailers end with an empty line.
      const end = buf.indexOf('\r\n', at);
      if (end === -1) return null;
      if (end === at) return { body: Buffer.concat(parts), end: at + 2 };
      const trailersEnd = buf.indexOf(CRLF2, at);
      return trailersEnd === -1 ? null : { body: Buffer.concat(parts), end: trailersEnd + 4 };
    }
    if (buf.length < at + size + 2) return null;
    parts.push(buf.subarray(at, at + size));
    at += size + 2;
  }
}

/**
 * Splits a byte stream into responses. `bodiless[i]` says that response i answers a HEAD, so it
 * has no body whatever its Content-Length says. With `eof`, a response without framing ends at
 * the end of the stream. Interim 1xx responses are skipped (they answer nothing).
 */
export function parseResponses(input: Buffer, bodiless: readonly boolean[] = [], eof = false): ParseResult {
  const responses: RawHttpResponse[] = [];
  let buf = input;
  for (;;) {
    if (buf.length === 0) return { responses, rest: buf };
    const headEnd = buf.indexOf(CRLF2);
    if (headEnd === -1) {
      if (!/^HTTP\/1\.[01] /.test(buf.subarray(0, 9).toString('latin1')) && buf.length >= 9)
        return {
          responses,
          rest: buf,
          error: `not an HTTP response: ${JSON.stringify(buf.subarray(0, 40).toString('latin1'))}`,
        };
      return { responses, rest: buf };
    }
    const lines = buf.subarray(0, headEnd).toString('latin1').split('\r\n');
    const match = /^(HTTP\/1\.[01]) (\d{3})(?: .*)?$/.exec(lines[0]!);
    if (!match) return { responses, rest: buf, error: `bad status line: ${JSON.stringify(lines[0])}` };
    const headers: Record<string, string> = {};
    for (const line of lines.slice(1)) {
      const colon = line.indexOf(':');
      if (colon <= 0) return { responses, rest: buf, error: `bad header line: ${JSON.stringify(line)}` };
      const name = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
    }
    const status = Number(match[2]);
    const version = match[1]!;
    let start = headEnd + 4;
    let body: Buffer;
    let end: number;
    const noBody =
      (status >= 100 && status < 200) || status === 204 || status === 304 || bodiless[responses.length] === true;
    if (noBody) {
      body = Buffer.alloc(0);
      end = start;
    } else if (/\bchunked\b/i.test(headers['transfer-encoding'] ?? '')) {
      const decoded = decodeChunked(buf, start);
      if (decoded === 'bad') return { responses, rest: buf, error: 'bad chunked body' };
      if (decoded === null) return { responses, rest: buf };
      body = decoded.body;
      end = decoded.end;
    } else if (headers['content-length'] !== undefined) {
      const length = Number(headers['content-length']);
      if (!Number.isSafeInteger(length) || length < 0)
        return { responses, rest: buf, error: `bad Content-Length ${headers['content-length']}` };
      if (buf.length < start + length) return { responses, rest: buf, need: start + length };
      body = buf.subarray(start, start + length);
      end = start + length;
    } else {
      if (!eof) return { responses, rest: buf };
      body = buf.subarray(start);
      end = buf.length;
    }
    buf = buf.subarray(end);
    start = 0;
    if (status >= 100 && status < 200) continue;
    const connection = (headers.connection ?? '').toLowerCase();
    const close = connection.includes('close') || (version === 'HTTP/1.0' && !connection.includes('keep-alive'));
    responses.push({ version, status, headers, body, close });
  }
}

export interface ExchangeOptions {
  /** Give up (and report what arrived) after this long. */
  timeoutMs?: number;
  /** Resolve once this many responses arrived, without waiting for the server to close. */
  responses?: number;
  /** Which of the expected responses answer HEAD (no body). */
  bodiless?: readonly boolean[];
  /** Write the payload in pieces of at most this many bytes, one per event-loop turn. */
  fragment?: number;
}

export interface ExchangeResult {
  responses: RawHttpResponse[];
  /** The server closed (or reset) the connection. */
  closed: boolean;
  /** The connection was reset or failed (ECONNRESET, EPIPE, ECONNREFUSED...). */
  error?: string;
  timedOut: boolean;
  /** Bytes that did not parse as responses (with parseError when they cannot). */
  rest: Buffer;
  parseError?: string;
  bytesReceived: number;
}

/** Connects, writes `payload`, and collects responses until the server closes, `responses` arrived, or the timeout. */
export function exchange(
  port: number,
  payload: Buffer | string,
  options: ExchangeOptions = {},
): Promise<ExchangeResult> {
  const timeoutMs = options.timeoutMs ?? 5_000;
  const data = typeof payload === 'string' ? Buffer.from(payload, 'latin1') : payload;
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let received = 0;
    let settled = false;
    let error: string | undefined;
    const socket = net.connect({ host: '127.0.0.1', port });
    // Parsed as the bytes arrive, without parsing a large body again for each chunk of it.
    const responses: RawHttpResponse[] = [];
    let buffered = 0;
    let need = 0;
    const parse = (eof: boolean) => {
      const parsed = parseResponses(
        chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks),
        options.bodiless?.slice(responses.length),
        eof,
      );
      responses.push(...parsed.responses);
      chunks.length = 0;
      chunks.push(parsed.rest);
      buffered = parsed.rest.length;
      need = parsed.need ?? 0;
      return parsed;
    };
    const finish = (closed: boolean, timedOut: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const parsed = parse(closed);
      resolve({
        responses,
        closed,
        timedOut,
        rest: parsed.rest,
        parseError: parsed.error,
        bytesReceived: received,
        ...(error ? { error } : {}),
      });
    };
    const timer = setTimeout(() => finish(false, true), timeoutMs);
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      received += chunk.length;
      buffered += chunk.length;
      if (options.responses === undefined || buffered < need) return;
      parse(false);
      if (responses.length >= options.responses) finish(false, false);
    });
    socket.on('error', (e: NodeJS.ErrnoException) => {
      error = e.code ?? e.message;
    });
    socket.on('close', () => finish(true, false));
    socket.on('connect', () => {
      if (!options.fragment) {
        socket.write(data);
        return;
      }
      let at = 0;
      const step = () => {
        if (settled || at >= data.length || !socket.writable) return;
        socket.write(data.subarray(at, at + options.fragment!));
        at += options.fragment!;
        setImmediate(step);
      };
      step();
    });
  });
}

/** `GET <path> HTTP/1.1` with a Host and the given extra header lines. */
export function get(path: string, headers: Record<string, string> = {}, method = 'GET'): string {
  const lines = Object.entries({ Host: 'localhost', ...headers }).map(([name, value]) => `${name}: ${value}\r\n`);
  return `${method} ${path} HTTP/1.1\r\n${lines.join('')}\r\n`;
}

/** The one JSON error shape (src/schema/api.ts errorDocument) with the response's own status; null when it has it, else why not. */
export function errorShapeProblem(response: RawHttpResponse, head = false): string | null {
  if (response.headers['content-type'] !== 'application/json; charset=utf-8')
    return `Content-Type ${JSON.stringify(response.headers['content-type'])}`;
  if (response.headers['access-control-allow-origin'] !== '*') return 'no Access-Control-Allow-Origin';
  if (head) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(response.body.toString('utf8'));
  } catch {
    return `body is not JSON: ${JSON.stringify(response.body.subarray(0, 60).toString('latin1'))}`;
  }
  const error = (parsed as { error?: { status?: unknown; message?: unknown } } | null)?.error;
  const keys = parsed !== null && typeof parsed === 'object' ? Object.keys(parsed) : [];
  if (!error || keys.length !== 1 || Object.keys(error).sort().join() !== 'message,status')
    return `body is not { error: { status, message } }: ${response.body.subarray(0, 80).toString('utf8')}`;
  if (error.status !== response.status || typeof error.message !== 'string')
    return `error.status ${String(error.status)} for HTTP ${response.status}`;
  return null;
}
