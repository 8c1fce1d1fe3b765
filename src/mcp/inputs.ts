/**
 * The input of each MCP tool as a zod shape: server.ts wraps each in a strict object, so the SDK
 * validates every call against it (naming the field of a malformed one, refusing unknown keys)
 * and publishes it as the tool's JSON Schema (additionalProperties: false).
 */
import { z } from 'zod';
import { CAPABILITIES, CHANGE_KINDS, TASK_KINDS } from '../../packages/client/src/index.ts';

const STATUSES = ['active', 'preview', 'deprecated', 'retired'] as const;
const capability = z.enum(CAPABILITIES as unknown as [string, ...string[]]);
const tokens = (what: string) => z.number().int().min(0).describe(what);

/** A real day of the calendar as YYYY-MM-DD (a pattern alone lets 2026-13-45 through). */
function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

/** An ISO 8601 instant with a date that exists and an explicit zone (Z or an offset). */
function isInstant(value: string): boolean {
  const match = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.exec(value);
  return match !== null && isCalendarDate(match[1]!) && !Number.isNaN(Date.parse(value));
}

const calendarDate = (what: string) =>
  z
    .string()
    .refine(isCalendarDate, { error: (issue) => `not a calendar date (YYYY-MM-DD): ${JSON.stringify(issue.input)}` })
    .describe(what);

/** The input a tool body gets: its input shape as the SDK validated it (defaults applied). */
export type InputOf<Shape extends z.ZodRawShape> = z.output<z.ZodObject<Shape>>;

export const SEARCH_INPUT = {
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
  minScores: z
    .record(z.string().regex(/^[A-Za-z][A-Za-z0-9]*$/), z.number().min(0).max(100))
    .optional()
    .describe(
      'Minimum benchmark scores by field of benchmarks.json scoreDetails, e.g. {"sweBenchPro": 50}; a model without that score is left out.',
    ),
  measuredOnly: z.boolean().default(false).describe('With minScores: only measured scores count, never an estimate.'),
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

export const GET_INPUT = {
  id: z.string().min(1).max(200).describe('Model id, API alias or dated snapshot, e.g. "claude-haiku-4-5-20251001".'),
};

export const WORKLOAD_INPUT = {
  inputTokens: tokens('Uncached input (prompt) tokens.'),
  outputTokens: tokens('Output tokens, reasoning tokens included.'),
  cacheReadTokens: tokens('Prompt tokens read from the cache.').default(0),
  cacheWriteTokens: tokens('Prompt tokens written to the cache (default lifetime).').default(0),
  cacheWrite1hTokens: tokens('Prompt tokens written to a one-hour cache.').default(0),
  batch: z.boolean().default(false).describe("Through the provider's batch interface."),
  requests: z
    .number()
    .int()
    .min(1)
    .default(1)
    .describe(
      'How many requests of these token counts (the counts are per request); each is priced alone, so a long-context tier and the context window apply per request. A month is many requests, not one.',
    ),
  at: z
    .string()
    .refine(isInstant, {
      error: (issue) =>
        `not an ISO 8601 instant with a zone (e.g. 2026-11-23T12:00:00Z): ${JSON.stringify(issue.input)}`,
    })
    .optional()
    .describe('ISO 8601 instant of the requests (promotions and off-peak rates in force then); default: now.'),
};

export const ESTIMATE_INPUT = {
  model: z.string().min(1).max(200).describe('Model id, alias or dated snapshot.'),
  platform: z.string().min(1).optional().describe('Platform id the requests go through, e.g. "cursor".'),
  ...WORKLOAD_INPUT,
};

export const RECOMMEND_INPUT = {
  useCase: z
    .string()
    .min(1)
    .optional()
    .describe('Use case id, e.g. "ai-code-review"; its scenario is the default workload.'),
  inputTokens: tokens('Input tokens of the workload (default: the use case scenario, else 100000).').optional(),
  outputTokens: tokens('Output tokens of the workload (default: the use case scenario, else 10000).').optional(),
  cacheReadTokens: tokens('Prompt tokens read from the cache.').default(0),
  requests: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe(
      'How many requests of these token counts (per request); default 1. Models one request does not fit are left out.',
    ),
  budgetUsd: z.number().min(0).optional().describe('Maximum cost of the workload (all its requests) in USD.'),
  minContextTokens: tokens('Minimum context window in tokens.').optional(),
  openWeights: z.boolean().optional().describe('Only models with published weights.'),
  platform: z.string().min(1).optional().describe('Only models offered on this platform, priced as it bills them.'),
  capabilities: z.array(capability).optional().describe('Capabilities the model must have.'),
  provider: z.string().min(1).optional().describe('Only this provider.'),
  rankBy: z
    .enum(['cost', 'score', 'value', 'solvedTaskCost', 'taskSeconds', 'outputSpeed'])
    .optional()
    .describe(
      "Ranking (default: the use case's, else value). `solvedTaskCost`: the published cost per solved task of taskKind, ascending; `taskSeconds`: seconds per task, ascending; `outputSpeed`: output tokens per second (median over published endpoints), fastest first (benchmarks.json models[].taskCost; no token workload is priced).",
    ),
  taskKind: z
    .enum(TASK_KINDS as unknown as [string, ...string[]])
    .optional()
    .describe("Kind of task for the per-task figures (default: the use case's taskKind, else each model's headline)."),
  maxUsdPerSolvedTask: z.number().min(0).optional().describe('Most USD per solved task (the published value).'),
  tasksPerMonth: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe('Solved tasks a month, with monthlyBudgetUsd: the budget per solved task is their quotient.'),
  monthlyBudgetUsd: z.number().min(0).optional().describe('Most USD a month for tasksPerMonth solved tasks.'),
  maxSecondsPerTask: z.number().min(0).optional().describe('Most wall-clock seconds per task (the published value).'),
  minScores: SEARCH_INPUT.minScores,
  measuredOnly: SEARCH_INPUT.measuredOnly,
  minOutputTokensPerSecond: z
    .number()
    .min(0)
    .optional()
    .describe('Fewest output tokens per second (the published median over the endpoints a source measured).'),
  limit: z.number().int().min(1).max(50).default(5),
};

export type RecommendInput = InputOf<typeof RECOMMEND_INPUT>;

export const CHANGES_INPUT = {
  limit: z
    .number()
    .int()
    .min(1)
    .max(50)
    .default(3)
    .describe('Releases to return, newest first, of those that match (`matching` says how many do).'),
  model: z
    .string()
    .min(1)
    .optional()
    .describe('Only releases that changed this model (id, alias or snapshot), with only its changes.'),
  since: calendarDate(
    'Only releases on or after this date (YYYY-MM-DD); older months are read from the archive, so nothing is cut.',
  ).optional(),
  kinds: z
    .array(z.enum(CHANGE_KINDS))
    .min(1)
    .optional()
    .describe('Only changes of these kinds (e.g. price-changed, model-added), and only releases with one.'),
  refits: z
    .boolean()
    .default(false)
    .describe(
      "Also return score changes that are estimates moving within the previous release's 80% interval (refits after new results elsewhere); left out by default and counted in refitsLeftOut.",
    ),
};
