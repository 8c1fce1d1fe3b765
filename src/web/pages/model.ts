/** One model: every fact with its source and date, prices in words, benchmark results, lifecycle, platforms, price history. */
import { billingOn, evidenceAccount } from '../../cost/index.ts';
import type { BenchmarkModel, Tool, ToolRecord } from '../../schema/api.ts';
import { STATUS_MEANING } from '../../schema/change-words.ts';
import { esc, linkify } from '../html.ts';
import { day, grouped, intervalOf, month, price, score, scoreWithInterval, tokens } from '../format.ts';
import { cachingWords, modifierWords, tierWords } from '../pricing-words.ts';
import { publicNote, strengthText } from '../wording.ts';
import { priceHistoryChart } from '../price-chart.ts';
import { priceEventsOf } from '../price-events.ts';
import { EVENT_HEAD, eventRow } from './prices.ts';
import { scoreHtml } from '../marks.ts';
import { taskCostSection } from './model-task-cost.ts';
import { neighbourPairs } from '../neighbours.ts';
import { nowPrice, promotionWords, rate } from '../in-force.ts';
import { billingWords, detailOf, STATUS_WORDS, type Scored, type Site } from '../view.ts';

type FactSource = ToolRecord['sources']['pricing'];
/** What tools.json gives of a source (kind and dates); its name, URL and note are in the per-model document. */
type SourceRef = Tool['sources']['pricing'];

function sourceLine(source: FactSource | SourceRef): string {
  if (!('url' in source))
    return `${esc(source.kind)} source, as of ${esc(day(source.asOf))}, checked ${esc(day(source.verified))}.`;
  const text = publicNote(source.note);
  const note = text ? ` <span class="note">${esc(text)}</span>` : '';
  return `<a href="${esc(source.url)}" rel="noopener">${esc(source.name)}</a> (${esc(source.kind)} source, as of ${esc(day(source.asOf))}, checked ${esc(day(source.verified))}).${note}`;
}

const yesNo = (v: boolean | null) => (v === null ? 'not stated by the source' : v ? 'yes' : 'no');

/** Image input with its own source where it has one (else the capability source states it); unknown in words. */
function imageInputText(tool: Tool | ToolRecord): string {
  if (tool.imageInput === null) return 'not stated by any source';
  // tools.json leaves the flag's own source to the per-model document.
  const source = ('imageInput' in tool.sources ? tool.sources.imageInput : null) ?? tool.sources.capabilities;
  return `${yesNo(tool.imageInput)}${source ? `. Source: ${sourceLine(source)}` : ''}`;
}

interface DatedSource {
  date?: unknown;
  source?: FactSource;
}

interface LifecycleEventLike {
  kind?: unknown;
  date?: unknown;
  scope?: unknown;
  platform?: unknown;
  summary?: unknown;
  successor?: unknown;
  source?: FactSource;
}

const EVENT_WORDS: Record<string, string> = {
  'deprecation-announced': 'Deprecation announced',
  'shutdown-scheduled': 'Shutdown scheduled',
  retired: 'Retired',
  rerouted: 'Requests rerouted to another model',
  superseded: 'Successor named',
};

const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** The published lifecycle block (announced and shutdown dates with sources, every event read), read defensively. */
function lifecycleRows(
  tool: Tool | ToolRecord,
  site: Site,
  root: string,
): { rows: [string, string][]; events: string } {
  const rows: [string, string][] = [];
  const lifecycle = tool.lifecycle;
  if (!lifecycle || typeof lifecycle !== 'object') return { rows, events: '' };
  const l = lifecycle as { announced?: DatedSource; shutdown?: DatedSource; events?: unknown };
  const dated = (label: string, d: DatedSource | undefined) => {
    if (!d || typeof d !== 'object' || !str(d.date)) return;
    rows.push([label, `${esc(day(str(d.date)))}${d.source?.url ? `. Source: ${sourceLine(d.source)}` : ''}`]);
  };
  dated('Deprecation announced', l.announced);
  dated(tool.status === 'retired' ? 'Shut down' : 'Shutdown date', l.shutdown);
  const events = Array.isArray(l.events) ? (l.events as LifecycleEventLike[]) : [];
  const platformName = (id: string) => site.platforms.find((p) => p.id === id);
  const items = events
    .filter((e) => e && typeof e === 'object')
    .map((e) => {
      const platform = str(e.platform);
      const where =
        str(e.scope) === 'platform' && platform
          ? ` on ${platformName(platform) ? `<a href="${root}platforms/${esc(platform)}/">${esc(platformName(platform)!.name)}</a>` : esc(platform)} only`
          : '';
      const successor = str(e.successor) ? ` Successor named: ${esc(str(e.successor))}.` : '';
      const source = e.source?.url ? ` Source: ${sourceLine(e.source)}` : '';
      return `<li><strong>${esc(str(e.date))}</strong>, ${esc(EVENT_WORDS[str(e.kind)] ?? str(e.kind))}${where}: ${esc(str(e.summary))}${successor}${source}</li>`;
    });
  return { rows, events: items.length ? `<h3>What the sources say</h3><ul class="words">${items.join('')}</ul>` : '' };
}

