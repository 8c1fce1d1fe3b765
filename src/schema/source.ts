/**
 * Schemas of the curated files under data/. These are what people edit; the build
 * (src/build/) validates them, derives everything derivable and writes the published
 * documents described in src/schema/api.ts.
 */
import { z } from 'zod';
import {
  basePricing,
  conflict,
  factSource,
  httpsUrl,
  isoDate,
  isoTimestamp,
  percent,
  platformKind,
  pricingDetails,
  seedField,
  slug,
  sortBy,
  toolSources,
  toolStatus,
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
    pricingUrl: httpsUrl.describe("Official pricing page; the default `url` of the provider's tools."),
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
      .describe(
        'Key "<provider>/<model>" of this model in the models.dev api.json document; null when it has no upstream entry.',
      ),
    openRouter: z
      .string()
      .regex(/^[a-z0-9][a-z0-9._-]*\/[a-z0-9][a-z0-9._:-]*$/, 'must be an OpenRouter slug "<author>/<model>"')
      .optional()
      .describe(
        'OpenRouter model slug "<author>/<model>", where the OpenRouter provider of the models.dev data lists this model (published in crossRefs; a modelsDev key under "openrouter/" gives it without this field).',
      ),
    pinned: z
      .array(upstreamFact)
      .optional()
      .describe(
        'Facts whose curated value deliberately differs from upstream (e.g. upstream shows a promotional or off-peak rate). The refresh reports the upstream value but never overwrites these.',
      ),
    pinnedReason: z
      .string()
      .min(10)
      .optional()
      .describe('Why the pinned facts are curated; required when `pinned` is not empty.'),
  })
  .strict()
  .refine((u) => !u.pinned?.length || u.pinnedReason !== undefined, {
    message: 'pinnedReason is required when pinned lists facts',
    path: ['pinnedReason'],
  })
  .refine((u) => new Set(u.pinned ?? []).size === (u.pinned ?? []).length, {
    message: 'pinned lists a fact twice',
    path: ['pinned'],
  })
  .describe('Where the refresh finds this model upstream, and which facts it must leave alone.');

/** One dated lifecycle statement of one source. Platform-scoped events never change a tool's status. */
export const lifecycleEvent = z
  .object({
    kind: z
      .enum(['deprecation-announced', 'shutdown-scheduled', 'retired', 'rerouted', 'superseded'])
      .describe(
        'What the source states. `deprecation-announced`: the deprecation was announced on `date`. `shutdown-scheduled`: the model is to stop being served on `date` (the date may since have passed). `retired`: the model stopped being served on `date`. `rerouted`: from `date`, requests to the model are served by another model. `superseded`: a successor was named on `date`, with no shutdown announced.',
      ),
    date: z
      .string()
      .regex(
        /^\d{4}-(0[1-9]|1[0-2])(-\d{2})?$/,
        'must be a date YYYY-MM-DD, or a month YYYY-MM when the source names only the month',
      )
      .describe('Date of the event as the source states it (YYYY-MM-DD, or YYYY-MM when only the month is given).'),
    scope: z
      .enum(['provider-api', 'platform'])
      .describe(
        "`provider-api`: the model provider's own API, which is what `status` describes. `platform`: one coding platform only, named in `platform`; such an event never changes `status`.",
      ),
    platform: slug
      .optional()
      .describe('Id of a file in data/platforms/; required when scope is `platform`, absent otherwise.'),
    summary: z
      .string()
      .min(10, 'must say in a sentence what the source states')
      .describe("What the source states, in this project's words."),
    successor: z
      .string()
      .min(1)
      .optional()
      .describe('The successor or recommended replacement exactly as the source names it.'),
    source: factSource,
  })
  .strict()
  .refine((e) => e.scope !== 'platform' || e.platform !== undefined, {
    message: 'a platform-scoped event must name its platform (an id in data/platforms/)',
    path: ['platform'],
  })
  .refine((e) => e.scope !== 'provider-api' || e.platform === undefined, {
    message: 'platform is only for scope "platform"; a provider-api event concerns the provider\'s own API',
    path: ['platform'],
  });

