/**
 * Fetching and reading every upstream of a run behind fetch.ts's guards (size, time, redirects,
 * media type) and the readers' checks (src/compile/json-guard.ts for duplicate keys and depth, then each
 * format's schema and bounds). Every problem of every upstream is collected before the run
 * decides; any problem refuses the run, so a bad upstream never replaces good data.
 */
import type { SourceData } from '../compile/load.ts';
import { appendIssues, formatIssue, type DataIssue } from '../compile/errors.ts';
import { redactLocation } from '../fs/redact.ts';
import type { UpstreamUsed } from '../schema/api.ts';
import type { BenchmarkUpstream } from './config-benchmarks.ts';
import type { LifecycleSource } from './config-lifecycle.ts';
import type { RefreshConfig } from './config.ts';
import { readUpstream, UpstreamError } from './fetch.ts';
import { parseJsonGuarded } from '../compile/json-guard.ts';
import { publicLocation, Rejection, type Run } from './run.ts';
import { readBenchmarks, type BenchmarkRow } from './upstream/benchmarks.ts';
import { readCopilotRetirements, type LifecycleRow } from './upstream/copilot-retirements.ts';
import { JSON_TYPES, readerOf, UPSTREAM_FORMATS, YAML_TYPES } from './upstream/formats.ts';
import { readModelsDevBenchmarks } from './upstream/models-dev-benchmarks.ts';
import { readModelsDev, type ModelsDevIndex } from './upstream/models-dev.ts';
import type { UpstreamResults } from './upstream/results.ts';

export interface PricingRead {
  used: UpstreamUsed;
  index?: ModelsDevIndex;
  /** The parsed document, for the benchmark upstream that reads its `benchmarks` arrays. */
  document?: unknown;
}

/** One benchmark upstream as read: rows (the directory's own format) or results (a leaderboard format). */
export interface BenchmarkRead {
  upstream: BenchmarkUpstream;
  used: UpstreamUsed;
  rows?: BenchmarkRow[];
  results?: UpstreamResults & { ok: true };
}

/** One lifecycle list as read, with the https address its events cite. */
export interface LifecycleRead {
  source: LifecycleSource;
  used: UpstreamUsed;
  origin: string;
  rows?: LifecycleRow[];
}

export interface UpstreamsRead {
  pricing: PricingRead;
  benchmarks: BenchmarkRead[];
  lifecycle: LifecycleRead[];
}

/** An upstream that could not be read is a rejection reason, not a crash; any other error is a bug and propagates. */
function unreachable(name: string, label: string, location: string, error: unknown, issues: DataIssue[]): UpstreamUsed {
  if (!(error instanceof UpstreamError)) throw error;
  issues.push({ file: label, field: '', value: undefined, message: error.message.replace(`${label}: `, '') });
  return { name, location: publicLocation(location), sha256: null };
}

async function readPricing(
  location: string,
  config: RefreshConfig,
  wanted: ReadonlySet<string>,
  issues: DataIssue[],
): Promise<PricingRead> {
  if (location === 'skip') return { used: { name: 'pricing', location, sha256: null } };
  const label = 'pricing upstream';
  try {
    const fetched = await readUpstream(label, location, JSON_TYPES, config.limits);
    const used = { name: 'pricing', location: publicLocation(location), sha256: fetched.sha256 };
    const parsed = parseJsonGuarded(fetched.body, label);
    if (!parsed.ok) {
      appendIssues(issues, parsed.issues);
      return { used };
    }
    const read = readModelsDev(parsed.value, wanted, label);
    if (!read.ok) {
      appendIssues(issues, read.issues);
      return { used };
    }
    return { used, index: read.index, document: parsed.value };
  } catch (error) {
    return { used: unreachable('pricing', label, location, error, issues) };
  }
}

