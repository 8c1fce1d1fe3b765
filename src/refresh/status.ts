/**
 * The outcome of the last refresh attempt, persisted in the state directory so a restarted
 * server still reports it in /api/freshness.json.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import { refreshStatus, type RefreshStatus } from '../schema/api.ts';
import { writeFileAtomic } from '../fs/durable.ts';
import { redactLocation, redactText } from '../fs/redact.ts';
import { refreshReportFile } from '../compile/report-refresh.ts';
import type { RefreshReport } from './report.ts';
import { escapeControls, publicErrorText } from './text-guard.ts';

export const persistedStatus = refreshStatus.omit({ schedule: true, nextRun: true });
export type PersistedStatus = z.infer<typeof persistedStatus>;

export const EMPTY_STATUS: PersistedStatus = {
  lastAttempt: null,
  lastOutcome: null,
  lastError: null,
  lastSuccess: null,
  upstreams: [],
};

const statusFile = (stateDir: string) => path.join(stateDir, 'refresh-status.json');

export async function readStatus(stateDir: string): Promise<PersistedStatus | null> {
  try {
    const parsed = persistedStatus.safeParse(JSON.parse(await readFile(statusFile(stateDir), 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Stored redacted whatever the caller passed: the status ends up in the published freshness
 * document, so its lastError says what failed, without the values an upstream sent or local paths.
 */
export async function writeStatus(stateDir: string, status: PersistedStatus): Promise<void> {
  const safe: PersistedStatus = {
    ...status,
    lastError: status.lastError === null ? null : publicErrorText(redactText(status.lastError)),
    upstreams: status.upstreams.map((u) => ({ ...u, location: redactLocation(u.location) })),
  };
  await writeFileAtomic(statusFile(stateDir), `${JSON.stringify(persistedStatus.parse(safe), null, 2)}\n`);
}

export function withSchedule(status: PersistedStatus, schedule: string | null, nextRun: Date | null): RefreshStatus {
  return { schedule, ...status, nextRun: nextRun ? nextRun.toISOString().replace(/\.\d{3}Z$/, 'Z') : null };
}

/**
 * The whole report of a run that read an upstream, for `npm run report` (which has no network):
 * a run with every upstream skipped (`npm run release`) leaves the last one that read them.
 */
export async function writeLastReport(stateDir: string, report: RefreshReport): Promise<void> {
  if (report.upstreams.every((u) => u.location === 'skip')) return;
  // Escaped as the printed report is: the report that reads this file prints its lines as they are.
  const escaped = JSON.stringify(report, (_, value) => (typeof value === 'string' ? escapeControls(value) : value), 2);
  await writeFileAtomic(refreshReportFile(stateDir), `${escaped}\n`);
}
