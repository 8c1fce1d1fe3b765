/** The front page: every model in a sortable, filterable table, and the price vs score chart that follows its filters. */
import { renderChart } from '../chart.ts';
import { esc } from '../html.ts';
import { price, score, tokens } from '../format.ts';
import { blendedOf, nowPrice } from '../in-force.ts';
import { scoreHtml } from '../marks.ts';
import { STATUS_WORDS, type Site, weightedComponents } from '../view.ts';
import { isInactive } from '../wording.ts';
import { shareControl } from '../share.ts';
import { columnChoices, rankHtml, seriesColumns, tableHead, tableRows } from './home-table.ts';

export { COLUMNS } from './home-table.ts';

function options(values: [string, string][], all: string): string {
  return [
    `<option value="">${esc(all)}</option>`,
    ...values.map(([v, l]) => `<option value="${esc(v)}">${esc(l)}</option>`),
  ].join('');
}

/** The filter form: shown from the first paint (no layout shift when the script arrives), hidden where scripts do not run (filtering needs one). */
function filterForm(site: Site): string {
  const { tools } = site;
  const categories = site.input.documents['categories.json'].categories;
  const providers = [...new Map(tools.map((t) => [t.providerId, t.provider])).entries()].sort((a, b) =>
    a[1].localeCompare(b[1]),
  );
  const statuses = [...new Set(tools.map((t) => t.status as string))].sort();
  const contexts: [string, string][] = [128_000, 200_000, 256_000, 400_000, 1_000_000].map((n) => [
    String(n),
    `${tokens(n)} tokens or more`,
  ]);
  const select = (id: string, name: string, label: string, values: [string, string][], all: string) =>
    `<div class="field"><label for="${id}">${label}</label><select id="${id}" name="${name}">${options(values, all)}</select></div>`;
  return `<form id="filters" class="filters needs-js" aria-label="Filter models">
<div class="field wide"><label for="f-q">Search name or alias</label><input id="f-q" name="q" type="search" autocomplete="off" spellcheck="false"></div>
${select('f-provider', 'provider', 'Provider', providers, 'All providers')}
${select(
  'f-category',
  'category',
  'Category',
  categories.map((c) => [c.id, c.name]),
  'All categories',
)}
${select(
  'f-platform',
  'platform',
  'Platform',
  site.platforms.map((p) => [p.id, p.name]),
  'Any platform',
)}
${select(
  'f-status',
  'status',
  'Status',
  statuses.map((s) => [s, STATUS_WORDS[s] ?? s]),
  'Any status',
)}
${select('f-ctx', 'ctx', 'Minimum context', contexts, 'Any context')}
<div class="field"><label for="f-max">Max blended price ($/1M)</label><input id="f-max" name="max" type="number" min="0" step="any" inputmode="decimal"></div>
<div class="field"><label for="f-maxtask">Max $ per solved task</label><input id="f-maxtask" name="maxtask" type="number" min="0" step="any" inputmode="decimal" aria-describedby="f-task-hint"></div>
<div class="field"><label for="f-minspeed">Min output tokens/s</label><input id="f-minspeed" name="minspeed" type="number" min="0" step="any" inputmode="decimal" aria-describedby="f-task-hint"></div>
<div class="field check"><input id="f-taskm" name="taskm" type="checkbox" value="1" aria-describedby="f-task-hint"><label for="f-taskm">Measured cost per task only</label></div>
${select(
  'f-bench',
  'bench',
  'Benchmark',
  seriesColumns(site).map((c) => [c.key, c.label]),
  'Overall score',
)}
<div class="field"><label for="f-bmin">Minimum score</label><input id="f-bmin" name="bmin" type="number" min="0" max="100" step="any" inputmode="decimal" aria-describedby="f-bench-hint"></div>
<div class="field check"><input id="f-bmeas" name="bmeas" type="checkbox" value="1" aria-describedby="f-bench-hint"><label for="f-bmeas">Measured results only</label></div>
${select(
  'f-minout',
  'minout',
  'Minimum output limit',
  [16_000, 32_000, 64_000, 128_000].map((n) => [String(n), `${tokens(n)} tokens or more`]),
  'Any output limit',
)}
<div class="field check"><input id="f-open" name="open" type="checkbox" value="1"><label for="f-open">Open weights only</label></div>
<div class="field check"><input id="f-tools" name="tools" type="checkbox" value="1"><label for="f-tools">Tool calling</label></div>
<div class="field check"><input id="f-reason" name="reason" type="checkbox" value="1"><label for="f-reason">Reasoning mode</label></div>
<div class="field check"><input id="f-img" name="img" type="checkbox" value="1"><label for="f-img">Image input</label></div>
<div class="field"><button type="reset">Clear filters</button></div>
<p class="hint row" id="f-task-hint">Per solved task and tokens/s are each model’s headline figures; a model without one is left out once a limit is set.</p>
<p class="hint row" id="f-bench-hint">The benchmark’s column is shown while it is chosen. Measured only: leaves out models whose value on it is an estimate (for the overall score: mostly estimated).</p>
</form>`;
}

