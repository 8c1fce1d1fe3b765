/** The cost calculator: recomputes every model's monthly cost with the shared cost engine as the form changes. */
import type { PlatformLike } from '../../cost/index.ts';
import type { BenchmarksDocument } from '../../schema/api.ts';
import {
  type CalcRow,
  type CalcSort,
  type CalcTool,
  calculate,
  rowsHtml,
  type Workload,
  withoutCachingOf,
} from '../calc.ts';
import { splitPrompt } from '../hit-rate.ts';
import { intervalOf, money } from '../format.ts';
import type { ScoreView } from '../marks.ts';
import { componentsOf, measuredShare } from '../view.ts';
import { fetchJson, recomputeOn } from './live.ts';

interface Loaded {
  tools: CalcTool[];
  platforms: Map<string, PlatformLike & { name: string }>;
  scores: Map<string, ScoreView>;
}

const FIELDS: [Exclude<keyof Workload, 'batch'>, string][] = [
  ['input', 'in'],
  ['output', 'out'],
  ['cacheRead', 'cr'],
  ['cacheWrite', 'cw'],
  ['cacheWrite1h', 'cw1h'],
  ['requests', 'n'],
];

/** The calculator's elements, where links start from, and the model the page was opened for. */
interface Calculator {
  form: HTMLFormElement;
  tbody: HTMLTableSectionElement;
  status: HTMLElement;
  /** Relative path to the site root: links in the rows are relative, like every link of the site. */
  root: string;
  /** `?model=`: the model a model page linked here for, highlighted and placed in the summary. */
  highlight: string | null;
}

const fieldOf = (form: HTMLFormElement, name: string) => form.elements.namedItem(name) as HTMLInputElement;

/** Fills the form from the query string, so a shared link reopens the same workload. */
function restoreForm(form: HTMLFormElement, params: URLSearchParams): void {
  for (const [name, value] of params) {
    const element = form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null;
    if (!element) continue;
    if (element instanceof HTMLSelectElement && element.multiple) {
      const chosen = new Set(value.split(','));
      for (const option of element.options) option.selected = chosen.has(option.value);
    } else if (element instanceof HTMLInputElement && element.type === 'checkbox') element.checked = value === '1';
    else element.value = value;
  }
}

/** The models the reader limited the table to; empty for all. */
const onlyOf = (form: HTMLFormElement) =>
  [...((form.elements.namedItem('only') as HTMLSelectElement | null)?.selectedOptions ?? [])].map((o) => o.value);

/** A hit rate rewrites the prompt's split: its cached share as cache reads, the rest as uncached input. */
function applyHitRate(form: HTMLFormElement): void {
  const text = fieldOf(form, 'hit').value.trim();
  if (text === '') return;
  const prompt = Number(fieldOf(form, 'in').value) + Number(fieldOf(form, 'cr').value);
  if (!Number.isSafeInteger(prompt)) return;
  const split = splitPrompt(prompt, Number(text));
  fieldOf(form, 'in').value = String(split.input);
  fieldOf(form, 'cr').value = String(split.cacheRead);
}

/** Replaces the token counts with the chosen use case's scenario (no caching); the empty choice changes nothing. */
function applyUseCase(form: HTMLFormElement, useCase: HTMLSelectElement): void {
  const option = useCase.selectedOptions[0];
  if (!option?.dataset.in) return;
  fieldOf(form, 'in').value = option.dataset.in;
  fieldOf(form, 'out').value = option.dataset.out ?? '0';
  fieldOf(form, 'cr').value = '0';
  fieldOf(form, 'cw').value = '0';
  fieldOf(form, 'cw1h').value = '0';
}

