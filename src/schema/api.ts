/**
 * The published documents. Field names and meanings of the original specification
 * (../shared/spec/directory-api.md) are kept; every extra field is marked `[extension]`
 * in its description so the published JSON Schema and OpenAPI document say so too.
 *
 * Longer than a module should be, on purpose: it is a declaration, not logic, and one file read top to bottom
 * against the specification is how a reviewer checks that no field changed name, type or meaning.
 */
import { z } from 'zod';
import {
  basePricing,
  conflict,
  dateOrMonth,
  factSource,
  factSourceRef,
  httpsUrl,
  isoDate,
  isoTimestamp,
  percent,
  platformKind,
  pricingDetails,
  publishedPricingDetails,
  reportedBy,
  seedField,
  slug,
  sortBy,
  sourceDate,
  tokenCount,
  toolSources,
  toolStatus,
  usageTokens,
  usdPerMillion,
  yearMonth,
} from './common.ts';
import { pickTaskCost, taskCost, taskCostMethod } from './api-task-cost.ts';
import { billingKind, lifecycleEvent, taskKind } from './source.ts';
import { RELEASE_ID } from './release-id.ts';

const ext = (text: string) => `[extension] ${text}`;

const datedSource = z.object({ date: isoDate, source: factSource }).strict();

/** A lifecycle statement as published: optional fields of the source file become null. */
export const publishedLifecycleEvent = z
  .object({
    kind: lifecycleEvent.shape.kind,
    date: lifecycleEvent.shape.date,
    scope: lifecycleEvent.shape.scope,
    platform: slug
      .nullable()
      .describe(
        "Id of the platform (see platforms.json) a platform-scoped event concerns; null for the provider's own API.",
      ),
    summary: z.string().describe("What the source states, in this project's words."),
    successor: z
      .string()
      .nullable()
      .describe('The successor or recommended replacement exactly as the source names it; null when it names none.'),
    source: factSource,
  })
  .strict();

export const publishedLifecycle = z
  .object({
    announced: datedSource
      .nullable()
      .describe('When the provider announced the deprecation or retirement; null when no source says.'),
    shutdown: datedSource
      .nullable()
      .describe(
        "Shutdown on the provider's own API: announced for a deprecated tool, effective for a retired one; null when none is announced. Other dates sources give are in conflicts.",
      ),
    events: z
      .array(publishedLifecycleEvent)
      .describe(
        'Every lifecycle statement read, oldest first. Platform-scoped events (a coding platform dropping the model) never change status.',
      ),
  })
  .strict();

const datedSourceRef = z.object({ date: isoDate, source: factSourceRef });

/** [extension] The lifecycle as tools.json publishes it: dates, kinds and successors, with the kind and dates of each source. */
export const lifecycleRef = z
  .object({
    announced: datedSourceRef.nullable().describe(publishedLifecycle.shape.announced.description ?? ''),
    shutdown: datedSourceRef.nullable().describe(publishedLifecycle.shape.shutdown.description ?? ''),
    events: z
      .array(
        z.object({
          kind: publishedLifecycleEvent.shape.kind,
          date: publishedLifecycleEvent.shape.date,
          scope: publishedLifecycleEvent.shape.scope,
          platform: publishedLifecycleEvent.shape.platform,
          successor: publishedLifecycleEvent.shape.successor,
          source: factSourceRef,
        }),
      )
      .describe(
        'Every lifecycle statement read, oldest first, without its summary (in /api/models/<id>.json). Platform-scoped events (a coding platform dropping the model) never change status.',
      ),
  })
  .strict();

/**
 * A tool with everything recorded about it: the full source of every fact (name, URL, kind, dates, note), the
 * conflicts between sources, the lifecycle statements in words and what each alternative rate is. Published in
 * /api/models/<id>.json; tools.json publishes the lean `tool` below.
 */
export const toolRecord = z
  .object({
    id: slug,
    name: z.string().describe('Display name.'),
    provider: z.string().describe('Company name of the provider.'),
    category: z
      .array(slug)
      .describe('Category slugs; each matches the slug of a category. Derived from the category rules.'),
    pricing: basePricing.describe(
      'Base list price in USD per 1M tokens. Cache prices are what a user pays (see pricingDetails.caching).',
    ),
    description: z.string().describe('Free-text description of the model.'),
    features: z.array(z.string()).describe('Key capabilities.'),
    bestFor: z.string().describe('Recommended use case.'),
    contextWindow: z
      .string()
      .regex(/^\d+K tokens$/, 'must be "<number>K tokens"')
      .describe('Maximum context as text: contextTokens / 1000 rounded to the nearest integer, then "K tokens".'),
    releaseDate: yearMonth,
    url: httpsUrl.describe("Official pricing page URL (the host's page when the price is a host's)."),
    providerId: slug.describe(ext('Provider slug.')),
    contextTokens: tokenCount.describe(ext('Exact context window in tokens.')),
    maxOutputTokens: z
      .number()
      .int()
      .positive()
      .nullable()
      .describe(ext('Maximum output tokens per request; null when not published.')),
    status: toolStatus.describe(ext(toolStatus.description ?? '')),
    replacedBy: slug
      .nullable()
      .describe(ext('Id of the successor tool a source names (see lifecycle.events), or null.')),
    lifecycle: publishedLifecycle
      .nullable()
      .describe(
        ext(
          'Deprecation/retirement dates with their sources, and platform-scoped retirements; null when no lifecycle statement is recorded.',
        ),
      ),
    aliases: z
      .array(z.string())
      .describe(ext("API model strings (provider's, or the host's when priced via a host) and dated snapshots.")),
    openWeights: z.boolean().describe(ext('Weights are published.')),
    reasoning: z
      .boolean()
      .nullable()
      .describe(ext('Has a reasoning/thinking mode; null when the source does not say.')),
    toolCalling: z
      .boolean()
      .nullable()
      .describe(ext('Supports function/tool calling; null when the source does not say.')),
    imageInput: z
      .boolean()
      .nullable()
      .describe(
        ext(
          'Accepts images as input (its input modalities include image); null when no source says. Source: sources.imageInput, else sources.capabilities.',
        ),
      ),
    codingSpecialized: z.boolean().describe(ext('Built and marketed specifically for coding.')),
    blendedPrice: usdPerMillion.describe(ext('(3 x input + 1 x output) / 4, USD per 1M tokens.')),
    pricingDetails: pricingDetails.describe(
      ext('Caching mode, free flag, long-context tiers and promotional/off-peak rates.'),
    ),
    sources: toolSources
      .extend({
        capabilities: factSource
          .nullable()
          .describe(
            'Where the reasoning and toolCalling flags come from when that is not the pricing source; null when they come from the pricing source or are unknown. Also the source of imageInput when sources.imageInput is null and imageInput is known.',
          ),
        imageInput: factSource
          .nullable()
          .describe('Where the imageInput flag comes from; null when sources.capabilities states it or it is unknown.'),
        batch: factSource
          .nullable()
          .describe('Where the batch rates come from; null when the data has no batch rate for the model.'),
        cacheCreate1h: factSource
          .nullable()
          .describe('Where the one-hour cache-write prices come from; null when the data has none.'),
      })
      .describe(
        ext(
          'Provenance of pricing, context window, release date and, where set from another source, the capability flags.',
        ),
      ),
    conflicts: z.array(conflict).describe(ext('Facts on which sources disagree, the value chosen and why.')),
    crossRefs: z
      .object({
        modelsDev: z
          .string()
          .nullable()
          .describe('Key "<provider>/<model>" of this model in the models.dev api.json document, or null.'),
        openRouter: z
          .string()
          .nullable()
          .describe('OpenRouter model slug "<author>/<model>", or null where the data gives none.'),
      })
      .strict()
      .describe(ext('Ids of this model in catalogs clients already use, for joining with them.')),
  })
  .strict();

