/**
 * `top <use-case>`: a use case's top picks as the build computed them, with their scenario cost (by the cost engine,
 * on the data's date, as use-cases.json prices it) and their cost per solved task; `--by solved-task-cost|
 * task-seconds` and the per-task limits re-rank and filter those picks; `--limit` shows the first n of them.
 */
import { scenarioCostOf } from '../../../../../src/cost/index.ts';
import { notFound } from '../../query.ts';
import { rankByTask, type TaskKind, taskFiguresOf } from '../../task-cost.ts';
import type { UseCase } from '../../types.generated.ts';
import { positiveInteger, rankByOf, taskQueryOf } from '../arguments.ts';
import { print, printJson, printTop, type TopPick, taskLine, topJson, topTaskTable, weightedCount } from '../output.ts';
import { expectArgs, type Invocation, scoresById } from './invocation.ts';

export async function topCommand(invocation: Invocation): Promise<number> {
  const { values, client, args } = invocation;
  expectArgs(invocation, 1, 'a use case, e.g. `top ai-code-review`');
  const by = values.by === undefined ? null : rankByOf(values);
  const taskQuery = taskQueryOf(values, by ?? 'cost');
  const limit = positiveInteger(values.limit, '--limit');
  const [{ useCases, lastUpdated }, { tools }, benchmarks] = await Promise.all([
    client.getUseCases(),
    client.getTools(),
    client.getBenchmarks(),
  ]);
  const useCase = findUseCase(useCases, args[0]!);
  const scores = scoresById(benchmarks);
  // The use case's own kind of task unless another is asked for; a use case without one shows each headline.
  const kind: TaskKind | undefined = taskQuery?.kind ?? useCase.taskKind ?? undefined;
  // The build prices the scenario on the data's day; the same engine call here gives the same cost.
  const pricesAt = lastUpdated.slice(0, 10);
  let picks: TopPick[] = useCase.topPicks.map((id, i) => {
    const evidence = useCase.topPickEvidence.find((e) => e.toolId === id);
    const tool = tools.find((t) => t.id === id)!;
    const cost = scenarioCostOf(tool, useCase.scenario, pricesAt);
    return {
      rank: i + 1,
      tool,
      cost,
      promotionUntil: cost.modifier?.kind === 'promotion' ? cost.modifier.until : null,
      benchmark: scores.get(id),
      evidence: evidence?.evidence ?? null,
      provisional: evidence?.provisional ?? null,
    };
  });
  if (taskQuery) {
    const order = rankByTask(benchmarks.benchmarks.models, {
      ...taskQuery,
      kind,
      only: new Set(useCase.topPicks),
    });
    picks = order.map((r) => ({ ...picks.find((p) => p.tool.id === r.figures.modelId)!, rank: r.rank }));
  }
  const figuresOf = (p: TopPick) => (p.benchmark ? taskFiguresOf(p.benchmark, kind) : null);
  // How many picks match (after a per-task ranking's limits) before --limit, as `count` is in every mode.
  const count = picks.length;
  const shown = limit === undefined ? picks : picks.slice(0, limit);
  if (values.json) {
    const json = topJson(useCase, shown, pricesAt);
    printJson({
      ...json,
      count,
      taskKind: kind ?? null,
      rankedBy: taskQuery ? taskQuery.by : useCase.sortBy,
      results: json.results.map((p, i) => ({ ...p, taskCost: figuresOf(shown[i]!) })),
    });
    return 0;
  }
  printTop(useCase, shown, weightedCount(benchmarks));
  if (shown.length < count) print(`${shown.length} shown of ${count} picks; --limit ${limit}`);
  if (taskQuery)
    print(`picks re-ranked: ${taskLine({ ...taskQuery, kind }, benchmarks.benchmarks.taskCostMethod.pricesAt)}`);
  print(`\nPer ${kind ? `${kind} task` : 'task (each model’s headline configuration)'}:`);
  print(topTaskTable(shown, figuresOf));
  if (taskQuery && count < useCase.topPicks.length)
    print(
      `${useCase.topPicks.length - count} of ${useCase.topPicks.length} picks left out: no published figure within the ranking or limits (\`show <id>\` says why)`,
    );
  return 0;
}

/** A use case by id, slug or keyword (any case); unknown ones are refused with close ids suggested. */
function findUseCase(useCases: UseCase[], text: string): UseCase {
  const query = text.toLowerCase();
  const useCase = useCases.find((u) => u.id === query || u.slug === query || u.keyword.toLowerCase() === query);
  if (!useCase) throw notFound('use case', text, useCases);
  return useCase;
}
