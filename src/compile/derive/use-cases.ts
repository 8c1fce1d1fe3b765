/**
 * use-cases.json: topPicks computed from sortBy, scenario and filter, and prose placeholders
 * resolved from the data so intros and FAQ answers stay true after every refresh.
 */
import type { Tool, UseCase } from '../../schema/api.ts';
import type { UseCaseFile } from '../../schema/source.ts';
import { IssueCollector } from '../errors.ts';
import type { Located } from '../load.ts';
import { formatUsd, roundTo, scenarioPrice } from './pricing.ts';

type SortBy = UseCaseFile['sortBy'];

interface Candidate {
  tool: Tool;
  cost: number;
  /** Last day of the promotional rate the cost uses, if any. */
  promotionUntil?: string | null;
  score: number | undefined;
}

const byCostThenId = (a: Candidate, b: Candidate) => a.cost - b.cost || a.tool.id.localeCompare(b.tool.id);

/** Each comparator ranks best first; ties fall back to the cheaper scenario, then the id, so the order is total. */
const COMPARATORS: Record<SortBy, (a: Candidate, b: Candidate) => number> = {
  inputAsc: (a, b) => a.tool.pricing.input - b.tool.pricing.input || byCostThenId(a, b),
  outputAsc: (a, b) => a.tool.pricing.output - b.tool.pricing.output || byCostThenId(a, b),
  scenarioCostAsc: byCostThenId,
  scoreDesc: (a, b) => (b.score ?? 0) - (a.score ?? 0) || byCostThenId(a, b),
  valueDesc: (a, b) => valueOf(b) - valueOf(a) || byCostThenId(a, b),
  contextDesc: (a, b) => b.tool.contextTokens - a.tool.contextTokens || byCostThenId(a, b),
};

/** Score points per scenario dollar; a free model has unbounded value. */
function valueOf(candidate: Candidate): number {
  if (candidate.score === undefined) return -Infinity;
  return candidate.cost === 0 ? Infinity : candidate.score / candidate.cost;
}

const NEEDS_SCORE = new Set<SortBy>(['scoreDesc', 'valueDesc']);

/** `at`: the build date; scenario costs follow the cost rules on that day (tiers, promotions in force). */
export function eligibleCandidates(useCase: UseCaseFile, tools: readonly Tool[], scores: ReadonlyMap<string, number>, at?: string): Candidate[] {
  const { filter, scenario } = useCase;
  return tools
    .filter((tool) => tool.status !== 'deprecated' && tool.status !== 'retired')
    .filter((tool) => filter.includePreview === true || tool.status !== 'preview')
    .filter((tool) => !filter.categories || filter.categories.some((c) => tool.category.includes(c)))
    .filter((tool) => filter.minContextTokens === undefined || tool.contextTokens >= filter.minContextTokens)
    .filter((tool) => filter.openWeights === undefined || tool.openWeights)
    .map((tool) => {
      const price = scenarioPrice(tool, scenario, at);
      return { tool, cost: price.usd, promotionUntil: price.promotionUntil, score: scores.get(tool.id) };
    })
    .filter((c) => filter.maxScenarioCostUsd === undefined || c.cost <= filter.maxScenarioCostUsd)
    .filter((c) => !NEEDS_SCORE.has(useCase.sortBy) || c.score !== undefined);
}

export function rankTopPicks(useCase: UseCaseFile, tools: readonly Tool[], scores: ReadonlyMap<string, number>, at?: string): Candidate[] {
  return eligibleCandidates(useCase, tools, scores, at).sort(COMPARATORS[useCase.sortBy]).slice(0, useCase.topPicksCount);
}

const PLACEHOLDER = /\{([a-zA-Z]+)(?::([^:{}]+))?(?::([a-zA-Z]+))?\}/g;

function fieldText(candidate: Candidate, field: string): string | undefined {
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
    case 'context':
      return tool.contextWindow;
    case 'release':
      return tool.releaseDate;
    default:
      return undefined;
  }
}

/** Replaces {pick:N:field}, {tool:id:field}, {count:eligible} and {scenario:...}; anything unresolvable is an error. */
export function renderPlaceholders(
  text: string,
  context: { picks: Candidate[]; tools: ReadonlyMap<string, Tool>; scores: ReadonlyMap<string, number>; eligible: number; useCase: UseCaseFile; at?: string },
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
      else resolved = fieldText({ tool, cost: scenarioPrice(tool, context.useCase.scenario, context.at).usd, score: context.scores.get(tool.id) }, field);
    } else if (kind === 'count' && target === 'eligible' && !field) {
      resolved = String(context.eligible);
    } else if (kind === 'scenario' && (target === 'inputTokens' || target === 'outputTokens') && !field) {
      resolved = context.useCase.scenario[target].toLocaleString('en-US');
    }
    if (resolved === undefined) {
      if (problem === 'is not a known placeholder' && field) problem = `has no value for field "${field}" (unknown field, or the tool is unscored)`;
      report(whole, problem);
      return whole;
    }
    return resolved;
  });
}

export function deriveUseCases(useCases: readonly Located<UseCaseFile>[], tools: readonly Tool[], scores: ReadonlyMap<string, number>, at?: string): UseCase[] {
  const issues = new IssueCollector();
  const toolsById = new Map(tools.map((tool) => [tool.id, tool]));
  const derived = [...useCases]
    .sort((a, b) => a.data.id.localeCompare(b.data.id))
    .map(({ file, data: useCase }) => {
      const eligible = eligibleCandidates(useCase, tools, scores, at).length;
      const picks = rankTopPicks(useCase, tools, scores, at);
      if (picks.length === 0) issues.add(file, 'filter', useCase.filter, 'leaves no tool to pick');
      const context = { picks, tools: toolsById, scores, eligible, useCase, at };
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
        faq: useCase.faq.map((pair, index) => ({ q: render(pair.q, `faq.${index}.q`), a: render(pair.a, `faq.${index}.a`) })),
        topPicks: picks.map((c) => c.tool.id),
        scenario: { ...useCase.scenario },
        filter: {
          categories: useCase.filter.categories ?? null,
          minContextTokens: useCase.filter.minContextTokens ?? null,
          openWeights: useCase.filter.openWeights ?? null,
          maxScenarioCostUsd: useCase.filter.maxScenarioCostUsd ?? null,
          includePreview: useCase.filter.includePreview ?? false,
        },
        topPickCosts: picks.map((c) => ({ toolId: c.tool.id, scenarioCostUsd: c.cost, ...(c.promotionUntil ? { promotionUntil: c.promotionUntil } : {}) })),
      };
    });
  issues.throwIfAny();
  return derived;
}