/**
 * A tool as tools.json publishes it: every field of the specification, prices, ids and statuses, and per fact
 * the kind and dates of its source. What the sources say (names, URLs, notes), where they disagree and the
 * lifecycle in words are one request away, in /api/models/<id>.json (`toolRecord`).
 */
export const tool = toolRecord
  .omit({ conflicts: true })
  .extend({
    lifecycle: lifecycleRef
      .nullable()
      .describe(
        ext(
          'Deprecation/retirement dates and platform-scoped retirements, with the kind and dates of each source; null when no lifecycle statement is recorded. In words, with full sources: /api/models/<id>.json.',
        ),
      ),
    pricingDetails: publishedPricingDetails.describe(
      ext('Caching mode, free flag, long-context tiers and promotional/off-peak/batch rates.'),
    ),
    sources: z
      .object({
        pricing: factSourceRef,
        contextWindow: factSourceRef,
        releaseDate: factSourceRef,
        // Absent rather than null when there is none: three nulls a model were 6 KB of tools.json (issue 32's budget).
        // Releases published up to 2026-12-02 give null, so null still reads.
        capabilities: factSourceRef
          .nullish()
          .describe(
            'Source of the reasoning and toolCalling flags when that is not the pricing source; absent when they come from the pricing source or are unknown (null in releases up to 2026-12-02). The source of imageInput is in /api/models/<id>.json (sources.imageInput), kept out of this document for its size.',
          ),
        batch: factSourceRef
          .nullish()
          .describe('Source of the batch rates; absent when the data has none (null in releases up to 2026-12-02).'),
        cacheCreate1h: factSourceRef
          .nullish()
          .describe(
            'Source of the one-hour cache-write prices; absent when the data has none (null in releases up to 2026-12-02).',
          ),
      })
      .describe(
        ext(
          'Kind and dates of the source of each fact: pricing, context window, release date and, where set from another source, the capability flags, batch rates and one-hour cache writes. Names, URLs and notes: /api/models/<id>.json.',
        ),
      ),
  })
  .strict();

const interval80 = z
  .object({
    low: percent,
    high: percent,
    level: z.literal(0.8).describe('Nominal coverage: 0.8, an 80% prediction interval.'),
  })
  .strict();

/**
 * [extension] What a score rests on (issue 34): a result someone other than the model's developer measured, a
 * figure the developer published about its own model (or a competitor's, in its comparison table), or the scoring
 * model's estimate.
 */
export const evidenceClass = z
  .enum(['independent-measured', 'developer-reported', 'estimated'])
  .describe(
    ext(
      '`independent-measured`: a used result measured by someone other than the model developer; `developer-reported`: a used result a model developer published (measured, but by a vendor); `estimated`: predicted by the scoring model from other results.',
    ),
  );

/** [extension] Why a rank, pick or top claim rests on no independent measurement; null when it rests on one. */
const provisional = z
  .string()
  .min(1)
  .nullable()
  .describe(
    ext(
      'Set when the rank rests only on developer-reported or estimated values: the reason in a sentence. Null when at least one weighted value is an independent measurement.',
    ),
  );

export const scoreDetail = z
  .object({
    kind: z
      .enum(['measured', 'estimated'])
      .describe(
        "`measured`: the model has a result in the reference series (the one protocol this field is expressed on). `estimated`: predicted by the scoring model from the model's other results.",
      ),
    value: percent,
    series: slug
      .nullable()
      .describe(
        'Series of the value: where a measured value comes from, or the reference series an estimate is made for.',
      ),
    source: z.string().nullable().describe('Source of a measured value, as published.'),
    date: dateOrMonth.nullable().describe('Date of a measured value, as its source states it.'),
    variant: z.string().nullable().describe('Harness/effort/split of a measured value.'),
    reportedBy: reportedBy.nullable(),
    runClass: z
      .enum(['standard', 'unstated'])
      .nullable()
      .describe(
        ext(
          'Of a measured value: `standard` when the source states the harness and settings, `unstated` when it does not (used only when the model has no standard result in the series); null for an estimate.',
        ),
      ),
    interval: interval80
      .nullable()
      .describe(
        ext(
          '80% prediction interval of an estimate (calibrated on held-out measured values, see methodology); null for a measured value.',
        ),
      ),
    extrapolated: z
      .boolean()
      .describe(
        ext(
          'The estimate lies outside the range of the values measured in its series. Above the highest measured value the value is capped at it; the interval of an extrapolated estimate is at least as wide as the widest one the same prediction spread gives inside the measured range, and never has low = high.',
        ),
      ),
    evidence: evidenceClass,
  })
  .strict();

const scoreDetails = z
  .object({
    sweBench: scoreDetail.describe('SWE-bench Verified as reported by model developers.'),
    liveCodeBench: scoreDetail.describe("LiveCodeBench, Artificial Analysis's runs."),
    humanEval: scoreDetail.describe('HumanEval, as EvalPlus measures it.'),
    bigCodeBench: scoreDetail.describe('BigCodeBench Complete, full set, from its leaderboard.'),
    sweBenchPro: scoreDetail.describe(ext('SWE-bench Pro as reported by model developers (weighted in overallScore).')),
    terminalBench: scoreDetail.describe(
      ext('Terminal-Bench 4.0, official leaderboard runs (weighted in overallScore).'),
    ),
  })
  .strict();

const publishedResult = z
  .object({
    series: slug,
    value: percent,
    variant: z.string().describe('Harness, effort and set of the run, as published.'),
    date: dateOrMonth.describe('Date of the result as the source states it.'),
    source: z.string().describe('Where the result was published (for a quote: "X as quoted in Y").'),
    reportedBy,
    runClass: z
      .enum(['standard', 'unstated', 'nonstandard'])
      .describe(
        ext(
          '`nonstandard`: several attempts or parallel samples per task, or a benchmark changed by the reporter; `unstated`: harness or setting not stated; `standard`: otherwise.',
        ),
      ),
    used: z
      .boolean()
      .describe(
        ext(
          "This result is the model's value in its series (the pick rule in methodology); false for the other configurations and for non-standard runs.",
        ),
      ),
  })
  .strict();

