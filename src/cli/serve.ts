/**
 * `npm start`: serves dist/ (building it first when missing) on HOST:PORT, refreshes on a
 * schedule, swaps artifacts without a restart and shuts down gracefully on SIGTERM/SIGINT.
 */
import { access } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PATHS } from '../fs/paths.ts';
import type { FreshnessDocument } from '../schema/api.ts';
import { envOverrides, loadRefreshConfig, withOverrides, type RefreshConfig } from '../refresh/config.ts';
import { runRefreshProcess } from '../refresh/child.ts';
import { publishedRefreshStatus } from '../refresh/freshness.ts';
import { hasPending } from '../refresh/journal.ts';
import { startRefreshService } from '../refresh/service.ts';
import { readStatus } from '../refresh/status.ts';
import { startServer } from '../server/server.ts';

type Locations = { distPath: string; dataDir: string; releasesDir: string; stateDir: string };

async function ensureArtifact(locations: Locations, config: RefreshConfig): Promise<void> {
  try {
    await access(path.join(locations.distPath, 'artifact.json'));
    return;
  } catch {
    console.log(`no artifact at ${locations.distPath}; building from ${locations.dataDir} and ${locations.releasesDir}`);
  }
  // Imported only when needed: the build pulls in the schemas, scoring and compression code,
  // which a server that just serves an existing artifact never uses (about 20 MB of RSS).
  const { publishFromDisk } = await import('../history/publish.ts');
  // The static freshness shows the last refresh this state directory recorded.
  const status = await readStatus(locations.stateDir);
  const refresh = status?.lastAttempt ? publishedRefreshStatus(status, config, new Date(status.lastAttempt)) : undefined;
  await publishFromDisk(locations, { ...config, refresh });
}

/** The recovery every refresh starts with, run before serving: a publish committed before a crash is completed now, not at the next refresh. */
async function recoverInterruptedPublish(childArgs: string[], env: NodeJS.ProcessEnv, stateDir: string): Promise<void> {
  if (!(await hasPending(stateDir))) return;
  console.log('a publish interrupted after its commit is pending: completing it before serving');
  const result = await runRefreshProcess(['--recover', ...childArgs], (line) => console.log(line), env);
  if (result.code !== 0) console.log(`recovery exited with ${result.code ?? result.signal}; serving the artifact dist points to (the next refresh retries)`);
}

async function main(): Promise<void> {
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
      'no-refresh': { type: 'boolean', default: false },
    },
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be an integer 0-65535 (got ${JSON.stringify(values.port)})`);
  const config = withOverrides(await loadRefreshConfig(path.resolve(values.config)), envOverrides(), { schedule: values['refresh-cron'] });
  const locations = { distPath: path.resolve(values.dist), dataDir: path.resolve(values.data), releasesDir: path.resolve(values.releases), stateDir: path.resolve(values.state) };
  const childArgs = ['--data', locations.dataDir, '--dist', locations.distPath, '--releases', locations.releasesDir, '--state', locations.stateDir, '--config', path.resolve(values.config)];
  // The child publishes the schedule this process runs on in the static freshness document.
  const childEnv = { DIRECTORY_REFRESH_CRON: config.schedule };
  await recoverInterruptedPublish(childArgs, childEnv, locations.stateDir);
  await ensureArtifact(locations, config);
  const running = await startServer({ distPath: locations.distPath, host: values.host, port, log: (line) => console.log(line) });
  console.log(`AI Coding Models Directory serving artifact ${running.current().buildId} at ${running.url}/api/ (pid ${process.pid})`);

  // Scheduled refresh (weekly by default): the refresh CLI runs in a child process and
  // publishes; this process then swaps to the new artifact and reports the outcome.
  const schedule = values['no-refresh'] ? null : config.schedule;
  const refresh = await startRefreshService({
    server: {
      reload: () => running.reload(),
      setRefreshStatus: (status) => running.setRefreshStatus(status),
      currentRefreshStatus: () => {
        const body = running.current().resources.get('/api/freshness.json')?.representations.identity?.body;
        return body ? (JSON.parse(body.toString('utf8')) as FreshnessDocument).refresh : null;
      },
    },
    schedule,
    timezone: config.timezone,
    stateDir: locations.stateDir,
    run: async () => {
      const result = await runRefreshProcess(childArgs, (line) => console.log(line), childEnv);
      console.log(`refresh: ${result.report?.outcome ?? `exited with ${result.code ?? result.signal}`}${result.report?.release ? ` (release ${result.report.release})` : ''}`);
    },
    log: (line) => console.log(line),
  });
  console.log(schedule ? `refresh scheduled "${schedule}" (${config.timezone}); next run ${refresh.scheduler?.nextRun()?.toISOString()}` : 'scheduled refresh disabled (--no-refresh)');

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    refresh.stop();
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
