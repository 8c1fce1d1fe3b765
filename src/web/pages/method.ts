/**
 * How scores are made, for /about/: one short section per topic, each reading its facts (series,
 * weights, calibration, counts) from the published documents, then a worked example computed from
 * one real scored model at build time, so the page stays true as the data moves. The published
 * methodology follows in full, folded away.
 */
import { esc } from '../html.ts';
import { price, score } from '../format.ts';
import { sentencesOf } from '../wording.ts';
import { detailOf, type Scored, type Site, weightedComponents } from '../view.ts';

/** The methodology's sentences in paragraphs of at most three, so it reads in steps rather than one block. */
function shortParagraphs(text: string): string {
  const sentences = sentencesOf(text);
  const out: string[] = [];
  for (let i = 0; i < sentences.length; i += 3) out.push(`<p>${esc(sentences.slice(i, i + 3).join(' '))}</p>`);
  return out.join('\n');
}

/** The published sentence that starts with `start` (the rule as the build applied it), or ''. */
function publishedSentence(methodology: string, start: string): string {
  return sentencesOf(methodology).find((s) => s.startsWith(start)) ?? '';
}

interface AggregateEntry {
  benchmark: string;
  weight: number;
  alive: boolean;
}

function aggregateOf(site: Site): AggregateEntry[] {
  return site.input.documents['benchmarks.json'].benchmarks.aggregate.map((e) => ({
    benchmark: e.benchmark,
    weight: e.weight,
    alive: e.alive && e.weight > 0,
  }));
}

const topic = (id: string, title: string, body: string) =>
  `<section aria-labelledby="m-${id}" class="topic"><h3 id="m-${id}">${title}</h3>${body}</section>`;

function sourcesTopic(site: Site): string {
  const models = site.input.documents['benchmarks.json'].benchmarks.models;
  const results = models.reduce(
    (n, m) => n + site.components.filter((c) => detailOf(m, c.field)?.kind === 'measured').length,
    0,
  );
  return topic(
    'src',
    'Where the results come from',
    `<p>Every score starts from results published by a benchmark’s maintainers, an independent leaderboard or the model’s developer, each kept with its source and date (a model page lists them). Results produced another way (another harness, more attempts per task, another reporter) go into a separate series and are never mixed. Across the ${site.components.length} benchmarks a model page shows, the ${site.scored.size} scored models have ${results} measured values from ${site.sources.size} sources; every other value is estimated.</p>`,
  );
}

function seriesTopic(site: Site, methodology: string): string {
  const aggregate = aggregateOf(site);
  const alive = aggregate.filter((a) => a.alive).map((a) => esc(a.benchmark));
  const idle = aggregate.filter((a) => !a.alive).map((a) => esc(a.benchmark));
  const rule =
    publishedSentence(methodology, 'A series is alive') ||
    'A series counts while recent models are still being measured on it.';
  return topic(
    'alive',
    'Which series count, and why',
    `<p>${esc(rule)} A benchmark nobody runs on new models any more would rank old models against estimates, so it leaves the overall score (its results stay published).</p><p>Counted now: ${alive.join(', ') || 'none'}.${idle.length ? ` Kept but not counted: ${idle.join(', ')}.` : ''}</p>`,
  );
}

function overallTopic(site: Site): string {
  const counted = weightedComponents(site.components);
  const total = counted.reduce((sum, c) => sum + c.weight, 0) || 1;
  const weights = counted.map((c) => `${esc(c.name)} ${Math.round((c.weight / total) * 100)}%`).join(', ');
  return topic(
    'overall',
    'How an overall score is computed',
    `<p>The overall score is the weighted mean, on a 0–100 scale, of the counted benchmarks: ${weights}. A benchmark a model has a result on is “measured”; one it lacks is estimated (next section), so every scored model has a value for each.</p>`,
  );
}

function estimatesTopic(site: Site): string {
  const { calibration } = site.input.documents['benchmarks.json'].benchmarks;
  const level = Math.round(calibration.level * 100);
  const check = ` Checked on ${calibration.n} results held out of the fit, the ${level}% intervals held ${Math.round(calibration.coverage * 100)}% of them.`;
  return topic(
    'est',
    'Estimates and intervals',
    `<p>A missing result is estimated from the model’s other results with a one-factor model: each model has one capability, each benchmark a difficulty and a slope. Each estimate carries ${level === 80 || level === 85 ? 'an' : 'a'} ${level}% interval, and so does the overall score.${check} A score resting mostly on estimates is marked <span class="mark est">est.</span> wherever it appears.</p>`,
  );
}

