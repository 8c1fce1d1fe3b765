/**
 * The pick and category rules, each tested with data that breaks it: a retired model is never
 * frontier or picked; a scenario must fit the context window with headroom; a score-based pick
 * needs a measured result relevant to the task; every callable tool is in a category (the build
 * names the one that is not); competitive programming ranks by LiveCodeBench while it is alive, and a task ranking
 * uses live benchmarks only; autocomplete
 * prefers fill-in-the-middle and low-latency models; indistinguishable picks are said to be so.
 */
import { describe, expect, it } from 'vitest';
import type { BenchmarkModel, Category, Tool, UseCase } from '../../src/schema/api.ts';
import { checkCategoryCoverage, computeMembership } from '../../src/compile/derive/categories.ts';
import { errorOf } from '../support/data-error.ts';
import { factSource, publishedTool, useCaseFile } from '../support/fixtures.ts';
import type { SourceData } from '../../src/compile/load.ts';
import {
  CONTEXT_HEADROOM,
  pickNotes,
  rankTopPicks,
  requiredContextTokens,
  type AutocompleteFacts,
  type PickEvidence,
} from '../../src/compile/derive/use-cases.ts';
import type { CategoryFile, ScoreComponent, ToolFile } from '../../src/schema/source.ts';
import { onLiveEvidence } from '../../src/compile/derive/use-case-live.ts';
import { freshSource, toolFile } from '../support/source.ts';
import { buildOnce as build } from '../support/build.ts';

function documentsOf(data: SourceData): { useCases: UseCase[]; categories: Category[]; tools: Tool[] } {
  const { documents } = build(data);
  return {
    useCases: documents['use-cases.json'].useCases,
    categories: documents['categories.json'].categories,
    tools: documents['tools.json'].tools,
  };
}

const SOURCE = factSource({ url: 'https://example.test/picks' });

function retire(tool: ToolFile): void {
  tool.status = 'retired';
  tool.lifecycle = {
    shutdown: { date: '2026-11-01', source: SOURCE },
    events: [
      {
        kind: 'retired',
        date: '2026-11-01',
        scope: 'provider-api',
        summary: 'The provider stopped serving the model.',
        source: SOURCE,
      },
    ],
  };
}

/** A published tool with the facts the pick rules read: a 1M-token window, reasoning and tool calling. */
function tool(id: string, extra: Partial<Tool> = {}): Tool {
  return publishedTool(id, {
    contextWindow: '1000K tokens',
    releaseDate: '2026-06',
    contextTokens: 1_000_000,
    reasoning: true,
    toolCalling: true,
    ...extra,
  });
}

/** A benchmarks.json entry with the given per-benchmark values (measured unless an interval is given). */
function model(
  id: string,
  overall: number,
  components: Partial<Record<ScoreComponent, number | [number, number, number]>>,
  overallInterval?: [number, number],
): BenchmarkModel {
  const details = Object.fromEntries(
    Object.entries(components).map(([key, v]) => {
      const [value, low, high] = Array.isArray(v) ? v : [v, undefined, undefined];
      return [
        key,
        {
          kind: low === undefined ? 'measured' : 'estimated',
          value,
          interval: low === undefined ? null : { low, high, level: 0.8 },
        },
      ];
    }),
  );
  return {
    modelId: id,
    overallScore: overall,
    overallInterval: { low: overallInterval?.[0] ?? overall, high: overallInterval?.[1] ?? overall, level: 0.8 },
    scoreDetails: details,
  } as unknown as BenchmarkModel;
}

function evidenceFor(
  models: BenchmarkModel[],
  measured: Record<string, string[]>,
  autocomplete: Record<string, AutocompleteFacts> = {},
): PickEvidence {
  const series = [...new Set(Object.values(measured).flat())];
  return {
    scores: new Map(models.map((m) => [m.modelId, m.overallScore])),
    models: new Map(models.map((m) => [m.modelId, m])),
    measuredSeries: new Map(Object.entries(measured).map(([id, s]) => [id, new Set(s)])),
    seriesIds: series,
    autocomplete: new Map(Object.entries(autocomplete)),
  };
}

