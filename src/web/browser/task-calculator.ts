/** The calculator's month of coding tasks: recomputes the task table as its form changes (src/web/task-calc.ts). */
import type { TaskModelLike } from '../../cost/task-rank.ts';
import type { PlatformLike } from '../../cost/types.ts';
import {
  DEFAULT_TASK_WORKLOAD,
  TASK_KINDS,
  type TaskKind,
  type TaskTool,
  type TaskWorkload,
  taskMonth,
  taskRowsHtml,
  taskSummary,
} from '../task-calc.ts';
import { fetchJson, recomputeOn } from './live.ts';

interface Loaded {
  models: TaskModelLike[];
  tools: TaskTool[];
  names: Map<string, string>;
  platforms: Map<string, PlatformLike & { name: string }>;
}

async function load(root: string): Promise<Loaded> {
  const [tools, benchmarks, platforms] = await Promise.all([
    fetchJson<{ tools: (TaskTool & { name: string })[] }>(`${root}api/tools.json`),
    fetchJson<{ benchmarks: { models: TaskModelLike[] } }>(`${root}api/benchmarks.json`),
    fetchJson<{ platforms: (PlatformLike & { name: string })[] }>(`${root}api/platforms.json`),
  ]);
  return {
    models: benchmarks.benchmarks.models,
    tools: tools.tools,
    names: new Map(tools.tools.map((t) => [t.id, t.name])),
    platforms: new Map(platforms.platforms.map((p) => [p.id, p])),
  };
}

/** The form's workload; null (the field marked invalid, the status saying why) when the count is not a whole number. */
function readWorkload(form: HTMLFormElement, status: HTMLElement, data: Loaded): TaskWorkload | null {
  const field = form.elements.namedItem('tn') as HTMLInputElement;
  const tasks = Number(field.value);
  const valid = field.value.trim() !== '' && Number.isSafeInteger(tasks) && tasks >= 0;
  field.setAttribute('aria-invalid', String(!valid));
  if (!valid) {
    status.textContent = 'Enter a whole number of 0 or more for “Solved tasks per month”.';
    return null;
  }
  const kind = (form.elements.namedItem('tk') as HTMLSelectElement).value as TaskKind;
  const measuredOnly = (form.elements.namedItem('tm') as HTMLInputElement).checked;
  const platform = data.platforms.get((form.elements.namedItem('tp') as HTMLSelectElement).value) ?? null;
  return { kind: TASK_KINDS.includes(kind) ? kind : DEFAULT_TASK_WORKLOAD.kind, tasks, measuredOnly, platform };
}

export async function initTaskCalculator(): Promise<void> {
  const form = document.querySelector<HTMLFormElement>('#task-calc');
  const tbody = document.querySelector<HTMLTableSectionElement>('#task-results tbody');
  const status = document.querySelector<HTMLElement>('#task-status');
  if (!form || !tbody || !status) return;
  const root = document.body.dataset.root ?? './';
  form.hidden = false;
  let data: Loaded;
  try {
    data = await load(root);
  } catch (error) {
    status.textContent = `Could not load the task costs (${(error as Error).message}); the table shows the default month.`;
    return;
  }
  recomputeOn(form, () => {
    const workload = readWorkload(form, status, data);
    if (!workload) return;
    const month = taskMonth(data.models, data.tools, workload);
    tbody.innerHTML = taskRowsHtml(month.rows, data.names, root);
    status.textContent = taskSummary(month, workload, data.names);
  });
}
