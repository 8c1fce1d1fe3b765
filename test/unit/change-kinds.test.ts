/**
 * The release diff tells a feed reader when a tool is scored for the first time and when its rank
 * leaves the range the previous release said it could be in; changes.json (schema enum) and the
 * Atom feed carry both kinds.
 */
import { describe, expect, it } from 'vitest';
import { type DatasetView, describeChange, diffDatasets, summarize } from '../../src/history/diff.ts';
import { atomFeed } from '../../src/history/feed.ts';
import { releaseRecord } from '../support/fixtures.ts';
import { type Change, change, isRefit, type Release } from '../../src/schema/api.ts';

const source = { name: 'S', url: 'https://s.test' };
const tool = (id: string) => ({
  id,
  name: id.toUpperCase(),
  status: 'active' as const,
  pricing: { input: 1, output: 2, cacheRead: null, cacheCreate: null },
  pricingDetails: { tiers: [] },
  contextTokens: 128_000,
  maxOutputTokens: null,
  releaseDate: '2026-01',
  sources: { pricing: source, contextWindow: source, releaseDate: source },
});
const score = (id: string, overallScore: number, rank?: number, best?: number, worst?: number) => ({
  modelId: id,
  modelName: id.toUpperCase(),
  overallScore,
  sweBench: 50,
  liveCodeBench: 50,
  humanEval: 50,
  bigCodeBench: 50,
  ...(rank === undefined ? {} : { rank, rankRange: best === undefined ? undefined : { best, worst } }),
});
const view = (tools: string[], benchmarks: ReturnType<typeof score>[]) =>
  ({ tools: tools.map(tool), benchmarks }) as unknown as DatasetView;

describe('first-score and rank-moved changes', () => {
  it('a tool whose first result arrives gets one first-score change, not a score-changed per field', () => {
    const changes = diffDatasets(
      view(['a', 'b'], [score('a', 60)]),
      view(['a', 'b'], [score('a', 60), score('b', 55)]),
    );
    expect(changes).toEqual([
      {
        kind: 'first-score',
        toolId: 'b',
        toolName: 'B',
        field: 'benchmarks.overallScore',
        from: null,
        to: 55,
        percent: null,
      },
    ]);
    expect(changes.map(describeChange)).toEqual(['B (b): scored for the first time, overallScore 55']);
    expect(summarize(changes)).toBe('1 first score');
    expect(change.safeParse(changes[0]).success).toBe(true);
  });

  it('a rank outside the previous rank range is rank-moved; a move inside it is not', () => {
    const before = view(['a', 'b', 'c'], [score('a', 70, 1, 1, 2), score('b', 68, 2, 1, 2), score('c', 40, 3, 3, 3)]);
    const after = view(['a', 'b', 'c'], [score('a', 69, 2, 1, 2), score('b', 71, 1, 1, 2), score('c', 75, 1, 1, 1)]);
    const moved = diffDatasets(before, after).filter((c) => c.kind === 'rank-moved');
    expect(moved).toEqual([
      { kind: 'rank-moved', toolId: 'c', toolName: 'C', field: 'benchmarks.rank', from: 3, to: 1, percent: null },
    ]);
    expect(describeChange(moved[0]!)).toBe('C (c): rank 3 -> 1, outside its previous rank range');
    expect(change.safeParse(moved[0]).success).toBe(true);
  });

  it('places taken by newly scored tools or freed by tools no longer scored are not a rank move', () => {
    const before = view(['a', 'b', 'c'], [score('a', 70, 1, 1, 1), score('b', 60, 2, 2, 2), score('c', 50, 3, 3, 3)]);
    // n enters at #1 and a leaves: b and c keep their places among the tools scored in both releases.
    const after = view(['b', 'c', 'n'], [score('n', 90, 1, 1, 1), score('b', 60, 2, 2, 2), score('c', 50, 3, 3, 3)]);
    expect(diffDatasets(before, after).filter((c) => c.kind === 'rank-moved')).toEqual([]);
    // Without a leaver, the entrant pushes b and c down one place each: still not their own move.
    const grown = view(
      ['a', 'b', 'c', 'n'],
      [score('n', 90, 1, 1, 1), score('a', 70, 2, 2, 2), score('b', 60, 3, 3, 3), score('c', 50, 4, 4, 4)],
    );
    expect(diffDatasets(before, grown).filter((c) => c.kind === 'rank-moved')).toEqual([]);
  });

  it('a tool that leaves the directory is one model-removed change, not a score change per field', () => {
    const changes = diffDatasets(
      view(['a', 'b'], [score('a', 70, 1, 1, 1), score('b', 60, 2, 2, 2)]),
      view(['a'], [score('a', 70, 1, 1, 1)]),
    );
    expect(changes.map((c) => `${c.kind} ${c.toolId}`)).toEqual(['model-removed b']);
    // A tool that stays but loses its score still reports each score it no longer has.
    const unscored = diffDatasets(
      view(['a', 'b'], [score('a', 70), score('b', 60)]),
      view(['a', 'b'], [score('a', 70)]),
    );
    expect(unscored.filter((c) => c.toolId === 'b').map((c) => c.kind)).toContain('score-changed');
  });

  it('a release that published no rank range (older schema) is not judged for rank moves', () => {
    const changes = diffDatasets(view(['a'], [score('a', 40)]), view(['a'], [score('a', 75, 1, 1, 1)]));
    expect(changes.map((c) => c.kind)).toEqual(['score-changed']);
  });

  it('the Atom feed lists both, in the release entry', () => {
    const changes = diffDatasets(
      view(['b', 'c'], [score('c', 40, 2, 2, 2), score('b', 80, 1, 1, 1)]),
      view(['b', 'c', 'd'], [score('c', 90, 1, 1, 1), score('b', 80, 2, 2, 2), score('d', 30, 3, 3, 3)]),
    );
    const release = releaseRecord('2026-12-01', { summary: summarize(changes), changes });
    const xml = atomFeed([release], { baseUrl: null, lastUpdated: release.lastUpdated, removedIds: [] });
    expect(xml).toContain('D (d): scored for the first time, overallScore 30');
    expect(xml).toContain('C (c): rank 2 -&gt; 1, outside its previous rank range');
    expect(xml).toContain('1 first score');
  });
});

