/**
 * Scores that reflect today, broken on purpose with small fixtures: a series nobody runs for
 * recent models leaves overallScore, no estimate is published with low = high, an estimate above
 * everything a series measured gets an interval at least as wide as an in-range one, measuredCount
 * counts the weighted components that are measured, and small series are not judged on coverage.
 */
import { describe, expect, it } from 'vitest';
import { deriveBenchmarks } from '../../src/compile/derive/benchmarks.ts';
import {
  extrapolatedInterval,
  falsePrecision,
  inRangeWidth,
  publishedInterval,
} from '../../src/compile/derive/benchmark-estimates.ts';
import {
  ALIVE_MIN_MODELS,
  derivedWeights,
  seriesLiveness,
  windowStart,
} from '../../src/compile/derive/benchmark-liveness.ts';
import { coverageVerdict, MIN_HELD_OUT_FOR_COVERAGE } from '../../src/compile/scoring/index.ts';
import type { ResultsFile, SeriesFile, ToolFile } from '../../src/schema/source.ts';
import { benchmarkResult } from '../support/fixtures.ts';

type Series = SeriesFile['series'][number];

const series = (id: string, seedField?: Series['seedField']): Series => ({
  id,
  name: id,
  url: 'https://bench.test/',
  license: 'test',
  description: `fixture series ${id}`,
  ...(seedField ? { seedField } : {}),
});
const SERIES: Series[] = [
  series('swe', 'sweBench'),
  series('lcb', 'liveCodeBench'),
  series('he', 'humanEval'),
  series('bcb', 'bigCodeBench'),
  series('swe-bench-pro-vendor'),
  series('terminal-bench-4'),
];

const tool = (id: string, releaseDate: string) =>
  ({
    id,
    name: id.toUpperCase(),
    provider: 'p',
    releaseDate,
    status: 'active',
    pricing: { input: 1, output: 4, cacheRead: null, cacheCreate: null },
    pricingDetails: { free: false },
    contextTokens: 200_000,
    openWeights: false,
  }) as unknown as ToolFile;

const results = (model: string, values: Record<string, number>): ResultsFile => ({
  model,
  modelName: model,
  toolId: model,
  results: Object.entries(values).map(([id, value]) => benchmarkResult(id, value)),
});

/**
 * Eight models: four released in 2025 (measured on every series) and four released in 2026-09
 * (measured on SWE-bench, SWE-bench Pro and Terminal-Bench only; the first `recentOnLcb` of them on
 * LiveCodeBench too). Capability rises with the index.
 */
function fixture(recentOnLcb = 0) {
  const tools: ToolFile[] = [];
  const files: ResultsFile[] = [];
  for (let i = 0; i < 8; i++) {
    const id = `m${i}`;
    const recent = i >= 4;
    tools.push(tool(id, recent ? '2026-09' : '2025-03'));
    const base = 30 + 6 * i;
    const values: Record<string, number> = {
      swe: base + 10,
      'swe-bench-pro-vendor': base,
      'terminal-bench-4': base - 10,
    };
    if (!recent) Object.assign(values, { lcb: base + 5, he: base + 30, bcb: base + 2 });
    else if (i - 4 < recentOnLcb) values.lcb = base + 5;
    files.push(results(id, values));
  }
  // A model between the others, measured nowhere on the dead series: its estimates there are in range.
  tools.push(tool('mid', '2025-06'));
  files.push(results('mid', { swe: 50, 'swe-bench-pro-vendor': 40, 'terminal-bench-4': 30 }));
  return { tools, files };
}

function derive(tools: ToolFile[], files: ResultsFile[]) {
  return deriveBenchmarks({
    tools,
    providerNames: new Map([['p', 'P']]),
    series: SERIES,
    results: files,
    version: 'test',
    runDate: '2026-11-22T00:00:00Z',
  });
}

