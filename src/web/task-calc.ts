/**
 * The calculator's month of coding tasks: N solved tasks of one kind, priced by each model's published cost per
 * solved task (benchmarks.json models[].taskCost), cheapest first. The figures and the choice of configuration are
 * the cost engine's task rules (src/cost/task-rank.ts), which the client, the command line and the MCP server run too;
 * nothing is recomputed here but the month (N × cost per solved task, interval alike). Pure: the page renders it
 * at build time and the browser script again as the form changes.
 */
import { type RankedTask, rankByTask, TASK_KINDS, type TaskKind, type TaskModelLike } from '../cost/task-rank.ts';
import { esc } from './html.ts';
import { taskFigureHtml } from './marks.ts';

export { TASK_KINDS, type TaskKind };

export interface TaskWorkload {
  kind: TaskKind;
  /** Solved tasks a month. */
  tasks: number;
  /** Only models whose figure rests on their own published runs, never an estimate. */
  measuredOnly: boolean;
}

export const DEFAULT_TASK_WORKLOAD: TaskWorkload = { kind: 'repo-issue', tasks: 100, measuredOnly: false };

/** What a kind of task stands for, in the words of docs/data.md. */
export const TASK_KIND_WORDS: Record<TaskKind, string> = {
  'code-edit': 'Code edits (self-contained exercises, Aider polyglot)',
  'repo-issue': 'Repository issues (SWE-bench style)',
  terminal: 'Terminal jobs (Terminal-Bench)',
};

/**
 * The models of `active` (ids) ranked by cost per solved task of the kind, each with the month's cost; measured only
 * when asked. A model without a cost per solved task of the kind is left out (unknown is not a price).
 */
export function taskMonth(
  models: readonly TaskModelLike[],
  active: ReadonlySet<string>,
  workload: TaskWorkload,
): RankedTask[] {
  const ranked = rankByTask(models, {
    by: 'solved-task-cost',
    kind: workload.kind,
    // No budget: the month is asked for its cost, not limited by one.
    monthly: { tasks: workload.tasks, usd: Number.POSITIVE_INFINITY },
    only: active,
  });
  const kept = workload.measuredOnly ? ranked.filter((r) => r.figures.evidence === 'measured') : ranked;
  return kept.map((r, i) => ({ ...r, rank: i + 1 }));
}

/** The rows of the task table: rank, model, per month, per solved task, per attempt, seconds, what it rests on. */
export function taskRowsHtml(rows: readonly RankedTask[], names: ReadonlyMap<string, string>, root: string): string {
  return rows
    .map(({ rank, figures: f, monthlyUsd }) => {
      const basis = f.evidence === 'estimated' ? 'estimate' : esc(f.configuration);
      return `<tr data-tool="${esc(f.modelId)}"><td>${rank}</td><th scope="row"><a href="${root}models/${esc(f.modelId)}/">${esc(names.get(f.modelId) ?? f.modelId)}</a></th><td data-usd="${monthlyUsd?.value ?? ''}">${taskFigureHtml(monthlyUsd, f.evidence, 'usd')}</td><td>${taskFigureHtml(f.costPerSolvedTaskUsd, f.evidence, 'usd')}</td><td>${taskFigureHtml(f.costPerAttemptUsd, f.evidence, 'usd')}</td><td>${taskFigureHtml(f.secondsPerTask, f.evidence, 'seconds')}</td><td>${basis}${f.pricesAsOf ? `, prices of ${esc(f.pricesAsOf)}` : ''}</td></tr>`;
    })
    .join('\n');
}

/** The status line of the task table. */
export function taskSummary(rows: readonly RankedTask[], workload: TaskWorkload, names: ReadonlyMap<string, string>) {
  const first = rows[0];
  const measured = rows.filter((r) => r.figures.evidence === 'measured').length;
  const cheapest = first?.monthlyUsd
    ? ` Cheapest: ${names.get(first.figures.modelId) ?? first.figures.modelId} (${first.figures.evidence}).`
    : '';
  return `${rows.length} models priced for ${workload.tasks.toLocaleString('en-US')} solved ${workload.kind} tasks a month, ${measured} on their own measured runs.${cheapest}`;
}
