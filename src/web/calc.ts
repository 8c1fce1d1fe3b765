/**
 * The cost calculator's arithmetic and its result rows, shared by the page rendered at build
 * time and the browser script. Every figure comes from the one cost engine (src/cost), so the
 * page and the published cost rules cannot disagree.
 */
import { billingOn, costOf, type CostResult, type PlatformLike, type PricedModel } from '../cost/index.ts';
import { esc } from './html.ts';
import { grouped, money, score } from './format.ts';

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
}

export interface CalcRow {
  tool: CalcTool;
  result: CostResult | null;
  /** Cost per month in micro-dollars, when the request has a USD cost. */
  monthlyMicro: number | null;
  score: number | null;
  error: string | null;
}

export interface CalcOptions {
  /** The instant prices are taken at (ISO 8601 or YYYY-MM-DD); promotions and off-peak rates depend on it. */
  at: string;
  /** Bill as this platform does; null: the provider's own API. */
  platform: PlatformLike | null;
  scores: ReadonlyMap<string, number>;
  hideInactive: boolean;
}

const ORDER: Record<string, number> = {
  usd: 0,
  included: 1,
  'premium-multiplier': 2,
  'credit-multiplier': 3,
  unpriced: 4,
};

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
    if (options.hideInactive && (tool.status === 'deprecated' || tool.status === 'retired')) continue;
    const billing = options.platform ? billingOn(options.platform, tool) : undefined;
    if (options.platform && !billing) continue;
    const scoreValue = options.scores.get(tool.id) ?? null;
    try {
      const result = costOf(tool, usage, billing ? { at: options.at, platform: billing } : { at: options.at });
      const monthlyMicro = result.microUsd === null ? null : result.microUsd * workload.requests;
      rows.push({ tool, result, monthlyMicro, score: scoreValue, error: null });
    } catch (error) {
      rows.push({ tool, result: null, monthlyMicro: null, score: scoreValue, error: (error as Error).message });
    }
  }
  return rows.sort((a, b) => {
    const ka = a.result ? (ORDER[a.result.kind] ?? 5) : 6;
    const kb = b.result ? (ORDER[b.result.kind] ?? 5) : 6;
    if (ka !== kb) return ka - kb;
    if (a.monthlyMicro !== null && b.monthlyMicro !== null && a.monthlyMicro !== b.monthlyMicro)
      return a.monthlyMicro - b.monthlyMicro;
    return (b.score ?? -1) - (a.score ?? -1) || a.tool.name.localeCompare(b.tool.name);
  });
}

function notes(row: CalcRow): string {
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
  if (r.kind === 'unpriced') out.push(`No published price for ${r.missing.join(', ')}`);
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

/** Result rows as HTML (tbody content). `data-usd` holds the exact monthly figure. */
export function rowsHtml(rows: readonly CalcRow[], root: string, highlight: string | null): string {
  let rank = 0;
  return rows
    .map((row) => {
      const usd = row.monthlyMicro !== null;
      if (usd) rank += 1;
      const monthly = usd
        ? money(row.monthlyMicro! / 1e6)
        : row.result && row.result.kind !== 'unpriced'
          ? 'in plan'
          : '—';
      const perRequest = row.result?.usd != null ? money(row.result.usd) : '—';
      const mark = row.tool.id === highlight ? ' class="hl"' : '';
      return `<tr data-tool="${esc(row.tool.id)}"${mark}><td>${usd ? rank : ''}</td><th scope="row"><a href="${root}models/${esc(row.tool.id)}/">${esc(row.tool.name)}</a></th><td class="num" data-usd="${usd ? row.monthlyMicro! / 1e6 : ''}">${monthly}</td><td class="num" data-usd-request="${row.result?.usd ?? ''}">${perRequest}</td><td class="num">${row.score === null ? '—' : score(row.score)}</td><td>${esc(notes(row))}</td></tr>`;
    })
    .join('');
}
