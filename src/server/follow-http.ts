/**
 * The follower's HTTP client for its origin: plain GETs of raw bytes under a byte cap, an idle
 * timeout and the poll's deadline. Whatever the origin does (more or fewer bytes than it or the
 * manifest announced, a reset, silence), a request settles once, as a rejected promise: no
 * 'error' event is left without a listener, and a socket that misbehaved is never reused.
 */
import type { Agent } from 'node:http';
import { http, https } from './node-http.ts';
import { redactLocation, secretsOf } from '../fs/redact.ts';

export class FollowError extends Error {
  override name = 'FollowError';
}

export interface Got {
  status: number;
  etag: string | undefined;
  body: Buffer;
}

export interface GetOptions {
  headers: Record<string, string>;
  /** More bytes than this is a failed download. */
  maxBytes: number;
  /** Exactly this many bytes, when known (a file the manifest lists). */
  exactBytes?: number;
  /** No byte for this long is a failed download (a hung origin). */
  idleMs: number;
  signal: AbortSignal;
  agent: Agent;
}

/** Why a response that announced `declared` bytes cannot be what is wanted, or null. */
function announcedProblem(declared: string | undefined, options: GetOptions): string | null {
  if (declared === undefined) return null;
  const length = Number(declared);
  if (!/^\d+$/.test(declared) || !Number.isSafeInteger(length)) return 'an invalid Content-Length';
  if (length > options.maxBytes) return `Content-Length ${length}, more than the limit of ${options.maxBytes}`;
  if (options.exactBytes !== undefined && length !== options.exactBytes)
    return `Content-Length ${length}, the manifest says ${options.exactBytes}`;
  return null;
}

/** A plain GET: raw bytes (no transparent decompression), every failure one rejection. */
export function get(url: URL, options: GetOptions): Promise<Got> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (message: string) => {
      if (settled) return;
      settled = true;
      request.destroy(); // the socket goes with it: a keep-alive socket that misbehaved is not reused
      reject(new FollowError(`${redactLocation(url.href)}: ${message}`));
    };
    const request = (url.protocol === 'https:' ? https() : http).request(url, {
      method: 'GET',
      headers: { 'accept-encoding': 'identity', ...options.headers },
      signal: options.signal,
      agent: options.agent,
    });
    request.on('error', (error) => fail(options.signal.aborted ? 'the poll ran out of time' : error.message));
    request.setTimeout(options.idleMs, () => fail(`nothing received for ${options.idleMs} ms`));
    request.on('response', (response) => {
      response.on('error', (error) => fail(error.message));
      const status = response.statusCode ?? 0;
      const problem = status === 200 ? announcedProblem(response.headers['content-length'], options) : null;
      if (problem) return fail(`answered with ${problem}`);
      const chunks: Buffer[] = [];
      let total = 0;
      const limit = options.exactBytes ?? options.maxBytes;
      response.on('data', (chunk: Buffer) => {
        total += chunk.length;
        if (total > limit) return fail(`sent more than ${limit} bytes`);
        chunks.push(chunk);
      });
      response.on('end', () => {
        if (settled) return;
        if (!response.complete) return fail('the response was cut short');
        settled = true;
        resolve({ status, etag: response.headers.etag, body: Buffer.concat(chunks, total) });
      });
      response.on('close', () => fail('the connection closed before the response ended'));
    });
    request.end();
  });
}

/** The origin as requests need it: userinfo moved into an Authorization header, the query string kept for every file. */
export interface Origin {
  shown: string;
  secrets: string[];
  headers: Record<string, string>;
  agent: Agent;
  fileUrl(file: string): URL;
}

function basicAuthorization(base: URL): string {
  const decode = (part: string) => {
    try {
      return decodeURIComponent(part);
    } catch {
      return part;
    }
  };
  return `Basic ${Buffer.from(`${decode(base.username)}:${decode(base.password)}`).toString('base64')}`;
}

export function originOf(origin: string, concurrency: number): Origin {
  const base = new URL(origin.endsWith('/') || origin.includes('?') ? origin : `${origin}/`);
  if (base.protocol !== 'http:' && base.protocol !== 'https:')
    throw new FollowError(`--follow needs an http(s) URL (got ${redactLocation(origin)})`);
  const headers: Record<string, string> = { 'user-agent': 'ai-coding-models-directory-follower' };
  if (base.username || base.password) {
    headers.authorization = basicAuthorization(base);
    base.username = '';
    base.password = '';
  }
  return {
    shown: redactLocation(origin),
    secrets: secretsOf(origin),
    headers,
    agent: new (base.protocol === 'https:' ? https().Agent : http.Agent)({ keepAlive: true, maxSockets: concurrency }),
    fileUrl(file) {
      const url = new URL(file.split('/').map(encodeURIComponent).join('/'), base);
      url.search = base.search;
      return url;
    },
  };
}
