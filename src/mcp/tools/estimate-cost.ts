/** estimate_cost: what a workload costs on one model (and platform) at an instant, by the cost engine. */
import { z } from 'zod';
import { costOf, findTool, type Platform, platformById } from '../../../packages/client/src/index.ts';
import { dataSource, type Directory, loadCore } from '../answers.ts';
import { WORKLOAD_INPUT } from '../inputs.ts';
import { DATA_SOURCE, usd } from '../outputs.ts';
import { defineTool, type InputOf } from '../tool.ts';

const INPUT = {
  model: z.string().min(1).max(200).describe('Model id, alias or dated snapshot.'),
  platform: z.string().min(1).optional().describe('Platform id the requests go through, e.g. "cursor".'),
  ...WORKLOAD_INPUT,
};

const OUTPUT = z.looseObject({
  model: z.looseObject({ id: z.string(), name: z.string(), status: z.string() }),
  platform: z.string().nullable(),
  at: z.string(),
  cost: z.looseObject({ kind: z.string(), usd }),
  explanation: z.string(),
  dataSource: DATA_SOURCE,
});

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
async function estimateCost(directory: Directory, input: InputOf<typeof INPUT>) {
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

const summarizeEstimate = (v: Awaited<ReturnType<typeof estimateCost>>): string =>
  `${v.model.id}${v.platform ? ` on ${v.platform}` : ''} at ${v.at}: ${v.explanation} Breakdown in structuredContent.`;

export const estimateCostTool = defineTool({
  name: 'estimate_cost',
  title: 'Estimate the cost of a workload on a model',
  description:
    "What a workload costs on one model by the directory's cost engine: long-context tiers, cache reads and writes, batch, promotions and off-peak rates in force at the instant, and how a platform bills the model. Cites the price source.",
  input: INPUT,
  output: OUTPUT,
  run: estimateCost,
  summary: summarizeEstimate,
});
