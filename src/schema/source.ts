/**
 * Schemas of the curated files under data/. These are what people edit; the build
 * (src/build/) validates them, derives everything derivable and writes the published
 * documents described in src/schema/api.ts.
 */
import { z } from 'zod';
import {
  conflict,
  factSource,
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

/** data/meta.json: dataset-wide facts that change only on a refresh. */
export const metaFile = z
  .object({
    lastUpdated: isoTimestamp.describe('Time of the last successful refresh (or curated edit) of the dataset.'),
    datasetVersion: z.string().min(1).describe('Version of the whole dataset, bumped on every release.'),
    benchmarkVersion: z.string().min(1).describe('Version of the benchmark results and scoring method.'),
  })
  .strict();

/** data/providers/<id>.json */
export const providerFile = z
  .object({
    id: slug,
    name: z.string().min(1).describe('Company name as users know it.'),
    website: httpsUrl.describe('Official website or model documentation.'),
    pricingUrl: httpsUrl.describe('Official pricing page; the default `url` of the provider\'s tools.'),
    pricingUrlSource: z.string().min(1).describe('Where the pricing URL comes from.'),
    upstream: z
      .object({ modelsDev: z.string().min(1).describe('Provider key in the models.dev api.json document.') })
      .strict(),
  })
  .strict();

/**
 * Facts the weekly refresh imports from the models.dev upstream. `pricing` covers the four base
 * prices, the caching mode, the free flag and the long-context tiers; `capabilities` covers
 * openWeights, reasoning and toolCalling; `status` covers a deprecation upstream.
 */
export const upstreamFact = z
  .enum(['pricing', 'contextWindow', 'maxOutputTokens', 'releaseDate', 'capabilities', 'status'])
  .describe('A group of facts the refresh imports from upstream.');

export const toolUpstream = z
  .object({
    modelsDev: z
      .string()
      .regex(/^[^/]+\/.+$/, 'must be "<provider>/<model>"')
      .nullable()
      .describe('Key "<provider>/<model>" of this model in the models.dev api.json document; null when it has no upstream entry.'),
    pinned: z
      .array(upstreamFact)
      .optional()
      .describe('Facts whose curated value deliberately differs from upstream (e.g. upstream shows a promotional or off-peak rate). The refresh reports the upstream value but never overwrites these.'),
    pinnedReason: z.string().min(10).optional().describe('Why the pinned facts are curated; required when `pinned` is not empty.'),
  })
  .strict()
  .refine((u) => !u.pinned?.length || u.pinnedReason !== undefined, { message: 'pinnedReason is required when pinned lists facts', path: ['pinnedReason'] })
  .refine((u) => new Set(u.pinned ?? []).size === (u.pinned ?? []).length, { message: 'pinned lists a fact twice', path: ['pinned'] })
  .describe('Where the refresh finds this model upstream, and which facts it must leave alone.');

/** data/tools/<provider>/<id>.json: one file per model. */
export const toolFile = z
  .object({
    id: slug,
    name: z.string().min(1),
    provider: slug.describe('Id of a file in data/providers/.'),
    status: toolStatus,
    replacedBy: slug.optional().describe('Id of the successor tool, when there is one.'),
    aliases: z.array(z.string().min(1)).describe('Model strings the provider API accepts for this model, including dated snapshots.'),
    releaseDate: yearMonth,
    contextTokens: z.number().int().positive().describe('Exact maximum context window in tokens.'),
    maxOutputTokens: z.number().int().positive().optional().describe('Maximum output tokens per request, when published.'),
    openWeights: z.boolean(),
    reasoning: z.boolean().nullable().describe('The model has a thinking/reasoning mode; null when the source does not say.'),
    toolCalling: z.boolean().nullable().describe('The model supports function/tool calling through the API; null when the source does not say.'),
    codingSpecialized: z.boolean().describe('The provider builds and markets the model specifically for coding.'),
    pricing: z
      .object({ input: usdPerMillion, output: usdPerMillion, cacheRead: usdPerMillion, cacheCreate: usdPerMillion })
      .strict()
      .describe('Base list price in USD per 1M tokens; cache prices follow pricingDetails.caching.'),
    pricingDetails,
    url: httpsUrl.optional().describe('Pricing page for this model when it differs from the provider\'s.'),
    sources: toolSources,
    conflicts: z.array(conflict).describe('Facts on which sources disagree, with the value chosen and why.'),
    upstream: toolUpstream,
    description: z.string().min(20, 'must be 1-3 sentences of prose'),
    features: z.array(z.string().min(3)).min(2, 'list at least two capabilities'),
    bestFor: z.string().min(3),
  })
  .strict();

export const categoryRule = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('topScoreFraction'), fraction: z.number().gt(0).lte(1) }).strict()
      .describe('Scored tools whose overallScore is in the top `fraction` of all scored tools.'),
    z.object({ kind: z.literal('blendedPriceAtMost'), usd: z.number().positive() }).strict()
      .describe('Tools whose blended price (3 input : 1 output, USD per 1M) is at most `usd`.'),
    z.object({ kind: z.literal('flag'), flag: z.enum(['openWeights', 'reasoning', 'codingSpecialized']) }).strict()
      .describe('Tools whose boolean field `flag` is true.'),
  ])
  .describe('Rule that decides membership; the build applies it, nobody lists members by hand.');

/** data/categories/<id>.json */
export const categoryFile = z
  .object({
    id: slug,
    name: z.string().min(1),
    slug,
    description: z.string().min(10),
    rule: categoryRule,
    ruleText: z.string().min(10).describe('The rule in words, as published.'),
  })
  .strict();

