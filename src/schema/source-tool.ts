/**
 * Schema of data/tools/<provider>/<id>.json, the curated file of one model: its facts and their
 * sources, what the weekly refresh may import from upstream, and its lifecycle. Re-exported by
 * source.ts, where every curated file's schema is named.
 *
 * The file and the record the build works with differ in one thing, so both come from one definition
 * (`toolSchemas`): in the file (`toolFileAsWritten`) each source is written in full or, when several places share
 * it, as the key of the file's `sharedSources`; in the record (`toolFile`) every source is in full
 * (src/compile/shared-sources.ts resolves the keys, and writes them back).
 */
import { z } from 'zod';
import {
  basePricing,
  conflict,
  dateOrMonth,
  factSource,
  httpsUrl,
  isoDate,
  pricingDetails,
  slug,
  sourceKey,
  tokenCount,
  toolStatus,
  yearMonth,
} from './common.ts';

/**
 * Facts the weekly refresh imports from the models.dev upstream. `pricing` covers the four base
 * prices, the caching mode, the free flag and the long-context tiers; `capabilities` covers
 * openWeights, reasoning, toolCalling and imageInput; `status` covers a deprecation upstream.
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

// Every schema below that holds a source takes it as `source`: the source in full (`factSource`, the record the
// build works with), or in full or a key (`sourceRef`, the file as written). One definition, two forms.

/** One dated lifecycle statement of one source. Platform-scoped events never change a tool's status. */
const lifecycleEventOf = <S extends z.ZodType>(source: S) =>
  z
    .object({
      kind: z
        .enum(['deprecation-announced', 'shutdown-scheduled', 'retired', 'rerouted', 'superseded'])
        .describe(
          'What the source states. `deprecation-announced`: the deprecation was announced on `date`. `shutdown-scheduled`: the model is to stop being served on `date` (the date may since have passed). `retired`: the model stopped being served on `date`. `rerouted`: from `date`, requests to the model are served by another model. `superseded`: a successor was named on `date`, with no shutdown announced.',
        ),
      date: dateOrMonth.describe(
        'Date of the event as the source states it (YYYY-MM-DD, or YYYY-MM when only the month is given).',
      ),
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
      source,
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
const toolLifecycleOf = <S extends z.ZodType>(source: S) =>
  z
    .object({
      announced: z
        .object({ date: isoDate, source })
        .strict()
        .optional()
        .describe('When the provider announced the deprecation or retirement, where a source says.'),
      shutdown: z
        .object({ date: isoDate, source })
        .strict()
        .optional()
        .describe(
          "The provider-API shutdown date published: announced for a deprecated tool, effective for a retired one. Other dates sources give are in the tool's conflicts.",
        ),
      events: z
        .array(lifecycleEventOf(source))
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
        message:
          'shutdown.date must be the date of a provider-api event of kind shutdown-scheduled, retired or rerouted',
        path: ['shutdown', 'date'],
      },
    );

/** Facts for autocomplete picks, recorded only where a source states them. */
const autocompleteFactsOf = <S extends z.ZodType>(source: S) =>
  z
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
      source,
    })
    .strict()
    .refine((a) => a.fillInTheMiddle !== null || a.lowLatency !== null, {
      message: 'state at least one fact, or leave the autocomplete block out',
      path: ['fillInTheMiddle'],
    });

/** The provider's own positioning of a model as its current top model; the fact behind a frontier membership without a score. */
const flagshipFactOf = <S extends z.ZodType>(source: S) =>
  z
    .object({
      statement: z
        .string()
        .min(10, 'must say in a sentence what the source states')
        .describe(
          "What the source states about the model's place in the provider's line-up, in this project's words (quote the key phrase).",
        ),
      source,
    })
    .strict();

/** Provenance of a tool file: the three published facts plus, where set from another source, the capability flags. */
const toolFileSourcesOf = <S extends z.ZodType>(source: S) =>
  z
    .object({
      pricing: source,
      contextWindow: source,
      releaseDate: source,
      capabilities: source
        .optional()
        .describe(
          'Where the reasoning and toolCalling flags come from, when that is not the pricing source; the note says which flag a source states. It is also the source of imageInput when its note states the input modalities and sources.imageInput is absent.',
        ),
      imageInput: source
        .optional()
        .describe(
          'Where the imageInput flag comes from (e.g. a catalogue entry listing the input modalities); required for a known imageInput unless sources.capabilities states it.',
        ),
      batch: source
        .optional()
        .describe(
          "Where the batch rates (pricingDetails.modifiers of kind batch) come from; the note states the provider's rule, e.g. 50% of the standard rates.",
        ),
      cacheCreate1h: source
        .optional()
        .describe('Where the one-hour cache-write prices (cacheCreate1h in pricingDetails and its tiers) come from.'),
    })
    .strict();

