/**
 * Which tools a use case may pick and in what order: the eligibility gates (callable, preview only
 * when allowed, categories, context, open weights, scenario fit with headroom, autocomplete facts,
 * a measured result relevant to the task for score-based sorts, scenario cost cap), the value each
 * candidate is ranked by with its 80% interval, and the comparators.
 */
import type { BenchmarkModel, Tool } from '../../schema/api.ts';
import type { ScoreComponent, ToolFile, UseCaseFile } from '../../schema/source.ts';
import { measurementNoise } from './benchmark-estimates.ts';
import { roundTo, scenarioPrice } from './pricing.ts';
import { type KindFigures, kindFigures } from './task-cost.ts';

export type SortBy = UseCaseFile['sortBy'];
export type AutocompleteFacts = NonNullable<ToolFile['autocomplete']>;

/**
 * Share of the context window a scenario may fill. The scenario counts as one request (as in the
 * cost rules); the remaining 20% covers what the token counts leave out: other tokenizers counting
 * the same text as more tokens, the system prompt and tool definitions, and thinking tokens.
 */
export const CONTEXT_HEADROOM = 0.8;

/** Smallest context window that fits the scenario with headroom. */
export function requiredContextTokens(scenario: UseCaseFile['scenario']): number {
  return Math.ceil((scenario.inputTokens + scenario.outputTokens) / CONTEXT_HEADROOM);
}

/** What the build knows about the tools beyond their published facts. */
export interface PickEvidence {
  /** overallScore by tool id, scored tools only. */
  scores: ReadonlyMap<string, number>;
  /** Published benchmark entries by tool id: intervals and per-benchmark values. */
  models?: ReadonlyMap<string, BenchmarkModel>;
  /** Series in which each tool has a used (measured) result. */
  measuredSeries?: ReadonlyMap<string, ReadonlySet<string>>;
  /** Every series id, to expand evidence.measuredIn patterns. */
  seriesIds?: readonly string[];
  /** Fill-in-the-middle / low-latency facts by tool id. */
  autocomplete?: ReadonlyMap<string, AutocompleteFacts>;
  /** Task count of each series that states one: the sampling error of a measured value. */
  seriesTasks?: ReadonlyMap<string, number>;
  /** Aggregate components whose reference series is alive, with that series (use-case-live.ts). */
  liveSeries?: ReadonlyMap<string, string>;
}

/** Two-sided 80% normal quantile. */
const Z_80 = 1.2815515655446004;

interface Interval {
  low: number;
  high: number;
}

export interface Candidate {
  tool: Tool;
  cost: number;
  /** Last day of the promotional rate the cost uses, if any. */
  promotionUntil?: string | null;
  score: number | undefined;
  /** What the use case ranks by, with its 80% interval where it is a benchmark estimate. */
  rank: { value: number | null; interval: Interval | null };
  /** Relevant series with a measured result. */
  measured: string[];
  autocomplete: AutocompleteFacts | null;
  /** Its own tokens, cost and time for the use case's taskKind (null without a taskKind or without figures). */
  task: KindFigures | null;
}

export const SCORE_BASED = new Set<SortBy>(['scoreDesc', 'valueDesc', 'taskScoreDesc']);

const byCostThenId = (a: Candidate, b: Candidate) => a.cost - b.cost || a.tool.id.localeCompare(b.tool.id);
const rankValue = (c: Candidate) => c.rank.value ?? -Infinity;

/** 0: fill-in-the-middle and low latency; 1: fill-in-the-middle; 2: low latency; 3: neither stated. */
function autocompleteGroup(facts: AutocompleteFacts | null): number {
  const fim = facts?.fillInTheMiddle === true;
  const fast = facts?.lowLatency === true;
  return fim && fast ? 0 : fim ? 1 : fast ? 2 : 3;
}

/** Each comparator ranks best first; ties fall back to the cheaper scenario, then the id, so the order is total. */
const COMPARATORS: Record<SortBy, (a: Candidate, b: Candidate) => number> = {
  inputAsc: (a, b) => a.tool.pricing.input - b.tool.pricing.input || byCostThenId(a, b),
  outputAsc: (a, b) => a.tool.pricing.output - b.tool.pricing.output || byCostThenId(a, b),
  scenarioCostAsc: byCostThenId,
  scoreDesc: (a, b) => rankValue(b) - rankValue(a) || byCostThenId(a, b),
  valueDesc: (a, b) => (rankValue(a) === rankValue(b) ? 0 : rankValue(b) - rankValue(a)) || byCostThenId(a, b),
  contextDesc: (a, b) => b.tool.contextTokens - a.tool.contextTokens || byCostThenId(a, b),
  taskScoreDesc: (a, b) => rankValue(b) - rankValue(a) || byCostThenId(a, b),
  autocompleteFit: (a, b) =>
    autocompleteGroup(a.autocomplete) - autocompleteGroup(b.autocomplete) || byCostThenId(a, b),
  solvedTaskCostAsc: (a, b) => (a.rank.value ?? Infinity) - (b.rank.value ?? Infinity) || byCostThenId(a, b),
};

