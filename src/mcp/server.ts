/**
 * The MCP server: the directory as tools a coding agent can call. Every input is validated by a
 * zod schema (the SDK answers a malformed call with an error naming the field); every answer is
 * JSON (also as structuredContent) that cites where each fact comes from (the source of each
 * price and context window, the source of each measured benchmark score) and says which scores
 * are estimated by the directory's scoring model rather than measured.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import {
  type BenchmarkModel,
  CAPABILITIES,
  costOf,
  type DirectoryClient,
  DirectoryError,
  filterTools,
  findTool,
  joinTool,
  type Platform,
  platformById,
  type RankBy,
  rankTools,
  resolveSuccessor,
  type Tool,
  type ToolFilter,
  type UseCase,
} from '../../packages/client/src/index.ts';
import { citeUrl, clientFor, type DirectorySource, describeSource } from './source.ts';

const STATUSES = ['active', 'preview', 'deprecated', 'retired'] as const;
const capability = z.enum(CAPABILITIES as unknown as [string, ...string[]]);
const tokens = (what: string) => z.number().int().min(0).describe(what);

type Answer = {
  content: { type: 'text'; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
};

function answer(value: Record<string, unknown>): Answer {
  return {
    content: [
      { type: 'text', text: JSON.stringify(value, (_k, v) => (v === Number.POSITIVE_INFINITY ? 'Infinity' : v), 2) },
    ],
    structuredContent: JSON.parse(JSON.stringify(value)),
  };
}

function failure(error: unknown): Answer {
  const message = error instanceof Error ? error.message : String(error);
  return { content: [{ type: 'text', text: message }], isError: true };
}

/** Runs a tool body; a DirectoryError or CostError becomes an error answer the agent can read. */
async function guarded(body: () => Promise<Record<string, unknown>>): Promise<Answer> {
  try {
    return answer(await body());
  } catch (error) {
    if (error instanceof DirectoryError || (error instanceof Error && error.name === 'CostError'))
      return failure(error);
    throw error;
  }
}

/** Scores with their provenance: which are measured (and where) and which are estimated. */
function scoresOf(benchmark: BenchmarkModel | undefined | null) {
  if (!benchmark) return { overallScore: null, note: 'Not scored: no published benchmark result for this model.' };
  const details = Object.entries(
    benchmark.scoreDetails as Record<
      string,
      { kind: string; value: number; source: string | null; date: string | null }
    >,
  );
  const estimated = details.filter(([, d]) => d.kind === 'estimated').map(([field]) => field);
  return {
    overallScore: benchmark.overallScore,
    benchmarks: Object.fromEntries(
      details.map(([field, d]) => [
        field,
        d.kind === 'measured'
          ? { value: d.value, kind: 'measured', source: d.source, date: d.date }
          : { value: d.value, kind: 'estimated' },
      ]),
    ),
    estimated,
    note: estimated.length
      ? `overallScore combines ${details.length - estimated.length} measured and ${estimated.length} estimated benchmark scores (${estimated.join(', ')} estimated by the directory's scoring model from the model's other published results).`
      : 'Every benchmark score in overallScore is measured.',
  };
}

function summary(tool: Tool, benchmark: BenchmarkModel | undefined | null) {
  return {
    id: tool.id,
    name: tool.name,
    provider: tool.provider,
    status: tool.status,
    replacedBy: tool.replacedBy,
    releaseDate: tool.releaseDate,
    contextTokens: tool.contextTokens,
    maxOutputTokens: tool.maxOutputTokens,
    pricing: { ...tool.pricing, unit: 'USD per 1M tokens', blended: tool.blendedPrice },
    openWeights: tool.openWeights,
    reasoning: tool.reasoning,
    toolCalling: tool.toolCalling,
    score: scoresOf(benchmark),
    sources: {
      pricing: tool.sources.pricing.url,
      contextWindow: tool.sources.contextWindow.url,
      pricingPage: tool.url,
    },
  };
}

export interface McpOptions {
  source: DirectorySource;
  /** Reported to the client in the initialize handshake. */
  version?: string;
}

/** What every tool reads through: where the data comes from and the client that reads it. */
interface Directory {
  source: DirectorySource;
  client: DirectoryClient;
}

/** The input a tool body gets: its input shape as the SDK validated it (defaults applied). */
type InputOf<Shape extends z.ZodRawShape> = z.output<z.ZodObject<Shape>>;