/** The three documents the calculator prices from: tools, platforms (by id) and overall scores (by model). */
async function loadPrices(root: string): Promise<Loaded> {
  const [tools, platforms, benchmarks] = await Promise.all([
    fetchJson<{ tools: CalcTool[] }>(`${root}api/tools.json`),
    fetchJson<{ platforms: (PlatformLike & { name: string })[] }>(`${root}api/platforms.json`),
    fetchJson<BenchmarksDocument>(`${root}api/benchmarks.json`),
  ]);
  // The same reading of the published scores as the pages rendered at build time (view.ts).
  const components = componentsOf(benchmarks.benchmarks);
  const scores = new Map(
    benchmarks.benchmarks.models.map((m): [string, ScoreView] => [
      m.modelId,
      {
        value: m.overallScore,
        interval: intervalOf(m.overallInterval),
        measured: measuredShare(m, components) >= 0.5,
      },
    ]),
  );
  return { tools: tools.tools, platforms: new Map(platforms.platforms.map((p) => [p.id, p])), scores };
}

/**
 * The counts in the form, each marked valid or not for assistive technology; null at the first
 * count that is not a whole number of 0 or more, with the status saying which.
 */
function readWorkload({ form, status }: Calculator): Workload | null {
  const workload = {} as Workload;
  for (const [key, name] of FIELDS) {
    const field = fieldOf(form, name);
    const value = Number(field.value);
    const valid = field.value.trim() !== '' && Number.isSafeInteger(value) && value >= 0;
    field.setAttribute('aria-invalid', String(!valid));
    if (!valid) {
      status.textContent = `Enter a whole number of 0 or more for “${field.labels?.[0]?.textContent ?? name}”.`;
      return null;
    }
    workload[key] = value;
  }
  workload.batch = fieldOf(form, 'batch').checked;
  return workload;
}

/** The status line: how many models, where and when, the cheapest, and where the highlighted model ranks. */
function summaryOf(
  rows: CalcRow[],
  platform: (PlatformLike & { name: string }) | null,
  atText: string,
  highlight: string | null,
): string {
  const priced = rows.filter((r) => r.monthlyMicro !== null);
  const cheapest = priced.reduce<CalcRow | undefined>(
    (a, r) => (a && a.monthlyMicro! <= r.monthlyMicro! ? a : r),
    undefined,
  );
  const mine = highlight ? rows.find((r) => r.tool.id === highlight) : undefined;
  const focus =
    mine?.monthlyMicro != null
      ? ` ${mine.tool.name}: ${money(mine.monthlyMicro / 1e6)} a month, ${priced.indexOf(mine) + 1} of ${priced.length}.`
      : '';
  return `${rows.length} models${platform ? ` on ${platform.name}` : ''}, prices in force at ${atText || 'the current time'}. ${cheapest ? `Cheapest: ${cheapest.tool.name} at ${money(cheapest.monthlyMicro! / 1e6)} a month.` : ''}${focus}`;
}

/** The fields in "More options", each with the value it has when unset and its name in the summary. */
const MORE: [name: string, unset: string, words: string][] = [
  ['cw', '0', 'cache write'],
  ['cw1h', '0', 'one-hour cache write'],
  ['batch', '', 'batch'],
  ['uc', '', 'use case'],
  ['platform', '', 'platform'],
  ['at', '', 'date'],
  ['min', '', 'minimum score'],
  ['all', '', 'deprecated and retired included'],
  ['only', '', 'chosen models'],
];

/** The "More options" fields that are set, so a collapsed part of the form never changes the table unsaid. */
function moreSet(form: HTMLFormElement): string[] {
  return MORE.filter(([name, unset]) => {
    if (name === 'only') return onlyOf(form).length > 0;
    const field = fieldOf(form, name);
    return field.type === 'checkbox' ? field.checked : field.value.trim() !== unset && field.value.trim() !== '';
  }).map(([, , words]) => words);
}

function showMoreSet(form: HTMLFormElement): void {
  const set = moreSet(form);
  const mark = document.querySelector<HTMLElement>('#c-more-set');
  if (mark) mark.textContent = set.length ? `(set: ${set.join(', ')})` : '';
}

