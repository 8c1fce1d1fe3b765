/**
 * Primitive schemas shared by the curated source files (src/schema/source.ts) and the
 * published documents (src/schema/api.ts). Every message names what was expected so a
 * validation error reads as an instruction.
 */
import { z } from 'zod';
import { DAY_PATTERN, isCalendarDay, MONTH_PATTERN } from './calendar.ts';

export const slug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a lowercase slug (a-z, 0-9, single hyphens)')
  .describe('Stable lowercase slug identifier; never reused for another entity.');

// The calendar primitives. Each curated date is one of these three, so a date means the same everywhere and a
// day that no calendar has (2026-13-45, 2025-02-31) fails the build, naming the file, the field and the value.
// Their rules are in the dependency-free calendar.ts, which the browser script and the client load without zod.
export {
  DATE_OR_MONTH_SHAPE,
  isCalendarDay,
  isDateOrMonth,
  isIsoDate,
  isYearMonth,
  YEAR_MONTH_PATTERN,
} from './calendar.ts';

function calendarString(pattern: string, expected: string) {
  return z
    .string({ error: `must be ${expected}` })
    .regex(new RegExp(`^(?:${pattern})$`), { message: `must be ${expected}`, abort: true })
    .refine(isCalendarDay, { message: 'must be a real calendar date (that month has no such day)' });
}

export const isoDate = calendarString(DAY_PATTERN, 'a date YYYY-MM-DD').describe('Calendar date, YYYY-MM-DD.');

export const yearMonth = calendarString(MONTH_PATTERN, 'a month YYYY-MM').describe('Calendar month, YYYY-MM.');

/** A date as a source states it: the day, or only the month when the source names no day. */
export const dateOrMonth = calendarString(
  `${DAY_PATTERN}|${MONTH_PATTERN}`,
  'a date YYYY-MM-DD, or a month YYYY-MM when the source names only the month',
).describe('Calendar date YYYY-MM-DD, or month YYYY-MM when the source names only the month.');

/** The date of a source version, where a page may carry none. */
export const sourceDate = calendarString(
  `${DAY_PATTERN}|${MONTH_PATTERN}|undated`,
  'a date YYYY-MM-DD, a month YYYY-MM, or "undated"',
).describe('Date of the source version: YYYY-MM-DD, YYYY-MM when it names only the month, or `undated`.');

export const isoTimestamp = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/, 'must be an ISO 8601 UTC timestamp')
  .describe('ISO 8601 timestamp in UTC.');

export const httpsUrl = z
  .string()
  .regex(/^https:\/\/[^\s]+$/, 'must be an https:// URL')
  .describe('Absolute https URL.');

/** USD per 1M tokens: a finite number, never negative. Zero is legal only where the tool is flagged free (checked in the build). */
export const usdPerMillion = z
  .number({ error: 'must be a number (USD per 1M tokens)' })
  .finite()
  .min(0, 'must be >= 0')
  .describe('USD per 1M tokens.');

/** A number of tokens: a whole number above zero (a context window, an output limit, a threshold, a scenario). */
export const tokenCount = z
  .number({ error: 'must be a number of tokens' })
  .int('must be a whole number of tokens')
  .positive('must be > 0 tokens')
  .describe('A number of tokens, a whole number above zero.');

export const percent = z.number().min(0).max(100).describe('Score on a 0-100 scale.');

/**
 * What each of the four prices charges for, said once. The curated file, tools.json, a long-context tier, an
 * alternative rate and a price-history point all mean the same by each; the parent object says which price it is
 * (base, tier, promotion). The request's token classes these prices apply to are named apart (`usageTokens`:
 * `cacheWrite` tokens are priced at `cacheCreate`).
 */
export const price = {
  input: usdPerMillion.describe('USD per 1M uncached input (prompt) tokens.'),
  output: usdPerMillion.describe('USD per 1M output tokens, reasoning tokens included.'),
  cacheRead: usdPerMillion.describe(
    'USD per 1M input tokens read from the prompt cache (a cache hit). Equals input when the model has no prompt-caching price (pricingDetails.caching `unavailable`).',
  ),
  cacheCreate: usdPerMillion.describe(
    "USD per 1M input tokens written to the prompt cache at the provider's default lifetime (five minutes where it offers several; the one-hour write is pricingDetails.cacheCreate1h). Equals input unless pricingDetails.caching is `write-premium`.",
  ),
};

