/**
 * Schemas of data/benchmarks/: the series results are grouped into (series.json) and each
 * model's published results (results/<model>.json). Re-exported by source.ts.
 */
import { z } from 'zod';
import { dateOrMonth, httpsUrl, percent, reportedBy, seedField, slug, sourceKey } from './common.ts';

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
          reportedBy: reportedBy
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
    date: dateOrMonth.describe('Date of the result as the source states it (YYYY-MM-DD, or YYYY-MM).'),
    source: z
      .string()
      .min(1)
      .describe(
        "URL or repository reference, as published; in the file, a key of the file's `sources` when several results share it.",
      ),
    reportedBy,
    license: z.string().min(1),
  })
  .strict();

/**
 * data/benchmarks/results/<model-slug>.json. The file name is the model's slug (`model`, given by the path). A
 * source several results share is written once in `sources` and each of them names its key; the build reads every
 * `source` resolved, so `sources` is only how the file is written (src/compile/shared-sources.ts).
 */
export const resultsFile = z
  .object({
    model: slug.describe('Slug of the model the results belong to: the file name.'),
    modelName: z.string().min(1),
    toolId: slug
      .nullable()
      .describe(
        'Tool id when the model is in the directory; null for reference models that only anchor the scoring fit.',
      ),
    sources: z
      .record(sourceKey.describe("Key of a source in the file's `sources`."), z.string().min(1))
      .optional()
      .describe(
        'Sources several results share, each written once under a key (a lowercase slug); a result whose `source` is such a key uses it. A source used once may stay in its result.',
      ),
    results: z.array(benchmarkResult).min(1),
  })
  .strict();

export type SeriesFile = z.infer<typeof seriesFile>;
export type BenchmarkResult = z.infer<typeof benchmarkResult>;
export type ResultsFile = z.infer<typeof resultsFile>;
