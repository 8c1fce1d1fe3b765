/** The chart: one tab stop with arrow keys between points (cheapest to dearest), and a tooltip on hover or focus. */

export function initChart(): void {
  const svg = document.querySelector<SVGSVGElement>('#chart');
  const tip = document.querySelector<HTMLElement>('#chart-tip');
  if (!svg || !tip) return;
  const frame = tip.parentElement!;
  const points = [...svg.querySelectorAll<SVGAElement>('a.pt')];
  if (!points.length) return;
  for (const [i, point] of points.entries()) point.setAttribute('tabindex', i === 0 ? '0' : '-1');

  const show = (point: SVGAElement) => {
    const circle = point.querySelector('circle');
    if (!circle) return;
    for (const p of points) p.classList.toggle('on', p === point);
    tip.textContent = point.getAttribute('aria-label');
    tip.hidden = false;
    const c = circle.getBoundingClientRect();
    const f = frame.getBoundingClientRect();
    const half = Math.min(tip.offsetWidth / 2, f.width / 2);
    const left = Math.max(half, Math.min(f.width - half, c.left + c.width / 2 - f.left));
    // Positioned through the CSSOM, which a style-src 'self' policy allows (style attributes in markup it would not).
    tip.style.left = `${left}px`;
    tip.style.top = `${c.top - f.top}px`;
  };
  const hide = () => {
    tip.hidden = true;
    for (const p of points) p.classList.remove('on');
  };

  for (const point of points) {
    point.addEventListener('mouseenter', () => show(point));
    point.addEventListener('mouseleave', hide);
    point.addEventListener('focus', () => {
      for (const p of points) p.setAttribute('tabindex', p === point ? '0' : '-1');
      show(point);
    });
    point.addEventListener('blur', hide);
  }
  svg.addEventListener('keydown', (event) => {
    const index = points.indexOf(document.activeElement as SVGAElement);
    if (index === -1) return;
    let next = index;
    if (event.key === 'ArrowRight' || event.key === 'ArrowDown') next = Math.min(points.length - 1, index + 1);
    else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') next = Math.max(0, index - 1);
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = points.length - 1;
    else if (event.key === 'Escape') return hide();
    else return;
    event.preventDefault();
    points[next]!.focus();
  });
}
