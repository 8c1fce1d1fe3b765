/**
 * The price vs score chart as plain SVG, rendered at build time: one link per scored model
 * (blended price on a log axis, overall score with its interval when published), measured and
 * mostly-estimated scores drawn differently, and the value frontier as a staircase.
 */
import { esc } from './html.ts';
import { price, score, scoreWithInterval } from './format.ts';
import { valueFrontier, type Scored } from './view.ts';

const W = 760;
const H = 440;
const M = { left: 56, right: 18, top: 14, bottom: 52 };
const FREE_GAP = 40;
const TICKS = [0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500];

const f1 = (n: number) => (Math.round(n * 10) / 10).toString();

export interface ChartResult {
  svg: string;
  frontier: Scored[];
}

export function pointLabel(s: Scored, components: number): string {
  const blended = s.tool.blendedPrice;
  const priceText = blended === 0 ? 'free' : `${price(blended)} per 1M tokens blended`;
  const basis = s.measured ? 'mostly measured' : 'mostly estimated';
  return `${s.tool.name}: score ${scoreWithInterval(s.model.overallScore, s.interval)}, ${priceText}, ${basis} (${s.measuredCount} of ${components} benchmarks measured)`;
}

/** Where a price and a score land on the chart, and the plot's extent. */
interface Scales {
  x: (price: number) => number;
  y: (score: number) => number;
  yLo: number;
  yHi: number;
  logLo: number;
  logHi: number;
  plotLeft: number;
  plotRight: number;
  /** Free models get a column of their own left of the log axis (log 0 does not exist). */
  hasFree: boolean;
  maxPrice: number;
}

/** Log price across, score up; the score axis starts at the tens below the lowest interval, less 3 points of air. */
function scalesOf(points: readonly Scored[]): Scales {
  const priced = points.filter((s) => s.tool.blendedPrice > 0).map((s) => s.tool.blendedPrice);
  const hasFree = points.some((s) => s.tool.blendedPrice === 0);
  const minPrice = Math.min(...priced, 1);
  const maxPrice = Math.max(...priced, 1);
  const logLo = Math.log10(minPrice) - 0.12;
  const logHi = Math.log10(maxPrice) + 0.12;
  const plotLeft = M.left + (hasFree ? FREE_GAP : 0);
  const plotRight = W - M.right;
  const x = (p: number) =>
    p <= 0
      ? M.left + FREE_GAP / 2 - 4
      : plotLeft + ((Math.log10(p) - logLo) / (logHi - logLo)) * (plotRight - plotLeft);
  const lows = points.map((s) => s.interval?.[0] ?? s.model.overallScore);
  const yLo = Math.max(0, Math.floor((Math.min(...lows, 100) - 3) / 10) * 10);
  const yHi = 100;
  const y = (v: number) => M.top + ((yHi - v) / (yHi - yLo)) * (H - M.top - M.bottom);
  return { x, y, yLo, yHi, logLo, logHi, plotLeft, plotRight, hasFree, maxPrice };
}

/** Score grid lines every 10 points, price grid lines at the round ticks in range, the axes and their labels. */
function gridAndAxes(scales: Scales): string[] {
  const { x, y, yLo, yHi, logLo, logHi, plotLeft, plotRight, hasFree } = scales;
  const parts: string[] = [];
  for (let v = yLo; v <= yHi; v += 10)
    parts.push(
      `<line class="grid" x1="${M.left}" x2="${plotRight}" y1="${f1(y(v))}" y2="${f1(y(v))}"/><text class="tick" x="${M.left - 8}" y="${f1(y(v) + 4)}" text-anchor="end">${v}</text>`,
    );
  for (const t of TICKS) {
    if (Math.log10(t) < logLo || Math.log10(t) > logHi) continue;
    parts.push(
      `<line class="grid" x1="${f1(x(t))}" x2="${f1(x(t))}" y1="${M.top}" y2="${H - M.bottom}"/><text class="tick" x="${f1(x(t))}" y="${H - M.bottom + 18}" text-anchor="middle">${price(t)}</text>`,
    );
  }
  if (hasFree)
    parts.push(
      `<text class="tick" x="${M.left + FREE_GAP / 2 - 4}" y="${H - M.bottom + 18}" text-anchor="middle">free</text>`,
    );
  parts.push(
    `<line class="axis" x1="${M.left}" x2="${plotRight}" y1="${H - M.bottom}" y2="${H - M.bottom}"/>`,
    `<text class="label" x="${f1((plotLeft + plotRight) / 2)}" y="${H - 10}" text-anchor="middle">Blended price, USD per 1M tokens (3 input : 1 output), log scale</text>`,
    `<text class="label" transform="translate(14 ${f1((M.top + H - M.bottom) / 2)}) rotate(-90)" text-anchor="middle">Overall score (0–100)</text>`,
  );
  return parts;
}

