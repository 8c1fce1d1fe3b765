/**
 * The home table's "Your workload" column: every model priced for the workload set under "Price a workload"
 * (prompt and output tokens per request, a cache hit rate, requests a month, batch) by the one cost engine, at the
 * prices in force on the data's date; each cell says which price was used, and a model the request does not fit
 * is marked instead of priced, so it sorts last rather than first.
 */
import { type CalcRow, type CalcTool, calculate, costNotes, type Workload } from '../calc.ts';
import { money } from '../format.ts';
import { splitPrompt } from '../hit-rate.ts';
import { esc } from '../html.ts';
import { fetchJson } from './live.ts';

/** The workload fields (in the filter form, so the address keeps them) and what each sets. */
const FIELDS = { prompt: 'wp', output: 'wo', hit: 'wh', requests: 'wn', batch: 'wb' } as const;

const value = (form: HTMLFormElement, name: string) =>
  ((form.elements.namedItem(name) as HTMLInputElement | null)?.value ?? '').trim();

/** The workload the fields describe; null until a prompt size is given (the column then waits for one). */
export function workloadOf(form: HTMLFormElement): Workload | null {
  const count = (name: string, fallback: number) => {
    const n = Number(value(form, name) || fallback);
    return Number.isSafeInteger(n) && n >= 0 ? n : null;
  };
  const prompt = value(form, FIELDS.prompt) === '' ? null : count(FIELDS.prompt, 0);
  const output = count(FIELDS.output, 0);
  const requests = count(FIELDS.requests, 1000);
  if (prompt === null || output === null || requests === null) return null;
  const split = splitPrompt(prompt, Number(value(form, FIELDS.hit) || 0));
  const batch = (form.elements.namedItem(FIELDS.batch) as HTMLInputElement | null)?.checked ?? false;
  return { ...split, output, cacheWrite: 0, cacheWrite1h: 0, requests, batch };
}

/** The short label of the price the engine used, beside the figure; the tooltip has every rule in words. */
function priceUsed(row: CalcRow): string {
  const r = row.result;
  if (!r) return '';
  const parts: string[] = [];
  if (r.free) parts.push('free');
  if (r.tier) parts.push('long-context rate');
  if (r.modifier?.kind === 'promotion') parts.push(`promotion${r.modifier.until ? ` to ${r.modifier.until}` : ''}`);
  else if (r.modifier?.kind === 'off-peak') parts.push('off-peak rate');
  else if (r.modifier) parts.push('batch rate');
  if (!parts.length) parts.push('list price');
  return parts.join(', ');
}

function cellHtml(row: CalcRow | undefined): { v: string; html: string } {
  if (!row?.result) return { v: '', html: `<span class="note">${esc(row?.error ?? 'not priced')}</span>` };
  const title = esc(costNotes(row));
  if (!row.result.fits) return { v: '', html: `<span class="mark nofit" title="${title}">does not fit</span>` };
  if (row.monthlyMicro === null)
    return { v: '', html: `<span class="note" title="${title}">no price: ${esc(costNotes(row))}</span>` };
  return {
    v: String(row.monthlyMicro / 1e6),
    html: `<span class="sc">${money(row.monthlyMicro / 1e6)}</span> <span class="pu" title="${title}">${esc(priceUsed(row))}</span>`,
  };
}

let latest = 0;

/**
 * Prices every row for the form's workload and writes the column; resolves true once the cells changed (the
 * caller re-sorts), false when a newer call overtook this one or there is nothing to price.
 */
export async function priceWorkloadColumn(table: HTMLTableElement, form: HTMLFormElement): Promise<boolean> {
  const call = ++latest;
  const workload = workloadOf(form);
  const cells = [...table.tBodies[0]!.rows].map(
    (r) => [r.dataset.id!, r.querySelector<HTMLElement>('td.c-workload')] as const,
  );
  if (!workload) {
    for (const [, cell] of cells)
      if (cell && cell.dataset.v !== '') {
        cell.dataset.v = '';
        cell.innerHTML = '<span class="note">set a workload</span>';
      }
    return true;
  }
  const root = document.body.dataset.root ?? './';
  const tools = (await fetchJson<{ tools: CalcTool[] }>(`${root}api/tools.json`)).tools;
  if (call !== latest) return false;
  const at = table.dataset.at ?? new Date().toISOString();
  const rows = new Map(
    calculate(tools, workload, { at, platform: null, scores: new Map(), hideInactive: false }).map((r) => [
      r.tool.id,
      r,
    ]),
  );
  for (const [id, cell] of cells) {
    if (!cell) continue;
    const { v, html } = cellHtml(rows.get(id));
    cell.dataset.v = v;
    cell.innerHTML = html;
  }
  const box = document.querySelector<HTMLInputElement>('#col-workload');
  if (box) box.checked = true;
  return true;
}
