/** `show <id|alias>`: one model with its scores, platforms and sources (its per-model document), and its successor if replaced. */
import { findTool, resolveSuccessor } from '../../query.ts';
import { print, printJson, showText } from '../output.ts';
import { expectArgs, type Invocation } from './invocation.ts';

export async function showCommand(invocation: Invocation): Promise<number> {
  const { values, client, args } = invocation;
  expectArgs(invocation, 1, 'an id or alias, e.g. `show gpt-5-4`');
  // tools.json resolves an alias or snapshot to the id; the model's own document has the rest, sources in full.
  const [{ tools }, benchmarks] = await Promise.all([client.getTools(), client.getBenchmarks()]);
  const model = await client.model(findTool(tools, args[0]!).id);
  const succession = resolveSuccessor(tools, model.id);
  if (values.json) {
    printJson({ ...model, successor: succession.replaced ? succession.current.id : null });
    return 0;
  }
  print(showText(model, succession.replaced ? succession.chain : null, benchmarks.benchmarks.aggregate));
  return 0;
}
