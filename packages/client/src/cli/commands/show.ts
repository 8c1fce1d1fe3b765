/** `show <id|alias>`: one model with its scores, platforms and sources, and its successor if replaced. */
import { findTool, joinTool, resolveSuccessor } from '../../query.ts';
import { print, printJson, showText, weightedCount } from '../output.ts';
import { expectArgs, type Invocation } from './invocation.ts';

export async function showCommand(invocation: Invocation): Promise<number> {
  const { values, client, args } = invocation;
  expectArgs(invocation, 1, 'an id or alias, e.g. `show gpt-5-4`');
  const [{ tools }, benchmarks, platforms] = await Promise.all([
    client.getTools(),
    client.getBenchmarks(),
    client.getPlatforms(),
  ]);
  const joined = joinTool(findTool(tools, args[0]!), {
    benchmarks: benchmarks.benchmarks.models,
    platforms: platforms.platforms,
  });
  const succession = resolveSuccessor(tools, joined.tool.id);
  if (values.json) {
    printJson({ ...joined, successor: succession.replaced ? succession.current.id : null });
    return 0;
  }
  print(
    showText(
      joined.tool,
      joined.benchmark,
      joined.platforms,
      succession.replaced ? succession.chain : null,
      weightedCount(benchmarks),
    ),
  );
  return 0;
}
