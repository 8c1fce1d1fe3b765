/** `list`: the models that pass the filters. */
import { filterTools } from '../../query.ts';
import { filterOf, positiveInteger, taskLimitsOf } from '../arguments.ts';
import { checkFilterNames } from '../names.ts';
import {
  ESTIMATE_NOTE,
  inForce,
  listTable,
  PROMOTION_NOTE,
  PROVISIONAL_NOTE,
  partlyEstimated,
  print,
  printJson,
  weightedCount,
} from '../output.ts';
import { expectArgs, type Invocation, scoresById } from './invocation.ts';

export async function listCommand(invocation: Invocation): Promise<number> {
  const { values, client } = invocation;
  expectArgs(invocation, 0, '');
  // list filters by each model's headline cost per solved task and speed (cost and top compare one kind of task).
  const { maxSolvedTaskUsd, minOutputTokensPerSecond } = taskLimitsOf(values);
  const filter = { ...filterOf(values), maxSolvedTaskUsd, minOutputTokensPerSecond };
  const limit = positiveInteger(values.limit, '--limit');
  const [{ tools, lastUpdated }, benchmarks, platforms] = await Promise.all([
    client.getTools(),
    client.getBenchmarks(),
    filter.platform ? client.getPlatforms() : undefined,
  ]);
  checkFilterNames(filter, tools);
  const matching = filterTools(tools, filter, {
    platforms: platforms?.platforms,
    benchmarks: benchmarks.benchmarks.models,
  });
  const selected = limit === undefined ? matching : matching.slice(0, limit);
  if (values.json) {
    // The envelope of top and cost: `count` is how many match before --limit, `total` how many are listed at all.
    printJson({ count: matching.length, total: tools.length, lastUpdated, results: selected });
    return 0;
  }
  const scores = scoresById(benchmarks);
  const weighted = weightedCount(benchmarks);
  print(listTable(selected, scores, weighted, lastUpdated));
  const counted =
    selected.length < matching.length
      ? `${selected.length} shown of ${matching.length}${matching.length < tools.length ? ` matching (of ${tools.length})` : ''} models; --limit ${limit}`
      : `${selected.length} of ${tools.length} models`;
  const estimated = selected.some((t) => partlyEstimated(scores.get(t.id)?.measuredCount, weighted));
  const provisional = selected.some((t) => scores.get(t.id)?.provisional);
  const promotion = selected.some((t) => inForce(t, lastUpdated).basis === 'promotion');
  print(
    `${counted}${estimated ? `\n${ESTIMATE_NOTE}` : ''}${provisional ? `\n${PROVISIONAL_NOTE}` : ''}${promotion ? `\n${PROMOTION_NOTE}` : ''}`,
  );
  return 0;
}
