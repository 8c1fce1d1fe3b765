/** The cost calculator: recomputes every model's monthly cost with the shared cost engine as the form changes. */
import type { PlatformLike } from '../../cost/index.ts';
import { calculate, rowsHtml, type CalcTool, type Workload } from '../calc.ts';
import { money } from '../format.ts';

interface Loaded {
  tools: CalcTool[];
  platforms: Map<string, PlatformLike & { name: string }>;
  scores: Map<string, number>;
}

async function fetchJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

const FIELDS: [Exclude<keyof Workload, 'batch'>, string][] = [
  ['input', 'in'],
  ['output', 'out'],
  ['cacheRead', 'cr'],
  ['cacheWrite', 'cw'],
  ['cacheWrite1h', 'cw1h'],
  ['requests', 'n'],
];

export async function initCalculator(): Promise<void> {
  const form = document.querySelector<HTMLFormElement>('#calc');
  const tbody = document.querySelector<HTMLTableSectionElement>('#calc-results tbody');
  const status = document.querySelector<HTMLElement>('#calc-status');
  if (!form || !tbody || !status) return;
  const root = document.body.dataset.root ?? './';
  const input = (name: string) => form.elements.namedItem(name) as HTMLInputElement;
  const params = new URLSearchParams(location.search);
  const highlight = params.get('model');

  for (const [name, value] of params) {
    const element = form.elements.namedItem(name) as HTMLInputElement | null;
    if (!element) continue;
    if (element.type === 'checkbox') element.checked = value === '1';
    else element.value = value;
  }
  const useCase = input('uc') as unknown as HTMLSelectElement;
  const applyUseCase = () => {
    const option = useCase.selectedOptions[0];
    if (!option?.dataset.in) return;
    input('in').value = option.dataset.in;
    input('out').value = option.dataset.out ?? '0';
    input('cr').value = '0';
    input('cw').value = '0';
    input('cw1h').value = '0';
  };
  if (params.has('uc') && !params.has('in')) applyUseCase();
  form.hidden = false;
  status.textContent = 'Loading prices…';

  let data: Loaded;
  try {
    const [tools, platforms, benchmarks] = await Promise.all([
      fetchJson<{ tools: CalcTool[] }>(`${root}api/tools.json`),
      fetchJson<{ platforms: (PlatformLike & { name: string })[] }>(`${root}api/platforms.json`),
      fetchJson<{ benchmarks: { models: { modelId: string; overallScore: number }[] } }>(`${root}api/benchmarks.json`),
    ]);
    data = {
      tools: tools.tools,
      platforms: new Map(platforms.platforms.map((p) => [p.id, p])),
      scores: new Map(benchmarks.benchmarks.models.map((m) => [m.modelId, m.overallScore])),
    };
  } catch (error) {
    status.textContent = `Could not load the prices (${(error as Error).message}); the table shows the default workload.`;
    return;
  }

  const run = () => {
    const workload = {} as Workload;
    for (const [key, name] of FIELDS) {
      const field = input(name);
      const value = Number(field.value);
      const valid = field.value.trim() !== '' && Number.isSafeInteger(value) && value >= 0;
      field.setAttribute('aria-invalid', String(!valid));
      if (!valid) {
        status.textContent = `Enter a whole number of 0 or more for “${field.labels?.[0]?.textContent ?? name}”.`;
        return;
      }
      workload[key] = value;
    }
    workload.batch = input('batch').checked;
    const atText = input('at').value.trim();
    const at = atText || new Date().toISOString();
    const platformId = (input('platform') as unknown as HTMLSelectElement).value;
    const platform = platformId ? (data.platforms.get(platformId) ?? null) : null;
    const rows = calculate(data.tools, workload, {
      at,
      platform,
      scores: data.scores,
      hideInactive: !input('all').checked,
    });
    const failed = rows.find((r) => r.error);
    input('at').setAttribute('aria-invalid', String(Boolean(failed && atText)));
    if (failed && rows.every((r) => r.error)) {
      status.textContent = `Cannot compute: ${failed.error}`;
      return;
    }
    tbody.innerHTML = rowsHtml(rows, root, highlight);
    const priced = rows.filter((r) => r.monthlyMicro !== null);
    const cheapest = priced[0];
    const mine = highlight ? rows.find((r) => r.tool.id === highlight) : undefined;
    const focus =
      mine?.monthlyMicro != null
        ? ` ${mine.tool.name}: ${money(mine.monthlyMicro / 1e6)} a month, ${priced.indexOf(mine) + 1} of ${priced.length}.`
        : '';
    status.textContent = `${rows.length} models${platform ? ` on ${platform.name}` : ''}, prices in force at ${atText || 'the current time'}. ${cheapest ? `Cheapest: ${cheapest.tool.name} at ${money(cheapest.monthlyMicro! / 1e6)} a month.` : ''}${focus}`;
    const query = new URLSearchParams();
    for (const [, name] of FIELDS) query.set(name, input(name).value);
    for (const name of ['uc', 'platform', 'at']) if (input(name).value) query.set(name, input(name).value);
    if (input('all').checked) query.set('all', '1');
    if (input('batch').checked) query.set('batch', '1');
    if (highlight) query.set('model', highlight);
    history.replaceState(null, '', `?${query}`);
  };

  useCase.addEventListener('change', applyUseCase);
  form.addEventListener('input', run);
  form.addEventListener('change', run);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    run();
  });
  run();
}
