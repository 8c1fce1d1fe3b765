/**
 * The embedded Node server: node:http with hardened timeouts, an in-memory artifact that can be
 * swapped without a restart, a live freshness document and graceful shutdown.
 */
import { watchFile, unwatchFile } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import type { FreshnessDocument } from '../schema/api.ts';
import { serializeJson, sha256Hex } from '../artifact/artifact.ts';
import { createHandler, rejectExpectation } from './handler.ts';
import { ALLOWED_METHODS, CACHE_CONTROL, HEADERS_COMMON, JSON_CONTENT_TYPE } from '../artifact/http-policy.ts';
import { loadArtifact, replaceDocument, type LoadedArtifact } from './store.ts';

export interface ServerOptions {
  distPath: string;
  host?: string;
  port?: number;
  /** Poll the artifact pointer and swap when another process publishes (ms; 0 disables). */
  watchIntervalMs?: number;
  log?: (line: string) => void;
  /** Overrides of LIMITS (tests use small timeouts). */
  limits?: Partial<Limits>;
}

export interface RunningServer {
  server: Server;
  url: string;
  current(): LoadedArtifact;
  /** Loads the artifact `dist` points to now; keeps serving the old one if the new one cannot be read. */
  reload(): Promise<boolean>;
  setRefreshStatus(status: FreshnessDocument['refresh']): void;
  close(graceMs?: number): Promise<void>;
}

export interface Limits {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  maxHeaderSize: number;
  maxRequestsPerSocket: number;
  connectionsCheckingIntervalMs: number;
}

/** Limits that keep slow or abusive clients from holding sockets or memory. */
export const LIMITS: Readonly<Limits> = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  maxHeaderSize: 16 * 1024,
  maxRequestsPerSocket: 10_000,
  /** How often node:http checks headersTimeout/requestTimeout (its default, 30 s, lets a slow client hold a socket for up to 40 s). */
  connectionsCheckingIntervalMs: 1_000,
};

/** Headers of the errors written straight to the socket (malformed, oversized or too slow requests). */
const CLIENT_ERROR_HEADERS = Object.entries({ ...HEADERS_COMMON, 'Content-Type': JSON_CONTENT_TYPE, 'Cache-Control': CACHE_CONTROL.error })
  .map(([name, value]) => `${name}: ${value}\r\n`)
  .join('');

const etagOf = (body: Buffer, suffix: string) => `"${sha256Hex(body).slice(0, 32)}${suffix}"`;

/** An error response in the one JSON error shape, written straight to a socket, after which the connection closes. */
function rawErrorResponse(status: number, reason: string, message: string, extra = ''): string {
  const body = `${JSON.stringify({ error: { status, message } })}\n`;
  return `HTTP/1.1 ${status} ${reason}\r\n${CLIENT_ERROR_HEADERS}${extra}Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
}

const CONNECT_RESPONSE = rawErrorResponse(405, 'Method Not Allowed', 'Method CONNECT is not allowed; this API is read-only (GET, HEAD, OPTIONS).', `Allow: ${ALLOWED_METHODS}\r\n`);

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const log = options.log ?? (() => {});
  let artifact = await loadArtifact(options.distPath);
  let refreshStatus: FreshnessDocument['refresh'] | undefined;
  let refreshStatusChangedAt = new Date().toISOString();

  const applyRefreshStatus = (target: LoadedArtifact) => {
    if (!refreshStatus) return;
    const staticFreshness = target.resources.get('/api/freshness.json')?.representations.identity?.body;
    if (!staticFreshness) return;
    const document = { ...(JSON.parse(staticFreshness.toString('utf8')) as FreshnessDocument), refresh: refreshStatus };
    replaceDocument(target, '/api/freshness.json', serializeJson(document), etagOf, refreshStatusChangedAt);
  };

  const handler = createHandler(() => artifact);
  const limits: Limits = { ...LIMITS, ...options.limits };
  const server = createServer(
    {
      maxHeaderSize: limits.maxHeaderSize,
      requestTimeout: limits.requestTimeoutMs,
      headersTimeout: limits.headersTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      connectionsCheckingInterval: limits.connectionsCheckingIntervalMs,
      // The handler answers a missing Host with the JSON 400 (node:http's has no body and no headers).
      requireHostHeader: false,
    },
    handler,
  );
  server.maxRequestsPerSocket = limits.maxRequestsPerSocket;
  server.on('checkExpectation', rejectExpectation);
  server.on('clientError', (error, socket) => {
    if (!socket.writable) return;
    const code = (error as NodeJS.ErrnoException).code;
    const [status, reason, message] =
      code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', 'Request header fields too large.']
        : code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'Request Timeout', 'The request was not received in time.']
          : [400, 'Bad Request', 'Bad request.'];
    socket.end(rawErrorResponse(status, reason, message));
  });
  // node:http hands a CONNECT request's socket over and drops it when nobody listens; answer it
  // like every other method this read-only API does not allow.
  server.on('connect', (_req: IncomingMessage, socket: Socket) => {
    socket.on('error', () => socket.destroy());
    socket.setTimeout(limits.keepAliveTimeoutMs, () => socket.destroy());
    socket.resume(); // discard whatever else the client sends
    socket.end(CONNECT_RESPONSE);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 3000, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${host}:${address.port}`;

  let reloading: Promise<boolean> | undefined;
  const reload = async (): Promise<boolean> => {
    reloading ??= (async () => {
      try {
        const next = await loadArtifact(options.distPath);
        if (next.buildId === artifact.buildId) return false;
        applyRefreshStatus(next);
        artifact = next;
        log(`serving artifact ${next.buildId}`);
        return true;
      } catch (error) {
        log(`kept artifact ${artifact.buildId}: could not load the new one (${(error as Error).message})`);
        return false;
      } finally {
        reloading = undefined;
      }
    })();
    return reloading;
  };

  const pointer = path.join(options.distPath, 'artifact.json');
  const watchInterval = options.watchIntervalMs ?? 1000;
  if (watchInterval > 0) watchFile(pointer, { interval: watchInterval }, () => void reload());

  return {
    server,
    url,
    current: () => artifact,
    reload,
    setRefreshStatus(status) {
      refreshStatus = status;
      refreshStatusChangedAt = new Date().toISOString();
      applyRefreshStatus(artifact);
    },
    close(graceMs = 10_000) {
      if (watchInterval > 0) unwatchFile(pointer);
      return new Promise<void>((resolve) => {
        const force = setTimeout(() => server.closeAllConnections(), graceMs);
        // Keep-alive sockets that finish their in-flight request become idle after close(); sweep them
        // instead of waiting for the keep-alive timeout.
        const sweep = setInterval(() => server.closeIdleConnections(), 50);
        force.unref();
        sweep.unref();
        server.close(() => {
          clearTimeout(force);
          clearInterval(sweep);
          resolve();
        });
        server.closeIdleConnections();
      });
    },
  };
}