/** The four base prices of a tool (the curated file, tools.json and each price-history point). */
export const basePricing = z
  .object({ input: price.input, output: price.output, cacheRead: price.cacheRead, cacheCreate: price.cacheCreate })
  .strict();

/**
 * A number of tokens in a request's usage or a published run: a whole number, zero allowed (a request may read
 * nothing from the cache). `tokenCount` is the positive one for sizes and thresholds.
 */
export const usageTokens = z.number().int().min(0);

/** The benchmark fields of the original specification; a benchmark series may be the reference protocol of one (`seedField`). */
export const SEED_FIELDS = ['sweBench', 'liveCodeBench', 'humanEval', 'bigCodeBench'] as const;
export const seedField = z.enum(SEED_FIELDS);

/** Who produced a benchmark result or a published run: the one split of reporters in the data and the documents. */
export const reportedBy = z
  .enum(['vendor', 'independent'])
  .describe(
    "`vendor`: a model developer published it (a launch post, system card or comparison table, its competitors' columns included). `independent`: someone else ran it (a benchmark's own leaderboard, an independent evaluator).",
  );

/** What kind of coding platform it is (curated platform files and platforms.json). */
export const platformKind = z.enum(['ide', 'editor', 'extension', 'cli']);

export const toolStatus = z
  .enum(['active', 'preview', 'deprecated', 'retired'])
  .describe(
    "Lifecycle on the provider's own API: `active` is generally available; `preview` is offered but labelled preview/beta by the provider; `deprecated` is still callable but has an announced shutdown; `retired` is no longer callable (or its requests are served by another model). Deprecated and retired tools stay listed so ids resolve; a platform dropping a model does not change this status.",
  );

/**
 * Who published the page a fact was read from: the one taxonomy of every source in the curated data and the
 * published documents, one line a kind. `third-party` is kept only so releases published before the split
 * (release 2026-11-28 and earlier) still read; the build refuses it in curated files.
 */
export const SOURCE_KINDS = {
  'first-party':
    "the model provider's own page, at the provider's own address (its site, docs, blog, or its own organisation on GitHub or Hugging Face).",
  'first-party-copy':
    "the provider's page read through a copy that `name` names: an archived, mirrored, translated or captured copy, or a catalogue, pull request or release note that quotes the page; `url` is the page or the copy.",
  aggregator:
    "a catalogue that compiles many providers' facts (models.dev, OpenRouter, LiteLLM, Portkey, genai-prices, big-AGI, catwalk, llmgateway and the like), also where it quotes a provider's page.",
  host: 'a reseller or cloud that serves the model: a pass-through API seller such as APIYI, or a cloud such as Amazon Bedrock, on its own pages.',
  leaderboard: "a benchmark leaderboard or an independent evaluator's published results.",
  paper: "a paper or technical report (arXiv and the like) that is not on the provider's own site.",
  quote:
    "a third party's article, blog post or forum post that quotes the figure: neither the provider's page nor a copy of it.",
  'third-party':
    '[legacy] any other publication, in releases up to 2026-11-28; now split into first-party-copy, leaderboard, paper and quote, and refused in curated files.',
} as const;

export type SourceKind = keyof typeof SOURCE_KINDS;

export const sourceKind = z.enum(Object.keys(SOURCE_KINDS) as [SourceKind, ...SourceKind[]]).describe(
  Object.entries(SOURCE_KINDS)
    .map(([kind, meaning]) => `\`${kind}\`: ${meaning}`)
    .join(' '),
);

/**
 * The key of a shared source: a source several places of one curated file use, written once in the file's table
 * of shared sources (a results file's `sources`, a tool file's `sharedSources`) and named by this key where it is
 * used. A lowercase slug, so it never reads as a source in full (a URL, words, or an object).
 */
export const sourceKey = slug.describe('Key of a source written once in the file.');

