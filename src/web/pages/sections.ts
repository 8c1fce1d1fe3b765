/** Use cases, platforms, the change log and the API guide. */
import type { Platform, UseCase } from '../../schema/api.ts';
import { esc, paragraphs, relativeApi } from '../html.ts';
import { day, grouped, money, price, tokens } from '../format.ts';
import { billingWords, type Site } from '../view.ts';
import { nowPrice, promotionMark, rate } from '../in-force.ts';
import { scoreHtml, taskFigureHtml } from '../marks.ts';
import { publicNote } from '../wording.ts';
import { rankHtml } from './home-table.ts';
import { methodSection } from './method.ts';
import { billingOn } from '../../cost/index.ts';

const SORT_WORDS: Record<string, string> = {
  inputAsc: 'lowest input price first',
  outputAsc: 'lowest output price first',
  scenarioCostAsc: 'lowest cost of the scenario first',
  scoreDesc: 'highest overall score first',
  valueDesc: 'most overall score per scenario dollar first',
  contextDesc: 'largest context window first',
  solvedTaskCostAsc:
    'lowest cost per solved task first (each model charged for its own tokens on this kind of task, measured or estimated)',
};

function modelLink(site: Site, id: string, root: string): string {
  const tool = site.toolsById.get(id);
  return `<a href="${root}models/${esc(id)}/">${esc(tool?.name ?? id)}</a>`;
}

export function renderUseCaseIndex(site: Site, root: string): string {
  const items = site.useCases
    .map(
      (u) =>
        `<li><a href="${root}use-cases/${esc(u.id)}/">${esc(u.title)}</a><br><span class="note">${esc(u.description)}</span></li>`,
    )
    .join('');
  return `<h1>Use cases</h1><p class="lead">${site.useCases.length} coding tasks, each with a typical request (its scenario) and the models that fit it best, recomputed from the data at every build.</p><ul class="cards">${items}</ul>
<p class="data-links">From <a href="${root}api/use-cases.json">use-cases.json</a>.</p>`;
}

/** Why a pick is there without an independent measurement (topPickEvidence[].provisional), or null. */
function pickProvisional(useCase: UseCase, id: string): string | null {
  return useCase.topPickEvidence.find((e) => e.toolId === id)?.provisional ?? null;
}

function pickRow(site: Site, useCase: UseCase, id: string, i: number, root: string): string {
  const s = site.scored.get(id);
  const tool = site.toolsById.get(id);
  const cost = useCase.topPickCosts.find((c) => c.toolId === id);
  const now = tool ? nowPrice(tool, site.lastUpdated) : null;
  const promo = cost?.promotionUntil
    ? ` <span class="note">(promotional rate through ${esc(day(cost.promotionUntil))})</span>`
    : '';
  const view = s
    ? {
        value: s.model.overallScore,
        interval: s.interval,
        measured: s.measured,
        provisional: pickProvisional(useCase, id),
      }
    : null;
  return `<tr><td>${i + 1}</td><th scope="row">${modelLink(site, id, root)}</th><td>${cost === undefined ? '—' : money(cost.scenarioCostUsd)}${promo}</td><td>${view && s ? `${scoreHtml(view)}${rankHtml(s)}` : 'not scored'}</td><td>${now ? `${rate(now.rates.input)} / ${rate(now.rates.output)}${promotionMark(now)}` : ''}</td><td>${tool ? tokens(tool.contextTokens) : ''}</td>${pickTaskCells(useCase, id)}</tr>`;
}

/**
 * For a use case with a kind of task: the pick's own cost per attempt and per solved task and its time on that kind
 * (topPickTaskCosts, measured or estimated with 80% intervals), the tokens it rests on in the cell's tooltip.
 */
function pickTaskCells(useCase: UseCase, id: string): string {
  if (!useCase.taskKind) return '';
  const t = useCase.topPickTaskCosts.find((c) => c.toolId === id);
  if (!t?.evidence) return '<td>—</td><td>—</td><td>—</td>';
  const basis = t.tokensPerTask
    ? `${grouped(Math.round(t.tokensPerTask.input))} input and ${grouped(Math.round(t.tokensPerTask.output))} output tokens per task, measured`
    : t.evidence === 'measured'
      ? 'measured; tokens not published'
      : 'estimated from other models’ measured runs';
  return `<td title="${esc(basis)}">${taskFigureHtml(t.costPerAttemptUsd, t.evidence, 'usd')}</td><td>${taskFigureHtml(t.costPerSolvedTaskUsd, t.evidence, 'usd')}</td><td>${taskFigureHtml(t.secondsPerTask, t.evidence, 'seconds')}</td>`;
}

