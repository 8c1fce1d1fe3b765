/**
 * use-cases.json: topPicks computed from sortBy, scenario, filter and evidence, and prose
 * placeholders resolved from the data so intros and FAQ answers stay true after every refresh.
 *
 * A pick must be callable (not retired or deprecated; preview only when the filter allows it), fit
 * its scenario with headroom (input + output at most CONTEXT_HEADROOM of the context window, output
 * within maxOutputTokens) and, when ranked by a benchmark, have a measured result relevant to the
 * task. Where the data cannot separate adjacent picks, pickNotes says so.
 */
import type { BenchmarkModel, Tool, UseCase } from '../../schema/api.ts';
import type { ScoreComponent, ToolFile, UseCaseFile } from '../../schema/source.ts';
import { IssueCollector } from '../errors.ts';
import type { Located } from '../load.ts';
import { measurementNoise } from './benchmark-estimates.ts';
import { hasMeasuredResult } from './benchmarks.ts';
import { formatUsd, roundTo, scenarioPrice } from './pricing.ts';

type SortBy = UseCaseFile['sortBy'];
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
}

/** Two-sided 80% normal quantile. */
const Z_80 = 1.2815515655446004;

interface Interval {
  low: number;
  high: number;
}

interface Candidate {
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
}

const SCORE_BASED = new Set<SortBy>(['scoreDesc', 'valueDesc', 'taskScoreDesc']);

export const COMPONENT_NAMES: Record<ScoreComponent, string> = {
  sweBench: 'SWE-bench Verified',
  liveCodeBench: 'LiveCodeBench',
  humanEval: 'HumanEval',
  bigCodeBench: 'BigCodeBench',
  sweBenchPro: 'SWE-bench Pro',
  terminalBench: 'Terminal-Bench',
};

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
      const task = taskScore(model, useCase.evidence?.components ?? [], evidence.seriesTasks);
      return task ? { value: task.value, interval: task.interval } : { value: null, interval: null };
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

/** `at`: the build date; scenario costs follow the cost rules on that day (tiers, promotions in force). */
export function eligibleCandidates(
  useCase: UseCaseFile,
  tools: readonly Tool[],
  evidence: PickEvidence,
  at?: string,
): Candidate[] {
  const { filter, scenario, sortBy } = useCase;
  const relevant = expandSeries(useCase.evidence?.measuredIn ?? [], evidence.seriesIds ?? []);
  const measuredSeries = new Map<string, ReadonlySet<string>>(evidence.measuredSeries ?? []);
  return tools
    .filter((tool) => tool.status !== 'deprecated' && tool.status !== 'retired')
    .filter((tool) => filter.includePreview === true || tool.status !== 'preview')
    .filter((tool) => !filter.categories || filter.categories.some((c) => tool.category.includes(c)))
    .filter((tool) => filter.minContextTokens === undefined || tool.contextTokens >= filter.minContextTokens)
    .filter((tool) => filter.openWeights === undefined || tool.openWeights)
    .filter((tool) => fitsScenario(tool, scenario))
    .filter((tool) => {
      const facts = evidence.autocomplete?.get(tool.id);
      return filter.autocompleteFact === undefined || facts?.fillInTheMiddle === true || facts?.lowLatency === true;
    })
    .filter((tool) => !SCORE_BASED.has(sortBy) || hasMeasuredResult({ measuredSeries }, tool.id, relevant))
    .map((tool): Candidate => {
      const price = scenarioPrice(tool, scenario, at);
      const score = evidence.scores.get(tool.id);
      return {
        tool,
        cost: price.usd,
        promotionUntil: price.promotionUntil,
        score,
        rank: rankOf(sortBy, useCase, tool, price.usd, score, evidence),
        measured: relevant.filter((id) => measuredSeries.get(tool.id)?.has(id)),
        autocomplete: evidence.autocomplete?.get(tool.id) ?? null,
      };
    })
    .filter((c) => filter.maxScenarioCostUsd === undefined || c.cost <= filter.maxScenarioCostUsd)
    .filter((c) => !SCORE_BASED.has(sortBy) || c.rank.value !== null);
}

