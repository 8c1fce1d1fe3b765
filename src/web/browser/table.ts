/**
 * The model table: sort by any column (header buttons), filter with the form, choose extra
 * columns, state kept in the URL so a view can be shared; the chart follows the rows it leaves.
 */
import { followFilter } from './chart.ts';
import { restoreColumns, saveColumns } from './columns.ts';
import { priceWorkloadColumn } from './workload-column.ts';

type Direction = 'ascending' | 'descending';

/** Columns whose natural first order is largest first. */
const DESCENDING_FIRST = new Set(['score', 'context', 'released', 'platforms', 'speed', 'per100']);

/** The table, its filter form and count, the rows in the order the page rendered them, and the current sort. */
interface ModelTable {
  form: HTMLFormElement;
  count: HTMLElement;
  caption: HTMLElement;
  /** The sentence of the table's note that says what order the rows are in. */
  order: HTMLElement | null;
  empty: HTMLElement;
  tbody: HTMLTableSectionElement;
  rows: HTMLTableRowElement[];
  headers: HTMLTableCellElement[];
  sortKey: string;
  sortDir: Direction;
}

const field = <T extends HTMLElement>(form: HTMLFormElement, name: string) => form.elements.namedItem(name) as T | null;

/** A click sorts the sorted column the other way, and any other column in its natural first order. */
function nextDirection(view: ModelTable, key: string): Direction {
  if (key === view.sortKey) return view.sortDir === 'ascending' ? 'descending' : 'ascending';
  // A benchmark series' column (it has a place among the series) reads best first, as the overall score does.
  const series = view.headers.find((h) => h.dataset.key === key)?.dataset.slot !== undefined;
  return DESCENDING_FIRST.has(key) || series ? 'descending' : 'ascending';
}

/** Turns each header into a button that sorts by its column (buttons only with the script, which they need). */
function addSortButtons(view: ModelTable): void {
  view.headers.forEach((th, index) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = th.textContent;
    th.textContent = '';
    th.append(button);
    button.addEventListener('click', () => {
      const key = th.dataset.key!;
      sortBy(view, key, nextDirection(view, key));
      sync(view);
    });
    th.dataset.index = String(index);
  });
}

/** A cell's sort value: lower-cased text, or for a numeric column its data-v (null when empty: unscored). */
function cellValue(row: HTMLTableRowElement, index: number, numeric: boolean): string | number | null {
  const cell = row.cells[index]!;
  if (!numeric) return (cell.textContent ?? '').trim().toLowerCase();
  const raw = cell.dataset.v;
  return raw === undefined || raw === '' ? null : Number(raw);
}

/** What the table's note says about the order, so it never describes an order the rows are not in. */
function orderWords(th: HTMLTableCellElement, dir: Direction): string {
  if (th.dataset.key === 'score' && dir === 'descending') return 'Best overall score first.';
  const label = (th.textContent ?? '').trim();
  const way =
    th.dataset.type === 'num'
      ? dir === 'ascending'
        ? 'lowest first'
        : 'highest first'
      : dir === 'ascending'
        ? 'A to Z'
        : 'Z to A';
  return `Sorted by ${label}, ${way}${th.dataset.type === 'num' ? '; models without the figure last' : ''}.`;
}

/** Sorts the rows by a column (stable: ties keep the page's order) and marks the column with aria-sort. */
function sortBy(view: ModelTable, key: string, dir: Direction): void {
  const th = view.headers.find((h) => h.dataset.key === key);
  if (!th) return;
  view.sortKey = key;
  view.sortDir = dir;
  for (const h of view.headers) h.removeAttribute('aria-sort');
  th.setAttribute('aria-sort', dir);
  const index = Number(th.dataset.index);
  const numeric = th.dataset.type === 'num';
  const sign = dir === 'ascending' ? 1 : -1;
  if (view.order) view.order.textContent = orderWords(th, dir);
  const sorted = view.rows
    .map((row, position) => ({ row, value: cellValue(row, index, numeric), position }))
    .sort((a, b) => {
      // Empty values (unscored models) stay last in either direction.
      if (a.value === null || b.value === null)
        return a.value === b.value ? a.position - b.position : a.value === null ? 1 : -1;
      if (a.value < b.value) return -sign;
      if (a.value > b.value) return sign;
      return a.position - b.position;
    });
  const fragment = document.createDocumentFragment();
  for (const { row } of sorted) fragment.append(row);
  view.tbody.append(fragment);
}

const checked = (form: HTMLFormElement, name: string) => field<HTMLInputElement>(form, name)?.checked ?? false;

