/**
 * Cost, time and speed per coding task as benchmarks.json publishes them (`models[].taskCost`): which configuration
 * stands for a model (the headline rule), its figures for one kind of task, and rankings by cost per solved task,
 * seconds per task or output tokens per second under budgets and limits. One implementation for the build's
 * headline, the web page's month of tasks, the client, the command line and the MCP server, so they all answer
 * alike. Pure, and it only selects what the build published; nothing here derives a figure. Types are structural: a
 * published benchmarks.json model fits as is.
 */

import { billsWithoutTokenPrice } from './platform.ts';
import type { BillingKind } from './types.ts';

/** A published figure with its 80% interval (null where there is none). */
export interface TaskFigure {
  value: number;
  interval: { low: number; high: number } | null;
}

export type TaskKind = 'code-edit' | 'repo-issue' | 'terminal';
export const TASK_KINDS: readonly TaskKind[] = ['code-edit', 'repo-issue', 'terminal'];

/** The figures a configuration, an estimate and a headline all publish. */
interface TaskFiguresLike {
  taskKind: TaskKind;
  costPerAttemptUsd: TaskFigure | null;
  costPerSolvedTaskUsd: TaskFigure | null;
  solvedTasksPer100Usd: TaskFigure | null;
  secondsPerTask: TaskFigure | null;
  pricesAsOf: string | null;
}

/** One measured configuration (taskCost.configurations[]), as far as the rules read it. */
export interface TaskConfigurationLike extends TaskFiguresLike {
  id: string;
  benchmark: string;
  harness: string;
  reasoningEffort: string | null;
  successPercent: TaskFigure | null;
  runs: readonly { date: string }[];
}

/** A model's task evidence as benchmarks.json publishes it (models[].taskCost). */
export interface TaskCostLike {
  headline:
    | (TaskFiguresLike & {
        evidence: 'measured' | 'estimated';
        configurationId: string | null;
        configuration: string;
        outputTokensPerSecond: number | null;
      })
    | null;
  configurations: readonly TaskConfigurationLike[];
  estimates: readonly TaskFiguresLike[];
}

export interface TaskModelLike {
  modelId: string;
  taskCost: TaskCostLike | null;
}

/**
 * What a task ranking orders by: cost per solved task or wall-clock seconds per task (ascending), or output tokens
 * per second (the median over the model's published endpoints; descending, fastest first).
 */
export type TaskRankBy = 'solved-task-cost' | 'task-seconds' | 'output-speed';
export const TASK_RANK_BY: readonly TaskRankBy[] = ['solved-task-cost', 'task-seconds', 'output-speed'];

/** Each task ranking in words, with its direction: what the command line and the MCP server say they ranked by. */
export const TASK_RANK_WORDS: Record<TaskRankBy, string> = {
  'solved-task-cost': 'cost per solved task, cheapest first',
  'task-seconds': 'seconds per task, fastest first',
  'output-speed': 'output tokens per second (median over published endpoints), fastest first',
};

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
  /** Output tokens per second: the median over the model's published endpoints (one figure for every kind). */
  outputTokensPerSecond: number | null;
  pricesAsOf: string | null;
  /** How a platform's billing changed the dollar figures (query.billing); absent on the provider's own prices. */
  billingNote?: string;
}

/** How a platform bills one model, as far as task costs go (the cost engine's billingOn gives it). */
export interface TaskBilling {
  billing: BillingKind;
  priceFactor?: number | null;
}

const scaledFigure = (f: TaskFigure | null, by: number): TaskFigure | null =>
  f && { value: f.value * by, interval: f.interval ? { low: f.interval.low * by, high: f.interval.high * by } : null };

/**
 * The figures as a platform bills them (cost rule 9 applied to a task's cost): bring-your-own-key pays the provider's
 * price; a per-token platform its stated factor on it (or the provider's price where it states none); a platform
 * that bills per request or in credits has no dollar figure per task, because the runs do not publish how many
 * requests a task took. Time and speed do not change.
 */
export function taskFiguresOnPlatform(f: TaskFigures, billing: TaskBilling): TaskFigures {
  if (billsWithoutTokenPrice(billing.billing))
    return {
      ...f,
      costPerAttemptUsd: null,
      costPerSolvedTaskUsd: null,
      solvedTasksPer100Usd: null,
      billingNote: `billed ${billing.billing === 'included' ? 'within the plan' : 'per request or in credits'}: the runs do not publish how many requests a task took, so no dollar figure per task`,
    };
  if (billing.billing === 'byok') return { ...f, billingNote: "bring your own key: the provider's price" };
  const factor = billing.priceFactor ?? null;
  if (factor === null)
    return { ...f, billingNote: "the platform's own per-token rate is not in the data; the provider's price" };
  return {
    ...f,
    costPerAttemptUsd: scaledFigure(f.costPerAttemptUsd, factor),
    costPerSolvedTaskUsd: scaledFigure(f.costPerSolvedTaskUsd, factor),
    solvedTasksPer100Usd: scaledFigure(f.solvedTasksPer100Usd, 1 / factor),
    billingNote: `the platform's per-token rate: the provider's price x ${factor}`,
  };
}

/**
 * The headline order among configurations (benchmarks.taskCostMethod.headlineRule): most runs, the effort the source
 * does not state (its default), the higher success rate, the newest run, the id. The build picks its headline by it.
 */
