/**
 * Cost and time per coding task as benchmarks.json publishes them (`models[].taskCost`): pick the figures of one
 * task kind for a model, filter by a budget per task or per month of tasks and by a time limit, and rank by cost
 * per solved task or by seconds per task. Pure; the command line and the MCP server both rank with this, so they
 * answer the same. Nothing here derives a figure: it only selects what the build published.
 */
import type { BenchmarkModel } from './types.generated.ts';

export type TaskCost = NonNullable<BenchmarkModel['taskCost']>;
export type TaskConfiguration = TaskCost['configurations'][number];
export type TaskKind = TaskConfiguration['taskKind'];
export type TaskFigure = NonNullable<TaskConfiguration['costPerSolvedTaskUsd']>;

export const TASK_KINDS: readonly TaskKind[] = ['code-edit', 'repo-issue', 'terminal'];

/** What a task ranking orders by: cost per solved task, or wall-clock seconds per task; both ascending. */
export type TaskRankBy = 'solved-task-cost' | 'task-seconds';
export const TASK_RANK_BY: readonly TaskRankBy[] = ['solved-task-cost', 'task-seconds'];

/** One model's published figures for one task kind (or its headline), with what they rest on. */
export interface TaskFigures {
  modelId: string;
  taskKind: TaskKind;
  evidence: 'measured' | 'estimated';
  /** The measured configuration (taskCost.configurations[].id); null for an estimate. */
  configurationId: string | null;
  /** The configuration in words (benchmark, harness, effort), or that it is an estimate. */
  configuration: string;
  costPerAttemptUsd: TaskFigure | null;
  costPerSolvedTaskUsd: TaskFigure | null;
  solvedTasksPer100Usd: TaskFigure | null;
  secondsPerTask: TaskFigure | null;
  pricesAsOf: string | null;
}

