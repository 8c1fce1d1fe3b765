/**
 * The published documents. Field names and meanings of the original specification
 * (../shared/spec/directory-api.md) are kept; every extra field is marked `[extension]`
 * in its description so the published JSON Schema and OpenAPI document say so too.
 */
import { z } from 'zod';
import {
  conflict,
  httpsUrl,
  isoDate,
  isoTimestamp,
  percent,
  pricingDetails,
  slug,
  sortBy,
  toolSources,
  toolStatus,
  usdPerMillion,
  yearMonth,
} from './common.ts';
import { billingKind } from './source.ts';

const ext = (text: string) => `[extension] ${text}`;

export const tool = z
  .object({
    id: slug,
    name: z.string().describe('Display name.'),
    provider: z.string().describe('Company name of the provider.'),
    category: z.array(slug).describe('Category slugs; each matches the slug of a category. Derived from the category rules.'),
    pricing: z
      .object({ input: usdPerMillion, output: usdPerMillion, cacheRead: usdPerMillion, cacheCreate: usdPerMillion })
      .strict()
      .describe('Base list price in USD per 1M tokens. Cache prices are what a user pays (see pricingDetails.caching).'),
    description: z.string().describe('Free-text description of the model.'),
    features: z.array(z.string()).describe('Key capabilities.'),
    bestFor: z.string().describe('Recommended use case.'),
    contextWindow: z
      .string()
      .regex(/^\d+K tokens$/, 'must be "<number>K tokens"')
      .describe('Maximum context as text: contextTokens / 1000 rounded to the nearest integer, then "K tokens".'),
    releaseDate: yearMonth,
    url: httpsUrl.describe('Official pricing page URL (the host\'s page when the price is a host\'s).'),
    providerId: slug.describe(ext('Provider slug.')),
    contextTokens: z.number().int().positive().describe(ext('Exact context window in tokens.')),
    maxOutputTokens: z.number().int().positive().nullable().describe(ext('Maximum output tokens per request; null when not published.')),
    status: toolStatus.describe(ext(toolStatus.description ?? '')),
    replacedBy: slug.nullable().describe(ext('Id of the successor tool, or null.')),
    aliases: z.array(z.string()).describe(ext('API model strings (provider\'s, or the host\'s when priced via a host) and dated snapshots.')),
    openWeights: z.boolean().describe(ext('Weights are published.')),
    reasoning: z.boolean().nullable().describe(ext('Has a reasoning/thinking mode; null when the source does not say.')),
    toolCalling: z.boolean().nullable().describe(ext('Supports function/tool calling; null when the source does not say.')),
    codingSpecialized: z.boolean().describe(ext('Built and marketed specifically for coding.')),
    blendedPrice: usdPerMillion.describe(ext('(3 x input + 1 x output) / 4, USD per 1M tokens.')),
    pricingDetails: pricingDetails.describe(ext('Caching mode, free flag, long-context tiers and promotional/off-peak rates.')),
    sources: toolSources.describe(ext('Provenance of pricing, context window and release date.')),
    conflicts: z.array(conflict).describe(ext('Facts on which sources disagree, the value chosen and why.')),
  })
  .strict();

export const scoreDetail = z
  .object({
    kind: z.enum(['measured', 'estimated']),
    value: percent,
    series: slug.nullable().describe('Benchmark series of a measured value.'),
    source: z.string().nullable().describe('Source of a measured value, as published.'),
    date: z.string().nullable().describe('Date of a measured value.'),
    variant: z.string().nullable().describe('Harness/effort/split of a measured value.'),
    reportedBy: z.enum(['vendor', 'independent']).nullable(),
  })
  .strict();

export const benchmarkModel = z
  .object({
    modelId: slug.describe('Equals the id of a tool.'),
    modelName: z.string(),
    provider: z.string(),
    overallScore: percent.describe('Weighted aggregate of the four seed scores (see methodology).'),
    sweBench: percent,
    liveCodeBench: percent,
    humanEval: percent,
    bigCodeBench: percent,
    strengths: z.array(z.string()),
    weaknesses: z.array(z.string()),
    pricePerScorePoint: z.number().min(0).describe('Blended price (3:1 input:output, USD per 1M tokens) divided by overallScore.'),
    scoreDetails: z
      .object({ sweBench: scoreDetail, liveCodeBench: scoreDetail, humanEval: scoreDetail, bigCodeBench: scoreDetail })
      .strict()
      .describe(ext('Per seed benchmark: measured (with its source) or estimated by the scoring model.')),
    measuredCount: z.number().int().min(0).max(4).describe(ext('How many of the four seed scores are measured.')),
    capability: z.number().describe(ext('Fitted latent capability of the model (logit scale).')),
    results: z
      .array(
        z.object({ series: slug, value: percent, variant: z.string(), date: z.string(), source: z.string(), reportedBy: z.enum(['vendor', 'independent']) }).strict(),
      )
      .describe(ext('Every published result used for this model, as published.')),
  })
  .strict();

