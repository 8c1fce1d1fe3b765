/**
 * Applying what the upstreams said to the curated data, each merge reported: prices and facts
 * (merge-pricing.ts), rows of the directory's own format (merge-benchmarks.ts), leaderboard
 * results (merge-results.ts); then the sanity bounds and exactly the build's validation.
 */
import type { BuildResult } from '../compile/documents.ts';
import { DataError, formatIssue, valueText } from '../compile/errors.ts';
import type { SourceData } from '../compile/load.ts';
import { redactLocation } from '../fs/redact.ts';
import { buildWithCache } from '../history/publish.ts';
import { checkBounds } from './bounds.ts';
import { toolIndex } from './match.ts';
import { mergeBenchmarks, type BenchmarkMerge } from './merge-benchmarks.ts';
import { findCandidates, mergePricing, type PricingMerge } from './merge-pricing.ts';
import { applyScheduledRetirements, mergeLifecycleRows } from './merge-lifecycle.ts';
import { mergeUpstreamResults } from './merge-results.ts';
import type { BenchmarkRead, LifecycleRead, PricingRead } from './read-upstreams.ts';
import { describeCandidate } from './report.ts';
import { Rejection, type Run } from './run.ts';
import type { BenchmarkRow } from './upstream/benchmarks.ts';

/** Upstream pricing facts over the curated data, reported. */
export function applyPricing(
  { config, report, started, startedAt }: Run,
  source: SourceData,
  pricing: PricingRead & { index: NonNullable<PricingRead['index']> },
): PricingMerge {
  const location = config.upstreams.pricing.location;
  const pricingMerge = mergePricing(source, pricing.index, {
    refreshDate: startedAt.slice(0, 10),
    sourceUrl: redactLocation(/^https:\/\//.test(location) ? location : config.upstreams.pricing.sourceUrl),
    sourceName: config.upstreams.pricing.sourceName,
    sha256: pricing.used.sha256,
  });
  report.updates.push(
    ...pricingMerge.updates.map((u) => `${u.toolId}: ${u.field} ${valueText(u.from)} -> ${valueText(u.to)}`),
  );
  report.pinned.push(
    ...pricingMerge.pinned.map(
      (p) =>
        `${p.toolId}: ${p.field} kept ${valueText(p.curated)}, upstream has ${valueText(p.upstream)} (pinned ${p.fact}: ${p.reason})`,
    ),
  );
  report.redundantPins.push(...pricingMerge.redundantPins.map((p) => `${p.toolId}: ${p.fact}`));
  report.missing.push(
    ...pricingMerge.missing.map((m) => `${m.toolId}: "${m.key}" not in the upstream document (kept unchanged)`),
  );
  report.notes.push(...pricingMerge.notes);
  report.candidates.push(
    ...findCandidates(source, pricing.index, { now: started, ...config.candidates }).map(describeCandidate),
  );
  return pricingMerge;
}

/** Upstream benchmark rows over the (price-merged) data, reported. */
export function applyBenchmarks({ report }: Run, merged: SourceData, rows: BenchmarkRow[]): SourceData {
  const benchmarkMerge: BenchmarkMerge = mergeBenchmarks(merged, rows);
  if (benchmarkMerge.issues.length > 0) throw new Rejection(benchmarkMerge.issues.map(formatIssue));
  report.updates.push(
    ...benchmarkMerge.updates.map(
      (u) => `${u.model}: ${u.benchmark} "${u.variant}" ${u.field} ${valueText(u.from)} -> ${valueText(u.to)}`,
    ),
    ...benchmarkMerge.added.map(
      (a) => `${a.model}: added ${a.benchmark} "${a.variant}" = ${a.value} (series ${a.series})`,
    ),
  );
  report.benchmarks = {
    updated: benchmarkMerge.updates.length,
    added: benchmarkMerge.added.length,
    unplaced: benchmarkMerge.unplaced.map(
      (r) => `row ${r.row}: ${r.modelSlug} ${r.benchmark} "${r.variant}" = ${r.score}`,
    ),
    newModels: benchmarkMerge.newModels.map((m) => `${m.modelSlug} (${m.modelName}, ${m.rows} row(s))`),
    keptWithoutUpstream: benchmarkMerge.keptWithoutUpstream,
  };
  return benchmarkMerge.source;
}

/** Sanity bounds, then exactly the build's validation. */
export async function validate(
  { options, config, started }: Run,
  merged: SourceData,
  pricingMerge: PricingMerge | undefined,
): Promise<BuildResult> {
  if (pricingMerge) {
    const violations = checkBounds(
      {
        updates: pricingMerge.updates,
        missing: pricingMerge.missing,
        mapped: pricingMerge.mapped,
        allow: options.allow,
      },
      config.bounds,
    );
    if (violations.length > 0) throw new Rejection(violations.map(formatIssue));
  }
  try {
    return await buildWithCache(merged, options.stateDir, started);
  } catch (error) {
    if (error instanceof DataError) throw new Rejection(error.issues.map(formatIssue));
    throw error;
  }
}

/** Leaderboard results over the merged data, each upstream reported (read, matched, unmatched, unclassified, new). */
export function applyResults(
  { report, startedAt, config }: Pick<Run, 'report' | 'startedAt' | 'config'>,
  merged: SourceData,
  reads: readonly BenchmarkRead[],
): SourceData {
  const withResults = reads.filter((r) => r.results);
  if (withResults.length === 0) return merged;
  const next = structuredClone(merged);
  const index = toolIndex(next);
  for (const read of withResults) {
    const merge = mergeUpstreamResults(
      next,
      index,
      read.upstream,
      read.results!.results,
      next.series.data,
      startedAt.slice(0, 10),
      config.candidates,
    );
    report.results.push(merge);
    if (merge.ambiguous?.length)
      throw new Rejection(merge.ambiguous.map((line) => `${read.upstream.name} upstream: ${line}`));
    report.updates.push(
      ...merge.updated.map((u) => `${read.upstream.name}: ${u}`),
      ...merge.added.map((a) => `${read.upstream.name}: added ${a}`),
    );
  }
  return next;
}

/**
 * Lifecycle lists over the merged data, each reported (read, matched, unmatched, conflicts, new),
 * then the provider retirements whose day has come. Runs on every refresh, with or without a
 * list, so a scheduled retirement is published on its day without a hand edit.
 */
export function applyLifecycle(
  { report, startedAt }: Run,
  merged: SourceData,
  reads: readonly LifecycleRead[],
): SourceData {
  const next = structuredClone(merged);
  const readOn = startedAt.slice(0, 10);
  const index = toolIndex(next);
  for (const read of reads) {
    if (!read.rows) continue;
    const merge = mergeLifecycleRows(next, index, read.source, read.rows, { origin: read.origin, readOn });
    report.lifecycle.push(merge);
    report.updates.push(...[...merge.added, ...merge.updated].map((line) => `${read.source.name}: ${line}`));
  }
  report.updates.push(...applyScheduledRetirements(next, readOn));
  return next;
}
