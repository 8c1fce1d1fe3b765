/** The model table: sort by any column (header buttons), filter with the form, state kept in the URL so a view can be shared. */

type Direction = 'ascending' | 'descending';

/** Columns whose natural first order is largest first. */
const DESCENDING_FIRST = new Set(['score', 'context', 'released', 'platforms']);

export function initTable(): void {
  const table = document.querySelector<HTMLTableElement>('#models');
  const maybeForm = document.querySelector<HTMLFormElement>('#filters');
  const maybeCount = document.querySelector<HTMLElement>('#count');
  if (!table || !maybeForm || !maybeCount) return;
  const form = maybeForm;
  const count = maybeCount;
  const tbody = table.tBodies[0]!;
  const rows = [...tbody.rows];
  const headers = [...table.tHead!.rows[0]!.cells];
  let sortKey = 'score';
  let sortDir: Direction = 'descending';

  headers.forEach((th, index) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = th.textContent;
    th.textContent = '';
    th.append(button);
    button.addEventListener('click', () => {
      const key = th.dataset.key!;
      const dir: Direction =
        key === sortKey
          ? sortDir === 'ascending'
            ? 'descending'
            : 'ascending'
          : DESCENDING_FIRST.has(key)
            ? 'descending'
            : 'ascending';
      sortBy(key, dir);
      sync();
    });
    th.dataset.index = String(index);
  });

  function sortBy(key: string, dir: Direction): void {
    const th = headers.find((h) => h.dataset.key === key);
    if (!th) return;
    sortKey = key;
    sortDir = dir;
    for (const h of headers) h.removeAttribute('aria-sort');
    th.setAttribute('aria-sort', dir);
    const index = Number(th.dataset.index);
    const numeric = th.dataset.type === 'num';
    const sign = dir === 'ascending' ? 1 : -1;
    const cellValue = (row: HTMLTableRowElement): string | number | null => {
      const cell = row.cells[index]!;
      if (!numeric) return (cell.textContent ?? '').trim().toLowerCase();
      const raw = cell.dataset.v;
      return raw === undefined || raw === '' ? null : Number(raw);
    };
    const sorted = rows
      .map((row, position) => ({ row, value: cellValue(row), position }))
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
    tbody.append(fragment);
  }

  const field = <T extends HTMLElement>(name: string) => form.elements.namedItem(name) as T | null;

  function filter(): void {
    const q = (field<HTMLInputElement>('q')?.value ?? '').trim().toLowerCase();
    const provider = field<HTMLSelectElement>('provider')?.value ?? '';
    const category = field<HTMLSelectElement>('category')?.value ?? '';
    const platform = field<HTMLSelectElement>('platform')?.value ?? '';
    const status = field<HTMLSelectElement>('status')?.value ?? '';
    const minContext = Number(field<HTMLSelectElement>('ctx')?.value || 0);
    const maxText = field<HTMLInputElement>('max')?.value ?? '';
    const maxPrice = maxText === '' ? Infinity : Number(maxText);
    const open = field<HTMLInputElement>('open')?.checked ?? false;
    const words = q.split(/\s+/).filter(Boolean);
    let shown = 0;
    for (const row of rows) {
      const d = row.dataset;
      const match =
        words.every((w) => (d.q ?? '').includes(w)) &&
        (!provider || d.provider === provider) &&
        (!category || (d.cats ?? '').split(' ').includes(category)) &&
        (!platform || (d.plat ?? '').split(' ').includes(platform)) &&
        (!status || d.status === status) &&
        Number(d.ctx) >= minContext &&
        (!(maxPrice >= 0) || Number(d.blended) <= maxPrice) &&
        (!open || d.open === '1');
      row.hidden = !match;
      if (match) shown += 1;
    }
    count.textContent = shown === rows.length ? `${rows.length} models.` : `Showing ${shown} of ${rows.length} models.`;
  }

  function sync(): void {
    const params = new URLSearchParams();
    for (const element of form.elements) {
      const input = element as HTMLInputElement;
      if (!input.name) continue;
      if (input.type === 'checkbox') {
        if (input.checked) params.set(input.name, '1');
      } else if (input.value) params.set(input.name, input.value);
    }
    if (sortKey !== 'score' || sortDir !== 'descending')
      params.set('sort', `${sortKey}.${sortDir === 'ascending' ? 'asc' : 'desc'}`);
    const query = params.toString();
    history.replaceState(null, '', query ? `?${query}${location.hash}` : `${location.pathname}${location.hash}`);
  }

  // Restore a shared view.
  const params = new URLSearchParams(location.search);
  for (const [name, value] of params) {
    const input = field<HTMLInputElement>(name);
    if (!input) continue;
    if (input.type === 'checkbox') input.checked = value === '1';
    else input.value = value;
  }
  const sort = /^([a-zA-Z]+)\.(asc|desc)$/.exec(params.get('sort') ?? '');
  sortBy(sort ? sort[1]! : 'score', sort?.[2] === 'asc' ? 'ascending' : 'descending');
  filter();

  form.hidden = false;
  form.addEventListener('input', () => {
    filter();
    sync();
  });
  form.addEventListener('change', () => {
    filter();
    sync();
  });
  form.addEventListener('submit', (event) => event.preventDefault());
  form.addEventListener('reset', () =>
    setTimeout(() => {
      filter();
      sync();
    }),
  );
}