const ids = (picks: { tool: Tool }[]) => picks.map((c) => c.tool.id);

describe('retired models are never frontier and never picked', () => {
  it('retiring the top scorer and a flagship takes both out of frontier and of every pick', async () => {
    const data = await freshSource();
    const before = documentsOf(data);
    const frontier = before.categories.find((c) => c.id === 'frontier')!;
    const topPick = before.useCases.find((u) => u.id === 'best-ai-coding-model')!.topPicks[0]!;
    // A flagship admitted as such when there is one, else any frontier member with a flagship fact.
    const flagship =
      frontier.flagships[0]?.toolId ??
      data.tools.find((t) => t.data.flagship && t.data.id !== topPick && frontier.toolIds.includes(t.data.id))!.data.id;
    expect(frontier.toolIds).toEqual(expect.arrayContaining([flagship, topPick]));

    retire(toolFile(data, flagship).data);
    retire(toolFile(data, topPick).data);
    const after = documentsOf(data);
    const frontierAfter = after.categories.find((c) => c.id === 'frontier')!;
    for (const id of [flagship, topPick]) {
      expect(frontierAfter.toolIds).not.toContain(id);
      expect(frontierAfter.flagships.map((f) => f.toolId)).not.toContain(id);
      for (const u of after.useCases) expect(u.topPicks, `${u.id} picks retired ${id}`).not.toContain(id);
    }
  });

  it('a retired tool is skipped by the score cutoff and by the flagship rule', () => {
    const frontier: CategoryFile = {
      id: 'frontier',
      name: 'Frontier',
      slug: 'frontier',
      description: 'Strongest models.',
      rule: { kind: 'topScoreOrFlagship', fraction: 0.5 },
      ruleText: 'Top half plus flagships.',
    };
    const file = (id: string, provider: string, extra: Partial<ToolFile> = {}) =>
      ({ id, provider, status: 'active', ...extra }) as ToolFile;
    const flagship = { statement: 'The provider calls it its most capable model.', source: SOURCE };
    const tools = [
      file('best', 'a'),
      file('second', 'b'),
      file('low', 'b'),
      file('last', 'c'),
      file('a-new', 'a', { flagship }),
      file('c-new', 'c', { flagship }),
      file('b-old', 'b', { flagship, status: 'retired' }),
    ];
    const scores = new Map([
      ['best', 90],
      ['second', 80],
      ['low', 50],
      ['last', 40],
    ]);
    // Top half of 4 scored = best, second; a-new joins (lab a has a top scorer); c-new does not (lab c has none); b-old is retired.
    expect(computeMembership([frontier], { tools, overallScores: scores }).get('frontier')).toEqual([
      'a-new',
      'best',
      'second',
    ]);
    retire(tools[0]!);
    // Without "best", the top half of the 3 callable scored tools is "second" (and "low" at the cutoff); lab a loses its flagship's presumption.
    expect(computeMembership([frontier], { tools, overallScores: scores }).get('frontier')).toEqual(['low', 'second']);
  });
});

describe('every pick fits its scenario with headroom', () => {
  const scenario = { inputTokens: 350_000, outputTokens: 40_000 };

  it(`input + output must be at most ${CONTEXT_HEADROOM * 100}% of the context window, and the output within maxOutputTokens`, () => {
    expect(requiredContextTokens(scenario)).toBe(487_500);
    const tools = [
      tool('window-400k', { contextTokens: 400_000 }), // 390K fits in the window but leaves under 3% free: excluded
      tool('window-487k', { contextTokens: 487_499 }),
      tool('window-488k', { contextTokens: 487_500 }),
      tool('short-output', { maxOutputTokens: 32_000 }),
      tool('window-1m'),
    ];
    const u = useCaseFile('scenarioCostAsc', { scenario });
    expect(ids(rankTopPicks(u, tools, { scores: new Map() })).sort()).toEqual(['window-1m', 'window-488k']);
  });

  it('no published pick overflows its scenario (with headroom) or its output limit', async () => {
    const { useCases, tools } = documentsOf(await freshSource());
    const byId = new Map(tools.map((t) => [t.id, t]));
    for (const u of useCases) {
      expect(u.requiredContextTokens).toBe(
        Math.ceil((u.scenario.inputTokens + u.scenario.outputTokens) / CONTEXT_HEADROOM),
      );
      for (const id of u.topPicks) {
        const t = byId.get(id)!;
        expect(t.contextTokens, `${u.id}: ${id}`).toBeGreaterThanOrEqual(u.requiredContextTokens);
        if (t.maxOutputTokens !== null)
          expect(u.scenario.outputTokens, `${u.id}: ${id}`).toBeLessThanOrEqual(t.maxOutputTokens);
      }
    }
  });
});