const dl = (rows: [string, string][]) =>
  `<dl class="facts">${rows.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${v}</dd>`).join('')}</dl>`;

/** A link to a model's page, or its bare id when the directory does not list it. */
function modelLink(site: Site, id: string, root: string): string {
  const t = site.toolsById.get(id);
  return t ? `<a href="${root}models/${esc(id)}/">${esc(t.name)}</a>` : esc(id);
}

/** Identity, provider, categories, context, release and capabilities, each with its source where one is published. */
function factRows(site: Site, tool: Tool | ToolRecord): [string, string][] {
  const categories = site.input.documents['categories.json'].categories;
  const catName = new Map(categories.map((c) => [c.id, c.name]));
  const provider = site.input.documents['providers.json'].providers.find((p) => p.id === tool.providerId);
  return [
    ['Id', `<code>${esc(tool.id)}</code>`],
    [
      'API model names',
      tool.aliases.length ? tool.aliases.map((a) => `<code>${esc(a)}</code>`).join(', ') : 'none listed',
    ],
    [
      'Provider',
      provider ? `<a href="${esc(provider.website)}" rel="noopener">${esc(tool.provider)}</a>` : esc(tool.provider),
    ],
    ['Categories', tool.category.map((c) => esc(catName.get(c) ?? c)).join(', ') || 'none'],
    [
      'Context window',
      `${esc(grouped(tool.contextTokens))} tokens (${esc(tokens(tool.contextTokens))}). Source: ${sourceLine(tool.sources.contextWindow)}`,
    ],
    [
      'Maximum output',
      tool.maxOutputTokens === null ? 'not published' : `${esc(grouped(tool.maxOutputTokens))} tokens`,
    ],
    ['Released', `${esc(month(tool.releaseDate))}. Source: ${sourceLine(tool.sources.releaseDate)}`],
    ['Open weights', yesNo(tool.openWeights)],
    ['Reasoning mode', yesNo(tool.reasoning)],
    ['Tool calling', yesNo(tool.toolCalling)],
    ['Image input', imageInputText(tool)],
    ['Built for coding', yesNo(tool.codingSpecialized)],
    ['Best for', esc(tool.bestFor)],
  ];
}

/** While a promotion runs on the data's date: what is charged, until when, and the price after it. */
function inForceTable(tool: Tool | ToolRecord, at: string): string {
  const now = nowPrice(tool, at);
  if (now.basis !== 'promotion') return '';
  const rows: [string, number | null, number | null | undefined][] = [
    ['Input', now.rates.input, now.after?.input],
    ['Output', now.rates.output, now.after?.output],
    ['Cache read', now.rates.cacheRead, now.after?.cacheRead],
    ['Cache write', now.rates.cacheWrite, now.after?.cacheWrite],
  ];
  const afterHead = now.until ? `From ${esc(day(nextDay(now.until)))}` : 'After';
  return `<table class="compact in-force"><caption>Price in force on ${esc(day(at))}, USD per 1M tokens: ${esc(promotionWords(now))}</caption><thead><tr><th scope="col">Token class</th><th scope="col">Now</th><th scope="col">${afterHead}</th></tr></thead><tbody>${rows
    .map(
      ([k, v, a]) =>
        `<tr><th scope="row">${esc(k)}</th><td>${rate(v)}</td><td>${a === undefined ? 'not stated' : rate(a)}</td></tr>`,
    )
    .join('')}</tbody></table>`;
}

/** The day after a YYYY-MM-DD date. */
function nextDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** The list prices, the pricing rules in words (caching, tiers, modifiers in force on `date`), the source and any disagreement. */
function pricingSection(tool: Tool | ToolRecord, date: string, at: string): string {
  const details = tool.pricingDetails as Tool['pricingDetails'] & { cacheCreate1h?: number };
  const priceRows: [string, number][] = [
    ['Input', tool.pricing.input],
    ['Output', tool.pricing.output],
    ['Cache read', tool.pricing.cacheRead],
    ['Cache write', tool.pricing.cacheCreate],
  ];
  if (details.cacheCreate1h !== undefined) priceRows.push(['One-hour cache write', details.cacheCreate1h]);
  return `${inForceTable(tool, at)}<table class="compact"><caption>List price, USD per 1M tokens</caption><thead><tr><th scope="col">Token class</th><th scope="col">Price</th></tr></thead><tbody>${priceRows
    .map(([k, v]) => `<tr><th scope="row">${esc(k)}</th><td>${price(v)}</td></tr>`)
    .join(
      '',
    )}<tr><th scope="row">Blended (3 input : 1 output)</th><td>${price(tool.blendedPrice)}</td></tr></tbody></table>