export function rankTopPicks(
  useCase: UseCaseFile,
  tools: readonly Tool[],
  evidence: PickEvidence,
  at?: string,
): Candidate[] {
  return eligibleCandidates(useCase, tools, evidence, at)
    .sort(COMPARATORS[useCase.sortBy])
    .slice(0, useCase.topPicksCount);
}

/** What the order uses, in the words of topPickEvidence.rankedBy. */
export function rankedBy(useCase: UseCaseFile): string {
  switch (useCase.sortBy) {
    case 'inputAsc':
      return 'pricing.input';
    case 'outputAsc':
      return 'pricing.output';
    case 'scenarioCostAsc':
      return 'scenarioCostUsd';
    case 'contextDesc':
      return 'contextTokens';
    case 'scoreDesc':
      return 'overallScore';
    case 'valueDesc':
      return 'overallScore per scenario USD';
    case 'taskScoreDesc': {
      const components = useCase.evidence?.components ?? [];
      return components.length === 1 ? components[0]! : `mean(${components.join(', ')})`;
    }
    case 'autocompleteFit':
      return 'autocomplete facts, then scenarioCostUsd';
  }
}

/** The metric in words, for generated prose. */
function metricLabel(useCase: UseCaseFile): string {
  if (useCase.sortBy === 'scoreDesc') return 'overall score';
  if (useCase.sortBy === 'valueDesc') return 'overall score per scenario dollar';
  const names = (useCase.evidence?.components ?? []).map((c) => COMPONENT_NAMES[c]);
  return names.length === 1 ? names[0]! : `the mean of ${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

function formatMetric(useCase: UseCaseFile, value: number): string {
  if (value === Infinity) return 'unbounded (free)';
  return useCase.sortBy === 'valueDesc'
    ? `${Math.round(value).toLocaleString('en-US')} points per dollar`
    : value.toFixed(1);
}

function describePick(useCase: UseCaseFile, c: Candidate): string {
  const value = formatMetric(useCase, c.rank.value!);
  const interval = c.rank.interval;
  if (!Number.isFinite(c.rank.value)) return `${c.tool.name} ${value}`;
  if (!interval || (interval.low === c.rank.value && interval.high === c.rank.value))
    return `${c.tool.name} ${value}, measured, no interval`;
  const low = formatMetric(useCase, interval.low).replace(/ points per dollar$/, '');
  return `${c.tool.name} ${value} (80% interval ${low}-${formatMetric(useCase, interval.high)})`;
}

/** Adjacent picks the data cannot separate: overlapping 80% intervals, or equal values. */
function indistinguishable(a: Candidate, b: Candidate): boolean {
  const va = a.rank.value!;
  const vb = b.rank.value!;
  if (va === vb) return true;
  const lowA = a.rank.interval?.low ?? va;
  const highB = b.rank.interval?.high ?? vb;
  return lowA <= highB;
}

/**
 * Notes on runs of adjacent picks that cannot be told apart, generated from the data: the values and
 * intervals come from benchmarks.json, never from prose.
 */
export function pickNotes(useCase: UseCaseFile, picks: readonly Candidate[]): string[] {
  if (!SCORE_BASED.has(useCase.sortBy) || picks.length < 2) return [];
  const runs: Candidate[][] = [];
  let run: Candidate[] = [picks[0]!];
  for (const pick of picks.slice(1)) {
    if (indistinguishable(run.at(-1)!, pick)) run.push(pick);
    else {
      runs.push(run);
      run = [pick];
    }
  }
  runs.push(run);
  return runs
    .filter((r) => r.length > 1)
    .map((r) => {
      const first = picks.indexOf(r[0]!) + 1;
      const positions = `Picks ${first}-${first + r.length - 1}`;
      const tie = r.every((c) => c.rank.value === r[0]!.rank.value);
      const reason = tie
        ? `have the same value on ${metricLabel(useCase)}, so the cheaper scenario decides their order`
        : `cannot be told apart on ${metricLabel(useCase)}: each one's 80% interval overlaps the next one's (or the values are equal), so their order is not a measured difference`;
      return `${positions} (${r.map((c) => describePick(useCase, c)).join('; ')}) ${reason}.`;
    });
}

const PLACEHOLDER = /\{([a-zA-Z]+)(?::([^:{}]+))?(?::([a-zA-Z]+))?\}/g;

function fieldText(
  candidate: Pick<Candidate, 'tool' | 'cost' | 'score'> & Partial<Pick<Candidate, 'rank'>>,
  field: string,
): string | undefined {
  const { tool } = candidate;
  switch (field) {
    case 'name':
      return tool.name;
    case 'provider':
      return tool.provider;
    case 'input':
    case 'output':
    case 'cacheRead':
      return formatUsd(tool.pricing[field]);
    case 'scenarioCost':
      return formatUsd(roundTo(candidate.cost, 6));
    case 'score':
      return candidate.score === undefined ? undefined : candidate.score.toFixed(1);
    case 'rankValue':
      return candidate.rank?.value === null ||
        candidate.rank?.value === undefined ||
        !Number.isFinite(candidate.rank.value)
        ? undefined
        : candidate.rank.value.toFixed(1);
    case 'context':
      return tool.contextWindow;
    case 'release':
      return tool.releaseDate;
    default:
      return undefined;
  }
}

export interface RenderContext {
  picks: Candidate[];
  tools: ReadonlyMap<string, Tool>;
  scores: ReadonlyMap<string, number>;
  eligible: number;
  useCase: UseCaseFile;
  notes?: readonly string[];
  at?: string;
}

/**
 * Replaces {pick:N:field}, {tool:id:field}, {count:eligible}, {scenario:inputTokens|outputTokens|requiredContext}
 * and {picks:notes}; anything unresolvable is an error.
 */
export function renderPlaceholders(
  text: string,
  context: RenderContext,
  report: (placeholder: string, message: string) => void,
): string {
  return text.replace(PLACEHOLDER, (whole, kind: string, target: string | undefined, field: string | undefined) => {
    let resolved: string | undefined;
    let problem = 'is not a known placeholder';
    if (kind === 'pick' && target && field) {
      const candidate = context.picks[Number(target) - 1];
      if (!candidate) problem = `refers to pick ${target} but only ${context.picks.length} picks exist`;
      else resolved = fieldText(candidate, field);
    } else if (kind === 'tool' && target && field) {
      const tool = context.tools.get(target);
      if (!tool) problem = `refers to unknown tool "${target}"`;
      else
        resolved = fieldText(
          {
            tool,
            cost: scenarioPrice(tool, context.useCase.scenario, context.at).usd,
            score: context.scores.get(tool.id),
          },
          field,
        );
    } else if (kind === 'count' && target === 'eligible' && !field) {
      resolved = String(context.eligible);
    } else if (kind === 'scenario' && (target === 'inputTokens' || target === 'outputTokens') && !field) {
      resolved = context.useCase.scenario[target].toLocaleString('en-US');
    } else if (kind === 'scenario' && target === 'requiredContext' && !field) {
      resolved = requiredContextTokens(context.useCase.scenario).toLocaleString('en-US');
    } else if (kind === 'picks' && target === 'notes' && !field) {
      resolved = context.notes?.length
        ? context.notes.join(' ')
        : `Each pick's lead over the next is larger than the uncertainty the data shows.`;
    }
    if (resolved === undefined) {
      if (problem === 'is not a known placeholder' && field)
        problem = `has no value for field "${field}" (unknown field, or the tool is unscored)`;
      report(whole, problem);
      return whole;
    }
    return resolved;
  });
}

