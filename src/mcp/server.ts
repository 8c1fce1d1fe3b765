/**
 * The MCP server: the directory as tools a coding agent can call. Every tool is read-only (its
 * annotations say so, and whether it reaches the network); every input is validated by a strict
 * zod object (inputs.ts; the SDK answers a malformed call or an unknown key with an error naming
 * the field); every answer is structuredContent matching the tool's outputSchema (outputs.ts) with
 * a short text summary (summaries.ts), and cites where each fact comes from and says which scores
 * are estimated (answers.ts). The tools themselves are in lookups.ts and recommend.ts; this module
 * says what the server offers.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { type Directory, guarded } from './answers.ts';
import { CHANGES_INPUT, ESTIMATE_INPUT, GET_INPUT, RECOMMEND_INPUT, SEARCH_INPUT } from './inputs.ts';
import { estimateCost, getModel, listChanges, searchModels } from './lookups.ts';
import { CHANGES_OUTPUT, ESTIMATE_OUTPUT, GET_OUTPUT, RECOMMEND_OUTPUT, SEARCH_OUTPUT } from './outputs.ts';
import { listPortableSchemas } from './portable-schemas.ts';
import { recommendModels } from './recommend.ts';
import { clientFor, type DirectorySource } from './source.ts';
import {
  summarizeChanges,
  summarizeEstimate,
  summarizeModel,
  summarizeRecommend,
  summarizeSearch,
} from './summaries.ts';
import { registerUsageTools } from './usage-tools.ts';

/** Every tool only reads; it reaches the network when the source is a URL, not an artifact directory. */
export function annotationsFor(source: DirectorySource): ToolAnnotations {
  return { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: source.kind === 'url' };
}

export interface McpOptions {
  source: DirectorySource;
  /** Reported to the client in the initialize handshake. */
  version?: string;
}

export function createDirectoryMcpServer(options: McpOptions): McpServer {
  const directory: Directory = { source: options.source, client: clientFor(options.source) };
  const annotations = annotationsFor(options.source);
  const server = new McpServer(
    { name: 'ai-coding-models-directory', version: options.version ?? '0.1.0' },
    {
      instructions:
        'Facts about AI coding models: prices (USD per 1M tokens), context windows, benchmark scores (measured or estimated), platforms and use cases, each with its source. Use estimate_cost for what a workload costs and recommend_models to choose a model under constraints.',
    },
  );
  server.registerTool(
    'search_models',
    {
      title: 'Search AI coding models',
      description:
        'Find models by text (id, name, alias, provider) and filters. Returns one page of compact rows (key prices, context, overallScore, how many of the benchmarks it weighs are measured and by whom, price source), best score first; pass nextOffset as offset for the next page. get_model has every fact of one model.',
      inputSchema: z.strictObject(SEARCH_INPUT),
      outputSchema: SEARCH_OUTPUT,
      annotations,
    },
    async (input) => guarded(() => searchModels(directory, input), summarizeSearch),
  );
  server.registerTool(
    'get_model',
    {
      title: 'Get one AI coding model with its sources',
      description:
        'Everything about one model by id, API alias or dated snapshot: prices with tiers and promotions, context, lifecycle and successor, every benchmark score (measured with its source, or estimated), the platforms that offer it and how they bill it, and the source of every fact.',
      inputSchema: z.strictObject(GET_INPUT),
      outputSchema: GET_OUTPUT,
      annotations,
    },
    async (input) => guarded(() => getModel(directory, input), summarizeModel),
  );
  server.registerTool(
    'estimate_cost',
    {
      title: 'Estimate the cost of a workload on a model',
      description:
        "What a workload costs on one model by the directory's cost engine: long-context tiers, cache reads and writes, batch, promotions and off-peak rates in force at the instant, and how a platform bills the model. Cites the price source.",
      inputSchema: z.strictObject(ESTIMATE_INPUT),
      outputSchema: ESTIMATE_OUTPUT,
      annotations,
    },
    async (input) => guarded(() => estimateCost(directory, input), summarizeEstimate),
  );
  server.registerTool(
    'recommend_models',
    {
      title: 'Recommend models for a use case or constraints',
      description:
        'Models ranked for a use case (its computed top picks) or for a workload under constraints: budget for the workload, minimum context, open weights, platform, capabilities, provider. Ranks by cost, score or value (score per dollar); says which scores are estimated.',
      inputSchema: z.strictObject(RECOMMEND_INPUT),
      outputSchema: RECOMMEND_OUTPUT,
      annotations,
    },
    async (input) => guarded(() => recommendModels(directory, input), summarizeRecommend),
  );
  server.registerTool(
    'list_changes',
    {
      title: 'List recent changes to the directory',
      description:
        'Recent data releases, newest first, with their per-field changes (prices, context windows, scores, models added, deprecated or retired).',
      inputSchema: z.strictObject(CHANGES_INPUT),
      outputSchema: CHANGES_OUTPUT,
      annotations,
    },
    async (input) => guarded(() => listChanges(directory, input), summarizeChanges),
  );
  registerUsageTools(server, directory, annotations);
  listPortableSchemas(server);
  return server;
}
