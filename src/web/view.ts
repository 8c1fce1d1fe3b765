/**
 * What the pages show, derived from the published documents only. Fields that other parts of
 * the project are still adding (intervals, ranks, unscored reasons, lifecycle dates) are read
 * defensively: a page renders the same before they exist and shows them once they do.
 */
import type {
  BenchmarkModel,
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

/** The four seed benchmarks and weights of the original method, used when benchmarks.aggregate is not published. */
const DEFAULT_COMPONENTS: Component[] = [
  { field: 'sweBench', name: 'SWE-bench Verified', weight: 0.4 },
  { field: 'liveCodeBench', name: 'LiveCodeBench', weight: 0.3 },
  { field: 'bigCodeBench', name: 'BigCodeBench', weight: 0.2 },
  { field: 'humanEval', name: 'HumanEval', weight: 0.1 },
];

/** The components of the overall score as published (benchmarks.aggregate), else the original four. */
export function componentsOf(benchmarks: object): Component[] {
  const aggregate = extra(benchmarks, 'aggregate');
  if (!Array.isArray(aggregate)) return DEFAULT_COMPONENTS;
  const out: Component[] = [];
  for (const entry of aggregate) {
    if (!entry || typeof entry !== 'object') continue;
    const e = entry as Record<string, unknown>;
    if (typeof e.field === 'string' && typeof e.weight === 'number')
      out.push({ field: e.field, name: typeof e.benchmark === 'string' ? e.benchmark : e.field, weight: e.weight });
  }
  return out.length ? out : DEFAULT_COMPONENTS;
}

/** A model's score detail for one component field (the set of fields may grow). */
export function detailOf(model: BenchmarkModel, field: string): ScoreDetail | undefined {
  return (model.scoreDetails as Record<string, ScoreDetail | undefined>)[field];
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

function numberOr(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** Reads an optional field the schema may not declare yet. */
export function extra(record: object, key: string): unknown {
  return (record as Record<string, unknown>)[key];
}

/** The components that carry weight in the overall score: what "N of M measured" counts. */
export function weightedComponents(components: readonly Component[]): Component[] {
  return components.filter((c) => c.weight > 0);
}

/**
 * A scored model with how much of its score rests on measured values: the share of the
 * components' weight (rounded to hundredths) and the count of weighted components that are
 * measured, as the API publishes it (measuredCount), so the page and the API never disagree.
 */
export function measuredShare(
  model: Pick<BenchmarkModel, 'scoreDetails'>,
  components: readonly Component[],
): { measuredWeight: number; counted: number } {
  const totalWeight = components.reduce((sum, c) => sum + c.weight, 0) || 1;
  let measuredWeight = 0;
  let counted = 0;
  for (const c of weightedComponents(components))
    if (detailOf(model as BenchmarkModel, c.field)?.kind === 'measured') {
      measuredWeight += c.weight / totalWeight;
      counted += 1;
    }
  return { measuredWeight: Math.round(measuredWeight * 100) / 100, counted };
}

function scoredOf(model: BenchmarkModel, tool: Tool, components: readonly Component[]): Scored {
  const { measuredWeight, counted } = measuredShare(model, components);
  const measuredCount = numberOr(extra(model, 'measuredCount')) ?? counted;
  return {
    model,
    tool,
    interval: intervalOf(extra(model, 'overallInterval')),
    rank: numberOr(extra(model, 'rank')),
    rankRange: intervalOf(extra(model, 'rankRange')),
    measuredWeight,
    measuredCount,
    measured: measuredWeight >= 0.5,
    provisional: typeof extra(model, 'provisional') === 'string' ? (extra(model, 'provisional') as string) : null,
  };
}

/** Why each unscored tool has no score, as published with the benchmarks (any of a few likely shapes). */
function unscoredReasons(benchmarks: object): Map<string, string> {
  const reasons = new Map<string, string>();
  for (const key of ['unscored', 'unscoredTools', 'unscoredModels']) {
    const list = extra(benchmarks, key);
    if (!Array.isArray(list)) continue;
    for (const entry of list) {
      if (!entry || typeof entry !== 'object') continue;
      const e = entry as Record<string, unknown>;
      const id = [e.toolId, e.modelId, e.id].find((v) => typeof v === 'string') as string | undefined;
      const reason = [e.reason, e.why, e.note].find((v) => typeof v === 'string') as string | undefined;
      // "unscored: no published result in ..." reads better without its label.
      const text = reason?.replace(/^unscored:\s*/i, '');
      if (id)
        reasons.set(
          id,
          text ? `${text[0]!.toUpperCase()}${text.slice(1)}${/[.!?]$/.test(text) ? '' : '.'}` : DEFAULT_UNSCORED_REASON,
        );
    }
  }
  return reasons;
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
