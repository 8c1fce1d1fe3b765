/**
 * Pure helpers over the documents: find a tool by id or alias, filter, join a tool with its
 * benchmark entry and platforms, price a workload with the directory's cost engine, rank tools
 * for a workload, and follow `replacedBy` to a current successor. No I/O: pass the documents
 * (the client's methods fetch them for you).
 */
import {
  billingOn,
  type CostOptions,
  type CostResult,
  costOf as engineCostOf,
  type EvidenceAccount,
  evidenceAccount,
  type PlatformBillingLike,
  type Usage,
} from '../../../src/cost/index.ts';
import { nameKey } from '../../../src/cost/name-key.ts';
import { DirectoryError, directoryErrors, NotFoundError } from './errors.ts';
import type { BenchmarkModel, BenchmarksDocument, Platform, Tool, UseCase } from './types.generated.ts';

export type ToolStatus = Tool['status'];
export type Capability = 'reasoning' | 'toolCalling' | 'imageInput' | 'openWeights' | 'codingSpecialized';
export const CAPABILITIES: readonly Capability[] = [
  'reasoning',
  'toolCalling',
  'imageInput',
  'openWeights',
  'codingSpecialized',
];

const INACTIVE: ReadonlySet<string> = new Set(['deprecated', 'retired']);

/** Lowercase, with every run of `.`, `_`, `:`, `@`, `/` or spaces turned into one hyphen. */
function slugOf(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** `claude-sonnet-4-5-20250929`, `gpt-4o-2024-08-06`, `model@20250929`, `model-latest` without the snapshot part. */
function withoutSnapshot(text: string): string | null {
  const stripped = text.replace(
    /([-@:_](\d{8}|\d{4}-\d{2}-\d{2}|\d{2}-\d{2}|\d{4})|-latest|-preview-\d{2}-\d{2})$/i,
    '',
  );
  return stripped === text ? null : stripped;
}

export type MatchKind = 'id' | 'alias' | 'cross-reference' | 'normalized' | 'snapshot';

export interface ToolMatch {
  tool: Tool;
  matchedBy: MatchKind;
}

function crossRefsOf(tool: Tool): string[] {
  const refs = (tool as Tool & { crossRefs?: Record<string, string | null | undefined> }).crossRefs;
  return refs ? Object.values(refs).filter((v): v is string => typeof v === 'string') : [];
}

/**
 * Finds a tool by id, API alias, catalog id (models.dev key, OpenRouter slug) or a dated
 * snapshot of any of them (`claude-haiku-4-5-20251001` resolves to `claude-haiku-4-5`). Null
 * when nothing matches, and for a query the name rule refuses (src/cost/name-key.ts: a look-alike
 * letter such as KELVIN SIGN, an invisible or direction character); see suggestIds for close ids.
 */
export function matchTool(tools: readonly Tool[], query: string): ToolMatch | null {
  const key = nameKey(query);
  if (!key.ok) return null;
  const q = query.trim();
  const lower = key.key;
  const exact = tools.find((t) => t.id === lower);
  if (exact) return { tool: exact, matchedBy: 'id' };
  const alias = tools.find((t) => t.aliases.some((a) => a.toLowerCase() === lower));
  if (alias) return { tool: alias, matchedBy: 'alias' };
  const crossRef = tools.find((t) => crossRefsOf(t).some((r) => r.toLowerCase() === lower));
  if (crossRef) return { tool: crossRef, matchedBy: 'cross-reference' };

  const candidates = (text: string) => {
    const forms = [slugOf(text)];
    const lastSegment = text.includes('/') ? text.slice(text.lastIndexOf('/') + 1) : null;
    if (lastSegment) forms.push(slugOf(lastSegment));
    return forms;
  };
  const bySlug = (text: string) =>
    tools.find((t) =>
      candidates(text).some(
        (form) =>
          form === t.id ||
          t.aliases.some((a) => slugOf(a) === form || slugOf(a.slice(a.lastIndexOf('/') + 1)) === form),
      ),
    );
  const normalized = bySlug(q);
  if (normalized) return { tool: normalized, matchedBy: 'normalized' };
  const base = withoutSnapshot(q.includes('/') ? q.slice(q.lastIndexOf('/') + 1) : q);
  if (base) {
    const snapshot = tools.find((t) => t.aliases.some((a) => a.toLowerCase() === base.toLowerCase())) ?? bySlug(base);
    if (snapshot) return { tool: snapshot, matchedBy: 'snapshot' };
  }
  return null;
}

/** Levenshtein distance, for suggestions. */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length]!;
}