export const benchmarkModel = z
  .object({
    modelId: slug.describe('Equals the id of a tool.'),
    modelName: z.string().describe("The tool's display name (tools.json name)."),
    provider: z.string().describe("The tool's provider, as tools.json names it."),
    overallScore: percent.describe(
      'Weighted aggregate of six benchmarks, each measured or estimated on one reference protocol; weights and meaning in methodology and aggregate.',
    ),
    sweBench: percent,
    liveCodeBench: percent,
    humanEval: percent,
    bigCodeBench: percent,
    strengths: z
      .array(z.string())
      .describe(
        'Generated from the scores and facts, never hand-written: a top-10 overall rank, a top place on a weighted benchmark it was measured on, a low price per score point, a 1M-token window, open weights, free at list price.',
      ),
    weaknesses: z
      .array(z.string())
      .describe(
        'Generated from the scores and facts, never hand-written: components that are estimated (or extrapolated) rather than measured, a wide rank range and the like.',
      ),
    pricePerScorePoint: z
      .number()
      .min(0)
      .describe('Blended price (3:1 input:output, USD per 1M tokens) divided by overallScore.'),
    overallInterval: interval80.describe(
      ext('80% interval of overallScore: how far it could move if every estimated component were measured.'),
    ),
    rank: z
      .number()
      .int()
      .min(1)
      .describe(ext('Position by overallScore among scored tools (1 = highest; ties broken by id).')),
    rankRange: z
      .object({
        best: z.number().int().min(1).describe('Best rank the interval allows (1 = first).'),
        worst: z.number().int().min(1).describe('Worst rank the interval allows.'),
      })
      .strict()
      .describe(
        ext(
          "Ranks the overall interval allows: best = 1 + tools whose whole interval is above this one's; worst = scored tools − tools whose whole interval is below it. A lead is real only where intervals do not overlap.",
        ),
      ),
    scoreDetails: scoreDetails.describe(
      ext('Per benchmark of the aggregate: measured (with its source) or estimated (with its interval).'),
    ),
    measuredCount: z
      .number()
      .int()
      .min(0)
      .max(6)
      .describe(
        ext(
          'How many of the weighted components of overallScore (aggregate entries with weight > 0) are measured rather than estimated.',
        ),
      ),
    capability: z.number().describe(ext('Fitted latent capability of the model (logit scale).')),
    evidence: evidenceClass.describe(
      ext(
        'What overallScore and rank rest on: `independent-measured` when at least one weighted component is an independent measurement, else `developer-reported` when at least one is a developer-reported measurement, else `estimated`.',
      ),
    ),
    provisional,
    results: z
      .array(publishedResult)
      .describe(ext('Every published result recorded for this model, as published, with whether it is used.')),
    taskCost,
  })
  .strict();

export const benchmarkSource = z
  .object({
    id: slug,
    name: z.string().describe('Display name of the series: benchmark, set, harness class and who ran it.'),
    url: httpsUrl,
    license: z.string().describe('License or terms of the published figures of this series.'),
    description: z
      .string()
      .describe(ext('What the benchmark series measures (one protocol: version, set, harness class, reporter).')),
    newestDataDate: dateOrMonth.describe(ext('Newest result date in this series.')),
    resultCount: z.number().int().min(0).describe(ext('Published results in this series.')),
    reportedBy: reportedBy
      .nullable()
      .describe(
        ext('Who produces the results of this series: the model developer (`vendor`) or someone else (`independent`).'),
      ),
    seedField: seedField.nullable().describe(ext('Spec field it is the reference protocol of, if any.')),
    aggregateWeight: z
      .number()
      .min(0)
      .max(1)
      .nullable()
      .describe(
        ext(
          'Weight in overallScore when this is the reference series of an aggregate component (derived at every build: equal shares among the alive components, 0 when the series is not alive); null otherwise.',
        ),
      ),
    alive: z
      .boolean()
      .describe(
        ext(
          'The series still measures current models: at least 3 directory tools released in the 6 release months before the dataset date (its month included) have a used result in it. Only alive reference series carry weight in overallScore.',
        ),
      ),
    recentModels: z
      .number()
      .int()
      .min(0)
      .describe(
        ext('Directory tools released in that window with a used result in this series (what `alive` counts).'),
      ),
    crossValidation: z
      .object({
        n: z.number().int().describe('Measured values held out, one at a time.'),
        maeModel: z.number().describe('Mean absolute error of the scoring model on them, in points.'),
        maeBaseline: z
          .number()
          .describe("Mean absolute error of the series' mean on them, in points: the bar the model must beat."),
        coverage: z
          .number()
          .min(0)
          .max(1)
          .describe(
            "Share of held-out values inside their 80% interval (cross-fitted: widths set without the value's fold).",
          ),
        maePrevious: z
          .number()
          .nullable()
          .describe(
            'Mean absolute error of the previous method on the same held-out values; null where it made no estimate.',
          ),
      })
      .strict()
      .nullable()
      .describe(
        ext(
          "Leave-one-out over this series' measured values: mean absolute error of the scoring model, of the per-series mean baseline and of the previous method, and the interval coverage.",
        ),
      ),
  })
  .strict();

export const unscoredTool = z
  .object({
    toolId: slug,
    name: z.string().describe("The tool's display name (tools.json name)."),
    reason: z
      .string()
      .describe(
        'Why the tool has no score, e.g. `unscored: no published result in a benchmark series the directory scores, as of 2026-11-27`.',
      ),
  })
  .strict();

export const provider = z
  .object({
    name: z.string().describe('Company name as users know it.'),
    toolCount: z.number().int().min(0).describe('Number of its tools in tools.json, retired ones included.'),
    tools: z
      .array(z.object({ id: slug, name: z.string().describe("The tool's display name.") }).strict())
      .describe('Its tools in tools.json: id and display name.'),
    id: slug.describe(ext('Provider slug.')),
    website: httpsUrl.describe(ext('Official website or model documentation.')),
    pricingUrl: httpsUrl.describe(ext('Official pricing page.')),
  })
  .strict();

export const category = z
  .object({
    id: slug,
    name: z.string().describe('Display name of the category.'),
    description: z.string().describe('What the category is for, in words.'),
    slug,
    toolIds: z.array(slug).describe('Ids of the tools in this category (the field the specification leaves unnamed).'),
    rule: z.string().describe(ext('The membership rule in words.')),
    flagships: z
      .array(
        z
          .object({
            toolId: slug,
            statement: z.string().describe("What the source states about the model's place in its provider's line-up."),
            source: z.object({ name: z.string(), url: httpsUrl, asOf: isoDate }).strict(),
          })
          .strict(),
      )
      .describe(
        ext(
          "Members admitted as their lab's current flagship rather than by score (frontier only; empty elsewhere), each with the provider statement it rests on.",
        ),
      ),
    superseded: z
      .array(
        z
          .object({
            toolId: slug,
            supersededBy: slug.describe('The callable successor its maker names (replacedBy, past retired models).'),
            note: z.string().describe('Whether the successor is in this category too, or why it is not.'),
          })
          .strict(),
      )
      .describe(
        ext(
          'Members whose maker names a callable successor, each with why the older model is still listed (score-based categories only; empty elsewhere).',
        ),
      ),
    provisional: z
      .array(
        z
          .object({
            toolId: slug,
            evidence: evidenceClass
              .nullable()
              .describe('What its overall score rests on; null for a flagship admitted without a score.'),
            reason: z.string().min(1).describe('Why its place rests on no independent measurement.'),
          })
          .strict(),
      )
      .describe(
        ext(
          'Members of a score-based category whose claim to it rests on no independent measurement (benchmarks.json models[].provisional), each with its evidence class and the reason; empty for fact-based categories and when every member has one.',
        ),
      ),
  })
  .strict();

export const platform = z
  .object({
    id: slug,
    name: z.string().describe('Product name of the platform.'),
    description: z.string().describe('What the platform is, in words.'),
    pricing: z.string().describe("The platform's own plans and prices, as free text."),
    url: httpsUrl,
    toolIds: z
      .array(slug)
      .describe(
        'Ids of the tools the platform offers (the field the specification leaves unnamed): its catalogue plus every model of its bring-your-own-key providers; retired models are offered by no platform.',
      ),
    kind: platformKind.describe(ext('Kind of platform.')),
    asOf: isoDate.describe(ext('Date of the newest source of the platform facts.')),
    byok: z
      .object({
        supported: z.boolean().describe("True when the platform accepts the user's own API key for some provider."),
        providers: z.array(slug).describe("Providers whose every model the platform offers with the user's own key."),
        note: z.string().nullable().describe('Conditions of the bring-your-own-key support; null when none.'),
      })
      .strict()
      .describe(ext('Bring-your-own-key support and the providers whose every model is reachable that way.')),
    toolBilling: z
      .array(
        z
          .object({
            toolId: slug,
            billing: billingKind,
            multiplier: z.number().nullable(),
            priceFactor: z
              .number()
              .nullable()
              .describe(
                ext(
                  "Factor on the model provider's per-token price where the platform states one (1.1 for list price +10%); null otherwise. The cost rules apply it to per-token billing.",
                ),
              ),
            asOf: sourceDate,
            note: z.string().nullable(),
          })
          .strict(),
      )
      .describe(ext('How each offered tool is billed on the platform.')),
    sources: z
      .array(z.object({ name: z.string(), url: httpsUrl.nullable(), asOf: sourceDate }).strict())
      .describe(ext('Where the facts come from.')),
  })
  .strict();

