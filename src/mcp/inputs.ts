/**
 * The pieces of input more than one MCP tool takes, as zod: token counts, capabilities, dates and instants,
 * a workload, minimum scores. Each tool's own input shape is in its module under tools/; tool.ts wraps it in a
 * strict object, so the SDK validates every call (naming the field of a malformed one, refusing unknown keys).
 */
import { z } from 'zod';
import { CAPABILITIES } from '../../packages/client/src/index.ts';
import { isIsoDate } from '../schema/common.ts';

export const STATUSES = ['active', 'preview', 'deprecated', 'retired'] as const;
export const capability = z.enum(CAPABILITIES as unknown as [string, ...string[]]);
export const tokens = (what: string) => z.number().int().min(0).describe(what);

/** An ISO 8601 instant with a date that exists and an explicit zone (Z or an offset). */
function isInstant(value: string): boolean {
  const match = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.exec(value);
  return match !== null && isIsoDate(match[1]!) && !Number.isNaN(Date.parse(value));
}

export const calendarDate = (what: string) =>
  z
    .string()
    .refine(isIsoDate, { error: (issue) => `not a calendar date (YYYY-MM-DD): ${JSON.stringify(issue.input)}` })
    .describe(what);

/** Minimum benchmark scores (search_models and recommend_models). */
export const MIN_SCORES = z
  .record(z.string().regex(/^[A-Za-z][A-Za-z0-9]*$/), z.number().min(0).max(100))
  .optional()
  .describe(
    'Minimum benchmark scores by field of benchmarks.json scoreDetails, e.g. {"sweBenchPro": 50}; a model without that score is left out.',
  );

export const MEASURED_ONLY = z
  .boolean()
  .default(false)
  .describe('With minScores: only measured scores count, never an estimate.');

/** A workload of requests of the same token counts (estimate_cost). */
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