/** Keeps the URL in step with the form (without a history entry), so the view can be shared. */
function saveToUrl(form: HTMLFormElement, highlight: string | null): void {
  const query = new URLSearchParams();
  for (const [, name] of FIELDS) query.set(name, fieldOf(form, name).value);
  for (const name of ['uc', 'platform', 'at', 'min', 'hit'])
    if (fieldOf(form, name).value) query.set(name, fieldOf(form, name).value);
  if (fieldOf(form, 'sort').value !== 'cost') query.set('sort', fieldOf(form, 'sort').value);
  for (const name of ['all', 'fit', 'nocache']) if (fieldOf(form, name).checked) query.set(name, '1');
  const only = onlyOf(form);
  if (only.length) query.set('only', only.join(','));
  if (fieldOf(form, 'batch').checked) query.set('batch', '1');
  if (highlight) query.set('model', highlight);
  history.replaceState(null, '', `?${query}`);
}

/** Prices every model for the form's workload, instant and platform; an instant no model can be priced at leaves the table as it was. */
function recompute(calculator: Calculator, data: Loaded): void {
  const { form, tbody, status, root, highlight } = calculator;
  const workload = readWorkload(calculator);
  if (!workload) return;
  const atText = fieldOf(form, 'at').value.trim();
  const at = atText || new Date().toISOString();
  const platformId = (fieldOf(form, 'platform') as unknown as HTMLSelectElement).value;
  const platform = platformId ? (data.platforms.get(platformId) ?? null) : null;
  const only = new Set(onlyOf(form));
  const tools = only.size ? data.tools.filter((t) => only.has(t.id)) : data.tools;
  const options = {
    at,
    platform,
    scores: data.scores,
    hideInactive: !fieldOf(form, 'all').checked && !only.size,
    minScore: fieldOf(form, 'min').value.trim() === '' ? null : Number(fieldOf(form, 'min').value),
    fit: fieldOf(form, 'fit').checked,
    sort: (fieldOf(form, 'sort').value || 'cost') as CalcSort,
  };
  const rows = calculate(tools, workload, options);
  const showUncached = fieldOf(form, 'nocache').checked;
  const uncached = showUncached
    ? new Map(calculate(tools, withoutCachingOf(workload), options).map((r) => [r.tool.id, r.monthlyMicro]))
    : null;
  document.querySelector('#c-uncached-h')?.toggleAttribute('hidden', !showUncached);
  document.querySelector('#calc-empty')?.toggleAttribute('hidden', rows.length > 0);
  const failed = rows.find((r) => r.error);
  fieldOf(form, 'at').setAttribute('aria-invalid', String(Boolean(failed && atText)));
  if (failed && rows.length && rows.every((r) => r.error)) {
    status.textContent = `Cannot compute: ${failed.error}`;
    return;
  }
  showMoreSet(form);
  tbody.innerHTML = rowsHtml(rows, root, highlight, uncached);
  status.textContent = summaryOf(rows, platform, atText, highlight);
  saveToUrl(form, highlight);
}

export async function initCalculator(): Promise<void> {
  const form = document.querySelector<HTMLFormElement>('#calc');
  const tbody = document.querySelector<HTMLTableSectionElement>('#calc-results tbody');
  const status = document.querySelector<HTMLElement>('#calc-status');
  if (!form || !tbody || !status) return;
  const root = document.body.dataset.root ?? './';
  const params = new URLSearchParams(location.search);
  const calculator: Calculator = { form, tbody, status, root, highlight: params.get('model') };

  restoreForm(form, params);
  const useCase = fieldOf(form, 'uc') as unknown as HTMLSelectElement;
  if (params.has('uc') && !params.has('in')) applyUseCase(form, useCase);
  form.hidden = false;
  // A link that sets any of the collapsed options names them in the summary rather than opening them: opening pushed
  // the results down after they were drawn (Lighthouse's desktop CLS 0.196 with a minimum score in the link).
  showMoreSet(form);
  status.textContent = 'Loading prices…';

  let data: Loaded;
  try {
    data = await loadPrices(root);
  } catch (error) {
    status.textContent = `Could not load the prices (${(error as Error).message}); the table shows the default workload.`;
    return;
  }

  useCase.addEventListener('change', () => applyUseCase(form, useCase));
  // Before the recompute listener, so the split is in the fields when the table reads them.
  fieldOf(form, 'hit').addEventListener('input', () => applyHitRate(form));
  applyHitRate(form);
  recomputeOn(form, () => recompute(calculator, data));
}
