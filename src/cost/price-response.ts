/**
 * One call from a provider's response to what it cost: read its usage (provider-usage.ts), find
 * the tool its `model` names (model-id.ts), price the usage with the engine.
 */
import { costOf } from './engine.ts';
import { CostError } from './errors.ts';
import { type ModelIdEntry, type ModelIdMatch, modelIdEntries, type NamedTool, resolveModelId } from './model-id.ts';
import { type ProviderUsageOptions, type UsageFormat, usageFromResponse } from './provider-usage.ts';
import type { CostOptions, CostResult, PricedModel, Usage } from './types.ts';

export type PriceableTool = PricedModel & NamedTool;

export interface PriceResponseData<T extends PriceableTool> {
  tools: readonly T[];
  /** The published id table (/api/model-ids.json `ids`); without it, the ids the tools themselves carry. */
  modelIds?: readonly ModelIdEntry[];
}

export interface PriceResponseOptions extends ProviderUsageOptions, CostOptions {
  /** The model to price at, when the response names none or names it differently (e.g. an Azure deployment). */
  model?: string;
}

export interface PricedResponse<T extends PriceableTool> {
  tool: T;
  match: ModelIdMatch;
  format: UsageFormat;
  usage: Usage;
  cost: CostResult;
}

/**
 * Prices one provider response. The model comes from `options.model` or the response; an id no
 * tool has throws UnknownModelIdError with the closest ids, a response with no model and no
 * `options.model` throws a CostError naming the `model` field.
 */
export function priceResponse<T extends PriceableTool>(
  data: PriceResponseData<T>,
  response: unknown,
  options: PriceResponseOptions = {},
): PricedResponse<T> {
  const { model: modelOption, format, ...costOptions } = options;
  const read = usageFromResponse(response, format === undefined ? {} : { format });
  const model = modelOption ?? read.model;
  if (model === null)
    throw new CostError(
      'invalid-usage',
      'model: the response names no model (no "model" or "modelVersion" field); pass the model option',
    );
  const byId = new Map(data.tools.map((t) => [t.id, t]));
  const match = resolveModelId(
    data.modelIds ?? modelIdEntries(data.tools),
    model,
    (id) => byId.get(id)?.releaseDate,
    (id) => byId.get(id)?.providerId,
    // A moving alias is read on the day the usage is priced at.
    costOptions.at,
  );
  const tool = data.tools.find((t) => t.id === match.toolId);
  if (!tool)
    throw new CostError(
      'invalid-data',
      `model ids: ${JSON.stringify(match.entry.id)} names tool ${match.toolId}, which the tools given do not have`,
    );
  return { tool, match, format: read.format, usage: read.usage, cost: costOf(tool, read.usage, costOptions) };
}