export function renderUseCase(site: Site, useCase: UseCase, root: string): string {
  const rows = useCase.topPicks.map((id, i) => pickRow(site, useCase, id, i, root)).join('');
  const f = useCase.filter;
  const rules: string[] = [];
  if (f.categories?.length) rules.push(`in the ${f.categories.map((c) => esc(c)).join(' or ')} category`);
  if (f.minContextTokens) rules.push(`with a context window of at least ${grouped(f.minContextTokens)} tokens`);
  if (f.openWeights) rules.push('with open weights');
  if (f.maxScenarioCostUsd !== null) rules.push(`costing at most ${money(f.maxScenarioCostUsd)} per scenario request`);
  if (!f.includePreview) rules.push('not in preview');
  const faq = useCase.faq.map((q) => `<details><summary>${esc(q.q)}</summary><p>${esc(q.a)}</p></details>`).join('');
  const calc = `${root}calculator/?uc=${esc(useCase.id)}`;
  return `<nav aria-label="Breadcrumb" class="crumbs"><a href="${root}use-cases/">Use cases</a> › ${esc(useCase.title)}</nav>
<h1>${esc(useCase.title)}</h1>
<p class="lead">${esc(useCase.description)}</p>
<section aria-labelledby="picks-h"><h2 id="picks-h">Top picks</h2>
<p>Scenario: ${grouped(useCase.scenario.inputTokens)} input and ${grouped(useCase.scenario.outputTokens)} output tokens per request. Ranked ${esc(SORT_WORDS[useCase.sortBy] ?? useCase.sortBy)}, among models${rules.length ? ` ${rules.join(', ')}` : ''}; deprecated and retired models are never picked.</p>
<div class="scroll" role="region" aria-label="Top picks" tabindex="0"><table><caption>Top picks with the cost of one scenario request at the prices in force on ${esc(day(site.lastUpdated))} (a promotion running that day included and marked)</caption><thead><tr><th scope="col">Pick</th><th scope="col">Model</th><th scope="col">Scenario cost</th><th scope="col" abbr="Overall score with its interval, rank and rank range">Score</th><th scope="col">Input / output per 1M</th><th scope="col">Context</th>${useCase.taskKind ? `<th scope="col" abbr="Cost of one attempt at a ${esc(useCase.taskKind)} task on the model’s own tokens, with its 80% interval">Per ${esc(useCase.taskKind)} task</th><th scope="col">Per solved task</th><th scope="col">Time per task</th>` : ''}</tr></thead><tbody>${rows}</tbody></table></div>
<p><a class="button" href="${calc}">Compare every model on this scenario</a></p></section>
<section aria-labelledby="intro-h"><h2 id="intro-h">About this use case</h2>${paragraphs(useCase.intro)}</section>
<section aria-labelledby="faq-h"><h2 id="faq-h">Questions</h2>${faq}</section>
<p class="data-links">From the entry <code>${esc(useCase.id)}</code> of <a href="${root}api/use-cases.json">use-cases.json</a>, with prices from <a href="${root}api/tools.json">tools.json</a> and scores from <a href="${root}api/benchmarks.json">benchmarks.json</a>.</p>`;
}

export function renderPlatformIndex(site: Site, root: string): string {
  const rows = site.platforms
    .map(
      (p) =>
        `<tr><th scope="row"><a href="${root}platforms/${esc(p.id)}/">${esc(p.name)}</a></th><td data-label="Kind">${esc(p.kind)}</td><td data-label="Models">${p.toolIds.length}</td><td data-label="Own API key">${p.byok.supported ? 'yes' : 'no'}</td><td data-label="Plans and pricing">${esc(p.pricing)}</td></tr>`,
    )
    .join('');
  return `<h1>Coding platforms</h1><p class="lead">IDEs, editors, extensions and command-line tools, the models each offers and how it bills them.</p>
<div class="scroll" role="region" aria-label="Platforms" tabindex="0"><table class="plans-table"><caption>${site.platforms.length} platforms</caption><thead><tr><th scope="col">Platform</th><th scope="col">Kind</th><th scope="col">Models</th><th scope="col">Own API key</th><th scope="col">Plans and pricing</th></tr></thead><tbody>${rows}</tbody></table></div>
<p class="data-links">From <a href="${root}api/platforms.json">platforms.json</a>.</p>`;
}