/** The three documents most tools read: tools, benchmark models and platforms. */
async function loadCore(client: DirectoryClient) {
  const [tools, benchmarks, platforms] = await Promise.all([
    client.getTools(),
    client.getBenchmarks(),
    client.getPlatforms(),
  ]);
  return {
    tools: tools.tools,
    lastUpdated: tools.lastUpdated,
    benchmarks: benchmarks.benchmarks.models,
    platforms: platforms.platforms,
  };
}

type Core = Awaited<ReturnType<typeof loadCore>>;

const cite = (directory: Directory, apiPath: string) => citeUrl(directory.source, directory.client, apiPath);

/** Where an answer's facts come from: the source, the data date and the documents read, and their license. */
function dataSource(directory: Directory, lastUpdated: string, documents: string[]) {
  return {
    from: describeSource(directory.source),
    lastUpdated,
    documents: documents.map((apiPath) => cite(directory, apiPath)),
    license: 'CC0-1.0',
  };
}

function scoresById(benchmarks: readonly BenchmarkModel[]): Map<string, BenchmarkModel> {
  return new Map(benchmarks.map((b) => [b.modelId, b]));
}

const SEARCH_INPUT = {
  query: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe('Text in the id, name, provider or an API alias, e.g. "sonnet" or "gpt-5.4".'),
  provider: z.string().min(1).optional().describe('Provider name or slug, e.g. "Anthropic" or "openai".'),
  category: z
    .string()
    .min(1)
    .optional()
    .describe('Category slug: frontier, budget, open-weight, reasoning or coding-specialist.'),
  platform: z.string().min(1).optional().describe('Platform id where the model must be offered, e.g. "cursor".'),
  status: z.array(z.enum(STATUSES)).optional().describe('Lifecycle statuses to include (default: all).'),
  capabilities: z.array(capability).optional().describe('Capabilities the model must have.'),
  minContextTokens: tokens('Minimum context window in tokens.').optional(),
  maxBlendedPrice: z
    .number()
    .min(0)
    .optional()
    .describe('Maximum blended price (3 input : 1 output), USD per 1M tokens.'),
  limit: z.number().int().min(1).max(113).default(20).describe('At most this many models (best overallScore first).'),
};

/** search_models: the models that pass the filters, best overallScore first. */
async function searchModels(directory: Directory, input: InputOf<typeof SEARCH_INPUT>) {
  const data = await loadCore(directory.client);
  const filter: ToolFilter = {
    search: input.query,
    provider: input.provider,
    category: input.category,
    platform: input.platform,
    status: input.status,
    capability: input.capabilities as ToolFilter['capability'],
    minContext: input.minContextTokens,
    maxPrice: input.maxBlendedPrice,
  };
  const scores = scoresById(data.benchmarks);
  const found = filterTools(data.tools, filter, { platforms: data.platforms }).sort(
    (a, b) =>
      (scores.get(b.id)?.overallScore ?? -1) - (scores.get(a.id)?.overallScore ?? -1) || a.id.localeCompare(b.id),
  );
  return {
    count: found.length,
    models: found.slice(0, input.limit).map((t) => summary(t, scores.get(t.id))),
    dataSource: dataSource(directory, data.lastUpdated, ['tools.json', 'benchmarks.json']),
  };
}

const GET_INPUT = {
  id: z.string().min(1).max(200).describe('Model id, API alias or dated snapshot, e.g. "claude-haiku-4-5-20251001".'),
};

/** get_model: one model with every fact's source, its successor if replaced, and the platforms that offer it. */
async function getModel(directory: Directory, { id }: InputOf<typeof GET_INPUT>) {
  const data = await loadCore(directory.client);
  const tool = findTool(data.tools, id);
  const joined = joinTool(tool, { benchmarks: data.benchmarks, platforms: data.platforms });
  const succession = resolveSuccessor(data.tools, tool.id);
  return {
    model: {
      ...summary(tool, joined.benchmark),
      aliases: tool.aliases,
      pricingDetails: tool.pricingDetails,
      conflicts: tool.conflicts,
      description: tool.description,
      features: tool.features,
      bestFor: tool.bestFor,
    },
    successor: succession.replaced
      ? {
          id: succession.current.id,
          chain: succession.chain.map((t) => t.id),
          note: `${tool.id} is ${tool.status}; use ${succession.current.id}.`,
        }
      : null,
    platforms: joined.platforms.map(({ platform, billing }) => ({
      id: platform.id,
      name: platform.name,
      billing: billing.billing,
      multiplier: billing.multiplier,
      note: billing.note,
      asOf: billing.asOf,
    })),
    sources: tool.sources,
    benchmarkResults: joined.benchmark?.results ?? [],
    dataSource: dataSource(directory, data.lastUpdated, ['tools.json', 'benchmarks.json', 'platforms.json']),
  };
}