<ul class="words"><li>${esc(cachingWords(tool))}</li>${details.tiers.map((t) => `<li>${esc(tierWords(t))}</li>`).join('')}${details.modifiers.map((m) => `<li>${modifierWords(m, date)}</li>`).join('')}</ul>
<p>Pricing page: <a href="${esc(tool.url)}" rel="noopener">${esc(tool.url)}</a>. Source: ${sourceLine(tool.sources.pricing)}</p>
${'conflicts' in tool && tool.conflicts.length ? `<h3>Where sources disagree</h3><ul>${tool.conflicts.map((c) => `<li><code>${esc(c.field)}</code>: published ${esc(c.chosen)}; ${esc(c.alternativeSource)} gives ${esc(c.alternative)}. ${esc(c.reason)}</li>`).join('')}</ul>` : ''}`;
}

/**
 * Why a component is an estimate, and so why a published result of the same benchmark can sit beside it: the score
 * reads one reference series per benchmark, and a result on another protocol of that benchmark (its own series) is
 * not that series' result, though it informs the estimate like every other result.
 */
function estimateBasis(site: Site, m: BenchmarkModel, benchmark: string, series: string | null): string {
  const reference = series ? (site.sources.get(series)?.name ?? series) : null;
  const others = m.results.filter(
    (r) => r.series !== series && (site.sources.get(r.series)?.name ?? r.series).startsWith(benchmark),
  );
  const where = reference ? ` This model has no result in the reference series, ${esc(reference)}.` : '';
  const beside = others.length
    ? ` Its ${others.map((r) => `${esc(String(r.value))} on ${esc(site.sources.get(r.series)?.name ?? r.series)} (${r.reportedBy === 'vendor' ? 'reported by the developer' : 'run independently'})`).join('; ')} ${others.length === 1 ? 'is' : 'are'} another protocol of the same benchmark, not comparable point for point, so ${others.length === 1 ? 'it informs' : 'they inform'} the estimate with the other results instead of replacing it.`
    : '';
  return `The scoring model’s estimate from this model’s other results (see the method).${where}${beside}`;
}

type Evidence = 'independent-measured' | 'developer-reported' | 'estimated';

/** Who ran a component's value: its published evidence class, or (before the field) measured or estimated. */
function evidenceOf(d: NonNullable<ReturnType<typeof detailOf>>): Evidence {
  const published = d.evidence;
  if (published === 'independent-measured' || published === 'developer-reported' || published === 'estimated')
    return published;
  if (d.kind !== 'measured') return 'estimated';
  return d.reportedBy === 'vendor' ? 'developer-reported' : 'independent-measured';
}

/** Each evidence class as the column "Who ran it" says it. */
const WHO_RAN: Record<Evidence, string> = {
  'independent-measured': 'Measured independently of the model’s developer',
  'developer-reported': 'Reported by the model’s developer (not run independently)',
  estimated: 'Estimated: nobody published this run; the scoring model’s estimate',
};

/** One row per component of the overall score: weight, value with interval, measured or estimated, and where it comes from. */
function componentRows(site: Site, m: BenchmarkModel): string {
  return site.components
    .map((component) => {
      const d = detailOf(m, component.field);
      if (!d) return '';
      const iv = intervalOf(d.interval);
      const extrapolated = d.extrapolated === true;
      const evidence = evidenceOf(d);
      const basis = `${esc(WHO_RAN[evidence])}${d.kind !== 'measured' && extrapolated ? ' (extrapolated beyond the measured range)' : ''}`;
      const src =
        d.kind === 'measured'
          ? `${d.series ? esc(site.sources.get(d.series)?.name ?? d.series) : ''}${d.variant ? `, ${esc(d.variant)}` : ''}${d.date ? `, ${esc(d.date)}` : ''}${d.reportedBy ? `, reported by ${d.reportedBy === 'vendor' ? 'the vendor' : 'an independent party'}` : ''}. ${d.source ? linkify(d.source) : ''}`
          : estimateBasis(site, m, component.name, d.series);
      return `<tr data-field="${esc(component.field)}" data-evidence="${evidence}"><th scope="row">${esc(component.name)}</th><td>${Math.round(component.weight * 100)}%</td><td>${esc(scoreWithInterval(d.value, iv))}</td><td>${basis}</td><td>${src}</td></tr>`;
    })
    .join('');
}

/** Every published result the score uses, as published. */
function resultRows(site: Site, m: BenchmarkModel): string {
  return m.results
    .map((r) => {
      const series = site.sources.get(r.series);
      const name = series ? `<a href="${esc(series.url)}" rel="noopener">${esc(series.name)}</a>` : esc(r.series);
      return `<tr><th scope="row">${name}</th><td>${esc(String(r.value))}</td><td>${esc(r.variant)}</td><td>${esc(r.date)}</td><td>${r.reportedBy === 'vendor' ? 'The model’s developer' : 'Independent'}</td><td class="src">${linkify(r.source)}</td></tr>`;
    })
    .join('');
}

/** Beside a rank that rests on no independent measurement: the visible mark and why, in words. */
function provisionalNote(s: Scored): string {
  return s.provisional
    ? `<p class="provisional"><span class="mark prov">provisional</span> Rank: ${esc(s.provisional.replace(/^Provisional: /, ''))}</p>`
    : '<p>What the rank rests on: at least one weighted benchmark measured independently of the model’s developer.</p>';
}

/**
 * Whether the model's place is real: against the model ranked just above and just below, whether their 80%
 * score intervals and rank ranges overlap, in the compare page's words (overlap.ts).
 */
function neighboursSection(site: Site, s: Scored, root: string): string {
  const pairs = neighbourPairs(site.ranking, s.tool.id);
  if (!pairs.length) return '';
  const items = pairs
    .map((p) => {
      const rank = p.rank ? ` <span data-what="rank">${esc(p.rank.sentence)}</span>` : '';
      return `<li data-pair="${esc(p.neighbour.tool.id)}" data-side="${p.side}">${p.side === 'above' ? 'Ranked just above' : 'Ranked just below'}: <span data-what="score">${esc(p.score.sentence)}</span>${rank} <a href="${root}compare/?ids=${esc(s.tool.id)},${esc(p.neighbour.tool.id)}">Compare them</a>.</li>`;
    })
    .join('');
  return `<h3 id="neighbours-h">Is the difference to its neighbours real?</h3><ul id="neighbours" class="words" aria-labelledby="neighbours-h">${items}</ul>`;
}

/** The overall score with its rank, the components and results behind it, strengths and weaknesses; or why there is no score. */
function benchmarksSection(site: Site, tool: Tool, s: Scored | undefined, root: string): string {
  if (!s) {
    const reason = site.unscored.find((u) => u.tool.id === tool.id)?.reason ?? '';
    return `<p>Not scored. ${esc(reason)}</p>`;
  }
  const m = s.model;
  const rank =
    s.rank !== null
      ? ` Rank ${s.rank} of ${site.scored.size}${s.rankRange ? ` (plausible range ${s.rankRange[0]}–${s.rankRange[1]})` : ''}.`
      : ` Position ${site.ranking.indexOf(s) + 1} of ${site.scored.size} by score.`;
  return `<p class="big">Overall score <strong>${esc(scoreWithInterval(m.overallScore, s.interval))}</strong>.${esc(rank)} ${esc(
    evidenceAccount(
      m.scoreDetails,
      site.components.map((c) => ({ ...c, benchmark: c.name })),
    ).text,
  )} ${price(m.pricePerScorePoint)} blended list price per score point.</p>
