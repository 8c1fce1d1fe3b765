/**
 * Two MCP tools over /api/model-ids.json: resolve_model (any model string an agent holds, e.g. a
 * Bedrock or Vertex id from its own configuration, to the directory's model) and price_usage (a
 * provider response or its usage object, as the agent received it, to what it cost). Inputs,
 * outputs and summaries of both live here; server.ts registers them with one call.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { USAGE_FORMATS } from '../../packages/client/src/index.ts';
import { dataSource, type Directory, guarded, type Summarize } from './answers.ts';
import type { Json } from './summaries.ts';

const DOCUMENTS = ['tools.json', 'model-ids.json'];

const modelString = z.string().min(1).max(300);

export const RESOLVE_INPUT = {
  id: modelString.describe(
    'A model string: provider API id, dated snapshot, Bedrock id (us.anthropic.claude-...-v1:0), Vertex id (claude-...@20250929, publishers/google/models/...), Azure model name, OpenRouter or models.dev slug.',
  ),
};

export const PRICE_USAGE_INPUT = {
  response: z
    .record(z.string(), z.unknown())
    .describe(
      'The provider response as received (OpenAI Chat Completions or Responses, Anthropic Messages, Gemini generateContent, OpenRouter), or only its usage object.',
    ),
  model: modelString.optional().describe('The model, when the response names none or names a deployment.'),
  format: z
    .enum(USAGE_FORMATS as unknown as [string, ...string[]])
    .optional()
    .describe('The response format, when it cannot be told from the fields (a bare { input_tokens, output_tokens }).'),
  at: z.iso
    .datetime({ offset: true })
    .optional()
    .describe('ISO 8601 instant of the request (promotions and off-peak rates in force then); default: now.'),
};

const MATCH = z.looseObject({
  query: z.string(),
  toolId: z.string(),
  form: z.string().describe('The platform wrapping taken off before the exact match (exact when none).'),
  normalized: z.string(),
  entry: z.looseObject({ id: z.string(), kind: z.string(), source: z.string() }),
});
const DATA_SOURCE = z.looseObject({ from: z.string(), lastUpdated: z.string(), documents: z.array(z.string()) });

export const RESOLVE_OUTPUT = z.looseObject({
  model: z.looseObject({ id: z.string(), name: z.string(), provider: z.string(), status: z.string() }),
  match: MATCH,
  dataSource: DATA_SOURCE,
});

export const PRICE_USAGE_OUTPUT = z.looseObject({
  model: z.looseObject({ id: z.string(), name: z.string() }),
  match: MATCH,
  format: z.string().describe('The provider format the usage was read as.'),
  usage: z
    .looseObject({ input: z.number(), output: z.number() })
    .describe('Token classes of the request: input is uncached prompt tokens.'),
  cost: z.looseObject({ kind: z.string(), usd: z.number().nullable() }),
  pricingSource: z.string(),
  dataSource: DATA_SOURCE,
});

const summarizeResolve: Summarize = (v: Json) =>
  `"${v.match.query}" is ${v.model.id} (${v.model.name}, ${v.model.status}), matched ${v.match.entry.kind} id "${v.match.entry.id}"${v.match.form === 'exact' ? '' : ` after the ${v.match.form} wrapping`}.`;

const summarizePriceUsage: Summarize = (v: Json) =>
  `${v.model.id}, read as ${v.format}: ${v.cost.kind === 'usd' ? `$${v.cost.usd}` : v.cost.kind} for ${v.usage.input} uncached input, ${v.usage.cacheRead ?? 0} cache-read, ${v.usage.output} output tokens. Breakdown in structuredContent.`;

async function resolveModelTool(directory: Directory, input: { id: string }) {
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

async function priceUsageTool(
  directory: Directory,
  input: { response: Record<string, unknown>; model?: string; format?: string; at?: string },
) {
  const [priced, { lastUpdated }] = await Promise.all([
    directory.client.priceResponse(input.response, {
      model: input.model,
      format: input.format as (typeof USAGE_FORMATS)[number] | undefined,
      at: input.at ?? new Date().toISOString(),
    }),
    directory.client.getTools(),
  ]);
  // The price's source is named in the model's own document (tools.json gives its kind and dates only).
  const model = await directory.client.model(priced.tool.id);
  return {
    model: { id: priced.tool.id, name: priced.tool.name },
    match: priced.match,
    format: priced.format,
    usage: priced.usage,
    cost: priced.cost,
    pricingSource: model.tool.sources.pricing.url,
    dataSource: dataSource(directory, lastUpdated, [...DOCUMENTS, `models/${model.id}.json`]),
  };
}

export function registerUsageTools(server: McpServer, directory: Directory, annotations: ToolAnnotations): void {
  server.registerTool(
    'resolve_model',
    {
      title: 'Find the model any id names',
      description:
        'The directory model a model string names: provider API ids, dated snapshots, Bedrock, Vertex and Azure ids, OpenRouter and models.dev slugs. Exact after the platform wrapping is taken off; an unknown id is an error listing the closest ids.',
      inputSchema: z.strictObject(RESOLVE_INPUT),
      outputSchema: RESOLVE_OUTPUT,
      annotations,
    },
    async (input) => guarded(() => resolveModelTool(directory, input), summarizeResolve),
  );
  server.registerTool(
    'price_usage',
    {
      title: 'Price a provider response from its usage',
      description:
        'What one request cost, from the response (or usage object) the provider returned: OpenAI Chat Completions or Responses, Anthropic Messages, Gemini, OpenRouter. Cached tokens are taken out of the prompt count where the provider counts them in; reasoning tokens are output. The model comes from the response or the model argument.',
      inputSchema: z.strictObject(PRICE_USAGE_INPUT),
      outputSchema: PRICE_USAGE_OUTPUT,
      annotations,
    },
    async (input) => guarded(() => priceUsageTool(directory, input), summarizePriceUsage),
  );
}
