/**
 * `npm start`: serves dist/ (building it first when missing) on HOST:PORT, refreshes on a
 * schedule, swaps artifacts without a restart and shuts down gracefully on SIGTERM/SIGINT.
 */
import { access } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PATHS } from '../config.ts';
import { buildDocuments, prepareFromDocuments } from '../build/build.ts';
import { loadSourceData } from '../build/load.ts';
import { publishArtifact } from '../build/artifact.ts';
import { startServer } from './server.ts';

async function ensureArtifact(distPath: string, dataDir: string): Promise<void> {
  try {
    await access(path.join(distPath, 'artifact.json'));
    return;
  } catch {
    console.log(`no artifact at ${distPath}; building from ${dataDir}`);
  }
  const source = await loadSourceData(dataDir);
  const built = buildDocuments(source);
  await publishArtifact(prepareFromDocuments({ documents: built.documents, meta: source.meta.data }), distPath);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: process.env.PORT ?? '3000' },
      host: { type: 'string', default: process.env.HOST ?? '0.0.0.0' },
      dist: { type: 'string', default: PATHS.dist },
      data: { type: 'string', default: PATHS.data },
    },
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be an integer 0-65535 (got ${JSON.stringify(values.port)})`);
  await ensureArtifact(values.dist, values.data);
  const running = await startServer({ distPath: values.dist, host: values.host, port, log: (line) => console.log(line) });
  console.log(`AI Coding Models Directory serving artifact ${running.current().buildId} at ${running.url}/api/ (pid ${process.pid})`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: finishing in-flight requests, then exiting`);
    void running.close().then(() => process.exit(0));
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
