/**
 * A model's list prices over time as a small SVG step chart (input and output per 1M tokens),
 * drawn only when the price history has more than one entry. Dates are spaced by time. Pure.
 */
import { esc } from './html.ts';
import { price } from './format.ts';

export interface PricePoint {
  from: string;
  input: number;
  output: number;
}

const W = 420;
const H = 160;
const M = { left: 52, right: 12, top: 10, bottom: 28 };
const f1 = (n: number) => (Math.round(n * 10) / 10).toString();

function steps(
  points: readonly PricePoint[],
  key: 'input' | 'output',
  x: (d: number) => number,
  y: (v: number) => number,
  end: number,
): string {
  let d = '';
  points.forEach((p, i) => {
    const px = f1(x(Date.parse(p.from)));
    const py = f1(y(p[key]));
    d += i === 0 ? `M${px} ${py}` : `H${px}V${py}`;
  });
  return `${d}H${f1(end)}`;
}

/** `id` names the chart's title and description, unique on a page that draws several. */
export function priceHistoryChart(name: string, points: readonly PricePoint[], id = 'ph'): string {
  if (points.length < 2) return '';
  const times = points.map((p) => Date.parse(p.from));
  if (times.some(Number.isNaN)) return '';
  const t0 = Math.min(...times);
  const t1 = Math.max(...times) + 86_400_000 * 14;
  const top = Math.max(...points.map((p) => p.output), 0.01) * 1.1;
  const x = (t: number) => M.left + ((t - t0) / (t1 - t0)) * (W - M.left - M.right);
  const y = (v: number) => M.top + (1 - v / top) * (H - M.top - M.bottom);
  const end = W - M.right;
  const first = points[0]!;
  const last = points.at(-1)!;
  const desc = `Input price from ${price(first.input)} to ${price(last.input)}, output price from ${price(first.output)} to ${price(last.output)} per 1M tokens, ${points.length} price points from ${first.from} to ${last.from}.`;
  return `<figure class="spark"><svg class="price-chart" viewBox="0 0 ${W} ${H}" role="img" aria-labelledby="${esc(id)}-t ${esc(id)}-d">
<title id="${esc(id)}-t">${esc(name)}: list prices over time</title><desc id="${esc(id)}-d">${esc(desc)}</desc>
<line class="axis" x1="${M.left}" x2="${end}" y1="${H - M.bottom}" y2="${H - M.bottom}"/>
<text class="tick" x="${M.left - 6}" y="${f1(y(top / 1.1) + 4)}" text-anchor="end">${price(top / 1.1)}</text>
<text class="tick" x="${M.left - 6}" y="${H - M.bottom + 4}" text-anchor="end">$0</text>
<text class="tick" x="${M.left}" y="${H - 8}">${esc(first.from)}</text>
<text class="tick" x="${end}" y="${H - 8}" text-anchor="end">${esc(last.from)}</text>
<path class="ph-out" d="${steps(points, 'output', x, y, end)}"/>
<path class="ph-in" d="${steps(points, 'input', x, y, end)}"/>
</svg><figcaption><span class="key"><svg viewBox="0 0 20 12" width="20" height="12" aria-hidden="true"><path class="ph-out" d="M1 6H19"/></svg> output</span> <span class="key"><svg viewBox="0 0 20 12" width="20" height="12" aria-hidden="true"><path class="ph-in" d="M1 6H19"/></svg> input</span> (USD per 1M tokens)</figcaption></figure>`;
}