async function readBenchmarkUpstream(
  upstream: BenchmarkUpstream,
  config: RefreshConfig,
  wanted: ReadonlySet<string>,
  issues: DataIssue[],
): Promise<BenchmarkRead> {
  const { name, location } = upstream;
  if (location === 'skip' || location === 'pricing') return { upstream, used: { name, location, sha256: null } };
  const label = `${name} upstream`;
  const reader = readerOf(UPSTREAM_FORMATS, upstream.format);
  try {
    const fetched = await readUpstream(label, location, reader.mediaTypes, config.limits);
    const used = { name, location: publicLocation(location), sha256: fetched.sha256 };
    if (reader.kind === 'rows') {
      const mediaType =
        fetched.mediaType ??
        (location.endsWith('.json') ? 'application/json' : location.endsWith('.csv') ? 'text/csv' : null);
      const read = readBenchmarks(fetched.body, mediaType, reader.rows, label);
      if (!read.ok) appendIssues(issues, read.issues);
      return read.ok ? { upstream, used, rows: read.rows } : { upstream, used };
    }
    const origin = /^https:\/\//.test(location)
      ? redactLocation(location)
      : (upstream.sourceUrl ?? publicLocation(location));
    const read = reader.read(fetched.body, { origin, wanted, label });
    if (!read.ok) appendIssues(issues, read.issues);
    return read.ok ? { upstream, used, results: read } : { upstream, used };
  } catch (error) {
    return { upstream, used: unreachable(name, label, location, error, issues) };
  }
}

async function readLifecycleSource(
  source: LifecycleSource,
  config: RefreshConfig,
  issues: DataIssue[],
): Promise<LifecycleRead> {
  const { name, location } = source;
  const origin = /^https:\/\//.test(location) ? redactLocation(location) : source.sourceUrl;
  if (location === 'skip') return { source, origin, used: { name, location, sha256: null } };
  const label = `${name} upstream`;
  try {
    const fetched = await readUpstream(label, location, YAML_TYPES, config.limits);
    const used = { name, location: publicLocation(location), sha256: fetched.sha256 };
    const read = readCopilotRetirements(fetched.body, label);
    if (!read.ok) appendIssues(issues, read.issues);
    return read.ok ? { source, origin, used, rows: read.rows } : { source, origin, used };
  } catch (error) {
    return { source, origin, used: unreachable(name, label, location, error, issues) };
  }
}

/** A models.dev-format source at location "pricing" reads the pricing document already fetched. */
function fromPricingDocument(
  read: BenchmarkRead,
  pricing: PricingRead,
  config: RefreshConfig,
  wanted: ReadonlySet<string>,
  issues: DataIssue[],
): BenchmarkRead {
  if (read.upstream.location !== 'pricing' || pricing.document === undefined) return read;
  const origin = read.upstream.sourceUrl ?? config.upstreams.pricing.sourceUrl;
  const results = readModelsDevBenchmarks(pricing.document, wanted, origin, `${read.upstream.name} upstream`);
  if (!results.ok) appendIssues(issues, results.issues);
  const used = { ...read.used, sha256: pricing.used.sha256 };
  return results.ok ? { ...read, used, results } : { ...read, used };
}

/** Fetch and read every upstream; every problem is collected before deciding. */
export async function readUpstreams(run: Run, source: SourceData): Promise<UpstreamsRead> {
  const { config, report } = run;
  const issues: DataIssue[] = [];
  const wanted = new Set(source.tools.map((t) => t.data.upstream.modelsDev).filter((k): k is string => k !== null));
  const [pricing, reads, lifecycle] = await Promise.all([
    readPricing(config.upstreams.pricing.location, config, wanted, issues),
    Promise.all(config.upstreams.benchmarks.map((s) => readBenchmarkUpstream(s, config, wanted, issues))),
    Promise.all(config.upstreams.lifecycle.map((s) => readLifecycleSource(s, config, issues))),
  ]);
  const benchmarks = reads.map((read) => fromPricingDocument(read, pricing, config, wanted, issues));
  report.upstreams = [pricing.used, ...benchmarks.map((b) => b.used), ...lifecycle.map((l) => l.used)];
  await run.checkpoint('fetched');
  if (issues.length > 0) throw new Rejection(issues.map(formatIssue));
  return { pricing, benchmarks, lifecycle };
}