const WORKLOAD_INPUT = {
  inputTokens: tokens('Uncached input (prompt) tokens.'),
  outputTokens: tokens('Output tokens, reasoning tokens included.'),
  cacheReadTokens: tokens('Prompt tokens read from the cache.').default(0),
  cacheWriteTokens: tokens('Prompt tokens written to the cache (default lifetime).').default(0),
  cacheWrite1hTokens: tokens('Prompt tokens written to a one-hour cache.').default(0),
  batch: z.boolean().default(false).describe("Through the provider's batch interface."),
  at: z
    .string()
    .optional()
    .describe('ISO 8601 instant of the requests (promotions and off-peak rates in force then); default: now.'),
};

const ESTIMATE_INPUT = {
  model: z.string().min(1).max(200).describe('Model id, alias or dated snapshot.'),
  platform: z.string().min(1).optional().describe('Platform id the requests go through, e.g. "cursor".'),
  ...WORKLOAD_INPUT,
};

/** The cost engine's usage from the tool's workload fields. */
function usageOf(w: InputOf<typeof WORKLOAD_INPUT>) {
  return {
    input: w.inputTokens,
    output: w.outputTokens,
    cacheRead: w.cacheReadTokens,
    cacheWrite: w.cacheWriteTokens,
    cacheWrite1h: w.cacheWrite1hTokens,
    batch: w.batch,
  };
}

/** estimate_cost: what the workload costs on one model (and platform) at an instant, by the cost engine. */
async function estimateCost(directory: Directory, input: InputOf<typeof ESTIMATE_INPUT>) {
  const data = await loadCore(directory.client);
  const tool = findTool(data.tools, input.model);
  const at = input.at ?? new Date().toISOString();
  const platform = input.platform ? platformById(data.platforms, input.platform) : undefined;
  const cost = costOf(tool, usageOf(input), { at, platform });
  return {
    model: { id: tool.id, name: tool.name, status: tool.status },
    platform: platform?.id ?? null,
    at,
    cost,
    explanation: costExplanation(cost, platform),
    sources: {
      pricing: tool.sources.pricing,
      pricingPage: tool.url,
      platform: platform ? platform.sources : null,
    },
    dataSource: dataSource(directory, data.lastUpdated, ['tools.json', ...(platform ? ['platforms.json'] : [])]),
  };
}

/** The cost in one sentence: the total and the rate that made it, why there is no total, or how the platform bills instead. */
function costExplanation(cost: ReturnType<typeof costOf>, platform: Platform | undefined): string {
  return cost.kind === 'usd'
    ? `$${cost.usd} at ${cost.modifier ? `the ${cost.modifier.kind} rate` : cost.tier ? `the long-context tier above ${cost.tier.aboveTokens} prompt tokens` : cost.free ? 'no charge (free model)' : 'list rates'}.`
    : cost.kind === 'unpriced'
      ? `No published price for ${cost.missing.join(', ')}, so no total.`
      : `${platform?.name ?? 'The platform'} does not bill this model per token in USD (${cost.kind}${cost.platform?.multiplier != null ? `, multiplier ${cost.platform.multiplier}` : ''}).`;
}

const RECOMMEND_INPUT = {
  useCase: z
    .string()
    .min(1)
    .optional()
    .describe('Use case id, e.g. "ai-code-review"; its scenario is the default workload.'),
  inputTokens: tokens('Input tokens of the workload (default: the use case scenario, else 100000).').optional(),
  outputTokens: tokens('Output tokens of the workload (default: the use case scenario, else 10000).').optional(),
  cacheReadTokens: tokens('Prompt tokens read from the cache.').default(0),
  budgetUsd: z.number().min(0).optional().describe('Maximum cost of the workload in USD.'),
  minContextTokens: tokens('Minimum context window in tokens.').optional(),
  openWeights: z.boolean().optional().describe('Only models with published weights.'),
  platform: z.string().min(1).optional().describe('Only models offered on this platform, priced as it bills them.'),
  capabilities: z.array(capability).optional().describe('Capabilities the model must have.'),
  provider: z.string().min(1).optional().describe('Only this provider.'),
  rankBy: z.enum(['cost', 'score', 'value']).optional().describe("Ranking (default: the use case's, else value)."),
  limit: z.number().int().min(1).max(50).default(5),
};

