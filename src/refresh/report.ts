/** What a refresh did or refused, as data (for --json and the server) and as text (for people). */
import type { Change, RefreshOutcome, UpstreamUsed } from '../schema/api.ts';
import { describeChanges } from '../history/diff.ts';
import { escapeControls } from './text-guard.ts';
import type { Candidate } from './merge-pricing.ts';
import type { LifecycleMergeReport } from './merge-lifecycle.ts';
import type { UpstreamResultsReport } from './merge-results.ts';

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
  /** Per leaderboard upstream: results read, matched, unmatched (closest tools), unclassified, new. */
  results: UpstreamResultsReport[];
  /** Per lifecycle upstream: rows read, matched, unmatched (closest tools; never applied), conflicts, new. */
  lifecycle: LifecycleMergeReport[];
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

/** `count` is what the heading states when the lines are already a cut of more items (the changes). */
function section(title: string, lines: readonly string[], limit = 100, count = lines.length): string[] {
  if (lines.length === 0) return [];
  const shownLines = lines.slice(0, limit).map((l) => `  - ${l}`);
  if (lines.length > limit) shownLines.push(`  ... and ${lines.length - limit} more`);
  return [`${title} (${count}):`, ...shownLines];
}

/** A candidate with what the upstream says of it, so that adding it takes minutes. */
export function describeCandidate(candidate: Candidate): string {
  const k = candidate.known;
  const facts = [
    `released ${candidate.releaseDate}`,
    k.contextTokens !== null ? `context ${k.contextTokens.toLocaleString('en-US')} tokens` : 'context unknown',
    k.input !== null && k.output !== null ? `$${k.input} in / $${k.output} out per 1M tokens` : 'price unknown',
    k.openWeights === null ? null : k.openWeights ? 'open weights' : 'closed weights',
    k.reasoning === null ? null : `reasoning ${k.reasoning ? 'yes' : 'no'}`,
    k.toolCalling === null ? null : `tool calling ${k.toolCalling ? 'yes' : 'no'}`,
    k.imageInput === null ? null : `image input ${k.imageInput ? 'yes' : 'no'}`,
    k.benchmarks > 0 ? `${k.benchmarks} benchmark result(s) upstream` : null,
  ].filter((f): f is string => f !== null);
  return `${candidate.key}${candidate.name ? ` (${candidate.name})` : ''}: ${facts.join('; ')}`;
}

/** Per leaderboard upstream: the counts, then the names and results a maintainer acts on. */
function resultsSections(results: readonly UpstreamResultsReport[]): string[] {
  return results.flatMap((r) => [
    `results upstream ${r.name}: ${r.read} read (${r.notFed} outside every feed rule), ${r.matched} matched, ${r.unmatched.length} name(s) unmatched, ${r.unclassified.length} unclassified, ${r.added.length} new, ${r.updated.length} updated${r.firstResults.length ? `; first results for ${r.firstResults.join(', ')}` : ''}`,
    ...section(
      `${r.name}: names no tool carries (closest tools are suggestions; add an alias to match)`,
      r.unmatched,
      50,
    ),
    ...section(`${r.name}: results kept out (not classified into one series)`, r.unclassified, 50),
    ...section(`${r.name}: new results`, r.added, 100),
    ...section(`${r.name}: models with a result that no tool carries (candidates, not added)`, r.candidates ?? [], 50),
    ...section(`${r.name}: new task runs (tokens, cost, time per task)`, r.taskRunsAdded ?? [], 100),
    ...section(`${r.name}: task runs not kept`, r.taskRunsSkipped ?? [], 50),
  ]);
}

/** Per lifecycle upstream: the counts, then the rows a maintainer acts on. Unmatched rows changed nothing. */
function lifecycleSections(lists: readonly LifecycleMergeReport[]): string[] {
  return lists.flatMap((l) => [
    `lifecycle upstream ${l.name}: ${l.read} row(s) read, ${l.matched} matched, ${l.unmatched.length} unmatched (not applied), ${l.conflicts.length} in conflict (not applied), ${l.added.length} new, ${l.updated.length} updated`,
    ...section(`${l.name}: rows no tool carries the name of (add an alias to match; nothing applied)`, l.unmatched, 50),
    ...section(`${l.name}: rows that disagree with the recorded lifecycle (nothing applied)`, l.conflicts, 50),
    ...section(`${l.name}: new lifecycle events`, l.added, 50),
  ]);
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
    // describeChanges makes the cut itself, keeping the refit count; the heading counts every change.
    ...section(
      'changes',
      describeChanges(report.changes, report.release ? `/api/v/${report.release}/release.json` : 'changes.json', 200),
      Number.POSITIVE_INFINITY,
      report.changes.length,
    ),
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
  lines.push(
    ...resultsSections(report.results ?? []),
    ...lifecycleSections(report.lifecycle ?? []),
    ...section('notes', report.notes),
  );
  // Upstream text is refused when it holds controls; escaped here too, so no line can forge another.
  return lines.map(escapeControls).join('\n');
}
