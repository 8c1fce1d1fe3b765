/**
 * Task rankings on live evidence. A use case ranked by named benchmarks (taskScoreDesc) uses only
 * those whose reference series is alive, i.e. carries weight in overallScore (benchmark-liveness.ts).
 * A series that stopped publishing measured none of the newer models: their values on it are
 * estimates capped at its best measured value, so ranking by it would freeze the picks at the
 * models it measured before it stopped. When every benchmark a use case names has stopped, it
 * ranks by overallScore, which weighs the live series only, and a pick needs a measured result in
 * one of them. The rule follows the liveness the build derives, so it needs no hand edit when a
 * series stops or comes back.
 */
import type { UseCaseFile } from '../../schema/source.ts';

/** The use case as ranked today; `live` maps each live aggregate component to its reference series. */
export function onLiveEvidence(useCase: UseCaseFile, live: ReadonlyMap<string, string> | undefined): UseCaseFile {
  const named = useCase.evidence?.components;
  if (!live || useCase.sortBy !== 'taskScoreDesc' || !useCase.evidence || !named) return useCase;
  const alive = named.filter((c) => live.has(c));
  if (alive.length === named.length) return useCase;
  if (alive.length > 0) return { ...useCase, evidence: { ...useCase.evidence, components: alive } };
  const { components: _dead, ...evidence } = useCase.evidence;
  return { ...useCase, sortBy: 'scoreDesc', evidence: { ...evidence, measuredIn: [...new Set(live.values())].sort() } };
}
