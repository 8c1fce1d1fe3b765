/**
 * Price history across models (issue 35 item 7): every list-price change, promotion (with its first and last day)
 * and change of other pricing terms that price-history.json records, newest first, filterable by provider, model
 * and kind; with a step chart of each model whose list price changed. The script filters the rows the build put
 * here and keeps the filter in the address; without it every row but the first-recorded prices shows.
 */
import type { Tool } from '../../schema/api.ts';
import { esc } from '../html.ts';
import { day, price } from '../format.ts';
import { priceHistoryChart } from '../price-chart.ts';
import {
  countWords,
  DEFAULT_KINDS,
  EVENT_KIND_WORDS,
  type EventRates,
  type PriceEvent,
  type PriceEventKind,
  priceEvents,
  priceEventsOf,
} from '../price-events.ts';
import { shareControl } from '../share.ts';
import type { Site } from '../view.ts';

const KINDS: readonly PriceEventKind[] = ['list', 'promotion', 'terms', 'first'];
const KIND_LABELS: Record<PriceEventKind, string> = {
  list: 'List price changes',
  promotion: 'Promotions',
  terms: 'Other terms changed',
  first: 'First recorded prices',
};

const cacheRate = (v: number | null) => (v === null ? '—' : price(v));

/** One rate of an event: "$2.00 → $4.00" for a list change, "$2.00 (list $4.00)" for a promotion, else the rate. */
function rateCell(e: PriceEvent, pick: keyof EventRates): string {
  const now = e.after[pick];
  const was = e.before?.[pick] ?? null;
  const text = pick === 'input' || pick === 'output' ? price(now as number) : cacheRate(now);
  if (e.kind === 'list' && was !== now) return `${cacheRate(was)} → ${text}`;
  if (e.kind === 'promotion' && was !== null && now !== null)
    return `${text} <span class="note">(list ${price(was)})</span>`;
  return text;
}

/** The promotion's days, or what else changed, in words. */
function whatCell(e: PriceEvent): string {
  if (e.kind === 'promotion') {
    const start = `${e.startRecorded ? 'recorded from' : 'from'} ${day(e.date)}`;
    const end = e.until ? `through ${day(e.until)} (UTC)` : 'no end date stated';
    return esc(`${start}, ${end}`);
  }
  if (e.kind === 'first') return 'recording began';
  const terms = e.terms.length ? `${e.terms.join(', ')} changed` : '';
  return esc(terms);
}

const releaseCell = (e: PriceEvent, root: string) =>
  e.release ? `<a href="${root}api/v/${esc(e.release)}/tools.json">${esc(e.release)}</a>` : 'not yet released';

/** One row of the table; the model page shows the same rows of one model without its model and provider columns. */
export function eventRow(e: PriceEvent, root: string, tool: Tool | undefined, withModel: boolean): string {
  const model = tool ? `<a href="${root}models/${esc(e.toolId)}/">${esc(e.name)}</a>` : esc(e.name);
  const promo = e.kind === 'promotion' ? ' <span class="mark promo">promo</span>' : '';
  const who = withModel ? `<td>${model}</td><td>${esc(tool?.provider ?? 'no longer listed')}</td>` : '';
  return `<tr data-tool="${esc(e.toolId)}" data-provider="${esc(tool?.providerId ?? '')}" data-kind="${e.kind}" data-date="${esc(e.date)}"${withModel && !DEFAULT_KINDS.includes(e.kind) ? ' hidden' : ''}><th scope="row">${esc(e.date)}</th>${who}<td>${esc(EVENT_KIND_WORDS[e.kind])}${promo}</td><td>${rateCell(e, 'input')}</td><td>${rateCell(e, 'output')}</td><td>${rateCell(e, 'cacheRead')}</td><td>${whatCell(e)}</td><td>${releaseCell(e, root)}</td></tr>`;
}

