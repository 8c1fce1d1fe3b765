/**
 * The embedded Node server: node:http with hardened timeouts, an in-memory artifact that can be
 * swapped without a restart, a live freshness document and graceful shutdown.
 * A little over 400 lines: the connection rules (timeouts, lingering close, resets, the raw answers to what
 * node:http refuses) share one per-socket state and read best beside the server that applies them.
 */
import { watchFile, unwatchFile } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { http } from './node-http.ts';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import type { FreshnessDocument } from '../schema/api.ts';
import { serializeJson, sha256Hex } from '../artifact/artifact.ts';
import { createHandler, errorBody, internalError, rejectExpectation } from './handler.ts';
import { ALLOWED_METHODS, CACHE_CONTROL, HEADERS_COMMON, JSON_CONTENT_TYPE } from '../artifact/http-policy.ts';
import { bodyInMemory, loadArtifact, replaceDocument, type LoadedArtifact } from './store.ts';

export interface ServerOptions {
  distPath: string;
  host?: string;
  port?: number;
  /**
   * Bind the port with SO_REUSEPORT, beside the other workers of `--workers N` (src/server/cluster.ts): the
   * kernel spreads new connections over the workers' sockets, and one that dies takes none with it.
   */
  reusePort?: boolean;
  /** Poll the artifact pointer and swap when another process publishes (ms; 0 disables). */
  watchIntervalMs?: number;
  log?: (line: string) => void;
  /** Overrides of LIMITS (tests use small timeouts). */
  limits?: Partial<Limits>;
  /** The live refresh status to serve from the first request on (a worker replacing another gets it from the primary). */
  refreshStatus?: { status: FreshnessDocument['refresh']; changedAt: string };
}

export interface RunningServer {
  server: Server;
  url: string;
  current(): LoadedArtifact;
  /** Loads the artifact `dist` points to now; keeps serving the old one if the new one cannot be read. */
  reload(): Promise<boolean>;
  /** `changedAt` (default now) is the live freshness document's Last-Modified: the primary of a cluster gives every worker the same. */
  setRefreshStatus(status: FreshnessDocument['refresh'], changedAt?: string): void;
  /**
   * Graceful shutdown: stops accepting, answers every request already received (the last one on
   * each connection with `Connection: close`), closes connections once they stay idle for
   * `limits.lingerMs`, and after `graceMs` closes whatever is left.
   */
  close(graceMs?: number): Promise<void>;
}

export interface Limits {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  maxHeaderSize: number;
  maxRequestsPerSocket: number;
  connectionsCheckingIntervalMs: number;
  sendTimeoutMs: number;
  maxPipelinedRequests: number;
  lingerMs: number;
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
  /**
   * A connection on which nothing moves for this long is closed: a client that stops reading its
   * response. While a write is pending node:http lets it pass once if the write progressed, so
   * such a client is cut off after 15 to 30 s (nginx: send_timeout 30s).
   */
  sendTimeoutMs: 15_000,
  /** Responses a connection may have queued behind the one being written; the one that reaches the bound says `Connection: close`. */
  maxPipelinedRequests: 32,
  /** How long a closing connection still reads: after an error answer (so the client gets it, not a reset), and at shutdown for a request already on its way. */
  lingerMs: 1_000,
};

/** Headers of the errors written straight to the socket (malformed, oversized or too slow requests). */
const CLIENT_ERROR_HEADERS = Object.entries({
  ...HEADERS_COMMON,
  'Content-Type': JSON_CONTENT_TYPE,
  'Cache-Control': CACHE_CONTROL.error,
})
  .map(([name, value]) => `${name}: ${value}\r\n`)
  .join('');

const etagOf = (body: Buffer, suffix: string) => `"${sha256Hex(body).slice(0, 32)}${suffix}"`;

