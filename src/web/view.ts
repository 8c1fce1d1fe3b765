/**
 * What the pages show, derived from the published documents only, read through their published
 * types (src/schema/api.ts): a field renamed or removed there fails to compile here.
 */
import type {
  BenchmarkModel,
  BenchmarksDocument,
  ScoreDetail,
  BenchmarkSource,
  ChangesDocument,
  Documents,
  ModelDocument,
  Platform,
  PriceHistoryDocument,
  Tool,
  UseCase,
} from '../schema/api.ts';
import { intervalOf } from './format.ts';

export interface WebInput {
  documents: Documents;
  /** The per-model documents (/api/models/<id>.json) by tool id: model pages read full sources from them. */
  models?: ReadonlyMap<string, ModelDocument> | null;
  /** Present when the artifact carries the release history. */
  changes?: ChangesDocument | null;
  priceHistory?: PriceHistoryDocument | null;
}

/** One component of the overall score: a scoreDetails field, its benchmark and its weight. */
export interface Component {
  field: string;
  name: string;
  weight: number;
}

/** The published benchmarks, as the pages read them. */
type Benchmarks = BenchmarksDocument['benchmarks'];

/** The components of the overall score, as published (benchmarks.aggregate). */
export function componentsOf(benchmarks: Pick<Benchmarks, 'aggregate'>): Component[] {
  return benchmarks.aggregate.map((entry) => ({ field: entry.field, name: entry.benchmark, weight: entry.weight }));
}

/** A model's score detail for one component field; undefined for a field scoreDetails does not have. */
export function detailOf(model: Pick<BenchmarkModel, 'scoreDetails'>, field: string): ScoreDetail | undefined {
  // Components name their field as a string (benchmarks.aggregate[].field): look it up among the published ones.
  const details: Partial<Record<string, ScoreDetail>> = model.scoreDetails;
  return details[field];
}

export interface Scored {
  model: BenchmarkModel;
  tool: Tool;
  interval: [number, number] | null;
  rank: number | null;
  rankRange: [number, number] | null;
  /** Share of the overall score's weight that rests on measured (not estimated) values, 0-1. */
  measuredWeight: number;
  /** How many of the weighted components are measured: the published measuredCount. */
  measuredCount: number;
  /** At least half the weight is measured. */
  measured: boolean;
  /** Why the rank rests on no independent measurement; null when it rests on one (or the data predates the field). */
  provisional: string | null;
}

export interface Unscored {
  tool: Tool;
  reason: string;
}

export interface Site {
  input: WebInput;
  tools: Tool[];
  toolsById: Map<string, Tool>;
  scored: Map<string, Scored>;
  /** Scored models, best first. */
  ranking: Scored[];
  unscored: Unscored[];
  sources: Map<string, BenchmarkSource>;
  /** What the overall score aggregates, with weights. */
  components: Component[];
  platforms: Platform[];
  platformsByTool: Map<string, Platform[]>;
  useCases: UseCase[];
  lastUpdated: string;
}

const DEFAULT_UNSCORED_REASON =
  'No published benchmark result in the data yet (a model is scored only with at least one).';

/** The components that carry weight in the overall score: what "N of M measured" counts. */
export function weightedComponents(components: readonly Component[]): Component[] {
  return components.filter((c) => c.weight > 0);
}

/**
 * The share of a scored model's overall weight that rests on measured values, rounded to
 * hundredths; how many components are measured is published beside it (measuredCount).
 */
export function measuredShare(model: Pick<BenchmarkModel, 'scoreDetails'>, components: readonly Component[]): number {
  const totalWeight = components.reduce((sum, c) => sum + c.weight, 0) || 1;
  let measuredWeight = 0;
  for (const c of weightedComponents(components))
    if (detailOf(model, c.field)?.kind === 'measured') measuredWeight += c.weight / totalWeight;
  return Math.round(measuredWeight * 100) / 100;
}

function scoredOf(model: BenchmarkModel, tool: Tool, components: readonly Component[]): Scored {
  const measuredWeight = measuredShare(model, components);
  return {
    model,
    tool,
    interval: intervalOf(model.overallInterval),
    rank: model.rank,
    rankRange: [model.rankRange.best, model.rankRange.worst],
    measuredWeight,
    measuredCount: model.measuredCount,
    measured: measuredWeight >= 0.5,
    provisional: model.provisional,
  };
}