describe('successor-named changes', () => {
  const withSuccessor = (id: string, replacedBy?: string) => ({ ...tool(id), ...(replacedBy ? { replacedBy } : {}) });
  const tools = (...list: ReturnType<typeof withSuccessor>[]) =>
    ({ tools: list, benchmarks: [] }) as unknown as DatasetView;

  it('a successor named for a model that stays active is news, with the successor id', () => {
    const changes = diffDatasets(
      tools(withSuccessor('old'), withSuccessor('new')),
      tools(withSuccessor('old', 'new'), withSuccessor('new')),
    );
    expect(changes).toEqual([
      expect.objectContaining({ kind: 'successor-named', toolId: 'old', field: 'replacedBy', from: null, to: 'new' }),
    ]);
    expect(change.safeParse(changes[0]).success).toBe(true);
    expect(describeChange(changes[0]!)).toBe('OLD (old): its maker names new as successor');
    expect(summarize(changes)).toBe('1 successor named');
  });

  it('a different successor, or none any more, is a change too; an unchanged one is not', () => {
    const before = tools(withSuccessor('a', 'b'), withSuccessor('c', 'd'), withSuccessor('e', 'f'));
    const after = tools(withSuccessor('a', 'x'), withSuccessor('c'), withSuccessor('e', 'f'));
    expect(diffDatasets(before, after).map(describeChange)).toEqual([
      'A (a): its maker names x as successor (was b)',
      'C (c): no successor named any more (was d)',
    ]);
  });
});

describe('shutdown-changed changes', () => {
  const withShutdown = (
    id: string,
    date: string | null,
    status: 'active' | 'deprecated' | 'retired' = 'deprecated',
  ) => ({
    ...tool(id),
    status,
    lifecycle: { announced: null, shutdown: date === null ? null : { date, source }, events: [] },
  });
  const tools = (...list: object[]) => ({ tools: list, benchmarks: [] }) as unknown as DatasetView;

  it('a shutdown date announced, moved or withdrawn is news, with both dates', () => {
    const before = tools(withShutdown('a', null), withShutdown('b', '2027-01-31'), withShutdown('c', '2027-02-28'));
    const after = tools(withShutdown('a', '2027-03-31'), withShutdown('b', '2027-04-30'), withShutdown('c', null));
    const changes = diffDatasets(before, after);
    expect(changes.map((c) => [c.kind, c.toolId, c.field, c.from, c.to])).toEqual([
      ['shutdown-changed', 'a', 'lifecycle.shutdown.date', null, '2027-03-31'],
      ['shutdown-changed', 'b', 'lifecycle.shutdown.date', '2027-01-31', '2027-04-30'],
      ['shutdown-changed', 'c', 'lifecycle.shutdown.date', '2027-02-28', null],
    ]);
    expect(changes.every((c) => change.safeParse(c).success)).toBe(true);
    expect(changes.map(describeChange)).toEqual([
      'A (a): shutdown on the provider API set for 2027-03-31',
      'B (b): shutdown on the provider API moved to 2027-04-30 (was 2027-01-31)',
      'C (c): no shutdown date any more (was 2027-02-28)',
    ]);
    expect(summarize(changes)).toBe('3 shutdown date changes');
  });

  it('the announced day arriving changes the status only; a release without lifecycle data says nothing about dates', () => {
    const retiring = diffDatasets(
      tools(withShutdown('a', '2026-11-30')),
      tools(withShutdown('a', '2026-11-30', 'retired')),
    );
    expect(retiring.map((c) => c.kind)).toEqual(['model-retired']);
    const olderSchema = diffDatasets(tools(tool('a')), tools(withShutdown('a', '2026-11-30', 'active')));
    expect(olderSchema).toEqual([]);
  });
});

