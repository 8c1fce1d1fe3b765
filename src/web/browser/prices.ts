/**
 * The price-history page's filter: shows the events (and charts) of the chosen provider, model and kinds, counts
 * the rows shown, and keeps the choice in the address (provider=, model=, kind=) so a link restores it.
 */
import { countWords, DEFAULT_KINDS, type PriceEventKind } from '../price-events.ts';

export function initPrices(): void {
  const form = document.querySelector<HTMLFormElement>('#prices-filter');
  const table = document.querySelector<HTMLTableElement>('#price-events');
  const count = document.querySelector<HTMLElement>('#prices-count');
  if (!form || !table || !count) return;
  const provider = form.elements.namedItem('provider') as HTMLSelectElement;
  const model = form.elements.namedItem('model') as HTMLSelectElement;
  const boxes = [...form.querySelectorAll<HTMLInputElement>('input[name="kind"]')];
  const params = new URLSearchParams(location.search);
  if (params.has('provider')) provider.value = params.get('provider')!;
  if (params.has('model')) model.value = params.get('model')!;
  if (params.has('kind')) {
    const chosen = new Set(params.get('kind')!.split(','));
    for (const box of boxes) box.checked = chosen.has(box.value);
  }
  const run = () => {
    const kinds = boxes.filter((b) => b.checked).map((b) => b.value as PriceEventKind);
    const matches = (el: HTMLElement) =>
      (!provider.value || el.dataset.provider === provider.value) && (!model.value || el.dataset.tool === model.value);
    const rows = [...table.tBodies[0]!.rows];
    let shown = 0;
    for (const row of rows) {
      row.hidden = !(matches(row) && kinds.includes(row.dataset.kind as PriceEventKind));
      if (!row.hidden) shown += 1;
    }
    for (const figure of document.querySelectorAll<HTMLElement>('.sparks figure[data-tool]'))
      figure.hidden = !matches(figure);
    count.textContent = countWords(shown, rows.length, kinds);
    document.querySelector<HTMLElement>('#prices-empty')!.hidden = shown > 0;
    const query = new URLSearchParams();
    if (provider.value) query.set('provider', provider.value);
    if (model.value) query.set('model', model.value);
    const sameKinds = kinds.length === DEFAULT_KINDS.length && DEFAULT_KINDS.every((k) => kinds.includes(k));
    if (!sameKinds) query.set('kind', kinds.join(','));
    const search = query.toString();
    history.replaceState(null, '', search ? `?${search}` : location.pathname);
  };
  form.addEventListener('change', run);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    run();
  });
  run();
}