/** The ids closest to `query` (substring matches first, then by edit distance), at most `limit`. */
export function suggestIds(ids: readonly string[], query: string, limit = 3): string[] {
  const q = slugOf(query);
  if (!q) return [];
  const scored = ids.map((id) => {
    const contains = id.includes(q) || (q.includes(id) && id.length >= 3);
    return { id, score: contains ? Math.abs(id.length - q.length) / 100 : distance(q, id) };
  });
  const threshold = Math.max(1, Math.round(q.length * 0.4));
  return scored
    .filter((s) => s.score < 1 || s.score <= threshold)
    .sort((a, b) => a.score - b.score || a.id.localeCompare(b.id))
    .slice(0, limit)
    .map((s) => s.id);
}

/** The error for a query that names none of `known`, suggesting the closest ids. */
export function notFound(what: string, query: string, known: readonly { id: string }[]): NotFoundError {
  return new NotFoundError(
    what,
    query,
    suggestIds(
      known.map((k) => k.id),
      query,
    ),
  );
}

/** matchTool, or a NotFoundError naming the closest ids. */
export function findTool(tools: readonly Tool[], query: string): Tool {
  const match = matchTool(tools, query);
  if (!match) throw notFound('model', query, tools);
  return match.tool;
}

export interface ToolFilter {
  /** Provider name or slug (case-insensitive); several: any of them. */
  provider?: string | readonly string[];
  /** Category slug; several: the tool is in every one. */
  category?: string | readonly string[];
  /** Platform id: tools the platform offers (pass `platforms`). */
  platform?: string;
  /** Status; several: any of them. */
  status?: ToolStatus | readonly ToolStatus[];
  /** Capabilities the tool must have (true, not null). */
  capability?: Capability | readonly Capability[];
  /** Minimum context window in tokens. */
  minContext?: number;
  /** Maximum price in USD per 1M tokens: a number caps the blended price (3 input : 1 output). */
  maxPrice?: number | { input?: number; output?: number; blended?: number };
  /** Case-insensitive text in the id, name, provider or aliases. */
  search?: string;
  /**
   * Minimum benchmark scores by field of benchmarks.json `models[].scoreDetails` (e.g. `{ sweBenchPro: 50 }`,
   * pass `benchmarks`): a tool without that score is left out (unknown is not above a minimum).
   */
  minScores?: Readonly<Record<string, number>>;
  /** With minScores: only measured scores count, never an estimate. */
  measuredOnly?: boolean;
  /**
   * Most USD per solved task, on the model's headline configuration (benchmarks.json `taskCost.headline`, pass
   * `benchmarks`); a tool without that figure is left out.
   */
  maxSolvedTaskUsd?: number;
  /** Fewest output tokens per second (the headline's median over published endpoints); unknown is left out. */
  minOutputTokensPerSecond?: number;
}

const list = <T>(value: T | readonly T[] | undefined): readonly T[] =>
  value === undefined ? [] : Array.isArray(value) ? (value as readonly T[]) : [value as T];

