/** The cost calculator: a workload in, the monthly cost of every model out (the browser script recomputes it live). */
import { calculate, DEFAULT_WORKLOAD, rowsHtml } from '../calc.ts';
import { esc } from '../html.ts';
import { grouped } from '../format.ts';
import {
  DEFAULT_TASK_WORKLOAD,
  TASK_KIND_WORDS,
  TASK_KINDS,
  taskMonth,
  taskRowsHtml,
  taskSummary,
} from '../task-calc.ts';
import { shareControl } from '../share.ts';
import { scoreViews, type Site } from '../view.ts';

function numberField(id: string, name: string, label: string, value: number, hint: string): string {
  return `<div class="field"><label for="${id}">${label}</label><input id="${id}" name="${name}" type="number" min="0" step="1" inputmode="numeric" value="${value}" required aria-describedby="${id}-hint"><span class="hint" id="${id}-hint">${hint}</span></div>`;
}

/** The limits on which models are listed, in the "More options" part of the form. */
function choiceFields(site: Site): string {
  const modelOptions = [...site.tools]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((t) => `<option value="${esc(t.id)}">${esc(t.name)}</option>`)
    .join('');
  return `<fieldset><legend>Which models</legend>
<div class="field"><label for="c-min">Minimum overall score</label><input id="c-min" name="min" type="number" min="0" max="100" step="any" inputmode="decimal" aria-describedby="c-min-hint"><span class="hint" id="c-min-hint">Empty for any; unscored models drop out once set.</span></div>
<div class="field check"><input id="c-dep" name="all" type="checkbox" value="1"><label for="c-dep">Include deprecated and retired models</label></div>
<div class="field wide"><label for="c-only">Only these models</label><select id="c-only" name="only" multiple size="4" aria-describedby="c-only-hint">${modelOptions}</select><span class="hint" id="c-only-hint">None chosen: every model. Ctrl or Cmd to choose several.</span></div>
</fieldset>`;
}

/**
 * A month of coding tasks of one kind: each model's published cost per solved task times the tasks, cheapest first
 * (the browser script recomputes it as the form changes; the rows here are the default).
 */
function taskSection(site: Site, root: string): string {
  const w = DEFAULT_TASK_WORKLOAD;
  const models = [...site.scored.values()].map((s) => s.model);
  const names = new Map(site.tools.map((t) => [t.id, t.name]));
  const month = taskMonth(models, site.tools, w);
  const platforms = site.platforms.map((p) => `<option value="${esc(p.id)}">${esc(p.name)}</option>`).join('');
  const kinds = TASK_KINDS.map(
    (k) => `<option value="${k}"${k === w.kind ? ' selected' : ''}>${esc(TASK_KIND_WORDS[k])}</option>`,
  ).join('');
  return `<h2 id="tasks-h">A month of coding tasks</h2>
<p>Agents are budgeted per task, and what a task costs depends on how many tokens a model spends on it as much as on its price. Here a workload is a number of solved tasks of one kind a month, priced by each model’s published cost per solved task: its own runs’ tokens at the prices in force on the data’s date (or their dollars as published), divided by their success rate, or an estimate marked <span class="mark est">est.</span> where it has none (the rules: <code>taskCostMethod</code> in <a href="${root}api/benchmarks.json">benchmarks.json</a>). Intervals are 80%.</p>
<form id="task-calc" class="calc needs-js">
<fieldset><legend>Tasks per month</legend>
<div class="field wide"><label for="t-kind">Kind of task</label><select id="t-kind" name="tk">${kinds}</select></div>
${numberField('t-n', 'tn', 'Solved tasks per month', w.tasks, 'Monthly cost = cost per solved task × tasks.')}
<div class="field"><label for="t-platform">Billed through</label><select id="t-platform" name="tp"><option value="">The provider’s own API</option>${platforms}</select></div>
<div class="field check"><input id="t-measured" name="tm" type="checkbox" value="1"><label for="t-measured">Only models measured on this kind of task (no estimates)</label></div>
</fieldset>
</form>
<p id="task-status" class="count" role="status">${esc(taskSummary(month, w, names))} Without JavaScript this table shows ${grouped(w.tasks)} ${esc(w.kind)} tasks a month.</p>
<div class="scroll" role="region" aria-labelledby="task-caption" tabindex="0">
<table id="task-results" class="calc-results">
<caption id="task-caption">Monthly cost of solved tasks per model</caption>
<thead><tr><th scope="col">#</th><th scope="col">Model</th><th scope="col">Per month</th><th scope="col">Per solved task</th><th scope="col">Per attempt</th><th scope="col">Seconds per task</th><th scope="col">Rests on</th></tr></thead>
<tbody>${taskRowsHtml(month.rows, names, root)}</tbody>
</table>
</div>`;
}