describe('a score-based pick needs a measured result relevant to the task', () => {
  const models = [
    model('strong-elsewhere', 90, { sweBench: [90, 80, 95] }),
    model('measured-here', 70, { sweBench: 70 }),
  ];

  it('the higher score without a result in evidence.measuredIn is not picked, whatever the sort', () => {
    const evidence = evidenceFor(models, {
      'strong-elsewhere': ['livecodebench-aa'],
      'measured-here': ['swe-bench-verified-vendor'],
    });
    evidence.seriesIds = ['livecodebench-aa', 'swe-bench-verified-vendor', 'swe-bench-pro-vendor'];
    const tools = [tool('strong-elsewhere'), tool('measured-here')];
    for (const sortBy of ['scoreDesc', 'valueDesc', 'taskScoreDesc'] as const) {
      const u = useCaseFile(sortBy, {
        evidence: { measuredIn: ['swe-bench-*'], components: ['sweBench'], why: 'SWE-bench is the task.' },
      });
      expect(ids(rankTopPicks(u, tools, evidence)), sortBy).toEqual(['measured-here']);
    }
    // Once it has a measured SWE-bench result it ranks first again.
    evidence.measuredSeries = new Map([
      ...evidence.measuredSeries!,
      ['strong-elsewhere', new Set(['swe-bench-pro-vendor'])],
    ]);
    expect(
      ids(
        rankTopPicks(
          useCaseFile('scoreDesc', { evidence: { measuredIn: ['swe-bench-*'], why: 'SWE-bench is the task.' } }),
          tools,
          evidence,
        ),
      ),
    ).toEqual(['strong-elsewhere', 'measured-here']);
  });

  it("every published score-based pick has a used result in one of its use case's series", async () => {
    const data = await freshSource();
    const { documents } = build(data);
    const results = new Map(documents['benchmarks.json'].benchmarks.models.map((m) => [m.modelId, m.results]));
    for (const u of documents['use-cases.json'].useCases) {
      if (!['scoreDesc', 'valueDesc', 'taskScoreDesc'].includes(u.sortBy)) continue;
      expect(u.evidence?.measuredIn.length, u.id).toBeGreaterThan(0);
      u.topPickEvidence.forEach((e) => {
        expect(e.measuredSeries.length, `${u.id}: ${e.toolId}`).toBeGreaterThan(0);
        const used = (results.get(e.toolId) ?? []).filter((r) => r.used && u.evidence!.measuredIn.includes(r.series));
        expect(used.length, `${u.id}: ${e.toolId}`).toBeGreaterThan(0);
      });
    }
  });
});