/** An error response in the one JSON error shape, written straight to a socket, after which the connection closes. */
function rawErrorResponse(status: number, reason: string, message: string, extra = ''): Buffer {
  const body = errorBody(status, message);
  return Buffer.concat([
    Buffer.from(
      `HTTP/1.1 ${status} ${reason}\r\n${CLIENT_ERROR_HEADERS}${extra}Content-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
    ),
    body,
  ]);
}

const CONNECT_RESPONSE = rawErrorResponse(
  405,
  'Method Not Allowed',
  'Method CONNECT is not allowed; this API is read-only (GET, HEAD, OPTIONS).',
  `Allow: ${ALLOWED_METHODS}\r\n`,
);

/**
 * What the server knows about a connection beyond node:http. Made only for a connection that needs
 * it (a pipelined request, an error, a shutdown), never on the one-request-at-a-time path.
 */
interface ConnectionState {
  /** Responses queued behind the one being written (pipelining). */
  queued: number;
  /** The latest response node:http queued (or shutdown deferred) that has not finished; anything written straight to the socket waits for it. */
  last: ServerResponse | undefined;
  /** Requests received since shutdown began. */
  received: number;
  /** An error was answered (or is about to be); the connection closes after it. */
  ending: boolean;
}

/** The response node:http is writing on a socket, if any (its own bookkeeping, which its closeIdleConnections() reads too). */
const inProgress = (socket: Socket): ServerResponse | undefined =>
  (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage ?? undefined;

const connections = new WeakMap<Socket, ConnectionState>();
function stateOf(socket: Socket): ConnectionState {
  let state = connections.get(socket);
  if (state === undefined) {
    state = { queued: 0, last: undefined, received: 0, ending: false };
    connections.set(socket, state);
  }
  return state;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

function track(state: ConnectionState, res: ServerResponse): void {
  state.last = res;
  res.once('finish', () => {
    if (state.last === res) state.last = undefined;
  });
}

/** The request listeners: the one that serves, and the one that takes over from shutdown on. */
function requestListeners(handler: Handler, limits: Limits): { serving: Handler; closing: Handler } {
  /**
   * A response node:http queues behind another on its connection (pipelining): count it, bound
   * how many there are, and `answer` it once it has the socket, a turn of the event loop later.
   * Answered at once, every response of a pipelined batch would be written back to back as the
   * previous one leaves, without yielding: a client that pipelines large documents and does not
   * read would hold the event loop until the socket buffers are full (megabytes per connection).
   */
  const queue = (socket: Socket, res: ServerResponse, answer: () => void) => {
    const state = stateOf(socket);
    state.queued += 1;
    track(state, res);
    res.once('socket', () => {
      state.queued -= 1;
      setImmediate(answer);
    });
    if (state.queued >= limits.maxPipelinedRequests) res.shouldKeepAlive = false;
  };
  const serving: Handler = (req, res) => {
    if (res.socket === null) queue(req.socket, res, () => handler(req, res));
    else if (!req.socket.writableEnded) handler(req, res); // (ended: read while the connection closes, see lingeringClose)
  };
  // From shutdown on: every request received is answered, the last one of each connection with
  // Connection: close. Answered after the parser has read the rest of the bytes that brought it,
  // so that requests pipelined behind it are known and answered before the connection closes.
  const closing: Handler = (req, res) => {
    if (req.socket.writableEnded) return;
    const state = stateOf(req.socket);
    const seq = ++state.received;
    const answer = () => {
      if (seq === state.received) res.shouldKeepAlive = false;
      handler(req, res);
    };
    if (res.socket === null) queue(req.socket, res, answer);
    else {
      track(state, res);
      process.nextTick(answer);
    }
  };
  return { serving, closing };
}

/**
 * Closes a connection in stages (RFC 9112 9.6): ends our side after what was written, keeps
 * reading (and discarding) for lingerMs, then destroys it. node:http closes at once after a
 * response that says Connection: close; if the client is still sending (pipelined requests),
 * the kernel then resets the connection, which can destroy that response before the client
 * reads it.
 */
function lingeringClose(socket: Socket, lingerMs: number): void {
  if (socket.destroyed || socket.writableEnded) return;
  socket.end();
  const linger = setTimeout(() => socket.destroy(), lingerMs);
  linger.unref();
  socket.once('close', () => clearTimeout(linger));
}

/**
 * The last answer on a connection node:http no longer parses (an error, CONNECT, Upgrade):
 * `respond` runs once every response before it has finished (so pipelined requests are
 * answered in order, and the socket is free), and calls `close` when its answer is written;
 * the connection then closes, after lingerMs of reading what the client still sends, so the
 * client gets the answer instead of a reset.
 */
function lastWord(socket: Socket, lingerMs: number, respond: (close: () => void) => void): void {
  const state = stateOf(socket);
  if (state.ending) return;
  state.ending = true;
  const go = () => {
    if (socket.writable) respond(() => lingeringClose(socket, lingerMs));
    else if (!socket.writableEnded) socket.destroy();
  };
  const before = state.last ?? inProgress(socket);
  if (before !== undefined) before.once('finish', go);
  else go();
}

/** An answer written straight to the socket (node:http has no response object for it). */
const raw = (socket: Socket, response: Buffer) => (close: () => void) => {
  socket.write(response);
  close();
};

/** Answers what node:http does not hand to the request listener: malformed requests, CONNECT, Upgrade and Expect. */
function answerTheRest(server: Server, handler: Handler, limits: Limits): void {
  server.on('checkExpectation', rejectExpectation);
  server.on('clientError', (error, socket) => {
    if (socket.destroyed) return; // reset by the client: node:http has destroyed it already
    const code = (error as NodeJS.ErrnoException).code;
    const [status, reason, message] =
      code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', 'Request header fields too large.']
        : code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'Request Timeout', 'The request was not received in time.']
          : [400, 'Bad Request', 'Bad request.'];
    lastWord(socket as Socket, limits.lingerMs, raw(socket as Socket, rawErrorResponse(status, reason, message)));
  });
  // node:http hands a CONNECT request's socket over and drops it when nobody listens, and a
  // request asking for an upgrade (Upgrade and Connection: upgrade) stops it reading the requests
  // pipelined behind, even with nobody listening to upgrade it. Answer a CONNECT like every
  // other method this read-only API does not allow; answer an upgrade request like any other
  // (RFC 9110 7.8 lets a server ignore Upgrade), with Connection: close, so nothing the client
  // sent after it goes unanswered silently.
  const takeOver = (socket: Socket) => {
    socket.on('error', () => socket.destroy());
    socket.setTimeout(limits.sendTimeoutMs, () => socket.destroy());
    socket.resume(); // discard whatever else the client sends
  };
  server.on('connect', (_req: IncomingMessage, socket: Socket) => {
    takeOver(socket);
    lastWord(socket, limits.lingerMs, raw(socket, CONNECT_RESPONSE));
  });
  server.on('upgrade', (req: IncomingMessage, socket: Socket) => {
    takeOver(socket);
    lastWord(socket, limits.lingerMs, (close) => {
      const res = new http.ServerResponse(req);
      res.shouldKeepAlive = false;
      res.assignSocket(socket);
      res.once('finish', () => {
        res.detachSocket(socket);
        close();
      });
      handler(req, res);
    });
  });
}

/** `handler`, except that nothing it throws gets past it: the JSON 500, logged; the process stays up. */
function guarded(handler: Handler, log: (line: string) => void): Handler {
  return (req, res) => {
    try {
      handler(req, res);
    } catch (error) {
      internalError(res, error, log);
    }
  };
}

/**
 * A socket on which nothing moved for sendTimeoutMs. With a response still being written (a
 * client that stopped reading) it is reset: a graceful close would leave the unsent bytes in
 * the kernel (FIN-WAIT-1, megabytes per socket) until the client reads or the kernel gives up,
 * as nginx's reset_timedout_connection avoids. An idle connection closes gracefully.
 */
function onTimeout(socket: Socket): void {
  if (inProgress(socket) !== undefined || socket.writableLength > 0) socket.resetAndDestroy();
  else socket.destroy();
}

/** node:http with the limits, every kind of request answered, and the set of open connections. */
function createHttpServer(
  unguarded: Handler,
  limits: Limits,
  log: (line: string) => void,
): { server: Server; sockets: Set<Socket>; startClosing(): void } {
  const handler = guarded(unguarded, log);
  const server = http.createServer({
    maxHeaderSize: limits.maxHeaderSize,
    requestTimeout: limits.requestTimeoutMs,
    headersTimeout: limits.headersTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionsCheckingInterval: limits.connectionsCheckingIntervalMs,
    // The handler answers a missing Host with the JSON 400 (node:http's has no body and no headers).
    requireHostHeader: false,
  });
  server.maxRequestsPerSocket = limits.maxRequestsPerSocket;
  // Inactivity timeout of every socket; node:http replaces it with the keep-alive timeout between requests.
  server.setTimeout(limits.sendTimeoutMs);
  server.on('timeout', onTimeout);
  const listeners = requestListeners(handler, limits);
  server.on('request', listeners.serving);
  answerTheRest(server, handler, limits);
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.destroySoon = () => lingeringClose(socket, limits.lingerMs); // what node:http calls after a response that closes
  });
  const startClosing = () => {
    server.off('request', listeners.serving);
    server.on('request', listeners.closing);
  };
  return { server, sockets, startClosing };
}

/**
 * Graceful shutdown (RunningServer.close): stop accepting, answer what was received, close each
 * connection once it has been idle for lingerMs, and whatever is left after graceMs.
 */
function shutDown(http: ReturnType<typeof createHttpServer>, limits: Limits, graceMs: number): Promise<void> {
  const { server, sockets } = http;
  return new Promise<void>((resolve) => {
    http.startClosing();
    const force = setTimeout(() => server.closeAllConnections(), graceMs);
    force.unref();
    // node:http's close() also destroys every connection that is idle at this moment, losing
    // the request a keep-alive client may already have sent on it. Stop accepting without that:
    // idle connections close below, once they stay idle for lingerMs.
    const closeIdleConnections = server.closeIdleConnections;
    server.closeIdleConnections = () => {};
    server.close(() => {
      clearTimeout(force);
      resolve();
    });
    server.closeIdleConnections = closeIdleConnections;
    // Connections that go idle from now on (node:http adds 1 s to this), and those idle now.
    server.keepAliveTimeout = limits.lingerMs;
    for (const socket of sockets) if (inProgress(socket) === undefined) socket.setTimeout(limits.lingerMs);
  });
}

/** Listens where the options say (alone, or beside the other workers with SO_REUSEPORT). */
function listen(server: Server, options: ServerOptions): Promise<void> {
  const where = { port: options.port ?? 3000, host: options.host ?? '127.0.0.1' };
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.reusePort ? { ...where, exclusive: true, reusePort: true } : where, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const log = options.log ?? (() => {});
  let artifact = await loadArtifact(options.distPath);
  let refreshStatus: FreshnessDocument['refresh'] | undefined = options.refreshStatus?.status;
  let refreshStatusChangedAt = options.refreshStatus?.changedAt ?? new Date().toISOString();

  const applyRefreshStatus = (target: LoadedArtifact) => {
    if (!refreshStatus) return;
    const staticFreshness = bodyInMemory(target.resources.get('/api/freshness.json')?.representations.identity);
    if (!staticFreshness) return;
    const document = { ...(JSON.parse(staticFreshness.toString('utf8')) as FreshnessDocument), refresh: refreshStatus };
    replaceDocument(target, '/api/freshness.json', serializeJson(document), etagOf, refreshStatusChangedAt);
  };

  applyRefreshStatus(artifact);

  const limits: Limits = { ...LIMITS, ...options.limits };
  const http = createHttpServer(
    createHandler(
      () => artifact,
      (res, error) => internalError(res, error, log),
    ),
    limits,
    log,
  );
  const { server } = http;

  await listen(server, options);
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${host}:${address.port}`;

  let closing: Promise<void> | undefined;
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
    setRefreshStatus(status, changedAt) {
      refreshStatus = status;
      refreshStatusChangedAt = changedAt ?? new Date().toISOString();
      applyRefreshStatus(artifact);
    },
    close(graceMs = 10_000) {
      if (watchInterval > 0) unwatchFile(pointer);
      closing ??= shutDown(http, limits, graceMs);
      return closing;
    },
  };
}
