/** What a refresh did or refused, as data (for --json and the server) and as text (for people). */
import type { Change, RefreshOutcome, UpstreamUsed } from '../schema/api.ts';
import { describeChange } from '../history/diff.ts';

export interface RefreshReport {
  outcome: RefreshOutcome;
  dryRun: boolean;
  startedAt: string;
  finishedAt: string;
  /** Release published (or, in a dry run, that would be). */
  release: string | null;
  buildId: string | null;
  upstreams: UpstreamUsed[];
  /** Why the refresh was rejected or failed; each names the offending value. */
  errors: string[];
  /** Differences the release records. */
  changes: Change[];
  /** Field updates applied to the curated files. */
  updates: string[];
  /** Upstream values that differ from pinned curated facts (not applied). */
  pinned: string[];
  redundantPins: string[];
  /** Tools kept although their upstream entry is missing. */
  missing: string[];
  /** New upstream models (not added). */
  candidates: string[];
  benchmarks: {
    updated: number;
    added: number;
    unplaced: string[];
    newModels: string[];
    keptWithoutUpstream: number;
  } | null;
  notes: string[];
  /** Release completed from the journal of an interrupted run, if any. */
  recovered: string | null;
}

/** The failure reason for freshness.json: every error, capped in length. */
export function errorSummary(report: Pick<RefreshReport, 'outcome' | 'errors'>, maxChars = 4000): string | null {
  if (report.errors.length === 0) return null;
  let text = `${report.outcome}: ${report.errors.length} problem(s): ${report.errors[0]}`;
  let shownCount = 1;
  for (const error of report.errors.slice(1)) {
    if (text.length + error.length + 3 > maxChars) break;
    text += ` | ${error}`;
    shownCount += 1;
  }
  if (shownCount < report.errors.length) text += ` | ... and ${report.errors.length - shownCount} more`;
  return text;
}

function section(title: string, lines: readonly string[], limit = 100): string[] {
  if (lines.length === 0) return [];
  const shownLines = lines.slice(0, limit).map((l) => `  - ${l}`);
  if (lines.length > limit) shownLines.push(`  ... and ${lines.length - limit} more`);
  return [`${title} (${lines.length}):`, ...shownLines];
}

export function formatReport(report: RefreshReport): string {
  const head =
    report.outcome === 'published'
      ? `refresh ${report.dryRun ? 'would publish' : 'published'} release ${report.release}${report.buildId ? ` (artifact ${report.buildId})` : ''}`
      : report.outcome === 'unchanged'
        ? 'refresh: upstream matches the served data; nothing to publish'
        : `refresh ${report.outcome.toUpperCase()}: the last good dataset keeps serving`;
  const lines = [head, `  started ${report.startedAt}, finished ${report.finishedAt}`];
  for (const u of report.upstreams)
    lines.push(`  upstream ${u.name}: ${u.location}${u.sha256 ? ` sha256 ${u.sha256}` : ''}`);
  if (report.recovered) lines.push(`  completed the interrupted publish of release ${report.recovered} first`);
  lines.push(
    ...section('errors', report.errors, 500),
    ...section('changes', report.changes.map(describeChange), 200),
    ...section('data updates', report.updates, 200),
    ...section('pinned facts kept (upstream differs)', report.pinned),
    ...section('pins that now match upstream (could be removed)', report.redundantPins),
    ...section('tools kept without an upstream entry', report.missing),
    ...section('new upstream models (candidates, not added)', report.candidates, 50),
  );
  if (report.benchmarks) {
    const b = report.benchmarks;
    lines.push(
      `benchmarks: ${b.updated} result field(s) updated, ${b.added} result(s) added, ${b.keptWithoutUpstream} curated result(s) not in the upstream file (kept)`,
    );
    lines.push(
      ...section('benchmark rows whose series could not be inferred (not added)', b.unplaced, 50),
      ...section('benchmark models not in the directory (candidates)', b.newModels, 50),
    );
  }
  lines.push(...section('notes', report.notes));
  return lines.join('\n');
}
