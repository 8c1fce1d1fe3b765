/**
 * Sanity bounds on what a refresh would change. They catch an upstream that is well-formed
 * but wrong (a decimal point lost, a provider key renamed, half the catalogue gone) before
 * the build ever sees it. Each violation names the tool, the field and old -> new. Pure.
 */
import type { DataIssue } from '../compile/errors.ts';
import type { FactUpdate, MissingTool } from './merge-pricing.ts';

export interface Bounds {
  /** A base price may change by at most this factor either way (default 5). */
  maxPriceRatio: number;
  /** At most this fraction of mapped tools may lack an upstream entry (default 0.1). */
  maxMissingFraction: number;
}

export interface BoundsInput {
  updates: readonly FactUpdate[];
  missing: readonly MissingTool[];
  mapped: number;
  /** Tool ids whose price jumps were checked by a person (`--allow`). */
  allow?: readonly string[];
}

const LIST_PRICES = new Set(['pricing.input', 'pricing.output']);
const CACHE_PRICES = new Set(['pricing.cacheRead', 'pricing.cacheCreate']);

export function priceRatio(from: number, to: number): number {
  if (from === to) return 1;
  if (from === 0 || to === 0) return Number.POSITIVE_INFINITY;
  return Math.max(from / to, to / from);
}

export function checkBounds(input: BoundsInput, bounds: Bounds): DataIssue[] {
  const issues: DataIssue[] = [];
  const allow = new Set(input.allow ?? []);
  const cachingChanged = new Set(
    input.updates.filter((u) => u.field === 'pricingDetails.caching').map((u) => u.toolId),
  );
  for (const update of input.updates) {
    // A cache price moves a lot when caching starts or stops being offered; that is a mode change, not a jump.
    const bounded =
      LIST_PRICES.has(update.field) || (CACHE_PRICES.has(update.field) && !cachingChanged.has(update.toolId));
    if (!bounded || allow.has(update.toolId)) continue;
    const from = update.from as number;
    const to = update.to as number;
    const ratio = priceRatio(from, to);
    if (ratio > bounds.maxPriceRatio)
      issues.push({
        file: update.file,
        field: update.field,
        value: to,
        message: `${update.toolId}: ${from} -> ${to} is a ${Number.isFinite(ratio) ? `${ratio.toFixed(1)}x` : 'to-or-from-zero'} change, more than the ${bounds.maxPriceRatio}x bound (check upstream, then re-run with --allow ${update.toolId})`,
      });
  }
  if (input.mapped > 0 && input.missing.length / input.mapped > bounds.maxMissingFraction)
    for (const missing of input.missing)
      issues.push({
        file: missing.file,
        field: 'upstream.modelsDev',
        value: missing.key,
        message: `${missing.toolId}: "${missing.key}" is not in the upstream document; ${input.missing.length} of ${input.mapped} mapped tools (${((100 * input.missing.length) / input.mapped).toFixed(1)}%) are missing, more than the ${(100 * bounds.maxMissingFraction).toFixed(0)}% bound`,
      });
  return issues;
}
