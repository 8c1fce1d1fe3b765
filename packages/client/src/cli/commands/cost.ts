/** `cost`: models ranked by what the workload costs, its score or score per dollar; `cost <id>`: one model. */
import { platformById } from '../../client.ts';
import { rankTools } from '../../query.ts';
import { filterOf, instantOf, positiveInteger, rankByOf, workloadOf } from '../arguments.ts';
import {
  costJson,
  costTable,
  ESTIMATE_NOTE,
  partlyEstimated,
  print,
  printJson,
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
  const usage = workloadOf(values);
  const by = rankByOf(values);
  const at = instantOf(values);
  const limit = positiveInteger(values.limit, '--limit') ?? 10;
  const filter = filterOf(values);
  const [{ tools }, benchmarks, platforms] = await Promise.all([
    client.getTools(),
    client.getBenchmarks(),
    client.getPlatforms(),
  ]);
  checkFilterNames(filter, tools);
  const platform = filter.platform ? platformById(platforms.platforms, filter.platform) : undefined;
  const ranked = rankTools(tools, usage, {
    by,
    at,
    benchmarks: benchmarks.benchmarks.models,
    platform,
    platforms: platforms.platforms,
    filter: { ...filter, platform: undefined },
    includeInactive: values.all,
    requests: usage.requests,
    unfit: 'flag',
  });
  // One request of the workload must fit a model to be ranked; the ones left out are named.
  const unfit = ranked.filter((r) => !r.cost.fits).map((r) => r.tool.id);
  const shown = ranked.filter((r) => r.cost.fits).slice(0, limit);
  if (values.json) {
    printJson({ ...costJson(usage, at, by, platform, shown), unfit });
    return 0;
  }
  print(workloadLine(usage, at, by, platform));
  const weighted = weightedCount(benchmarks);
  print(costTable(shown, weighted));
  if (unfit.length)
    print(`${unfit.length} models left out: one request goes over their context window or output limit`);
  if (shown.some((r) => partlyEstimated(r.measuredCount, weighted))) print(ESTIMATE_NOTE);
  return 0;
}
