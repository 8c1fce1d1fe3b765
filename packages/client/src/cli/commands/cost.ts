/**
 * `cost`: models ranked by what the workload costs, its score or score per dollar, or by the published cost per
 * solved task or seconds per task (benchmarks.json taskCost); `cost <id>`: one model.
 */
import { platformById } from '../../client.ts';
import { filterTools, rankTools, type ToolFilter } from '../../query.ts';
import { rankByTask, type TaskQuery, taskBillingOn } from '../../task-cost.ts';
import type { BenchmarksDocument, Platform, Tool } from '../../types.generated.ts';
import {
  filterOf,
  instantOf,
  isTaskRanking,
  positiveInteger,
  rankByOf,
  taskQueryOf,
  workloadOf,
} from '../arguments.ts';
import {
  costJson,
  costTable,
  ESTIMATE_NOTE,
  partlyEstimated,
  print,
  printJson,
  taskJson,
  taskLine,
  taskTable,
  weightedCount,
  workloadLine,
} from '../output.ts';
import { checkFilterNames } from '../names.ts';
import { costOneCommand } from './cost-one.ts';
import { expectArgs, type Invocation } from './invocation.ts';

export async function costCommand(invocation: Invocation): Promise<number> {
  if (invocation.args.length === 1) return costOneCommand(invocation);
  const { values, client } = invocation;
  expectArgs(invocation, 0, '');
  const by = rankByOf(values);
  const taskQuery = taskQueryOf(values, by);
  // A task ranking reads the published per-task figures: no workload of tokens to price.
  const usage = isTaskRanking(by) ? null : workloadOf(values);
  const at = instantOf(values);
  const limit = positiveInteger(values.limit, '--limit') ?? 10;
  const filter = filterOf(values);
  const [{ tools }, benchmarks, platforms] = await Promise.all([
    client.getTools(),
    client.getBenchmarks(),
    client.getPlatforms(),
  ]);
  checkFilterNames(filter, tools);
  const pricesAt = benchmarks.benchmarks.taskCostMethod.pricesAt;
  if (!usage && taskQuery)
    return taskRanking({ values, filter, limit, tools, benchmarks, platforms: platforms.platforms }, taskQuery);
  const platform = filter.platform ? platformById(platforms.platforms, filter.platform) : undefined;
  const ranked = rankTools(tools, usage!, {
    by: by as 'cost' | 'score' | 'value',
    at,
    benchmarks: benchmarks.benchmarks.models,
    platform,
    platforms: platforms.platforms,
    filter: { ...filter, platform: undefined },
    includeInactive: values.all,
    requests: usage!.requests,
    unfit: 'flag',
  });
  // A per-task limit filters the workload ranking to the models whose published figure is within it.
  const withinTask = taskQuery
    ? new Set(rankByTask(benchmarks.benchmarks.models, taskQuery).map((r) => r.figures.modelId))
    : null;
  // One request of the workload must fit a model to be ranked; the ones left out are named.
  const unfit = ranked.filter((r) => !r.cost.fits).map((r) => r.tool.id);
  const matching = ranked.filter((r) => r.cost.fits && (!withinTask || withinTask.has(r.tool.id)));
  const shown = matching.slice(0, limit).map((r, i) => (withinTask ? { ...r, rank: i + 1 } : r));
  if (values.json) {
    printJson({ ...costJson(usage!, at, by, platform, shown), count: matching.length, unfit });
    return 0;
  }
  print(workloadLine(usage!, at, by, platform));
  if (taskQuery) print(`only models within: ${taskLine(taskQuery, pricesAt)}`);
  const weighted = weightedCount(benchmarks);
  print(costTable(shown, weighted));
  if (shown.length < matching.length)
    print(`${shown.length} shown of ${matching.length} matching models; --limit ${limit}`);
  if (unfit.length)
    print(`${unfit.length} models left out: one request goes over their context window or output limit`);
  if (shown.some((r) => partlyEstimated(r.measuredCount, weighted))) print(ESTIMATE_NOTE);
  return 0;
}

/**
 * The models ranked by a published per-task figure under the filters; on a platform, each model's figures as it bills
 * them (bring your own key, its per-token factor, or no dollar figure where it bills per request).
 */
function taskRanking(
  data: {
    values: Invocation['values'];
    filter: ToolFilter;
    limit: number;
    tools: Tool[];
    benchmarks: BenchmarksDocument;
    platforms: Platform[];
  },
  taskQuery: TaskQuery,
): number {
  const { values, filter, limit, tools, benchmarks, platforms } = data;
  const pricesAt = benchmarks.benchmarks.taskCostMethod.pricesAt;
  const inactive = values.all ? [] : (['deprecated', 'retired'] as const);
  const kept = filterTools(tools, filter, { platforms, benchmarks: benchmarks.benchmarks.models }).filter(
    (t) => !(inactive as readonly string[]).includes(t.status),
  );
  const platform = filter.platform ? platformById(platforms, filter.platform) : undefined;
  const billing = platform ? taskBillingOn(platform, tools) : undefined;
  const ranked = rankByTask(benchmarks.benchmarks.models, {
    ...taskQuery,
    billing,
    only: new Set(kept.map((t) => t.id)),
  });
  if (values.json) {
    printJson({
      ...taskJson(taskQuery, pricesAt, ranked.slice(0, limit)),
      count: ranked.length,
      platform: platform?.id ?? null,
    });
    return 0;
  }
  print(`${taskLine(taskQuery, pricesAt)}${platform ? `; billed as ${platform.name} bills each model` : ''}`);
  print(taskTable(ranked.slice(0, limit)));
  if (limit < ranked.length) print(`${limit} shown of ${ranked.length} matching models; --limit ${limit}`);
  return 0;
}
