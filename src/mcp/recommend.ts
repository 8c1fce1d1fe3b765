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
  type UseCase,
} from '../../packages/client/src/index.ts';
import { useCaseHeading } from '../../packages/client/src/query.ts';
import { type Core, dataSource, type Directory, loadCore, scoresById, summary } from './answers.ts';
import type { RecommendInput } from './inputs.ts';

/** recommend_models: a use case's own top picks when nothing else is asked, else models ranked under the constraints. */
export async function recommendModels(directory: Directory, input: RecommendInput) {
  const data = await loadCore(directory.client);
  const useCase = await useCaseNamed(directory.client, input.useCase);
  const scores = scoresById(data.benchmarks);
  if (useCase && !constrained(input)) return useCasePicks(directory, data, useCase, scores);
  return rankedUnderConstraints(directory, data, input, useCase, scores);
}

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
  ].some((v) => v !== undefined);
}

/** The use case's top picks exactly as the build computed them. */
function useCasePicks(directory: Directory, data: Core, useCase: UseCase, scores: Map<string, BenchmarkModel>) {
  return {
    useCase: useCaseHeading(useCase),
    results: useCase.topPicks.map((id, i) => {
      const tool = data.tools.find((t) => t.id === id)!;
      const cost = useCase.topPickCosts.find((c) => c.toolId === id);
      const evidence = useCase.topPickEvidence.find((e) => e.toolId === id);
      return {
        rank: i + 1,
        scenarioCostUsd: cost?.scenarioCostUsd ?? null,
        // The scenario cost is at the prices in force on the data's date: a promotion running then counts.
        promotionUntil: cost?.promotionUntil ?? null,
        // What the values this pick is ranked by rest on, and why it is there without an independent measurement.
        evidence: evidence?.evidence ?? null,
        provisional: evidence?.provisional ?? null,
        ...summary(tool, scores.get(id), data.lastUpdated),
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
) {
  const by: RankBy = input.rankBy ?? (useCase ? (RANK_OF_SORT_BY[useCase.sortBy] ?? 'cost') : 'value');
  const usage = {
    input: input.inputTokens ?? useCase?.scenario.inputTokens ?? 100_000,
    output: input.outputTokens ?? useCase?.scenario.outputTokens ?? 10_000,
    cacheRead: input.cacheReadTokens,
  };
  const filter: ToolFilter = {
    provider: input.provider,
    capability: input.capabilities as ToolFilter['capability'],
    minContext: input.minContextTokens ?? useCase?.filter.minContextTokens ?? undefined,
    category: useCase?.filter.categories ?? undefined,
  };
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
      ...summary(r.tool, scores.get(r.tool.id), data.lastUpdated),
    })),
    method: `Deprecated and retired models left out, and models whose context window or output limit one request exceeds (leftOutForLimits); cost of all the requests by the directory's cost engine at ${at}; ranked by ${by === 'value' ? 'overallScore per dollar of the workload' : by}.`,
    dataSource: dataSource(directory, data.lastUpdated, [
      'tools.json',
      'benchmarks.json',
      'platforms.json',
      ...(useCase ? ['use-cases.json'] : []),
    ]),
  };
}
