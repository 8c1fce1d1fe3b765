/**
 * The calculator's month of coding tasks: N solved tasks of one kind, priced by each model's published cost per
 * solved task (benchmarks.json models[].taskCost), cheapest first. The figures and the choice of configuration are
 * the cost engine's task rules (src/cost/task-rank.ts), which the client, the command line and the MCP server run too;
 * nothing is recomputed here but the month (N × cost per solved task, interval alike). Pure: the page renders it
 * at build time and the browser script again as the form changes.
 */
import { billingOn, billsWithoutTokenPrice } from '../cost/platform.ts';
import {
  type RankedTask,
  rankByTask,
  TASK_KINDS,
  type TaskBilling,
  type TaskKind,
  type TaskModelLike,
} from '../cost/task-rank.ts';
import type { PlatformLike } from '../cost/types.ts';
import { esc } from './html.ts';
import { taskFigureHtml } from './marks.ts';
import { isInactive } from './wording.ts';

export { TASK_KINDS, type TaskKind };

export interface TaskWorkload {
  kind: TaskKind;
  /** Solved tasks a month. */
  tasks: number;
  /** Only models whose figure rests on their own published runs, never an estimate. */
  measuredOnly: boolean;
  /** Billed through this platform (cost rule 9), or null: the provider's own prices. */
  platform: (PlatformLike & { name: string }) | null;
}

export const DEFAULT_TASK_WORKLOAD: TaskWorkload = {
  kind: 'repo-issue',
  tasks: 100,
  measuredOnly: false,
  platform: null,
};

/** A tool as far as the month of tasks needs it: its id, status and provider (for a platform's own-key billing). */
export interface TaskTool {
  id: string;
  status: string;
  providerId?: string;
}

export interface TaskMonth {
  rows: RankedTask[];
  /** Models the platform offers but bills per request, in credits or within a plan: no dollar figure per task. */
  unpriced: number;
}

/** What a kind of task stands for, in the words of docs/data.md. */
export const TASK_KIND_WORDS: Record<TaskKind, string> = {
  'code-edit': 'Code edits (self-contained exercises, Aider polyglot)',
  'repo-issue': 'Repository issues (SWE-bench style)',
  terminal: 'Terminal jobs (Terminal-Bench)',
};

/**
 * The active tools ranked by cost per solved task of the kind, each with the month's cost, on the provider's prices or
 * as the chosen platform bills each (a model it does not offer is left out; one it bills per request has no dollar
 * figure and is counted in `unpriced`); measured only when asked. Unknown is not a price: such models are left out.
 */
export function taskMonth(
  models: readonly TaskModelLike[],
  tools: readonly TaskTool[],
  workload: TaskWorkload,
): TaskMonth {
  const active = tools.filter((t) => !isInactive(t.status));
  const { platform } = workload;
  const billings = new Map(active.map((t) => [t.id, platform ? billingOn(platform, t) : null]));
  const billing = platform ? (id: string): TaskBilling | null => billings.get(id) ?? null : undefined;
  const ranked = rankByTask(models, {
    by: 'solved-task-cost',
    kind: workload.kind,
    // No budget: the month is asked for its cost, not limited by one.
    monthly: { tasks: workload.tasks, usd: Number.POSITIVE_INFINITY },
    only: new Set(active.map((t) => t.id)),
    billing,
  });
  const kept = workload.measuredOnly ? ranked.filter((r) => r.figures.evidence === 'measured') : ranked;
  const unpriced = [...billings.values()].filter((b) => b && billsWithoutTokenPrice(b.billing)).length;
  return { rows: kept.map((r, i) => ({ ...r, rank: i + 1 })), unpriced };
}

/** The rows of the task table: rank, model, per month, per solved task, per attempt, seconds, what it rests on. */
export function taskRowsHtml(rows: readonly RankedTask[], names: ReadonlyMap<string, string>, root: string): string {
  return rows
    .map(({ rank, figures: f, monthlyUsd }) => {
      const basis = `${f.evidence === 'estimated' ? 'estimate' : esc(f.configuration)}${f.billingNote ? `; ${esc(f.billingNote)}` : ''}`;
      return `<tr data-tool="${esc(f.modelId)}"><td>${rank}</td><th scope="row"><a href="${root}models/${esc(f.modelId)}/">${esc(names.get(f.modelId) ?? f.modelId)}</a></th><td data-usd="${monthlyUsd?.value ?? ''}">${taskFigureHtml(monthlyUsd, f.evidence, 'usd')}</td><td>${taskFigureHtml(f.costPerSolvedTaskUsd, f.evidence, 'usd')}</td><td>${taskFigureHtml(f.costPerAttemptUsd, f.evidence, 'usd')}</td><td>${taskFigureHtml(f.secondsPerTask, f.evidence, 'seconds')}</td><td>${basis}${f.pricesAsOf ? `, prices of ${esc(f.pricesAsOf)}` : ''}</td></tr>`;
    })
    .join('\n');
}

/** The status line of the task table. */
export function taskSummary(month: TaskMonth, workload: TaskWorkload, names: ReadonlyMap<string, string>) {
  const { rows, unpriced } = month;
  const first = rows[0];
  const measured = rows.filter((r) => r.figures.evidence === 'measured').length;
  const where = workload.platform ? ` on ${workload.platform.name}` : '';
  const cheapest = first?.monthlyUsd
    ? ` Cheapest: ${names.get(first.figures.modelId) ?? first.figures.modelId} (${first.figures.evidence}).`
    : '';
  const perRequest = unpriced
    ? ` ${unpriced} models it offers are billed per request, in credits or within a plan: no dollar figure per task.`
    : '';
  return `${rows.length} models priced for ${workload.tasks.toLocaleString('en-US')} solved ${workload.kind} tasks a month${where}, ${measured} on their own measured runs.${cheapest}${perRequest}`;
}
