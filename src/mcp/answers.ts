/**
 * What every MCP tool answer is made of: the JSON as structuredContent (checked against the tool's
 * outputSchema) with a short text summary beside it, or a readable error; a model's key facts with
 * the provenance of its scores; and where the facts come from (the source, the data date, the
 * documents read and their license).
 */
import {
  type BenchmarkModel,
  type BenchmarksDocument,
  type DirectoryClient,
  evidenceAccount,
  DirectoryError,
  NetworkError,
  printable,
  type Tool,
} from '../../packages/client/src/index.ts';
import { priceInForce } from '../cost/index.ts';
import { citeUrl, type DirectorySource, describeSource } from './source.ts';
import { type StaleCopy, staleSummary, unreachable, withStaleness } from './staleness.ts';

export type Answer = {
  content: { type: 'text'; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
};

/**
 * A one-line account of an answer for the text block; the facts themselves are in structuredContent. It reads
 * the answer as sent (strings made printable, non-finite numbers null), which has the type the body returned.
 */
export type Summarize<T extends Record<string, unknown>> = (value: T) => string;

/**
 * The answer is sent once, as structuredContent; the text block says in a line or two what it
 * holds instead of repeating it as JSON (a page of models would otherwise travel twice).
 * Non-finite numbers become null, as JSON has none.
 */
function answer<T extends Record<string, unknown>>(value: T, summarize: Summarize<T>): Answer {
  // Every string, the agent's context included, is free of control and text-direction characters (printable).
  const structured = JSON.parse(
    JSON.stringify(value, (_key, item) => (typeof item === 'string' ? printable(item) : item)),
  ) as T;
  return { content: [{ type: 'text', text: printable(summarize(structured)) }], structuredContent: structured };
}

function failure(error: unknown): Answer {
  const message =
    error instanceof NetworkError
      ? `${error.url}: the directory API could not be used (${unreachable(error)}), and this server has no earlier copy of that document to answer from.`
      : error instanceof Error
        ? error.message
        : String(error);
  return { content: [{ type: 'text', text: printable(message) }], isError: true };
}

/** Runs a tool body; a DirectoryError or CostError becomes an error answer the agent can read. */
export async function guarded<T extends Record<string, unknown>>(
  body: () => Promise<T>,
  summarize: Summarize<T>,
): Promise<Answer> {
  let value: T;
  let stale: StaleCopy[];
  try {
    ({ value, stale } = await withStaleness(body));
  } catch (error) {
    if (error instanceof DirectoryError || (error instanceof Error && error.name === 'CostError'))
      return failure(error);
    throw error;
  }
  if (stale.length === 0) return answer(value, summarize);
  const dataSource = (value.dataSource ?? {}) as Record<string, unknown>;
  // The same answer with the stale copies noted in its dataSource: still the body's type (outputs.ts allows `stale`).
  const noted = { ...value, dataSource: { ...dataSource, stale } } as T;
  return answer(noted, (v) => `${staleSummary(stale)} ${summarize(v)}`);
}

/** The weights of overallScore (benchmarks.json aggregate) that every account of a score counts against. */
export type Aggregate = BenchmarksDocument['benchmarks']['aggregate'];

/**
 * Scores with their provenance: the account every face gives (src/cost/evidence-account.ts: how many of the
 * weighted benchmarks are measured, by whom, which are estimated), then each benchmark with its weight.
 */
function scoresOf(benchmark: BenchmarkModel | undefined | null, aggregate: Aggregate) {
  if (!benchmark) return { overallScore: null, note: 'Not scored: no published benchmark result for this model.' };
  const account = evidenceAccount(benchmark.scoreDetails, aggregate);
  const weights = new Map(aggregate.map((a) => [a.field, a.weight]));
  return {
    overallScore: benchmark.overallScore,
    // What the rank rests on, and why it is provisional when no weighted benchmark is an independent measurement.
    evidence: benchmark.evidence,
    provisional: benchmark.provisional,
    measuredCount: account.measured,
    weightedCount: account.weighted,
    independent: account.independent,
    developerReported: account.developerReported,
    estimated: account.estimated,
    benchmarks: Object.fromEntries(
      Object.entries(benchmark.scoreDetails).map(([field, d]) => [
        field,
        {
          value: d.value,
          kind: d.kind,
          evidence: d.evidence,
          weight: weights.get(field) ?? 0,
          ...(d.kind === 'measured' ? { source: d.source, date: d.date } : {}),
        },
      ]),
    ),
    note: account.text,
  };
}

/**
 * A model as every answer shows it. `at` (the data's date) adds the price in force then: a running
 * promotion or introductory price with its last day and the price after it; `pricing` stays the list price.
 */
export function summary(
  tool: Tool,
  benchmark: BenchmarkModel | undefined | null,
  core: { aggregate: Aggregate; lastUpdated?: string },
) {
  const at = core.lastUpdated;
  return {
    id: tool.id,
    name: tool.name,
    provider: tool.provider,
    status: tool.status,
    replacedBy: tool.replacedBy,
    releaseDate: tool.releaseDate,
    contextTokens: tool.contextTokens,
    maxOutputTokens: tool.maxOutputTokens,
    pricing: { ...tool.pricing, unit: 'USD per 1M tokens', blended: tool.blendedPrice, basis: 'list price' },
    ...(at ? { priceInForce: { at, unit: 'USD per 1M tokens', ...priceInForce(tool, at) } } : {}),
    openWeights: tool.openWeights,
    reasoning: tool.reasoning,
    toolCalling: tool.toolCalling,
    imageInput: tool.imageInput,
    score: scoresOf(benchmark, core.aggregate),
    // Kind and dates of each source; get_model names them in full (from the model's own document).
    sources: {
      pricing: tool.sources.pricing,
      contextWindow: tool.sources.contextWindow,
      pricingPage: tool.url,
    },
  };
}

/** What every tool reads through: where the data comes from and the client that reads it. */
export interface Directory {
  source: DirectorySource;
  client: DirectoryClient;
}

/** The three documents most tools read: tools, benchmark models and platforms. */
export async function loadCore(client: DirectoryClient) {
  const [tools, benchmarks, platforms] = await Promise.all([
    client.getTools(),
    client.getBenchmarks(),
    client.getPlatforms(),
  ]);
  return {
    tools: tools.tools,
    lastUpdated: tools.lastUpdated,
    benchmarks: benchmarks.benchmarks.models,
    aggregate: benchmarks.benchmarks.aggregate,
    platforms: platforms.platforms,
  };
}

export type Core = Awaited<ReturnType<typeof loadCore>>;

export const cite = (directory: Directory, apiPath: string) => citeUrl(directory.source, directory.client, apiPath);

/** Where an answer's facts come from: the source, the data date and the documents read, and their license. */
export function dataSource(directory: Directory, lastUpdated: string, documents: string[]) {
  return {
    from: describeSource(directory.source),
    lastUpdated,
    documents: documents.map((apiPath) => cite(directory, apiPath)),
    license: 'CC0-1.0',
  };
}

export function scoresById(benchmarks: readonly BenchmarkModel[]): Map<string, BenchmarkModel> {
  return new Map(benchmarks.map((b) => [b.modelId, b]));
}