/** A published reason as a sentence: "unscored: no published result in ..." reads better without its label. */
function reasonSentence(reason: string): string {
  const text = reason.replace(/^unscored:\s*/i, '');
  return text ? `${text[0]!.toUpperCase()}${text.slice(1)}${/[.!?]$/.test(text) ? '' : '.'}` : DEFAULT_UNSCORED_REASON;
}

/** Why each unscored tool has no score, as published with the benchmarks (benchmarks.unscored). */
function unscoredReasons(benchmarks: Pick<Benchmarks, 'unscored'>): Map<string, string> {
  return new Map(benchmarks.unscored.map((entry) => [entry.toolId, reasonSentence(entry.reason)]));
}

/** The platforms that offer each tool, in the order of platforms.json. */
function platformsByToolOf(platforms: readonly Platform[]): Map<string, Platform[]> {
  const platformsByTool = new Map<string, Platform[]>();
  for (const platform of platforms)
    for (const id of platform.toolIds) {
      const list = platformsByTool.get(id) ?? [];
      list.push(platform);
      platformsByTool.set(id, list);
    }
  return platformsByTool;
}

export function siteOf(input: WebInput): Site {
  const { documents } = input;
  const tools = documents['tools.json'].tools;
  const toolsById = new Map(tools.map((t) => [t.id, t]));
  const benchmarks = documents['benchmarks.json'].benchmarks;
  const components = componentsOf(benchmarks);
  const scored = new Map<string, Scored>();
  for (const model of benchmarks.models) {
    const tool = toolsById.get(model.modelId);
    if (tool) scored.set(model.modelId, scoredOf(model, tool, components));
  }
  const ranking = [...scored.values()].sort(
    (a, b) => b.model.overallScore - a.model.overallScore || a.tool.id.localeCompare(b.tool.id),
  );
  const reasons = unscoredReasons(benchmarks);
  const unscored = tools
    .filter((t) => !scored.has(t.id))
    .map((tool) => ({ tool, reason: reasons.get(tool.id) ?? DEFAULT_UNSCORED_REASON }))
    .sort((a, b) => a.tool.name.localeCompare(b.tool.name));
  const platforms = documents['platforms.json'].platforms;
  return {
    input,
    tools,
    toolsById,
    scored,
    ranking,
    unscored,
    sources: new Map(benchmarks.sources.map((s) => [s.id, s])),
    components,
    platforms,
    platformsByTool: platformsByToolOf(platforms),
    useCases: documents['use-cases.json'].useCases,
    lastUpdated: documents['tools.json'].lastUpdated,
  };
}

/**
 * The value frontier: scored models that no cheaper (or equally priced) model matches or beats
 * on overall score, cheapest first.
 */
export function valueFrontier(points: readonly { price: number; score: number; id: string }[]): string[] {
  const sorted = [...points].sort((a, b) => a.price - b.price || b.score - a.score || a.id.localeCompare(b.id));
  const frontier: string[] = [];
  let best = -Infinity;
  for (const point of sorted) {
    if (point.score > best) {
      frontier.push(point.id);
      best = point.score;
    }
  }
  return frontier;
}

const BILLING_WORDS: Record<string, string> = {
  included: 'Included in the plan',
  'premium-multiplier': 'Premium requests',
  'credit-multiplier': 'Plan credits',
  'per-token': 'Per token',
  byok: 'Your own API key',
};

/** How a platform bills a model, in plain words. */
export function billingWords(billing: string, multiplier: number | null | undefined): string {
  const words = BILLING_WORDS[billing] ?? billing;
  if ((billing === 'premium-multiplier' || billing === 'credit-multiplier') && typeof multiplier === 'number')
    return `${words}, ×${multiplier} per request`;
  if (billing === 'byok') return `${words} (you pay the provider's price)`;
  return words;
}

/** What a score rests on, in the words the pages use (benchmarks.json evidence classes). */
export const EVIDENCE_WORDS: Record<string, string> = {
  'independent-measured': 'measured independently',
  'developer-reported': 'reported by a model developer',
  estimated: 'estimated',
};

/** Status labels: one set of words for every face (src/schema/change-words.ts). */
export { STATUS_WORDS } from '../schema/change-words.ts';

/** Every scored model's score as the pages show it (value, interval, measured or estimated), by tool id. */
export function scoreViews(
  site: Site,
): Map<string, { value: number; interval: [number, number] | null; measured: boolean; provisional: string | null }> {
  return new Map(
    [...site.scored.values()].map((s) => [
      s.tool.id,
      { value: s.model.overallScore, interval: s.interval, measured: s.measured, provisional: s.provisional },
    ]),
  );
}