describe('every callable tool is in at least one category', () => {
  it('the build fails naming a tool that no category rule matches', async () => {
    const data = await freshSource();
    const located = toolFile(data, 'grok-4-20-non-reasoning');
    // Priced above the budget line, and nothing else it could match.
    Object.assign(located.data, {
      pricing: { input: 5, output: 25, cacheRead: 5, cacheCreate: 5 },
      reasoning: false,
      openWeights: false,
      codingSpecialized: false,
    });
    located.data.pricingDetails.tiers = [];
    located.data.pricingDetails.caching = 'unavailable';
    const error = errorOf(() => build(data));
    expect(error.issues).toContainEqual(
      expect.objectContaining({
        file: 'data/tools/xai/grok-4-20-non-reasoning.json',
        field: 'category',
        value: 'grok-4-20-non-reasoning',
      }),
    );
    expect(error.message).toContain('grok-4-20-non-reasoning');
  });

  it('the curated data puts every tool, retired ones included, in a category, and a provider has one flagship', async () => {
    const data = await freshSource();
    const tools = data.tools.map((t) => t.data);
    const membership = computeMembership(
      data.categories.map((c) => c.data),
      { tools, overallScores: new Map() },
    );
    expect(() => checkCategoryCoverage(tools, membership)).not.toThrow();
    const first = tools.find((t) => t.provider === 'anthropic' && t.flagship)!;
    const second = tools.find((t) => t.provider === 'anthropic' && !t.flagship && t.status !== 'retired')!;
    second.flagship = { statement: 'A second model called the best.', source: SOURCE };
    const error = errorOf(() => checkCategoryCoverage(tools, membership));
    // Whichever of the two files is read second carries the error, naming the other.
    const issue = error.issues.find((i) => i.field === 'flagship')!;
    const [named, other] =
      issue.file === `data/tools/anthropic/${second.id}.json` ? [second.id, first.id] : [first.id, second.id];
    expect(issue.file).toBe(`data/tools/anthropic/${named}.json`);
    expect(issue.message).toContain(`also ${other}`);
  });
});

