/**
 * The model table of the front page: the name pinned at the left with its status, the score
 * with its interval beside it, then a default set of columns that fits a 1280 px screen; the
 * other columns are in the markup, shown on demand (the browser script keeps the choice in the URL).
 */
import type { Tool } from '../../schema/api.ts';
import { esc } from '../html.ts';
import { grouped, intervalOf, month, price, tokens } from '../format.ts';
import { scoreHtml, type TaskFigureView, taskFigureHtml } from '../marks.ts';
import { detailOf, STATUS_WORDS, type Scored, type Site } from '../view.ts';
import { isInactive } from '../wording.ts';
import { SERIES_SLOTS } from '../styles.ts';
import { blendedOf, nowPrice, promotionMark, rate } from '../in-force.ts';

export interface Column {
  key: string;
  label: string;
  /** How the browser script compares the column: numbers (data-v) or text. */
  type: 'num' | 'text';
  /** Short explanation, shown to screen readers with the header. */
  abbr?: string;
  /** Not in the default set: shown when the reader asks for it. */
  optional?: boolean;
  /** Among the four a phone shows. */
  phone?: boolean;
  /**
   * A benchmark series' column: its place among the series (the stylesheet has one rule per place, since the
   * series come from the data and the stylesheet's hash is fixed at build time).
   */
  slot?: number;
}

/** One optional column per benchmark series the directory scores (benchmarks.json aggregate), weighted or not. */
export function seriesColumns(site: Site): Column[] {
  return site.components.slice(0, SERIES_SLOTS).map((c, slot) => ({
    key: c.field,
    label: c.name,
    type: 'num',
    abbr: `${c.name} score, 0 to 100, with its 80% interval where estimated; marked by who ran it (independent, developer-reported or estimated)${c.weight > 0 ? '' : '; not counted in the overall score'}`,
    optional: true,
    slot,
  }));
}

/** Every column in table order: the fixed ones with the benchmark series after the workload's cost (as rowOf writes them). */
export function columnsOf(site: Site): Column[] {
  const at = COLUMNS.findIndex((c) => c.key === 'workload') + 1;
  return [...COLUMNS.slice(0, at), ...seriesColumns(site), ...COLUMNS.slice(at)];
}

export const COLUMNS: Column[] = [
  { key: 'name', label: 'Model', type: 'text', phone: true },
  {
    key: 'score',
    label: 'Score',
    type: 'num',
    abbr: 'Overall benchmark score, 0 to 100, with its interval',
    phone: true,
  },
  { key: 'provider', label: 'Provider', type: 'text' },
  { key: 'input', label: 'Input', type: 'num', abbr: 'Input price, USD per 1M tokens' },
  { key: 'output', label: 'Output', type: 'num', abbr: 'Output price, USD per 1M tokens' },
  {
    key: 'blended',
    label: 'Blended',
    type: 'num',
    abbr: 'Blended price (3 input : 1 output), USD per 1M tokens',
    phone: true,
  },
  { key: 'context', label: 'Context', type: 'num', abbr: 'Context window in tokens', phone: true },
  { key: 'value', label: '$ per point', type: 'num', abbr: 'Blended price in force per overall score point' },
  {
    key: 'workload',
    label: 'Your workload',
    type: 'num',
    abbr: 'USD a month for the workload set under “Price a workload”, by the cost engine: long-context rates, cache reads, batch and the price in force on the data’s date applied; the mark says which price was used, and a model the request does not fit is marked and sorted last',
    optional: true,
  },
  {
    key: 'solvedTask',
    label: 'Per solved task',
    type: 'num',
    abbr: 'USD per solved coding task at the prices in force, with its 80% interval, on the model’s headline configuration (its kind of task is named on the cell and the model page); est. marks an estimate',
    // Optional: the default columns must fit a 1280 px screen, and most values are still unknown (docs/data.md).
    optional: true,
  },
  { key: 'released', label: 'Released', type: 'num', abbr: 'Release month' },
  { key: 'status', label: 'Status', type: 'text', optional: true },
  { key: 'categories', label: 'Categories', type: 'text', optional: true },
  { key: 'cacheRead', label: 'Cache read', type: 'num', abbr: 'Cache read price, USD per 1M tokens', optional: true },
  {
    key: 'cacheWrite',
    label: 'Cache write',
    type: 'num',
    abbr: 'Cache write price, USD per 1M tokens',
    optional: true,
  },
  { key: 'platforms', label: 'Platforms', type: 'num', abbr: 'Coding platforms offering the model', optional: true },
  {
    key: 'taskAttempt',
    label: 'Per task',
    type: 'num',
    abbr: 'USD per attempt at a coding task (all its tries, solved or not) at the prices in force, with its 80% interval, on the model’s headline configuration; est. marks an estimate',
    optional: true,
  },
  {
    key: 'taskSeconds',
    label: 'Seconds per task',
    type: 'num',
    abbr: 'Wall-clock seconds per coding task on the model’s headline configuration, as its source measured them',
    optional: true,
  },
  {
    key: 'per100',
    label: 'Tasks per $100',
    type: 'num',
    abbr: 'Solved coding tasks 100 USD buys at the prices in force, with its 80% interval, on the model’s headline configuration; est. marks an estimate',
    optional: true,
  },
  {
    key: 'speed',
    label: 'Tokens/s',
    type: 'num',
    abbr: 'Output tokens per second: the median over the provider endpoints a source published a speed for (the model page names each, with its date and conditions)',
    optional: true,
  },
];