${provisionalNote(s)}
${neighboursSection(site, s, root)}
<div class="scroll" role="region" aria-label="Score components" tabindex="0"><table><caption>The benchmarks the overall score aggregates, with their weights</caption><thead><tr><th scope="col">Benchmark</th><th scope="col">Weight</th><th scope="col">Score</th><th scope="col">Who ran it</th><th scope="col">Where it comes from</th></tr></thead><tbody>${componentRows(site, m)}</tbody></table></div>
<h3>Every published result used (${m.results.length})</h3>
<div class="scroll" role="region" aria-label="Published results" tabindex="0"><table><caption>Results as published: series, value, variant, date and who reported it</caption><thead><tr><th scope="col">Series</th><th scope="col">Result (%)</th><th scope="col">Variant</th><th scope="col">Date</th><th scope="col">Reported by</th><th scope="col">Source</th></tr></thead><tbody>${resultRows(site, m)}</tbody></table></div>
${m.strengths.length ? `<h3>Strengths</h3><ul>${m.strengths.map((x) => `<li>${esc(strengthText(x))}</li>`).join('')}</ul>` : ''}
${m.weaknesses.length ? `<h3>Weaknesses</h3><ul>${m.weaknesses.map((x) => `<li>${esc(x)}</li>`).join('')}</ul>` : ''}`;
}

/** Status, successor, the published lifecycle dates and statements, and the models this one replaces. */
function lifecycleSection(site: Site, tool: Tool | ToolRecord, root: string): string {
  const lifecycle: [string, string][] = [
    ['Status', `${esc(STATUS_WORDS[tool.status] ?? tool.status)}: ${esc(STATUS_MEANING[tool.status] ?? '')}.`],
  ];
  if (tool.replacedBy) lifecycle.push(['Replaced by', modelLink(site, tool.replacedBy, root)]);
  const published = lifecycleRows(tool, site, root);
  lifecycle.push(...published.rows);
  const successors = site.tools.filter((t) => t.replacedBy === tool.id);
  if (successors.length) lifecycle.push(['Replaces', successors.map((t) => modelLink(site, t.id, root)).join(', ')]);
  return `${dl(lifecycle)}${published.events}`;
}

/** The platforms that offer the model and how each bills it. */
function platformsSection(site: Site, tool: Tool, root: string): string {
  const platforms = site.platformsByTool.get(tool.id) ?? [];
  const platformRows = platforms
    .map((p) => {
      const billing = billingOn(p, tool);
      const entry = p.toolBilling.find((b) => b.toolId === tool.id);
      return `<tr><th scope="row"><a href="${root}platforms/${esc(p.id)}/">${esc(p.name)}</a></th><td>${billing ? esc(billingWords(billing.billing, billing.multiplier)) : 'Offered'}</td><td>${esc(publicNote(entry?.note))}</td><td>${esc(entry?.asOf ?? p.asOf)}</td></tr>`;
    })
    .join('');
  return platforms.length
    ? `<div class="scroll" role="region" aria-label="Platforms" tabindex="0"><table><caption>Coding platforms that offer ${esc(tool.name)}, and how each bills it</caption><thead><tr><th scope="col">Platform</th><th scope="col">Billing</th><th scope="col">Note</th><th scope="col">As of</th></tr></thead><tbody>${platformRows}</tbody></table></div>`
    : '<p>No platform in the directory lists this model.</p>';
}

/** The list prices over time, with the release that published each, when the build carries price history. */
function priceHistorySection(site: Site, tool: Tool, root: string): string {
  const history = site.input.priceHistory?.tools.find((t) => t.toolId === tool.id)?.history ?? [];
  const chart = priceHistoryChart(
    tool.name,
    history.map((h) => ({ from: h.effectiveFrom, input: h.pricing.input, output: h.pricing.output })),
  );
  return history.length
    ? `${chart}<div class="scroll" role="region" aria-label="Price history" tabindex="0"><table><caption>List prices over time, USD per 1M tokens</caption><thead><tr><th scope="col">From</th><th scope="col">Until</th><th scope="col">Input</th><th scope="col">Output</th><th scope="col">Cache read</th><th scope="col">Cache write</th><th scope="col">Release</th></tr></thead><tbody>${history
        .map(
          (h) =>
            `<tr><th scope="row">${esc(h.effectiveFrom)}</th><td>${h.effectiveUntil ? esc(h.effectiveUntil) : 'current'}</td><td>${price(h.pricing.input)}</td><td>${price(h.pricing.output)}</td><td>${price(h.pricing.cacheRead)}</td><td>${price(h.pricing.cacheCreate)}</td><td>${h.release ? `<a href="${root}api/v/${esc(h.release)}/tools.json">${esc(h.release)}</a>` : 'not yet released'}</td></tr>`,
        )
        .join('')}</tbody></table></div>${eventsTable(site, tool, root)}`
    : '<p>No price history is published with this build.</p>';
}

/**
 * The same history as events: the first recorded price, list changes, promotions with their first and last day
 * (a promotion is never a list change) and other terms, as the cross-model page lists them.
 */
function eventsTable(site: Site, tool: Tool, root: string): string {
  const entry = site.input.priceHistory?.tools.find((t) => t.toolId === tool.id);
  if (!entry) return '';
  const events = priceEventsOf(entry);
  return `<h3 id="hist-ev-h">Changes and promotions</h3><div class="scroll" role="region" aria-labelledby="hist-ev-h" tabindex="0"><table id="price-events"><caption>Recorded price events of ${esc(tool.name)}, oldest first, USD per 1M tokens</caption>${EVENT_HEAD(false)}<tbody>${events
    .map((e) => eventRow(e, root, tool, false))
    .join(
      '',
    )}</tbody></table></div><p class="note">Every model’s price changes and promotions by date: <a href="${root}prices/?model=${esc(tool.id)}">price history</a>.</p>`;
}

/** The page reads top to bottom as the template below; each section is rendered by its own function above. */
export function renderModel(site: Site, tool: Tool, root: string): { body: string; description: string } {
  const s = site.scored.get(tool.id);
  // Sources in full (names, URLs, notes), conflicts and lifecycle statements come from the per-model document.
  const record = site.input.models?.get(tool.id)?.tool ?? tool;
  const date = site.lastUpdated.slice(0, 10);
  const now = nowPrice(tool, site.lastUpdated);
  const body = `<nav aria-label="Breadcrumb" class="crumbs"><a href="${root}">All models</a> › ${esc(tool.name)}</nav>
