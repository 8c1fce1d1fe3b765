/** `list`: the models that pass the filters. */
import { filterTools } from '../../query.ts';
import { filterOf } from '../arguments.ts';
import { ESTIMATE_NOTE, listTable, partlyEstimated, print, printJson, weightedCount } from '../output.ts';
import { expectArgs, type Invocation, scoresById } from './invocation.ts';

export async function listCommand(invocation: Invocation): Promise<number> {
  const { values, client } = invocation;
  expectArgs(invocation, 0, '');
  const filter = filterOf(values);
  const [{ tools }, benchmarks, platforms] = await Promise.all([
    client.getTools(),
    client.getBenchmarks(),
    filter.platform ? client.getPlatforms() : undefined,
  ]);
  const selected = filterTools(tools, filter, { platforms: platforms?.platforms });
  if (values.json) {
    printJson(selected);
    return 0;
  }
  const scores = scoresById(benchmarks);
  const weighted = weightedCount(benchmarks);
  print(listTable(selected, scores, weighted));
  print(
    `${selected.length} of ${tools.length} models${selected.some((t) => partlyEstimated(scores.get(t.id)?.measuredCount, weighted)) ? `\n${ESTIMATE_NOTE}` : ''}`,
  );
  return 0;
}
