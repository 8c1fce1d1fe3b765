/** The rules that decide which results are comparable and which one a model uses, on data built to break them. */
import { describe, expect, it } from 'vitest';
import { DataError } from '../../src/compile/errors.ts';
import {
  assertComparable,
  chooseObservations,
  protocolIssues,
  runClassOf,
  toolIdOfResults,
} from '../../src/compile/derive/benchmark-results.ts';
import { measurementNoise } from '../../src/compile/derive/benchmark-estimates.ts';
import { overall, rankAll, type Overall } from '../../src/compile/derive/benchmark-rank.ts';
import { hasMeasuredResult } from '../../src/compile/derive/benchmarks.ts';
import type { Component } from '../../src/compile/derive/benchmark-components.ts';
import type { ModelScores } from '../../src/compile/derive/benchmark-estimates.ts';
import type { BenchmarkResult, ResultsFile, SeriesFile } from '../../src/schema/source.ts';
import { benchmarkResult } from '../support/fixtures.ts';

type Series = SeriesFile['series'][number];

const series = (id: string, extra: Partial<Series> = {}): Series => ({
  id,
  name: id,
  url: 'https://example.org/',
  license: 'test',
  description: 'a series for tests',
  ...extra,
});

const result = (
  seriesId: string,
  value: number,
  variant: string,
  extra: Partial<BenchmarkResult> = {},
): BenchmarkResult =>
  benchmarkResult(seriesId, value, {
    benchmark: 'SWE-bench Verified',
    variant,
    date: '2026-01-01',
    source: 'https://example.org/source',
    reportedBy: 'vendor',
    ...extra,
  });

const file = (model: string, results: BenchmarkResult[], toolId: string | null = null): ResultsFile => ({
  model,
  modelName: model,
  toolId,
  results,
});

describe('run class of a published variant', () => {
  it('marks several attempts, parallel compute, ultra modes and changed benchmarks as non-standard', () => {
    for (const variant of [
      'vendor-reported (Anthropic, high-compute parallel test-time compute)',
      'vendor-reported SWE-bench Verified; method: Multiple attempts; preview-06-05',
      'Verified leaderboard: Agentless-1.5, attempts=2+, not checked',
      "vendor-reported (OpenAI); Sol 'ultra' mode = parallel subagents, not a single-model run",
      'vendor-reported HumanEval+ (reported as Pass@5); method: Pass@5',
      'vendor-reported (MiniMax), Claude Code on MiniMax internal framework, dataset verified/fixed by MiniMax, timeouts removed',
    ])
      expect(runClassOf(variant), variant).toBe('nonstandard');
  });

  it('marks an unstated harness as unstated, except a leaderboard quote whose leaderboard fixes the scaffold', () => {
    expect(runClassOf('vendor-reported (Google Cloud model guide); harness not stated in the quote')).toBe('unstated');
    expect(
      runClassOf(
        'Scale AI SWE-Bench Pro leaderboard, public set, resolve rate (scaffold as on the leaderboard; not stated in the quote)',
      ),
    ).toBe('standard');
    expect(runClassOf('vendor-reported (Anthropic, standard: bash + file-edit tools, avg of trials)')).toBe('standard');
    expect(runClassOf('mean reward, 89 tasks x 5 attempts, Harbor + Terminus-2 harness')).toBe('standard');
    expect(runClassOf('Verified leaderboard: OpenHands, attempts=1, checked')).toBe('standard');
  });
});

