/** search_models: one page of the models that pass the filters, best overallScore first. */
import { z } from 'zod';
import {
  type BenchmarkModel,
  evidenceAccount,
  filterTools,
  type Tool,
  type ToolFilter,
} from '../../../packages/client/src/index.ts';
import { type Aggregate, cite, dataSource, type Directory, loadCore, scoresById } from '../answers.ts';
import { capability, MEASURED_ONLY, MIN_SCORES, STATUSES, tokens } from '../inputs.ts';
import { DATA_SOURCE, usd } from '../outputs.ts';
import { defineTool, type InputOf } from '../tool.ts';

const INPUT = {
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
  minScores: MIN_SCORES,
  measuredOnly: MEASURED_ONLY,
  maxUsdPerSolvedTask: z
    .number()
    .min(0)
    .optional()
    .describe(
      "Most USD per solved task on the model's headline configuration; a model without that figure is left out.",
    ),
  minOutputTokensPerSecond: z
    .number()
    .min(0)
    .optional()
    .describe('Fewest output tokens per second (median over published endpoints); a model without it is left out.'),
  offset: z.number().int().min(0).default(0).describe('Skip this many models: the nextOffset of the previous page.'),
  limit: z.number().int().min(1).max(50).default(20).describe('Models per page (at most 50), best overallScore first.'),
};

/** One row of search_models: enough to choose, not everything (get_model has the rest). */
const SEARCH_ROW = z.looseObject({
  id: z.string(),
  name: z.string(),
  provider: z.string(),
  status: z.string(),
  contextTokens: z.number().nullable(),
  maxOutputTokens: z.number().nullable(),
  pricing: z.looseObject({ input: usd, output: usd, cacheRead: usd, blended: usd, unit: z.string() }),
  openWeights: z.boolean().nullable(),
  reasoning: z.boolean().nullable(),
  imageInput: z.boolean().nullable(),
  overallScore: z.number().nullable(),
  measuredCount: z
    .number()
    .int()
    .nullable()
    .describe(
      'How many of the benchmarks overallScore weighs are measured (benchmarks.json measuredCount); null when not scored.',
    ),
  weightedCount: z.number().int().nullable().describe('How many benchmarks overallScore weighs; null when not scored.'),
  evidence: z
    .enum(['independent-measured', 'developer-reported', 'estimated'])
    .nullable()
    .describe('What overallScore rests on (benchmarks.json evidence); null when not scored.'),
  evidenceNote: z
    .string()
    .nullable()
    .describe('The same in a sentence: which weighted benchmarks are measured, by whom, and which are estimated.'),
  pricingPage: z.string().describe("The provider's pricing page."),
  details: z.string().describe("URL of the model's own document: every source in full, scores, platforms, costs."),
});

const OUTPUT = z.looseObject({
  count: z.number().int().describe('Models matching the filters, over all pages.'),
  offset: z.number().int(),
  nextOffset: z.number().int().nullable().describe('Pass as offset for the next page; null on the last page.'),
  models: z.array(SEARCH_ROW),
  dataSource: DATA_SOURCE,
});

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
    // Releases cut before the flag was published lack it: unknown.
    imageInput: tool.imageInput ?? null,
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
async function searchModels(directory: Directory, input: InputOf<typeof INPUT>) {
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

type SearchAnswer = Awaited<ReturnType<typeof searchModels>>;

const ids = (rows: readonly { id: string }[]) => rows.map((r) => r.id).join(', ');

function summarizeSearch(v: SearchAnswer): string {
  if (v.count === 0) return 'No model matches these filters.';
  const last = v.offset + v.models.length;
  const page = `Models ${v.offset + 1}-${last} of ${v.count}, best overallScore first: ${ids(v.models)}.`;
  return `${page} ${v.nextOffset === null ? 'Last page.' : `Next page: offset ${v.nextOffset}.`} Rows in structuredContent; get_model has every fact of one.`;
}

export const searchModelsTool = defineTool({
  name: 'search_models',
  title: 'Search AI coding models',
  description:
    'Find models by text (id, name, alias, provider) and filters. Returns one page of compact rows (key prices, context, overallScore, how many of the benchmarks it weighs are measured and by whom, price source), best score first; pass nextOffset as offset for the next page. get_model has every fact of one model.',
  input: INPUT,
  output: OUTPUT,
  run: searchModels,
  summary: summarizeSearch,
});
