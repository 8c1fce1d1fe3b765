/**
 * The embedded Node server: node:http with hardened timeouts, an in-memory artifact that can be
 * swapped without a restart, a live freshness document and graceful shutdown.
 */
import { watchFile, unwatchFile } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FreshnessDocument } from '../schema/api.ts';
import { serializeJson, sha256Hex } from '../build/artifact.ts';
import { createHandler } from './handler.ts';
import { loadArtifact, replaceDocument, type LoadedArtifact } from './store.ts';

export interface ServerOptions {
  distPath: string;
  host?: string;
  port?: number;
  /** Poll the artifact pointer and swap when another process publishes (ms; 0 disables). */
  watchIntervalMs?: number;
  log?: (line: string) => void;
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

/** Limits that keep slow or abusive clients from holding sockets or memory. */
export const LIMITS = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  maxHeaderSize: 16 * 1024,
  maxRequestsPerSocket: 10_000,
} as const;

const etagOf = (body: Buffer, suffix: string) => `"${sha256Hex(body).slice(0, 32)}${suffix}"`;

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
  const server = createServer({ maxHeaderSize: LIMITS.maxHeaderSize, requestTimeout: LIMITS.requestTimeoutMs, headersTimeout: LIMITS.headersTimeoutMs, keepAliveTimeout: LIMITS.keepAliveTimeoutMs }, handler);
  server.maxRequestsPerSocket = LIMITS.maxRequestsPerSocket;
  server.on('clientError', (error, socket) => {
    if (!socket.writable) return;
    const status = (error as NodeJS.ErrnoException).code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
    const body = JSON.stringify({ error: { status, message: status === 431 ? 'Request header fields too large.' : 'Bad request.' } });
    socket.end(`HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : 'Bad Request'}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nAccess-Control-Allow-Origin: *\r\nConnection: close\r\n\r\n${body}`);
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