describe('the within-series pick rule', () => {
  const standard = result(
    'swe-bench-verified-vendor',
    77.2,
    'vendor-reported (Anthropic, standard: bash + file-edit tools, avg of trials)',
  );
  const parallel = result(
    'swe-bench-verified-vendor',
    82,
    'vendor-reported (Anthropic, high-compute parallel test-time compute)',
  );
  const unstated = result('swe-bench-verified-vendor', 90, 'vendor-reported; scaffold not stated in the quote');
  const higherEffort = result('swe-bench-verified-vendor', 79.0, 'vendor-reported (Anthropic, standard, max effort)');

  it('prefers the standard run over a higher parallel-compute one', () => {
    const [pick] = chooseObservations([file('m', [parallel, standard])]);
    expect(pick).toMatchObject({ value: 77.2, runClass: 'standard' });
  });

  it('never uses a non-standard run, even when it is the only one', () => {
    expect(chooseObservations([file('m', [parallel])])).toEqual([]);
  });

  it('prefers a standard run over an unstated one, and the best standard configuration among standard runs', () => {
    expect(chooseObservations([file('m', [unstated, standard, higherEffort])])[0]).toMatchObject({
      value: 79.0,
      runClass: 'standard',
    });
    expect(chooseObservations([file('m', [unstated, parallel])])[0]).toMatchObject({ value: 90, runClass: 'unstated' });
  });

  it('does not depend on the order of the results', () => {
    const results = [
      unstated,
      standard,
      higherEffort,
      parallel,
      { ...standard, value: 79.0, date: '2026-02-01', source: 'https://example.org/b' },
    ];
    const reference = chooseObservations([file('m', results)]);
    expect(chooseObservations([file('m', [...results].reverse())])).toEqual(reference);
    expect(reference[0]).toMatchObject({ value: 79.0, date: '2026-02-01' });
  });
});

describe('comparable series only', () => {
  const definitions = [
    series('swe-bench-verified-vendor', { reportedBy: 'vendor', seedField: 'sweBench' }),
    series('swe-bench-verified-bash-only-v2', { reportedBy: 'independent', variantPattern: 'mini-SWE-agent v2\\.' }),
  ];

  it('accepts results of the series protocol', () => {
    const ok = [
      file('a', [
        result('swe-bench-verified-vendor', 80, 'vendor-reported'),
        result('swe-bench-verified-bash-only-v2', 70, 'bash-only leaderboard, mini-SWE-agent v2.0.0', {
          reportedBy: 'independent',
        }),
      ]),
    ];
    expect(protocolIssues(definitions, ok)).toEqual([]);
    expect(() => assertComparable(definitions, ok)).not.toThrow();
  });

  it('rejects a developer-reported result in an independent series and the other way round', () => {
    const mixed = [
      file('a', [
        result('swe-bench-verified-bash-only-v2', 70, 'bash-only leaderboard, mini-SWE-agent v2.0.0', {
          reportedBy: 'vendor',
        }),
        result('swe-bench-verified-vendor', 71, 'OpenHands run by a third party', { reportedBy: 'independent' }),
      ]),
    ];
    const issues = protocolIssues(definitions, mixed);
    expect(issues.map((i) => i.field)).toEqual(['results.0.reportedBy', 'results.1.reportedBy']);
    expect(issues[0]!.file).toBe('benchmarks/results/a.json');
    expect(() => assertComparable(definitions, mixed)).toThrow(DataError);
  });

  it('rejects a result of another harness version (mini-SWE-agent 1.x in the 2.x series)', () => {
    const issues = protocolIssues(definitions, [
      file('a', [
        result('swe-bench-verified-bash-only-v2', 65, 'bash-only leaderboard, mini-SWE-agent v1.7.0', {
          reportedBy: 'independent',
        }),
      ]),
    ]);
    expect(issues).toHaveLength(1);
    expect(issues[0]!.message).toMatch(/does not match the protocol/);
  });

  it('rejects two reference series for one field', () => {
    const issues = protocolIssues([...definitions, series('swe-bench-verified-epoch', { seedField: 'sweBench' })], []);
    expect(issues).toHaveLength(1);
    expect(issues[0]!.field).toBe('seedField');
  });
});