type RecommendInput = InputOf<typeof RECOMMEND_INPUT>;

/** recommend_models: a use case's own top picks when nothing else is asked, else models ranked under the constraints. */
async function recommendModels(directory: Directory, input: RecommendInput) {
  const data = await loadCore(directory.client);
  const useCase = await useCaseNamed(directory.client, input.useCase);
  const scores = scoresById(data.benchmarks);
  if (useCase && !constrained(input)) return useCasePicks(directory, data, useCase, scores);
  return rankedUnderConstraints(directory, data, input, useCase, scores);
}

/** The use case named by id or slug (any case), or undefined when none is named; an unknown one is refused. */
async function useCaseNamed(client: DirectoryClient, name: string | undefined): Promise<UseCase | undefined> {
  const { useCases } = name ? await client.getUseCases() : { useCases: [] };
  const useCase = name ? useCases.find((u) => u.id === name.toLowerCase() || u.slug === name.toLowerCase()) : undefined;
  if (name && !useCase)
    throw new DirectoryError('not-found', `unknown use case "${name}"; known: ${useCases.map((u) => u.id).join(', ')}`);
  return useCase;
}

/** Whether the call asks for more than a use case's picks: a workload, a constraint or a ranking. */
function constrained(input: RecommendInput): boolean {
  return [
    input.inputTokens,
    input.outputTokens,
    input.budgetUsd,
    input.minContextTokens,
    input.openWeights,
    input.platform,
    input.capabilities,
    input.provider,
    input.rankBy,
  ].some((v) => v !== undefined);
}

/** The use case's top picks exactly as the build computed them. */
function useCasePicks(directory: Directory, data: Core, useCase: UseCase, scores: Map<string, BenchmarkModel>) {
  return {
    useCase: {
      id: useCase.id,
      title: useCase.title,
      sortBy: useCase.sortBy,
      scenario: useCase.scenario,
      filter: useCase.filter,
    },
    results: useCase.topPicks.map((id, i) => {
      const tool = data.tools.find((t) => t.id === id)!;
      return {
        rank: i + 1,
        scenarioCostUsd: useCase.topPickCosts.find((c) => c.toolId === id)?.scenarioCostUsd ?? null,
        ...summary(tool, scores.get(id)),
      };
    }),
    method:
      "The use case's top picks as computed by the directory build (filter, then sortBy; ties by scenario cost, then id).",
    dataSource: dataSource(directory, data.lastUpdated, ['use-cases.json', 'tools.json', 'benchmarks.json']),
  };
}

/** The ranking a use case's sortBy implies when the call names none: score or value; any other sortBy ranks by cost. */
const RANK_OF_SORT_BY: Record<string, RankBy> = { scoreDesc: 'score', valueDesc: 'value' };

/** Models ranked for the workload (the use case's scenario by default) under the constraints, now. */
function rankedUnderConstraints(
  directory: Directory,
  data: Core,
  input: RecommendInput,
  useCase: UseCase | undefined,
  scores: Map<string, BenchmarkModel>,
) {
  const by: RankBy = input.rankBy ?? (useCase ? (RANK_OF_SORT_BY[useCase.sortBy] ?? 'cost') : 'value');
  const usage = {
    input: input.inputTokens ?? useCase?.scenario.inputTokens ?? 100_000,
    output: input.outputTokens ?? useCase?.scenario.outputTokens ?? 10_000,
    cacheRead: input.cacheReadTokens,
  };
  const filter: ToolFilter = {
    provider: input.provider,
    capability: input.capabilities as ToolFilter['capability'],
    minContext: input.minContextTokens ?? useCase?.filter.minContextTokens ?? undefined,
    category: useCase?.filter.categories ?? undefined,
  };
  const platform = input.platform ? platformById(data.platforms, input.platform) : undefined;
  const at = new Date().toISOString();
  let ranked = rankTools(data.tools, usage, { by, at, benchmarks: data.benchmarks, platform, filter });
  const openWeights = input.openWeights ?? useCase?.filter.openWeights ?? undefined;
  if (openWeights !== undefined) ranked = ranked.filter((r) => r.tool.openWeights === openWeights);
  if (input.budgetUsd !== undefined) ranked = ranked.filter((r) => r.usd !== null && r.usd <= input.budgetUsd!);
  return {
    useCase: useCase ? { id: useCase.id, title: useCase.title } : null,
    workload: usage,
    at,
    rankBy: by,
    constraints: {
      budgetUsd: input.budgetUsd ?? null,
      minContextTokens: filter.minContext ?? null,
      openWeights: openWeights ?? null,
      platform: platform?.id ?? null,
      capabilities: input.capabilities ?? [],
      provider: input.provider ?? null,
    },
    count: ranked.length,
    results: ranked.slice(0, input.limit).map((r, i) => ({
      rank: i + 1,
      costUsd: r.usd,
      costKind: r.cost.kind,
      scorePerDollar: r.value,
      ...summary(r.tool, scores.get(r.tool.id)),
    })),
    method: `Deprecated and retired models left out; cost by the directory's cost engine at ${at}; ranked by ${by === 'value' ? 'overallScore per dollar of the workload' : by}.`,
    dataSource: dataSource(directory, data.lastUpdated, [
      'tools.json',
      'benchmarks.json',
      'platforms.json',
      ...(useCase ? ['use-cases.json'] : []),
    ]),
  };
}

