/** Category membership computed from each category's rule; nobody lists members by hand. */
import type { BenchmarkModel, Category } from '../../schema/api.ts';
import type { CategoryFile, CategoryRule, ToolFile } from '../../schema/source.ts';
import { IssueCollector } from '../errors.ts';
import { blendedPrice } from './pricing.ts';
import { callableSuccessor, supersessionNote } from './successors.ts';

export interface MembershipInput {
  tools: readonly ToolFile[];
  /** overallScore by tool id, for scored tools only. */
  overallScores: ReadonlyMap<string, number>;
}

/** What a scored tool's rank rests on (benchmarks.json models[].evidence and provisional). */
export type ScoreEvidence = ReadonlyMap<string, Pick<BenchmarkModel, 'evidence' | 'provisional'>>;

type ScoreRule = Extract<CategoryRule, { kind: 'topScoreFraction' | 'topScoreOrFlagship' }>;
type StaticRule = Exclude<CategoryRule, ScoreRule>;

function matchesStaticRule(rule: StaticRule, tool: ToolFile): boolean {
  switch (rule.kind) {
    case 'flag':
      return tool[rule.flag] === true;
    case 'blendedPriceAtMost':
      return blendedPrice(tool.pricing) <= rule.usd;
  }
}

const isScoreRule = (rule: CategoryRule): rule is ScoreRule =>
  rule.kind === 'topScoreFraction' || rule.kind === 'topScoreOrFlagship';

/** Ids of the (non-retired) tools whose overallScore is in the top `fraction` of the scored ones. */
function topScorers(tools: readonly ToolFile[], scores: ReadonlyMap<string, number>, fraction: number): Set<string> {
  const sorted = tools.flatMap((tool) => scores.get(tool.id) ?? []).sort((a, b) => b - a);
  const cutoff = sorted[Math.max(0, Math.ceil(sorted.length * fraction) - 1)] ?? Infinity;
  return new Set(tools.filter((tool) => (scores.get(tool.id) ?? -Infinity) >= cutoff).map((tool) => tool.id));
}

/**
 * Flagships admitted to a `topScoreOrFlagship` category: a tool with a sourced `flagship` fact whose
 * provider already has a tool among the top scorers. A lab earns the presumption by evidence; a
 * flagship from a lab with no top scorer (or none scored) waits for its own results.
 */
function admittedFlagships(tools: readonly ToolFile[], top: ReadonlySet<string>): ToolFile[] {
  const frontierLabs = new Set(tools.filter((tool) => top.has(tool.id)).map((tool) => tool.provider));
  return tools.filter((tool) => tool.flagship !== undefined && frontierLabs.has(tool.provider));
}

/**
 * Returns category id → sorted tool ids. Fact rules (a flag, a price) hold for a retired tool as
 * they did while it was callable, so it keeps those memberships and stays findable; score rules are
 * recommendations, so a retired tool is never in them and does not move their cutoff.
 */
export function computeMembership(categories: readonly CategoryFile[], input: MembershipInput): Map<string, string[]> {
  const callable = input.tools.filter((tool) => tool.status !== 'retired');
  const membership = new Map<string, string[]>();
  for (const category of categories) {
    const { rule } = category;
    let members: string[];
    if (isScoreRule(rule)) {
      const top = topScorers(callable, input.overallScores, rule.fraction);
      if (rule.kind === 'topScoreOrFlagship') for (const tool of admittedFlagships(callable, top)) top.add(tool.id);
      members = [...top];
    } else {
      members = input.tools.filter((tool) => matchesStaticRule(rule, tool)).map((tool) => tool.id);
    }
    membership.set(category.id, members.sort());
  }
  return membership;
}

/** Per category, the members admitted as flagships (not by score), with the statement and source behind each. */
export function flagshipMembers(
  categories: readonly CategoryFile[],
  input: MembershipInput,
): Map<string, Category['flagships']> {
  const tools = input.tools.filter((tool) => tool.status !== 'retired');
  const result = new Map<string, Category['flagships']>();
  for (const category of categories) {
    const { rule } = category;
    if (rule.kind !== 'topScoreOrFlagship') {
      result.set(category.id, []);
      continue;
    }
    const top = topScorers(tools, input.overallScores, rule.fraction);
    const admitted = admittedFlagships(tools, top).filter((tool) => !top.has(tool.id));
    result.set(
      category.id,
      admitted
        .sort((a, b) => (a.id < b.id ? -1 : 1))
        .map((tool) => ({
          toolId: tool.id,
          statement: tool.flagship!.statement,
          source: {
            name: tool.flagship!.source.name,
            url: tool.flagship!.source.url,
            asOf: tool.flagship!.source.asOf,
          },
        })),
    );
  }
  return result;
}