export function filterTools(
  tools: readonly Tool[],
  filter: ToolFilter,
  context: { platforms?: readonly Platform[]; benchmarks?: readonly BenchmarkModel[] } = {},
): Tool[] {
  const scored = scoreFilter(filter, context.benchmarks);
  const tasked = taskFilter(filter, context.benchmarks);
  const providers = list(filter.provider).map((p) => p.toLowerCase());
  const categories = list(filter.category);
  const statuses = list(filter.status);
  const capabilities = list(filter.capability);
  let offered: Set<string> | null = null;
  if (filter.platform !== undefined) {
    const platforms = context.platforms;
    if (!platforms) throw new DirectoryError('not-found', 'filtering by platform needs the platforms (platforms.json)');
    const platform = platforms.find((p) => p.id === filter.platform!.toLowerCase());
    if (!platform)
      throw new NotFoundError(
        'platform',
        filter.platform,
        suggestIds(
          platforms.map((p) => p.id),
          filter.platform,
        ),
      );
    offered = new Set(platform.toolIds);
  }
  const maxPrice = typeof filter.maxPrice === 'number' ? { blended: filter.maxPrice } : filter.maxPrice;
  const search = filter.search?.toLowerCase();
  return tools.filter(
    (tool) =>
      (providers.length === 0 ||
        providers.includes(tool.provider.toLowerCase()) ||
        providers.includes(tool.providerId)) &&
      categories.every((c) => tool.category.includes(c)) &&
      (offered === null || offered.has(tool.id)) &&
      (statuses.length === 0 || statuses.includes(tool.status)) &&
      capabilities.every((c) => tool[c] === true) &&
      (filter.minContext === undefined || tool.contextTokens >= filter.minContext) &&
      (maxPrice?.blended === undefined || tool.blendedPrice <= maxPrice.blended) &&
      (maxPrice?.input === undefined || tool.pricing.input <= maxPrice.input) &&
      (maxPrice?.output === undefined || tool.pricing.output <= maxPrice.output) &&
      (scored === null || scored(tool.id)) &&
      (tasked === null || tasked(tool.id)) &&
      (search === undefined ||
        [tool.id, tool.name, tool.provider, ...tool.aliases].some((s) => s.toLowerCase().includes(search))),
  );
}

/** The minScores test of a filter (null when it sets none): every minimum met by a score (measured, if asked). */
function scoreFilter(
  filter: ToolFilter,
  benchmarks: readonly BenchmarkModel[] | undefined,
): ((toolId: string) => boolean) | null {
  const minimums = Object.entries(filter.minScores ?? {});
  if (minimums.length === 0) return null;
  if (!benchmarks)
    throw new DirectoryError('not-found', 'filtering by benchmark scores needs the benchmarks (benchmarks.json)');
  const fields = new Set(benchmarks.flatMap((b) => Object.keys(b.scoreDetails)));
  for (const [field] of minimums)
    if (!fields.has(field)) throw new NotFoundError('benchmark score', field, suggestIds([...fields], field));
  const byId = new Map(benchmarks.map((b) => [b.modelId, b]));
  return (toolId) => {
    const details = byId.get(toolId)?.scoreDetails as Record<string, { kind: string; value: number }> | undefined;
    return minimums.every(([field, min]) => {
      const detail = details?.[field];
      return detail !== undefined && detail.value >= min && (!filter.measuredOnly || detail.kind === 'measured');
    });
  };
}

/** The per-task test of a filter (null when it sets none): the headline's cost per solved task and speed within limits. */
function taskFilter(
  filter: ToolFilter,
  benchmarks: readonly BenchmarkModel[] | undefined,
): ((toolId: string) => boolean) | null {
  const { maxSolvedTaskUsd: maxCost, minOutputTokensPerSecond: minSpeed } = filter;
  if (maxCost === undefined && minSpeed === undefined) return null;
  if (!benchmarks)
    throw new DirectoryError('not-found', 'filtering by cost per task or speed needs the benchmarks (benchmarks.json)');
  const headlines = new Map(benchmarks.map((b) => [b.modelId, b.taskCost?.headline ?? null]));
  return (toolId) => {
    const h = headlines.get(toolId);
    const cost = h?.costPerSolvedTaskUsd?.value;
    const speed = h?.outputTokensPerSecond ?? undefined;
    return (
      (maxCost === undefined || (cost !== undefined && cost <= maxCost)) &&
      (minSpeed === undefined || (speed !== undefined && speed >= minSpeed))
    );
  };
}

type ToolBilling = Platform['toolBilling'][number];

export interface JoinedTool {
  tool: Tool;
  /** Its entry of benchmarks.json, or null when it is not scored. */
  benchmark: BenchmarkModel | null;
  /** The platforms that offer it and how each bills it. */
  platforms: { platform: Platform; billing: ToolBilling }[];
}