/** The class a column's cells carry: what the stylesheet shows or hides. */
export function columnClass(c: Column): string {
  return `c-${c.key}${c.optional ? ' opt' : ''}${c.phone ? ' ph' : ''}${c.slot === undefined ? '' : ` bs${c.slot}`}`;
}

/** The id of a column's switch: a series' by its place, which the stylesheet names. */
export const columnSwitchId = (c: Column) => `col-${c.slot === undefined ? c.key : `bs${c.slot}`}`;

const cellOf = (c: Column, v: number | string | null | undefined, text: string) =>
  `<td class="${columnClass(c)}"${v === undefined ? '' : ` data-v="${v ?? ''}"`}>${text}</td>`;
const cell = (key: string, v: number | string | null | undefined, text: string) =>
  cellOf(COLUMNS.find((c) => c.key === key)!, v, text);

/** Who ran a series' result, as a short visible mark: estimates already carry "est.". */
const EVIDENCE_MARKS: Record<string, string> = {
  'independent-measured': '<span class="mark ind" title="Measured by an independent party">indep.</span>',
  'developer-reported':
    '<span class="mark dev" title="Reported by the model developer, not run independently">dev.</span>',
};

/** The model's value on each benchmark series: measured with who ran it, or estimated with its interval. */
function seriesCells(s: Scored | undefined, columns: readonly Column[]): string {
  return columns
    .map((c) => {
      const d = s ? detailOf(s.model, c.key) : undefined;
      if (!d) return cellOf(c, null, '—');
      const measured = d.kind === 'measured';
      const view = { value: d.value, interval: intervalOf(d.interval), measured };
      const mark = measured ? (EVIDENCE_MARKS[d.evidence] ?? '') : '';
      return cellOf(c, d.value, `${scoreHtml(view)}${mark ? ` ${mark}` : ''}`);
    })
    .join('');
}

/** Each series' value and whether it is measured, for the benchmark-minimum filter. */
function seriesData(s: Scored | undefined, columns: readonly Column[]): string {
  return columns
    .map((c) => {
      const d = s ? detailOf(s.model, c.key) : undefined;
      return d ? ` data-s-${c.slot}="${d.value}" data-m-${c.slot}="${d.kind === 'measured' ? 1 : 0}"` : '';
    })
    .join('');
}

/** A capability flag as the filters read it: 1, 0, or empty where the source does not say. */
const flag = (v: boolean | null) => (v === null ? '' : v ? '1' : '0');

