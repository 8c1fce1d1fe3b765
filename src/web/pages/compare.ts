/**
 * Compare two to four models side by side: one column per model holding its prices (tiers and
 * caching), context and output limits, each benchmark (measured or estimated, with its interval),
 * rank range, cost and time per coding task with output speed, platforms, lifecycle and the monthly cost of a workload. Every model's column is
 * rendered here at build time, its cost for the default workload included; the script shows the
 * ones compare/?ids=a,b names, in that order, and reprices them for the address's in, out and n.
 */
import type { Tool } from '../../schema/api.ts';
import { calculate, DEFAULT_WORKLOAD } from '../calc.ts';
import { esc } from '../html.ts';
import { day, grouped, intervalOf, money, month, price, tokens } from '../format.ts';
import { blendedOf, nowPrice, promotionMark, rate } from '../in-force.ts';
import { scoreHtml, taskFigureHtml } from '../marks.ts';
import { cachingWords, tierWords } from '../pricing-words.ts';
import { shareControl } from '../share.ts';
import { workloadWords } from '../workload.ts';
import { detailOf, EVIDENCE_WORDS, scoreViews, STATUS_WORDS, type Site, weightedComponents } from '../view.ts';

/** A row: its label, its cell for each model, and an id for a label the browser script rewrites. */
type Row = [label: string, cell: (t: Tool) => string, id?: string];

/**
 * A score or rank with what the script needs to say whether two models' figures overlap: the value and its interval
 * (or rank range), none for a measured value published without one.
 */
function figureSpan(value: number, range: [number, number] | null, html: string, rank = false): string {
  const iv = range ? ` data-lo="${range[0]}" data-hi="${range[1]}"` : '';
  return `<span class="fig" data-v="${value}"${iv}${rank ? ' data-rank="1"' : ''}>${html}</span>`;
}

function scoreRows(site: Site): Row[] {
  const rows: Row[] = [
    [
      'Overall score',
      (t) => {
        const s = site.scored.get(t.id);
        return s
          ? figureSpan(
              s.model.overallScore,
              s.interval,
              scoreHtml({
                value: s.model.overallScore,
                interval: s.interval,
                measured: s.measured,
                provisional: s.provisional,
              }),
            )
          : 'not scored';
      },
      'cmp-overall',
    ],
    [
      'Rank',
      (t) => {
        const s = site.scored.get(t.id);
        if (!s?.rank) return '—';
        return figureSpan(
          s.rank,
          s.rankRange,
          `${s.rank} of ${site.scored.size}${s.rankRange ? ` (plausible ${s.rankRange[0]}–${s.rankRange[1]})` : ''}`,
          true,
        );
      },
      'cmp-rank',
    ],
  ];
  for (const c of weightedComponents(site.components))
    rows.push([
      c.name,
      (t) => {
        const s = site.scored.get(t.id);
        const d = s ? detailOf(s.model, c.field) : undefined;
        if (!d) return '—';
        const view = { value: d.value, interval: intervalOf(d.interval), measured: d.kind === 'measured' };
        return figureSpan(
          d.value,
          view.interval,
          `${scoreHtml(view)} <span class="note">${esc(EVIDENCE_WORDS[d.evidence] ?? (d.kind === 'measured' ? 'measured' : ''))}</span>`,
        );
      },
      `cmp-s-${c.field}`,
    ]);
  return rows;
}

/** Prices in force on the data's date (a running promotion marked with its end and the price after it). */
function priceRows(site: Site): Row[] {
  const now = (t: Tool) => nowPrice(t, site.lastUpdated);
  const cache = (t: Tool, v: number | null) =>
    t.pricingDetails.caching === 'unavailable' && !t.pricingDetails.free ? '—' : rate(v);
  return [
    [
      'Input / output per 1M',
      (t) => `${rate(now(t).rates.input)} / ${rate(now(t).rates.output)}${promotionMark(now(t))}`,
    ],
    ['Cache read / write per 1M', (t) => `${cache(t, now(t).rates.cacheRead)} / ${cache(t, now(t).rates.cacheWrite)}`],
    ['Blended per 1M', (t) => price(blendedOf(now(t).rates) ?? t.blendedPrice)],
    [
      'Pricing rules',
      (t) =>
        [cachingWords(t), ...t.pricingDetails.tiers.map((tier) => tierWords(tier))]
          .map((w) => `<span class="line">${esc(w)}</span>`)
          .join(''),
    ],
  ];
}

/**
 * Each model's headline cost and time per coding task (benchmarks.json taskCost.headline), which names its kind of
 * task and configuration, and its output speed: the same figures as the home table's optional columns.
 */
function taskRows(site: Site): Row[] {
  const headline = (t: Tool) => site.scored.get(t.id)?.model.taskCost?.headline ?? null;
  const figure =
    (pick: 'costPerSolvedTaskUsd' | 'costPerAttemptUsd' | 'secondsPerTask', unit: 'usd' | 'seconds') => (t: Tool) => {
      const h = headline(t);
      return h ? taskFigureHtml(h[pick], h.evidence, unit) : '—';
    };
  return [
    [
      'Task it is priced on',
      (t) => {
        const h = headline(t);
        return h ? `${esc(h.taskKind)}: ${esc(h.configuration)}` : 'no published run or estimate';
      },
    ],
    ['Cost per solved task', figure('costPerSolvedTaskUsd', 'usd')],
    ['Cost per attempt', figure('costPerAttemptUsd', 'usd')],
    ['Seconds per task', figure('secondsPerTask', 'seconds')],
    [
      'Output tokens per second',
      (t) => {
        const speed = headline(t)?.outputTokensPerSecond ?? null;
        return speed === null ? 'not published' : grouped(Math.round(speed));
      },
    ],
  ];
}

