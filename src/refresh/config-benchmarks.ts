/**
 * Settings of the benchmark upstreams: a list of upstreams, each read in its own published format
 * and feeding named series through explicit rules. A rule pins the protocol (benchmark, set,
 * harness, version, effort, who ran it) by matching the fields the format reads; a result that
 * no rule or more than one rule takes is reported as unclassified and kept out of the data.
 */
import { z } from 'zod';

export const BENCHMARK_FORMATS = [
  'rows',
  'rows-csv',
  'rows-json',
  'models-dev',
  'swe-bench',
  'aider-polyglot',
  'bigcodebench',
  'epoch-runs',
  'harbor-leaderboard',
] as const;
export type BenchmarkUpstreamFormat = (typeof BENCHMARK_FORMATS)[number];

const regex = z.string().refine(
  (text) => {
    try {
      new RegExp(text, 'iu');
      return true;
    } catch {
      return false;
    }
  },
  { message: 'must be a valid regular expression' },
);

const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a lowercase slug');

export const benchmarkFeed = z
  .object({
    series: slug.describe('Id of a series in data/benchmarks/series.json.'),
    benchmark: z.string().min(1).describe('Benchmark name recorded with each result, as published.'),
    reportedBy: z.enum(['vendor', 'independent']).describe('Who ran the results this rule takes.'),
    when: z
      .record(z.string().min(1), regex)
      .refine((when) => Object.keys(when).length > 0, 'must pin at least one field')
      .describe('Field of the upstream result -> regular expression (case-insensitive) its value must match.'),
    variant: z
      .string()
      .min(1)
      .describe('Variant wording recorded for the result; {field} is replaced by the result field.'),
    license: z.string().min(1).describe('License or terms of the figures, recorded with each result.'),
    undatedAsRead: z
      .boolean()
      .default(false)
      .describe(
        'A result the upstream publishes without a date is dated the day the refresh read it (the convention for quoted figures); otherwise it is kept out.',
      ),
  })
  .strict();

export const benchmarkUpstream = z
  .object({
    name: slug.describe('Name of the upstream in reports, status and releases.'),
    location: z
      .string()
      .min(1)
      .describe('URL or file of the upstream, "skip", or (models-dev format) "pricing": the pricing document.'),
    format: z.enum(BENCHMARK_FORMATS),
    sourceUrl: z
      .string()
      .regex(/^https:\/\//, 'must be an https URL')
      .optional()
      .describe('https URL recorded as the source of imported results when the location is not one.'),
    aliases: z
      .record(z.string().min(1), slug)
      .default({})
      .describe("The leaderboard's own model names -> tool id, where no id, alias or cross-reference matches."),
    feeds: z.array(benchmarkFeed).default([]).describe('Which results feed which series (rows formats: none).'),
  })
  .strict();

export type BenchmarkFeed = z.infer<typeof benchmarkFeed>;
/** One benchmark upstream: a place the refresh reads results from (not a published series: that is `BenchmarkSource`). */
export type BenchmarkUpstream = z.infer<typeof benchmarkUpstream>;

const LEGACY_FORMAT: Record<string, BenchmarkUpstreamFormat> = { auto: 'rows', csv: 'rows-csv', json: 'rows-json' };

/** A single `{ location, format }` object (the earlier setting) is read as one upstream of the row format. */
function fromLegacy(value: unknown): unknown {
  if (value === undefined) return [];
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const legacy = value as { location?: unknown; format?: unknown };
  const format = typeof legacy.format === 'string' ? (LEGACY_FORMAT[legacy.format] ?? legacy.format) : 'rows';
  return [{ name: 'benchmarks', location: legacy.location ?? 'skip', format }];
}

export const benchmarkUpstreams = z
  .preprocess(fromLegacy, z.array(benchmarkUpstream))
  .refine((list) => new Set(list.map((s) => s.name)).size === list.length, 'names an upstream twice')
  .describe('Benchmark upstreams, each in its published format.');

/**
 * `--benchmarks-source` / DIRECTORY_BENCHMARKS_SOURCE name the one benchmark upstream of a run, in
 * the row format (or "skip": none), in place of the configured list: a run pointed at one file
 * reaches nothing else.
 */
export function withBenchmarksLocation(location: string): BenchmarkUpstream[] {
  return [{ name: 'benchmarks', location, format: 'rows', aliases: {}, feeds: [] }];
}
