/**
 * The compare page: shows the columns of the models compare/?ids=a,b names (two to four, in that
 * order), lets the reader add and remove models and choose the workload the cost row prices
 * (in, out, n in the address), and keeps the address in step so it can be shared.
 */
import { type CalcTool, calculate, DEFAULT_WORKLOAD, type Workload } from '../calc.ts';
import { money } from '../format.ts';
import { renderPairs } from './pairs.ts';
import { WORKLOAD_PARAMS, workloadFrom, workloadWords } from '../workload.ts';

const MAX = 4;

interface Page {
  table: HTMLTableElement;
  status: HTMLElement;
  form: HTMLFormElement;
  add: HTMLSelectElement;
  root: string;
}

interface State {
  ids: string[];
  workload: Workload;
}

const isDefault = (w: Workload) => WORKLOAD_PARAMS.every(([key]) => w[key] === DEFAULT_WORKLOAD[key]);

/** The address of a state: the models, then the workload when it is not the default. */
function queryOf(state: State, ids = state.ids): string {
  const query = new URLSearchParams();
  if (ids.length) query.set('ids', ids.join(','));
  if (!isDefault(state.workload))
    for (const [key, name] of WORKLOAD_PARAMS) query.set(name, String(state.workload[key]));
  return query.size ? `?${query.toString().replace(/%2C/g, ',')}` : '';
}

/** Shows the chosen columns in their order and points each remove link at the address without its model. */
function showColumns(page: Page, state: State): void {
  const { table } = page;
  for (const row of [...table.tHead!.rows, ...table.tBodies[0]!.rows]) {
    for (const cell of row.querySelectorAll<HTMLElement>('[data-id]'))
      cell.hidden = !state.ids.includes(cell.dataset.id!);
    for (const id of state.ids) {
      const cell = row.querySelector(`[data-id="${CSS.escape(id)}"]`);
      if (cell) row.append(cell);
    }
  }
  for (const link of table.querySelectorAll<HTMLAnchorElement>('a[data-rm]'))
    link.href = `./${queryOf(
      state,
      state.ids.filter((id) => id !== link.dataset.rm),
    )}`;
}

let tools: Promise<CalcTool[]> | null = null;

/** Reprices the shown models for the chosen workload with the shared cost engine (the build priced the default). */
async function priceWorkload(page: Page, state: State): Promise<void> {
  const label = document.querySelector('#cmp-work');
  if (label) label.textContent = workloadWords(state.workload);
  if (isDefault(state.workload) && !tools) return;
  tools ??= fetch(`${page.root}api/tools.json`).then(async (r) => {
    if (!r.ok) throw new Error(`api/tools.json: HTTP ${r.status}`);
    return ((await r.json()) as { tools: CalcTool[] }).tools;
  });
  const at = page.table.dataset.at ?? new Date().toISOString();
  const rows = calculate(await tools, state.workload, { at, platform: null, scores: new Map(), hideInactive: false });
  for (const row of rows) {
    const cost = page.table.querySelector<HTMLElement>(`td[data-id="${CSS.escape(row.tool.id)}"] .cost`);
    if (!cost) continue;
    const usd = row.monthlyMicro === null ? null : row.monthlyMicro / 1e6;
    cost.dataset.usd = usd === null ? '' : String(usd);
    cost.textContent = usd === null ? '—' : money(usd);
  }
}

function render(page: Page, state: State): void {
  showColumns(page, state);
  renderPairs(page.table, state.ids);
  const n = state.ids.length;
  page.status.textContent = n
    ? `Comparing ${n} model${n === 1 ? '' : 's'}${n < 2 ? ': add one more' : ''}.`
    : 'No model chosen yet: add two to four.';
  page.add.disabled = n >= MAX;
  (page.form.elements.namedItem('ids') as HTMLInputElement).value = state.ids.join(',');
  history.replaceState(null, '', `${location.pathname}${queryOf(state)}`);
  priceWorkload(page, state).catch((error: Error) => {
    page.status.textContent += ` Could not price the workload (${error.message}); costs are for the default workload.`;
  });
}

/** Reads the workload fields; null while one is not a whole number of 0 or more. */
function workloadOfForm(form: HTMLFormElement): Workload | null {
  const w = { ...DEFAULT_WORKLOAD };
  for (const [key, name] of WORKLOAD_PARAMS) {
    const field = form.elements.namedItem(name) as HTMLInputElement;
    const value = Number(field.value);
    const valid = field.value.trim() !== '' && Number.isSafeInteger(value) && value >= 0;
    field.setAttribute('aria-invalid', String(!valid));
    if (!valid) return null;
    w[key] = value;
  }
  return w;
}

function listen(page: Page, state: State): void {
  const { form, add, table } = page;
  add.addEventListener('change', () => {
    if (add.value && !state.ids.includes(add.value) && state.ids.length < MAX) state.ids.push(add.value);
    add.value = '';
    render(page, state);
  });
  document.querySelector('#cmp-clear')?.addEventListener('click', () => {
    state.ids = [];
    render(page, state);
  });
  table.addEventListener('click', (event) => {
    const link = (event.target as Element).closest<HTMLAnchorElement>('a[data-rm]');
    if (!link) return;
    event.preventDefault();
    state.ids = state.ids.filter((id) => id !== link.dataset.rm);
    render(page, state);
  });
  const reprice = (event: Event) => {
    event.preventDefault();
    if (event.target === add) return;
    const w = workloadOfForm(form);
    if (w) state.workload = w;
    if (w) render(page, state);
  };
  form.addEventListener('input', reprice);
  form.addEventListener('submit', reprice);
}

export function initCompare(): void {
  const table = document.querySelector<HTMLTableElement>('#compare');
  const status = document.querySelector<HTMLElement>('#cmp-status');
  const form = document.querySelector<HTMLFormElement>('#cmp-form');
  const add = document.querySelector<HTMLSelectElement>('#cmp-add');
  if (!table || !status || !form || !add) return;
  const page: Page = { table, status, form, add, root: document.body.dataset.root ?? './' };
  const known = new Set([...table.tHead!.rows[0]!.cells].map((c) => c.dataset.id).filter(Boolean) as string[]);
  const params = new URLSearchParams(location.search);
  const state: State = {
    ids: [...new Set((params.get('ids') ?? '').split(','))].filter((id) => known.has(id)).slice(0, MAX),
    workload: workloadFrom(params),
  };
  for (const [key, name] of WORKLOAD_PARAMS)
    (form.elements.namedItem(name) as HTMLInputElement).value = String(state.workload[key]);
  form.hidden = false;
  listen(page, state);
  render(page, state);
}
