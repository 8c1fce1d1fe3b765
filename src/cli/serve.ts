/**
 * `npm start`: serves dist/ (building it first when missing) on HOST:PORT, swaps artifacts without
 * a restart and shuts down gracefully on SIGTERM/SIGINT. One process publishes, many serve: by
 * default an instance only serves (and follows `dist` when another process publishes to it);
 * `--refresh` makes it the publisher (the scheduled refresh runs here); `--follow <origin>` makes
 * it follow an artifact published on another host. `--workers N` (default: one per core) serves
 * from N worker processes sharing the port (src/server/cluster.ts); this process then only
 * supervises them, and the refresh or the follower runs here, once, for all of them.
 */
import cluster from 'node:cluster';
import { access, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PATHS } from '../fs/paths.ts';
import { redactLocation } from '../fs/redact.ts';
import type { RefreshConfig } from '../refresh/config.ts';
import { hasPending } from '../refresh/journal-paths.ts';
import type { FreshnessDocument } from '../schema/api.ts';
import type { ServedDataset } from '../refresh/service.ts';
import type { Follower } from '../server/follow.ts';
import type { RunningServer } from '../server/server.ts';

// A server that only serves an artifact imports the server and nothing else: the refresh, the
// config schema (zod), the build and the follower load on demand, when this instance needs them.
// That keeps the time to the first answer and the idle memory low (npm run bench measures both).
// The primary of several workers does not even import the server: it serves nothing.

const USAGE = `usage: npm start -- [options]
  (default)                  serve the artifact dist points to; swap when another process publishes
                             there (a refresh on this host, CI, rsync). This instance never refreshes.
  --refresh                  the publisher: also run the scheduled refresh here (one instance only)
  --refresh-cron "<cron>"    its schedule (default: refresh.config.json "schedule"); needs --refresh
  --follow <origin-url>      a follower on another host: mirror the artifact published at <origin-url>
                             (a static file server of the publisher's dist/), verify every file, swap
  --follow-interval <s>      seconds between polls of <origin-url>/artifact.json (default 30)
  --port <n> --host <addr>   where to listen (default PORT or 3000, HOST or 0.0.0.0)
  --workers <n>              serve from n processes sharing the port (default WORKERS or one per core,
                             here ${os.availableParallelism()}); a worker that dies is replaced. 1: one process, no supervisor
  --dist <path> --data <dir> --releases <dir> --state <dir> --config <file>
  --no-refresh               accepted for compatibility: the default`;

type Locations = { distPath: string; dataDir: string; releasesDir: string; stateDir: string };

async function ensureArtifact(locations: Locations, loadConfig: () => Promise<RefreshConfig>): Promise<void> {
  try {
    await access(path.join(locations.distPath, 'artifact.json'));
    return;
  } catch {
    console.log(
      `no artifact at ${locations.distPath}; building from ${locations.dataDir} and ${locations.releasesDir}`,
    );
  }
  // Imported only when needed: the build pulls in the schemas, scoring and compression code,
  // which a server that just serves an existing artifact never uses (about 20 MB of RSS).
  const [{ publishFromDisk, firstBuildNote }, { readStatus }, { publishedRefreshStatus }] = await Promise.all([
    import('../history/publish.ts'),
    import('../refresh/status.ts'),
    import('../refresh/freshness.ts'),
  ]);
  // The static freshness shows the last refresh this state directory recorded.
  const [status, config] = await Promise.all([readStatus(locations.stateDir), loadConfig()]);
  const refresh = status?.lastAttempt
    ? publishedRefreshStatus(status, config, new Date(status.lastAttempt))
    : undefined;
  const started = performance.now();
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
  const { releasesStored } = await publishFromDisk(locations, { ...config, refresh }, (step) =>
    console.log(`build [${seconds()} s] ${step}`),
  );
  console.log(`build [${seconds()} s] done${firstBuildNote(Number(seconds()), releasesStored)}`);
}

/** The recovery every refresh starts with, run before serving: a publish committed before a crash is completed now, not at the next refresh. */
async function recoverInterruptedPublish(
  childArgs: string[],
  childEnv: () => Promise<NodeJS.ProcessEnv>,
  stateDir: string,
): Promise<void> {
  if (!(await hasPending(stateDir))) return;
  console.log('a publish interrupted after its commit is pending: completing it before serving');
  const { runRefreshProcess } = await import('../refresh/child.ts');
  const result = await runRefreshProcess(['--recover', ...childArgs], (line) => console.log(line), await childEnv());
  if (result.code !== 0)
    console.log(
      `recovery exited with ${result.code ?? result.signal}; serving the artifact dist points to (the next refresh retries)`,
    );
}

/** First copy of the origin's artifact; without one and without a local artifact there is nothing to serve. */
async function firstSync(follower: Follower, distPath: string, origin: string): Promise<void> {
  try {
    const result = await follower.sync();
    console.log(
      `follow: ${result.outcome === 'current' ? 'local artifact is current' : 'copied'} artifact ${result.buildId} from ${redactLocation(origin)}`,
    );
  } catch (error) {
    try {
      await access(path.join(distPath, 'artifact.json'));
    } catch {
      throw new Error(
        `cannot start: no local artifact at ${distPath} and the origin cannot be copied (${(error as Error).message})`,
      );
    }
    console.log(`follow: serving the local artifact for now: ${(error as Error).message}`);
  }
}

