/**
 * The cost calculator's arithmetic and its result rows, shared by the page rendered at build
 * time and the browser script. Every figure comes from the one cost engine (src/cost), so the
 * page and the published cost rules cannot disagree.
 */
import { billingOn, costOf, type CostResult, type PlatformLike, type PricedModel } from '../cost/index.ts';
import { esc } from './html.ts';
import { grouped, money } from './format.ts';
import { type ScoreView, scoreHtml } from './marks.ts';

export interface Workload {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
  /** Cache writes with a one-hour lifetime, where the provider sells them. */
  cacheWrite1h: number;
  requests: number;
  /** Through the provider's batch interface. */
  batch: boolean;
}

export const DEFAULT_WORKLOAD: Workload = {
  input: 20_000,
  output: 2_000,
  cacheRead: 0,
  cacheWrite: 0,
  cacheWrite1h: 0,
  requests: 1_000,
  batch: false,
};

export interface CalcTool extends PricedModel {
  id: string;
  name: string;
  providerId: string;
  status: string;
  contextTokens: number;
  maxOutputTokens: number | null;
}

export interface CalcRow {
  tool: CalcTool;
  result: CostResult | null;
  /** Cost per month (all the requests, by the engine) in micro-dollars, when the workload has a USD cost. */
  monthlyMicro: number | null;
  score: ScoreView | null;
  error: string | null;
}

export type CalcSort = 'cost' | 'score' | 'value';

export interface CalcOptions {
  /** The instant prices are taken at (ISO 8601 or YYYY-MM-DD); promotions and off-peak rates depend on it. */
  at: string;
  /** Bill as this platform does; null: the provider's own API. */
  platform: PlatformLike | null;
  scores: ReadonlyMap<string, ScoreView>;
  hideInactive: boolean;
  /** Only models scoring at least this much (unscored models drop out). */
  minScore?: number | null;
  /** Only models whose context and output limits fit the request. */
  fit?: boolean;
  sort?: CalcSort;
}

const ORDER: Record<string, number> = {
  usd: 0,
  included: 1,
  'premium-multiplier': 2,
  'credit-multiplier': 3,
  unpriced: 4,
  'exceeds-limits': 5,
};

/** Whether the options leave a model out before it is priced. */
function excluded(tool: CalcTool, options: CalcOptions): boolean {
  if (options.hideInactive && (tool.status === 'deprecated' || tool.status === 'retired')) return true;
  const min = options.minScore;
  return typeof min === 'number' && min > 0 && (options.scores.get(tool.id)?.value ?? -1) < min;
}

/** Cost per score point, for the "value" order: unscored and unpriced rows have none. */
const perPoint = (r: CalcRow) =>
  r.monthlyMicro !== null && r.score && r.score.value > 0 ? r.monthlyMicro / r.score.value : null;

function compareRows(sort: CalcSort): (a: CalcRow, b: CalcRow) => number {
  const kind = (r: CalcRow) => (r.result ? (ORDER[r.result.kind] ?? 5) : 6);
  const byName = (a: CalcRow, b: CalcRow) => a.tool.name.localeCompare(b.tool.name);
  const byScore = (a: CalcRow, b: CalcRow) => (b.score?.value ?? -1) - (a.score?.value ?? -1);
  const nullsLast = (x: number | null, y: number | null) =>
    x === null ? (y === null ? 0 : 1) : y === null ? -1 : x - y;
  if (sort === 'score') return (a, b) => byScore(a, b) || nullsLast(a.monthlyMicro, b.monthlyMicro) || byName(a, b);
  if (sort === 'value')
    return (a, b) => nullsLast(perPoint(a), perPoint(b)) || kind(a) - kind(b) || byScore(a, b) || byName(a, b);
  return (a, b) => kind(a) - kind(b) || nullsLast(a.monthlyMicro, b.monthlyMicro) || byScore(a, b) || byName(a, b);
}

export function calculate(tools: readonly CalcTool[], workload: Workload, options: CalcOptions): CalcRow[] {
  const usage = {
    input: workload.input,
    output: workload.output,
    cacheRead: workload.cacheRead,
    cacheWrite: workload.cacheWrite,
    cacheWrite1h: workload.cacheWrite1h,
    batch: workload.batch,
  };
  const rows: CalcRow[] = [];
  for (const tool of tools) {
    if (excluded(tool, options)) continue;
    const billing = options.platform ? billingOn(options.platform, tool) : undefined;
    if (options.platform && !billing) continue;
    const scoreValue = options.scores.get(tool.id) ?? null;
    try {
      const result = costOf(tool, usage, {
        at: options.at,
        requests: workload.requests,
        ...(billing ? { platform: billing } : {}),
      });
      // The engine decides fit: one request over the context window or output limit has no price.
      if (options.fit && !result.fits) continue;
      rows.push({ tool, result, monthlyMicro: result.microUsd, score: scoreValue, error: null });
    } catch (error) {
      rows.push({ tool, result: null, monthlyMicro: null, score: scoreValue, error: (error as Error).message });
    }
  }
  return rows.sort(compareRows(options.sort ?? 'cost'));
}

