/**
 * Typed builders for the records tests make by hand: a fact's source, a published tool (tools.json), a
 * benchmark result, a use case and a release record. Each returns a complete, schema-shaped value with plain defaults, so a test states only the
 * fields it is about and the compiler, not a cast, says when the schema gains or renames a field.
 */
import type { Release, Tool } from '../../src/schema/api.ts';
import type { BenchmarkResult, FactSource, UseCaseFile } from '../../src/schema/source.ts';

/** Where a fact comes from: a first-party page, read and checked on fixed days. */
export function factSource(extra: Partial<FactSource> = {}): FactSource {
  return {
    name: 'Test source',
    url: 'https://example.test/source',
    kind: 'first-party',
    asOf: '2026-11-01',
    verified: '2026-11-22',
    ...extra,
  };
}

/** A source as tools.json publishes it: its kind and dates only. */
export function factSourceRef(extra: Partial<FactSource> = {}): Tool['sources']['pricing'] {
  const { kind, asOf, verified } = factSource(extra);
  return { kind, asOf, verified };
}

/**
 * A tool as tools.json publishes it: active, 200K context, $1 / $4 per 1M tokens with no caching price, every
 * capability unknown and every fact from `factSourceRef()`. `extra` replaces whole fields.
 */
export function publishedTool(id: string, extra: Partial<Tool> = {}): Tool {
  return {
    id,
    name: id.toUpperCase(),
    provider: 'P',
    category: [],
    pricing: { input: 1, output: 4, cacheRead: 1, cacheCreate: 1 },
    description: 'd',
    features: [],
    bestFor: 'b',
    contextWindow: '200K tokens',
    releaseDate: '2026-01',
    url: 'https://example.test',
    providerId: 'p',
    contextTokens: 200_000,
    maxOutputTokens: null,
    status: 'active',
    replacedBy: null,
    lifecycle: null,
    aliases: [],
    openWeights: false,
    reasoning: null,
    toolCalling: null,
    imageInput: null,
    codingSpecialized: false,
    blendedPrice: 1.75,
    pricingDetails: { caching: 'unavailable', free: false, tiers: [], modifiers: [] },
    sources: {
      pricing: factSourceRef(),
      contextWindow: factSourceRef(),
      releaseDate: factSourceRef(),
      capabilities: null,
      batch: null,
      cacheCreate1h: null,
    },
    crossRefs: { modelsDev: null, openRouter: null },
    ...extra,
  };
}

/** One published benchmark result of series `series`, independent, dated 2026-10-01. */
export function benchmarkResult(series: string, value: number, extra: Partial<BenchmarkResult> = {}): BenchmarkResult {
  return {
    series,
    benchmark: series,
    variant: 'fixture run',
    value,
    date: '2026-10-01',
    source: 'https://bench.test/results',
    reportedBy: 'independent',
    license: 'test',
    ...extra,
  };
}

/** A use case ranked by `sortBy`: a 10K-in, 1K-out scenario, no filter, five picks, no prose. */
export function useCaseFile(sortBy: UseCaseFile['sortBy'], extra: Partial<UseCaseFile> = {}): UseCaseFile {
  return {
    id: 'u',
    title: 'Title',
    slug: 'u',
    keyword: 'kw',
    description: 'A description of twenty chars',
    sortBy,
    scenario: { inputTokens: 10_000, outputTokens: 1_000 },
    filter: {},
    topPicksCount: 5,
    intro: '',
    faq: [],
    ...extra,
  };
}

/**
 * A release record as /api/changes.json lists it, named `id` (a day, or a day and time as releases are named now):
 * published at 00:00 UTC of its day, with no documents, no upstreams, no parent and no changes unless `extra` says.
 */
export function releaseRecord(id: string, extra: Partial<Release> = {}): Release {
  const date = id.slice(0, 10);
  return {
    id,
    date,
    publishedAt: `${date}T00:00:00Z`,
    lastUpdated: `${date}T00:00:00Z`,
    datasetVersion: date.replace(/-/g, '.'),
    benchmarkVersion: date.replace(/-/g, '.'),
    initial: false,
    parent: null,
    url: `/api/v/${id}/`,
    documents: [],
    upstreams: [],
    summary: '',
    changes: [],
    ...extra,
  };
}