export const useCase = z
  .object({
    id: slug,
    title: z.string().describe('Heading of the use case.'),
    slug,
    keyword: z.string().describe('A search phrase people use for this task.'),
    description: z.string().describe('The task in one or two sentences.'),
    sortBy,
    intro: z
      .string()
      .describe('Introductory prose; its numbers are filled from the data by the build, so they stay true.'),
    faq: z
      .array(
        z
          .object({
            q: z.string().describe('The question.'),
            a: z.string().describe('The answer; numbers in it are filled from the data by the build.'),
          })
          .strict(),
      )
      .describe('Questions and answers about choosing a model for this task.'),
    topPicks: z
      .array(slug)
      .describe(
        'Recommended tool ids in order, computed from sortBy, scenario, filter and evidence: callable tools that fit the scenario with 20% of the context window to spare and, when ranked by a benchmark, have a measured result relevant to the task.',
      ),
    scenario: z.object({ inputTokens: tokenCount, outputTokens: tokenCount }).strict(),
    filter: z
      .object({
        categories: z.array(slug).nullable(),
        minContextTokens: z.number().int().nullable(),
        openWeights: z.boolean().nullable(),
        maxScenarioCostUsd: z.number().nullable(),
        includePreview: z.boolean(),
        autocompleteFact: z
          .boolean()
          .describe('Only tools a source states complete fill-in-the-middle or are built for low latency.'),
      })
      .strict()
      .describe(ext('Which tools may be picked.')),
    requiredContextTokens: z
      .number()
      .int()
      .positive()
      .describe(
        ext(
          'Smallest context window a pick may have: (inputTokens + outputTokens) / 0.8, rounded up. The scenario counts as one request, as in the cost rules; the 20% left free covers tokenizers that count the same text differently, system prompt and tool definitions, and thinking tokens.',
        ),
      ),
    evidence: z
      .object({
        measuredIn: z
          .array(slug)
          .describe(
            "Series (expanded from the use case's patterns) in which a score-based pick needs a used, measured result.",
          ),
        components: z
          .array(z.string())
          .nullable()
          .describe('scoreDetails fields whose mean ranks the picks under `taskScoreDesc`; null otherwise.'),
        why: z.string(),
      })
      .strict()
      .nullable()
      .describe(
        ext(
          'For score-based sorts: which measured results make a pick relevant to the task and what it is ranked by; null for price and autocomplete sorts.',
        ),
      ),
    topPickEvidence: z
      .array(
        z
          .object({
            toolId: slug,
            rankedBy: z
              .string()
              .describe(
                'What the order uses, e.g. `overallScore`, `mean(sweBenchPro, terminalBench)`, `scenarioCostUsd`.',
              ),
            value: z.number().nullable().describe("The tool's value of it (null for autocompleteFit)."),
            interval: z
              .object({ low: z.number(), high: z.number() })
              .strict()
              .nullable()
              .describe(
                '80% interval of the value where it is a benchmark estimate (from benchmarks.json); null when exact.',
              ),
            measuredSeries: z
              .array(slug)
              .describe('Series of evidence.measuredIn in which the tool has a used, measured result.'),
            autocomplete: z
              .object({
                fillInTheMiddle: z.boolean().nullable(),
                lowLatency: z.boolean().nullable(),
                source: z.object({ name: z.string(), url: httpsUrl }).strict(),
              })
              .strict()
              .nullable()
              .describe('Fill-in-the-middle and low-latency facts with their source, where the tool has them.'),
            supersededBy: slug
              .nullable()
              .describe(
                ext(
                  "Id of the callable successor the pick's maker names (its replacedBy chain, past retired models); null when there is none.",
                ),
              ),
            supersessionNote: z
              .string()
              .nullable()
              .describe(
                ext(
                  'With supersededBy: where the successor is among the picks, or why it is not one (ranked lower, or the eligibility rule it fails); null otherwise.',
                ),
              ),
            evidence: evidenceClass
              .nullable()
              .describe(
                ext(
                  'What the benchmark values the pick is ranked by rest on (the components of rankedBy; see benchmarks.json models[].evidence); null when the order uses no benchmark.',
                ),
              ),
            provisional: provisional.describe(
              ext(
                'Why the pick is there without an independent measurement among the values it is ranked by; null when it has one or the order uses no benchmark.',
              ),
            ),
          })
          .strict(),
      )
      .describe(
        ext(
          'Per top pick, in order: the value it was ranked by, its uncertainty and the evidence that made it eligible.',
        ),
      ),
    pickNotes: z
      .array(z.string())
      .describe(
        ext(
          'Generated from the data: where adjacent picks cannot be told apart (overlapping 80% intervals, or equal values), which ones and by how much; empty when every pick is separated from the next.',
        ),
      ),
    topPickCosts: z
      .array(
        z
          .object({
            toolId: slug,
            scenarioCostUsd: z.number().min(0),
            promotionUntil: isoDate
              .optional()
              .describe(
                ext(
                  'Last day (UTC) of the promotional rate the scenario cost uses; absent when it uses the list price.',
                ),
              ),
          })
          .strict(),
      )
      .describe(
        ext(
          'Scenario cost of each top pick in USD, exact to the micro-dollar, by the cost rules on the date of lastUpdated: the long-context tier the scenario falls in and a promotion running that day count; off-peak hours do not.',
        ),
      ),
    taskKind: taskKind
      .nullable()
      .describe(ext('The kind of task the scenario stands for; null when the use case names none.')),
    topPickTaskCosts: z
      .array(pickTaskCost)
      .describe(
        ext(
          "Per top pick, in order, when the use case has a taskKind: that model's own tokens, cost per attempt and per solved task (80% intervals) and seconds for this kind of task, measured or estimated (benchmarks.json models[].taskCost). scenarioCostUsd keeps its meaning: the same token counts for every model. Empty without a taskKind.",
        ),
      ),
  })
  .strict();

const lastUpdated = isoTimestamp.describe(
  'Time of the last successful refresh that changed the data (the newest release; refresh.lastSuccess in freshness.json also counts refreshes that found nothing new); the same on every endpoint of one dataset.',
);

const datasetVersion = z
  .string()
  .describe('Version of the whole dataset (its newest release), bumped on every release; the same on every endpoint.');
const benchmarkVersion = z
  .string()
  .describe('Version of the benchmark results and the scoring method (benchmarks.json benchmarks.version).');

export const toolsDocument = z
  .object({
    tools: z.array(tool).describe('Every tool (AI coding model), sorted by id.'),
    lastUpdated,
    totalTools: z.number().int().min(0).describe('Number of tools.'),
  })
  .strict();