export function renderCalculator(site: Site, root: string): string {
  const scores = scoreViews(site);
  const at = site.lastUpdated;
  const rows = calculate(site.tools, DEFAULT_WORKLOAD, { at, platform: null, scores, hideInactive: true });
  const w = DEFAULT_WORKLOAD;
  const useCases = site.useCases
    .map(
      (u) =>
        `<option value="${esc(u.id)}" data-in="${u.scenario.inputTokens}" data-out="${u.scenario.outputTokens}">${esc(u.title)} (${grouped(u.scenario.inputTokens)} in / ${grouped(u.scenario.outputTokens)} out)</option>`,
    )
    .join('');
  const platforms = site.platforms.map((p) => `<option value="${esc(p.id)}">${esc(p.name)}</option>`).join('');
  const instant = `${at.slice(0, 10)} ${at.slice(11, 16) || '00:00'} UTC`;
  return `<h1>Cost calculator</h1>
<p class="lead">A typical request and how many a month in, every model’s monthly cost out: cache prices, long-context tiers and the promotions in force applied, its score and interval beside it.</p>
<form id="calc" class="calc compact needs-js" aria-describedby="calc-note">
<fieldset><legend>Your workload, per request and per month</legend>
${numberField('c-in', 'in', 'Input (uncached)', w.input, 'Prompt tokens not cached.')}
${numberField('c-out', 'out', 'Output', w.output, 'With reasoning tokens.')}
${numberField('c-cr', 'cr', 'Cache read', w.cacheRead, 'Prompt tokens from the cache.')}
<div class="field"><label for="c-hit">Cache hit rate (%)</label><input id="c-hit" name="hit" type="number" min="0" max="100" step="any" inputmode="decimal" aria-describedby="c-hit-hint"><span class="hint" id="c-hit-hint">Splits input plus cache read.</span></div>
${numberField('c-n', 'n', 'Requests per month', w.requests, 'Cost per request × requests.')}
<div class="field"><label for="c-sort">Order</label><select id="c-sort" name="sort"><option value="cost">Cheapest first</option><option value="score">Best score first</option><option value="value">Lowest cost per score point first</option></select></div>
<div class="field check"><input id="c-nocache" name="nocache" type="checkbox" value="1"><label for="c-nocache">Show the cost without caching beside it</label></div>
<div class="field check"><input id="c-fit" name="fit" type="checkbox" value="1"><label for="c-fit">Only models this request fits (context window and output limit)</label></div>
</fieldset>
<details id="c-more"><summary>More options: cache writes, batch, a use case’s scenario, platform, date, minimum score, chosen models <span id="c-more-set" class="note"></span></summary>
<fieldset><legend>Cache writes and batch</legend>
${numberField('c-cw', 'cw', 'Cache write', w.cacheWrite, 'Prompt tokens written to the cache.')}
${numberField('c-cw1h', 'cw1h', 'Cache write, one hour', w.cacheWrite1h, 'Written to a one-hour cache, where sold.')}
<div class="field check"><input id="c-batch" name="batch" type="checkbox" value="1"><label for="c-batch">Batch interface</label></div>
</fieldset>
<fieldset><legend>Scenario and prices</legend>
<div class="field wide"><label for="c-uc">Use a use case’s scenario</label><select id="c-uc" name="uc"><option value="">None (enter tokens above)</option>${useCases}</select></div>
<div class="field"><label for="c-platform">Billed through</label><select id="c-platform" name="platform"><option value="">The provider’s own API</option>${platforms}</select></div>
<div class="field"><label for="c-at">Prices in force at (UTC)</label><input id="c-at" name="at" type="text" inputmode="numeric" autocomplete="off" spellcheck="false" placeholder="now" aria-describedby="c-at-hint"><span class="hint" id="c-at-hint">Empty for now, or a date (2026-12-31) or time (2026-12-31T23:00:00Z).</span></div>
</fieldset>
${choiceFields(site)}
</details>
</form>
<p class="count no-js">Without JavaScript this table shows the default workload (${grouped(w.input)} input and ${grouped(w.output)} output tokens, ${grouped(w.requests)} requests a month) at the prices in force at ${esc(instant)}, the data’s date, promotions and off-peak rates included; deprecated and retired models left out.</p>
<p id="calc-status" class="count needs-js" role="status">Loading prices…</p>
<div class="scroll" role="region" aria-labelledby="calc-caption" tabindex="0">
<table id="calc-results" class="calc-results">
<caption id="calc-caption">Monthly cost per model</caption>
<thead><tr><th scope="col">#</th><th scope="col">Model</th><th scope="col">Per month</th><th scope="col">Per request</th><th scope="col" id="c-uncached-h" hidden>Without caching</th><th scope="col">Score</th><th scope="col">Per score point</th><th scope="col">Notes</th></tr></thead>
<tbody>${rowsHtml(rows, root, null)}</tbody>
</table>
</div>
<p id="calc-empty" class="empty" hidden>No model matches: lower the minimum score, or untick the fit filter.</p>
${shareControl('this workload')}
<p id="calc-note" class="note">Prices in USD from <a href="${root}api/tools.json">tools.json</a>, worked out by the same cost engine as the published cost rules, with the promotions and off-peak rates in force at the chosen time (the notes say which applied). Scores show their interval; <span class="mark est">est.</span> marks a score that rests mostly on estimates. Plans billed per request or in credits are listed after the per-token prices.</p>
${taskSection(site, root)}
<p class="data-links">Computed from <a href="${root}api/tools.json">tools.json</a>, <a href="${root}api/platforms.json">platforms.json</a>, <a href="${root}api/benchmarks.json">benchmarks.json</a> and <a href="${root}api/use-cases.json">use-cases.json</a>.</p>`;
}