/**
 * The workload the "Your workload" column prices (the script fills it): fields of the filter form, so the address
 * keeps them and a shared link prices the same.
 */
function workloadFields(root: string): string {
  const count = (id: string, name: string, label: string, extra = '') =>
    `<div class="field"><label for="${id}">${label}</label><input id="${id}" name="${name}" form="filters" type="number" min="0" step="1" inputmode="numeric"${extra}></div>`;
  return `<details class="work needs-js"><summary>Price a workload</summary><div class="filters">
${count('w-prompt', 'wp', 'Prompt tokens per request')}
${count('w-out', 'wo', 'Output tokens per request')}
${count('w-hit', 'wh', 'Cache hit rate (%)', ' max="100" placeholder="0"')}
${count('w-n', 'wn', 'Requests a month', ' placeholder="1000"')}
<div class="field check"><input id="w-batch" name="wb" form="filters" type="checkbox" value="1"><label for="w-batch">Batch interface</label></div>
<p class="hint">Priced by the directory’s cost engine at the prices in force on the data’s date: long-context rates above a tier’s threshold, the cached share of the prompt at the cache-read rate (cache writes are not counted here; the <a href="${root}calculator/">calculator</a> takes them), batch rates, promotions. Each figure says which price it used.</p>
</div></details>`;
}

/**
 * The switches that work without the script too (the stylesheet follows them): deprecated and
 * retired models, hidden by default as in the calculator, and the optional columns.
 */
function viewSwitches(site: Site, root: string): string {
  const inactive = site.tools.filter((t) => isInactive(t.status)).length;
  return `<div class="view" id="view">
<div class="field check"><input id="f-all" name="all" type="checkbox" value="1" form="filters"><label for="f-all">Show deprecated and retired models (${inactive})</label></div>
${workloadFields(root)}
<details class="cols"><summary>More columns</summary><div class="col-list">${columnChoices(site)}</div></details>
${shareControl('this view of the table')}
<p class="compare-bar needs-js"><button type="button" id="compare-go" disabled>Compare selected</button> <span id="compare-count" class="note">Select 2 to 4 models with the boxes in the table.</span></p>
</div>`;
}

function modelsSection(site: Site, root: string): string {
  const { tools } = site;
  const shown = tools.filter((t) => !isInactive(t.status)).length;
  return `<section aria-labelledby="models-h">
<h2 id="models-h">All models</h2>
${filterForm(site)}
${viewSwitches(site, root)}
<p id="count" class="count" role="status">${shown} of ${tools.length} models (deprecated and retired hidden).</p>
<p id="models-note" class="note"><span id="order-note">Best overall score first.</span> Scores show their interval beside them, and their rank with, in brackets, every rank that interval allows; <span class="mark est">est.</span> marks a score that rests mostly on estimates rather than measured results. Prices in USD per 1M tokens as charged on the data’s date: a promotional or introductory price while one runs, marked with its last day and the price after it, else the list price; “—” in a cache column: no prompt caching. In a benchmark’s column, <span class="mark ind">indep.</span> marks a result run independently and <span class="mark dev">dev.</span> one the model developer reported. <span class="mark prov">provisional</span> marks a rank that rests on no independent measurement (only the model developer’s figures or estimates). <span class="js-only" hidden>The column headers sort the table.</span></p>
<div class="scroll tall" role="region" aria-labelledby="models-caption" tabindex="0">
<table id="models" class="models" aria-describedby="models-note" data-at="${esc(site.lastUpdated)}">
<caption id="models-caption">All ${tools.length} models</caption>
<thead><tr>${tableHead(site)}</tr></thead>
<tbody>
${tableRows(site, root)}
</tbody>
</table>
</div>
<p id="empty" class="empty" hidden>No model matches these filters. <button type="button" id="empty-reset">Clear filters</button></p>
<p class="data-links">This table is <a href="${root}api/tools.json">tools.json</a> joined with <a href="${root}api/benchmarks.json">benchmarks.json</a> and <a href="${root}api/platforms.json">platforms.json</a>.</p>
</section>`;
}

const KEY = `<figcaption><span class="key"><svg viewBox="0 0 12 12" width="12" height="12" aria-hidden="true"><circle class="k-pm" cx="6" cy="6" r="4.5"/></svg> mostly measured</span> <span class="key"><svg viewBox="0 0 12 12" width="12" height="12" aria-hidden="true"><circle class="k-pe" cx="6" cy="6" r="4.5"/></svg> mostly estimated</span> <span class="key"><svg viewBox="0 0 20 12" width="20" height="12" aria-hidden="true"><path class="k-fr" d="M1 9H10V3H19"/></svg> value frontier</span> <span class="key"><svg viewBox="0 0 12 12" width="12" height="12" aria-hidden="true"><path class="k-iv" d="M6 1V11"/></svg> score interval</span></figcaption>`;

