/**
 * How a score reads wherever it appears (table, chart tooltip, calculator, use cases, compare,
 * model pages): the value, its interval beside it, and a visible mark when it rests mostly on
 * estimates. Shared by the build and the browser script, so both write the same markup.
 */
import { money, score } from './format.ts';
import { esc } from './html.ts';

export interface ScoreView {
  value: number;
  interval: [number, number] | null;
  /** At least half the weight rests on measured results. */
  measured: boolean;
  /** Why the rank rests on no independent measurement (benchmarks.json provisional); absent or null when it does. */
  provisional?: string | null;
}

/** "83.6 78.1–84.6 est." as markup: the interval and the estimate mark are their own elements, styled apart. */
export function scoreHtml(s: ScoreView): string {
  const iv = s.interval ? ` <span class="iv">${score(s.interval[0])}–${score(s.interval[1])}</span>` : '';
  const est = s.measured ? '' : ' <span class="mark est" title="Mostly estimated, not measured">est.</span>';
  return `<span class="sc">${score(s.value)}</span>${iv}${est}${provisionalHtml(s.provisional)}`;
}

/**
 * The visible "provisional" mark of a rank or pick that rests on no independent measurement, with
 * its reason as a tooltip and, for screen readers and touch screens without tooltips, as text
 * hidden only visually.
 */
export function provisionalHtml(reason: string | null | undefined): string {
  if (!reason) return '';
  return ` <span class="mark prov" title="${esc(reason)}">provisional<span class="vh"> (${esc(reason)})</span></span>`;
}

/** The same in plain words, for labels read aloud and tooltips. */
export function scoreWords(s: ScoreView): string {
  const iv = s.interval ? ` (interval ${score(s.interval[0])}–${score(s.interval[1])})` : '';
  return `${score(s.value)}${iv}${s.measured ? '' : ', mostly estimated'}${s.provisional ? ', provisional: no independent measurement' : ''}`;
}

/** A per-task figure (benchmarks.json taskCost) as published: its value, its 80% interval, and whether it is estimated. */
export interface TaskFigureView {
  value: number;
  interval: { low: number; high: number } | null;
}

/** "$1.53 $1.48–$1.59 est." or "261 s": the interval and the estimate mark styled as a score's are. */
export function taskFigureHtml(
  f: TaskFigureView | null,
  evidence: 'measured' | 'estimated',
  unit: 'usd' | 'seconds' | 'count',
): string {
  if (!f) return '—';
  const one = (v: number) =>
    unit === 'usd' ? money(v) : unit === 'seconds' ? `${Math.round(v)} s` : v.toFixed(v < 10 ? 2 : 1);
  const iv = f.interval ? ` <span class="iv">${one(f.interval.low)}–${one(f.interval.high)}</span>` : '';
  const est =
    evidence === 'estimated'
      ? ' <span class="mark est" title="Estimated from other models\u2019 measured runs, not measured">est.</span>'
      : '';
  return `<span class="sc">${one(f.value)}</span>${iv}${est}`;
}
