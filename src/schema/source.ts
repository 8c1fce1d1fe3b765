/**
 * Schemas of the curated files under data/. These are what people edit; the build
 * (src/compile/) validates them, derives everything derivable and writes the published
 * documents described in src/schema/api.ts. The larger files have their own modules:
 * a model (source-tool.ts), a use case (source-use-case.ts) and the benchmarks
 * (source-benchmarks.ts); every schema and type is importable from here.
 */
import { z } from 'zod';
import {
  type factSource,
  httpsUrl,
  isoDate,
  isoTimestamp,
  platformKind,
  slug,
  sourceDate,
  usdPerMillion,
} from './common.ts';

export * from './source-benchmarks.ts';
export * from './source-speed.ts';
export * from './source-task-runs.ts';
export * from './source-tool.ts';
export * from './source-use-case.ts';

/** The dataset's stamp: the date and versions of its newest release, read from that release's record. */
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
      .object({ kind: z.literal('blendedPriceAtMost'), usd: usdPerMillion.positive('must be > 0') })
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
    sources: z.array(z.object({ name: z.string().min(1), url: httpsUrl.optional(), asOf: sourceDate }).strict()).min(1),
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
            priceFactor: z
              .number()
              .positive()
              .optional()
              .describe(
                "Factor on the model provider's list price per token, only where the platform states one (1.1 for list price +10%); per-token billing only.",
              ),
            asOf: sourceDate,
            note: z.string().optional(),
          })
          .strict()
          .refine((m) => m.priceFactor === undefined || m.billing === 'per-token', {
            message: 'priceFactor is only for per-token billing',
            path: ['priceFactor'],
          }),
      )
      .describe('Models the platform offers from its own catalogue, with how each is billed.'),
  })
  .strict();

export type MetaFile = z.infer<typeof metaFile>;
export type ProviderFile = z.infer<typeof providerFile>;
export type RemovedIdsFile = z.infer<typeof removedIdsFile>;
export type CategoryFile = z.infer<typeof categoryFile>;
export type CategoryRule = z.infer<typeof categoryRule>;
export type PlatformFile = z.infer<typeof platformFile>;
export type FactSource = z.infer<typeof factSource>;
export { isoDate };
