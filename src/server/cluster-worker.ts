/**
 * One worker of `npm start -- --workers N` (src/server/cluster.ts is the primary): the same
 * server as a single process (startServer: limits, artifact watcher, graceful shutdown), which
 * also reloads and takes the live refresh status when the primary relays them. A worker exits
 * by itself when the primary dies (node:cluster closes its IPC channel), so none is orphaned.
 */
import {
  REFRESH_STATUS_ENV,
  REUSE_PORT_ENV,
  type LiveStatus,
  type PrimaryMessage,
  type WorkerMessage,
} from './cluster.ts';
import { startServer, type RunningServer, type ServerOptions } from './server.ts';

export async function serveAsWorker(options: ServerOptions): Promise<RunningServer> {
  const send = (message: WorkerMessage) => process.send?.(message);
  let running: RunningServer | undefined;
  const inherited = process.env[REFRESH_STATUS_ENV];
  // The status the primary had when it forked this worker, served from the first request on.
  let live: LiveStatus | undefined = inherited ? (JSON.parse(inherited) as LiveStatus) : undefined;
  // Listening before the server exists: a status relayed while this worker starts is applied once it does.
  // (The primary asks only listening workers to reload; one that is starting reads the artifact anew.)
  process.on('message', (message: PrimaryMessage) => {
    if (message.type === 'refresh-status') {
      live = message.live;
      running?.setRefreshStatus(live.status, live.changedAt);
    } else if (message.type === 'reload') {
      const reloaded = running ? running.reload() : Promise.resolve(false);
      void reloaded.then((swapped) => send({ type: 'reloaded', id: message.id, swapped }));
    }
  });
  const started = live;
  // The port the primary claimed, bound beside the other workers (SO_REUSEPORT) where the kernel balances them.
  const shared = process.env[REUSE_PORT_ENV];
  const listen = shared === undefined ? {} : { port: Number(shared), reusePort: true };
  running = await startServer({ ...options, ...listen, refreshStatus: live });
  if (live !== started && live !== undefined) running.setRefreshStatus(live.status, live.changedAt);
  send({ type: 'listening', url: running.url, buildId: running.current().buildId });
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void running.close().then(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  // Ctrl-C reaches the whole process group; the primary relays it as SIGTERM once it has stopped
  // replacing workers. Stopping here as well could exit before that, and be taken for a death.
  process.on('SIGINT', () => {});
  return running;
}