describe('each use case ranks by what its task needs', () => {
  it('competitive programming ranks by LiveCodeBench, not by the overall score', () => {
    const models = [
      model('agentic-star', 95, { liveCodeBench: [80, 70, 88] }),
      model('contest-star', 60, { liveCodeBench: 92 }),
      model('middle', 70, { liveCodeBench: 85 }),
    ];
    const evidence = evidenceFor(models, {
      'agentic-star': ['livecodebench-vendor-v6'],
      'contest-star': ['livecodebench-aa'],
      middle: ['livecodebench-aa'],
    });
    const u = useCaseFile('taskScoreDesc', {
      evidence: { measuredIn: ['livecodebench-*'], components: ['liveCodeBench'], why: 'Contest problems.' },
    });
    expect(
      ids(
        rankTopPicks(
          u,
          ['agentic-star', 'contest-star', 'middle'].map((id) => tool(id)),
          evidence,
        ),
      ),
    ).toEqual(['contest-star', 'middle', 'agentic-star']);
  });

  it('a task ranking uses live benchmarks only: when LiveCodeBench stops, competitive programming follows the overall score', () => {
    const models = [
      model('old-contest-star', 60, { liveCodeBench: 92, sweBench: [55, 50, 60] }),
      model('current-star', 90, { liveCodeBench: [92, 70, 100], sweBench: 80 }),
      model('middle', 70, { liveCodeBench: 85, sweBench: 65 }),
    ];
    const evidence = evidenceFor(models, {
      'old-contest-star': ['livecodebench-aa'],
      'current-star': ['swe-bench-verified-vendor'],
      middle: ['livecodebench-aa', 'swe-bench-verified-vendor'],
    });
    const u = useCaseFile('taskScoreDesc', {
      evidence: { measuredIn: ['livecodebench-*'], components: ['liveCodeBench'], why: 'Contest problems.' },
    });
    const tools = ['old-contest-star', 'current-star', 'middle'].map((id) => tool(id));
    // LiveCodeBench alive: it ranks, and a pick needs a measured LiveCodeBench result.
    const alive = new Map([
      ['liveCodeBench', 'livecodebench-aa'],
      ['sweBench', 'swe-bench-verified-vendor'],
    ]);
    expect(onLiveEvidence(u, alive)).toBe(u);
    expect(ids(rankTopPicks(onLiveEvidence(u, alive), tools, evidence))).toEqual(['old-contest-star', 'middle']);
    // LiveCodeBench dead: the overall score of the live series ranks, and a pick needs a measured live result.
    const dead = onLiveEvidence(u, new Map([['sweBench', 'swe-bench-verified-vendor']]));
    expect(dead).toMatchObject({ sortBy: 'scoreDesc', evidence: { measuredIn: ['swe-bench-verified-vendor'] } });
    expect(dead.evidence?.components).toBeUndefined();
    expect(ids(rankTopPicks(dead, tools, evidence))).toEqual(['current-star', 'middle']);
    // One of two benchmarks dead: the mean uses the live one only.
    const both = useCaseFile('taskScoreDesc', {
      evidence: { measuredIn: ['*'], components: ['liveCodeBench', 'sweBench'], why: 'Both.' },
    });
    expect(onLiveEvidence(both, new Map([['sweBench', 'swe-bench-verified-vendor']])).evidence?.components).toEqual([
      'sweBench',
    ]);
  });

  it('the published competitive-programming picks follow what is alive: LiveCodeBench when its series is, else the overall score with a measured live result', async () => {
    const { documents } = build(await freshSource());
    const u = documents['use-cases.json'].useCases.find((x) => x.id === 'competitive-programming')!;
    const { aggregate, models } = documents['benchmarks.json'].benchmarks;
    const live = aggregate.filter((a) => a.weight > 0);
    const byId = new Map(models.map((m) => [m.modelId, m]));
    const lcbAlive = live.some((a) => a.field === 'liveCodeBench');
    const values = u.topPicks.map((id) =>
      lcbAlive ? byId.get(id)!.scoreDetails.liveCodeBench.value : byId.get(id)!.overallScore,
    );
    expect(u.topPicks.length).toBeGreaterThan(0);
    expect(values).toEqual([...values].sort((a, b) => b - a));
    expect(u.sortBy).toBe(lcbAlive ? 'taskScoreDesc' : 'scoreDesc');
    const liveSeries = new Set(live.map((a) => a.series));
    for (const e of u.topPickEvidence) {
      expect(e.rankedBy).toBe(lcbAlive ? 'liveCodeBench' : 'overallScore');
      expect(e.measuredSeries.length, e.toolId).toBeGreaterThan(0);
      for (const s of e.measuredSeries)
        expect(lcbAlive ? s.startsWith('livecodebench-') : liveSeries.has(s), `${e.toolId} ${s}`).toBe(true);
    }
  });

  it('autocomplete puts fill-in-the-middle + low-latency first, then fill-in-the-middle, then low latency, whatever the price', () => {
    const facts = (fillInTheMiddle: boolean | null, lowLatency: boolean | null): AutocompleteFacts => ({
      fillInTheMiddle,
      lowLatency,
      source: SOURCE,
    });
    const tools = [
      tool('cheapest-no-facts', { pricing: { input: 0.01, output: 0.01, cacheRead: 0.01, cacheCreate: 0.01 } }),
      tool('fast-only', { pricing: { input: 0.1, output: 0.1, cacheRead: 0.1, cacheCreate: 0.1 } }),
      tool('fim-only', { pricing: { input: 0.5, output: 0.5, cacheRead: 0.5, cacheCreate: 0.5 } }),
      tool('fim-and-fast', { pricing: { input: 1, output: 1, cacheRead: 1, cacheCreate: 1 } }),
      tool('agentic-flagship', { pricing: { input: 0.05, output: 20, cacheRead: 0.05, cacheCreate: 0.05 } }),
    ];
    const evidence: PickEvidence = {
      scores: new Map([['agentic-flagship', 95]]),
      autocomplete: new Map([
        ['fast-only', facts(null, true)],
        ['fim-only', facts(true, null)],
        ['fim-and-fast', facts(true, true)],
      ]),
    };
    const scenario = { inputTokens: 2_000, outputTokens: 100 };
    expect(ids(rankTopPicks(useCaseFile('autocompleteFit', { scenario }), tools, evidence))).toEqual([
      'fim-and-fast',
      'fim-only',
      'fast-only',
      'cheapest-no-facts',
      'agentic-flagship',
    ]);
    expect(
      ids(
        rankTopPicks(useCaseFile('autocompleteFit', { scenario, filter: { autocompleteFact: true } }), tools, evidence),
      ),
    ).toEqual(['fim-and-fast', 'fim-only', 'fast-only']);
  });

  it('the published autocomplete picks all have a fill-in-the-middle or low-latency fact, and none is a frontier model', async () => {
    const { useCases, categories } = documentsOf(await freshSource());
    const u = useCases.find((x) => x.id === 'code-autocomplete')!;
    const frontier = new Set(categories.find((c) => c.id === 'frontier')!.toolIds);
    expect(u.topPicks.length).toBeGreaterThanOrEqual(3);
    for (const e of u.topPickEvidence) {
      expect(e.autocomplete?.fillInTheMiddle === true || e.autocomplete?.lowLatency === true, e.toolId).toBe(true);
      expect(frontier.has(e.toolId), e.toolId).toBe(false);
    }
  });

  it('the terminal-agent picks include current models with measured Terminal-Bench results', async () => {
    const { useCases, tools } = documentsOf(await freshSource());
    const u = useCases.find((x) => x.id === 'terminal-coding-agent')!;
    const released = new Map(tools.map((t) => [t.id, t.releaseDate]));
    expect(u.topPickEvidence.every((e) => e.measuredSeries.some((s) => s.startsWith('terminal-bench-')))).toBe(true);
    expect(u.topPicks.some((id) => released.get(id)! >= '2026-01')).toBe(true);
  });
});

