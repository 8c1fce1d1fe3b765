/**
 * A benchmark target in its own process, so its RSS and CPU are measured alone:
 *
 *   node --import tsx bench/server.ts ours <dist>   the embedded server (src/server/server.ts)
 *   node --import tsx bench/server.ts bare <dist>   the Node limit: bare node:http writing the
 *                                                   same precomputed bytes and headers
 *   node --import tsx bench/server.ts cluster <dist> <n>   the embedded server in n workers
 *                                                   (src/server/cluster.ts, as `npm start -- --workers n`)
 *
 * Listens on a free loopback port and reports it to the parent over IPC. Stops on SIGTERM, and
 * when that IPC channel closes: a benchmark that died (even by SIGKILL) leaves no server behind.
 */
import cluster from 'node:cluster';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bodyInMemory, loadArtifact } from '../src/server/store.ts';
import { startServer } from '../src/server/server.ts';
import { startCluster } from '../src/server/cluster.ts';
import { serveAsWorker } from '../src/server/cluster-worker.ts';

const [mode, distPath, workers] = process.argv.slice(2);
if ((mode !== 'ours' && mode !== 'bare' && mode !== 'cluster') || !distPath) {
  console.error('usage: bench/server.ts ours|bare|cluster <dist> [workers]');
  process.exit(2);
}

/** The port, and the worker processes when there are any (their RSS and CPU count too). */
const report = (port: number, workerPids: number[] = []) => {
  if (process.send) process.send({ port, workerPids });
  else console.log(JSON.stringify({ port, workerPids }));
};

if (mode === 'cluster' && cluster.isWorker) {
  // Production settings, as `npm start -- --workers n` runs each worker.
  await serveAsWorker({ distPath, host: '127.0.0.1', port: 0 });
} else if (mode === 'cluster') {
  const running = await startCluster({
    workers: Number(workers),
    port: 0,
    host: '127.0.0.1',
    log: (line) => console.log(line),
  });
  report(Number(new URL(running.url).port), running.workerPids());
  const stop = () => void running.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('disconnect', stop);
} else if (mode === 'ours') {
  // Production settings (limits, artifact watcher), only the address differs.
  const running = await startServer({ distPath, host: '127.0.0.1', port: 0 });
  report(Number(new URL(running.url).port));
  const stop = () => void running.close(1000).then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('disconnect', stop);
} else {
  // The least a Node server can do per request: one lookup, a substring test for br, an
  // exact If-None-Match comparison, and one writeHead + end of bytes loaded at start.
  const artifact = await loadArtifact(distPath);
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const resource = artifact.resources.get(req.url!);
    if (resource === undefined) {
      res.writeHead(404).end();
      return;
    }
    const representation =
      (req.headers['accept-encoding']?.includes('br') && resource.representations.br) ||
      resource.representations.identity!;
    if (req.headers['if-none-match'] === representation.etag) {
      res.writeHead(304, representation.notModifiedHeaders).end();
      return;
    }
    // The scenarios' documents are held whole (store.ts keeps only the largest identity bodies on disk).
    const body = bodyInMemory(representation);
    if (body === undefined) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, representation.headers).end(body);
  });
  server.listen(0, '127.0.0.1', () => report((server.address() as AddressInfo).port));
  const stop = () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  };
  process.on('SIGTERM', stop);
  process.on('disconnect', stop);
}
