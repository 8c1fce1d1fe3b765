/**
 * resolve_model: any model string an agent holds (a Bedrock or Vertex id from its own configuration, say) to the
 * directory's model, over /api/model-ids.json.
 */
import { z } from 'zod';
import { statusWord } from '../../schema/change-words.ts';
import { dataSource, type Directory } from '../answers.ts';
import { MATCH, USAGE_DATA_SOURCE } from '../outputs.ts';
import { defineTool, type InputOf } from '../tool.ts';
import { DOCUMENTS, modelString } from './model-strings.ts';

const INPUT = {
  id: modelString.describe(
    'A model string: provider API id, dated snapshot, Bedrock id (us.anthropic.claude-...-v1:0), Vertex id (claude-...@20250929, publishers/google/models/...), Azure model name, OpenRouter or models.dev slug.',
  ),
};

const OUTPUT = z.looseObject({
  model: z.looseObject({ id: z.string(), name: z.string(), provider: z.string(), status: z.string() }),
  match: MATCH,
  dataSource: USAGE_DATA_SOURCE,
});

async function resolveModel(directory: Directory, input: InputOf<typeof INPUT>) {
  const [{ tool, match }, { lastUpdated }] = await Promise.all([
    directory.client.resolveModel(input.id),
    directory.client.getTools(),
  ]);
  return {
    model: { id: tool.id, name: tool.name, provider: tool.provider, status: tool.status },
    match,
    dataSource: dataSource(directory, lastUpdated, DOCUMENTS),
  };
}

const summarizeResolve = (v: Awaited<ReturnType<typeof resolveModel>>): string =>
  `"${v.match.query}" is ${v.model.id} (${v.model.name}, ${statusWord(v.model.status)}), matched ${v.match.entry.kind} id "${v.match.entry.id}"${v.match.form === 'exact' ? '' : ` after the ${v.match.form} wrapping`}.`;

export const resolveModelTool = defineTool({
  name: 'resolve_model',
  title: 'Find the model any id names',
  description:
    'The directory model a model string names: provider API ids, dated snapshots, Bedrock, Vertex and Azure ids, OpenRouter and models.dev slugs. Exact after the platform wrapping is taken off; an unknown id is an error listing the closest ids.',
  input: INPUT,
  output: OUTPUT,
  run: resolveModel,
  summary: summarizeResolve,
});
