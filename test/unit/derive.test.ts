/** Pure derivations: price arithmetic, category rules, top-pick ranking and data-bound prose. */
import { describe, expect, it } from 'vitest';
import type { Tool } from '../../src/schema/api.ts';
import type { UseCaseFile } from '../../src/schema/source.ts';
import { blendedPrice, contextWindowText, formatUsd, scenarioCost } from '../../src/compile/derive/pricing.ts';
import { rankTopPicks, renderPlaceholders, type PickEvidence } from '../../src/compile/derive/use-cases.ts';
import { computeMembership } from '../../src/compile/derive/categories.ts';
import { publishedTool, useCaseFile } from '../support/fixtures.ts';
import { freshSource } from '../support/source.ts';

/** A published tool at its own input and output price (no caching price); `extra` replaces whole fields. */
function tool(id: string, input: number, output: number, extra: Partial<Tool> = {}): Tool {
  return publishedTool(id, {
    pricing: { input, output, cacheRead: input, cacheCreate: input },
    blendedPrice: 0,
    ...extra,
  });
}

/** A use case over a 100K-in, 10K-out scenario in which any coding benchmark counts as evidence. */
function useCase(sortBy: UseCaseFile['sortBy'], filter: UseCaseFile['filter'] = {}, topPicksCount = 3): UseCaseFile {
  return useCaseFile(sortBy, {
    scenario: { inputTokens: 100_000, outputTokens: 10_000 },
    filter,
    evidence: { measuredIn: ['*'], why: 'Any coding benchmark counts in these tests.' },
    topPicksCount,
  });
}

/** Every scored tool has a measured result in series "s". */
function evidence(scores: ReadonlyMap<string, number>): PickEvidence {
  return { scores, seriesIds: ['s'], measuredSeries: new Map([...scores.keys()].map((id) => [id, new Set(['s'])])) };
}

describe('price arithmetic', () => {
  it('blends 3 input tokens per output token', () => {
    expect(blendedPrice({ input: 2.5, output: 15 })).toBe(5.625);
  });
  it('prices a scenario at list price', () => {
    expect(scenarioCost({ input: 3, output: 15 }, { inputTokens: 150_000, outputTokens: 15_000 })).toBe(0.675);
  });
  it('writes context windows as thousands of tokens, rounded to the nearest integer', () => {
    expect(contextWindowText(1_048_576)).toBe('1049K tokens');
    expect(contextWindowText(131_072)).toBe('131K tokens');
    expect(contextWindowText(200_000)).toBe('200K tokens');
  });
  it('formats prices like a price list', () => {
    expect([0.5, 2.5, 0.0028, 15, 0].map(formatUsd)).toEqual(['$0.50', '$2.50', '$0.0028', '$15.00', '$0']);
  });
});

describe('top picks', () => {
  const tools = [
    tool('cheap', 0.1, 0.4),
    tool('mid', 1, 5, { contextTokens: 1_000_000, openWeights: true }),
    tool('pricey', 5, 25),
    tool('old', 0.01, 0.01, { status: 'deprecated' }),
    tool('beta', 0.05, 0.05, { status: 'preview' }),
  ];
  const scores = new Map([
    ['cheap', 40],
    ['mid', 70],
    ['pricey', 90],
  ]);
  const picks = (u: UseCaseFile) => rankTopPicks(u, tools, evidence(scores)).map((c) => c.tool.id);

  it('inputAsc ranks by input price and never picks deprecated tools', () => {
    expect(picks(useCase('inputAsc'))).toEqual(['cheap', 'mid', 'pricey']);
  });
  it('preview tools are picked only when the filter allows it', () => {
    expect(picks(useCase('inputAsc', { includePreview: true }))).toEqual(['beta', 'cheap', 'mid']);
  });
  it('scoreDesc ranks by overallScore and skips unscored tools', () => {
    expect(picks(useCase('scoreDesc', { includePreview: true }))).toEqual(['pricey', 'mid', 'cheap']);
  });
  it('valueDesc ranks by score per scenario dollar', () => {
    // cheap: 40 / 0.014; mid: 70 / 0.15; pricey: 90 / 0.75
    expect(picks(useCase('valueDesc'))).toEqual(['cheap', 'mid', 'pricey']);
  });
  it('filters by context, open weights and scenario cost', () => {
    expect(picks(useCase('scoreDesc', { minContextTokens: 500_000 }))).toEqual(['mid']);
    expect(picks(useCase('scenarioCostAsc', { openWeights: true }))).toEqual(['mid']);
    expect(picks(useCase('scoreDesc', { maxScenarioCostUsd: 0.2 }))).toEqual(['mid', 'cheap']);
  });
  it('contextDesc ranks by context window, ties by scenario cost', () => {
    expect(picks(useCase('contextDesc'))).toEqual(['mid', 'cheap', 'pricey']);
  });
});