/** The deprecation/retirement record of a tool: the dates it publishes, and every statement they rest on. */
export const toolLifecycle = z
  .object({
    announced: z
      .object({ date: isoDate, source: factSource })
      .strict()
      .optional()
      .describe('When the provider announced the deprecation or retirement, where a source says.'),
    shutdown: z
      .object({ date: isoDate, source: factSource })
      .strict()
      .optional()
      .describe(
        "The provider-API shutdown date published: announced for a deprecated tool, effective for a retired one. Other dates sources give are in the tool's conflicts.",
      ),
    events: z
      .array(lifecycleEvent)
      .min(1, 'list at least the event the status or successor rests on')
      .describe('Every lifecycle statement read, provider-API and platform-scoped, oldest first.'),
  })
  .strict()
  .refine(
    (l) =>
      !l.shutdown ||
      l.events.some(
        (e) =>
          e.scope === 'provider-api' &&
          e.date === l.shutdown!.date &&
          e.kind !== 'deprecation-announced' &&
          e.kind !== 'superseded',
      ),
    {
      message: 'shutdown.date must be the date of a provider-api event of kind shutdown-scheduled, retired or rerouted',
      path: ['shutdown', 'date'],
    },
  );

/** Facts for autocomplete picks, recorded only where a source states them. */
export const autocompleteFacts = z
  .object({
    fillInTheMiddle: z
      .boolean()
      .nullable()
      .describe(
        'The source states the model completes code between a given prefix and suffix (fill-in-the-middle); null when it does not say.',
      ),
    lowLatency: z
      .boolean()
      .nullable()
      .describe(
        'The source presents the model as built for low-latency, high-frequency completion or editing; null when it does not say.',
      ),
    source: factSource,
  })
  .strict()
  .refine((a) => a.fillInTheMiddle !== null || a.lowLatency !== null, {
    message: 'state at least one fact, or leave the autocomplete block out',
    path: ['fillInTheMiddle'],
  });

/** The provider's own positioning of a model as its current top model; the fact behind a frontier membership without a score. */
export const flagshipFact = z
  .object({
    statement: z
      .string()
      .min(10, 'must say in a sentence what the source states')
      .describe(
        "What the source states about the model's place in the provider's line-up, in this project's words (quote the key phrase).",
      ),
    source: factSource,
  })
  .strict();

/** Provenance of a tool file: the three published facts plus, where set from another source, the capability flags. */
export const toolFileSources = toolSources.extend({
  capabilities: factSource
    .optional()
    .describe(
      'Where the reasoning and toolCalling flags come from, when that is not the pricing source; the note says which flag a source states.',
    ),
});

/** data/tools/<provider>/<id>.json: one file per model. */
export const toolFile = z
  .object({
    id: slug,
    name: z.string().min(1),
    provider: slug.describe('Id of a file in data/providers/.'),
    status: toolStatus,
    replacedBy: slug
      .optional()
      .describe("Id of the successor tool, when a source names one (a lifecycle event's `successor`)."),
    lifecycle: toolLifecycle
      .optional()
      .describe(
        'Deprecation/retirement dates and the statements they rest on; required when status is deprecated or retired.',
      ),
    aliases: z
      .array(z.string().min(1))
      .describe('Model strings the provider API accepts for this model, including dated snapshots.'),
    releaseDate: yearMonth,
    contextTokens: z.number().int().positive().describe('Exact maximum context window in tokens.'),
    maxOutputTokens: z
      .number()
      .int()
      .positive()
      .optional()
      .describe('Maximum output tokens per request, when published.'),
    openWeights: z.boolean(),
    reasoning: z
      .boolean()
      .nullable()
      .describe('The model has a thinking/reasoning mode; null when the source does not say.'),
    toolCalling: z
      .boolean()
      .nullable()
      .describe('The model supports function/tool calling through the API; null when the source does not say.'),
    codingSpecialized: z.boolean().describe('The provider builds and markets the model specifically for coding.'),
    pricing: basePricing.describe('Base list price in USD per 1M tokens; cache prices follow pricingDetails.caching.'),
    pricingDetails,
    url: httpsUrl.optional().describe("Pricing page for this model when it differs from the provider's."),
    sources: toolFileSources,
    conflicts: z.array(conflict).describe('Facts on which sources disagree, with the value chosen and why.'),
    upstream: toolUpstream,
    autocomplete: autocompleteFacts
      .optional()
      .describe('Fill-in-the-middle and low-latency facts, only where a source states them.'),
    flagship: flagshipFact
      .optional()
      .describe(
        'Present only when a source has the provider present this model as its most capable current model (one per provider); frontier then includes it without a score when its lab has a top scorer.',
      ),
    description: z.string().min(20, 'must be 1-3 sentences of prose'),
    features: z.array(z.string().min(3)).min(2, 'list at least two capabilities'),
    bestFor: z.string().min(3),
  })
  .strict()
  .refine((t) => (t.status !== 'retired' && t.status !== 'deprecated') || t.lifecycle?.shutdown !== undefined, {
    message:
      "a deprecated or retired tool needs lifecycle.shutdown: the announced (deprecated) or effective (retired) shutdown date on the provider's API, with its source",
    path: ['lifecycle', 'shutdown'],
  })
  .refine((t) => (t.status !== 'active' && t.status !== 'preview') || t.lifecycle?.shutdown === undefined, {
    message:
      'an active or preview tool has no provider shutdown date; set status to deprecated (shutdown announced) or retired (shutdown passed)',
    path: ['status'],
  })
  .refine((t) => t.replacedBy === undefined || (t.lifecycle?.events.some((e) => e.successor !== undefined) ?? false), {
    message: 'replacedBy needs a lifecycle event whose `successor` names the replacement, so the successor is sourced',
    path: ['replacedBy'],
  })
  .superRefine((t, ctx) => {
    // An unknown capability is null, never a feature: no feature may mention a flag the sources leave open.
    const unknown: [boolean | null, RegExp, string][] = [
      [t.reasoning, /reasoning|thinking/i, 'reasoning'],
      [t.toolCalling, /tool[- ]?(calling|use)|function[- ]calling/i, 'toolCalling'],
    ];
    t.features.forEach((feature, index) => {
      for (const [flag, pattern, name] of unknown)
        if (flag === null && pattern.test(feature))
          ctx.addIssue({
            code: 'custom',
            path: ['features', index],
            message: `mentions ${name}, which is null (not stated by any source); leave an unknown capability out of features`,
          });
    });
  });

