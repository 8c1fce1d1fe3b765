/**
 * /api/model-ids.json: every model string the data records for a tool (its id, API aliases and
 * dated snapshots, models.dev key, OpenRouter slug), and the platform wrappings a resolver takes
 * off first. Derived from tools.json as published, so it can never name a tool that is not there.
 */
import { ALIAS_POINTERS, ambiguousModelIds, modelIdEntries, SNAPSHOT_RULES } from '../../cost/model-id.ts';
import type { ModelIdsDocument, Tool } from '../../schema/api.ts';
import { DataError } from '../errors.ts';

const POINTERS = ALIAS_POINTERS.filter((p) => p.target !== null)
  .map((p) => `${p.alias} to ${p.target} (${p.from ?? '...'} to ${p.until ?? 'now'})`)
  .join('; ');

/** In the order src/cost/model-id.ts applies them; each leaves a string that must equal an id of the table. */
export const MODEL_ID_NORMALIZATION: readonly string[] = [
  'Case and surrounding spaces are ignored.',
  'A platform prefix (bedrock/, vertex_ai/, azure/, azure_ai/) is removed.',
  'Amazon Bedrock: an ARN keeps its model or inference-profile id; a region prefix (us., eu., apac., global., au., jp., ca., us-gov.) and the vendor prefix (anthropic., amazon., meta., ...) are removed, then the Bedrock version suffix (-v1:0, -v1).',
  'Google Vertex AI: projects/.../publishers/<publisher>/models/<model> keeps <model>; @YYYYMMDD becomes -YYYYMMDD; @default and @latest are removed; a -maas suffix is removed.',
  'Azure AI Foundry: azureml://registries/.../models/<model>/versions/<version> becomes <model>-<version> for a dated version, else <model>. An Azure OpenAI deployment name is chosen by its owner and names no model: resolve the model name it was created from.',
  'A single <provider>/ prefix is removed.',
  `Only when nothing above matches exactly: a moving alias is read through the pointer its provider publishes for the day the usage is priced at (today by default), and its target must resolve as any id does: ${POINTERS}. A moving alias with no published pointer for that day (any other -latest name, a retired name) matches nothing. Each pointer's source is in docs/api.md.`,
  `Then: a provider's version suffix is removed and the rest must be a tool id or API alias (kind directory or api) of that provider's model. ${SNAPSHOT_RULES.map((r) => `${r.provider} ${r.form} (${r.examples.join(', ')})`).join('; ')}. A snapshot dated before the tool's release month is an earlier model and matches nothing; a snapshot the table lists matches exactly first. Providers with no versioned form in any source read are listed in docs/api.md.`,
];

export function deriveModelIds(tools: readonly Tool[], lastUpdated: string): ModelIdsDocument {
  const ids = modelIdEntries(tools);
  const ambiguous = ambiguousModelIds(ids);
  if (ambiguous.length > 0)
    throw new DataError(
      ambiguous.map((a) => ({
        file: `data/tools (${a.toolIds.join(', ')})`,
        field: 'aliases',
        value: a.id,
        message: `the id names ${a.toolIds.length} tools (as id, alias or upstream key); an id must name one tool`,
      })),
    );
  const sorted = [...ids].sort((a, b) => a.id.localeCompare(b.id) || a.toolId.localeCompare(b.toolId));
  return { ids: sorted, normalization: [...MODEL_ID_NORMALIZATION], lastUpdated };
}
