/**
 * The shape of each MCP tool's structuredContent as a zod schema: the SDK publishes it as the
 * tool's outputSchema and checks every answer against it before sending. Objects are loose (a
 * field added later is allowed); the fields named here are the ones an agent may rely on.
 */
import { z } from 'zod';

const DATA_SOURCE = z.looseObject({
  from: z.string(),
  lastUpdated: z.string(),
  documents: z.array(z.string()),
  license: z.string(),
  stale: z
    .array(
      z.object({
        document: z.string(),
        fetchedAt: z.string().describe('When this copy was fetched (ISO 8601).'),
        ageSeconds: z.number().int(),
        reason: z.string().describe('Why the API could not be used, in words.'),
      }),
    )
    .optional()
    .describe('Present only when the API could not be reached: the last good copies this answer was made from.'),
});
const usd = z.number().nullable();

/** One row of search_models: enough to choose, not everything (get_model has the rest). */
export const SEARCH_ROW = z.looseObject({
  id: z.string(),
  name: z.string(),
  provider: z.string(),
  status: z.string(),
  contextTokens: z.number().nullable(),
  maxOutputTokens: z.number().nullable(),
  pricing: z.looseObject({ input: usd, output: usd, cacheRead: usd, blended: usd, unit: z.string() }),
  openWeights: z.boolean().nullable(),
  reasoning: z.boolean().nullable(),
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

export const SEARCH_OUTPUT = z.looseObject({
  count: z.number().int().describe('Models matching the filters, over all pages.'),
  offset: z.number().int(),
  nextOffset: z.number().int().nullable().describe('Pass as offset for the next page; null on the last page.'),
  models: z.array(SEARCH_ROW),
  dataSource: DATA_SOURCE,
});

export const GET_OUTPUT = z.looseObject({
  model: z.looseObject({ id: z.string(), name: z.string(), provider: z.string(), status: z.string() }),
  successor: z.looseObject({ id: z.string(), chain: z.array(z.string()) }).nullable(),
  platforms: z.array(z.looseObject({ id: z.string(), name: z.string() })),
  sources: z.looseObject({}),
  benchmarkResults: z.array(z.looseObject({})),
  dataSource: DATA_SOURCE,
});

export const ESTIMATE_OUTPUT = z.looseObject({
  model: z.looseObject({ id: z.string(), name: z.string(), status: z.string() }),
  platform: z.string().nullable(),
  at: z.string(),
  cost: z.looseObject({ kind: z.string(), usd }),
  explanation: z.string(),
  dataSource: DATA_SOURCE,
});

export const RECOMMEND_OUTPUT = z.looseObject({
  count: z.number().int().describe('Models that pass, before limit; results holds the first limit of them.'),
  results: z.array(
    z.looseObject({
      rank: z.number().int(),
      id: z.string(),
      name: z.string(),
      costUsd: usd
        .optional()
        .describe('Cost of the workload (the use case scenario when none is given), USD; absent when ranked per task.'),
      evidence: z
        .enum(['independent-measured', 'developer-reported', 'estimated'])
        .nullable()
        .describe('What the benchmark values the model is ranked by rest on; null when it is not ranked by one.'),
      provisional: z
        .string()
        .nullable()
        .describe('Why its place rests on no independent measurement; null when it rests on one.'),
    }),
  ),
  dataSource: DATA_SOURCE,
});

export const CHANGES_OUTPUT = z.looseObject({
  releases: z.array(
    z.looseObject({
      id: z.string(),
      date: z.string(),
      summary: z.string(),
      url: z.string(),
      changes: z.array(z.looseObject({})),
      refitsLeftOut: z
        .number()
        .int()
        .describe('Estimates that moved within their previous interval, left out of changes.'),
    }),
  ),
  matching: z.number().int().describe('Releases that match the filters, before limit.'),
  totalReleases: z.number().int().describe('Every release the directory has published.'),
  dataSource: DATA_SOURCE,
});
