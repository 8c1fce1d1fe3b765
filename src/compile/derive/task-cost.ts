/**
 * What a coding task costs and how long it takes, per scored model (benchmarks.json models[].taskCost), from
 * the curated runs in data/task-runs/ (src/schema/source-task-runs.ts). Pure.
 *
 * - A configuration is benchmark + task set + harness + reasoning effort + mode. Runs of one configuration are
 *   pooled; configurations are never merged and never maxed over.
 * - Cost per attempt: published tokens priced by the cost rules on the build date (ratesAt: promotions in force
 *   count; tiers and caching cannot apply, the runs publish per-task totals and no cached share); where only
 *   dollars are published they are kept as published, with the date of their prices.
 * - Cost per solved task = cost per attempt / success rate of the same runs; solved tasks per $100 = 100 / that.
 * - Intervals (80%): several runs → their spread; one run → the success rate's Wilson interval only.
 * - Estimates for scored models without evidence of a kind: ln(cost per attempt / blended price in force) is
 *   the mean of the measured models of that kind; its interval is the mean ± the ⌈(n+1)·0.8⌉-th smallest absolute
 *   leave-one-out error, never narrower than the widest measured interval of the kind; the held-out coverage is reported.
 */
import { ratesAt, type PricedModel } from '../../cost/index.ts';
import { byHeadlineRule } from '../../cost/task-rank.ts';
import type {
  BenchmarkModel,
  TaskConfiguration,
  TaskCost,
  TaskCostHeadline,
  TaskCostMethod,
  TaskEstimate,
  TaskFigure,
} from '../../schema/api.ts';
import { TASK_KINDS, type EndpointSpeed, type TaskKind, type TaskRun } from '../../schema/source.ts';
import { roundTo } from './pricing.ts';

/** z of a two-sided 80% interval. */
const Z80 = 1.2815515655446004;
/** Fewest measured models of a kind an estimate is made from (with fewer, leave-one-out says too little). */
export const MIN_ESTIMATE_EVIDENCE = 5;
export const ESTIMATE_COVERAGE_TARGET = { low: 0.75, high: 0.85 } as const;

export const HEADLINE_RULE =
  "The measured configuration with a cost that has the most runs; ties: the one whose reasoning effort the source does not state (its default), then the higher success rate (the configuration the scores' pick rule takes from the same board), then the newest run, then the id. Without a measured cost: the estimate of the task kind with the most measured models; without one: the measured configuration with time only.";

export const ESTIMATE_MODEL =
  "Per task kind: ln(cost per attempt / blended price in force (3 input : 1 output, USD per 1M)) of a model without a measured cost is the mean of that quantity over the scored models measured on the kind (their headline configuration of the kind); the 80% interval is the mean plus or minus the ceil((n+1) x 0.8)-th smallest absolute leave-one-out error, widened to the widest measured cost-per-solved-task interval of the kind. Cost per solved task divides by the kind's success estimate where benchmarks.json has one (terminal: scoreDetails.terminalBench). Fewer than 5 measured models: no estimate.";

export interface TaskRunsOfTool {
  toolId: string;
  runs: readonly TaskRun[];
  endpoints: readonly EndpointSpeed[];
}

export interface TaskCostInput {
  runs: readonly TaskRunsOfTool[];
  /** Every directory tool with its prices. */
  tools: readonly (PricedModel & { id: string })[];
  /** The scored models, as benchmarks.json describes them (scoreDetails give success estimates). */
  models: readonly Pick<BenchmarkModel, 'modelId' | 'scoreDetails'>[];
  /** Build date, YYYY-MM-DD: the prices in force are taken on it. */
  at: string;
}

export interface TaskCostOutput {
  byModel: Map<string, TaskCost>;
  method: TaskCostMethod;
}

interface Range {
  low: number;
  high: number;
}