export const benchmarkSource = z
  .object({
    id: slug,
    name: z.string(),
    url: httpsUrl,
    license: z.string(),
    description: z.string().describe(ext('What the benchmark series measures.')),
    newestDataDate: z.string().describe(ext('Newest result date in this series.')),
    resultCount: z.number().int().min(0).describe(ext('Published results in this series.')),
    seedField: z.enum(['sweBench', 'liveCodeBench', 'humanEval', 'bigCodeBench']).nullable().describe(ext('Spec field it supplies, if any.')),
    crossValidation: z
      .object({ n: z.number().int(), maeModel: z.number(), maeBaseline: z.number() })
      .strict()
      .nullable()
      .describe(ext('Leave-one-out mean absolute error of the scoring model and of the per-series mean baseline.')),
  })
  .strict();

export const provider = z
  .object({
    name: z.string(),
    toolCount: z.number().int().min(0),
    tools: z.array(z.object({ id: slug, name: z.string() }).strict()),
    id: slug.describe(ext('Provider slug.')),
    website: httpsUrl.describe(ext('Official website or model documentation.')),
    pricingUrl: httpsUrl.describe(ext('Official pricing page.')),
  })
  .strict();

export const category = z
  .object({
    id: slug,
    name: z.string(),
    description: z.string(),
    slug,
    toolIds: z.array(slug).describe('Ids of the tools in this category (the field the specification leaves unnamed).'),
    rule: z.string().describe(ext('The membership rule in words.')),
  })
  .strict();

export const platform = z
  .object({
    id: slug,
    name: z.string(),
    description: z.string(),
    pricing: z.string(),
    url: httpsUrl,
    toolIds: z.array(slug).describe('Ids of the tools the platform offers (the field the specification leaves unnamed).'),
    kind: z.enum(['ide', 'editor', 'extension', 'cli']).describe(ext('Kind of platform.')),
    asOf: isoDate.describe(ext('Date of the newest source of the platform facts.')),
    byok: z
      .object({ supported: z.boolean(), providers: z.array(slug), note: z.string().nullable() })
      .strict()
      .describe(ext('Bring-your-own-key support and the providers whose every model is reachable that way.')),
    toolBilling: z
      .array(
        z.object({ toolId: slug, billing: billingKind, multiplier: z.number().nullable(), asOf: z.string(), note: z.string().nullable() }).strict(),
      )
      .describe(ext('How each offered tool is billed on the platform.')),
    sources: z.array(z.object({ name: z.string(), url: httpsUrl.nullable(), asOf: z.string() }).strict()).describe(ext('Where the facts come from.')),
  })
  .strict();

export const useCase = z
  .object({
    id: slug,
    title: z.string(),
    slug,
    keyword: z.string(),
    description: z.string(),
    sortBy,
    intro: z.string(),
    faq: z.array(z.object({ q: z.string(), a: z.string() }).strict()),
    topPicks: z.array(slug).describe('Recommended tool ids in order, computed from sortBy, scenario and filter.'),
    scenario: z.object({ inputTokens: z.number().int().positive(), outputTokens: z.number().int().positive() }).strict(),
    filter: z
      .object({
        categories: z.array(slug).nullable(),
        minContextTokens: z.number().int().nullable(),
        openWeights: z.boolean().nullable(),
        maxScenarioCostUsd: z.number().nullable(),
        includePreview: z.boolean(),
      })
      .strict()
      .describe(ext('Which tools may be picked.')),
    topPickCosts: z
      .array(z.object({ toolId: slug, scenarioCostUsd: z.number().min(0) }).strict())
      .describe(ext('Scenario cost at base list price for each top pick.')),
  })
  .strict();