export function byHeadlineRule(a: TaskConfigurationLike, b: TaskConfigurationLike): number {
  const newest = (c: TaskConfigurationLike) => c.runs.map((r) => r.date).reduce((x, y) => (y > x ? y : x), '');
  return (
    b.runs.length - a.runs.length ||
    Number(a.reasoningEffort !== null) - Number(b.reasoningEffort !== null) ||
    (b.successPercent?.value ?? -1) - (a.successPercent?.value ?? -1) ||
    (newest(a) < newest(b) ? 1 : newest(a) > newest(b) ? -1 : 0) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

const configurationWords = (c: TaskConfigurationLike) =>
  `${c.benchmark}, ${c.harness}, ${c.reasoningEffort ? `effort ${c.reasoningEffort}` : 'effort not stated'}`;

/**
 * A model's figures: without a kind its headline; with one, its measured configuration of that kind (one with a
 * cost first, by the headline rule), else its estimate of that kind, else a measured configuration with time only,
 * as the build charges use cases (`solvedTaskCostAsc`). Null when it has none.
 */
export function taskFiguresOf(model: TaskModelLike, kind?: TaskKind): TaskFigures | null {
  const taskCost = model.taskCost;
  if (!taskCost) return null;
  const outputTokensPerSecond = taskCost.headline?.outputTokensPerSecond ?? null;
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
      outputTokensPerSecond,
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
    outputTokensPerSecond,
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
  /** Fewest output tokens per second (the published median over the model's endpoints). */
  minOutputTokensPerSecond?: number;
  /** A month of `tasks` solved tasks may cost at most `usd`: the same as maxSolvedTaskUsd = usd / tasks. */
  monthly?: { tasks: number; usd: number };
  /** Only these model ids (another filter applied first); all when absent. */
  only?: ReadonlySet<string>;
  /** A platform's billing of each model (null: not offered there, left out); absent: the provider's own prices. */
  billing?: (modelId: string) => TaskBilling | null;
}

/**
 * The ranking a limit implies when no task ranking is asked for: the figure it limits (cost per solved task when
 * a budget is among them, then seconds per task, then output speed). The command line and the MCP server share it.
 */
export function impliedRanking(
  limits: Pick<TaskQuery, 'maxSolvedTaskUsd' | 'maxSecondsPerTask' | 'minOutputTokensPerSecond' | 'monthly'>,
): TaskRankBy {
  if (limits.maxSolvedTaskUsd !== undefined || limits.monthly !== undefined) return 'solved-task-cost';
  if (limits.maxSecondsPerTask !== undefined) return 'task-seconds';
  return limits.minOutputTokensPerSecond !== undefined ? 'output-speed' : 'solved-task-cost';
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

/** The number a ranking orders by, and whether smaller is better; null when the model has none. */
function rankValue(f: TaskFigures, by: TaskRankBy): number | null {
  if (by === 'output-speed') return f.outputTokensPerSecond === null ? null : -f.outputTokensPerSecond;
  return (by === 'solved-task-cost' ? f.costPerSolvedTaskUsd : f.secondsPerTask)?.value ?? null;
}

/** Whether the figures meet every limit of the query; an unknown value cannot be shown to be within a limit. */
function withinLimits(f: TaskFigures, query: TaskQuery, ceiling: number | undefined): boolean {
  const atMost = (v: TaskFigure | null, limit: number | undefined) =>
    limit === undefined || (v !== null && v.value <= limit);
  return (
    atMost(f.costPerSolvedTaskUsd, ceiling) &&
    atMost(f.secondsPerTask, query.maxSecondsPerTask) &&
    (query.minOutputTokensPerSecond === undefined ||
      (f.outputTokensPerSecond !== null && f.outputTokensPerSecond >= query.minOutputTokensPerSecond))
  );
}

/**
 * Models ranked by cost per solved task or seconds per task (ascending), or by output tokens per second (fastest
 * first); ties: cost per solved task or seconds per task (the other of the two), then id. A model without the figure
 * ranked by, or without a figure a limit names, is left out: an unknown value cannot be shown to be within a limit.
 */
export function rankByTask(models: readonly TaskModelLike[], query: TaskQuery): RankedTask[] {
  const ceiling = solvedTaskCeiling(query);
  const tie = (f: TaskFigures) =>
    (query.by === 'solved-task-cost' ? f.secondsPerTask : f.costPerSolvedTaskUsd)?.value ?? Number.POSITIVE_INFINITY;
  const kept = models
    .filter((m) => !query.only || query.only.has(m.modelId))
    .filter((m) => !query.billing || query.billing(m.modelId) !== null)
    .map((m) => {
      const figures = taskFiguresOf(m, query.kind);
      return figures && query.billing ? taskFiguresOnPlatform(figures, query.billing(m.modelId)!) : figures;
    })
    .filter((f): f is TaskFigures => f !== null && rankValue(f, query.by) !== null)
    .filter((f) => withinLimits(f, query, ceiling));
  kept.sort(
    (a, b) =>
      rankValue(a, query.by)! - rankValue(b, query.by)! ||
      tie(a) - tie(b) ||
      (a.modelId < b.modelId ? -1 : a.modelId > b.modelId ? 1 : 0),
  );
  return kept.map((figures, i) => ({
    rank: i + 1,
    figures,
    monthlyUsd: query.monthly ? scaledFigure(figures.costPerSolvedTaskUsd, query.monthly.tasks) : null,
  }));
}
