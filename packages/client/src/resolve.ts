/**
 * Any model string to its tool, and a provider response to its cost, over the documents the
 * client fetched: /api/model-ids.json (when the server has it; else the ids tools.json carries)
 * and tools.json. Pure: the client methods fetch, these decide. Failures are DirectoryErrors.
 */
import {
  type ModelIdEntry,
  type ModelIdForm,
  type ModelIdMatch,
  modelIdEntries,
  resolveModelId,
} from '../../../src/cost/model-id.ts';
import {
  type PricedResponse,
  type PriceResponseOptions,
  priceResponse as enginePriceResponse,
} from '../../../src/cost/price-response.ts';
import { UnknownModelIdError } from '../../../src/cost/model-id.ts';
import { directoryErrors, NotFoundError } from './errors.ts';
import type { ModelIdsDocument, Tool } from './types.generated.ts';

export type { ModelIdEntry, ModelIdForm, ModelIdMatch, PriceResponseOptions };

export interface ResolvedModel {
  tool: Tool;
  /** How it matched: the table entry, the wrapping taken off (`form`) and the id looked up (`normalized`). */
  match: ModelIdMatch;
}

function entriesOf(tools: readonly Tool[], modelIds: ModelIdsDocument | null | undefined): readonly ModelIdEntry[] {
  return modelIds?.ids ?? modelIdEntries(tools);
}

/**
 * The tool a model string names: a provider API id, a dated snapshot, a Bedrock, Vertex or Azure
 * id, an OpenRouter or models.dev slug. Exact after the platform wrapping is taken off; a miss is
 * a NotFoundError whose `suggestions` are the closest ids (never taken as a match).
 */
export function resolveModel(
  tools: readonly Tool[],
  modelIds: ModelIdsDocument | null | undefined,
  query: string,
): ResolvedModel {
  const entries = entriesOf(tools, modelIds);
  const byId = new Map(tools.map((t) => [t.id, t]));
  try {
    const match = resolveModelId(
      entries,
      query,
      (id) => byId.get(id)?.releaseDate,
      (id) => byId.get(id)?.providerId,
    );
    const tool = tools.find((t) => t.id === match.toolId);
    if (!tool) throw new NotFoundError('model', query, []);
    return { tool, match };
  } catch (error) {
    throw notFoundOf(error);
  }
}

/**
 * What one provider response cost: its usage read (OpenAI Chat Completions or Responses,
 * Anthropic Messages, Gemini, OpenRouter; cached tokens taken out of the prompt where the
 * provider counts them in), its model resolved as resolveModel does (or `options.model`), priced
 * by the cost engine.
 */
export function priceResponse(
  tools: readonly Tool[],
  modelIds: ModelIdsDocument | null | undefined,
  response: unknown,
  options: PriceResponseOptions = {},
): PricedResponse<Tool> {
  try {
    return directoryErrors(() =>
      enginePriceResponse({ tools, modelIds: entriesOf(tools, modelIds) }, response, options),
    );
  } catch (error) {
    throw notFoundOf(error);
  }
}

/** The engine's miss as the client's NotFoundError, keeping why it cannot match (a moving alias, a host prefix). */
function notFoundOf(error: unknown): unknown {
  if (!(error instanceof UnknownModelIdError)) return error;
  return new NotFoundError('model', error.query, error.suggestions, error.reason);
}
