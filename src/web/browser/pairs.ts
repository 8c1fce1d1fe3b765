/**
 * The compare page's "Is the difference real?": for each score row (overall, rank, each benchmark) and each pair
 * of the models shown, whether their intervals overlap, from the figures the build put in the cells.
 */
import { esc } from '../html.ts';
import { type Figure, pairSentence } from '../overlap.ts';

function figureOf(cell: Element | null, id: string, name: string): (Figure & { id: string; rank: boolean }) | null {
  const span = cell?.querySelector<HTMLElement>('.fig');
  if (!span) return null;
  const number = (v: string | undefined) => (v === undefined ? null : Number(v));
  return {
    id,
    name,
    value: Number(span.dataset.v),
    low: number(span.dataset.lo),
    high: number(span.dataset.hi),
    rank: span.dataset.rank === '1',
  };
}

export function renderPairs(table: HTMLTableElement, ids: readonly string[]): void {
  const section = document.querySelector<HTMLElement>('#cmp-pairs');
  const list = document.querySelector<HTMLElement>('#cmp-pairs-list');
  if (!section || !list) return;
  const names = new Map(
    [...table.tHead!.rows[0]!.cells].map((c) => [c.dataset.id ?? '', c.querySelector('a')?.textContent ?? '']),
  );
  const blocks: string[] = [];
  for (const row of table.tBodies[0]!.rows) {
    const label = row.cells[0]?.textContent ?? '';
    const figures = ids
      .map((id) => figureOf(row.querySelector(`td[data-id="${CSS.escape(id)}"]`), id, names.get(id) ?? id))
      .filter((f) => f !== null);
    if (figures.length < 2) continue;
    const items: string[] = [];
    for (let i = 0; i < figures.length; i += 1)
      for (let j = i + 1; j < figures.length; j += 1) {
        const [a, b] = [figures[i]!, figures[j]!];
        items.push(`<li data-pair="${esc(`${a.id} ${b.id}`)}">${esc(pairSentence(a, b, a.rank))}</li>`);
      }
    blocks.push(`<h3>${esc(label)}</h3><ul>${items.join('')}</ul>`);
  }
  list.innerHTML = blocks.join('');
  section.hidden = blocks.length === 0;
}