/** data/removed-ids.json: ids that left the directory. An id is never reused for another model. */
export const removedIdsFile = z
  .object({
    removed: z
      .array(
        z
          .object({
            id: slug,
            removedOn: isoDate.describe('Day the tool file was deleted.'),
            reason: z
              .string()
              .min(10, 'must say why the tool left the directory')
              .describe('Why the tool left the directory.'),
          })
          .strict(),
      )
      .describe('Every tool id that was removed; a tool file with one of these ids fails the build.'),
  })
  .strict()
  .refine((f) => new Set(f.removed.map((r) => r.id)).size === f.removed.length, {
    message: 'lists an id twice',
    path: ['removed'],
  });

export const categoryRule = z
  .discriminatedUnion('kind', [
    z
      .object({ kind: z.literal('topScoreFraction'), fraction: z.number().gt(0).lte(1) })
      .strict()
      .describe(
        'Scored tools whose overallScore is in the top `fraction` of all scored tools (retired tools left out).',
      ),
    z
      .object({ kind: z.literal('topScoreOrFlagship'), fraction: z.number().gt(0).lte(1) })
      .strict()
      .describe(
        'The `topScoreFraction` members, plus the flagship (tool file `flagship`, sourced) of every provider that has a tool among them.',
      ),
    z
      .object({ kind: z.literal('blendedPriceAtMost'), usd: z.number().positive() })
      .strict()
      .describe('Tools whose blended price (3 input : 1 output, USD per 1M) is at most `usd`.'),
    z
      .object({ kind: z.literal('flag'), flag: z.enum(['openWeights', 'reasoning', 'codingSpecialized']) })
      .strict()
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
    kind: platformKind,
    description: z.string().min(20),
    pricing: z.string().min(10).describe('Pricing summary as free text.'),
    url: httpsUrl,
    asOf: isoDate.describe('Date of the newest source the platform facts were read from.'),
    sources: z
      .array(z.object({ name: z.string().min(1), url: httpsUrl.optional(), asOf: z.string().min(4) }).strict())
      .min(1),
    byok: z
      .object({
        supported: z.boolean(),
        providers: z.array(slug).describe("Providers whose every model the platform offers with the user's own key."),
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

/** The benchmarks of the aggregate a use case can rank by (scoreDetails fields of benchmarks.json). */
export const scoreComponent = z
  .enum(['sweBench', 'liveCodeBench', 'humanEval', 'bigCodeBench', 'sweBenchPro', 'terminalBench'])
  .describe('A scoreDetails field of benchmarks.json: one benchmark, measured or estimated on its reference series.');

/** Which measured results make a score-based pick defensible for the task, and what `taskScoreDesc` ranks by. */
export const useCaseEvidence = z
  .object({
    measuredIn: z
      .array(
        z
          .string()
          .regex(
            /^(\*|[a-z0-9]+(?:-[a-z0-9]+)*(-\*)?)$/,
            'must be a series id, a series-id prefix ending in "-*", or "*" (every series)',
          ),
      )
      .min(1)
      .describe(
        'Series relevant to the task: a score-based pick needs a used (measured) result in at least one. A series id, a prefix such as "swe-bench-*", or "*" for every coding benchmark.',
      ),
    components: z
      .array(scoreComponent)
      .min(1)
      .optional()
      .describe('For sortBy `taskScoreDesc`: the benchmarks whose mean ranks the picks.'),
    why: z.string().min(20).describe('Why these benchmarks stand for the task, in a sentence.'),
  })
  .strict()
  .describe('[extension] The measured results a score-based pick needs, and the benchmarks `taskScoreDesc` ranks by.');

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
        includePreview: z
          .boolean()
          .optional()
          .describe('Preview tools are excluded unless true. Deprecated and retired tools are always excluded.'),
        autocompleteFact: z
          .literal(true)
          .optional()
          .describe(
            'Tool must have a fill-in-the-middle or low-latency fact stated by a source (tool file `autocomplete`).',
          ),
      })
      .strict()
      .describe('Which tools may be picked.'),
    evidence: useCaseEvidence.optional(),
    topPicksCount: z.number().int().min(3).max(10),
    intro: z
      .string()
      .min(200)
      .describe('Several paragraphs; may contain {placeholders} resolved from the data at build time.'),
    faq: z
      .array(z.object({ q: z.string().min(5), a: z.string().min(20) }).strict())
      .min(3)
      .max(6),
  })
  .strict()
  .refine((u) => !['scoreDesc', 'valueDesc', 'taskScoreDesc'].includes(u.sortBy) || u.evidence !== undefined, {
    message: 'a score-based sortBy needs evidence.measuredIn: the series in which a pick must have a measured result',
    path: ['evidence'],
  })
  .refine((u) => u.sortBy !== 'taskScoreDesc' || (u.evidence?.components?.length ?? 0) > 0, {
    message: 'sortBy taskScoreDesc needs evidence.components: the benchmarks to rank by',
    path: ['evidence', 'components'],
  });

