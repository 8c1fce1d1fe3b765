/**
 * recommend_models: a use case's own top picks when nothing else is asked, else models ranked
 * for a workload under constraints by the client's ranking and the cost engine.
 */
import {
  type BenchmarkModel,
  type DirectoryClient,
  DirectoryError,
  type RankBy,
  rankTools,
  platformById,
  type ToolFilter,
  type TaskKind,
  type TaskQuery,
  type UseCase,
  filterTools,
  impliedRanking,
  rankByTask,
  taskBillingOn,
  TASK_RANK_WORDS,
} from '../../packages/client/src/index.ts';
import { useCaseHeading } from '../../packages/client/src/query.ts';
import { type Core, dataSource, type Directory, loadCore, scoresById, summary } from './answers.ts';
import type { RecommendInput } from './inputs.ts';

/** recommend_models: a use case's own top picks when nothing else is asked, else models ranked under the constraints. */
export async function recommendModels(directory: Directory, input: RecommendInput) {
  const data = await loadCore(directory.client);
  const useCase = await useCaseNamed(directory.client, input.useCase);
  const scores = scoresById(data.benchmarks);
  if (useCase && !constrained(input)) return useCasePicks(directory, data, useCase, scores, input.limit);
  // A use case that ranks by cost per solved task keeps that ranking under constraints unless the call names another.
  if (input.rankBy === undefined && useCase?.sortBy === 'solvedTaskCostAsc')
    input = { ...input, rankBy: 'solvedTaskCost' };
  const taskQuery = taskQueryOf(input, useCase);
  if (taskQuery && input.rankBy !== undefined && input.rankBy in TASK_RANKINGS)
    return rankedByTask(directory, data, input, useCase, scores, taskQuery);
  return rankedUnderConstraints(directory, data, input, useCase, scores, taskQuery);
}

/**
 * The per-task query the call asks for (a task ranking, a kind, a budget per task or per month, a time limit), or
 * null. The kind defaults to the use case's; a month's budget needs its number of tasks and the other way round.
 */
function taskQueryOf(input: RecommendInput, useCase: UseCase | undefined): TaskQuery | null {
  if ((input.tasksPerMonth === undefined) !== (input.monthlyBudgetUsd === undefined))
    throw new DirectoryError(
      'invalid-input',
      `tasksPerMonth and monthlyBudgetUsd go together (got ${input.tasksPerMonth === undefined ? 'monthlyBudgetUsd' : 'tasksPerMonth'} alone)`,
    );
  const byTask = input.rankBy !== undefined && input.rankBy in TASK_RANKINGS;
  const asked = [
    input.taskKind,
    input.maxUsdPerSolvedTask,
    input.tasksPerMonth,
    input.maxSecondsPerTask,
    input.minOutputTokensPerSecond,
  ].some((v) => v !== undefined);
  if (!byTask && !asked) return null;
  const monthly =
    input.tasksPerMonth !== undefined ? { tasks: input.tasksPerMonth, usd: input.monthlyBudgetUsd! } : undefined;
  const limits = {
    maxSolvedTaskUsd: input.maxUsdPerSolvedTask,
    maxSecondsPerTask: input.maxSecondsPerTask,
    minOutputTokensPerSecond: input.minOutputTokensPerSecond,
    monthly,
  };
  const by = byTask ? TASK_RANKINGS[input.rankBy as keyof typeof TASK_RANKINGS] : impliedRanking(limits);
  return { by, kind: (input.taskKind ?? useCase?.taskKind ?? undefined) as TaskKind | undefined, ...limits };
}

/** The constraints of a call that filter models by their facts (provider, capabilities, context, open weights). */
function toolFilterOf(input: RecommendInput, useCase: UseCase | undefined): ToolFilter {
  return {
    provider: input.provider,
    capability: input.capabilities as ToolFilter['capability'],
    minContext: input.minContextTokens ?? useCase?.filter.minContextTokens ?? undefined,
    category: useCase?.filter.categories ?? undefined,
    minScores: input.minScores,
    measuredOnly: input.measuredOnly,
  };
}

/** The MCP names of the task rankings, and the client's. */
const TASK_RANKINGS = {
  solvedTaskCost: 'solved-task-cost',
  taskSeconds: 'task-seconds',
  outputSpeed: 'output-speed',
} as const;