/** Series ids named by evidence.measuredIn: an id, a prefix ending in "-*", or "*". */
export function expandSeries(patterns: readonly string[], seriesIds: readonly string[]): string[] {
  return seriesIds.filter((id) =>
    patterns.some((p) => p === '*' || p === id || (p.endsWith('-*') && id.startsWith(p.slice(0, -1)))),
  );
}

type Detail = BenchmarkModel['scoreDetails'][ScoreComponent];

/**
 * 80% interval of one benchmark value: the published interval of an estimate; for a measured value,
 * its sampling error over the series' task count (binomial, as in the scoring method), or the value
 * itself when the series states no task count.
 */
function detailInterval(detail: Detail, tasks: ReadonlyMap<string, number> | undefined): Interval {
  if (detail.interval) return { low: detail.interval.low, high: detail.interval.high };
  const noise =
    detail.kind === 'measured' && detail.series
      ? measurementNoise({ variant: detail.variant ?? '', value: detail.value }, tasks?.get(detail.series))
      : 0;
  return { low: Math.max(0, detail.value - Z_80 * noise), high: Math.min(100, detail.value + Z_80 * noise) };
}

/** The mean of the named benchmarks and its 80% interval (the mean of the bounds: no credit for errors cancelling). */
function taskScore(
  model: BenchmarkModel | undefined,
  components: readonly ScoreComponent[],
  tasks?: ReadonlyMap<string, number>,
): { value: number; interval: Interval } | null {
  if (!model) return null;
  const parts = components
    .map((c) => model.scoreDetails[c] as Detail | undefined)
    .filter((p): p is Detail => p !== undefined);
  if (parts.length !== components.length) return null;
  const mean = (values: number[]) => roundTo(values.reduce((sum, v) => sum + v, 0) / values.length, 4);
  const intervals = parts.map((p) => detailInterval(p, tasks));
  return {
    value: mean(parts.map((p) => p.value)),
    interval: { low: mean(intervals.map((i) => i.low)), high: mean(intervals.map((i) => i.high)) },
  };
}

function rankOf(
  sortBy: SortBy,
  useCase: UseCaseFile,
  tool: Tool,
  cost: number,
  score: number | undefined,
  evidence: PickEvidence,
  task: KindFigures | null,
): Candidate['rank'] {
  const model = evidence.models?.get(tool.id);
  const overall: Interval | null = model?.overallInterval
    ? { low: model.overallInterval.low, high: model.overallInterval.high }
    : null;
  switch (sortBy) {
    case 'inputAsc':
      return { value: tool.pricing.input, interval: null };
    case 'outputAsc':
      return { value: tool.pricing.output, interval: null };
    case 'scenarioCostAsc':
      return { value: cost, interval: null };
    case 'contextDesc':
      return { value: tool.contextTokens, interval: null };
    case 'autocompleteFit':
      return { value: null, interval: null };
    case 'scoreDesc':
      return { value: score ?? null, interval: overall };
    case 'valueDesc': {
      if (score === undefined) return { value: null, interval: null };
      // Score points per scenario dollar; a free model has unbounded value.
      const per = (points: number) => (cost === 0 ? Infinity : roundTo(points / cost, 4));
      return { value: per(score), interval: overall ? { low: per(overall.low), high: per(overall.high) } : null };
    }
    case 'taskScoreDesc': {
      const mean = taskScore(model, useCase.evidence?.components ?? [], evidence.seriesTasks);
      return mean ? { value: mean.value, interval: mean.interval } : { value: null, interval: null };
    }
    case 'solvedTaskCostAsc': {
      const perSolved = task?.costPerSolvedTaskUsd;
      return perSolved ? { value: perSolved.value, interval: perSolved.interval } : { value: null, interval: null };
    }
  }
}

/** The scenario fits with headroom: prompt and answer within CONTEXT_HEADROOM of the window, the answer within the output limit. */
export function fitsScenario(
  tool: Pick<Tool, 'contextTokens' | 'maxOutputTokens'>,
  scenario: UseCaseFile['scenario'],
): boolean {
  return (
    tool.contextTokens >= requiredContextTokens(scenario) &&
    (tool.maxOutputTokens === null || scenario.outputTokens <= tool.maxOutputTokens)
  );
}

/** One eligibility rule, and what it says of a tool it keeps out. */
interface Gate {
  keeps: (candidate: Candidate) => boolean;
  reason: string;
}