<h1>${esc(tool.name)}</h1>
<p class="lead">${esc(tool.provider)} · <span class="status s-${esc(tool.status)}">${esc(STATUS_WORDS[tool.status] ?? tool.status)}</span> · ${rate(now.rates.input)} input / ${rate(now.rates.output)} output per 1M tokens${now.basis === 'promotion' ? ` (${esc(promotionWords(now))})` : ''} · ${esc(tokens(tool.contextTokens))} context${s ? ` · score ${scoreHtml({ value: s.model.overallScore, interval: s.interval, measured: s.measured, provisional: s.provisional })}${s.rankRange ? `, rank ${s.rank ?? '?'} (plausible ${s.rankRange[0]}–${s.rankRange[1]})` : ''}` : ' · not scored'}</p>
<p>${esc(tool.description)}</p>
<p><a class="button" href="${root}calculator/?model=${esc(tool.id)}">Estimate a monthly cost</a></p>
<section aria-labelledby="facts-h"><h2 id="facts-h">Facts and sources</h2>${dl(factRows(site, record))}</section>
<section aria-labelledby="price-h"><h2 id="price-h">Prices</h2>${pricingSection(record, date, site.lastUpdated)}</section>
<section aria-labelledby="bench-h"><h2 id="bench-h">Benchmarks</h2>${benchmarksSection(site, tool, s, root)}</section>
<section aria-labelledby="task-h"><h2 id="task-h">Cost per task</h2>${taskCostSection(s?.model)}</section>
<section aria-labelledby="life-h"><h2 id="life-h">Lifecycle</h2>${lifecycleSection(site, record, root)}</section>
<section aria-labelledby="plat-h"><h2 id="plat-h">Platforms</h2>${platformsSection(site, tool, root)}</section>
<section aria-labelledby="hist-h"><h2 id="hist-h">Price history</h2>${priceHistorySection(site, tool, root)}</section>
<p class="data-links">This page shows <a href="${root}api/models/${esc(tool.id)}.json">models/${esc(tool.id)}.json</a>, everything known about <code>${esc(tool.id)}</code> in one document, and its entries of <a href="${root}api/tools.json">tools.json</a>, <a href="${root}api/benchmarks.json">benchmarks.json</a>, <a href="${root}api/platforms.json">platforms.json</a> and <a href="${root}api/price-history.json">price-history.json</a>. With jq: <code>jq '.tools[] | select(.id == "${esc(tool.id)}")' tools.json</code></p>`;
  const description = `${tool.name} (${tool.provider}): ${rate(now.rates.input)} input and ${rate(now.rates.output)} output per 1M tokens${now.basis === 'promotion' ? ` (${promotionWords(now)})` : ''}, ${tokens(tool.contextTokens)} context${s ? `, overall score ${score(s.model.overallScore)}` : ''}, with sources.`;
  return { body, description };
}
