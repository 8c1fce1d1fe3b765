/**
 * Every MCP tool the server offers, in the order tools/list names them. A tool is one module under tools/
 * (defineTool in tool.ts); adding one is its module and its line here, keyed by its published name, which the
 * `satisfies` holds to the module's own: a name without its module, or a module under another name, fails to
 * compile (test/unit/mcp-registry.test.ts).
 */
import type { Tool } from './tool.ts';
import { estimateCostTool } from './tools/estimate-cost.ts';
import { getModelTool } from './tools/get-model.ts';
import { listChangesTool } from './tools/list-changes.ts';
import { priceUsageTool } from './tools/price-usage.ts';
import { recommendModelsTool } from './tools/recommend-models.ts';
import { resolveModelTool } from './tools/resolve-model.ts';
import { searchModelsTool } from './tools/search-models.ts';

/** The tools' published names: an agent calls them by these, so a rename is a breaking change. */
export type ToolName =
  | 'search_models'
  | 'get_model'
  | 'estimate_cost'
  | 'recommend_models'
  | 'list_changes'
  | 'resolve_model'
  | 'price_usage';

/** A registry: each published name to the tool of that name. */
export type Registry<Names extends string> = { readonly [N in Names]: Tool<N> };

export const TOOLS = {
  search_models: searchModelsTool,
  get_model: getModelTool,
  estimate_cost: estimateCostTool,
  recommend_models: recommendModelsTool,
  list_changes: listChangesTool,
  resolve_model: resolveModelTool,
  price_usage: priceUsageTool,
} as const satisfies Registry<ToolName>;