/** Where one published fact comes from and when it was checked. */
export const factSource = z
  .object({
    name: z.string().min(1).describe('Human-readable name of the source.'),
    url: httpsUrl.describe('Where the value can be checked.'),
    kind: sourceKind,
    asOf: isoDate.describe('Date of the source version the value was read from (commit, snapshot or page date).'),
    verified: isoDate.describe('Date the value was last checked against the source by this project.'),
    note: z
      .string()
      .optional()
      .describe('Caveat about this value, e.g. which of several conflicting values was chosen and why.'),
  })
  .strict();

/**
 * [extension] A fact's source as tools.json publishes it: its kind and dates. The name, URL and note of the
 * source are in /api/models/<id>.json. Not strict when parsed, so a release published with full sources still
 * reads (and is compared on these fields only).
 */
export const factSourceRef = z
  .object({ kind: sourceKind, asOf: factSource.shape.asOf, verified: factSource.shape.verified })
  .describe(
    "Kind and dates of the fact's source; its name, URL and note are in the per-model document /api/models/<id>.json.",
  );

export const conflict = z
  .object({
    field: z.string().min(1).describe('Field whose sources disagree, e.g. `pricing.input`.'),
    chosen: z.string().min(1).describe('The value published.'),
    alternative: z.string().min(1).describe('The value another source gives.'),
    alternativeSource: z.string().min(1).describe('Where the alternative value comes from.'),
    reason: z.string().min(1).describe('Why the published value was chosen.'),
  })
  .strict();

export const cachingMode = z
  .enum(['write-premium', 'no-write-premium', 'write-discount', 'unavailable'])
  .describe(
    '`write-premium`: the provider lists a cache-write price above the input price. `no-write-premium`: cached reads are discounted and cache writes are billed at the input price, so cacheCreate equals input. `write-discount`: the provider lists a cache-write price below the input price (as MiniMax does for its high-speed models), so cacheCreate is below input. `unavailable`: no prompt-caching price is listed for the model, so both cache prices equal the input price.',
  );

export const priceTier = z
  .object({
    aboveTokens: tokenCount.describe(
      'Applies when the prompt exceeds this many tokens (strictly: a prompt of exactly aboveTokens stays below). The prompt is every input token of the request: uncached input + cache reads + cache writes; output tokens never count.',
    ),
    input: price.input,
    output: price.output,
    cacheRead: price.cacheRead.optional(),
    cacheCreate: price.cacheCreate.optional(),
    cacheCreate1h: usdPerMillion
      .optional()
      .describe(
        'USD per 1M tokens written to a one-hour cache, where the provider prices it apart from the default cache write.',
      ),
    semantics: z
      .enum(['whole-request'])
      .describe(
        '`whole-request`: once the threshold is exceeded, every token of that request is billed at the tier rate.',
      ),
  })
  .strict();

const hourMinute = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a UTC time of day HH:MM');

/** Off-peak hours in a form a program can test an instant against; `schedule` keeps the provider's words. */
export const utcWindow = z
  .object({
    start: hourMinute.describe('UTC time of day the window opens (inclusive), HH:MM.'),
    end: hourMinute.describe(
      'UTC time of day the window closes (exclusive), HH:MM; earlier than start when the window spans midnight UTC.',
    ),
  })
  .strict()
  .refine((w) => w.start !== w.end, { message: 'start and end must differ', path: ['end'] });

/** An alternative rate without its note: how tools.json and the price history publish it (the note is provenance). */
const modifierRates = {
  kind: z.enum(['promotion', 'off-peak', 'batch']).describe('Kind of alternative rate.'),
  input: price.input,
  output: price.output,
  cacheRead: price.cacheRead.optional(),
  cacheCreate: price.cacheCreate
    .optional()
    .describe('USD per 1M tokens written to the cache at this rate, when the provider states it.'),
  cacheCreate1h: usdPerMillion
    .optional()
    .describe('USD per 1M tokens written to a one-hour cache at this rate, when the provider states it.'),
  from: isoDate.optional().describe('First day the rate applies, from 00:00 UTC.'),
  until: isoDate.optional().describe('Last day the rate applies, through 23:59:59.999 UTC (promotions).'),
  schedule: z.string().optional().describe('When the rate applies (off-peak windows), as the provider states it.'),
  windowsUtc: z
    .array(utcWindow)
    .min(1)
    .optional()
    .describe(
      'Daily UTC windows in which an off-peak rate applies, filled only where the provider states the hours exactly.',
    ),
};