/** The name cell: pinned, with a visible badge for any status but active. */
function nameCell(t: Tool, root: string): string {
  const badge =
    t.status === 'active'
      ? ''
      : ` <span class="badge s-${esc(t.status)}">${esc(STATUS_WORDS[t.status] ?? t.status)}</span>`;
  return `<th scope="row" class="c-name ph"><a href="${root}models/${esc(t.id)}/">${esc(t.name)}</a>${badge}</th>`;
}

/** A cache price, or "—" where the provider sells no caching (the price would only repeat the input rate). */
function cacheCell(key: string, t: Tool, value: number): string {
  return t.pricingDetails.caching === 'unavailable' && !t.pricingDetails.free
    ? cell(key, null, '<span title="No prompt caching">—</span>')
    : cell(key, value, price(value));
}

/** The rank with the ranks the score's interval allows, so no position reads as surer than it is. */
export function rankHtml(s: Pick<Scored, 'rank' | 'rankRange'>): string {
  if (s.rank === null) return '';
  const range = s.rankRange && s.rankRange[0] !== s.rankRange[1] ? ` (${s.rankRange[0]}–${s.rankRange[1]})` : '';
  return ` <span class="rk">rank ${s.rank}${range}</span>`;
}

function scoreCell(s: Scored | undefined): string {
  if (!s) return cell('score', null, '<a class="ns" href="#unscored-h">not scored</a>');
  return cell(
    'score',
    s.model.overallScore,
    `${scoreHtml({ value: s.model.overallScore, interval: s.interval, measured: s.measured, provisional: s.provisional })}${rankHtml(s)}`,
  );
}

/** Input and output at the price in force on the data's date, a promotion marked with its last day. */
function priceCells(site: Site, t: Tool, s: Scored | undefined): string {
  const now = nowPrice(t, site.lastUpdated);
  const mark = promotionMark(now);
  const blended = blendedOf(now.rates) ?? t.blendedPrice;
  const perPoint = s && s.model.overallScore > 0 ? blended / s.model.overallScore : null;
  return `${cell('input', now.rates.input, `${rate(now.rates.input)}${mark}`)}${cell('output', now.rates.output, rate(now.rates.output))}${cell('blended', blended, price(blended))}${context(t)}${perPoint === null ? cell('value', null, '—') : cell('value', perPoint, price(perPoint))}${cell('workload', null, '<span class="note">set a workload</span>')}`;
}

const context = (t: Tool) => cell('context', t.contextTokens, tokens(t.contextTokens));

/** The headline's output speed: the median over published endpoints, rounded as the model page shows it. */
function speedCell(s: Scored | undefined): string {
  const speed = s?.model.taskCost?.headline?.outputTokensPerSecond ?? null;
  return speed === null ? cell('speed', null, '—') : cell('speed', speed, grouped(Math.round(speed)));
}

/** The headline's cost per solved task, per attempt, seconds per task and tasks per $100 (benchmarks.json taskCost), each sortable by its value. */
function taskCells(s: Scored | undefined): [string, string, string, string] {
  const h = s?.model.taskCost?.headline;
  if (!h)
    return [
      cell('solvedTask', null, '—'),
      cell('taskAttempt', null, '—'),
      cell('taskSeconds', null, '—'),
      cell('per100', null, '—'),
    ];
  const title = ` title="${esc(`${h.taskKind} tasks: ${h.configuration}`)}"`;
  const one = (key: string, f: TaskFigureView | null, unit: 'usd' | 'seconds' | 'count') =>
    f ? cell(key, f.value, `<span${title}>${taskFigureHtml(f, h.evidence, unit)}</span>`) : cell(key, null, '—');
  return [
    one('solvedTask', h.costPerSolvedTaskUsd, 'usd'),
    one('taskAttempt', h.costPerAttemptUsd, 'usd'),
    one('taskSeconds', h.secondsPerTask, 'seconds'),
    one('per100', h.solvedTasksPer100Usd, 'count'),
  ];
}