function chartSection(site: Site, root: string): string {
  const components = weightedComponents(site.components).length;
  const scored = [...site.scored.values()];
  const wide = renderChart(scored, root, components, 'wide');
  const narrow = renderChart(scored, root, components, 'narrow');
  const byReason = new Map<string, typeof site.unscored>();
  for (const u of site.unscored) byReason.set(u.reason, [...(byReason.get(u.reason) ?? []), u]);
  const unscored = [...byReason.entries()]
    .map(
      ([reason, list]) =>
        `<p>${esc(reason)}</p><ul class="names">${list.map((u) => `<li><a href="${root}models/${esc(u.tool.id)}/">${esc(u.tool.name)}</a>${isInactive(u.tool.status) ? ` (${esc(STATUS_WORDS[u.tool.status] ?? u.tool.status)})` : ''}</li>`).join('')}</ul>`,
    )
    .join('');
  const frontierList = wide.frontier
    .map(
      (s) =>
        `<li><a href="${root}models/${esc(s.tool.id)}/">${esc(s.tool.name)}</a>: score ${score(s.model.overallScore)}, ${s.tool.blendedPrice === 0 ? 'free' : `${price(s.tool.blendedPrice)} per 1M tokens`}</li>`,
    )
    .join('');
  return `<section aria-labelledby="chart-h">
<h2 id="chart-h">Price vs score</h2>
<p>Each point is a scored model: further right costs more, higher scores better; the vertical bar is its score interval. The line is the value frontier: models that no cheaper model matches on score. Filled points rest mostly on measured results, hollow points mostly on estimates. The chart shows the models the table’s filters leave. Select a point to open the model. <span class="js-only" hidden>Arrow keys move between points.</span></p>
<p id="chart-count" class="note" role="status"></p>
<div class="chart-layout">
<figure class="chart-box">
<div class="chart-frame">
${wide.svg}
${narrow.svg}
<div id="chart-tip" class="tip" aria-hidden="true" hidden></div>
</div>
${KEY}
</figure>
<aside class="unscored" aria-labelledby="unscored-h">
<h3 id="unscored-h">Not scored (${site.unscored.length})</h3>
${unscored}
</aside>
</div>
<details><summary>The value frontier as a list (${wide.frontier.length} models)</summary><ol>${frontierList}</ol></details>
<p class="data-links">Scores: <a href="${root}api/benchmarks.json">benchmarks.json</a> (methodology and sources inside); prices: <a href="${root}api/tools.json">tools.json</a>.</p>
</section>`;
}

/**
 * The three best-scored models still sold, with score and price, at the top of the page: on a phone the table
 * starts below the first screen (the stylesheet shows this list there only), and this is what most readers came for.
 */
function topThree(site: Site, root: string): string {
  const top = site.ranking.filter((s) => !isInactive(s.tool.status)).slice(0, 3);
  const items = top
    .map((s) => {
      const blended = blendedOf(nowPrice(s.tool, site.lastUpdated).rates) ?? s.tool.blendedPrice;
      return `<li><a href="${root}models/${esc(s.tool.id)}/">${esc(s.tool.name)}</a> <span class="top-fig">score ${scoreHtml({ value: s.model.overallScore, interval: s.interval, measured: s.measured, provisional: s.provisional })} · ${blended === 0 ? 'free' : `${price(blended)} per 1M tokens`}${rankHtml(s)}</span></li>`;
    })
    .join('');
  return `<section class="top3" aria-labelledby="top3-h"><h2 id="top3-h">Best scored now</h2><ol>${items}</ol><p class="note">Price: blended, 3 input to 1 output, in force on the data’s date. <a href="#models-h">Every model</a></p></section>`;
}

export function renderHome(site: Site, root: string): { body: string } {
  const providers = new Set(site.tools.map((t) => t.providerId)).size;
  const latest = site.input.changes?.releases[0];
  const body = `<h1>AI coding models: prices, context and benchmark scores</h1>
${topThree(site, root)}
<p class="lead">${site.tools.length} models from ${providers} providers, ${site.scored.size} of them scored. Every price, context window, release month and benchmark result links to its source. Updated <time datetime="${esc(site.lastUpdated)}">${esc(site.lastUpdated.slice(0, 10))}</time>${latest ? ` (release <a href="${root}changes/">${esc(latest.id)}</a>)` : ''}.</p>
<p class="jump">Jump to: <a href="#models-h">model table</a> · <a href="#chart-h">price vs score chart</a> · <a href="${root}calculator/">cost calculator</a> · <a href="${root}compare/">compare models</a></p>
${modelsSection(site, root)}
${chartSection(site, root)}`;
  return { body };
}