export const benchmarksDocument = z
  .object({
    benchmarks: z
      .object({
        version: benchmarkVersion,
        runDate: isoTimestamp.describe('When the scores were last verified.'),
        methodology: z.string(),
        sources: z.array(benchmarkSource),
        models: z.array(benchmarkModel),
        aggregate: z
          .array(
            z
              .object({
                field: z.string().describe('scoreDetails field, e.g. `sweBenchPro`.'),
                benchmark: z.string().describe('Benchmark name.'),
                series: slug.describe('Reference series: a value is measured only from it.'),
                weight: z
                  .number()
                  .min(0)
                  .max(1)
                  .describe('Weight in overallScore: equal shares among the alive components, 0 for the others.'),
                alive: z
                  .boolean()
                  .describe('The reference series is alive (see sources[].alive); a component that is not weighs 0.'),
              })
              .strict(),
          )
          .describe(
            ext(
              'What overallScore aggregates: each scoreDetails field, its reference series and its weight (weights sum to 1).',
            ),
          ),
        calibration: z
          .object({
            level: z.literal(0.8).describe('Nominal coverage of the intervals checked: 0.8.'),
            target: z
              .object({
                low: z.number().describe('Lowest share of held-out values inside that passes.'),
                high: z.number().describe('Highest share that passes (wider intervals than needed fail too).'),
              })
              .strict()
              .describe('Coverage the nominal 80% intervals must reach on held-out values.'),
            coverage: z
              .number()
              .min(0)
              .max(1)
              .describe('Share of all held-out measured values inside their interval (cross-fitted).'),
            n: z.number().int().min(0).describe('Held-out measured values the coverage counts.'),
            passes: z.boolean().describe('The coverage lies within the target.'),
            outsideRange: z
              .object({
                n: z.number().int().min(0).describe('Held-out values outside their range.'),
                coverage: z.number().min(0).max(1).nullable(),
              })
              .strict()
              .describe(
                "The same for held-out values outside the range of their series' other values (held-out extrapolations).",
              ),
          })
          .strict()
          .describe(
            ext(
              'Measured calibration of the published intervals (leave-one-out); per series in sources[].crossValidation.coverage.',
            ),
          ),
        taskCostMethod,
        unscored: z
          .array(unscoredTool)
          .describe(
            ext(
              'Tools without a score, each with the reason; they stay in every list that does not depend on a score.',
            ),
          ),
      })
      .strict(),
    lastUpdated,
  })
  .strict();

export const providersDocument = z
  .object({
    providers: z.array(provider).describe('Every provider, sorted by name; derived from the tools.'),
    lastUpdated,
  })
  .strict();
export const categoriesDocument = z
  .object({ categories: z.array(category).describe('The five categories.'), lastUpdated })
  .strict();
export const platformsDocument = z
  .object({ platforms: z.array(platform).describe('Coding platforms (IDEs, editors, extensions, CLIs).'), lastUpdated })
  .strict();
export const useCasesDocument = z
  .object({ useCases: z.array(useCase).describe('Use cases with computed top picks.'), lastUpdated })
  .strict();

export const endpointFreshness = z
  .object({
    path: z.string().describe('URL path of the document, e.g. /api/tools.json.'),
    etag: z
      .string()
      .describe(
        'Strong ETag of the identity representation (the Node server sends it; static hosts may send their own).',
      ),
    sha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .describe('SHA-256 of the document bytes (identity encoding).'),
    bytes: z.number().int().min(0).describe('Size of the document in bytes (identity encoding).'),
    count: z.number().int().min(0).describe("Number of elements in the document's main array."),
  })
  .strict();

export const upstreamUsed = z
  .object({
    name: z.string().describe('`pricing` (models.dev api.json format) or `benchmarks` (CSV/JSON results).'),
    location: z
      .string()
      .describe('URL or file the upstream was read from, or `skip` when that part was left as it was.'),
    sha256: z.string().nullable().describe('SHA-256 of the upstream bytes read; null when skipped or not reached.'),
  })
  .strict();

export const refreshOutcome = z
  .enum(['published', 'unchanged', 'rejected', 'failed'])
  .describe(
    '`published`: the data changed and a new release is served. `unchanged`: upstream matched the served data. `rejected`: a guard or the build refused the upstream data; the last good dataset keeps serving. `failed`: the refresh could not run (I/O or internal error).',
  );

export const refreshStatus = z
  .object({
    schedule: z.string().nullable().describe('Cron expression of the automatic refresh, or null when disabled.'),
    lastAttempt: isoTimestamp.nullable().describe('When the last refresh attempt started.'),
    lastOutcome: refreshOutcome.nullable(),
    lastError: z
      .string()
      .nullable()
      .describe('Why the last attempt was rejected or failed, naming each offending value; null after a success.'),
    lastSuccess: isoTimestamp
      .nullable()
      .describe(ext('When the last refresh that ended `published` or `unchanged` started.')),
    nextRun: isoTimestamp
      .nullable()
      .describe('Next scheduled refresh, or null when none is scheduled (static hosting: see the CI schedule).'),
    upstreams: z.array(upstreamUsed).describe('Upstream locations and content hashes used by the last attempt.'),
  })
  .strict()
  .describe('Refresh status of the serving instance.');

export const freshnessDocument = z
  .object({
    lastUpdated,
    datasetVersion,
    benchmarkVersion,
    buildId: z.string().describe('Content hash of the whole dataset; changes exactly when any document changes.'),
    endpoints: z.array(endpointFreshness),
    release: z
      .string()
      .nullable()
      .describe(
        ext(
          'Id of the newest release (its documents are at /api/v/<id>/); null when the artifact carries no release history.',
        ),
      ),
    refresh: refreshStatus,
  })
  .strict();

const releaseId = z
  .string()
  .regex(RELEASE_ID, 'must be YYYY-MM-DD or YYYY-MM-DD.<n>')
  .describe(
    'Release id: the UTC date and time of day it was published, YYYY-MM-DD.HHMMSS, so releases cut in parallel never share one (releases cut before 2026-12-01 number the day instead: YYYY-MM-DD, then .2, .3, ...). Ids order by date, then by the number after it.',
  );

export const changeKind = z
  .enum([
    'model-added',
    'model-removed',
    'model-deprecated',
    'model-retired',
    'status-changed',
    'successor-named',
    'shutdown-changed',
    'price-changed',
    'context-changed',
    'release-date-changed',
    'capability-changed',
    'first-score',
    'score-changed',
    'rank-moved',
    'task-cost-changed',
    'source-changed',
  ])
  .describe(
    '`model-added` / `model-removed`: a tool appeared in or left tools.json. `model-deprecated`: its status became deprecated. `model-retired`: its status became retired (no longer callable on the provider API). `status-changed`: any other status change. `successor-named`: its maker named a successor, or a different one (`replacedBy`, from the previous successor id or null to the new one; to null when none is named any more), whatever its status. `shutdown-changed`: the provider-API shutdown date published in `lifecycle.shutdown` was announced, moved or withdrawn (`lifecycle.shutdown.date`, from the previous date or null to the new one or null); a retirement that takes effect on the announced day changes the status, not the date. `price-changed`: a base price (`pricing.*`) or the long-context tiers (`pricingDetails.tiers`). `context-changed`: `contextTokens` or `maxOutputTokens`. `release-date-changed`: `releaseDate`. `capability-changed`: a capability flag of the tool (`openWeights`, `reasoning`, `toolCalling`, `imageInput` or `codingSpecialized`, from `"true"`/`"false"` to the other, from null when an unknown flag became known, to null when a known one became unknown again), which moves it in or out of filters and categories such as open-weight; releases made before a flag was published report none for it. `first-score`: a tool scored for the first time (`benchmarks.overallScore`, from null); its other fields are in benchmarks.json. `score-changed`: a benchmark score of benchmarks.json (`benchmarks.<field>` for overallScore and the four specification fields, `benchmarks.scoreDetails.<field>` for the extension components sweBenchPro and terminalBench). `rank-moved`: a rank outside the rank range the previous release published for the tool (`benchmarks.rank`, from the old rank to the new; places taken by newly scored tools or freed by tools no longer scored do not count as a move). [extension] `task-cost-changed`: the measured cost per solved task of the headline configuration of the tool (`benchmarks.taskCost.costPerSolvedTaskUsd`, USD) changed, appeared or went, or the headline moved between measured and estimated (from and to null on the estimated side): new published runs or a new price in force; estimates moving on a refit are not listed. `source-changed`: the source of pricing, context window or release date changed kind or was read at another version (`sources.<fact>`, from and to as `<kind>, as of <asOf>`; releases cut before tools.json went lean give the source names instead, and compared names and URLs).',
  );