export const EVENT_HEAD = (withModel: boolean) =>
  `<thead><tr><th scope="col">From</th>${withModel ? '<th scope="col">Model</th><th scope="col">Provider</th>' : ''}<th scope="col">Kind</th><th scope="col">Input</th><th scope="col">Output</th><th scope="col">Cache read</th><th scope="col">Days and terms</th><th scope="col">Release</th></tr></thead>`;

/** A step chart for each model whose list price changed, marked with the model it draws for the filter. */
function charts(site: Site, tools: Site['input']['priceHistory'] & object): string {
  const figures = tools.tools
    .filter((t) => priceEventsOf(t).some((e) => e.kind === 'list'))
    .map((t) => {
      const chart = priceHistoryChart(
        t.name,
        t.history.map((h) => ({ from: h.effectiveFrom, input: h.pricing.input, output: h.pricing.output })),
        `ph-${t.toolId}`,
      );
      const provider = site.toolsById.get(t.toolId)?.providerId ?? '';
      return chart.replace(
        '<figure class="spark">',
        `<figure class="spark" data-tool="${esc(t.toolId)}" data-provider="${esc(provider)}"><h3>${esc(t.name)}</h3>`,
      );
    });
  return figures.length
    ? `<h2 id="pc-h">List prices of the models whose list price changed</h2><div class="sparks">${figures.join('')}</div>`
    : '';
}

export function renderPrices(site: Site, root: string): string {
  const history = site.input.priceHistory;
  if (!history) return '<h1>Price history</h1><p>No price history is published with this build.</p>';
  const events = priceEvents(history);
  const shown = events.filter((e) => DEFAULT_KINDS.includes(e.kind)).length;
  const first = history.tools.flatMap((t) => t.history.map((h) => h.effectiveFrom)).sort()[0] ?? '';
  const providers = [...new Map(site.tools.map((t) => [t.providerId, t.provider])).entries()].sort((a, b) =>
    a[1].localeCompare(b[1]),
  );
  const models = [...history.tools].sort((a, b) => a.name.localeCompare(b.name));
  const kindBoxes = KINDS.map(
    (k) =>
      `<div class="field check"><input id="p-k-${k}" name="kind" type="checkbox" value="${k}"${DEFAULT_KINDS.includes(k) ? ' checked' : ''}><label for="p-k-${k}">${esc(KIND_LABELS[k])}</label></div>`,
  ).join('');
  return `<h1>Price history</h1>
<p class="lead">How the prices of every model changed since recording began on ${esc(day(first))}: list-price changes with the price before and after, promotions and introductory prices with their first and last day (a promotion is the rate charged for a while, never a change of the list price), and changes of the other pricing terms (caching, long-context tiers, batch and off-peak rates). USD per 1M tokens, newest first.</p>
<form id="prices-filter" class="calc needs-js" aria-controls="price-events">
<fieldset><legend>Which changes</legend>
<div class="field"><label for="p-provider">Provider</label><select id="p-provider" name="provider"><option value="">Every provider</option>${providers.map(([id, name]) => `<option value="${esc(id)}">${esc(name)}</option>`).join('')}</select></div>
<div class="field"><label for="p-model">Model</label><select id="p-model" name="model"><option value="">Every model</option>${models.map((t) => `<option value="${esc(t.toolId)}">${esc(t.name)}</option>`).join('')}</select></div>
${kindBoxes}
</fieldset>
</form>
${shareControl('these price changes')}
<p id="prices-count" class="count" role="status">${esc(countWords(shown, events.length, DEFAULT_KINDS))}</p>
<div class="scroll" role="region" aria-labelledby="price-events-caption" tabindex="0">
<table id="price-events"><caption id="price-events-caption">Recorded price events, newest first</caption>${EVENT_HEAD(true)}<tbody>${events
    .map((e) => eventRow(e, root, site.toolsById.get(e.toolId), true))
    .join('')}</tbody></table>
</div>
<p id="prices-empty" class="empty" hidden>No price event matches: choose another provider, model or kind.</p>
${charts(site, history)}
<p class="data-links">From <a href="${root}api/price-history.json">price-history.json</a>: each model’s prices in force over time, with the release that first published each. A model’s own page lists its history too.</p>`;
}