describe('only live series carry the overall', () => {
  it('counts the window in release months back from the dataset date', () => {
    expect(windowStart('2026-11-22T00:00:00Z')).toBe('2026-05');
    expect(windowStart('2026-03-01')).toBe('2025-09');
    expect(() => windowStart('soon')).toThrow(/YYYY-MM/);
  });

  it('a series is alive with enough recent models measured; reference models and old releases do not count', () => {
    const used = [
      { model: 'a', series: 's' },
      { model: 'b', series: 's' },
      { model: 'c', series: 's' },
      { model: 'old', series: 't' },
      { model: 'ref', series: 't' },
      { model: 'a', series: 't' },
    ];
    const month = new Map([
      ['a', '2026-10'],
      ['b', '2026-05'],
      ['c', '2026-11'],
      ['old', '2026-04'],
    ]);
    const liveness = seriesLiveness(['s', 't', 'u'], used, (m) => month.get(m), '2026-11-22');
    expect(liveness.get('s')).toEqual({ alive: true, recentModels: 3 });
    expect(liveness.get('t')).toEqual({ alive: false, recentModels: 1 });
    expect(liveness.get('u')).toEqual({ alive: false, recentModels: 0 });
    expect(derivedWeights(['s', 't'], liveness)).toEqual([1, 0]);
    expect(derivedWeights(['t', 'u'], liveness)).toEqual([0.5, 0.5]);
  });

  it('a dead series keeps its field and data but leaves the aggregate, and changing its values moves no score', () => {
    const { tools, files } = fixture();
    const output = derive(tools, files);
    const body = output.document;
    expect(body.aggregate.map((a) => [a.field, a.alive, a.weight])).toEqual([
      ['sweBench', true, 1 / 3],
      ['liveCodeBench', false, 0],
      ['humanEval', false, 0],
      ['bigCodeBench', false, 0],
      ['sweBenchPro', true, 1 / 3],
      ['terminalBench', true, 1 / 3],
    ]);
    const lcb = body.sources.find((s) => s.id === 'lcb')!;
    expect(lcb).toMatchObject({ alive: false, recentModels: 0, aggregateWeight: 0, resultCount: 4 });
    expect(body.models.find((m) => m.modelId === 'm7')!.scoreDetails.liveCodeBench.kind).toBe('estimated');

    // An old model's LiveCodeBench result changes: no overall score moves while the series is dead.
    const changed = files.map((f) =>
      f.model === 'm1' ? { ...f, results: f.results.map((r) => (r.series === 'lcb' ? { ...r, value: 90 } : r)) } : f,
    );
    const after = derive(tools, changed).document;
    expect(after.models.find((m) => m.modelId === 'm1')!.overallScore).toBe(
      body.models.find((m) => m.modelId === 'm1')!.overallScore,
    );
  });

  it('the same series alive again (recent models measured on it) takes its equal share back', () => {
    const { tools, files } = fixture(ALIVE_MIN_MODELS);
    const body = derive(tools, files).document;
    const weights = Object.fromEntries(body.aggregate.map((a) => [a.field, a.weight]));
    expect(weights).toMatchObject({ sweBench: 0.25, liveCodeBench: 0.25, sweBenchPro: 0.25, terminalBench: 0.25 });
    expect(body.sources.find((s) => s.id === 'lcb')).toMatchObject({ alive: true, recentModels: ALIVE_MIN_MODELS });
  });

  it('measuredCount counts the measured components that carry weight, the four seed fields or not', () => {
    const { tools, files } = fixture();
    const body = derive(tools, files).document;
    // m7: measured on SWE-bench, SWE-bench Pro and Terminal-Bench (all weighted); m0 also on the dead three.
    expect(body.models.find((m) => m.modelId === 'm7')!.measuredCount).toBe(3);
    expect(body.models.find((m) => m.modelId === 'm0')!.measuredCount).toBe(3);
  });
});

