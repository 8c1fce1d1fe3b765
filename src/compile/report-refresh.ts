/**
 * The upstream part of `npm run report`: what the last refresh that read an upstream found there.
 * The report has no network, so it reads the refresh's own report, which every refresh that
 * reads an upstream and may write stores in the state directory (src/refresh/pipeline.ts).
 * The stored shape is checked here rather than imported: the refresh depends on compile, never
 * the other way round. Upstream text in it was escaped when stored, so each line printed stays one line.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { DataError } from './errors.ts';

/** Where the refresh keeps its last report, relative to the state directory (`.state/` by default). */
export const refreshReportFile = (stateDir: string) => path.join(stateDir, 'refresh-report.json');

const names = z.array(z.string());

const storedResults = z.object({
  name: z.string(),
  read: z.number().int().nonnegative(),
  notFed: z.number().int().nonnegative(),
  matched: z.number().int().nonnegative(),
  unmatched: names,
  unclassified: names,
  added: names,
  updated: names,
  firstResults: names,
  // Reports stored before results upstreams proposed candidates have none.
  taskRunsAdded: names.optional(),
  taskRunsSkipped: names.optional(),
  candidates: names.default([]),
});

const storedLifecycle = z.object({
  name: z.string(),
  read: z.number().int().nonnegative(),
  matched: z.number().int().nonnegative(),
  unmatched: names,
  conflicts: names,
  added: names,
  updated: names,
});

/** The fields of the refresh's report (src/refresh/report.ts RefreshReport) this report prints. */
export const storedRefreshReport = z.object({
  outcome: z.string(),
  dryRun: z.boolean(),
  startedAt: z.string(),
  finishedAt: z.string(),
  release: z.string().nullable(),
  upstreams: z.array(z.object({ name: z.string(), location: z.string() })),
  errors: names,
  candidates: names,
  benchmarks: z
    .object({ added: z.number(), updated: z.number(), unplaced: names, newModels: names })
    .nullable()
    .optional(),
  results: z.array(storedResults),
  lifecycle: z.array(storedLifecycle).default([]),
});
export type StoredRefreshReport = z.infer<typeof storedRefreshReport>;

/** What `npm run report` knows of the refresh: the stored report, or where it looked and found none. */
export interface RefreshFindings {
  file: string;
  report: StoredRefreshReport | null;
}

/** The last stored refresh report; `report: null` when no refresh has stored one. A damaged file is an error naming it. */
export async function readRefreshFindings(stateDir: string): Promise<RefreshFindings> {
  const file = refreshReportFile(stateDir);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { file, report: null };
    throw error;
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new DataError([{ file, field: '', value: undefined, message: `not JSON: ${(error as Error).message}` }]);
  }
  const parsed = storedRefreshReport.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.join('.');
    const value = issue.path.reduce<unknown>((at, key) => (at as Record<PropertyKey, unknown>)?.[key], raw);
    throw new DataError([{ file, field, value, message: `${issue.message} (rerun npm run refresh to replace it)` }]);
  }
  return { file, report: parsed.data };
}

function list(title: string, lines: readonly string[], limit = 50): string[] {
  if (lines.length === 0) return [`${title}: none`];
  const shown = lines.slice(0, limit).map((line) => `  - ${line}`);
  if (lines.length > limit) shown.push(`  ... and ${lines.length - limit} more`);
  return [`${title} (${lines.length}):`, ...shown];
}

function upstreamLines(report: StoredRefreshReport): string[] {
  const skipped = report.upstreams.filter((u) => u.location === 'skip').map((u) => u.name);
  const lines = report.results.flatMap((r) => [
    `upstream ${r.name}: ${r.read} results read (${r.notFed} outside every feed rule), ${r.matched} matched, ${r.unmatched.length} unmatched, ${r.unclassified.length} unclassified, ${r.added.length} new, ${r.updated.length} updated`,
    ...list(`  ${r.name}: unmatched names with the closest tools (add an alias to match)`, r.unmatched),
    ...list(`  ${r.name}: unclassified results (kept out of scoring)`, r.unclassified),
    ...list(`  ${r.name}: new results`, r.added),
    ...list(`  ${r.name}: new task runs (tokens, cost, time per task)`, r.taskRunsAdded ?? []),
    ...list(`  ${r.name}: task runs not kept`, r.taskRunsSkipped ?? []),
  ]);
  lines.push(
    ...report.lifecycle.flatMap((l) => [
      `lifecycle upstream ${l.name}: ${l.read} rows read, ${l.matched} matched, ${l.unmatched.length} unmatched (not applied), ${l.conflicts.length} in conflict (not applied), ${l.added.length} new, ${l.updated.length} updated`,
      ...list(`  ${l.name}: unmatched rows with the closest tools (add an alias to match)`, l.unmatched),
      ...(l.conflicts.length > 0
        ? list(`  ${l.name}: rows that disagree with the recorded lifecycle`, l.conflicts)
        : []),
    ]),
  );
  const rows = report.benchmarks;
  if (rows)
    lines.push(
      `upstream benchmarks (row format): ${rows.added} results added, ${rows.updated} fields updated, ${rows.unplaced.length} unclassified`,
      ...list('  rows whose series could not be inferred', rows.unplaced),
    );
  if (report.results.length === 0 && !rows) lines.push('no results upstream was read in that refresh');
  if (skipped.length > 0) lines.push(`skipped in that refresh: ${skipped.join(', ')}`);
  return lines;
}

/** The upstream section of the report: per upstream the counts and names, then the candidate models. */
export function refreshSection({ file, report }: RefreshFindings): string {
  if (!report)
    return [
      '\nUpstreams (last refresh)',
      `No refresh has stored a report yet (looked for ${file}): per-upstream results read, matched, unmatched, unclassified and new, and the candidate models, are unknown.`,
      'Run one with `npm run refresh` (it publishes a release; `npm run refresh -- --dry-run` prints the same report and writes nothing), then `npm run report` again.',
    ].join('\n');
  const head = `\nUpstreams (last refresh: ${report.outcome}${report.release ? `, release ${report.release}` : ''}, finished ${report.finishedAt}; from ${file})`;
  return [
    head,
    ...upstreamLines(report),
    ...(report.errors.length > 0 ? list('errors of that refresh', report.errors, 20) : []),
    ...list(
      'Candidates proposed (new models from tracked providers within the configured window; not added)',
      report.candidates,
    ),
    // Every results upstream proposes the models it measured that no tool carries, with what it measured.
    ...report.results.flatMap((r) =>
      list(`Candidates proposed by ${r.name} (a result, no tool; not added)`, r.candidates),
    ),
    ...(report.benchmarks?.newModels.length
      ? list('Benchmark models not in the directory (candidates)', report.benchmarks.newModels)
      : []),
  ].join('\n');
}
