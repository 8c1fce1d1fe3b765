/**
 * `resolve <model id>`: the tool any model string names (API id, dated snapshot, Bedrock, Vertex
 * or Azure id, OpenRouter or models.dev slug), with the wrapping taken off and the id it matched.
 */
import { statusWord } from '../../../../../src/schema/change-words.ts';
import { print, printJson } from '../output.ts';
import { expectArgs, type Invocation } from './invocation.ts';

export async function resolveCommand(invocation: Invocation): Promise<number> {
  expectArgs(invocation, 1, 'a model id, e.g. `resolve us.anthropic.claude-sonnet-4-5-20250929-v1:0`');
  const { tool, match } = await invocation.client.resolveModel(invocation.args[0]!);
  if (invocation.values.json) {
    printJson({ id: tool.id, name: tool.name, status: tool.status, match });
    return 0;
  }
  // A snapshot and a moving alias are not wrappings: say which rule read them, and what they were read as.
  const how =
    match.form === 'exact'
      ? ''
      : match.form === 'dated-snapshot'
        ? ` by its provider's version rule, as "${match.normalized}"`
        : match.form === 'moving-alias'
          ? ` through the pointer its provider publishes, to "${match.normalized}"`
          : ` after the ${match.form} wrapping is taken off`;
  print(`${tool.id}  ${tool.name} (${statusWord(tool.status)})`);
  print(`"${match.query}" matched ${match.entry.kind} id "${match.entry.id}"${how}`);
  return 0;
}