export function joinTool(
  tool: Tool,
  context: { benchmarks?: readonly BenchmarkModel[]; platforms?: readonly Platform[] },
): JoinedTool {
  return {
    tool,
    benchmark: context.benchmarks?.find((b) => b.modelId === tool.id) ?? null,
    platforms: (context.platforms ?? []).flatMap((platform) => {
      const billing = platform.toolBilling.find((b) => b.toolId === tool.id);
      return billing ? [{ platform, billing }] : [];
    }),
  };
}

export interface ClientCostOptions extends Omit<CostOptions, 'platform'> {
  /** A platform of platforms.json (its billing of this tool is looked up), or a billing entry as is. */
  platform?: Platform | PlatformBillingLike;
}

/**
 * What `usage` costs on `tool`, by the directory's own cost engine (src/cost, the code that
 * computes the published use-case costs and cost vectors): long-context tiers, cache reads and
 * writes, batch, promotions and off-peak windows in force `at` the given instant, and how a
 * platform bills the tool. Without `at`, no promotion or off-peak rate applies.
 */
export function costOf(tool: Tool, usage: Usage, options: ClientCostOptions = {}): CostResult {
  const { platform, ...rest } = options;
  if (platform && 'toolBilling' in platform) {
    const billing = billingOn(platform, tool);
    if (!billing) throw new DirectoryError('not-found', `${tool.id} is not offered on ${platform.id}`);
    return directoryErrors(() => engineCostOf(tool, usage, { ...rest, platform: billing }));
  }
  return directoryErrors(() => engineCostOf(tool, usage, { ...rest, platform }));
}

export type RankBy = 'cost' | 'score' | 'value';

export interface RankOptions {
  by?: RankBy;
  /** benchmarks.json's models, for scores (needed for `score` and `value`). */
  benchmarks?: readonly BenchmarkModel[];
  /** Price the workload on this platform; only the tools it offers are ranked. */
  platform?: Platform;
  /** All platforms, for filter.platform. */
  platforms?: readonly Platform[];
  /** Instant of the workload (promotions and off-peak windows in force then); see costOf. */
  at?: string | Date;
  /** How many requests of `usage` the workload makes (default 1); each is priced by the per-request rules. */
  requests?: number;
  /**
   * Tools one request of `usage` does not fit (prompt or output over the context window or output
   * limit): `exclude` (default) leaves them out, `flag` ranks them last with kind `exceeds-limits`.
   */
  unfit?: 'exclude' | 'flag';
  filter?: ToolFilter;
  /** benchmarks.json `aggregate` (the weights of overallScore): with it, each ranked tool carries its evidence account. */
  aggregate?: BenchmarksDocument['benchmarks']['aggregate'];
  /** Also rank deprecated and retired tools (default false). */
  includeInactive?: boolean;
  limit?: number;
}

export interface RankedTool {
  rank: number;
  tool: Tool;
  cost: CostResult;
  /** cost.usd: null when the platform does not bill per token or a price is missing. */
  usd: number | null;
  /** overallScore, or null when the tool is not scored. */
  score: number | null;
  /** How many of the benchmarks overallScore weighs are measured (benchmarks.json measuredCount); null when not scored. */
  measuredCount: number | null;
  /**
   * What the score rests on, in the words every face uses (measured by whom, estimated): null when not
   * scored or when the ranking was not given benchmarks.json's `aggregate`.
   */
  evidence: EvidenceAccount | null;
  /** Score points per USD of this workload; Infinity for a free workload; null without a score or a USD cost. */
  value: number | null;
}

const COST_ORDER: Partial<Record<CostResult['kind'], number>> = { usd: 0, unpriced: 2, 'exceeds-limits': 3 };
const costOrder = (r: RankedTool) => COST_ORDER[r.cost.kind] ?? 1;
const byCost = (a: RankedTool, b: RankedTool) => costOrder(a) - costOrder(b) || (a.usd ?? 0) - (b.usd ?? 0);
const byScore = (a: RankedTool, b: RankedTool) => (b.score ?? -1) - (a.score ?? -1);
const byValue = (a: RankedTool, b: RankedTool) => (b.value ?? -1) - (a.value ?? -1);

