/**
 * Choosing models to compare from the table: the script adds a checkbox to each name, and the
 * compare button opens compare/?ids=a,b,c with the two to four chosen (the compare page holds
 * every model's card, rendered at build time, and shows the ones the URL names).
 */

const MAX = 4;

export function initPick(): void {
  const table = document.querySelector<HTMLTableElement>('#models');
  const go = document.querySelector<HTMLButtonElement>('#compare-go');
  const count = document.querySelector<HTMLElement>('#compare-count');
  if (!table || !go || !count) return;
  const chosen: string[] = [];
  const root = document.body.dataset.root ?? './';
  const refresh = () => {
    go.disabled = chosen.length < 2;
    // Once a model is chosen the bar stays in view (at the foot of the screen) wherever the reader scrolls.
    go.parentElement?.classList.toggle('active', chosen.length > 0);
    count.textContent =
      chosen.length === 0
        ? 'Select 2 to 4 models with the boxes in the table.'
        : `${chosen.length} selected${chosen.length >= MAX ? ' (the most a comparison holds)' : ''}.`;
    for (const box of table.querySelectorAll<HTMLInputElement>('input.pick'))
      box.disabled = !box.checked && chosen.length >= MAX;
  };
  for (const row of table.tBodies[0]!.rows) {
    const id = row.dataset.id;
    const name = row.cells[0]?.querySelector('a')?.textContent ?? id;
    if (!id) continue;
    const box = document.createElement('input');
    box.type = 'checkbox';
    box.className = 'pick';
    box.setAttribute('aria-label', `Compare ${name}`);
    box.addEventListener('change', () => {
      const at = chosen.indexOf(id);
      if (box.checked && at === -1) chosen.push(id);
      if (!box.checked && at !== -1) chosen.splice(at, 1);
      refresh();
    });
    row.cells[0]!.prepend(box);
  }
  go.addEventListener('click', () => {
    location.href = `${root}compare/?ids=${chosen.map(encodeURIComponent).join(',')}`;
  });
  refresh();
}
