/** The MCP tools that look facts up: search_models, get_model, estimate_cost and list_changes. */
import {
  type BenchmarkModel,
  costOf,
  evidenceAccount,
  filterTools,
  findTool,
  joinTool,
  type Platform,
  platformById,
  resolveSuccessor,
  selectChanges,
  type Tool,
  type ToolFilter,
} from '../../packages/client/src/index.ts';
import { type Aggregate, cite, dataSource, type Directory, loadCore, scoresById, summary } from './answers.ts';
import type { CHANGES_INPUT, ESTIMATE_INPUT, GET_INPUT, InputOf, SEARCH_INPUT, WORKLOAD_INPUT } from './inputs.ts';

/** A search row: what it takes to choose a model, in a few hundred bytes (get_model has the rest). */
function searchRow(tool: Tool, benchmark: BenchmarkModel | undefined, aggregate: Aggregate, modelDocument: string) {
  const account = benchmark ? evidenceAccount(benchmark.scoreDetails, aggregate) : null;
  return {
    id: tool.id,
    name: tool.name,
    provider: tool.provider,
    status: tool.status,
    contextTokens: tool.contextTokens,
    maxOutputTokens: tool.maxOutputTokens,
    pricing: {
      input: tool.pricing.input,
      output: tool.pricing.output,
      cacheRead: tool.pricing.cacheRead,
      blended: tool.blendedPrice,
      unit: 'USD per 1M tokens',
    },
    openWeights: tool.openWeights,
    reasoning: tool.reasoning,
    overallScore: benchmark?.overallScore ?? null,
    measuredCount: account?.measured ?? null,
    weightedCount: account?.weighted ?? null,
    evidence: benchmark?.evidence ?? null,
    evidenceNote: account?.text ?? null,
    pricingPage: tool.url,
    details: modelDocument,
  };
}

/** search_models: one page of the models that pass the filters, best overallScore first. */
export async function searchModels(directory: Directory, input: InputOf<typeof SEARCH_INPUT>) {
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
    minScores: input.minScores,
    measuredOnly: input.measuredOnly,
    maxSolvedTaskUsd: input.maxUsdPerSolvedTask,
    minOutputTokensPerSecond: input.minOutputTokensPerSecond,
  };
  const scores = scoresById(data.benchmarks);
  const found = filterTools(data.tools, filter, { platforms: data.platforms, benchmarks: data.benchmarks }).sort(
    (a, b) =>
      (scores.get(b.id)?.overallScore ?? -1) - (scores.get(a.id)?.overallScore ?? -1) || a.id.localeCompare(b.id),
  );
  const end = input.offset + input.limit;
  return {
    count: found.length,
    offset: input.offset,
    nextOffset: end < found.length ? end : null,
    models: found
      .slice(input.offset, end)
      .map((t) => searchRow(t, scores.get(t.id), data.aggregate, cite(directory, `models/${t.id}.json`))),
    dataSource: dataSource(directory, data.lastUpdated, ['tools.json', 'benchmarks.json']),
  };
}

/**
 * get_model: one model with every fact's source, its successor if replaced, and the platforms that offer it.
 * The sources in full (names, URLs, notes) and the conflicts come from the model's own document.
 */
export async function getModel(directory: Directory, { id }: InputOf<typeof GET_INPUT>) {
  const data = await loadCore(directory.client);
  const tool = findTool(data.tools, id);
  const record = (await directory.client.model(tool.id)).tool;
  const joined = joinTool(tool, { benchmarks: data.benchmarks, platforms: data.platforms });
  const succession = resolveSuccessor(data.tools, tool.id);
  return {
    model: {
      ...summary(tool, joined.benchmark, data),
      aliases: tool.aliases,
      pricingDetails: tool.pricingDetails,
      conflicts: record.conflicts,
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
    sources: record.sources,
    lifecycle: record.lifecycle,
    benchmarkResults: joined.benchmark?.results ?? [],
    // Cost and time per task as published: the headline, every configuration with its runs, the estimates.
    taskCost: joined.benchmark?.taskCost ?? null,
    dataSource: dataSource(directory, data.lastUpdated, [
      `models/${tool.id}.json`,
      'tools.json',
      'benchmarks.json',
      'platforms.json',
    ]),
  };
}

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
export async function estimateCost(directory: Directory, input: InputOf<typeof ESTIMATE_INPUT>) {
  const data = await loadCore(directory.client);
  const tool = findTool(data.tools, input.model);
  const at = input.at ?? new Date().toISOString();
  const platform = input.platform ? platformById(data.platforms, input.platform) : undefined;
  const cost = costOf(tool, usageOf(input), { at, platform, requests: input.requests });
  const record = (await directory.client.model(tool.id)).tool;
  return {
    model: { id: tool.id, name: tool.name, status: tool.status },
    platform: platform?.id ?? null,
    at,
    cost,
    explanation: costExplanation(cost, platform),
    sources: {
      pricing: record.sources.pricing,
      pricingPage: tool.url,
      platform: platform ? platform.sources : null,
    },
    dataSource: dataSource(directory, data.lastUpdated, [
      'tools.json',
      `models/${tool.id}.json`,
      ...(platform ? ['platforms.json'] : []),
    ]),
  };
}

/** The cost in one sentence: the total and the rate that made it, why there is no total, or how the platform bills instead. */
function costExplanation(cost: ReturnType<typeof costOf>, platform: Platform | undefined): string {
  if (cost.kind === 'exceeds-limits') return cost.warnings.filter((w) => w.startsWith('One request')).join(' ');
  if (cost.unknownBatchRate)
    return 'Unknown batch rate: no batch price is published for this model, so no total (never the list price).';
  return cost.kind === 'usd'
    ? `$${cost.usd}${cost.requests > 1 ? ` for ${cost.requests} requests ($${cost.perRequest?.usd} each)` : ''} at ${cost.modifier ? `the ${cost.modifier.kind} rate` : cost.tier ? `the long-context tier above ${cost.tier.aboveTokens} prompt tokens` : cost.free ? 'no charge (free model)' : 'list rates'}.`
    : cost.kind === 'unpriced'
      ? `No published price for ${cost.missing.join(', ')}, so no total.`
      : `${platform?.name ?? 'The platform'} does not bill this model per token in USD (${cost.kind}${cost.platform?.multiplier != null ? `, multiplier ${cost.platform.multiplier}` : ''}).`;
}

/**
 * list_changes: the releases that match (since a date, to one model, of some kinds), newest first, each with its
 * matching changes; `matching` counts them all before `limit`, following the monthly archive back to `since`.
 */
export async function listChanges(directory: Directory, input: InputOf<typeof CHANGES_INPUT>) {
  const { client } = directory;
  const [{ releases, totalReleases }, { lastUpdated }, tools] = await Promise.all([
    client.getReleases(input.since),
    client.getChanges(),
    input.model ? client.getTools() : undefined,
  ]);
  const toolId = input.model ? findTool(tools!.tools, input.model).id : undefined;
  const selected = selectChanges(releases, {
    since: input.since,
    toolId,
    kinds: input.kinds,
    refits: input.refits,
    limit: input.limit,
  });
  return {
    releases: selected.releases.map(({ release, changes, refitsLeftOut }) => ({
      id: release.id,
      date: release.date,
      summary: release.summary,
      url: cite(directory, `v/${release.id}/release.json`),
      changes,
      refitsLeftOut,
    })),
    matching: selected.matching,
    totalReleases,
    dataSource: dataSource(directory, lastUpdated, ['changes.json']),
  };
}