function ranksTopic(): string {
  return topic(
    'ranks',
    'Rank ranges',
    '<p>The rank orders models by overall score; the rank range is every rank the intervals allow, from the best to the worst the model could plausibly hold. Two models whose ranges overlap may be in either order. The pages never call a model “top 10” unless its whole range is inside the top ten.</p>',
  );
}

function picksTopic(site: Site): string {
  const categories = site.input.documents['categories.json'].categories.length;
  return topic(
    'picks',
    'Picks and categories',
    `<p>The ${categories} categories follow written rules on the facts (price, score, open weights, what the provider builds the model for); each category’s rule is published with it. The ${site.useCases.length} use cases pick models by their own filter and order, recomputed at every build; deprecated and retired models are never picked.</p>`,
  );
}

function pricesTopic(): string {
  return topic(
    'prices',
    'Prices and costs',
    '<p>Prices are in USD per 1M tokens. The model table, model pages, use cases and compare show the price charged on the data’s date: a dated promotional or introductory price while it runs, marked with its last day and the price after it, otherwise the provider’s list price.</p>' +
      '<p>The API’s <code>pricing</code> is always the list price; a promotion is one of its <code>pricingDetails.modifiers</code>. The blended price weighs input three to one against output; the model table’s price per score point divides the blended price in force by the overall score (benchmarks.json’s <code>pricePerScorePoint</code> uses the list price).</p>' +
      '<p>A rank marked provisional rests on no independent measurement: each weighted benchmark is either a model developer’s own figure or an estimate.</p>' +
      '<p>Costs in the calculator and on compare come from one cost engine that applies caching, long-context tiers, batch rates and dated promotions; its rules are published as cost vectors.</p>',
  );
}

/** The weighted components of one model that has a value for each, or null. */
function partsOf(site: Site, s: Scored) {
  const components = weightedComponents(site.components);
  const parts = components.map((c) => ({ c, d: detailOf(s.model, c.field) }));
  if (!parts.length || parts.some((p) => !p.d)) return null;
  const total = components.reduce((sum, c) => sum + c.weight, 0);
  const mean = parts.reduce((sum, p) => sum + p.d!.value * p.c.weight, 0) / total;
  return score(mean) === score(s.model.overallScore) ? { parts, total } : null;
}

/**
 * The best-scored model whose weighted mean reproduces its published score (to the shown decimal),
 * worked out: components, mean, interval, rank range and price per point. Nothing when none does,
 * so the example never contradicts the data.
 */
function workedExample(site: Site): string {
  const found = site.ranking.map((s) => ({ s, p: partsOf(site, s) })).find((x) => x.p);
  if (!found?.p) return '';
  const { s } = found;
  const { parts, total } = found.p;
  const items = parts
    .map(
      (p) =>
        `<li>${esc(p.c.name)}: ${score(p.d!.value)}, ${p.d!.kind === 'measured' ? 'measured' : 'estimated'}, weight ${Math.round((p.c.weight / total) * 100)}%</li>`,
    )
    .join('');
  const iv = s.interval ? ` Its interval is ${score(s.interval[0])}–${score(s.interval[1])}.` : '';
  const rank = s.rank
    ? ` It ranks ${s.rank} of ${site.scored.size}${s.rankRange ? `; its rank range is ${s.rankRange[0]}–${s.rankRange[1]}` : ''}.`
    : '';
  const t = s.tool;
  const perPoint = ` Blended price: (3 × ${price(t.pricing.input)} + ${price(t.pricing.output)}) / 4 = ${price(t.blendedPrice)} per 1M tokens, so ${price(s.model.pricePerScorePoint)} per score point.`;
  return `<section aria-labelledby="ex-h" class="example"><h3 id="ex-h">Worked example: ${esc(t.name)}</h3>
<ul>${items}</ul>
<p>Weighted mean: ${score(s.model.overallScore)}, the overall score published for it.${iv}${rank}${perPoint}</p></section>`;
}

export function methodSection(site: Site): string {
  const methodology = site.input.documents['benchmarks.json'].benchmarks.methodology;
  return `<section aria-labelledby="m-h" class="method"><h2 id="m-h">How scores are made</h2>
${sourcesTopic(site)}
${seriesTopic(site, methodology)}
${overallTopic(site)}
${estimatesTopic(site)}
${ranksTopic()}
${picksTopic(site)}
${pricesTopic()}
${workedExample(site)}
<details><summary>The method in full, as published in benchmarks.json</summary>
${shortParagraphs(methodology)}</details></section>`;
}
