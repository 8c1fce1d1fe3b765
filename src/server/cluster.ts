/**
 * `npm start -- --workers N` (N > 1): a primary process that forks N workers sharing one
 * listening port. On Linux and FreeBSD each worker binds the port itself with SO_REUSEPORT and the
 * kernel spreads new connections over their sockets: a worker that dies closes its socket, and no
 * connection is handed to it afterwards. (node:cluster's own round robin, used elsewhere, has the
 * primary accept each connection and pass it to a worker, and one passed to a worker in the
 * instant it dies is never answered.) The primary serves no request: it
 * replaces a worker that dies, relays reloads and the live refresh status to every worker, and
 * on SIGTERM asks each worker to shut down gracefully. It imports node:cluster and nothing of
 * the server, so it stays small (docs/performance.md gives its RSS).
 *
 * The protocol with the workers (src/server/cluster-worker.ts) is three messages each way.
 */
import cluster, { type Worker } from 'node:cluster';
import { createServer, type AddressInfo } from 'node:net';
import type { FreshnessDocument } from '../schema/api.ts';

type RefreshStatus = FreshnessDocument['refresh'];
/** A refresh status and when it was set (the Last-Modified of the live freshness document, the same in every worker). */
export interface LiveStatus {
  status: RefreshStatus;
  changedAt: string;
}

/** Worker → primary. */
export type WorkerMessage =
  | { type: 'listening'; url: string; buildId: string }
  | { type: 'reloaded'; id: number; swapped: boolean };

/** Primary → worker. */
export type PrimaryMessage = { type: 'reload'; id: number } | { type: 'refresh-status'; live: LiveStatus };

/** The refresh status a new worker applies before it answers its first request (JSON). */
export const REFRESH_STATUS_ENV = 'DIRECTORY_WORKER_REFRESH_STATUS';
/** The port a worker binds with SO_REUSEPORT (unset: it listens through node:cluster's round robin). */
export const REUSE_PORT_ENV = 'DIRECTORY_WORKER_REUSE_PORT';

/** Where the kernel balances connections over sockets bound with SO_REUSEPORT (elsewhere the last bound takes them all). */
const KERNEL_BALANCES = process.platform === 'linux' || process.platform === 'freebsd';

/**
 * The port the workers will share, found by binding it alone for a moment: a port another process
 * listens on (another `npm start` too) fails here, as it would for one process, instead of being
 * shared with it; port 0 becomes the free port the kernel picks. That port is free again until the first worker
 * binds it (a second or so): another process taking it then fails the start with EADDRINUSE, which is rare and
 * loud (tests and the bench ask for port 0; an operator names a port).
 */
function claimPort(port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen({ port, host, exclusive: true }, () => {
      const bound = (probe.address() as AddressInfo).port;
      probe.close(() => resolve(bound));
    });
  });
}

export interface ClusterOptions {
  workers: number;
  /** Where the workers listen (port 0: a free one). */
  port: number;
  host: string;
  log: (line: string) => void;
  /** The longest wait before a worker that keeps dying before it listens is started again (ms). */
  maxBackoffMs?: number;
}

export interface RunningCluster {
  /** Where the workers listen, as the first one reported it. */
  url: string;
  /** The build the first worker served. */
  buildId: string;
  /** The pids of the workers alive now. */
  workerPids(): number[];
  /** Every worker loads the artifact `dist` points to now; true when any of them swapped. */
  reload(): Promise<boolean>;
  /** Sets the live refresh block of /api/freshness.json in every worker, present and future. */
  setRefreshStatus(status: RefreshStatus): void;
  /** The last status set, if any. */
  refreshStatus(): RefreshStatus | undefined;
  /** SIGTERM to every worker (each finishes what it received), resolved once all have exited. */
  close(): Promise<void>;
}

interface PendingReload {
  waiting: Set<Worker>;
  swapped: boolean;
  done(): void;
}

/** The primary's bookkeeping: which workers listen, reloads awaiting their answers, the live status. */
class Supervisor implements RunningCluster {
  readonly #listening = new Set<Worker>();
  readonly #reloads = new Map<number, PendingReload>();
  #live: LiveStatus | undefined;
  #stopping = false;
  #failuresInARow = 0;
  #nextReload = 0;
  #first: { url: string; buildId: string } | undefined;
  /** Set until every first worker listens: a worker that dies then fails the start. */
  #startup: { resolve(): void; reject(error: Error): void } | undefined;
  /** The port every worker binds with SO_REUSEPORT, when the kernel balances them. */
  #sharedPort: number | undefined;

  constructor(private readonly options: ClusterOptions) {}