type ModifierFields = { kind: string; windowsUtc?: unknown; from?: string; until?: string };
const modifierRules = <T extends z.ZodType<ModifierFields>>(schema: T) =>
  schema
    .refine((m) => m.windowsUtc === undefined || m.kind === 'off-peak', {
      message: 'windowsUtc is only for off-peak rates',
      path: ['windowsUtc'],
    })
    .refine((m) => m.from === undefined || m.until === undefined || m.from <= m.until, {
      message: 'from must not be after until',
      path: ['from'],
    });

export const priceModifier = modifierRules(
  z
    .object({
      ...modifierRates,
      note: z.string().min(1).describe('What the rate is and where it is stated.'),
    })
    .strict(),
);

/**
 * [extension] The rate as tools.json and price-history.json publish it: the note, which says where the rate is
 * stated, is in the per-model document. Not strict when parsed, so a release published with notes still reads.
 */
export const publishedPriceModifier = modifierRules(z.object(modifierRates));

const pricingDetailsShape = {
  caching: cachingMode,
  free: z.boolean().describe('True only when the model is free at list price; the only case where prices may be 0.'),
  cacheCreate1h: usdPerMillion
    .optional()
    .describe(
      'USD per 1M tokens written to a one-hour cache, where the provider prices it apart from the default (five-minute) cache write in pricing.cacheCreate.',
    ),
  tiers: z.array(priceTier).describe('Higher prices above a prompt-size threshold, ordered by ascending threshold.'),
};

export const pricingDetails = z
  .object({
    ...pricingDetailsShape,
    modifiers: z
      .array(priceModifier)
      .describe('Promotional, off-peak or batch rates. Never folded into the base price.'),
  })
  .strict();

/** pricingDetails as tools.json and price-history.json publish it: each modifier without its note. */
export const publishedPricingDetails = z
  .object({
    ...pricingDetailsShape,
    modifiers: z
      .array(publishedPriceModifier)
      .describe(
        'Promotional, off-peak or batch rates. Never folded into the base price. What each rate is and where it is stated (its note): /api/models/<id>.json.',
      ),
  })
  .strict();

export const toolSources = z
  .object({
    pricing: factSource,
    contextWindow: factSource,
    releaseDate: factSource,
  })
  .strict();

export const sortBy = z
  .enum([
    'inputAsc',
    'outputAsc',
    'scenarioCostAsc',
    'scoreDesc',
    'valueDesc',
    'contextDesc',
    'taskScoreDesc',
    'autocompleteFit',
    'solvedTaskCostAsc',
  ])
  .describe(
    "How a use case ranks its topPicks among the tools that pass its filter and fit its scenario (input + output tokens at most 80% of the context window, output at most maxOutputTokens; retired and deprecated tools never). `inputAsc`: input price ascending. `outputAsc`: output price ascending. `scenarioCostAsc`: cost of the scenario (inputTokens input and outputTokens output tokens, by the cost rules on the build date: long-context tiers and promotions in force count) ascending. `scoreDesc`: benchmark overallScore descending. `valueDesc`: overallScore per scenario dollar descending. `contextDesc`: context window descending. [extension] `taskScoreDesc`: the mean of the benchmarks named in the use case's `evidence.components` (each measured, or estimated on its reference series), descending. [extension] `autocompleteFit`: tools a source states complete fill-in-the-middle and are built for low latency first, then fill-in-the-middle only, then low latency only, each group by scenario cost. [extension] `solvedTaskCostAsc`: cost per solved task of the use case's `taskKind` on each model's own evidence (benchmarks.json models[].taskCost: its measured configuration of that kind, else its estimate) ascending; a model without one is not picked. Score-based sorts (`scoreDesc`, `valueDesc`, `taskScoreDesc`) pick only tools with a measured result in a series of `evidence.measuredIn`. Ties break by scenario cost, then id.",
  );

export const SORT_BY_VALUES = sortBy.options;