/**
 * Orders changes by how much they matter to a reader, in the order of `changeKind`: a model leaving or
 * retiring before a price, a price before a newer source for the same value. Stable, so ties keep their order.
 */
export const byChangeKind = (a: { kind: ChangeKind }, b: { kind: ChangeKind }): number =>
  changeKind.options.indexOf(a.kind) - changeKind.options.indexOf(b.kind);

export const change = z
  .object({
    kind: changeKind,
    toolId: slug.describe('Id of the tool the change is about.'),
    toolName: z.string().describe("The tool's display name when the release was cut."),
    field: z
      .string()
      .nullable()
      .describe(
        'Changed field, e.g. `pricing.input`, `contextTokens`, `benchmarks.sweBench`, `benchmarks.rank`, `sources.pricing`; null for an added or removed model.',
      ),
    from: z.union([z.number(), z.string()]).nullable().describe('Value before; null when the field did not exist.'),
    to: z.union([z.number(), z.string()]).nullable().describe('Value after; null when the field no longer exists.'),
    percent: z
      .number()
      .nullable()
      .describe(
        '(to - from) / from x 100, rounded to 0.1, for prices and context sizes; null otherwise or when from is 0.',
      ),
    withinPreviousInterval: z
      .boolean()
      .optional()
      .describe(
        ext(
          '`score-changed` only: true when the value is still an estimate and lies inside the 80% interval the previous release published for it (`overallInterval` for `benchmarks.overallScore`, `scoreDetails.<field>.interval` for an estimated benchmark field): the estimate moved as its uncertainty allowed when the scoring model was refitted on new results. False when the value was or now is measured (a new measurement is news even inside the old interval), when no interval was published, or when the value left it. Absent on other kinds and in releases cut before 2026-11-25.2.',
        ),
      ),
    basis: z
      .object({
        from: z.enum(['measured', 'estimated']).nullable(),
        to: z.enum(['measured', 'estimated']).nullable(),
      })
      .strict()
      .optional()
      .describe(
        ext(
          '`score-changed` of a benchmark only: whether the value rested on a measurement or an estimate before and after (`scoreDetails.<field>.kind`; null where the release published none, e.g. the tool was not scored). A change from estimated to measured is a new result; from measured to estimated, a result that no longer counts. Absent for overallScore, which mixes both, and in releases cut before 2026-11-25.2.',
        ),
      ),
  })
  .strict()
  .describe(ext('One field-level difference between a release and the one before it.'));

export const releaseDocumentEntry = z
  .object({
    path: z.string().describe('URL path of the document in this release, e.g. /api/v/2026-11-22/tools.json.'),
    sha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .describe('SHA-256 of the document bytes (identity encoding).'),
    bytes: z.number().int().min(0).describe('Size of the document in bytes (identity encoding).'),
  })
  .strict();

export const release = z
  .object({
    id: releaseId,
    date: isoDate.describe('UTC date of the release; prices in it are effective from this day.'),
    publishedAt: isoTimestamp.describe(
      "When the refresh that published it started; equals its documents' lastUpdated.",
    ),
    lastUpdated,
    datasetVersion,
    benchmarkVersion,
    initial: z.boolean().describe('True for the first recorded release, which has no predecessor to compare with.'),
    parent: releaseId
      .nullable()
      .optional()
      .describe(
        "[extension] The release this one was cut from: its changes are the differences from that release's documents, and its stored patches apply to them. Null for the first release. Absent from releases cut before 2026-12-01, whose parent is the release before them. Two releases cut in parallel from one parent are siblings; the release after their merge names the newer one.",
      ),
    url: z.string().describe("URL path prefix of the release's documents, e.g. /api/v/2026-11-22/."),
    documents: z
      .array(releaseDocumentEntry)
      .describe('SHA-256 manifest of the six endpoint documents as published in this release.'),
    upstreams: z.array(upstreamUsed).describe('Upstream data the release was made from.'),
    summary: z.string().describe('One line describing the changes.'),
    changes: z.array(change).describe('Differences from the parent release (the previous one), by tool.'),
  })
  .strict()
  .describe(ext('An immutable dated snapshot of every endpoint document.'));

export const removedId = z
  .object({
    id: slug.describe('The tool id that left; it is never given to another model.'),
    removedOn: isoDate.describe('Day the tool left the directory.'),
    reason: z.string().describe('Why it left.'),
  })
  .strict()
  .describe(ext('A tool id that left the directory, with when and why.'));

/** How many releases changes.json and the Atom feed carry; every release is in the monthly archive. */
export const CHANGES_WINDOW = 100;

export const changesMonth = z
  .object({
    month: yearMonth,
    url: z.string().describe("Path of the month's archive document (`/api/changes/<YYYY-MM>.json`)."),
    releases: z.number().int().positive().describe('How many releases were published that month.'),
  })
  .strict()
  .describe(ext('One month of the release history archive.'));

export const changesDocument = z
  .object({
    releases: z
      .array(release)
      .describe(
        `The newest releases, newest first: every release while there are at most ${CHANGES_WINDOW}, else the newest ${CHANGES_WINDOW}. Each month's releases are all in its \`archive\` document, so the size of this one does not grow with history.`,
      ),
    totalReleases: z
      .number()
      .int()
      .nonnegative()
      .describe(ext('How many releases exist; when more than `releases` holds, the older ones are in `archive`.')),
    archive: z
      .array(changesMonth)
      .describe(
        ext('Every month with a release, newest first, with the path of the document holding all its releases.'),
      ),
    removedIds: z
      .array(removedId)
      .describe(
        ext(
          'Every tool id that ever left the directory, newest first, including ids removed before the first recorded release (which no release diff can show). A release that drops a tool also lists it as a `model-removed` change.',
        ),
      ),
    feed: z.string().describe('Path of the same list as an Atom feed.'),
    lastUpdated,
  })
  .strict()
  .describe(ext('The release history with per-field differences: a pull-based change notification.'));

export const changesMonthDocument = z
  .object({
    month: yearMonth,
    releases: z.array(release).describe('Every release of the month, newest first.'),
  })
  .strict()
  .describe(
    ext(
      'One month of the release history, at /api/changes/<YYYY-MM>.json: once the month is over it never changes, so it is cached like a release.',
    ),
  );

export const manifestDocument = z
  .object({
    lastUpdated,
    datasetVersion,
    release: releaseId.nullable().describe('Newest release id.'),
    documents: z.array(releaseDocumentEntry).describe('SHA-256 of each endpoint document at its plain (latest) path.'),
    releases: z
      .array(z.object({ id: releaseId, url: z.string(), documents: z.array(releaseDocumentEntry) }).strict())
      .describe(
        "SHA-256 manifest of the newest releases (as many as changes.json lists), newest first. Every release's own manifest is its release.json (`documents`), also in the monthly archive of /api/changes.json, so this document stays one size however long the history grows.",
      ),
    totalReleases: z
      .number()
      .int()
      .nonnegative()
      .describe('[extension] How many releases there are in all; `releases` holds the newest of them.'),
  })
  .strict()
  .describe(ext('SHA-256 manifest of the latest documents and of the newest releases.'));