function factRows(site: Site): Row[] {
  const scores = scoreViews(site);
  const costs = new Map(
    calculate(site.tools, DEFAULT_WORKLOAD, { at: site.lastUpdated, platform: null, scores, hideInactive: false }).map(
      (r) => [r.tool.id, r.monthlyMicro],
    ),
  );
  return [
    ['Context window', (t) => `${tokens(t.contextTokens)} tokens`],
    ['Maximum output', (t) => (t.maxOutputTokens === null ? 'not published' : `${tokens(t.maxOutputTokens)} tokens`)],
    [
      workloadWords(DEFAULT_WORKLOAD),
      (t) => {
        const micro = costs.get(t.id);
        return `<span class="cost" data-usd="${micro == null ? '' : micro / 1e6}">${micro == null ? '—' : money(micro / 1e6)}</span>`;
      },
      'cmp-work',
    ],
    ['Released', (t) => esc(month(t.releaseDate))],
    [
      'Lifecycle',
      (t) =>
        `${esc(STATUS_WORDS[t.status] ?? t.status)}${t.replacedBy ? `; successor: ${esc(site.toolsById.get(t.replacedBy)?.name ?? t.replacedBy)}` : ''}`,
    ],
    [
      'Platforms',
      (t) => (site.platformsByTool.get(t.id) ?? []).map((p) => esc(p.name)).join(', ') || 'none in the directory',
    ],
  ];
}

function headCell(t: Tool, root: string): string {
  return `<th scope="col" data-id="${esc(t.id)}" hidden><a href="${root}models/${esc(t.id)}/">${esc(t.name)}</a> <span class="note">${esc(t.provider)}</span> <a class="rm js-only" href="./" data-rm="${esc(t.id)}" aria-label="Remove ${esc(t.name)} from the comparison" hidden>Remove</a></th>`;
}

function bodyRows(site: Site): string {
  const rows = [...scoreRows(site), ...priceRows(site), ...taskRows(site), ...factRows(site)];
  return rows
    .map(
      ([label, cell, id]) =>
        `<tr><th scope="row"${id ? ` id="${id}"` : ''}>${esc(label)}</th>${site.tools.map((t) => `<td data-id="${esc(t.id)}" hidden>${cell(t)}</td>`).join('')}</tr>`,
    )
    .join('\n');
}

/** The form: add a model, remove all, and the workload the cost row prices (kept in the address as in, out, n). */
function compareForm(site: Site): string {
  const options = site.tools.map((t) => `<option value="${esc(t.id)}">${esc(t.name)}</option>`).join('');
  const w = DEFAULT_WORKLOAD;
  const count = (id: string, name: string, label: string, value: number) =>
    `<div class="field"><label for="${id}">${label}</label><input id="${id}" name="${name}" type="number" min="0" step="1" inputmode="numeric" value="${value}" required></div>`;
  return `<form id="cmp-form" class="filters needs-js" action="./" method="get"><input type="hidden" name="ids" id="cmp-ids">
<div class="field wide"><label for="cmp-add">Add a model</label><select id="cmp-add"><option value="">Choose…</option>${options}</select></div>
${count('cmp-in', 'in', 'Input tokens per request', w.input)}
${count('cmp-out', 'out', 'Output tokens per request', w.output)}
${count('cmp-n', 'n', 'Requests per month', w.requests)}
<div class="field"><button type="submit">Price this workload</button></div>
<div class="field"><button type="button" id="cmp-clear">Remove all</button></div></form>`;
}

export function renderCompare(site: Site, root: string): string {
  const head = site.tools.map((t) => headCell(t, root)).join('');
  return `<h1>Compare models</h1>
<p class="lead">Two to four models side by side: prices with caching and tiers, limits, every weighted benchmark with its interval, rank range, platforms, lifecycle and the cost of a workload you choose (by default ${esc(workloadWords(DEFAULT_WORKLOAD).replace(/^A/, 'a'))}, at the prices in force on ${esc(day(site.lastUpdated))}, a running promotion included and marked with its last day). The address keeps the models and the workload, so it can be shared.</p>
${compareForm(site)}
${shareControl('this comparison')}
<p id="cmp-status" class="count" role="status">Choose models in the <a href="${root}">model table</a> (the boxes beside the names), then “Compare selected”. This view needs JavaScript to pick its models.</p>
<div class="scroll" role="region" aria-labelledby="cmp-caption" tabindex="0">
<table id="compare" class="compare" data-at="${esc(site.lastUpdated)}"><caption id="cmp-caption">Models side by side</caption>
<thead><tr><th scope="col">Model</th>${head}</tr></thead>
<tbody>${bodyRows(site)}</tbody></table></div>
<section id="cmp-pairs" class="pairs" aria-labelledby="cmp-pairs-h" hidden><h2 id="cmp-pairs-h">Is the difference real?</h2>
<p class="note">For each pair of the models shown, on each score: whether their 80% intervals (for the rank, the ranks each could hold) overlap. Overlapping intervals mean the data cannot yet say which is better there.</p>
<div id="cmp-pairs-list"></div></section>
<p class="data-links">From <a href="${root}api/tools.json">tools.json</a>, <a href="${root}api/benchmarks.json">benchmarks.json</a> and <a href="${root}api/platforms.json">platforms.json</a>.</p>`;
}