describe('picks the data cannot separate are said to be so', () => {
  const u = useCaseFile('scoreDesc', { evidence: { measuredIn: ['*'], why: 'Any coding benchmark.' } });
  const tools = ['a', 'b', 'c', 'd'].map((id) => tool(id));

  it('overlapping 80% intervals make a run of indistinguishable picks; a clear gap does not', () => {
    const models = [
      model('a', 80, {}, [77, 83]),
      model('b', 78, {}, [75, 81]),
      model('c', 60, {}, [57, 63]),
      model('d', 59, {}, [50, 61]),
    ];
    const evidence = evidenceFor(models, { a: ['s'], b: ['s'], c: ['s'], d: ['s'] });
    const picks = rankTopPicks(u, tools, evidence);
    expect(ids(picks)).toEqual(['a', 'b', 'c', 'd']);
    const notes = pickNotes(u, picks);
    expect(notes).toHaveLength(2);
    expect(notes[0]).toMatch(
      /^Picks 1-2 \(A 80\.0 \(80% interval 77\.0-83\.0\); B 78\.0 \(80% interval 75\.0-81\.0\)\) cannot be told apart/,
    );
    expect(notes[1]).toContain('Picks 3-4');
  });

  it('two measured values a sampling error apart are noted; the task count of the series gives the error', () => {
    const measured = (id: string, verified: number, pro: number) =>
      ({
        modelId: id,
        overallScore: 80,
        overallInterval: { low: 80, high: 80, level: 0.8 },
        scoreDetails: {
          sweBench: {
            kind: 'measured',
            value: verified,
            interval: null,
            series: 'swe-bench-verified-vendor',
            variant: 'as published',
          },
          sweBenchPro: {
            kind: 'measured',
            value: pro,
            interval: null,
            series: 'swe-bench-pro-vendor',
            variant: 'as published',
          },
        },
      }) as unknown as BenchmarkModel;
    const models = [measured('a', 95, 80.3), measured('b', 96, 79.2)];
    const evidence = evidenceFor(models, { a: ['swe-bench-verified-vendor'], b: ['swe-bench-verified-vendor'] });
    const task = useCaseFile('taskScoreDesc', {
      evidence: { measuredIn: ['swe-bench-*'], components: ['sweBench', 'sweBenchPro'], why: 'SWE-bench.' },
    });
    const pair = [tool('a'), tool('b')];
    // Without task counts a measured value is a point: 87.65 vs 87.6 reads as a difference.
    expect(pickNotes(task, rankTopPicks(task, pair, evidence))).toEqual([]);
    evidence.seriesTasks = new Map([
      ['swe-bench-verified-vendor', 500],
      ['swe-bench-pro-vendor', 731],
    ]);
    const picks = rankTopPicks(task, pair, evidence);
    expect(picks[0]!.rank.interval!.high - picks[0]!.rank.interval!.low).toBeGreaterThan(2);
    expect(pickNotes(task, picks)).toHaveLength(1);
  });

  it('no note when every pick is clear of the next, and none for price sorts', () => {
    const models = [
      model('a', 80, {}, [78, 82]),
      model('b', 70, {}, [68, 72]),
      model('c', 60, {}, [58, 62]),
      model('d', 50, {}, [48, 52]),
    ];
    const evidence = evidenceFor(models, { a: ['s'], b: ['s'], c: ['s'], d: ['s'] });
    expect(pickNotes(u, rankTopPicks(u, tools, evidence))).toEqual([]);
    const byCost = useCaseFile('scenarioCostAsc');
    expect(pickNotes(byCost, rankTopPicks(byCost, tools, evidence))).toEqual([]);
  });
});