const CHANGES_INPUT = {
  limit: z.number().int().min(1).max(50).default(3).describe('Releases to return.'),
  model: z.string().min(1).optional().describe('Only changes to this model (id, alias or snapshot).'),
  since: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional()
    .describe('Only releases on or after this date (YYYY-MM-DD).'),
};

/** list_changes: the newest releases (since a date), each with its changes (to one model). */
async function listChanges(directory: Directory, input: InputOf<typeof CHANGES_INPUT>) {
  const { client } = directory;
  const [{ releases, lastUpdated }, tools] = await Promise.all([
    client.getChanges(),
    input.model ? client.getTools() : undefined,
  ]);
  const modelId = input.model ? findTool(tools!.tools, input.model).id : undefined;
  const selected = releases
    .filter((r) => !input.since || r.date >= input.since)
    .slice(0, input.limit)
    .map((r) => ({
      id: r.id,
      date: r.date,
      summary: r.summary,
      url: cite(directory, `v/${r.id}/release.json`),
      changes: modelId ? r.changes.filter((c) => c.toolId === modelId) : r.changes,
    }));
  return {
    releases: selected,
    totalReleases: releases.length,
    dataSource: dataSource(directory, lastUpdated, ['changes.json']),
  };
}

export function createDirectoryMcpServer(options: McpOptions): McpServer {
  const directory: Directory = { source: options.source, client: clientFor(options.source) };
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
        'Find models by text (id, name, alias, provider) and filters. Returns key facts, scores (measured or estimated) and source URLs.',
      inputSchema: SEARCH_INPUT,
    },
    async (input) => guarded(() => searchModels(directory, input)),
  );
  server.registerTool(
    'get_model',
    {
      title: 'Get one AI coding model with its sources',
      description:
        'Everything about one model by id, API alias or dated snapshot: prices with tiers and promotions, context, lifecycle and successor, every benchmark score (measured with its source, or estimated), the platforms that offer it and how they bill it, and the source of every fact.',
      inputSchema: GET_INPUT,
    },
    async (input) => guarded(() => getModel(directory, input)),
  );
  server.registerTool(
    'estimate_cost',
    {
      title: 'Estimate the cost of a workload on a model',
      description:
        "What a workload costs on one model by the directory's cost engine: long-context tiers, cache reads and writes, batch, promotions and off-peak rates in force at the instant, and how a platform bills the model. Cites the price source.",
      inputSchema: ESTIMATE_INPUT,
    },
    async (input) => guarded(() => estimateCost(directory, input)),
  );
  server.registerTool(
    'recommend_models',
    {
      title: 'Recommend models for a use case or constraints',
      description:
        'Models ranked for a use case (its computed top picks) or for a workload under constraints: budget for the workload, minimum context, open weights, platform, capabilities, provider. Ranks by cost, score or value (score per dollar); says which scores are estimated.',
      inputSchema: RECOMMEND_INPUT,
    },
    async (input) => guarded(() => recommendModels(directory, input)),
  );
  server.registerTool(
    'list_changes',
    {
      title: 'List recent changes to the directory',
      description:
        'Recent data releases, newest first, with their per-field changes (prices, context windows, scores, models added, deprecated or retired).',
      inputSchema: CHANGES_INPUT,
    },
    async (input) => guarded(() => listChanges(directory, input)),
  );
  return server;
}