export const billingKind = z
  .enum(['included', 'premium-multiplier', 'credit-multiplier', 'per-token', 'byok'])
  .describe(
    '`included`: uses the plan allowance (or is free on the platform). `premium-multiplier`: consumes premium requests scaled by a multiplier. `credit-multiplier`: consumes plan credits scaled by a multiplier. `per-token`: billed per token at a published rate, directly or from credits. `byok`: the user pays the model provider with their own key.',
  );

/** data/platforms/<id>.json */
export const platformFile = z
  .object({
    id: slug,
    name: z.string().min(1),
    kind: z.enum(['ide', 'editor', 'extension', 'cli']),
    description: z.string().min(20),
    pricing: z.string().min(10).describe('Pricing summary as free text.'),
    url: httpsUrl,
    asOf: isoDate.describe('Date of the newest source the platform facts were read from.'),
    sources: z.array(z.object({ name: z.string().min(1), url: httpsUrl.optional(), asOf: z.string().min(4) }).strict()).min(1),
    byok: z
      .object({
        supported: z.boolean(),
        providers: z.array(slug).describe('Providers whose every model the platform offers with the user\'s own key.'),
        note: z.string().optional(),
      })
      .strict(),
    models: z
      .array(
        z
          .object({
            toolId: slug,
            billing: billingKind,
            multiplier: z.number().positive().optional(),
            asOf: z.string().regex(/^\d{4}-\d{2}(-\d{2})?$|^undated$/, 'must be YYYY-MM-DD, YYYY-MM or "undated"'),
            note: z.string().optional(),
          })
          .strict(),
      )
      .describe('Models the platform offers from its own catalogue, with how each is billed.'),
  })
  .strict();

/** data/use-cases/<id>.json */
export const useCaseFile = z
  .object({
    id: slug,
    title: z.string().min(5),
    slug,
    keyword: z.string().min(3).describe('A real search phrase people use.'),
    description: z.string().min(20),
    sortBy,
    scenario: z
      .object({ inputTokens: z.number().int().positive(), outputTokens: z.number().int().positive() })
      .strict()
      .describe('Token counts of one typical task, used for cost estimation.'),
    filter: z
      .object({
        categories: z.array(slug).optional().describe('Tool must be in at least one of these categories.'),
        minContextTokens: z.number().int().positive().optional(),
        openWeights: z.literal(true).optional(),
        maxScenarioCostUsd: z.number().positive().optional(),
        includePreview: z.boolean().optional().describe('Preview tools are excluded unless true. Deprecated tools are always excluded.'),
      })
      .strict()
      .describe('Which tools may be picked.'),
    topPicksCount: z.number().int().min(3).max(10),
    intro: z.string().min(200).describe('Several paragraphs; may contain {placeholders} resolved from the data at build time.'),
    faq: z.array(z.object({ q: z.string().min(5), a: z.string().min(20) }).strict()).min(3).max(6),
  })
  .strict();

/** data/benchmarks/series.json: the benchmarks (and comparable variants) results are grouped into. */
export const seriesFile = z
  .object({
    series: z.array(
      z
        .object({
          id: slug,
          name: z.string().min(1),
          url: httpsUrl,
          license: z.string().min(1).describe('License or terms of the primary source of this benchmark\'s results.'),
          description: z.string().min(10),
          seedField: z.enum(['sweBench', 'liveCodeBench', 'humanEval', 'bigCodeBench']).optional()
            .describe('Spec field this series supplies as a measured value.'),
          seedPriority: z.number().int().min(1).optional().describe('Lower wins when several series supply one seed field.'),
        })
        .strict(),
    ),
  })
  .strict();

export const benchmarkResult = z
  .object({
    series: slug.describe('Id of a series in data/benchmarks/series.json.'),
    benchmark: z.string().min(1).describe('Benchmark name as published.'),
    variant: z.string().min(1).describe('Harness/scaffold, effort, split or window, as published.'),
    value: percent,
    date: z.string().regex(/^\d{4}-\d{2}(-\d{2})?$/, 'must be YYYY-MM or YYYY-MM-DD'),
    source: z.string().min(1).describe('URL or repository reference, as published.'),
    reportedBy: z.enum(['vendor', 'independent']),
    license: z.string().min(1),
  })
  .strict();

/** data/benchmarks/results/<model-slug>.json */
export const resultsFile = z
  .object({
    model: slug.describe('Slug of the model the results belong to.'),
    modelName: z.string().min(1),
    toolId: slug.nullable().describe('Tool id when the model is in the directory; null for reference models that only anchor the scoring fit.'),
    results: z.array(benchmarkResult).min(1),
  })
  .strict();

export type MetaFile = z.infer<typeof metaFile>;
export type ProviderFile = z.infer<typeof providerFile>;
export type ToolFile = z.infer<typeof toolFile>;
export type CategoryFile = z.infer<typeof categoryFile>;
export type CategoryRule = z.infer<typeof categoryRule>;
export type PlatformFile = z.infer<typeof platformFile>;
export type UseCaseFile = z.infer<typeof useCaseFile>;
export type SeriesFile = z.infer<typeof seriesFile>;
export type BenchmarkResult = z.infer<typeof benchmarkResult>;
export type ResultsFile = z.infer<typeof resultsFile>;
export type FactSource = z.infer<typeof factSource>;
export type UpstreamFact = z.infer<typeof upstreamFact>;
export type ToolUpstream = z.infer<typeof toolUpstream>;
export { isoDate };