/** Models ranked by their published cost per solved task, seconds per task or output speed, under the constraints. */
function rankedByTask(
  directory: Directory,
  data: Core,
  input: RecommendInput,
  useCase: UseCase | undefined,
  scores: Map<string, BenchmarkModel>,
  query: TaskQuery,
) {
  const filter = toolFilterOf(input, useCase);
  const openWeights = input.openWeights ?? useCase?.filter.openWeights ?? undefined;
  const platform = input.platform ? platformById(data.platforms, input.platform) : null;
  const offered = platform ? new Set(platform.toolIds) : null;
  const kept = filterTools(data.tools, filter, { benchmarks: data.benchmarks }).filter(
    (t) =>
      t.status !== 'deprecated' &&
      t.status !== 'retired' &&
      (openWeights === undefined || t.openWeights === openWeights) &&
      (!offered || offered.has(t.id)),
  );
  const byId = new Map(kept.map((t) => [t.id, t]));
  // On a platform, each model's figures as it bills them (cost rule 9; no dollar figure where it bills per request).
  const billing = platform ? taskBillingOn(platform, data.tools) : undefined;
  const ranked = rankByTask(data.benchmarks, { ...query, billing, only: new Set(byId.keys()) });
  return {
    useCase: useCase ? { id: useCase.id, title: useCase.title } : null,
    rankBy: input.rankBy,
    taskKind: query.kind ?? null,
    constraints: taskConstraints(query, input, filter, openWeights),
    count: ranked.length,
    results: ranked.slice(0, input.limit).map((r) => ({
      rank: r.rank,
      taskCost: { ...r.figures, monthlyUsd: r.monthlyUsd },
      evidence: scores.get(r.figures.modelId)?.evidence ?? null,
      provisional: scores.get(r.figures.modelId)?.provisional ?? null,
      ...summary(byId.get(r.figures.modelId)!, scores.get(r.figures.modelId), data),
    })),
    method: taskMethod(query),
    dataSource: dataSource(directory, data.lastUpdated, [
      'tools.json',
      'benchmarks.json',
      ...(input.platform ? ['platforms.json'] : []),
      ...(useCase ? ['use-cases.json'] : []),
    ]),
  };
}

function taskConstraints(query: TaskQuery, input: RecommendInput, filter: ToolFilter, openWeights?: boolean | null) {
  return {
    maxUsdPerSolvedTask: query.maxSolvedTaskUsd ?? null,
    tasksPerMonth: query.monthly?.tasks ?? null,
    monthlyBudgetUsd: query.monthly?.usd ?? null,
    maxSecondsPerTask: query.maxSecondsPerTask ?? null,
    minOutputTokensPerSecond: query.minOutputTokensPerSecond ?? null,
    minContextTokens: filter.minContext ?? null,
    openWeights: openWeights ?? null,
    platform: input.platform ?? null,
    capabilities: input.capabilities ?? [],
    provider: input.provider ?? null,
    minScores: input.minScores ?? null,
    measuredOnly: input.measuredOnly,
  };
}

const taskMethod = (query: TaskQuery) =>
  `Per-task figures as benchmarks.json publishes them (models[].taskCost, at the prices in force on its build date): ${query.kind ? `for ${query.kind} tasks, each model's measured configuration of that kind, else its estimate` : "each model's headline configuration (kinds of task differ between models)"}; each with its 80% interval and whether it is measured (its own published runs) or estimated (taskCostMethod.estimateModel). Ranked by ${TASK_RANK_WORDS[query.by]}; a limit compares the published value, and a model without the figure ranked or limited by is left out (unknown is not within a limit). A month of N tasks costs N x cost per solved task. Deprecated and retired models left out.`;

/** The use case named by id or slug (any case), or undefined when none is named; an unknown one is refused. */
async function useCaseNamed(client: DirectoryClient, name: string | undefined): Promise<UseCase | undefined> {
  const { useCases } = name ? await client.getUseCases() : { useCases: [] };
  const useCase = name ? useCases.find((u) => u.id === name.toLowerCase() || u.slug === name.toLowerCase()) : undefined;
  if (name && !useCase)
    throw new DirectoryError('not-found', `unknown use case "${name}"; known: ${useCases.map((u) => u.id).join(', ')}`);
  return useCase;
}

/** Whether the call asks for more than a use case's picks: a workload, a constraint or a ranking. */
function constrained(input: RecommendInput): boolean {
  return [
    input.inputTokens,
    input.outputTokens,
    input.requests,
    input.budgetUsd,
    input.minContextTokens,
    input.openWeights,
    input.platform,
    input.capabilities,
    input.provider,
    input.rankBy,
    input.taskKind,
    input.maxUsdPerSolvedTask,
    input.tasksPerMonth,
    input.monthlyBudgetUsd,
    input.maxSecondsPerTask,
    input.minOutputTokensPerSecond,
    input.minScores,
  ].some((v) => v !== undefined);
}

/**
 * The use case's top picks exactly as the build computed them, the first `limit` of them (as in every other mode:
 * `count` says how many there are). Each cost is of the use case's scenario, under the same name as elsewhere.
 */