/**
 * Ranks tools for a workload: `requests` requests of `usage` (one when not given). `cost`: cheapest
 * first (USD costs, then platform-plan kinds such as `included`, then unpriced, then what does not
 * fit). `score`: highest overallScore first (unscored last). `value`: most score points per dollar
 * first (unscored or unpriced last). Ties: the other criteria, then id. Deprecated and retired
 * tools are left out unless includeInactive; tools the request does not fit unless `unfit: 'flag'`.
 */
export function rankTools(tools: readonly Tool[], usage: Usage, options: RankOptions = {}): RankedTool[] {
  const by = options.by ?? 'cost';
  let candidates = options.filter
    ? filterTools(tools, options.filter, { platforms: options.platforms, benchmarks: options.benchmarks })
    : [...tools];
  if (!options.includeInactive) candidates = candidates.filter((t) => !INACTIVE.has(t.status));
  if (options.platform) candidates = candidates.filter((t) => billingOn(options.platform!, t) !== null);
  const scores = new Map((options.benchmarks ?? []).map((b) => [b.modelId, b]));
  const ranked: RankedTool[] = candidates.map((tool) => {
    const cost = costOf(tool, usage, { at: options.at, platform: options.platform, requests: options.requests });
    const benchmark = scores.get(tool.id);
    const score = benchmark?.overallScore ?? null;
    const usd = cost.kind === 'usd' ? cost.usd : null;
    const value = score === null || usd === null ? null : usd === 0 ? Number.POSITIVE_INFINITY : score / usd;
    const evidence = benchmark && options.aggregate ? evidenceAccount(benchmark.scoreDetails, options.aggregate) : null;
    return { rank: 0, tool, cost, usd, score, measuredCount: benchmark?.measuredCount ?? null, evidence, value };
  });
  const order = by === 'cost' ? [byCost, byScore] : by === 'score' ? [byScore, byCost] : [byValue, byCost, byScore];
  const fitting = options.unfit === 'flag' ? ranked : ranked.filter((r) => r.cost.fits);
  fitting.sort((a, b) => {
    const unfit = Number(!a.cost.fits) - Number(!b.cost.fits);
    if (unfit) return unfit;
    if (by !== 'cost') {
      const missing =
        by === 'score'
          ? Number(a.score === null) - Number(b.score === null)
          : Number(a.value === null) - Number(b.value === null);
      if (missing) return missing;
    }
    for (const compare of order) {
      const result = compare(a, b);
      if (result) return result;
    }
    return a.tool.id.localeCompare(b.tool.id);
  });
  const limited = options.limit === undefined ? fitting : fitting.slice(0, options.limit);
  return limited.map((r, i) => ({ ...r, rank: i + 1 }));
}

export interface Succession {
  /** The tool asked for. */
  requested: Tool;
  /** The end of the replacedBy chain: the tool to use now. */
  current: Tool;
  /** requested, each successor, ..., current. */
  chain: Tool[];
  /** True when the requested tool has a successor. */
  replaced: boolean;
}

/** Follows replacedBy from a tool (by id, alias or snapshot) to its newest successor. */
export function resolveSuccessor(tools: readonly Tool[], query: string): Succession {
  const requested = findTool(tools, query);
  const byId = new Map(tools.map((t) => [t.id, t]));
  const chain = [requested];
  const seen = new Set([requested.id]);
  let current = requested;
  while (current.replacedBy) {
    const next = byId.get(current.replacedBy);
    if (!next || seen.has(next.id)) break;
    chain.push(next);
    seen.add(next.id);
    current = next;
  }
  return { requested, current, chain, replaced: chain.length > 1 };
}

/** A use case's identity and how it picks (filter, sortBy, scenario): what a list of its top picks opens with. */
export function useCaseHeading(useCase: UseCase): Pick<UseCase, 'id' | 'title' | 'sortBy' | 'scenario' | 'filter'> {
  return {
    id: useCase.id,
    title: useCase.title,
    sortBy: useCase.sortBy,
    scenario: useCase.scenario,
    filter: useCase.filter,
  };
}