export const pricePoint = z
  .object({
    effectiveFrom: isoDate.describe(
      'First day this price is known to be in force: the date of the release that first published it (for the first release, the day recording began).',
    ),
    effectiveUntil: isoDate
      .nullable()
      .describe('Last day it was in force (the day before the next price took effect); null while current.'),
    release: releaseId
      .nullable()
      .describe('Release that first published this price; null for a curated change not yet released.'),
    pricing: basePricing,
    pricingDetails: publishedPricingDetails,
  })
  .strict();

export const priceHistoryDocument = z
  .object({
    tools: z
      .array(
        z
          .object({
            toolId: slug,
            name: z.string().describe("The tool's display name (tools.json name)."),
            history: z.array(pricePoint).describe('Prices in force over time, oldest first; periods do not overlap.'),
          })
          .strict(),
      )
      .describe('Every tool that appears in any release or in the current data.'),
    lastUpdated,
  })
  .strict()
  .describe(
    ext('Price history per tool with effective dates, so a cost report can use the price in force on a given day.'),
  );

export const costVector = z
  .object({
    id: z
      .string()
      .describe('Stable name of the example: `<tool>/<case>`, or `<platform>/<tool>/<case>` when a platform bills it.'),
    toolId: slug.describe('Id of the tool priced (its pricing and pricingDetails in tools.json).'),
    usage: z
      .object({
        input: usageTokens.describe('Uncached prompt tokens, priced at pricing.input.'),
        output: usageTokens.describe('Output tokens, reasoning tokens included, priced at pricing.output.'),
        cacheRead: usageTokens.describe('Prompt tokens read from the cache, priced at pricing.cacheRead.'),
        cacheWrite: usageTokens.describe(
          'Prompt tokens written to the cache at the default lifetime, priced at pricing.cacheCreate.',
        ),
        cacheWrite1h: usageTokens.describe(
          'Prompt tokens written to a one-hour cache, priced at pricingDetails.cacheCreate1h.',
        ),
        batch: z.boolean().describe("The request goes through the provider's batch interface."),
      })
      .strict()
      .describe('Token counts of one request.'),
    requests: z
      .number()
      .int()
      .min(1)
      .describe(
        'How many such requests the expected amount is for. Each is priced alone (its prompt decides the tier and the fit); per class, the tokens of all of them are priced and rounded once.',
      ),
    at: isoTimestamp.describe('Instant of the request.'),
    platform: z
      .object({
        id: slug,
        billing: billingKind,
        multiplier: z
          .number()
          .nullable()
          .describe("The platform's multiplier, reported and never applied to a per-token price."),
        priceFactor: z
          .number()
          .nullable()
          .describe("Factor on the provider's per-token price, where the data states one."),
      })
      .strict()
      .nullable()
      .describe("How the platform bills the tool (an element of its toolBilling); null for the provider's own price."),
    expectedKind: z
      .enum(['usd', 'unpriced', 'included', 'premium-multiplier', 'credit-multiplier', 'exceeds-limits'])
      .describe(
        '`usd`: a USD cost. `unpriced`: a token class in use has no published price, or batch is asked for and no batch rate is published. `exceeds-limits`: one request goes over the context window (prompt, or prompt plus output, above `contextTokens`) or the output limit (`maxOutputTokens`). Otherwise the platform does not bill the tool per token in USD.',
      ),
    expectedUsd: z
      .number()
      .min(0)
      .nullable()
      .describe('Total in USD, exact to the micro-dollar (6 decimals); null unless expectedKind is `usd`.'),
    expectedTier: z
      .number()
      .int()
      .positive()
      .nullable()
      .describe('aboveTokens of the long-context tier applied; null at the list rates.'),
    expectedModifier: z
      .enum(['promotion', 'off-peak', 'batch'])
      .nullable()
      .describe('Kind of the modifier applied; null when none.'),
    expectedFits: z
      .boolean()
      .describe(
        "False when one request goes over the tool's contextTokens or maxOutputTokens (expectedKind `exceeds-limits`).",
      ),
    note: z.string().describe('What the example shows, in words.'),
  })
  .strict();

export const costVectorsDocument = z
  .object({
    vectors: z
      .array(costVector)
      .describe(
        "Worked examples covering every pricing feature of the data: each tool plain and with caching, each long-context threshold (one below, at, one above, crossed by cached tokens), each promotion's and off-peak window's edges, batch, free tools and each platform billing kind.",
      ),
    lastUpdated,
  })
  .strict()
  .describe(
    ext(
      'Worked examples of the cost rules (README "Cost rules"): an implementation of the rules is correct when it reproduces every expected value to the micro-dollar.',
    ),
  );

/** One category the tool is a member of, with why where the membership has a story (flagship, successor). */
const modelCategory = z
  .object({
    slug,
    name: z.string(),
    flagship: z
      .object({ statement: z.string(), source: z.object({ name: z.string(), url: httpsUrl, asOf: isoDate }).strict() })
      .strict()
      .nullable()
      .describe(
        "The provider statement it is admitted on as its lab's flagship (categories.json flagships); null otherwise.",
      ),
    supersededBy: slug
      .nullable()
      .describe('The callable successor its maker names, where the category lists it as superseded; null otherwise.'),
    supersessionNote: z.string().nullable().describe('Why it is still listed beside its successor; null otherwise.'),
  })
  .strict();

/** One use case that picks the tool, with its place and what it was ranked by (use-cases.json). */
const modelUseCasePick = z
  .object({
    slug,
    title: z.string(),
    rank: z.number().int().min(1).describe('Its position in topPicks (1 = first recommendation).'),
    rankedBy: z.string().describe('What the order uses (topPickEvidence[].rankedBy).'),
    value: z.number().nullable().describe('Its value of it (topPickEvidence[].value).'),
    scenarioCostUsd: z
      .number()
      .min(0)
      .describe("Cost of the use case's scenario on this tool in USD (topPickCosts[].scenarioCostUsd)."),
  })
  .strict();

/** How one platform offers the tool (platforms.json toolBilling). */
const modelPlatform = z
  .object({
    id: slug,
    name: z.string(),
    billing: billingKind
      .nullable()
      .describe(
        'How the platform bills it: its toolBilling entry, `byok` through a bring-your-own-key provider; null when the platform states neither.',
      ),
    multiplier: z.number().nullable(),
    priceFactor: z.number().nullable(),
    asOf: sourceDate.describe('Date of the billing fact (of the platform facts when it has no billing entry).'),
    note: z.string().nullable(),
  })
  .strict();

export const modelDocument = z
  .object({
    id: slug.describe('Id of the tool (the id in tools.json).'),
    tool: toolRecord.describe(
      'The tool as tools.json lists it, plus what tools.json leaves out: the name, URL and note of the source of every fact, the conflicts between sources, the lifecycle statements in words and what each alternative rate is.',
    ),
    benchmark: benchmarkModel
      .nullable()
      .describe(
        'Its entry of benchmarks.json `models`: overall score, rank and rank range, each component measured or estimated, and every published result; null when it is not scored.',
      ),
    unscored: z
      .string()
      .nullable()
      .describe('Why it has no score (benchmarks.json `unscored[].reason`); null when it is scored.'),
    categories: z.array(modelCategory).describe('The categories it belongs to (its `category` slugs), in that order.'),
    useCases: z
      .array(modelUseCasePick)
      .describe('The use cases that recommend it (it is in their topPicks), in the order of use-cases.json.'),
    platforms: z
      .array(modelPlatform)
      .describe('The coding platforms that offer it and how each bills it, in the order of platforms.json.'),
    costVectors: z
      .array(costVector)
      .describe('The worked cost examples of cost-vectors.json that price this tool (on its own or on a platform).'),
    lastUpdated,
  })
  .strict()
  .describe(
    ext(
      'Everything known about one model in one document: its tools.json record with full provenance, its scores and results, its categories, the use cases that pick it, its platforms and its worked cost examples.',
    ),
  );