/** The build's headline order among configurations (benchmarks.taskCostMethod.headlineRule): most runs, the default effort, newest run, id. */
function byHeadlineRule(a: TaskConfiguration, b: TaskConfiguration): number {
  const newest = (c: TaskConfiguration) => c.runs.map((r) => r.date).reduce((x, y) => (y > x ? y : x), '');
  return (
    b.runs.length - a.runs.length ||
    Number(a.reasoningEffort !== null) - Number(b.reasoningEffort !== null) ||
    newest(b).localeCompare(newest(a)) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

const configurationWords = (c: TaskConfiguration) =>
  `${c.benchmark}, ${c.harness}, ${c.reasoningEffort ? `effort ${c.reasoningEffort}` : 'effort not stated'}`;

/**
 * A model's figures: without a kind its headline; with one, its measured configuration of that kind (one with a
 * cost first, by the headline rule), else its estimate of that kind, else a measured configuration with time only,
 * as the build charges use cases (`solvedTaskCostAsc`). Null when it has none.
 */
export function taskFiguresOf(model: BenchmarkModel, kind?: TaskKind): TaskFigures | null {
  const taskCost = model.taskCost;
  if (!taskCost) return null;
  if (!kind) {
    const h = taskCost.headline;
    return h ? { modelId: model.modelId, ...h } : null;
  }
  const configs = taskCost.configurations.filter((c) => c.taskKind === kind).sort(byHeadlineRule);
  const estimate = taskCost.estimates.find((e) => e.taskKind === kind && e.costPerAttemptUsd !== null);
  const measured = configs.find((c) => c.costPerAttemptUsd !== null) ?? (estimate ? undefined : configs[0]);
  if (measured)
    return {
      modelId: model.modelId,
      taskKind: kind,
      evidence: 'measured',
      configurationId: measured.id,
      configuration: configurationWords(measured),
      costPerAttemptUsd: measured.costPerAttemptUsd,
      costPerSolvedTaskUsd: measured.costPerSolvedTaskUsd,
      solvedTasksPer100Usd: measured.solvedTasksPer100Usd,
      secondsPerTask: measured.secondsPerTask,
      pricesAsOf: measured.pricesAsOf,
    };
  if (!estimate) return null;
  return {
    modelId: model.modelId,
    taskKind: kind,
    evidence: 'estimated',
    configurationId: null,
    configuration: `estimate for ${kind} tasks (taskCostMethod.estimateModel)`,
    costPerAttemptUsd: estimate.costPerAttemptUsd,
    costPerSolvedTaskUsd: estimate.costPerSolvedTaskUsd,
    solvedTasksPer100Usd: estimate.solvedTasksPer100Usd,
    secondsPerTask: estimate.secondsPerTask,
    pricesAsOf: estimate.pricesAsOf,
  };
}

export interface TaskQuery {
  by: TaskRankBy;
  /** The task kind; without one, each model's headline (which names its own kind). */
  kind?: TaskKind;
  /** Most USD per solved task (the published value, not its interval). */
  maxSolvedTaskUsd?: number;
  /** Most wall-clock seconds per task. */
  maxSecondsPerTask?: number;
  /** A month of `tasks` solved tasks may cost at most `usd`: the same as maxSolvedTaskUsd = usd / tasks. */
  monthly?: { tasks: number; usd: number };
  /** Only these model ids (another filter applied first); all when absent. */
  only?: ReadonlySet<string>;
}

export interface RankedTask {
  rank: number;
  figures: TaskFigures;
  /** Cost of `monthly.tasks` solved tasks (tasks x cost per solved task, interval alike); null without a monthly query. */
  monthlyUsd: TaskFigure | null;
}

/** The ceiling on cost per solved task a query sets: the tighter of the per-task and the monthly budget. */
export function solvedTaskCeiling(query: Pick<TaskQuery, 'maxSolvedTaskUsd' | 'monthly'>): number | undefined {
  const limits = [query.maxSolvedTaskUsd, query.monthly ? query.monthly.usd / query.monthly.tasks : undefined];
  const set = limits.filter((l): l is number => l !== undefined);
  return set.length ? Math.min(...set) : undefined;
}

const scaled = (f: TaskFigure, by: number): TaskFigure => ({
  value: f.value * by,
  interval: f.interval ? { low: f.interval.low * by, high: f.interval.high * by } : null,
});

/**
 * Models ranked by cost per solved task or seconds per task, ascending (ties: the other figure, then id). A model
 * without the figure ranked by, or without a figure a limit names, is left out: an unknown value cannot be shown
 * to be within a limit.
 */
export function rankByTask(models: readonly BenchmarkModel[], query: TaskQuery): RankedTask[] {
  const ceiling = solvedTaskCeiling(query);
  const key = (f: TaskFigures) => (query.by === 'solved-task-cost' ? f.costPerSolvedTaskUsd : f.secondsPerTask);
  const other = (f: TaskFigures) => (query.by === 'solved-task-cost' ? f.secondsPerTask : f.costPerSolvedTaskUsd);
  const kept = models
    .filter((m) => !query.only || query.only.has(m.modelId))
    .map((m) => taskFiguresOf(m, query.kind))
    .filter((f): f is TaskFigures => f !== null && key(f) !== null)
    .filter(
      (f) => ceiling === undefined || (f.costPerSolvedTaskUsd !== null && f.costPerSolvedTaskUsd.value <= ceiling),
    )
    .filter(
      (f) =>
        query.maxSecondsPerTask === undefined ||
        (f.secondsPerTask !== null && f.secondsPerTask.value <= query.maxSecondsPerTask),
    );
  kept.sort(
    (a, b) =>
      key(a)!.value - key(b)!.value ||
      (other(a)?.value ?? Number.POSITIVE_INFINITY) - (other(b)?.value ?? Number.POSITIVE_INFINITY) ||
      (a.modelId < b.modelId ? -1 : a.modelId > b.modelId ? 1 : 0),
  );
  return kept.map((figures, i) => ({
    rank: i + 1,
    figures,
    monthlyUsd:
      query.monthly && figures.costPerSolvedTaskUsd ? scaled(figures.costPerSolvedTaskUsd, query.monthly.tasks) : null,
  }));
}

/** "$1.23 (80%: $1.01–$1.50, measured)": a figure with its interval and evidence, for people. */
export function figureWords(
  f: TaskFigure | null,
  evidence: 'measured' | 'estimated',
  unit: 'usd' | 'seconds' | 'count',
): string {
  if (!f) return '-';
  const one = (v: number) =>
    unit === 'usd'
      ? `$${v.toFixed(v < 1 ? 4 : 2)}`
      : unit === 'seconds'
        ? `${Math.round(v)} s`
        : `${v.toFixed(v < 10 ? 2 : 1)}`;
  return `${one(f.value)} (${f.interval ? `80%: ${one(f.interval.low)}–${one(f.interval.high)}, ` : ''}${evidence})`;
}