describe('capability-changed changes', () => {
  const flagged = (id: string, openWeights: boolean, codingSpecialized = true) => ({
    ...tool(id),
    openWeights,
    reasoning: true,
    toolCalling: true,
    codingSpecialized,
  });
  const tools = (...list: object[]) => ({ tools: list, benchmarks: [] }) as unknown as DatasetView;

  it('a corrected capability flag reaches the feed, with both values', () => {
    const changes = diffDatasets(
      tools(flagged('a', true), flagged('b', false)),
      tools(flagged('a', false), flagged('b', false, false)),
    );
    expect(changes.map((c) => [c.kind, c.toolId, c.field, c.from, c.to])).toEqual([
      ['capability-changed', 'a', 'openWeights', 'true', 'false'],
      ['capability-changed', 'b', 'codingSpecialized', 'true', 'false'],
    ]);
    expect(changes.every((c) => change.safeParse(c).success)).toBe(true);
    expect(describeChange(changes[0]!)).toBe('A (a): openWeights is now false (was true)');
    expect(summarize(changes)).toBe('2 capability changes');
  });

  it('a flag that becomes known (from null) or unknown again (to null) is a change too', () => {
    const image = (id: string, imageInput: boolean | null) => ({ ...flagged(id, true), imageInput });
    const changes = diffDatasets(
      tools(image('a', null), image('b', false), image('c', null)),
      tools(image('a', true), image('b', null), image('c', null)),
    );
    expect(changes.map((c) => [c.kind, c.toolId, c.field, c.from, c.to])).toEqual([
      ['capability-changed', 'a', 'imageInput', null, 'true'],
      ['capability-changed', 'b', 'imageInput', 'false', null],
    ]);
    expect(changes.every((c) => change.safeParse(c).success)).toBe(true);
    expect(describeChange(changes[0]!)).toMatch(/^A \(a\): imageInput is now true/);
  });

  it('a release published before the flags existed says nothing about them', () => {
    expect(diffDatasets(tools(tool('a')), tools(flagged('a', true)))).toEqual([]);
  });
});