const modelIdEntry = z
  .object({
    id: z
      .string()
      .min(1)
      .describe(
        'A model string as a caller holds it (matched with ASCII letter case ignored; a query holding any character outside printable ASCII matches nothing).',
      ),
    toolId: z.string().min(1).describe('Id of the tool (tools.json) it names.'),
    kind: z
      .enum(['directory', 'api', 'snapshot', 'models.dev', 'openrouter'])
      .describe(
        "`directory`: the tool's own id; `api`: a model string the provider's API accepts; `snapshot`: a dated snapshot of it; `models.dev`: the models.dev api.json key; `openrouter`: the OpenRouter slug.",
      ),
    source: z
      .string()
      .describe(
        'The field of the tool in tools.json the id comes from: id, aliases, crossRefs.modelsDev or crossRefs.openRouter.',
      ),
  })
  .strict();

export const modelIdsDocument = z
  .object({
    ids: z
      .array(modelIdEntry)
      .describe('Every id the data records for a tool, each naming exactly one tool; sorted by id.'),
    normalization: z
      .array(z.string())
      .describe(
        'The platform wrappings a resolver takes off before it looks an id up, in order; what is left must equal an id of the table (never a partial or similar match).',
      ),
    lastUpdated,
  })
  .strict()
  .describe(
    ext(
      'Lookup table from model strings (provider API ids, dated snapshots, models.dev keys, OpenRouter slugs) to tool ids; Bedrock, Vertex and Azure ids resolve through it after the normalisation listed.',
    ),
  );

export const errorDocument = z
  .object({ error: z.object({ status: z.number().int(), message: z.string() }).strict() })
  .strict();

/** Every published document, by path under /api. The server, the build and the OpenAPI document read this table. */
export const DOCUMENTS = {
  'tools.json': {
    schema: toolsDocument,
    arrayKey: 'tools',
    summary:
      "Every tool (AI coding model) with pricing, context, release month and the kind and dates of each fact's source (in full: /api/models/<id>.json).",
  },
  'benchmarks.json': {
    schema: benchmarksDocument,
    arrayKey: 'benchmarks.models',
    summary: 'Benchmark scores of scored models, with methodology and sources.',
  },
  'providers.json': { schema: providersDocument, arrayKey: 'providers', summary: 'Providers and their tools.' },
  'categories.json': {
    schema: categoriesDocument,
    arrayKey: 'categories',
    summary: 'Categories with the ids of their tools.',
  },
  'platforms.json': {
    schema: platformsDocument,
    arrayKey: 'platforms',
    summary: 'Coding platforms (IDEs, editors, CLIs) and the tools they offer.',
  },
  'use-cases.json': { schema: useCasesDocument, arrayKey: 'useCases', summary: 'Use cases with computed top picks.' },
} as const;

export type DocumentName = keyof typeof DOCUMENTS;
/** The six published documents, each typed from its schema. */
export type Documents = { [N in DocumentName]: z.infer<(typeof DOCUMENTS)[N]['schema']> };

/**
 * [extension] Documents of the release history, published beside the six endpoints when the
 * artifact is built with releases (src/refresh/). Kept apart from DOCUMENTS, which drives the
 * freshness endpoint and the integrity checks of the specification's six documents.
 */
export const HISTORY_DOCUMENTS = {
  'changes.json': {
    schema: changesDocument,
    summary: 'Every release, newest first, with its per-field differences (also as an Atom feed at /api/changes.xml).',
  },
  'manifest.json': {
    schema: manifestDocument,
    summary: 'SHA-256 manifest of the latest documents and of every release.',
  },
  'price-history.json': { schema: priceHistoryDocument, summary: "Each tool's prices over time with effective dates." },
} as const;

export type HistoryDocumentName = keyof typeof HISTORY_DOCUMENTS;

/** [extension] Documents derived from the six for client authors, published in every artifact. */
export const COST_DOCUMENTS = {
  'cost-vectors.json': {
    schema: costVectorsDocument,
    arrayKey: 'vectors',
    summary: 'Worked examples of the cost rules, to test any implementation of them against.',
  },
  'model-ids.json': {
    schema: modelIdsDocument,
    arrayKey: 'ids',
    summary:
      'Model ids callers hold (API ids, snapshots, models.dev keys, OpenRouter slugs) to tool ids, and the normalisation of Bedrock, Vertex and Azure ids.',
  },
} as const;

/** [extension] The per-model documents: one at /api/models/<id>.json for every tool of tools.json. */
export const MODEL_DOCUMENT = {
  directory: 'models',
  schema: modelDocument,
  summary:
    'Everything known about one model: its tools.json record with the full sources, conflicts and lifecycle, its scores and results, categories, use-case picks, platforms and worked cost examples.',
} as const;

export type ModelDocument = z.infer<typeof modelDocument>;
export type ToolRecord = z.infer<typeof toolRecord>;
export type CostVectorsDocument = z.infer<typeof costVectorsDocument>;
export type ModelIdsDocument = z.infer<typeof modelIdsDocument>;
export type Tool = z.infer<typeof tool>;
export type BenchmarkModel = z.infer<typeof benchmarkModel>;
export type BenchmarkSource = z.infer<typeof benchmarkSource>;
export type ScoreDetail = z.infer<typeof scoreDetail>;
export type EvidenceClass = z.infer<typeof evidenceClass>;
export type UnscoredTool = z.infer<typeof unscoredTool>;
export type Provider = z.infer<typeof provider>;
export type Category = z.infer<typeof category>;
export type Platform = z.infer<typeof platform>;
export type UseCase = z.infer<typeof useCase>;
export type ToolsDocument = z.infer<typeof toolsDocument>;
export type BenchmarksDocument = z.infer<typeof benchmarksDocument>;
export type FreshnessDocument = z.infer<typeof freshnessDocument>;
export type RefreshStatus = z.infer<typeof refreshStatus>;
export type RefreshOutcome = z.infer<typeof refreshOutcome>;
export type UpstreamUsed = z.infer<typeof upstreamUsed>;
export type Change = z.infer<typeof change>;

export { isRefit, refitsPhrase } from './refit.ts';
export type ChangeKind = z.infer<typeof changeKind>;
export type Release = z.infer<typeof release>;
export type ReleaseDocumentEntry = z.infer<typeof releaseDocumentEntry>;
export type ChangesDocument = z.infer<typeof changesDocument>;
export type ChangesMonthDocument = z.infer<typeof changesMonthDocument>;
export type RemovedId = z.infer<typeof removedId>;
export type ManifestDocument = z.infer<typeof manifestDocument>;
export type PricePoint = z.infer<typeof pricePoint>;
export type PriceHistoryDocument = z.infer<typeof priceHistoryDocument>;
export type ErrorDocument = z.infer<typeof errorDocument>;
export { sortBy };
export type {
  TaskConfiguration,
  TaskCost,
  TaskCostHeadline,
  TaskCostMethod,
  TaskEstimate,
  TaskFigure,
} from './api-task-cost.ts';