function evidenceOf(useCase: UseCaseFile, evidence: PickEvidence): UseCase['evidence'] {
  if (!useCase.evidence || !SCORE_BASED.has(useCase.sortBy)) return null;
  return {
    measuredIn: expandSeries(useCase.evidence.measuredIn, evidence.seriesIds ?? []),
    components: useCase.sortBy === 'taskScoreDesc' ? [...(useCase.evidence.components ?? [])] : null,
    why: useCase.evidence.why,
  };
}

function topPickEvidence(useCase: UseCaseFile, picks: readonly Candidate[]): UseCase['topPickEvidence'] {
  return picks.map((c) => ({
    toolId: c.tool.id,
    rankedBy: rankedBy(useCase),
    value: c.rank.value === null || !Number.isFinite(c.rank.value) ? null : c.rank.value,
    interval:
      c.rank.interval && Number.isFinite(c.rank.interval.low) && Number.isFinite(c.rank.interval.high)
        ? { ...c.rank.interval }
        : null,
    measuredSeries: [...c.measured],
    autocomplete: c.autocomplete
      ? {
          fillInTheMiddle: c.autocomplete.fillInTheMiddle,
          lowLatency: c.autocomplete.lowLatency,
          source: { name: c.autocomplete.source.name, url: c.autocomplete.source.url },
        }
      : null,
  }));
}

