/**
 * The refresh inside a running server: a schedule, a run (normally the refresh CLI in a child
 * process), then a reload of the artifact `dist` points to and an update of the live
 * /api/freshness.json `refresh` block (last attempt, outcome, error, next run, upstreams).
 */
import type { RefreshStatus } from '../schema/api.ts';
import { createScheduler, type Clock, type Scheduler } from './scheduler.ts';
import { readStatus, withSchedule, type PersistedStatus } from './status.ts';

export interface ServedDataset {
  reload(): Promise<boolean>;
  setRefreshStatus(status: RefreshStatus): void;
  /** The refresh block of the freshness document currently served. */
  currentRefreshStatus(): RefreshStatus | null;
}

export interface RefreshServiceOptions {
  server: ServedDataset;
  /** Cron expression, or null when scheduled refreshes are off. */
  schedule: string | null;
  timezone?: string;
  stateDir: string;
  /** One refresh; it publishes to `dist` itself. */
  run: () => Promise<void>;
  clock?: Clock;
  log?: (line: string) => void;
}

export interface RefreshService {
  scheduler: Scheduler | null;
  /** Runs a refresh now (as the schedule would), then reloads and updates the status. */
  runNow(): Promise<boolean>;
  /** Re-reads the persisted status and shows it in /api/freshness.json. */
  publishStatus(): Promise<void>;
  stop(): void;
}

export async function startRefreshService(options: RefreshServiceOptions): Promise<RefreshService> {
  const log = options.log ?? (() => {});
  let scheduler: Scheduler | null = null;

  const publishStatus = async () => {
    const persisted = await readStatus(options.stateDir);
    const fallback = options.server.currentRefreshStatus();
    const base: PersistedStatus = persisted ?? {
      lastAttempt: fallback?.lastAttempt ?? null,
      lastOutcome: fallback?.lastOutcome ?? null,
      lastError: fallback?.lastError ?? null,
      lastSuccess: fallback?.lastSuccess ?? null,
      upstreams: fallback?.upstreams ?? [],
    };
    options.server.setRefreshStatus(withSchedule(base, options.schedule, scheduler?.nextRun() ?? null));
  };

  const cycle = async () => {
    try {
      await options.run();
    } finally {
      const swapped = await options.server.reload();
      if (swapped) log('refresh: now serving the new artifact');
      await publishStatus();
    }
  };

  if (options.schedule !== null) {
    scheduler = createScheduler({
      cron: options.schedule,
      timezone: options.timezone,
      run: cycle,
      clock: options.clock,
      log,
    });
  }
  await publishStatus();
  return {
    scheduler,
    runNow: () => (scheduler ? scheduler.trigger() : cycle().then(() => true)),
    publishStatus,
    stop: () => scheduler?.stop(),
  };
}
