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
  TASK_KINDS,
  figureWords,
} from '../../../packages/client/src/index.ts';
import { useCaseHeading } from '../../../packages/client/src/query.ts';
import { z } from 'zod';
import { type Core, dataSource, type Directory, loadCore, scoresById, summary } from '../answers.ts';
import { capability, MEASURED_ONLY, MIN_SCORES, tokens } from '../inputs.ts';
import { DATA_SOURCE, usd } from '../outputs.ts';
import { defineTool, type InputOf } from '../tool.ts';

const INPUT = {
  useCase: z
    .string()
    .min(1)
    .optional()
    .describe('Use case id, e.g. "ai-code-review"; its scenario is the default workload.'),
  inputTokens: tokens('Input tokens of the workload (default: the use case scenario, else 100000).').optional(),
  outputTokens: tokens('Output tokens of the workload (default: the use case scenario, else 10000).').optional(),
  cacheReadTokens: tokens('Prompt tokens read from the cache.').default(0),
  requests: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe(
      'How many requests of these token counts (per request); default 1. Models one request does not fit are left out.',
    ),
  budgetUsd: z.number().min(0).optional().describe('Maximum cost of the workload (all its requests) in USD.'),
  minContextTokens: tokens('Minimum context window in tokens.').optional(),
  openWeights: z.boolean().optional().describe('Only models with published weights.'),
  platform: z.string().min(1).optional().describe('Only models offered on this platform, priced as it bills them.'),
  capabilities: z.array(capability).optional().describe('Capabilities the model must have.'),
  provider: z.string().min(1).optional().describe('Only this provider.'),
  rankBy: z
    .enum(['cost', 'score', 'value', 'solvedTaskCost', 'taskSeconds', 'outputSpeed'])
    .optional()
    .describe(
      "Ranking (default: the use case's, else value). `solvedTaskCost`: the published cost per solved task of taskKind, ascending; `taskSeconds`: seconds per task, ascending; `outputSpeed`: output tokens per second (median over published endpoints), fastest first (benchmarks.json models[].taskCost; no token workload is priced).",
    ),
  taskKind: z
    .enum(TASK_KINDS as unknown as [string, ...string[]])
    .optional()
    .describe("Kind of task for the per-task figures (default: the use case's taskKind, else each model's headline)."),
  maxUsdPerSolvedTask: z.number().min(0).optional().describe('Most USD per solved task (the published value).'),
  tasksPerMonth: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe('Solved tasks a month, with monthlyBudgetUsd: the budget per solved task is their quotient.'),
  monthlyBudgetUsd: z.number().min(0).optional().describe('Most USD a month for tasksPerMonth solved tasks.'),
  maxSecondsPerTask: z.number().min(0).optional().describe('Most wall-clock seconds per task (the published value).'),
  minScores: MIN_SCORES,
  measuredOnly: MEASURED_ONLY,
  minOutputTokensPerSecond: z
    .number()
    .min(0)
    .optional()
    .describe('Fewest output tokens per second (the published median over the endpoints a source measured).'),
  limit: z.number().int().min(1).max(50).default(5),
};

type RecommendInput = InputOf<typeof INPUT>;

const OUTPUT = z.looseObject({
  count: z.number().int().describe('Models that pass, before limit; results holds the first limit of them.'),
  results: z.array(
    z.looseObject({
      rank: z.number().int(),
      id: z.string(),
      name: z.string(),
      costUsd: usd
        .optional()
        .describe('Cost of the workload (the use case scenario when none is given), USD; absent when ranked per task.'),
      evidence: z
        .enum(['independent-measured', 'developer-reported', 'estimated'])
        .nullable()
        .describe('What the benchmark values the model is ranked by rest on; null when it is not ranked by one.'),
      provisional: z
        .string()
        .nullable()
        .describe('Why its place rests on no independent measurement; null when it rests on one.'),
    }),
  ),
  dataSource: DATA_SOURCE,
});

/** recommend_models: a use case's own top picks when nothing else is asked, else models ranked under the constraints. */
async function recommendModels(directory: Directory, input: RecommendInput) {
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

type RecommendAnswer = Awaited<ReturnType<typeof recommendModels>>;
type TaskFigures = Extract<RecommendAnswer['results'][number], { taskCost: unknown }>['taskCost'];

const summarizeRecommend = (v: RecommendAnswer): string =>
  v.results.length === 0
    ? 'No model fits these constraints.'
    : `${v.results.length} model${v.results.length === 1 ? '' : 's'}, best first: ${withEvidence(v.results)}. Costs, scores, evidence and sources in structuredContent.`;

/** Each id with what its rank rests on, so a text-only reader sees a provisional pick as one. */
const withEvidence = (rows: RecommendAnswer['results']) =>
  rows
    .map(
      // The first few rows' per-task figures in words; the summary stays short, structuredContent has every row's.
      (r, i) =>
        `${r.evidence ? `${r.id} (${r.evidence}${r.provisional ? ', provisional' : ''})` : r.id}${'taskCost' in r && r.taskCost && i < 3 ? ` ${taskWords(r.taskCost)}` : ''}`,
    )
    .join(', ');

/** A row's per-task figures in words: cost per solved task and seconds, each with its interval and evidence. */
const taskWords = (t: TaskFigures) =>
  `[${t.taskKind}: ${figureWords(t.costPerSolvedTaskUsd, t.evidence, 'usd')} per solved task, ${figureWords(t.secondsPerTask, t.evidence, 'seconds')} per task]`;

export const recommendModelsTool = defineTool({
  name: 'recommend_models',
  title: 'Recommend models for a use case or constraints',
  description:
    'Models ranked for a use case (its computed top picks) or for a workload under constraints: budget for the workload, minimum context, open weights, platform, capabilities, provider. Ranks by cost, score or value (score per dollar); says which scores are estimated.',
  input: INPUT,
  output: OUTPUT,
  run: recommendModels,
  summary: summarizeRecommend,
});