/** Wilson score interval (80%) of a proportion from `n` trials. */
export function wilson80(proportion: number, n: number): Range {
  const z2 = Z80 * Z80;
  const centre = (proportion + z2 / (2 * n)) / (1 + z2 / n);
  const half = (Z80 * Math.sqrt((proportion * (1 - proportion)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/** Linear-interpolated quantile of an ascending array. */
export function quantileOf(sorted: readonly number[], q: number): number {
  if (sorted.length === 1) return sorted[0]!;
  const position = (sorted.length - 1) * q;
  const below = Math.floor(position);
  const above = Math.min(sorted.length - 1, below + 1);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (position - below);
}

const median = (values: readonly number[]) =>
  quantileOf(
    [...values].sort((a, b) => a - b),
    0.5,
  );

/** Spread of several values: min–max for two, 10th–90th percentile for more. */
function spread(values: readonly number[]): Range {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 2
    ? { low: sorted[0]!, high: sorted[1]! }
    : { low: quantileOf(sorted, 0.1), high: quantileOf(sorted, 0.9) };
}

const figureOf = (value: number, interval: Range | null, decimals: number): TaskFigure => ({
  value: roundTo(value, decimals),
  interval: interval ? { low: roundTo(interval.low, decimals), high: roundTo(interval.high, decimals) } : null,
});

export function configurationKey(run: TaskRun): string {
  const c = run.configuration;
  return [run.benchmark, run.taskSet.name, c.harness, c.reasoningEffort ?? '', c.mode ?? ''].join('\u0000');
}

export interface PricedAttempt {
  usd: number;
  basis: 'tokens-at-prices-in-force' | 'dollars-as-published';
  pricesAsOf: string;
}

/** Rates in force on `at` (promotions count, off-peak hours do not), USD per 1M: input, output, cache read. */
function ratesInForce(tool: PricedModel, at: string) {
  const rates = ratesAt(tool, at, undefined, { exclude: ['off-peak'] }).usdPerMillion;
  return { input: rates.input, output: rates.output, cacheRead: rates.cacheRead };
}

/** One attempt of a run at the prices in force on `at` when tokens are published, else its dollars as published. */
export function pricedAttempt(run: TaskRun, tool: PricedModel, at: string): PricedAttempt | null {
  const p = run.perTask;
  if (p.inputTokens !== null && p.outputTokens !== null) {
    const rates = ratesInForce(tool, at);
    const cached = Math.min(p.cachedInputTokens ?? 0, p.inputTokens);
    const cacheRate = cached > 0 ? rates.cacheRead : 0;
    if (rates.input !== null && rates.output !== null && cacheRate !== null) {
      const usd = ((p.inputTokens - cached) * rates.input + cached * cacheRate + p.outputTokens * rates.output) / 1e6;
      return { usd, basis: 'tokens-at-prices-in-force', pricesAsOf: at };
    }
  }
  if (p.costUsd !== null && p.pricesAsOf !== null)
    return { usd: p.costUsd, basis: 'dollars-as-published', pricesAsOf: p.pricesAsOf };
  return null;
}

/** Mean tokens per task over the runs that publish them; a class only when every such run gives it. */
function tokensPerTaskOf(runs: readonly TaskRun[]): TaskConfiguration['tokensPerTask'] {
  const tokenRuns = runs.filter((r) => r.perTask.inputTokens !== null && r.perTask.outputTokens !== null);
  if (tokenRuns.length === 0) return null;
  const mean = (pick: (r: TaskRun) => number | null) => {
    const values = tokenRuns.map(pick).filter((v): v is number => v !== null);
    return values.length === tokenRuns.length ? Math.round(values.reduce((a, b) => a + b, 0) / values.length) : null;
  };
  return {
    input: mean((r) => r.perTask.inputTokens)!,
    output: mean((r) => r.perTask.outputTokens)!,
    cachedInput: mean((r) => r.perTask.cachedInputTokens),
    reasoning: mean((r) => r.perTask.reasoningTokens),
  };
}

/** A run as a configuration publishes it. */
function runEvidence(r: TaskRun): TaskConfiguration['runs'][number] {
  return {
    id: r.id,
    date: r.date,
    runner: r.runner,
    reportedBy: r.reportedBy,
    tasks: r.taskSet.tasks,
    attemptsPerTask: r.attemptsPerTask,
    triesPerAttempt: r.triesPerAttempt,
    successPercent: r.successPercent,
    perTask: { ...r.perTask },
    source: { ...r.source },
  };
}

/** The derived figures of one configuration's runs. */
export function measuredConfiguration(runs: readonly TaskRun[], tool: PricedModel, at: string): TaskConfiguration {
  const first = runs[0]!;
  const priced = runs.map((r) => pricedAttempt(r, tool, at)).filter((p): p is PricedAttempt => p !== null);
  const several = runs.length >= 2;
  const attempts = runs.reduce((sum, r) => sum + r.taskSet.tasks * r.attemptsPerTask, 0);
  const pooled = runs.reduce((sum, r) => sum + (r.successPercent / 100) * r.taskSet.tasks * r.attemptsPerTask, 0);
  const success = pooled / attempts;
  const successRange = wilson80(success, attempts);

  const costs = priced.map((p) => p.usd);
  const cost = costs.length > 0 ? median(costs) : null;
  const costRange = costs.length >= 2 ? spread(costs) : null;
  const perSolved = cost !== null && success > 0 ? cost / success : null;
  const perSolvedRange =
    perSolved !== null && successRange.low > 0
      ? { low: (costRange?.low ?? cost!) / successRange.high, high: (costRange?.high ?? cost!) / successRange.low }
      : null;
  const seconds = runs.flatMap((r) => (r.perTask.seconds === null ? [] : [r.perTask.seconds]));
  const bases = new Set(priced.map((p) => p.basis));
  return {
    id: first.id,
    taskKind: first.taskKind,
    benchmark: first.benchmark,
    taskSet: first.taskSet.name,
    harness: first.configuration.harness,
    reasoningEffort: first.configuration.reasoningEffort,
    mode: first.configuration.mode,
    evidence: 'measured',
    tokensPerTask: tokensPerTaskOf(runs),
    costPerAttemptUsd: cost === null ? null : figureOf(cost, costRange, 6),
    // Mixed bases within one configuration would be two kinds of number in one median: say the weaker one.
    costBasis:
      bases.size === 0
        ? null
        : bases.has('dollars-as-published')
          ? 'dollars-as-published'
          : 'tokens-at-prices-in-force',
    pricesAsOf:
      priced.length === 0 ? null : bases.has('dollars-as-published') ? priced.map((p) => p.pricesAsOf).sort()[0]! : at,
    successPercent: figureOf(success * 100, { low: successRange.low * 100, high: successRange.high * 100 }, 2),
    costPerSolvedTaskUsd: perSolved === null ? null : figureOf(perSolved, perSolvedRange, 6),
    solvedTasksPer100Usd:
      perSolved === null || perSolved === 0
        ? null
        : figureOf(
            100 / perSolved,
            perSolvedRange ? { low: 100 / perSolvedRange.high, high: 100 / perSolvedRange.low } : null,
            2,
          ),
    secondsPerTask:
      seconds.length === 0 ? null : figureOf(median(seconds), seconds.length >= 2 ? spread(seconds) : null, 1),
    intervalBasis: several ? 'spread-of-runs' : 'binomial-success',
    runs: runs.map(runEvidence),
  };
}

/** Groups runs by configuration (first appearance order) and derives each. */
export function configurationsOf(runs: readonly TaskRun[], tool: PricedModel, at: string): TaskConfiguration[] {
  const groups = new Map<string, TaskRun[]>();
  for (const run of runs) groups.set(configurationKey(run), [...(groups.get(configurationKey(run)) ?? []), run]);
  return [...groups.values()].map((group) => measuredConfiguration(group, tool, at));
}

/** The configuration a model is represented by for one kind (with a cost), or null. */
function representative(configs: readonly TaskConfiguration[], kind: TaskKind): TaskConfiguration | null {
  return configs.filter((c) => c.taskKind === kind && c.costPerAttemptUsd !== null).sort(byHeadlineRule)[0] ?? null;
}

function blendedInForce(tool: PricedModel, at: string): number {
  const rates = ratesInForce(tool, at);
  return rates.input === null || rates.output === null ? Number.NaN : (3 * rates.input + rates.output) / 4;
}

interface KindModel {
  /** ln(cost per attempt / blended price) of each measured model, by tool id. */
  logRatios: Map<string, number>;
  /** Leave-one-out errors: measured minus the mean of the others. */
  errors: number[];
  /** Widest measured interval of the kind, as ln(high / low). */
  minLogWidth: number;
}

const mean = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) / values.length;

function looErrors(values: readonly number[]): number[] {
  const total = values.reduce((a, b) => a + b, 0);
  return values.map((v) => v - (total - v) / (values.length - 1));
}

/**
 * The interval of a prediction from leave-one-out errors (log scale): centre ± the ⌈(n+1)·0.8⌉-th smallest
 * absolute error (the jackknife's finite-sample rule; with few models a plain 10th–90th percentile covers less
 * than it says), at least `minLogWidth` wide.
 */
function predictionRange(centre: number, errors: readonly number[], minLogWidth: number): Range {
  const sorted = errors.map(Math.abs).sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.ceil((sorted.length + 1) * 0.8));
  const half = Math.max(sorted[rank - 1]!, minLogWidth / 2);
  return { low: centre - half, high: centre + half };
}

/**
 * Held-out coverage of the estimate: each measured model left out in turn, its interval built from the
 * others alone (their mean and their own leave-one-out errors), counted when its value falls inside.
 */
export function heldOutCoverage(values: readonly number[], minLogWidth: number): number | null {
  if (values.length < MIN_ESTIMATE_EVIDENCE) return null;
  let inside = 0;
  values.forEach((value, i) => {
    const others = values.filter((_, j) => j !== i);
    const range = predictionRange(mean(others), looErrors(others), minLogWidth);
    if (value >= range.low && value <= range.high) inside += 1;
  });
  return inside / values.length;
}

function successEstimate(kind: TaskKind, model: Pick<BenchmarkModel, 'scoreDetails'> | undefined) {
  if (kind !== 'terminal' || !model) return null;
  const detail = model.scoreDetails.terminalBench;
  const interval = detail.interval ?? { low: detail.value, high: detail.value };
  return {
    value: detail.value / 100,
    low: interval.low / 100,
    high: interval.high / 100,
    from: 'scoreDetails.terminalBench',
  };
}

const NO_SUCCESS_REASON: Record<TaskKind, string> = {
  'code-edit': 'no success estimate for code-edit tasks: the Aider polyglot series is not a scored component',
  'repo-issue': 'no success estimate for repo-issue tasks from a run of the same protocol',
  terminal: 'no Terminal-Bench 4.0 score for this model',
};

function estimateFor(
  kind: TaskKind,
  tool: PricedModel,
  model: Pick<BenchmarkModel, 'scoreDetails'> | undefined,
  kindModel: KindModel | null,
  at: string,
): TaskEstimate {
  const empty = (reason: string): TaskEstimate => ({
    taskKind: kind,
    evidence: 'estimated',
    costPerAttemptUsd: null,
    costBasis: null,
    pricesAsOf: null,
    successPercent: null,
    costPerSolvedTaskUsd: null,
    solvedTasksPer100Usd: null,
    secondsPerTask: null,
    intervalBasis: 'estimate-leave-one-out',
    successFrom: null,
    reason,
  });
  if (!kindModel)
    return empty(`too little evidence: fewer than ${MIN_ESTIMATE_EVIDENCE} scored models have a measured ${kind} cost`);
  if (tool.pricingDetails.free) return empty('free at list price: a task costs nothing to run on the provider');
  const blended = blendedInForce(tool, at);
  if (!(blended > 0)) return empty('no input and output price in force');
  const centre = mean([...kindModel.logRatios.values()]);
  const range = predictionRange(centre, kindModel.errors, kindModel.minLogWidth);
  const cost = Math.exp(centre) * blended;
  const costRange = { low: Math.exp(range.low) * blended, high: Math.exp(range.high) * blended };
  const success = successEstimate(kind, model);
  const solvable = success !== null && success.value > 0 && success.low > 0;
  const perSolved = solvable ? cost / success.value : null;
  const perSolvedRange = solvable ? { low: costRange.low / success.high, high: costRange.high / success.low } : null;
  return {
    ...empty(''),
    costPerAttemptUsd: figureOf(cost, costRange, 6),
    costBasis: 'estimated',
    pricesAsOf: at,
    successPercent: success
      ? figureOf(success.value * 100, { low: success.low * 100, high: success.high * 100 }, 2)
      : null,
    costPerSolvedTaskUsd: perSolved === null ? null : figureOf(perSolved, perSolvedRange, 6),
    solvedTasksPer100Usd:
      perSolved === null || perSolvedRange === null
        ? null
        : figureOf(100 / perSolved, { low: 100 / perSolvedRange.high, high: 100 / perSolvedRange.low }, 2),
    successFrom: success?.from ?? null,
    reason: perSolved === null ? NO_SUCCESS_REASON[kind] : null,
  };
}

function kindModels(
  configsByModel: ReadonlyMap<string, TaskConfiguration[]>,
  scoredIds: ReadonlySet<string>,
  tools: ReadonlyMap<string, PricedModel>,
  at: string,
): Map<TaskKind, { model: KindModel | null; measured: number; coverage: number | null }> {
  const out = new Map<TaskKind, { model: KindModel | null; measured: number; coverage: number | null }>();
  for (const kind of TASK_KINDS) {
    const logRatios = new Map<string, number>();
    let minLogWidth = 0;
    for (const [toolId, configs] of configsByModel) {
      const chosen = scoredIds.has(toolId) ? representative(configs, kind) : null;
      const blended = blendedInForce(tools.get(toolId)!, at);
      if (!chosen || !(blended > 0) || !(chosen.costPerAttemptUsd!.value > 0)) continue;
      logRatios.set(toolId, Math.log(chosen.costPerAttemptUsd!.value / blended));
      const interval = chosen.costPerSolvedTaskUsd?.interval;
      if (interval && interval.low > 0) minLogWidth = Math.max(minLogWidth, Math.log(interval.high / interval.low));
    }
    const values = [...logRatios.values()];
    const enough = values.length >= MIN_ESTIMATE_EVIDENCE;
    out.set(kind, {
      model: enough ? { logRatios, errors: looErrors(values), minLogWidth } : null,
      measured: values.length,
      coverage: enough ? heldOutCoverage(values, minLogWidth) : null,
    });
  }
  return out;
}

function configurationWords(c: TaskConfiguration): string {
  return [c.benchmark, c.harness, c.reasoningEffort ?? 'effort not stated', c.mode].filter(Boolean).join(', ');
}

function medianSpeed(endpoints: readonly EndpointSpeed[]): number | null {
  const speeds = endpoints.flatMap((e) => (e.outputTokensPerSecond === null ? [] : [e.outputTokensPerSecond]));
  return speeds.length === 0 ? null : roundTo(median(speeds), 1);
}

function headlineOf(
  configs: readonly TaskConfiguration[],
  estimates: readonly TaskEstimate[],
  kindOrder: readonly TaskKind[],
  speed: number | null,
): TaskCostHeadline | null {
  const measured = [...configs].sort(byHeadlineRule);
  const withCost = measured.find((c) => c.costPerAttemptUsd !== null);
  const pick = (c: TaskConfiguration): TaskCostHeadline => ({
    taskKind: c.taskKind,
    evidence: 'measured',
    configurationId: c.id,
    configuration: configurationWords(c),
    costPerAttemptUsd: c.costPerAttemptUsd,
    costPerSolvedTaskUsd: c.costPerSolvedTaskUsd,
    solvedTasksPer100Usd: c.solvedTasksPer100Usd,
    secondsPerTask: c.secondsPerTask,
    outputTokensPerSecond: speed,
    pricesAsOf: c.pricesAsOf,
  });
  if (withCost) return pick(withCost);
  const estimate = kindOrder
    .map((kind) => estimates.find((e) => e.taskKind === kind && e.costPerAttemptUsd !== null))
    .find((e) => e !== undefined);
  if (estimate)
    return {
      taskKind: estimate.taskKind,
      evidence: 'estimated',
      configurationId: null,
      configuration: `estimate for ${estimate.taskKind} tasks (taskCostMethod.estimateModel)`,
      costPerAttemptUsd: estimate.costPerAttemptUsd,
      costPerSolvedTaskUsd: estimate.costPerSolvedTaskUsd,
      solvedTasksPer100Usd: estimate.solvedTasksPer100Usd,
      secondsPerTask: null,
      outputTokensPerSecond: speed,
      pricesAsOf: estimate.pricesAsOf,
    };
  return measured[0] ? pick(measured[0]) : null;
}

/** taskCost of every scored model and taskCostMethod, from the curated runs. */
export function deriveTaskCosts(input: TaskCostInput): TaskCostOutput {
  const tools = new Map(input.tools.map((t) => [t.id, t]));
  const scoredIds = new Set(input.models.map((m) => m.modelId));
  const runsByTool = new Map(input.runs.map((r) => [r.toolId, r]));
  const configsByModel = new Map(
    input.runs.map((r) => [r.toolId, configurationsOf(r.runs, tools.get(r.toolId)!, input.at)] as const),
  );
  const kinds = kindModels(configsByModel, scoredIds, tools, input.at);
  const kindOrder = [...TASK_KINDS].sort((a, b) => kinds.get(b)!.measured - kinds.get(a)!.measured || (a < b ? -1 : 1));
  const estimatedCount = new Map<TaskKind, number>(TASK_KINDS.map((k) => [k, 0]));
  const byModel = new Map<string, TaskCost>();
  for (const model of input.models) {
    const tool = tools.get(model.modelId)!;
    const configs = configsByModel.get(model.modelId) ?? [];
    const estimates = TASK_KINDS.filter((kind) => representative(configs, kind) === null).map((kind) =>
      estimateFor(kind, tool, model, kinds.get(kind)!.model, input.at),
    );
    for (const e of estimates)
      if (e.costPerAttemptUsd !== null) estimatedCount.set(e.taskKind, estimatedCount.get(e.taskKind)! + 1);
    const endpoints = runsByTool.get(model.modelId)?.endpoints ?? [];
    const headline = headlineOf(configs, estimates, kindOrder, medianSpeed(endpoints));
    byModel.set(model.modelId, {
      headline,
      // Without a headline every estimate says why it has no figure (too little evidence, free at list price).
      reason: headline
        ? null
        : `no published run; ${[...new Set(estimates.map((e) => `${e.taskKind}: ${e.reason}`))].join('; ')}`,
      configurations: configs,
      estimates,
      endpoints: endpoints.map((e) => ({ ...e, source: { ...e.source } })),
    });
  }
  return {
    byModel,
    method: {
      pricesAt: input.at,
      headlineRule: HEADLINE_RULE,
      estimateModel: ESTIMATE_MODEL,
      kinds: TASK_KINDS.map((kind) => {
        const k = kinds.get(kind)!;
        return {
          taskKind: kind,
          measuredModels: k.measured,
          estimatedModels: estimatedCount.get(kind)!,
          heldOut: k.model
            ? {
                n: k.measured,
                coverage: k.coverage === null ? null : roundTo(k.coverage, 4),
                target: { ...ESTIMATE_COVERAGE_TARGET },
              }
            : null,
          reason: k.model
            ? null
            : `${k.measured} scored models have a measured ${kind} cost; an estimate needs at least ${MIN_ESTIMATE_EVIDENCE}`,
        };
      }),
    },
  };
}

/** A model's figures for one task kind, as a use case charges them: what its picks show beside the scenario cost. */
export interface KindFigures {
  evidence: 'measured' | 'estimated';
  configurationId: string | null;
  tokensPerTask: TaskConfiguration['tokensPerTask'];
  costPerAttemptUsd: TaskFigure | null;
  costPerSolvedTaskUsd: TaskFigure | null;
  secondsPerTask: TaskFigure | null;
}

/** Its measured configuration of the kind by HEADLINE_RULE (one with a cost first), else its estimate; null without either. */
export function kindFigures(taskCost: TaskCost | undefined, kind: TaskKind): KindFigures | null {
  if (!taskCost) return null;
  const configs = taskCost.configurations.filter((c) => c.taskKind === kind).sort(byHeadlineRule);
  const config = configs.find((c) => c.costPerAttemptUsd !== null);
  const estimate = taskCost.estimates.find((e) => e.taskKind === kind && e.costPerAttemptUsd !== null);
  const measured = config ?? (estimate ? undefined : configs[0]);
  if (measured)
    return {
      evidence: 'measured',
      configurationId: measured.id,
      tokensPerTask: measured.tokensPerTask,
      costPerAttemptUsd: measured.costPerAttemptUsd,
      costPerSolvedTaskUsd: measured.costPerSolvedTaskUsd,
      secondsPerTask: measured.secondsPerTask,
    };
  if (!estimate) return null;
  return {
    evidence: 'estimated',
    configurationId: null,
    tokensPerTask: null,
    costPerAttemptUsd: estimate.costPerAttemptUsd,
    costPerSolvedTaskUsd: estimate.costPerSolvedTaskUsd,
    secondsPerTask: null,
  };
}