/**
 * Per score-rule category (frontier), the members whose maker names a callable successor, each with
 * the successor and why the older model is still listed: the successor is a member too, or it is
 * unscored, or its score is below the category's cutoff. Fact-rule categories list facts, not
 * recommendations, so they have none.
 */
export function supersededMembers(
  categories: readonly CategoryFile[],
  input: MembershipInput,
  membership: ReadonlyMap<string, readonly string[]>,
): Map<string, Category['superseded']> {
  const byId = new Map(input.tools.map((tool) => [tool.id, tool]));
  const result = new Map<string, Category['superseded']>();
  for (const category of categories) {
    const members = new Set(membership.get(category.id) ?? []);
    const entries: Category['superseded'] = [];
    if (isScoreRule(category.rule))
      for (const id of [...members].sort()) {
        const tool = byId.get(id)!;
        const successor = callableSuccessor(tool, byId);
        if (!successor) continue;
        const score = input.overallScores.get(successor.id);
        const placement = members.has(successor.id)
          ? { placed: 'also in this category' }
          : {
              out:
                score === undefined
                  ? 'it has no overall score yet (no published result it can be ranked on)'
                  : `its overall score ${score.toFixed(1)} is below this category's cutoff`,
            };
        entries.push({ toolId: id, ...supersessionNote(tool, successor, placement) });
      }
    result.set(category.id, entries);
  }
  return result;
}

const toolFilePath = (tool: ToolFile) => `data/tools/${tool.provider}/${tool.id}.json`;

/**
 * The build's category checks: every tool, retired ones included, is in at least one category, and a
 * provider names at most one current flagship. Throws a DataError naming each offending tool file.
 */
export function checkCategoryCoverage(
  tools: readonly ToolFile[],
  membership: ReadonlyMap<string, readonly string[]>,
): void {
  const issues = new IssueCollector();
  const categorized = new Set([...membership.values()].flat());
  for (const tool of tools) {
    if (categorized.has(tool.id)) continue;
    issues.add(
      toolFilePath(tool),
      'category',
      tool.id,
      `is in no category: no category rule (data/categories/*.json) matches it; fix the facts it is judged on or a rule, so that every tool is in at least one category`,
    );
  }
  const flagships = new Map<string, ToolFile[]>();
  for (const tool of tools)
    if (tool.flagship && tool.status !== 'retired')
      flagships.set(tool.provider, [...(flagships.get(tool.provider) ?? []), tool]);
  for (const [provider, list] of flagships)
    if (list.length > 1)
      for (const tool of list.slice(1))
        issues.add(
          toolFilePath(tool),
          'flagship',
          tool.id,
          `is a second flagship of provider "${provider}" (also ${list[0]!.id}); a provider has one current flagship: remove the block from the older one`,
        );
  issues.throwIfAny();
}

/**
 * Per score-rule category (frontier), the members whose claim to be among the top rests on no
 * independent measurement, with the reason: a top claim either has one or says beside it why it
 * is made without one. A flagship admitted without a score says "no score" instead. Fact-rule
 * categories claim facts, not a standing, so they have none.
 */
export function provisionalMembers(
  categories: readonly CategoryFile[],
  membership: ReadonlyMap<string, readonly string[]>,
  evidence: ScoreEvidence,
): Map<string, Category['provisional']> {
  const result = new Map<string, Category['provisional']>();
  for (const category of categories) {
    const entries: Category['provisional'] = [];
    if (isScoreRule(category.rule))
      for (const id of membership.get(category.id) ?? []) {
        const scored = evidence.get(id);
        if (!scored)
          entries.push({
            toolId: id,
            evidence: null,
            reason: 'Provisional: admitted as its lab’s flagship without an overall score; no result of it is ranked.',
          });
        else if (scored.provisional)
          entries.push({ toolId: id, evidence: scored.evidence, reason: scored.provisional });
      }
    result.set(category.id, entries);
  }
  return result;
}