function useCasePicks(
  directory: Directory,
  data: Core,
  useCase: UseCase,
  scores: Map<string, BenchmarkModel>,
  limit: number,
) {
  return {
    useCase: useCaseHeading(useCase),
    workload: { ...useCase.scenario, requests: 1 },
    count: useCase.topPicks.length,
    results: useCase.topPicks.slice(0, limit).map((id, i) => {
      const tool = data.tools.find((t) => t.id === id)!;
      const cost = useCase.topPickCosts.find((c) => c.toolId === id);
      const evidence = useCase.topPickEvidence.find((e) => e.toolId === id);
      return {
        rank: i + 1,
        costUsd: cost?.scenarioCostUsd ?? null,
        // The scenario cost is at the prices in force on the data's date: a promotion running then counts.
        promotionUntil: cost?.promotionUntil ?? null,
        // What the values this pick is ranked by rest on, and why it is there without an independent measurement.
        evidence: evidence?.evidence ?? null,
        provisional: evidence?.provisional ?? null,
        ...summary(tool, scores.get(id), data),
      };
    }),
    method:
      "The use case's top picks as computed by the directory build (filter, then sortBy; ties by scenario cost, then id).",
    dataSource: dataSource(directory, data.lastUpdated, ['use-cases.json', 'tools.json', 'benchmarks.json']),
  };
}

/** The ranking a use case's sortBy implies when the call names none: score or value; any other sortBy ranks by cost. */
const RANK_OF_SORT_BY: Record<string, RankBy> = { scoreDesc: 'score', valueDesc: 'value' };

/** Models ranked for the workload (the use case's scenario by default) under the constraints, now. */
function rankedUnderConstraints(
  directory: Directory,
  data: Core,
  input: RecommendInput,
  useCase: UseCase | undefined,
  scores: Map<string, BenchmarkModel>,
  taskQuery: TaskQuery | null,
) {
  const by: RankBy =
    (input.rankBy as RankBy | undefined) ?? (useCase ? (RANK_OF_SORT_BY[useCase.sortBy] ?? 'cost') : 'value');
  const usage = {
    input: input.inputTokens ?? useCase?.scenario.inputTokens ?? 100_000,
    output: input.outputTokens ?? useCase?.scenario.outputTokens ?? 10_000,
    cacheRead: input.cacheReadTokens,
  };
  const filter = toolFilterOf(input, useCase);
  const platform = input.platform ? platformById(data.platforms, input.platform) : undefined;
  const at = new Date().toISOString();
  const all = rankTools(data.tools, usage, {
    by,
    at,
    benchmarks: data.benchmarks,
    platform,
    filter,
    requests: input.requests,
    unfit: 'flag',
  });
  // A model one request of the workload does not fit is never recommended; the answer names them.
  const unfit = all.filter((r) => !r.cost.fits).map((r) => r.tool.id);
  let ranked = all.filter((r) => r.cost.fits);
  const openWeights = input.openWeights ?? useCase?.filter.openWeights ?? undefined;
  if (openWeights !== undefined) ranked = ranked.filter((r) => r.tool.openWeights === openWeights);
  if (input.budgetUsd !== undefined) ranked = ranked.filter((r) => r.usd !== null && r.usd <= input.budgetUsd!);
  // A per-task limit keeps the models whose published figure is within it; each row then carries those figures.
  const task = taskQuery ? new Map(rankByTask(data.benchmarks, taskQuery).map((r) => [r.figures.modelId, r])) : null;
  if (task) ranked = ranked.filter((r) => task.has(r.tool.id));
  return {
    useCase: useCase ? { id: useCase.id, title: useCase.title } : null,
    workload: { ...usage, requests: input.requests ?? 1 },
    at,
    rankBy: by,
    constraints: {
      budgetUsd: input.budgetUsd ?? null,
      minContextTokens: filter.minContext ?? null,
      openWeights: openWeights ?? null,
      platform: platform?.id ?? null,
      capabilities: input.capabilities ?? [],
      provider: input.provider ?? null,
      minScores: input.minScores ?? null,
      measuredOnly: input.measuredOnly,
    },
    count: ranked.length,
    leftOutForLimits: unfit,
    results: ranked.slice(0, input.limit).map((r, i) => ({
      rank: i + 1,
      costUsd: r.usd,
      costKind: r.cost.kind,
      scorePerDollar: r.value,
      evidence: scores.get(r.tool.id)?.evidence ?? null,
      provisional: scores.get(r.tool.id)?.provisional ?? null,
      ...(task ? { taskCost: { ...task.get(r.tool.id)!.figures, monthlyUsd: task.get(r.tool.id)!.monthlyUsd } } : {}),
      ...summary(r.tool, scores.get(r.tool.id), data),
    })),
    ...(taskQuery
      ? { taskConstraints: taskConstraints(taskQuery, input, filter), taskMethod: taskMethod(taskQuery) }
      : {}),
    method: `Deprecated and retired models left out, and models whose context window or output limit one request exceeds (leftOutForLimits); cost of all the requests by the directory's cost engine at ${at}; ranked by ${by === 'value' ? 'overallScore per dollar of the workload' : by}.`,
    dataSource: dataSource(directory, data.lastUpdated, [
      'tools.json',
      'benchmarks.json',
      'platforms.json',
      ...(useCase ? ['use-cases.json'] : []),
    ]),
  };
}