export function renderPlatform(site: Site, platform: Platform, root: string): string {
  const rows = platform.toolIds
    .map((id) => site.toolsById.get(id))
    .filter((t) => t !== undefined)
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((tool) => {
      const billing = billingOn(platform, tool);
      const entry = platform.toolBilling.find((b) => b.toolId === tool.id);
      const s = site.scored.get(tool.id);
      return `<tr><th scope="row"><a href="${root}models/${esc(tool.id)}/">${esc(tool.name)}</a></th><td>${billing ? esc(billingWords(billing.billing, billing.multiplier)) : 'Offered'}</td><td>${price(tool.pricing.input)} / ${price(tool.pricing.output)}</td><td>${s ? scoreHtml({ value: s.model.overallScore, interval: s.interval, measured: s.measured, provisional: s.provisional }) : '—'}</td><td>${esc(publicNote(entry?.note))}</td></tr>`;
    })
    .join('');
  const plans = (platform as Platform & { plans?: unknown }).plans;
  const planList = Array.isArray(plans)
    ? `<ul>${plans
        .map((plan) => {
          if (!plan || typeof plan !== 'object') return '';
          const p = plan as Record<string, unknown>;
          const name = typeof p.name === 'string' ? p.name : 'Plan';
          const cost =
            typeof p.priceUsd === 'number'
              ? `${money(p.priceUsd)}${typeof p.period === 'string' ? ` per ${p.period}` : ''}`
              : typeof p.price === 'string'
                ? p.price
                : '';
          const note = publicNote(
            typeof p.note === 'string' ? p.note : typeof p.description === 'string' ? p.description : '',
          );
          return `<li><strong>${esc(name)}</strong>${cost ? `: ${esc(cost)}` : ''}${note ? `. ${esc(note)}` : ''}</li>`;
        })
        .join('')}</ul>`
    : '';
  const sources = platform.sources
    .map(
      (s) =>
        `<li>${s.url ? `<a href="${esc(s.url)}" rel="noopener">${esc(s.name)}</a>` : esc(s.name)} (as of ${esc(s.asOf)})</li>`,
    )
    .join('');
  return `<nav aria-label="Breadcrumb" class="crumbs"><a href="${root}platforms/">Platforms</a> › ${esc(platform.name)}</nav>
<h1>${esc(platform.name)}</h1>
<p class="lead">${esc(platform.description)}</p>
<dl class="facts"><dt>Kind</dt><dd>${esc(platform.kind)}</dd><dt>Website</dt><dd><a href="${esc(platform.url)}" rel="noopener">${esc(platform.url)}</a></dd><dt>Plans and pricing</dt><dd>${esc(platform.pricing)}${planList}</dd><dt>Your own API key</dt><dd>${platform.byok.supported ? `yes${platform.byok.providers.length ? `, every model of: ${platform.byok.providers.map(esc).join(', ')}` : ''}` : 'no'}${publicNote(platform.byok.note) ? `. <span class="note">${esc(publicNote(platform.byok.note))}</span>` : ''}</dd><dt>Facts as of</dt><dd>${esc(day(platform.asOf))}</dd></dl>
<section aria-labelledby="pm-h"><h2 id="pm-h">Models (${platform.toolIds.length})</h2>
<div class="scroll" role="region" aria-label="Models on ${esc(platform.name)}" tabindex="0"><table><caption>Models on ${esc(platform.name)} and how each is billed; provider list prices in USD per 1M tokens</caption><thead><tr><th scope="col">Model</th><th scope="col">Billing</th><th scope="col">Input / output</th><th scope="col">Score</th><th scope="col">Note</th></tr></thead><tbody>${rows}</tbody></table></div></section>
<section aria-labelledby="ps-h"><h2 id="ps-h">Sources</h2><ul>${sources}</ul></section>
<p class="data-links">From the entry <code>${esc(platform.id)}</code> of <a href="${root}api/platforms.json">platforms.json</a>.</p>`;
}

export function renderAbout(root: string, endpoints: { path: string; summary: string }[]): string {
  const rows = endpoints
    .map(
      (e) =>
        `<tr><th scope="row">${e.path.includes('{') ? `<code>${esc(e.path)}</code>` : `<a href="${esc(relativeApi(e.path, root))}"><code>${esc(e.path)}</code></a>`}</th><td>${esc(e.summary)}</td></tr>`,
    )
    .join('');
  return `<h1>The data and the API</h1>
<p class="lead">Everything on these pages comes from a handful of static JSON documents, free to use under CC0 1.0. Fetch them directly: no key, no sign-up, no parameters; filter on your side.</p>
<section aria-labelledby="ep-h"><h2 id="ep-h">Endpoints</h2>
<div class="scroll" role="region" aria-label="Endpoints" tabindex="0"><table><caption>Every endpoint answers GET and HEAD with one complete JSON document</caption><thead><tr><th scope="col">Path</th><th scope="col">What it holds</th></tr></thead><tbody>${rows}</tbody></table></div>
<p>Machine-readable descriptions: <a href="${root}api/openapi.json">OpenAPI 3.1</a> and a JSON Schema per document under <a href="${root}api/schemas/tools.schema.json"><code>/api/schemas/</code></a>. The project README documents every field, the cost rules, the refresh and how to host a copy.</p>
<pre><code>curl -s https://&lt;host&gt;/api/tools.json | jq '.tools[] | {id, input: .pricing.input}'</code></pre>
<p>Poll <a href="${root}api/freshness.json">freshness.json</a> (a few hundred bytes) or send <code>If-None-Match</code> with the ETag you have to know when to refetch.</p></section>
<p>How the scores, intervals, ranks and costs in these documents are made: <a href="${root}method/">the method</a>.</p>`;
}

/** The method on its own page, so the navigation can name it. */
export function renderMethod(site: Site, root: string): string {
  return `<h1>How scores, ranks and costs are made</h1>
<p class="lead">What every score on these pages rests on, how sure it is, and how the ranks and costs are worked out, topic by topic, with a worked example from the data. The documents behind it are described on the <a href="${root}about/">API</a> page.</p>
${methodSection(site)}`;
}