/**
 * The publisher (--refresh) runs the scheduled refresh (weekly by default): the refresh CLI runs
 * in a child process and publishes; this process then swaps to the new artifact and reports the
 * outcome. Other instances only serve what is published.
 */
async function startPublisher(
  served: ServedDataset,
  config: RefreshConfig,
  childArgs: string[],
  childEnv: NodeJS.ProcessEnv,
  stateDir: string,
) {
  const [{ startRefreshService }, { runRefreshProcess }] = await Promise.all([
    import('../refresh/service.ts'),
    import('../refresh/child.ts'),
  ]);
  const refresh = await startRefreshService({
    server: served,
    schedule: config.schedule,
    timezone: config.timezone,
    stateDir,
    run: async () => {
      const result = await runRefreshProcess(childArgs, (line) => console.log(line), childEnv);
      console.log(
        `refresh: ${result.report?.outcome ?? `exited with ${result.code ?? result.signal}`}${result.report?.release ? ` (release ${result.report.release})` : ''}`,
      );
    },
    log: (line) => console.log(line),
  });
  console.log(
    `publisher: refresh scheduled "${config.schedule}" (${config.timezone}); next run ${refresh.scheduler?.nextRun()?.toISOString()}`,
  );
  return refresh;
}

/** The command line, checked: contradictory or malformed flags stop the start with a message. */
function serveOptions() {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: process.env.PORT ?? '3000' },
      host: { type: 'string', default: process.env.HOST ?? '0.0.0.0' },
      dist: { type: 'string', default: PATHS.dist },
      data: { type: 'string', default: PATHS.data },
      releases: { type: 'string', default: PATHS.releases },
      state: { type: 'string', default: PATHS.state },
      config: { type: 'string', default: PATHS.refreshConfig },
      'refresh-cron': { type: 'string' },
      refresh: { type: 'boolean', default: false },
      'no-refresh': { type: 'boolean', default: false },
      follow: { type: 'string' },
      'follow-interval': { type: 'string', default: '30' },
      workers: { type: 'string', default: process.env.WORKERS ?? String(os.availableParallelism()) },
      help: { type: 'boolean', default: false },
    },
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be an integer 0-65535 (got ${JSON.stringify(values.port)})`);
  if (values.refresh && values['no-refresh']) throw new Error('--refresh and --no-refresh contradict each other');
  if (values['refresh-cron'] !== undefined && !values.refresh)
    throw new Error(
      '--refresh-cron needs --refresh: an instance refreshes only when told to, so that one process publishes and the others serve',
    );
  if (values.follow !== undefined && values.refresh)
    throw new Error('--follow and --refresh contradict each other: a follower never publishes');
  const followIntervalS = Number(values['follow-interval']);
  if (!(followIntervalS > 0))
    throw new Error(
      `--follow-interval must be a positive number of seconds (got ${JSON.stringify(values['follow-interval'])})`,
    );
  const workers = Number(values.workers);
  if (!Number.isInteger(workers) || workers < 1)
    throw new Error(
      `--workers (or WORKERS) must be a whole number of at least 1 (got ${JSON.stringify(values.workers)})`,
    );
  return { values, port, followIntervalS, workers };
}

type ServeValues = ReturnType<typeof serveOptions>['values'];

/** Where this instance reads and writes, and the arguments the refresh child gets for them. */
function locationsOf(values: ServeValues): { locations: Locations; childArgs: string[] } {
  const locations = {
    distPath: path.resolve(values.dist),
    dataDir: path.resolve(values.data),
    releasesDir: path.resolve(values.releases),
    stateDir: path.resolve(values.state),
  };
  const childArgs = [
    ...['--data', locations.dataDir, '--dist', locations.distPath, '--releases', locations.releasesDir],
    ...['--state', locations.stateDir, '--config', path.resolve(values.config)],
  ];
  return { locations, childArgs };
}

/** A follower of `origin`, its first copy taken; its status is kept in the state directory. */
async function startFollowing(
  origin: string,
  locations: Locations,
  intervalS: number,
  reload: () => Promise<unknown>,
): Promise<Follower> {
  const [{ createFollower }, { mkdir }] = await Promise.all([
    import('../server/follow.ts'),
    import('node:fs/promises'),
  ]);
  await mkdir(locations.stateDir, { recursive: true });
  const follower = createFollower({
    origin,
    distPath: locations.distPath,
    intervalMs: intervalS * 1000,
    statusFile: path.join(locations.stateDir, 'follow-status.json'),
    log: (line) => console.log(line),
    onSwap: reload,
  });
  await firstSync(follower, locations.distPath, origin);
  return follower;
}

/** The dataset the publisher's refresh reloads and updates: one server's, in this process. */
function servedBy(running: RunningServer): ServedDataset {
  return {
    reload: () => running.reload(),
    setRefreshStatus: (status) => running.setRefreshStatus(status),
    currentRefreshStatus: () => {
      const freshness = running.current().resources.get('/api/freshness.json')?.representations.identity;
      const body = freshness && 'body' in freshness ? freshness.body : undefined;
      return body ? (JSON.parse(body.toString('utf8')) as FreshnessDocument).refresh : null;
    },
  };
}

/** The server in this process (`--workers 1`): the publisher's refresh and the follower act on it directly. */
async function serveHere(values: ServeValues, port: number, locations: Locations) {
  const { startServer } = await import('../server/server.ts');
  const running = await startServer({
    distPath: locations.distPath,
    host: values.host,
    port,
    log: (line) => console.log(line),
  });
  console.log(
    `AI Coding Models Directory serving artifact ${running.current().buildId} at ${running.url}/api/ (pid ${process.pid})`,
  );
  return { served: servedBy(running), close: () => running.close() };
}

/** `workers` processes serving the same port; this one supervises them and relays reloads and the refresh status. */
async function serveFromWorkers(workers: number, values: ServeValues, port: number, locations: Locations) {
  const { startCluster } = await import('../server/cluster.ts');
  const running = await startCluster({ workers, port, host: values.host, log: (line) => console.log(line) });
  // Until the refresh sets one, every worker serves the refresh block of the published freshness document.
  const published = async () => {
    const file = path.join(locations.distPath, 'api', 'freshness.json');
    return (JSON.parse(await readFile(file, 'utf8')) as FreshnessDocument).refresh;
  };
  let initial = await published().catch(() => null);
  const served: ServedDataset = {
    reload: async () => {
      const swapped = await running.reload();
      initial = await published().catch(() => initial);
      return swapped;
    },
    setRefreshStatus: (status) => running.setRefreshStatus(status),
    currentRefreshStatus: () => running.refreshStatus() ?? initial,
  };
  console.log(
    `AI Coding Models Directory serving artifact ${running.buildId} at ${running.url}/api/ (pid ${process.pid}) from ${workers} workers (pids ${running.workerPids().join(' ')})`,
  );
  return { served, close: () => running.close() };
}

/** A worker of `--workers N`: serves, takes reloads and the refresh status from the primary. */
async function serveAsClusterWorker(values: ServeValues, port: number): Promise<void> {
  const { serveAsWorker } = await import('../server/cluster-worker.ts');
  await serveAsWorker({
    distPath: path.resolve(values.dist),
    host: values.host,
    port,
    log: (line) => console.log(`[worker ${process.pid}] ${line}`),
  });
}

async function main(): Promise<void> {
  if (process.argv.includes('--help')) {
    console.log(USAGE);
    return;
  }
  const { values, port, followIntervalS, workers } = serveOptions();
  if (cluster.isWorker) return serveAsClusterWorker(values, port);
  let config: Promise<RefreshConfig> | undefined;
  const loadConfig = () =>
    (config ??= import('../refresh/config.ts').then(async ({ envOverrides, loadRefreshConfig, withOverrides }) =>
      withOverrides(await loadRefreshConfig(path.resolve(values.config)), envOverrides(), {
        schedule: values['refresh-cron'],
      }),
    ));
  const { locations, childArgs } = locationsOf(values);
  // The child publishes the schedule this process runs on in the static freshness document.
  const childEnv = async () => ({ DIRECTORY_REFRESH_CRON: (await loadConfig()).schedule });

  let serving: { served: ServedDataset; close(): Promise<void> } | undefined;
  const follower =
    values.follow === undefined
      ? undefined
      : await startFollowing(values.follow, locations, followIntervalS, async () => serving?.served.reload());
  if (!follower) {
    await recoverInterruptedPublish(childArgs, childEnv, locations.stateDir);
    await ensureArtifact(locations, loadConfig);
  }
  serving =
    workers === 1 ? await serveHere(values, port, locations) : await serveFromWorkers(workers, values, port, locations);
  if (follower) {
    follower.start();
    console.log(
      `follower of ${redactLocation(values.follow!)}: polling its artifact.json every ${followIntervalS} s; this instance never refreshes`,
    );
  }
  // The publisher (--refresh) runs the scheduled refresh; other instances only serve what is published.
  const refresh = values.refresh
    ? await startPublisher(serving.served, await loadConfig(), childArgs, await childEnv(), locations.stateDir)
    : undefined;
  if (!refresh && !follower)
    console.log(
      'scheduled refresh off: this instance serves what is published to its dist (start the one publisher with --refresh)',
    );
  stopOnSignals(serving, [refresh, follower]);
}

/** SIGTERM or SIGINT: stop the background work, answer what was received (in every worker), exit. */
function stopOnSignals(serving: { close(): Promise<void> }, background: ({ stop(): void } | undefined)[]): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    for (const task of background) task?.stop();
    console.log(`${signal}: finishing in-flight requests, then exiting`);
    void serving.close().then(() => process.exit(0));
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
