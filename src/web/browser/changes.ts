/**
 * The change digest's filters on /changes/: kind, provider and model, each a select whose value is in the address
 * (?kind=&provider=&model=), so the copy-link button shares the filtered view and opening the link restores it. The
 * count always counts the rows left visible.
 */

const FILTERS = ['kind', 'provider', 'model'] as const;

function apply(form: HTMLFormElement, rows: HTMLTableRowElement[], count: HTMLElement, empty: HTMLElement | null) {
  const chosen = FILTERS.map(
    (name) => [name, form.querySelector<HTMLSelectElement>(`select[name="${name}"]`)?.value ?? ''] as const,
  );
  let shown = 0;
  for (const row of rows) {
    const match = chosen.every(([name, value]) => !value || row.dataset[name] === value);
    row.hidden = !match;
    if (match) shown += 1;
  }
  count.textContent = `Showing ${shown} of ${rows.length} changes.`;
  if (empty) empty.hidden = shown > 0;
  const params = new URLSearchParams(location.search);
  for (const [name, value] of chosen) {
    if (value) params.set(name, value);
    else params.delete(name);
  }
  const query = params.toString();
  history.replaceState(null, '', query ? `?${query}${location.hash}` : `${location.pathname}${location.hash}`);
}

export function initChanges(): void {
  const form = document.querySelector<HTMLFormElement>('#digest-filters');
  const count = document.querySelector<HTMLElement>('#digest-count');
  if (!form || !count) return;
  const rows = [...document.querySelectorAll<HTMLTableRowElement>('#digest tbody tr')];
  const empty = document.querySelector<HTMLElement>('#digest-empty');
  const params = new URLSearchParams(location.search);
  for (const name of FILTERS) {
    const select = form.querySelector<HTMLSelectElement>(`select[name="${name}"]`);
    const value = params.get(name);
    if (!select || value === null) continue;
    // A value no option offers (a link from an older page) is left out rather than hiding every row.
    if ([...select.options].some((o) => o.value === value)) select.value = value;
  }
  form.addEventListener('change', () => apply(form, rows, count, empty));
  form.addEventListener('submit', (event) => event.preventDefault());
  apply(form, rows, count, empty);
}