/** Data problems of a use case's evidence: every measuredIn pattern must name at least one series. */
function checkEvidence(file: string, useCase: UseCaseFile, evidence: PickEvidence, issues: IssueCollector): void {
  if (!evidence.seriesIds) return;
  useCase.evidence?.measuredIn.forEach((pattern, index) => {
    if (expandSeries([pattern], evidence.seriesIds!).length === 0)
      issues.add(file, `evidence.measuredIn.${index}`, pattern, 'names no series in data/benchmarks/series.json');
  });
}

export function deriveUseCases(
  useCases: readonly Located<UseCaseFile>[],
  tools: readonly Tool[],
  evidence: PickEvidence,
  at?: string,
): UseCase[] {
  const issues = new IssueCollector();
  const toolsById = new Map(tools.map((tool) => [tool.id, tool]));
  const derived = [...useCases]
    .sort((a, b) => a.data.id.localeCompare(b.data.id))
    .map(({ file, data: useCase }) => {
      checkEvidence(file, useCase, evidence, issues);
      const eligible = eligibleCandidates(useCase, tools, evidence, at).length;
      const picks = rankTopPicks(useCase, tools, evidence, at);
      if (picks.length === 0) issues.add(file, 'filter', useCase.filter, 'leaves no tool to pick');
      const notes = pickNotes(useCase, picks);
      const context: RenderContext = { picks, tools: toolsById, scores: evidence.scores, eligible, useCase, notes, at };
      const render = (text: string, field: string) =>
        renderPlaceholders(text, context, (placeholder, message) => issues.add(file, field, placeholder, message));
      return {
        id: useCase.id,
        title: useCase.title,
        slug: useCase.slug,
        keyword: useCase.keyword,
        description: render(useCase.description, 'description'),
        sortBy: useCase.sortBy,
        intro: render(useCase.intro, 'intro'),
        faq: useCase.faq.map((pair, index) => ({
          q: render(pair.q, `faq.${index}.q`),
          a: render(pair.a, `faq.${index}.a`),
        })),
        topPicks: picks.map((c) => c.tool.id),
        scenario: { ...useCase.scenario },
        filter: {
          categories: useCase.filter.categories ?? null,
          minContextTokens: useCase.filter.minContextTokens ?? null,
          openWeights: useCase.filter.openWeights ?? null,
          maxScenarioCostUsd: useCase.filter.maxScenarioCostUsd ?? null,
          includePreview: useCase.filter.includePreview ?? false,
          autocompleteFact: useCase.filter.autocompleteFact ?? false,
        },
        requiredContextTokens: requiredContextTokens(useCase.scenario),
        evidence: evidenceOf(useCase, evidence),
        topPickCosts: picks.map((c) => ({
          toolId: c.tool.id,
          scenarioCostUsd: c.cost,
          ...(c.promotionUntil ? { promotionUntil: c.promotionUntil } : {}),
        })),
        topPickEvidence: topPickEvidence(useCase, picks),
        pickNotes: notes,
      };
    });
  issues.throwIfAny();
  return derived;
}