/** The frontier as a staircase: the best score available at or below each price, level to the right edge. */
function frontierPath(frontier: readonly Scored[], { x, y, plotRight }: Scales): string {
  let d = '';
  frontier.forEach((s, i) => {
    const px = f1(x(s.tool.blendedPrice));
    const py = f1(y(s.model.overallScore));
    d += i === 0 ? `M${px} ${py}` : `H${px}V${py}`;
  });
  d += `H${plotRight}`;
  return `<path class="frontier" d="${d}"/>`;
}

/** One link per model, with its interval as a vertical line when published. */
function pointLink(s: Scored, onFrontier: boolean, { x, y }: Scales, root: string, components: number): string {
  const cx = f1(x(s.tool.blendedPrice));
  const cy = f1(y(s.model.overallScore));
  const cls = `pt ${s.measured ? 'pm' : 'pe'}${onFrontier ? ' fr' : ''}`;
  const iv = s.interval
    ? `<line class="iv" x1="${cx}" x2="${cx}" y1="${f1(y(s.interval[1]))}" y2="${f1(y(s.interval[0]))}"/>`
    : '';
  return `<a class="${cls}" href="${root}models/${esc(s.tool.id)}/" data-id="${esc(s.tool.id)}" aria-label="${esc(pointLabel(s, components))}">${iv}<circle cx="${cx}" cy="${cy}" r="5"/></a>`;
}

/** The chart in words (its <desc>): score and price ranges and the frontier's ends. */
function chartSummary(points: readonly Scored[], frontier: readonly Scored[], maxPrice: number): string {
  const best = points.reduce<Scored | null>(
    (a, b) => (a && a.model.overallScore >= b.model.overallScore ? a : b),
    null,
  );
  const cheapest = frontier[0];
  return `${points.length} scored models. Scores run from ${score(Math.min(...points.map((s) => s.model.overallScore)))} to ${best ? score(best.model.overallScore) : '-'} (${best ? esc(best.tool.name) : ''}); blended prices from ${price(Math.min(...points.map((s) => s.tool.blendedPrice)))} to ${price(maxPrice)} per 1M tokens. ${frontier.length} models form the value frontier${cheapest ? `, from ${esc(cheapest.tool.name)}` : ''}${best ? ` to ${esc(frontier.at(-1)!.tool.name)}` : ''}.`;
}

export function renderChart(scored: readonly Scored[], root: string, components: number): ChartResult {
  // Cheapest first: also the keyboard order of the points.
  const points = [...scored].sort(
    (a, b) =>
      a.tool.blendedPrice - b.tool.blendedPrice ||
      b.model.overallScore - a.model.overallScore ||
      a.tool.id.localeCompare(b.tool.id),
  );
  const onFrontier = new Set(
    valueFrontier(points.map((s) => ({ id: s.tool.id, price: s.tool.blendedPrice, score: s.model.overallScore }))),
  );
  const frontier = points.filter((s) => onFrontier.has(s.tool.id));
  const scales = scalesOf(points);
  const parts = gridAndAxes(scales);
  if (frontier.length) parts.push(frontierPath(frontier, scales));
  for (const s of points) parts.push(pointLink(s, onFrontier.has(s.tool.id), scales, root, components));
  const svg = `<svg id="chart" class="chart" viewBox="0 0 ${W} ${H}" role="group" aria-labelledby="chart-title" aria-describedby="chart-desc">
<title id="chart-title">Overall score against blended price</title>
<desc id="chart-desc">${chartSummary(points, frontier, scales.maxPrice)}</desc>
${parts.join('\n')}
</svg>`;
  return { svg, frontier };
}