/**
 * The row attributes the benchmark-minimum filter reads: the overall score's, or the chosen series' (its place
 * among the series, from its column header).
 */
function benchOf(form: HTMLFormElement): { value: string; measured: string } {
  const key = field<HTMLSelectElement>(form, 'bench')?.value ?? '';
  const slot = key
    ? document.querySelector<HTMLElement>(`#models th[data-key="${CSS.escape(key)}"]`)?.dataset.slot
    : undefined;
  return slot === undefined ? { value: 'score', measured: 'sm' } : { value: `s-${slot}`, measured: `m-${slot}` };
}

/** What the filter form asks for. */
function filterOf(form: HTMLFormElement) {
  const q = (field<HTMLInputElement>(form, 'q')?.value ?? '').trim().toLowerCase();
  const maxText = field<HTMLInputElement>(form, 'max')?.value ?? '';
  const limit = (name: string) => {
    const text = (field<HTMLInputElement>(form, name)?.value ?? '').trim();
    return text === '' ? null : Number(text);
  };
  return {
    words: q.split(/\s+/).filter(Boolean),
    provider: field<HTMLSelectElement>(form, 'provider')?.value ?? '',
    category: field<HTMLSelectElement>(form, 'category')?.value ?? '',
    platform: field<HTMLSelectElement>(form, 'platform')?.value ?? '',
    status: field<HTMLSelectElement>(form, 'status')?.value ?? '',
    minContext: Number(field<HTMLSelectElement>(form, 'ctx')?.value || 0),
    maxPrice: maxText === '' ? Infinity : Number(maxText),
    maxTask: limit('maxtask'),
    minSpeed: limit('minspeed'),
    taskMeasured: checked(form, 'taskm'),
    bench: benchOf(form),
    minScore: limit('bmin'),
    benchMeasured: checked(form, 'bmeas'),
    minOutput: Number(field<HTMLSelectElement>(form, 'minout')?.value || 0),
    toolCalling: checked(form, 'tools'),
    reasoning: checked(form, 'reason'),
    imageInput: checked(form, 'img'),
    open: checked(form, 'open'),
    all: field<HTMLInputElement>(form, 'all')?.checked ?? false,
  };
}

/** Whether a row's published figure is within a limit: no limit passes; an unknown figure is never within one. */
function within(value: string | undefined, limit: number | null, keep: (v: number, limit: number) => boolean) {
  if (limit === null || !(limit >= 0)) return true;
  return value !== undefined && value !== '' && keep(Number(value), limit);
}

/** Whether a row (its data-* attributes) passes the filter; a price limit that is not a number limits nothing. */
function rowMatches(row: HTMLTableRowElement, f: ReturnType<typeof filterOf>): boolean {
  const d = row.dataset;
  const attr = (name: string) => row.getAttribute(`data-${name}`) ?? undefined;
  return (
    within(d.task, f.maxTask, (v, limit) => v <= limit) &&
    (!f.taskMeasured || d.taskm === '1') &&
    within(attr(f.bench.value), f.minScore, (v, limit) => v >= limit) &&
    (!f.benchMeasured || attr(f.bench.measured) === '1') &&
    (!f.minOutput || Number(d.maxout || 0) >= f.minOutput) &&
    (!f.toolCalling || d.tools === '1') &&
    (!f.reasoning || d.reason === '1') &&
    (!f.imageInput || d.img === '1') &&
    within(d.speed, f.minSpeed, (v, limit) => v >= limit) &&
    f.words.every((w) => (d.q ?? '').includes(w)) &&
    (!f.provider || d.provider === f.provider) &&
    (!f.category || (d.cats ?? '').split(' ').includes(f.category)) &&
    (!f.platform || (d.plat ?? '').split(' ').includes(f.platform)) &&
    (!f.status || d.status === f.status) &&
    Number(d.ctx) >= f.minContext &&
    (!(f.maxPrice >= 0) || Number(d.blended) <= f.maxPrice) &&
    (!f.open || d.open === '1') &&
    // Deprecated and retired models only with the switch on, or when asked for by status.
    (f.all || !row.classList.contains('inactive') || f.status === d.status)
  );
}