/** Which price and rules the engine applied to a row, in words (and why there is no figure when there is none). */
export function costNotes(row: CalcRow): string {
  const r = row.result;
  if (!r) return `Could not compute: ${row.error ?? 'unknown error'}`;
  const out: string[] = [];
  if (r.kind === 'included') out.push('Included in the platform plan');
  if (r.kind === 'premium-multiplier')
    out.push(
      r.platform?.multiplier != null
        ? `${r.platform.multiplier}× premium requests each`
        : 'Premium requests (no multiplier published)',
    );
  if (r.kind === 'credit-multiplier')
    out.push(
      r.platform?.multiplier != null
        ? `${r.platform.multiplier}× plan credits each`
        : 'Plan credits (no multiplier published)',
    );
  for (const excess of r.exceeds)
    out.push(
      `Does not fit: ${excess.measure === 'output' ? 'output' : excess.measure === 'prompt' ? 'prompt' : 'prompt plus output'} of ${grouped(excess.tokens)} tokens exceeds the ${excess.limit === 'contextTokens' ? 'context window' : 'output limit'} of ${grouped(excess.max)}`,
    );
  if (r.unknownBatchRate) out.push('Unknown batch rate (no batch price published), so no cost');
  else if (r.kind === 'unpriced') out.push(`No published price for ${r.missing.join(', ')}`);
  if (r.free) out.push('Free model');
  if (r.tier) out.push(`Long-context rate (prompt above ${grouped(r.tier.aboveTokens)} tokens)`);
  if (r.modifier)
    out.push(
      r.modifier.kind === 'promotion'
        ? `Promotional rate${r.modifier.until ? ` until ${r.modifier.until}` : ''}`
        : r.modifier.kind === 'off-peak'
          ? 'Off-peak rate'
          : 'Batch rate',
    );
  if (r.basis === 'byok') out.push('Your own key, provider price');
  return out.join('; ');
}

/** The same workload with no prompt caching: cache reads and writes billed as uncached input. */
export function withoutCachingOf(w: Workload): Workload {
  return {
    ...w,
    input: w.input + w.cacheRead + w.cacheWrite + w.cacheWrite1h,
    cacheRead: 0,
    cacheWrite: 0,
    cacheWrite1h: 0,
  };
}

const uncachedCell = (micro: number | null) =>
  `<td class="num" data-label="Without caching" data-usd-uncached="${micro === null ? '' : micro / 1e6}">${micro === null ? '—' : money(micro / 1e6)}</td>`;

/**
 * Result rows as HTML (tbody content). `data-usd` holds the exact monthly figure; `data-label` names each figure for
 * the phone layout, where a row is a card and the header is not shown (styles.ts).
 */
export function rowsHtml(
  rows: readonly CalcRow[],
  root: string,
  highlight: string | null,
  /** The monthly cost of each model with every prompt token billed as uncached input, when that view is on. */
  withoutCaching: ReadonlyMap<string, number | null> | null = null,
): string {
  let rank = 0;
  return rows
    .map((row) => {
      const usd = row.monthlyMicro !== null;
      if (usd) rank += 1;
      const monthly = usd
        ? money(row.monthlyMicro! / 1e6)
        : row.result && row.result.kind !== 'unpriced' && row.result.kind !== 'exceeds-limits'
          ? 'in plan'
          : '—';
      const perRequest = row.result?.perRequest ? money(row.result.perRequest.usd) : '—';
      const mark = row.tool.id === highlight ? ' class="hl"' : '';
      const point = perPoint(row);
      return `<tr data-tool="${esc(row.tool.id)}"${mark}><td>${usd ? rank : ''}</td><th scope="row"><a href="${root}models/${esc(row.tool.id)}/">${esc(row.tool.name)}</a></th><td class="num" data-label="Per month" data-usd="${usd ? row.monthlyMicro! / 1e6 : ''}">${monthly}</td><td class="num" data-label="Per request" data-usd-request="${row.result?.perRequest?.usd ?? ''}">${perRequest}</td>${withoutCaching ? uncachedCell(withoutCaching.get(row.tool.id) ?? null) : ''}<td class="num" data-label="Score" data-score="${row.score?.value ?? ''}">${row.score === null ? 'not scored' : scoreHtml(row.score)}</td><td class="num" data-label="Per score point">${point === null ? '—' : money(point / 1e6)}</td><td data-label="Notes">${esc(costNotes(row))}</td></tr>`;
    })
    .join('');
}