  async start(): Promise<RunningCluster> {
    if (KERNEL_BALANCES) this.#sharedPort = await claimPort(this.options.port, this.options.host);
    return new Promise<RunningCluster>((resolve, reject) => {
      this.#startup = { resolve: () => resolve(this), reject };
      for (let i = 0; i < this.options.workers; i += 1) this.#fork();
    });
  }

  get url(): string {
    return this.#first!.url;
  }

  get buildId(): string {
    return this.#first!.buildId;
  }

  workerPids(): number[] {
    return [...this.#listening].map((worker) => worker.process.pid!);
  }

  #fork(): void {
    const env: Record<string, string> = {};
    if (this.#live !== undefined) env[REFRESH_STATUS_ENV] = JSON.stringify(this.#live);
    if (this.#sharedPort !== undefined) env[REUSE_PORT_ENV] = String(this.#sharedPort);
    const worker = cluster.fork(env);
    worker.on('message', (message: WorkerMessage) => this.#onMessage(worker, message));
    worker.on('exit', (code, signal) => this.#onExit(worker, code, signal));
  }

  #onMessage(worker: Worker, message: WorkerMessage): void {
    if (message.type === 'reloaded') {
      this.#settleReload(message.id, worker, message.swapped);
      return;
    }
    this.#listening.add(worker);
    this.#failuresInARow = 0;
    this.#first ??= { url: message.url, buildId: message.buildId };
    if (!this.#startup)
      this.options.log(`worker ${worker.process.pid} serving (a replacement), artifact ${message.buildId}`);
    else if (this.#listening.size === this.options.workers) {
      this.#startup.resolve();
      this.#startup = undefined;
    }
  }

  #settleReload(id: number, worker: Worker, swapped: boolean): void {
    const pending = this.#reloads.get(id);
    if (!pending) return;
    pending.swapped ||= swapped;
    pending.waiting.delete(worker);
    if (pending.waiting.size === 0) pending.done();
  }

  #onExit(worker: Worker, code: number | null, signal: string | null): void {
    const wasListening = this.#listening.delete(worker);
    // A reload does not wait for a worker that is gone (its replacement reads the artifact anew).
    for (const id of [...this.#reloads.keys()]) this.#settleReload(id, worker, false);
    if (this.#stopping) return;
    const how = signal ?? `code ${code}`;
    if (this.#startup) {
      // A worker that cannot start (no artifact, port taken) would not start the next time either.
      this.#stopping = true;
      for (const other of this.#workers()) other.process.kill('SIGTERM');
      this.#startup.reject(new Error(`worker ${worker.process.pid} exited (${how}) before it was serving`));
      this.#startup = undefined;
      return;
    }
    // Replaced at once; one that keeps dying before it listens is retried less and less often.
    this.#failuresInARow = wasListening ? 0 : this.#failuresInARow + 1;
    const delay =
      this.#failuresInARow === 0
        ? 0
        : Math.min(this.options.maxBackoffMs ?? 30_000, 1000 * 2 ** (this.#failuresInARow - 1));
    this.options.log(
      `worker ${worker.process.pid} exited (${how}); starting a replacement${delay > 0 ? ` in ${delay / 1000} s (${this.#failuresInARow} failed to start in a row)` : ''}`,
    );
    setTimeout(() => {
      if (!this.#stopping) this.#fork();
    }, delay).unref();
  }

  #workers(): Worker[] {
    return Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);
  }

  reload(): Promise<boolean> {
    const id = this.#nextReload++;
    const waiting = new Set(this.#listening);
    if (waiting.size === 0) return Promise.resolve(false);
    return new Promise<boolean>((resolve) => {
      const pending: PendingReload = {
        waiting,
        swapped: false,
        done: () => {
          this.#reloads.delete(id);
          resolve(pending.swapped);
        },
      };
      this.#reloads.set(id, pending);
      for (const worker of waiting) worker.send({ type: 'reload', id } satisfies PrimaryMessage);
    });
  }

  setRefreshStatus(status: RefreshStatus): void {
    const live = { status, changedAt: new Date().toISOString() };
    this.#live = live;
    for (const worker of this.#workers())
      if (worker.isConnected()) worker.send({ type: 'refresh-status', live } satisfies PrimaryMessage);
  }

  refreshStatus(): RefreshStatus | undefined {
    return this.#live?.status;
  }

  close(): Promise<void> {
    this.#stopping = true;
    const exited = this.#workers().map(
      (worker) =>
        new Promise<void>((resolve) => {
          if (worker.isDead()) return resolve();
          worker.once('exit', () => resolve());
          worker.process.kill('SIGTERM');
        }),
    );
    return Promise.all(exited).then(() => {});
  }
}

/** Forks `options.workers` workers and resolves once every one of them listens. */
export function startCluster(options: ClusterOptions): Promise<RunningCluster> {
  return new Supervisor(options).start();
}