describe('no false precision', () => {
  it('an estimate above everything its series measured is published with a real interval, at least as wide as in range', () => {
    const { tools, files } = fixture();
    const body = derive(tools, files).document;
    // m7 is the most capable model and has no LiveCodeBench result: its estimate is above the series' best.
    const detail = body.models.find((m) => m.modelId === 'm7')!.scoreDetails.liveCodeBench;
    expect(detail).toMatchObject({ kind: 'estimated', extrapolated: true });
    expect(detail.value).toBeLessThanOrEqual(Math.max(...[0, 1, 2, 3].map((i) => 30 + 6 * i + 5)));
    const inRange = body.models
      .flatMap((m) => Object.values(m.scoreDetails))
      .filter((d) => d.kind === 'estimated' && !d.extrapolated && d.series === 'lcb');
    expect(inRange.length).toBeGreaterThan(0);
    expect(detail.interval!.high - detail.interval!.low).toBeGreaterThan(0);
    for (const d of inRange)
      expect(detail.interval!.high - detail.interval!.low).toBeGreaterThanOrEqual(
        d.interval!.high - d.interval!.low - 0.2,
      );
    expect(falsePrecision(body.models)).toEqual([]);
  });

  it('a zero-width interval on an estimate is refused', () => {
    const estimate = {
      kind: 'estimated' as const,
      value: 62.2,
      series: 'bcb',
      source: null,
      date: null,
      variant: null,
      reportedBy: null,
      runClass: null,
      interval: { low: 62.2, high: 62.2, level: 0.8 as const },
      extrapolated: true,
      evidence: 'estimated' as const,
    };
    expect(falsePrecision([{ modelId: 'x', scoreDetails: { bigCodeBench: estimate } }])).toEqual([
      'x.scoreDetails.bigCodeBench: estimate 62.2 with interval 62.2-62.2',
    ]);
    const outside = { ...estimate, interval: { low: 40, high: 50, level: 0.8 as const } };
    expect(falsePrecision([{ modelId: 'y', scoreDetails: { bigCodeBench: outside } }])).toHaveLength(1);
  });

  it('widening keeps the value inside, stays within 0..100, and rounding never collapses an interval', () => {
    const spread = { logit: 4, sharedScale: 0.3, ownScale: 0.4 };
    const width = inRangeWidth(spread, 1.3, { low: 20, high: 62.2 });
    // The widest in-range interval is where the estimate is nearest 50.
    expect(width).toBeGreaterThan(inRangeWidth({ ...spread, logit: 0 }, 1.3, { low: 80, high: 90 }));
    const capped = extrapolatedInterval({ low: 96, high: 99.5 }, 62.2, width);
    expect(capped.low).toBeLessThan(62.2);
    expect(capped.high - capped.low).toBeGreaterThanOrEqual(width - 1e-9);
    const atTop = extrapolatedInterval({ low: 99, high: 99.9 }, 99.5, 30);
    expect(atTop).toEqual({ low: 70, high: 100 });
    const atBottom = extrapolatedInterval({ low: 0.1, high: 1 }, 0.5, 30);
    expect(atBottom).toEqual({ low: 0, high: 30 });
    expect(publishedInterval({ low: 62.2, high: 62.21 }, 62.2)).toEqual({ low: 62.2, high: 62.3 });
    expect(publishedInterval({ low: 99.98, high: 100 }, 100)).toEqual({ low: 99.9, high: 100 });
  });

  it('per-series coverage is judged only with enough held-out values; a small series is reported as small', () => {
    expect(coverageVerdict({ n: MIN_HELD_OUT_FOR_COVERAGE - 1, share: 0.5 })).toBe('small');
    expect(coverageVerdict({ n: MIN_HELD_OUT_FOR_COVERAGE, share: 0.8 })).toBe('within');
    expect(coverageVerdict({ n: 100, share: 0.7 })).toBe('outside');
    expect(coverageVerdict({ n: 100, share: 0.9 })).toBe('outside');
  });
});