/** Hides the rows the filter rules out and says how many are shown. */
function filter(view: ModelTable): void {
  const f = filterOf(view.form);
  let shown = 0;
  for (const row of view.rows) {
    const match = rowMatches(row, f);
    row.hidden = !match;
    if (match) shown += 1;
  }
  const total = view.rows.length;
  const hiddenNote = f.all ? '' : ' (deprecated and retired hidden)';
  view.count.textContent =
    shown === 0
      ? `No model matches these filters (0 of ${total}).`
      : shown === total
        ? `All ${total} models.`
        : `Showing ${shown} of ${total} models${hiddenNote}.`;
  view.caption.textContent = shown === total ? `All ${total} models` : `${shown} of ${total} models`;
  view.empty.hidden = shown !== 0;
  followFilter(new Set(view.rows.filter((r) => !r.hidden).map((r) => r.dataset.id ?? '')));
}

/** Keeps the URL in step with the filters and a sort other than the default, without a history entry. */
function sync(view: ModelTable): void {
  const params = new URLSearchParams();
  for (const element of view.form.elements) {
    const input = element as HTMLInputElement;
    if (!input.name) continue;
    if (input.type === 'checkbox') {
      if (input.checked) params.set(input.name, '1');
    } else if (input.value) params.set(input.name, input.value);
  }
  if (view.sortKey !== 'score' || view.sortDir !== 'descending')
    params.set('sort', `${view.sortKey}.${view.sortDir === 'ascending' ? 'asc' : 'desc'}`);
  saveColumns(params);
  const query = params.toString();
  history.replaceState(null, '', query ? `?${query}${location.hash}` : `${location.pathname}${location.hash}`);
}

/** Restores a shared view: the filters and the sort from the query string (best score first by default). */
function restoreView(view: ModelTable): void {
  const params = new URLSearchParams(location.search);
  for (const [name, value] of params) {
    const input = field<HTMLInputElement>(view.form, name);
    if (!input) continue;
    if (input.type === 'checkbox') input.checked = value === '1';
    else input.value = value;
  }
  restoreColumns(params);
  const sort = /^([a-zA-Z]+)\.(asc|desc)$/.exec(params.get('sort') ?? '');
  sortBy(view, sort ? sort[1]! : 'score', sort?.[2] === 'asc' ? 'ascending' : 'descending');
  filter(view);
}

/** A benchmark chosen for a minimum shows its column, so the rows can be read against the limit. */
function showChosenSeries(form: HTMLFormElement): void {
  const key = field<HTMLSelectElement>(form, 'bench')?.value;
  if (!key) return;
  const box = document.querySelector<HTMLInputElement>(`#view input[data-col="${CSS.escape(key)}"]`);
  if (box) box.checked = true;
}

export function initTable(): void {
  const table = document.querySelector<HTMLTableElement>('#models');
  const form = document.querySelector<HTMLFormElement>('#filters');
  const count = document.querySelector<HTMLElement>('#count');
  const empty = document.querySelector<HTMLElement>('#empty');
  if (!table || !form || !count || !empty || !table.caption) return;
  const tbody = table.tBodies[0]!;
  const view: ModelTable = {
    form,
    count,
    caption: table.caption,
    order: document.querySelector<HTMLElement>('#order-note'),
    empty,
    tbody,
    rows: [...tbody.rows],
    headers: [...table.tHead!.rows[0]!.cells],
    sortKey: 'score',
    sortDir: 'descending',
  };
  addSortButtons(view);
  restoreView(view);
  // From here the script decides which rows show; the stylesheet's rule for the page without it stands down.
  document.body.classList.add('js-table');

  // The workload column is priced once tools.json has arrived; the rows are then sorted again if it changed.
  const reprice = () =>
    priceWorkloadColumn(table, form)
      .then((changed) => {
        if (changed) sortBy(view, view.sortKey, view.sortDir);
      })
      .catch((error: Error) => {
        count.textContent = `${count.textContent ?? ''} Could not price the workload: ${error.message}.`;
      });
  const update = () => {
    showChosenSeries(form);
    filter(view);
    sync(view);
    void reprice();
  };
  void reprice();
  form.hidden = false;
  form.addEventListener('input', update);
  form.addEventListener('change', update);
  form.addEventListener('submit', (event) => event.preventDefault());
  // Controls outside the form (the status switch, the column choices, the workload's fields) report to their own
  // parent: their events bubble through the page, not through the form they name. The workload's fields as they
  // are typed in too, as the form's own do: on change alone, a prompt size typed in priced nothing until the
  // field lost focus.
  const switches = document.querySelector('#view');
  switches?.addEventListener('input', update);
  switches?.addEventListener('change', update);
  document.querySelector('#empty-reset')?.addEventListener('click', () => {
    form.reset();
    setTimeout(update);
  });
  // A reset changes the fields after its event, so the table follows on the next task.
  form.addEventListener('reset', () => setTimeout(update));
}
