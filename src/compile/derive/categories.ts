/** Category membership computed from each category's rule; nobody lists members by hand. */
import type { CategoryFile, CategoryRule, ToolFile } from '../../schema/source.ts';
import { blendedPrice } from './pricing.ts';

export interface MembershipInput {
  tools: readonly ToolFile[];
  /** overallScore by tool id, for scored tools only. */
  overallScores: ReadonlyMap<string, number>;
}

function matchesStaticRule(rule: Exclude<CategoryRule, { kind: 'topScoreFraction' }>, tool: ToolFile): boolean {
  switch (rule.kind) {
    case 'flag':
      return tool[rule.flag] === true;
    case 'blendedPriceAtMost':
      return blendedPrice(tool.pricing) <= rule.usd;
  }
}

/** Returns category id → sorted tool ids. A retired tool (no longer callable) is in no category and does not move the score cutoff. */
export function computeMembership(categories: readonly CategoryFile[], input: MembershipInput): Map<string, string[]> {
  const tools = input.tools.filter((tool) => tool.status !== 'retired');
  const scores = tools.flatMap((tool) => input.overallScores.get(tool.id) ?? []).sort((a, b) => b - a);
  const cutoff = (fraction: number) => scores[Math.max(0, Math.ceil(scores.length * fraction) - 1)] ?? Infinity;
  const membership = new Map<string, string[]>();
  for (const category of categories) {
    const members = tools
      .filter((tool) => {
        if (category.rule.kind === 'topScoreFraction') {
          const score = input.overallScores.get(tool.id);
          return score !== undefined && score >= cutoff(category.rule.fraction);
        }
        return matchesStaticRule(category.rule, tool);
      })
      .map((tool) => tool.id)
      .sort();
    membership.set(category.id, members);
  }
  return membership;
}
