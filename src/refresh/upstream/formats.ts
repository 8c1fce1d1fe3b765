/**
 * Every benchmark upstream format the refresh config may name (config-benchmarks.ts BENCHMARK_FORMATS), each
 * with the media types its fetch accepts and its reader. The registry is keyed by the config's format names, so
 * a format the config accepts without a reader here is a type error (test/unit/upstream-formats.test.ts), and no
 * format falls through to another's reader. Adding a format is its reader module, its name in BENCHMARK_FORMATS
 * and its line here.
 */
import { parseJsonGuarded } from '../../compile/json-guard.ts';
import type { BenchmarkUpstreamFormat } from '../config-benchmarks.ts';
import { readAiderPolyglot } from './aider-polyglot.ts';
import type { BenchmarkFormat } from './benchmarks.ts';
import { readBigCodeBench } from './bigcodebench.ts';
import { readEpochRuns } from './epoch-runs.ts';
import { readHarborLeaderboard } from './harbor-leaderboard.ts';
import { readModelsDevBenchmarks } from './models-dev-benchmarks.ts';
import type { UpstreamResults } from './results.ts';
import { readSweBench } from './swe-bench.ts';

// text/plain throughout: raw.githubusercontent.com and several leaderboards serve every file as it.
export const JSON_TYPES = ['application/json', 'text/plain'] as const;
export const CSV_TYPES = ['text/csv', ...JSON_TYPES] as const;
export const YAML_TYPES = ['application/yaml', 'application/x-yaml', 'text/yaml', 'text/x-yaml', 'text/plain'] as const;

/** What a results reader is told besides the bytes. */
export interface ReadContext {
  /** The address each result cites: the upstream's https URL, else the source's sourceUrl or its location. */
  origin: string;
  /** The models.dev ids the tool files follow (the models-dev reader keeps only those). */
  wanted: ReadonlySet<string>;
  /** How problems name the upstream, e.g. "swe-bench upstream". */
  label: string;
}

/**
 * A format: the media types its fetch accepts, and either a reader of leaderboard results or, for the
 * directory's own row format, how its rows are parsed (src/refresh/upstream/benchmarks.ts).
 */
export type UpstreamReader =
  | { kind: 'results'; mediaTypes: readonly string[]; read: (body: Buffer, context: ReadContext) => UpstreamResults }
  | { kind: 'rows'; mediaTypes: readonly string[]; rows: BenchmarkFormat };

/** A registry of formats by name. */
export type UpstreamFormats<Name extends string = BenchmarkUpstreamFormat> = Readonly<Record<Name, UpstreamReader>>;

export const UPSTREAM_FORMATS = {
  rows: { kind: 'rows', mediaTypes: CSV_TYPES, rows: 'auto' },
  'rows-csv': { kind: 'rows', mediaTypes: CSV_TYPES, rows: 'csv' },
  'rows-json': { kind: 'rows', mediaTypes: CSV_TYPES, rows: 'json' },
  'models-dev': {
    kind: 'results',
    mediaTypes: JSON_TYPES,
    read: (body, { wanted, origin, label }) => {
      const parsed = parseJsonGuarded(body, label);
      return parsed.ok ? readModelsDevBenchmarks(parsed.value, wanted, origin, label) : parsed;
    },
  },
  'swe-bench': { kind: 'results', mediaTypes: JSON_TYPES, read: (body, c) => readSweBench(body, c.origin, c.label) },
  'aider-polyglot': {
    kind: 'results',
    mediaTypes: YAML_TYPES,
    read: (body, c) => readAiderPolyglot(body, c.origin, c.label),
  },
  bigcodebench: {
    kind: 'results',
    mediaTypes: JSON_TYPES,
    read: (body, c) => readBigCodeBench(body, c.origin, c.label),
  },
  'epoch-runs': { kind: 'results', mediaTypes: CSV_TYPES, read: (body, c) => readEpochRuns(body, c.origin, c.label) },
  'harbor-leaderboard': {
    kind: 'results',
    mediaTypes: JSON_TYPES,
    read: (body, c) => readHarborLeaderboard(body, c.origin, c.label),
  },
} as const satisfies UpstreamFormats;

/** The reader of a format in a registry (the refresh passes UPSTREAM_FORMATS; a test passes its own). */
export function readerOf<Name extends string>(formats: UpstreamFormats<Name>, format: Name): UpstreamReader {
  return formats[format];
}
