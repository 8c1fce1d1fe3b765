/**
 * What the pages show, derived from the published documents only. Fields that other parts of
 * the project are still adding (intervals, ranks, unscored reasons, lifecycle dates) are read
 * defensively: a page renders the same before they exist and shows them once they do.
 */
import type {
  BenchmarkModel,
  BenchmarkSource,
  ChangesDocument,
  Documents,
  Platform,
  PriceHistoryDocument,
  Tool,
  UseCase,
} from '../schema/api.ts';
import { intervalOf } from './format.ts';

export interface WebInput {
  documents: Documents;
  /** Present when the artifact carries the release history. */
  changes?: ChangesDocument | null;
  priceHistory?: PriceHistoryDocument | null;
}

export type SeedField = 'sweBench' | 'liveCodeBench' | 'bigCodeBench' | 'humanEval';
/** The weights of the overall score (README "Benchmarks and the scoring method"). */
export const SEED_WEIGHTS: Record<SeedField, number> = {
  sweBench: 0.4,
  liveCodeBench: 0.3,
  bigCodeBench: 0.2,
  humanEval: 0.1,
};
export const SEED_NAMES: Record<SeedField, string> = {
  sweBench: 'SWE-bench Verified',
  liveCodeBench: 'LiveCodeBench',
  bigCodeBench: 'BigCodeBench',
  humanEval: 'HumanEval',
};
export const SEED_FIELDS = Object.keys(SEED_WEIGHTS) as SeedField[];

export interface Scored {
  model: BenchmarkModel;
  tool: Tool;
  interval: [number, number] | null;
  rank: number | null;
  rankRange: [number, number] | null;
  /** Share of the overall score's weight that rests on measured (not estimated) values, 0-1. */
  measuredWeight: number;
  /** At least half the weight is measured. */
  measured: boolean;
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

export function siteOf(input: WebInput): Site {
  const { documents } = input;
  const tools = documents['tools.json'].tools;
  const toolsById = new Map(tools.map((t) => [t.id, t]));
  const benchmarks = documents['benchmarks.json'].benchmarks;
  const scored = new Map<string, Scored>();
  for (const model of benchmarks.models) {
    const tool = toolsById.get(model.modelId);
    if (!tool) continue;
    let measuredWeight = 0;
    for (const field of SEED_FIELDS)
      if (model.scoreDetails?.[field]?.kind === 'measured') measuredWeight += SEED_WEIGHTS[field];
    measuredWeight = Math.round(measuredWeight * 100) / 100;
    scored.set(model.modelId, {
      model,
      tool,
      interval: intervalOf(extra(model, 'overallInterval')),
      rank: numberOr(extra(model, 'rank')),
      rankRange: intervalOf(extra(model, 'rankRange')),
      measuredWeight,
      measured: measuredWeight >= 0.5,
    });
  }
  const ranking = [...scored.values()].sort(
    (a, b) => b.model.overallScore - a.model.overallScore || a.tool.id.localeCompare(b.tool.id),
  );

  // Reasons published with the benchmarks (any of a few likely shapes), else the default.
  const reasons = new Map<string, string>();
  for (const key of ['unscored', 'unscoredTools', 'unscoredModels']) {
    const list = extra(benchmarks, key);
    if (!Array.isArray(list)) continue;
    for (const entry of list) {
      if (!entry || typeof entry !== 'object') continue;
      const e = entry as Record<string, unknown>;
      const id = [e.toolId, e.modelId, e.id].find((v) => typeof v === 'string') as string | undefined;
      const reason = [e.reason, e.why, e.note].find((v) => typeof v === 'string') as string | undefined;
      if (id) reasons.set(id, reason ?? DEFAULT_UNSCORED_REASON);
    }
  }
  const unscored = tools
    .filter((t) => !scored.has(t.id))
    .map((tool) => ({ tool, reason: reasons.get(tool.id) ?? DEFAULT_UNSCORED_REASON }))
    .sort((a, b) => a.tool.name.localeCompare(b.tool.name));

  const platforms = documents['platforms.json'].platforms;
  const platformsByTool = new Map<string, Platform[]>();
  for (const platform of platforms)
    for (const id of platform.toolIds) {
      const list = platformsByTool.get(id) ?? [];
      list.push(platform);
      platformsByTool.set(id, list);
    }

  return {
    input,
    tools,
    toolsById,
    scored,
    ranking,
    unscored,
    sources: new Map(benchmarks.sources.map((s) => [s.id, s])),
    platforms,
    platformsByTool,
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

export const STATUS_WORDS: Record<string, string> = {
  active: 'Active',
  preview: 'Preview',
  deprecated: 'Deprecated',
  retired: 'Retired',
};