function rowOf(
  site: Site,
  t: Tool,
  categoryName: Map<string, string>,
  root: string,
  series: readonly Column[],
): string {
  const s = site.scored.get(t.id);
  const now = nowPrice(t, site.lastUpdated).rates;
  const platforms = site.platformsByTool.get(t.id) ?? [];
  const search = [t.name, t.id, ...t.aliases].join(' ').toLowerCase();
  const [solvedCell, attemptCell, secondsCell, per100Cell] = taskCells(s);
  const headline = s?.model.taskCost?.headline;
  const data = `data-id="${esc(t.id)}" data-provider="${esc(t.providerId)}" data-cats="${esc(t.category.join(' '))}" data-status="${esc(t.status)}" data-open="${t.openWeights ? 1 : 0}" data-ctx="${t.contextTokens}" data-blended="${blendedOf(now) ?? t.blendedPrice}" data-plat="${esc(platforms.map((p) => p.id).join(' '))}" data-task="${headline?.costPerSolvedTaskUsd?.value ?? ''}" data-speed="${headline?.outputTokensPerSecond ?? ''}" data-score="${s?.model.overallScore ?? ''}" data-sm="${s ? (s.measured ? 1 : 0) : ''}" data-taskm="${headline ? (headline.evidence === 'measured' ? 1 : 0) : ''}" data-tools="${flag(t.toolCalling)}" data-reason="${flag(t.reasoning)}" data-img="${flag(t.imageInput)}" data-maxout="${t.maxOutputTokens ?? ''}"${seriesData(s, series)} data-q="${esc(search)}"`;
  return `<tr ${data}${isInactive(t.status) ? ' class="inactive"' : ''}>${nameCell(t, root)}${scoreCell(s)}${cell('provider', undefined, esc(t.provider))}${priceCells(site, t, s)}${seriesCells(s, series)}${solvedCell}${cell('released', t.releaseDate.replace('-', ''), esc(month(t.releaseDate)))}${cell('status', undefined, esc(STATUS_WORDS[t.status] ?? t.status))}${cell('categories', undefined, esc(t.category.map((c) => categoryName.get(c) ?? c).join(', ')))}${cacheCell('cacheRead', t, now.cacheRead ?? t.pricing.cacheRead)}${cacheCell('cacheWrite', t, now.cacheWrite ?? t.pricing.cacheCreate)}${cell('platforms', platforms.length, String(platforms.length))}${attemptCell}${secondsCell}${per100Cell}${speedCell(s)}</tr>`;
}

/** Best score first, unscored last by name. */
export function tableRows(site: Site, root: string): string {
  const categories = site.input.documents['categories.json'].categories;
  const categoryName = new Map(categories.map((c) => [c.id, c.name]));
  const scoreOf = (t: Tool) => site.scored.get(t.id)?.model.overallScore ?? -1;
  const series = seriesColumns(site);
  return [...site.tools]
    .sort((a, b) => scoreOf(b) - scoreOf(a) || a.name.localeCompare(b.name))
    .map((t) => rowOf(site, t, categoryName, root, series))
    .join('\n');
}

export function tableHead(site: Site): string {
  return columnsOf(site)
    .map(
      (c) =>
        `<th scope="col" class="${columnClass(c)}" data-key="${c.key}" data-type="${c.type}"${c.slot === undefined ? '' : ` data-slot="${c.slot}"`}${c.abbr ? ` abbr="${esc(c.abbr)}"` : ''}>${esc(c.label)}</th>`,
    )
    .join('');
}

/** The switches for the optional columns (the script shows them; the choice goes in the URL as cols=). */
export function columnChoices(site: Site): string {
  return columnsOf(site)
    .filter((c) => c.optional)
    .map(
      (c) =>
        `<div class="field check"><input id="${columnSwitchId(c)}" type="checkbox" data-col="${c.key}"><label for="${columnSwitchId(c)}">${esc(c.label)}</label></div>`,
    )
    .join('');
}
