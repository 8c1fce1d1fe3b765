/**
 * Cost and time per coding task as benchmarks.json publishes them (`models[].taskCost`). The rules (the headline
 * configuration, the figures of one kind, rankings by cost per solved task, seconds per task or output speed under
 * budgets and limits) are the cost engine's `src/cost/task-rank.ts`, the same code the build and the web page run;
 * this module re-exports them with the published types and adds the wording for people.
 */
import { billingOn } from '../../../src/cost/platform.ts';
import type { PlatformLike } from '../../../src/cost/types.ts';
import type { TaskBilling } from '../../../src/cost/task-rank.ts';
import type { BenchmarkModel } from './types.generated.ts';

export {
  byHeadlineRule,
  impliedRanking,
  type RankedTask,
  rankByTask,
  solvedTaskCeiling,
  TASK_KINDS,
  TASK_RANK_BY,
  TASK_RANK_WORDS,
  type TaskBilling,
  type TaskFigure,
  type TaskFigures,
  type TaskKind,
  type TaskQuery,
  type TaskRankBy,
  taskFiguresOf,
  taskFiguresOnPlatform,
} from '../../../src/cost/task-rank.ts';
import type { TaskFigure } from '../../../src/cost/task-rank.ts';

/**
 * How `platform` bills each model, for TaskQuery.billing: its own entry for the model, bring-your-own-key for a
 * provider it lists, else null (not offered there, so left out of a ranking).
 */
export function taskBillingOn(
  platform: PlatformLike,
  tools: readonly { id: string; providerId?: string }[],
): (modelId: string) => TaskBilling | null {
  const byId = new Map(tools.map((t) => [t.id, t]));
  return (modelId) => {
    const tool = byId.get(modelId);
    return tool ? billingOn(platform, tool) : null;
  };
}

export type TaskCost = NonNullable<BenchmarkModel['taskCost']>;
export type TaskConfiguration = TaskCost['configurations'][number];

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
