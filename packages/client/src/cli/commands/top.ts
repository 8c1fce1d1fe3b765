/** `top <use-case>`: a use case's top picks as the build computed them, with their scenario cost. */
import { notFound } from '../../query.ts';
import type { UseCase } from '../../types.generated.ts';
import { printJson, printTop, type TopPick, topJson, weightedCount } from '../output.ts';
import { expectArgs, type Invocation, scoresById } from './invocation.ts';

export async function topCommand(invocation: Invocation): Promise<number> {
  const { values, client, args } = invocation;
  expectArgs(invocation, 1, 'a use case, e.g. `top ai-code-review`');
  const [{ useCases }, { tools }, benchmarks] = await Promise.all([
    client.getUseCases(),
    client.getTools(),
    client.getBenchmarks(),
  ]);
  const useCase = findUseCase(useCases, args[0]!);
  const scores = scoresById(benchmarks);
  const picks: TopPick[] = useCase.topPicks.map((id, i) => {
    const cost = useCase.topPickCosts.find((c) => c.toolId === id);
    const evidence = useCase.topPickEvidence.find((e) => e.toolId === id);
    return {
      rank: i + 1,
      tool: tools.find((t) => t.id === id)!,
      scenarioCostUsd: cost?.scenarioCostUsd ?? null,
      promotionUntil: cost?.promotionUntil ?? null,
      benchmark: scores.get(id),
      evidence: evidence?.evidence ?? null,
      provisional: evidence?.provisional ?? null,
    };
  });
  if (values.json) {
    printJson(topJson(useCase, picks));
    return 0;
  }
  printTop(useCase, picks, weightedCount(benchmarks));
  return 0;
}

/** A use case by id, slug or keyword (any case); unknown ones are refused with close ids suggested. */
function findUseCase(useCases: UseCase[], text: string): UseCase {
  const query = text.toLowerCase();
  const useCase = useCases.find((u) => u.id === query || u.slug === query || u.keyword.toLowerCase() === query);
  if (!useCase) throw notFound('use case', text, useCases);
  return useCase;
}