describe('links and evidence', () => {
  it('links a results file to its tool by toolId, or by its model slug when that is a tool id', () => {
    const tools = new Set(['glm-5-3', 'gpt-5']);
    expect(toolIdOfResults(file('gpt-5', [], 'gpt-5'), tools)).toBe('gpt-5');
    expect(toolIdOfResults(file('glm-5-3', []), tools)).toBe('glm-5-3');
    expect(toolIdOfResults(file('laguna-xs-2', []), tools)).toBeNull();
    expect(toolIdOfResults(file('phi-4', [], 'phi-4'), tools)).toBeNull();
  });

  it('says whether a tool has a used result in any of the given series', () => {
    const output = { measuredSeries: new Map([['gpt-5', new Set(['swe-bench-verified-vendor', 'livecodebench-aa'])]]) };
    expect(hasMeasuredResult(output, 'gpt-5', ['terminal-bench-4', 'livecodebench-aa'])).toBe(true);
    expect(hasMeasuredResult(output, 'gpt-5', ['terminal-bench-4'])).toBe(false);
    expect(hasMeasuredResult(output, 'unknown', ['livecodebench-aa'])).toBe(false);
  });

  it('takes a measured value’s sampling error from its stated confidence interval, else from the task count', () => {
    expect(
      measurementNoise(
        { value: 51.82, variant: 'official TB 4.0 leaderboard run; 95% CI +/-3.39 pp [Opus 5]' },
        undefined,
      ),
    ).toBeCloseTo(3.39 / 1.96, 2);
    expect(measurementNoise({ value: 80, variant: 'vendor-reported' }, 500)).toBeCloseTo(
      100 * Math.sqrt(0.16 / 500),
      10,
    );
    expect(measurementNoise({ value: 80, variant: 'vendor-reported' }, undefined)).toBe(0);
  });
});

describe('overall interval and rank ranges', () => {
  const components: Component[] = [
    { key: 'sweBench', label: 'A', weight: 0.5, series: 'a', alive: true, recentModels: 3 },
    { key: 'sweBenchPro', label: 'B', weight: 0.5, series: 'b', alive: true, recentModels: 3 },
  ];
  const measured = (value: number, noise = 0) => ({ value, noise, detail: {} as never });
  const scores = (a: ModelScores['sweBench'], b: ModelScores['sweBench']) =>
    ({ sweBench: a, sweBenchPro: b }) as unknown as ModelScores;

  it('is deterministic, contains the score, and widens with an estimated component', () => {
    const exact = overall('x', scores(measured(60), measured(40)), components, 0.8);
    expect(exact).toEqual({ score: 50, interval: { low: 50, high: 50, level: 0.8 } });
    const estimate = {
      value: 40,
      detail: {} as never,
      draw: {
        distribution: { logit: Math.log(40 / 60), sharedScale: 0.3, ownScale: 0.4 },
        multiplier: 1.28,
        ceiling: 90,
      },
    };
    const uncertain = overall('x', scores(measured(60, 2), estimate), components, 0.8);
    expect(uncertain).toEqual(overall('x', scores(measured(60, 2), estimate), components, 0.8));
    expect(uncertain.interval.low).toBeLessThan(50);
    expect(uncertain.interval.high).toBeGreaterThan(50);
    expect(uncertain.interval.low).toBeLessThanOrEqual(uncertain.score);
    expect(uncertain.interval.high).toBeGreaterThanOrEqual(uncertain.score);
  });

  it('counts a lead as real only where intervals do not overlap', () => {
    const at = (score: number, low: number, high: number): Overall => ({ score, interval: { low, high, level: 0.8 } });
    const ranked = rankAll(
      new Map([
        ['a', at(80, 78, 82)],
        ['b', at(79, 76, 81)],
        ['c', at(70, 68, 72)],
        ['d', at(70, 60, 79)],
      ]),
    );
    // a and b overlap each other and d; c lies wholly below a and b.
    expect(ranked.get('a')).toEqual({ rank: 1, rankRange: { best: 1, worst: 3 } });
    expect(ranked.get('b')).toEqual({ rank: 2, rankRange: { best: 1, worst: 3 } });
    // c and d tie on score: the id decides the rank, the intervals the range.
    expect(ranked.get('c')).toEqual({ rank: 3, rankRange: { best: 3, worst: 4 } });
    expect(ranked.get('d')).toEqual({ rank: 4, rankRange: { best: 1, worst: 4 } });
  });
});