describe('placeholders in use-case prose', () => {
  const tools = [tool('alpha', 2.5, 15), tool('beta', 0.1, 0.4)];
  const u = useCase('scenarioCostAsc');
  const context = {
    picks: rankTopPicks(u, tools, evidence(new Map())),
    tools: new Map(tools.map((t) => [t.id, t])),
    scores: new Map([['alpha', 81.25]]),
    eligible: 2,
    useCase: u,
  };

  it('fills picks, tools, counts and scenario figures from the data', () => {
    const problems: string[] = [];
    const text = renderPlaceholders(
      '{pick:1:name} costs {pick:1:scenarioCost}; {tool:alpha:name} lists {tool:alpha:input} and scores {tool:alpha:score}; {count:eligible} of {scenario:inputTokens}.',
      context,
      (p) => problems.push(p),
    );
    expect(problems).toEqual([]);
    expect(text).toBe('BETA costs $0.014; ALPHA lists $2.50 and scores 81.3; 2 of 100,000.');
  });

  it('reports anything it cannot resolve instead of publishing it', () => {
    const problems: string[] = [];
    renderPlaceholders('{pick:9:name} {tool:nope:input} {tool:beta:score} {weird}', context, (p, m) =>
      problems.push(`${p} ${m}`),
    );
    expect(problems).toHaveLength(4);
    expect(problems[0]).toContain('only 2 picks exist');
    expect(problems[1]).toContain('unknown tool "nope"');
  });
});

describe('category rules', () => {
  it('membership follows each rule and is recomputed from the data', async () => {
    const source = await freshSource();
    const tools = source.tools.map((t) => t.data);
    const scores = new Map(tools.slice(0, 8).map((t, i) => [t.id, 50 + i]));
    const membership = computeMembership(
      source.categories.map((c) => c.data),
      { tools, overallScores: scores },
    );
    // Fact rules hold for retired tools too: they stay findable by what they are.
    expect(tools.some((t) => t.status === 'retired' && t.openWeights)).toBe(true);
    expect(membership.get('open-weight')).toEqual(
      tools
        .filter((t) => t.openWeights)
        .map((t) => t.id)
        .sort(),
    );
    const budget = source.categories.find((c) => c.data.id === 'budget')!.data.rule;
    const usd = budget.kind === 'blendedPriceAtMost' ? budget.usd : Number.NaN;
    expect(membership.get('budget')).toEqual(
      tools
        .filter((t) => (3 * t.pricing.input + t.pricing.output) / 4 <= usd)
        .map((t) => t.id)
        .sort(),
    );
    // top 25% of 8 scored tools = the 2 best, plus the sourced flagship of each of their providers
    const top = [tools[6]!, tools[7]!];
    const live = tools.filter((t) => t.status !== 'retired');
    const flagships = live.filter((t) => t.flagship && top.some((s) => s.provider === t.provider));
    expect(membership.get('frontier')).toEqual([...new Set([...top, ...flagships].map((t) => t.id))].sort());
  });
});
