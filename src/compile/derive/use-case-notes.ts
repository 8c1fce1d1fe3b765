/**
 * The words of a use case's ranking: what the order uses (topPickEvidence.rankedBy), the metric in
 * prose, and pickNotes on adjacent picks the data cannot separate.
 */
import type { ScoreComponent, UseCaseFile } from '../../schema/source.ts';
import { type Candidate, SCORE_BASED } from './use-case-candidates.ts';

export const COMPONENT_NAMES: Record<ScoreComponent, string> = {
  sweBench: 'SWE-bench Verified',
  liveCodeBench: 'LiveCodeBench',
  humanEval: 'HumanEval',
  bigCodeBench: 'BigCodeBench',
  sweBenchPro: 'SWE-bench Pro',
  terminalBench: 'Terminal-Bench',
};

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
    case 'solvedTaskCostAsc':
      return `costPerSolvedTaskUsd (${useCase.taskKind})`;
  }
}

/** The metric in words, for generated prose. */
export function metricLabel(useCase: UseCaseFile): string {
  if (useCase.sortBy === 'scoreDesc') return 'overall score';
  if (useCase.sortBy === 'valueDesc') return 'overall score per scenario dollar';
  if (useCase.sortBy === 'solvedTaskCostAsc') return `cost per solved ${useCase.taskKind} task`;
  const names = (useCase.evidence?.components ?? []).map((c) => COMPONENT_NAMES[c]);
  return names.length === 1 ? names[0]! : `the mean of ${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

function formatMetric(useCase: UseCaseFile, value: number): string {
  if (value === Infinity) return 'unbounded (free)';
  if (useCase.sortBy === 'solvedTaskCostAsc') return `$${value.toFixed(value < 1 ? 4 : 2)}`;
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

/** Adjacent picks the data cannot separate: overlapping 80% intervals, or equal values (either order of ranking). */
function indistinguishable(a: Candidate, b: Candidate): boolean {
  const va = a.rank.value!;
  const vb = b.rank.value!;
  if (va === vb) return true;
  const low = Math.max(a.rank.interval?.low ?? va, b.rank.interval?.low ?? vb);
  const high = Math.min(a.rank.interval?.high ?? va, b.rank.interval?.high ?? vb);
  return low <= high;
}

/**
 * Notes on runs of adjacent picks that cannot be told apart, generated from the data: the values and
 * intervals come from benchmarks.json, never from prose.
 */
export function pickNotes(useCase: UseCaseFile, picks: readonly Candidate[]): string[] {
  if ((!SCORE_BASED.has(useCase.sortBy) && useCase.sortBy !== 'solvedTaskCostAsc') || picks.length < 2) return [];
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