const lastUpdated = isoTimestamp.describe('Time of the last successful data refresh; the same on every endpoint of one dataset.');

export const toolsDocument = z
  .object({ tools: z.array(tool).describe('Every tool (AI coding model), sorted by id.'), lastUpdated, totalTools: z.number().int().min(0).describe('Number of tools.') })
  .strict();

export const benchmarksDocument = z
  .object({
    benchmarks: z
      .object({
        version: z.string(),
        runDate: isoTimestamp.describe('When the scores were last verified.'),
        methodology: z.string(),
        sources: z.array(benchmarkSource),
        models: z.array(benchmarkModel),
      })
      .strict(),
    lastUpdated,
  })
  .strict();

export const providersDocument = z.object({ providers: z.array(provider).describe('Every provider, sorted by name; derived from the tools.'), lastUpdated }).strict();
export const categoriesDocument = z.object({ categories: z.array(category).describe('The five categories.'), lastUpdated }).strict();
export const platformsDocument = z.object({ platforms: z.array(platform).describe('Coding platforms (IDEs, editors, extensions, CLIs).'), lastUpdated }).strict();
export const useCasesDocument = z.object({ useCases: z.array(useCase).describe('Use cases with computed top picks.'), lastUpdated }).strict();

export const endpointFreshness = z
  .object({
    path: z.string(),
    etag: z.string().describe('Strong ETag of the identity representation (the Node server sends it; static hosts may send their own).'),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    bytes: z.number().int().min(0),
    count: z.number().int().min(0).describe('Number of elements in the document\'s main array.'),
  })
  .strict();

export const freshnessDocument = z
  .object({
    lastUpdated,
    datasetVersion: z.string(),
    benchmarkVersion: z.string(),
    buildId: z.string().describe('Content hash of the whole dataset; changes exactly when any document changes.'),
    endpoints: z.array(endpointFreshness),
    refresh: z
      .object({
        schedule: z.string().nullable().describe('Cron expression of the automatic refresh, or null when disabled.'),
        lastAttempt: isoTimestamp.nullable(),
        lastOutcome: z.enum(['published', 'unchanged', 'rejected', 'failed']).nullable(),
        lastError: z.string().nullable(),
        nextRun: isoTimestamp.nullable(),
        upstreams: z.array(z.object({ name: z.string(), location: z.string(), sha256: z.string().nullable() }).strict()),
      })
      .strict()
      .describe('Refresh status of the serving instance.'),
  })
  .strict();

export const errorDocument = z
  .object({ error: z.object({ status: z.number().int(), message: z.string() }).strict() })
  .strict();

/** Every published document, by path under /api. The server, the build and the OpenAPI document read this table. */
export const DOCUMENTS = {
  'tools.json': { schema: toolsDocument, arrayKey: 'tools', summary: 'Every tool (AI coding model) with pricing, context, release month and provenance.' },
  'benchmarks.json': { schema: benchmarksDocument, arrayKey: 'benchmarks.models', summary: 'Benchmark scores of scored models, with methodology and sources.' },
  'providers.json': { schema: providersDocument, arrayKey: 'providers', summary: 'Providers and their tools.' },
  'categories.json': { schema: categoriesDocument, arrayKey: 'categories', summary: 'Categories with the ids of their tools.' },
  'platforms.json': { schema: platformsDocument, arrayKey: 'platforms', summary: 'Coding platforms (IDEs, editors, CLIs) and the tools they offer.' },
  'use-cases.json': { schema: useCasesDocument, arrayKey: 'useCases', summary: 'Use cases with computed top picks.' },
} as const;

export type DocumentName = keyof typeof DOCUMENTS;
export type Tool = z.infer<typeof tool>;
export type BenchmarkModel = z.infer<typeof benchmarkModel>;
export type BenchmarkSource = z.infer<typeof benchmarkSource>;
export type ScoreDetail = z.infer<typeof scoreDetail>;
export type Provider = z.infer<typeof provider>;
export type Category = z.infer<typeof category>;
export type Platform = z.infer<typeof platform>;
export type UseCase = z.infer<typeof useCase>;
export type ToolsDocument = z.infer<typeof toolsDocument>;
export type BenchmarksDocument = z.infer<typeof benchmarksDocument>;
export type FreshnessDocument = z.infer<typeof freshnessDocument>;
export type ErrorDocument = z.infer<typeof errorDocument>;
export { sortBy };