/** The eligibility rules of a use case, in the order a reason is looked for. */
function gatesOf(useCase: UseCaseFile): Gate[] {
  const { filter, scenario } = useCase;
  const scoreBased = SCORE_BASED.has(useCase.sortBy);
  const facts = (c: Candidate) => c.autocomplete?.fillInTheMiddle === true || c.autocomplete?.lowLatency === true;
  return [
    { keeps: (c) => c.tool.status !== 'deprecated' && c.tool.status !== 'retired', reason: 'it is deprecated' },
    {
      keeps: (c) => filter.includePreview === true || c.tool.status !== 'preview',
      reason: 'it is a preview release, which this use case leaves out',
    },
    {
      keeps: (c) => !filter.categories || filter.categories.some((k) => c.tool.category.includes(k)),
      reason: `it is in none of the categories this use case picks from (${filter.categories?.join(', ')})`,
    },
    {
      keeps: (c) => filter.minContextTokens === undefined || c.tool.contextTokens >= filter.minContextTokens,
      reason: `its context window is under the ${filter.minContextTokens?.toLocaleString('en-US')} tokens this use case needs`,
    },
    { keeps: (c) => filter.openWeights === undefined || c.tool.openWeights, reason: 'its weights are not open' },
    {
      keeps: (c) => fitsScenario(c.tool, scenario),
      reason: 'the scenario does not fit its context window or output limit with headroom',
    },
    {
      keeps: (c) => filter.autocompleteFact === undefined || facts(c),
      reason: 'no fill-in-the-middle or low-latency fact is recorded for it',
    },
    {
      keeps: (c) => !scoreBased || c.measured.length > 0,
      reason: useCase.evidence?.measuredIn.includes('*')
        ? 'it has no measured result yet'
        : `it has no measured result yet in the series this use case requires (${useCase.evidence?.measuredIn.join(', ')})`,
    },
    {
      keeps: (c) => filter.maxScenarioCostUsd === undefined || c.cost <= filter.maxScenarioCostUsd,
      reason: `its scenario cost is above this use case's cap of ${filter.maxScenarioCostUsd} USD`,
    },
    { keeps: (c) => !scoreBased || c.rank.value !== null, reason: 'it has no value of what this use case ranks by' },
    {
      keeps: (c) => useCase.sortBy !== 'solvedTaskCostAsc' || c.rank.value !== null,
      reason: `it has no measured or estimated cost per solved ${useCase.taskKind} task`,
    },
  ];
}

function candidateOf(useCase: UseCaseFile, tool: Tool, evidence: PickEvidence, at: string | undefined): Candidate {
  const relevant = expandSeries(useCase.evidence?.measuredIn ?? [], evidence.seriesIds ?? []);
  const measured = evidence.measuredSeries?.get(tool.id);
  const price = scenarioPrice(tool, useCase.scenario, at);
  const score = evidence.scores.get(tool.id);
  const task = useCase.taskKind ? kindFigures(evidence.models?.get(tool.id)?.taskCost, useCase.taskKind) : null;
  return {
    tool,
    cost: price.usd,
    promotionUntil: price.promotionUntil,
    score,
    rank: rankOf(useCase.sortBy, useCase, tool, price.usd, score, evidence, task),
    measured: relevant.filter((id) => measured?.has(id)),
    autocomplete: evidence.autocomplete?.get(tool.id) ?? null,
    task,
  };
}

/** `at`: the build date; scenario costs follow the cost rules on that day (tiers, promotions in force). */
export function eligibleCandidates(
  useCase: UseCaseFile,
  tools: readonly Tool[],
  evidence: PickEvidence,
  at?: string,
): Candidate[] {
  const gates = gatesOf(useCase);
  return tools
    .map((tool) => candidateOf(useCase, tool, evidence, at))
    .filter((candidate) => gates.every((gate) => gate.keeps(candidate)));
}

/** Why a tool is not eligible for a use case, in words (the first rule it fails); null when it is eligible. */
export function whyNotEligible(useCase: UseCaseFile, tool: Tool, evidence: PickEvidence, at?: string): string | null {
  const candidate = candidateOf(useCase, tool, evidence, at);
  return gatesOf(useCase).find((gate) => !gate.keeps(candidate))?.reason ?? null;
}

/** Eligible candidates in the use case's order, best first. */
export function rankedCandidates(
  useCase: UseCaseFile,
  tools: readonly Tool[],
  evidence: PickEvidence,
  at?: string,
): Candidate[] {
  return eligibleCandidates(useCase, tools, evidence, at).sort(COMPARATORS[useCase.sortBy]);
}

export function rankTopPicks(
  useCase: UseCaseFile,
  tools: readonly Tool[],
  evidence: PickEvidence,
  at?: string,
): Candidate[] {
  return rankedCandidates(useCase, tools, evidence, at).slice(0, useCase.topPicksCount);
}