/** Fields of a tool file that hold no source, in the file's order: who it is, its facts, its prose. */
const toolIdentity = {
  id: slug,
  name: z.string().min(1),
  provider: slug.describe('Id of a file in data/providers/.'),
  status: toolStatus,
  replacedBy: slug
    .optional()
    .describe("Id of the successor tool, when a source names one (a lifecycle event's `successor`)."),
};
const toolFacts = {
  aliases: z
    .array(z.string().min(1))
    .describe('Model strings the provider API accepts for this model, including dated snapshots.'),
  releaseDate: yearMonth,
  contextTokens: tokenCount.describe('Exact maximum context window in tokens.'),
  maxOutputTokens: tokenCount.optional().describe('Maximum output tokens per request, when published.'),
  openWeights: z.boolean(),
  reasoning: z
    .boolean()
    .nullable()
    .describe('The model has a thinking/reasoning mode; null when the source does not say.'),
  toolCalling: z
    .boolean()
    .nullable()
    .describe('The model supports function/tool calling through the API; null when the source does not say.'),
  imageInput: z
    .boolean()
    .nullable()
    .describe(
      'The model accepts images as input (its input modalities include image); null when no source says. Its source is sources.imageInput, else sources.capabilities.',
    ),
  codingSpecialized: z.boolean().describe('The provider builds and markets the model specifically for coding.'),
  pricing: basePricing.describe('Base list price in USD per 1M tokens; cache prices follow pricingDetails.caching.'),
  pricingDetails,
  url: httpsUrl.optional().describe("Pricing page for this model when it differs from the provider's."),
};
const toolProse = {
  description: z.string().min(20, 'must be 1-3 sentences of prose'),
  features: z.array(z.string().min(3)).min(2, 'list at least two capabilities'),
  bestFor: z.string().min(3),
};

/** The shared sources of a tool file: each source several of its places use, written once under a key. */
const sharedSources = z
  .record(
    sourceKey,
    // A shared source is written in full: one that named another key would leave a reader two steps from it.
    z
      .object(factSource.shape, {
        error: (issue) =>
          issue.code === 'invalid_type' && typeof issue.input === 'string'
            ? 'must be the source in full, not a key'
            : undefined,
      })
      .strict(),
  )
  .optional()
  .describe(
    "Sources several places of the file share (two facts' `sources`, a lifecycle statement, `autocomplete`, `flagship`), each written once under a key (a lowercase slug); a place whose source is such a key uses it. A source one place uses may stay there in full.",
  );

/** What the cross-field rules of a tool file read: the same in either form of its sources. */
interface ToolRuleView {
  status: z.infer<typeof toolStatus>;
  replacedBy?: string | undefined;
  lifecycle?: { shutdown?: unknown; events: readonly { successor?: string | undefined }[] } | undefined;
  pricingDetails: z.infer<typeof pricingDetails>;
  sources: Partial<Record<'capabilities' | 'imageInput' | 'batch' | 'cacheCreate1h', unknown>>;
  imageInput: boolean | null;
  reasoning: boolean | null;
  toolCalling: boolean | null;
  features: readonly string[];
}

/** The rules of a tool file no field states alone: each holds, or its message names what to add or change. */
const TOOL_RULES: readonly { holds: (t: ToolRuleView) => boolean; message: string; path: string[] }[] = [
  {
    holds: (t) => (t.status !== 'retired' && t.status !== 'deprecated') || t.lifecycle?.shutdown !== undefined,
    message:
      "a deprecated or retired tool needs lifecycle.shutdown: the announced (deprecated) or effective (retired) shutdown date on the provider's API, with its source",
    path: ['lifecycle', 'shutdown'],
  },
  {
    holds: (t) => (t.status !== 'active' && t.status !== 'preview') || t.lifecycle?.shutdown === undefined,
    message:
      'an active or preview tool has no provider shutdown date; set status to deprecated (shutdown announced) or retired (shutdown passed)',
    path: ['status'],
  },
  {
    holds: (t) => !t.pricingDetails.modifiers.some((m) => m.kind === 'batch') || t.sources.batch !== undefined,
    message: 'a batch rate needs sources.batch: where the provider publishes it',
    path: ['sources', 'batch'],
  },
  {
    holds: (t) =>
      (t.pricingDetails.cacheCreate1h === undefined &&
        t.pricingDetails.tiers.every((tier) => tier.cacheCreate1h === undefined)) ||
      t.sources.cacheCreate1h !== undefined,
    message: 'a one-hour cache-write price needs sources.cacheCreate1h: where the provider publishes it',
    path: ['sources', 'cacheCreate1h'],
  },
  {
    holds: (t) => t.imageInput === null || t.sources.imageInput !== undefined || t.sources.capabilities !== undefined,
    message:
      'a known imageInput needs its source: sources.imageInput, or sources.capabilities when its note states the input modalities',
    path: ['sources', 'imageInput'],
  },
  {
    holds: (t) => t.replacedBy === undefined || (t.lifecycle?.events.some((e) => e.successor !== undefined) ?? false),
    message: 'replacedBy needs a lifecycle event whose `successor` names the replacement, so the successor is sourced',
    path: ['replacedBy'],
  },
];

