/**
 * Runs the refresh on a cron schedule. croner computes the run times; the timers come from an
 * injectable clock, so a test advances a fake clock instead of waiting a week. A run that is
 * still going when the next one is due is not started twice (the due run is skipped and
 * reported). Long delays are armed in steps below setTimeout's 24.8-day ceiling.
 */
import { Cron } from 'croner';

export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => {
    const handle = setTimeout(fn, ms);
    handle.unref();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

const MAX_TIMER_MS = 2_147_000_000;

export interface SchedulerOptions {
  cron: string;
  timezone?: string;
  run: () => Promise<void>;
  clock?: Clock;
  /** Told about skipped runs and errors thrown by `run`. */
  log?: (line: string) => void;
}

export interface Scheduler {
  /** Next scheduled run, or null once stopped. */
  nextRun(): Date | null;
  /** True while a run is in progress. */
  busy(): boolean;
  /** Starts a run now (outside the schedule) unless one is in progress; resolves when it ends. */
  trigger(): Promise<boolean>;
  stop(): void;
}

export function createScheduler(options: SchedulerOptions): Scheduler {
  const clock = options.clock ?? systemClock;
  const log = options.log ?? (() => {});
  const pattern = new Cron(options.cron, { timezone: options.timezone ?? 'UTC' });
  let next: Date | null = null;
  let handle: unknown;
  let running: Promise<void> | undefined;
  let stopped = false;

  const execute = async (): Promise<boolean> => {
    if (running) {
      log('refresh: previous run still in progress; skipping this one');
      return false;
    }
    running = (async () => {
      try {
        await options.run();
      } catch (error) {
        log(`refresh: run failed: ${(error as Error).message}`);
      }
    })();
    try {
      await running;
    } finally {
      running = undefined;
    }
    return true;
  };

  const arm = () => {
    if (stopped) return;
    const now = clock.now();
    next = pattern.nextRun(new Date(now));
    if (next === null) return;
    const due = next.getTime();
    const wait = () => {
      const remaining = due - clock.now();
      if (remaining > 0) {
        handle = clock.setTimeout(wait, Math.min(remaining, MAX_TIMER_MS));
        return;
      }
      // Arm the following run first, so nextRun() already reports it while this one runs.
      arm();
      void execute();
    };
    wait();
  };

  arm();
  return {
    nextRun: () => (stopped ? null : next),
    busy: () => running !== undefined,
    trigger: execute,
    stop() {
      stopped = true;
      next = null;
      if (handle !== undefined) clock.clearTimeout(handle);
      pattern.stop();
    },
  };
}