describe('score changes an estimate refit explains', () => {
  const detailed = (overallScore: number, sweBench: number, interval: object | null) => ({
    ...score('a', overallScore),
    sweBench,
    overallInterval: { low: 55, high: 65, level: 0.8 },
    scoreDetails: { sweBench: interval ? { kind: 'estimated', value: 50, interval } : { kind: 'measured', value: 50 } },
  });
  const estimated = { low: 45, high: 58, level: 0.8 };
  const release = (changes: Change[]): Release => releaseRecord('2026-12-02', { summary: summarize(changes), changes });

  it('a value inside the interval the previous release published is marked within it; one outside is not', () => {
    const changes = diffDatasets(
      view(['a'], [detailed(60, 50, estimated)]),
      view(['a'], [detailed(62, 59, estimated)]),
    );
    expect(changes.map((c) => [c.field, c.withinPreviousInterval])).toEqual([
      ['benchmarks.overallScore', true],
      ['benchmarks.sweBench', false],
    ]);
    for (const c of changes) expect(change.safeParse(c).success).toBe(true);
    expect(summarize(changes)).toBe('2 score changes (1 within the previous 80% interval)');
  });

  it('an estimate that becomes a measurement is news even when it lands inside the old interval', () => {
    const measured = { ...detailed(60, 52, null) };
    const changes = diffDatasets(view(['a'], [detailed(60, 50, estimated)]), view(['a'], [measured]));
    expect(changes).toEqual([expect.objectContaining({ field: 'benchmarks.sweBench', withinPreviousInterval: false })]);
  });

  it('the extension components, published in scoreDetails only, are diffed too; a release without them is not', () => {
    const withPro = (value: number, kind: string) => ({
      ...score('a', 60),
      scoreDetails: { sweBenchPro: { kind, value, ...(kind === 'estimated' ? { interval: estimated } : {}) } },
    });
    const changes = diffDatasets(view(['a'], [withPro(50, 'estimated')]), view(['a'], [withPro(57, 'measured')]));
    expect(changes).toEqual([
      expect.objectContaining({
        kind: 'score-changed',
        field: 'benchmarks.scoreDetails.sweBenchPro',
        from: 50,
        to: 57,
        withinPreviousInterval: false,
        basis: { from: 'estimated', to: 'measured' },
      }),
    ]);
    expect(describeChange(changes[0]!)).toBe(
      'A (a): benchmarks.scoreDetails.sweBenchPro 50 -> 57 (estimated -> measured)',
    );
    expect(change.safeParse(changes[0]).success).toBe(true);
    expect(diffDatasets(view(['a'], [score('a', 60)]), view(['a'], [withPro(57, 'measured')]))).toEqual([]);
  });

  it('a measured value that changes is never within an interval: it had none', () => {
    const changes = diffDatasets(view(['a'], [detailed(60, 50, null)]), view(['a'], [detailed(60, 51, null)]));
    expect(changes).toEqual([expect.objectContaining({ field: 'benchmarks.sweBench', withinPreviousInterval: false })]);
    expect(summarize(changes)).toBe('1 score change');
  });

  it('the feed lists the changes that matter and counts the refitted estimates, which release.json keeps', () => {
    const changes = diffDatasets(
      view(['a'], [detailed(60, 50, estimated)]),
      view(['a'], [detailed(62, 59, estimated)]),
    );
    const xml = atomFeed([release(changes)], { baseUrl: null, lastUpdated: '2026-12-02T00:00:00Z', removedIds: [] });
    expect(xml).toContain('A (a): benchmarks.sweBench 50 -&gt; 59');
    expect(xml).not.toContain('benchmarks.overallScore 60 -&gt; 62');
    expect(xml).toContain(
      '1 estimated score moved within the previous release&apos;s 80% interval (listed in /api/v/2026-12-02/release.json)',
    );
  });

  it('a release too long for one feed entry is cut, and still says how many estimates were refitted', () => {
    const ids = Array.from({ length: 230 }, (_, i) => `m${i}`);
    const before = view(
      ids,
      ids.map((id) => ({ ...detailed(60, 50, estimated), modelId: id })),
    );
    const after = view(
      ids,
      ids.map((id) => ({ ...detailed(62, 59, estimated), modelId: id })),
    );
    const changes = diffDatasets(before, after);
    expect(changes.filter(isRefit)).toHaveLength(230);
    const xml = atomFeed([release(changes)], { baseUrl: null, lastUpdated: '2026-12-02T00:00:00Z', removedIds: [] });
    expect(xml).toContain('... and 30 more (see /api/v/2026-12-02/release.json)');
    expect(xml).toContain('230 estimated scores moved within the previous release&apos;s 80% interval');
  });
});

describe('price changes beyond the base rates', () => {
  const priced = (details: object) =>
    ({
      tools: [{ ...tool('a'), pricingDetails: { tiers: [], modifiers: [], ...details } }],
      benchmarks: [],
    }) as unknown as DatasetView;
  const batch = { kind: 'batch', input: 0.5, output: 1 };

  it('a batch rate that appears is a price change a feed reader sees', () => {
    const changes = diffDatasets(priced({}), priced({ modifiers: [batch] }));
    expect(changes).toEqual([
      {
        kind: 'price-changed',
        toolId: 'a',
        toolName: 'A',
        field: 'pricingDetails.modifiers',
        from: 'none',
        to: 'batch: 0.5/1',
        percent: null,
      },
    ]);
    expect(change.safeParse(changes[0]).success).toBe(true);
    expect(describeChange(changes[0]!)).toContain('batch: 0.5/1');
  });

  it('a promotion that gets an end date, and a one-hour cache-write price that appears, are price changes', () => {
    const promotion = { kind: 'promotion', input: 0.1, output: 0.2, from: '2026-12-01' };
    const changes = diffDatasets(
      priced({ modifiers: [promotion] }),
      priced({ modifiers: [{ ...promotion, until: '2026-12-31' }], cacheCreate1h: 2 }),
    );
    // Changes of one tool sort by field.
    expect(changes.map((c) => [c.field, c.from, c.to])).toEqual([
      ['pricingDetails.cacheCreate1h', null, 2],
      [
        'pricingDetails.modifiers',
        'promotion from 2026-12-01: 0.1/0.2',
        'promotion from 2026-12-01 until 2026-12-31: 0.1/0.2',
      ],
    ]);
  });

  it('a release view without modifiers (an older schema) reads as none, so nothing changes', () => {
    const old = { tools: [tool('a')], benchmarks: [] } as unknown as DatasetView;
    expect(diffDatasets(old, priced({}))).toEqual([]);
  });
});