function checkToolRules(t: ToolRuleView, ctx: z.RefinementCtx): void {
  for (const rule of TOOL_RULES)
    if (!rule.holds(t)) ctx.addIssue({ code: 'custom', message: rule.message, path: rule.path });
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
}

/** data/tools/<provider>/<id>.json: one file per model. */
const toolFileOf = <S extends z.ZodType>(source: S) =>
  z
    .object({
      ...toolIdentity,
      lifecycle: toolLifecycleOf(source)
        .optional()
        .describe(
          'Deprecation/retirement dates and the statements they rest on; required when status is deprecated or retired.',
        ),
      ...toolFacts,
      sharedSources,
      sources: toolFileSourcesOf(source),
      conflicts: z.array(conflict).describe('Facts on which sources disagree, with the value chosen and why.'),
      upstream: toolUpstream,
      autocomplete: autocompleteFactsOf(source)
        .optional()
        .describe('Fill-in-the-middle and low-latency facts, only where a source states them.'),
      flagship: flagshipFactOf(source)
        .optional()
        .describe(
          'Present only when a source has the provider present this model as its most capable current model (one per provider); frontier then includes it without a score when its lab has a top scorer.',
        ),
      ...toolProse,
    })
    .strict()
    .superRefine(checkToolRules);

/** Every schema of a tool file whose sources are `source`. */
const toolSchemas = <S extends z.ZodType>(source: S) => ({
  lifecycleEvent: lifecycleEventOf(source),
  toolLifecycle: toolLifecycleOf(source),
  autocompleteFacts: autocompleteFactsOf(source),
  flagshipFact: flagshipFactOf(source),
  toolFileSources: toolFileSourcesOf(source),
  toolFile: toolFileOf(source),
});

/**
 * A source as a tool file writes it: in full, or the key of a source in the file's `sharedSources`. A key is a
 * slug and a source in full an object, so a string is always read as a key.
 */
export const sourceRef = z
  .union([sourceKey.describe("Key of a source in the file's `sharedSources`."), factSource])
  .describe("A source in full, or the key of one in the file's `sharedSources`.");

/** The record the build works with: every source in full (a written key resolved). */
const resolved = toolSchemas(factSource);
/** The file as written: a source in full, or the key of one in `sharedSources`. */
const written = toolSchemas(sourceRef);

// The parts other schemas name (the published lifecycle, the build's checks) are those of the record.

export const lifecycleEvent = resolved.lifecycleEvent;
export const toolLifecycle = resolved.toolLifecycle;
export const autocompleteFacts = resolved.autocompleteFacts;
export const flagshipFact = resolved.flagshipFact;
export const toolFileSources = resolved.toolFileSources;
/**
 * data/tools/<provider>/<id>.json as the build works with it: one file per model, every source in full, and the
 * file's `sharedSources` kept so a writer keeps its keys (src/compile/shared-sources.ts).
 */
export const toolFile = resolved.toolFile;
/**
 * data/tools/<provider>/<id>.json as written: a source several places share is written once in `sharedSources`
 * and each place names its key. What the editor schema and the build read the file with.
 */
export const toolFileAsWritten = written.toolFile;

export type ToolFile = z.infer<typeof toolFile>;
export type ToolFileAsWritten = z.infer<typeof toolFileAsWritten>;
export type SourceRef = z.infer<typeof sourceRef>;
export type ToolLifecycle = z.infer<typeof toolLifecycle>;
export type LifecycleEvent = z.infer<typeof lifecycleEvent>;
export type FlagshipFact = z.infer<typeof flagshipFact>;
export type UpstreamFact = z.infer<typeof upstreamFact>;
export type ToolUpstream = z.infer<typeof toolUpstream>;