describe('a superseded model is not recommended silently', () => {
  const bestUseCase = (docs: { useCases: UseCase[] }) => docs.useCases.find((u) => u.id === 'best-ai-coding-model')!;

  it('a pick whose successor is also a pick names it and its place', async () => {
    const data = await freshSource();
    const [first, second] = bestUseCase(documentsOf(data)).topPicks;
    // The second pick's maker names the first pick as its successor.
    toolFile(data, second!).data.replacedBy = first!;
    const evidence = bestUseCase(documentsOf(data)).topPickEvidence.find((e) => e.toolId === second)!;
    expect(evidence.supersededBy).toBe(first);
    expect(evidence.supersessionNote).toContain('is pick 1');
  });

  it('a pick whose successor is not eligible says why beside the pick', async () => {
    const data = await freshSource();
    const built = build(data).documents;
    const [first] = bestUseCase({ useCases: built['use-cases.json'].useCases }).topPicks;
    const unscored = built['benchmarks.json'].benchmarks.unscored
      .map((u) => toolFile(data, u.toolId).data)
      // A provider's flagship is in the frontier without a score, so it would not show this case.
      .find(
        (t) =>
          t.status === 'active' &&
          !t.flagship &&
          t.contextTokens >= 200_000 &&
          (t.maxOutputTokens ?? Infinity) >= 10_000,
      )!;
    toolFile(data, first!).data.replacedBy = unscored.id;
    const evidence = bestUseCase(documentsOf(data)).topPickEvidence.find((e) => e.toolId === first)!;
    expect(evidence.supersededBy).toBe(unscored.id);
    expect(evidence.supersessionNote).toContain('not listed here: it has no measured result yet');
    const frontier = documentsOf(data).categories.find((c) => c.id === 'frontier')!;
    expect(frontier.superseded.find((s) => s.toolId === first)).toMatchObject({ supersededBy: unscored.id });
    expect(frontier.superseded.find((s) => s.toolId === first)!.note).toContain('no overall score yet');
  });

  it('a successor that was retired is passed over to the callable one after it; a chain ending retired names none', async () => {
    const data = await freshSource();
    const [first, second, third] = bestUseCase(documentsOf(data)).topPicks;
    toolFile(data, first!).data.replacedBy = second!;
    toolFile(data, second!).data.replacedBy = third!;
    retire(toolFile(data, second!).data);
    let evidence = bestUseCase(documentsOf(data)).topPickEvidence.find((e) => e.toolId === first)!;
    expect(evidence.supersededBy).toBe(third);
    retire(toolFile(data, third!).data);
    evidence = bestUseCase(documentsOf(data)).topPickEvidence.find((e) => e.toolId === first)!;
    expect(evidence).toMatchObject({ supersededBy: null, supersessionNote: null });
  });

  it('in the curated data, every pick and frontier member with a callable successor carries it', async () => {
    const { useCases, categories, tools } = documentsOf(await freshSource());
    const byId = new Map(tools.map((t) => [t.id, t]));
    const successorOf = (id: string) => {
      let next = byId.get(byId.get(id)!.replacedBy ?? '');
      while (next?.status === 'retired') next = byId.get(next.replacedBy ?? '');
      return next?.id ?? null;
    };
    for (const u of useCases)
      for (const e of u.topPickEvidence) expect(e.supersededBy, `${u.id} pick ${e.toolId}`).toBe(successorOf(e.toolId));
    const frontier = categories.find((c) => c.id === 'frontier')!;
    expect(frontier.superseded.map((s) => s.toolId)).toEqual(frontier.toolIds.filter((id) => successorOf(id)));
  });
});