/** data/benchmarks/series.json: the benchmarks (and comparable variants) results are grouped into. */
export const seriesFile = z
  .object({
    series: z.array(
      z
        .object({
          id: slug,
          name: z.string().min(1),
          url: httpsUrl,
          license: z.string().min(1).describe("License or terms of the primary source of this benchmark's results."),
          description: z.string().min(10),
          reportedBy: z
            .enum(['vendor', 'independent'])
            .optional()
            .describe('Who produces every result of this series; a result reported by the other kind is rejected.'),
          variantPattern: z
            .string()
            .min(1)
            .optional()
            .describe(
              "Regular expression (case-insensitive) every result's variant must match: the protocol's harness, version or set as worded by the source.",
            ),
          seedField: seedField
            .optional()
            .describe(
              'Spec field this series supplies as a measured value; at most one series per field (the reference protocol of that field).',
            ),
          tasks: z
            .number()
            .int()
            .positive()
            .optional()
            .describe(
              'Number of tasks in the set, as the benchmark states it: gives the sampling error of a measured value when the result states none.',
            ),
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
    toolId: slug
      .nullable()
      .describe(
        'Tool id when the model is in the directory; null for reference models that only anchor the scoring fit.',
      ),
    results: z.array(benchmarkResult).min(1),
  })
  .strict();

export type MetaFile = z.infer<typeof metaFile>;
export type ProviderFile = z.infer<typeof providerFile>;
export type ToolFile = z.infer<typeof toolFile>;
export type ToolLifecycle = z.infer<typeof toolLifecycle>;
export type LifecycleEvent = z.infer<typeof lifecycleEvent>;
export type RemovedIdsFile = z.infer<typeof removedIdsFile>;
export type CategoryFile = z.infer<typeof categoryFile>;
export type CategoryRule = z.infer<typeof categoryRule>;
export type PlatformFile = z.infer<typeof platformFile>;
export type UseCaseFile = z.infer<typeof useCaseFile>;
export type UseCaseEvidence = z.infer<typeof useCaseEvidence>;
export type ScoreComponent = z.infer<typeof scoreComponent>;
export type FlagshipFact = z.infer<typeof flagshipFact>;
export type SeriesFile = z.infer<typeof seriesFile>;
export type BenchmarkResult = z.infer<typeof benchmarkResult>;
export type ResultsFile = z.infer<typeof resultsFile>;
export type FactSource = z.infer<typeof factSource>;
export type UpstreamFact = z.infer<typeof upstreamFact>;
export type ToolUpstream = z.infer<typeof toolUpstream>;
export { isoDate };
