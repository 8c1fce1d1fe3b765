/**
 * use-cases.json: topPicks computed from sortBy, scenario, filter and evidence, and prose
 * placeholders resolved from the data so intros and FAQ answers stay true after every refresh.
 *
 * A pick must be callable (not retired or deprecated; preview only when the filter allows it), fit
 * its scenario with headroom (input + output at most CONTEXT_HEADROOM of the context window, output
 * within maxOutputTokens) and, when ranked by a benchmark, have a measured result relevant to the
 * task. Where the data cannot separate adjacent picks, pickNotes says so; where a pick's maker names
 * a callable successor, its topPickEvidence says which and where it is, or why it is not a pick.
 *
 * The parts live beside this file: use-case-candidates.ts (eligibility and order),
 * use-case-notes.ts (what the order uses, in words), use-case-placeholders.ts (prose), successors.ts,
 * use-case-live.ts (a task ranking uses live benchmarks only).
 */
import type { Tool, UseCase } from '../../schema/api.ts';
import type { UseCaseFile } from '../../schema/source.ts';
import { IssueCollector } from '../errors.ts';
import type { Located } from '../load.ts';
import { pickEvidence } from './benchmark-evidence.ts';
import { callableSuccessor, type Supersession, supersessionNote } from './successors.ts';
import {
  type Candidate,
  expandSeries,
  type PickEvidence,
  rankedCandidates,
  requiredContextTokens,
  SCORE_BASED,
  whyNotEligible,
} from './use-case-candidates.ts';
import { onLiveEvidence } from './use-case-live.ts';
import { pickNotes, rankedBy } from './use-case-notes.ts';
import { type RenderContext, renderPlaceholders } from './use-case-placeholders.ts';

export {
  type AutocompleteFacts,
  CONTEXT_HEADROOM,
  eligibleCandidates,
  expandSeries,
  fitsScenario,
  type PickEvidence,
  rankedCandidates,
  rankTopPicks,
  requiredContextTokens,
  whyNotEligible,
} from './use-case-candidates.ts';
export { COMPONENT_NAMES, pickNotes, rankedBy } from './use-case-notes.ts';
export { type RenderContext, renderPlaceholders } from './use-case-placeholders.ts';

function evidenceOf(useCase: UseCaseFile, evidence: PickEvidence): UseCase['evidence'] {
  if (!useCase.evidence || !SCORE_BASED.has(useCase.sortBy)) return null;
  return {
    measuredIn: expandSeries(useCase.evidence.measuredIn, evidence.seriesIds ?? []),
    components: useCase.sortBy === 'taskScoreDesc' ? [...(useCase.evidence.components ?? [])] : null,
    why: useCase.evidence.why,
  };
}

/**
 * Beside each pick whose maker names a callable successor: the successor and where it is, or why
 * it is not a pick (ranked lower, or the first eligibility rule it fails). `ranked`: every eligible
 * candidate in order; the picks are its first topPicksCount.
 */
function pickSupersession(
  useCase: UseCaseFile,
  pick: Candidate,
  ranked: readonly Candidate[],
  context: { toolsById: ReadonlyMap<string, Tool>; evidence: PickEvidence; at?: string },
): Supersession | null {
  const successor = callableSuccessor(pick.tool, context.toolsById);
  if (!successor) return null;
  const count = Math.min(useCase.topPicksCount, ranked.length);
  const index = ranked.findIndex((c) => c.tool.id === successor.id);
  if (index >= 0 && index < count) return supersessionNote(pick.tool, successor, { placed: `pick ${index + 1}` });
  const out =
    index >= 0
      ? `it ranks #${index + 1} of ${ranked.length} eligible tools by ${rankedBy(useCase)}, below the top ${count}`
      : (whyNotEligible(useCase, successor, context.evidence, context.at) ?? 'it is not eligible');
  return supersessionNote(pick.tool, successor, { out });
}

function topPickEvidence(
  useCase: UseCaseFile,
  picks: readonly Candidate[],
  supersessions: readonly (Supersession | null)[],
  models?: PickEvidence['models'],
): UseCase['topPickEvidence'] {
  return picks.map((c, i) => ({
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
    supersededBy: supersessions[i]?.supersededBy ?? null,
    supersessionNote: supersessions[i]?.note ?? null,
    ...pickEvidence(useCase.sortBy, useCase.evidence?.components, models?.get(c.tool.id)),
  }));
}

/** The tokens, cost and time a pick's task figures rest on (its own, for the use case's kind). */
function pickTaskCostOf(c: Candidate): UseCase['topPickTaskCosts'][number] {
  const task = c.task;
  return {
    toolId: c.tool.id,
    evidence: task?.evidence ?? null,
    configurationId: task?.configurationId ?? null,
    tokensPerTask: task?.tokensPerTask ?? null,
    costPerAttemptUsd: task?.costPerAttemptUsd ?? null,
    costPerSolvedTaskUsd: task?.costPerSolvedTaskUsd ?? null,
    secondsPerTask: task?.secondsPerTask ?? null,
  };
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
    .map(({ file, data }) => {
      checkEvidence(file, data, evidence, issues);
      const useCase = onLiveEvidence(data, evidence.liveSeries);
      const ranked = rankedCandidates(useCase, tools, evidence, at);
      const eligible = ranked.length;
      const picks = ranked.slice(0, useCase.topPicksCount);
      const supersessions = picks.map((pick) => pickSupersession(useCase, pick, ranked, { toolsById, evidence, at }));
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
        taskKind: useCase.taskKind ?? null,
        topPickTaskCosts: useCase.taskKind ? picks.map(pickTaskCostOf) : [],
        topPickEvidence: topPickEvidence(useCase, picks, supersessions, evidence.models),
        pickNotes: notes,
      };
    });
  issues.throwIfAny();
  return derived;
}
