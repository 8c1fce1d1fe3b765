/** Whole-build properties: determinism, the scoring method's measured accuracy on the real data, and published values. */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { buildDocuments } from '../../src/compile/documents.ts';
import { artifactFiles } from '../../src/history/artifact-files.ts';
import type { BenchmarksDocument } from '../../src/schema/api.ts';
import { calibrate, COVERAGE_TARGET, type CrossValidationResult } from '../../src/compile/scoring/index.ts';
import { chooseObservations, runClassOf, toolIdOfResults } from '../../src/compile/derive/benchmark-results.ts';
import { COMPONENT_KEYS } from '../../src/compile/derive/benchmark-components.ts';
import type { SourceData } from '../../src/compile/load.ts';
import { freshSource } from '../support/source.ts';

// The leave-one-out of the real data is computed once by the global setup; every build below reuses it.
const cv = JSON.parse(inject('crossValidation')) as CrossValidationResult;

describe('the build', () => {
  // Every file the artifact publishes, byte for byte, whatever order the data files were read in. The compressed
  // copies are made from these bodies alone (static-export.test.ts compares them with the brotli and gzip command
  // lines), so compressing both builds again would add a minute of CPU and prove nothing more.
  it('is deterministic: the same data gives a byte-identical artifact', async () => {
    const first = await freshSource();
    const second = await freshSource();
    second.tools.reverse();
    second.results.reverse();
    const published = (source: SourceData) => {
      const built = buildDocuments(source, { crossValidation: cv });
      const { files } = artifactFiles({ documents: built.documents, records: built.records, meta: source.meta.data });
      // A file linked from an earlier release is named by its SHA-256 (none is, without a history).
      return new Map(files.map((file) => [file.urlPath, 'body' in file ? file.body : Buffer.from(file.stored.sha256)]));
    };
    const a = published(first);
    const b = published(second);
    expect(a.size).toBeGreaterThan(300);
    expect([...b.keys()].sort()).toEqual([...a.keys()].sort());
    for (const [file, bytes] of a) expect(b.get(file)!.equals(bytes), file).toBe(true);
  });
});

describe('the scoring method on the real data', () => {
  let source: SourceData;
  let body: BenchmarksDocument['benchmarks'];
  beforeAll(async () => {
    source = await freshSource();
    body = (buildDocuments(source, { crossValidation: cv }).documents['benchmarks.json'] as BenchmarksDocument)
      .benchmarks;
  });

  it('beats the per-series-mean baseline on held-out values of every reference series', () => {
    expect(cv.perSeries.length).toBe(COMPONENT_KEYS.length);
    for (const series of cv.perSeries) {
      expect(series.n, series.series).toBeGreaterThan(5);
      expect(series.maeModel, series.series).toBeLessThan(series.maeBaseline);
    }
    expect(cv.overall.maeModel).toBeLessThan(cv.overall.maeBaseline * 0.75);
  });

  it('has calibrated intervals: nominal 80% covers 75-85% of held-out values, as published', () => {
    const calibration = calibrate(cv.heldOut);
    expect(calibration.overall.share).toBeGreaterThanOrEqual(COVERAGE_TARGET.low);
    expect(calibration.overall.share).toBeLessThanOrEqual(COVERAGE_TARGET.high);
    expect(body.calibration).toMatchObject({ level: 0.8, n: calibration.overall.n, passes: true });
    for (const entry of calibration.perSeries) {
      const published = body.sources.find((s) => s.id === entry.series)!.crossValidation!;
      expect(published.coverage).toBeCloseTo(entry.share, 4);
    }
  });

  it('compares with the previous method on the same held-out values for every seed field', () => {
    expect(cv.comparison!.map((c) => c.label)).toEqual(['sweBench', 'liveCodeBench', 'humanEval', 'bigCodeBench']);
    for (const c of cv.comparison!) expect(c.n, c.label).toBeGreaterThan(5);
  });

  it('publishes a measured value only from the reference series, exactly the result the pick rule chose', () => {
    const picks = new Map(
      chooseObservations(source.results.map((r) => r.data)).map((c) => [`${c.model}/${c.series}`, c]),
    );
    const references = new Map(body.aggregate.map((a) => [a.field, a.series]));
    for (const model of body.models) {
      for (const field of COMPONENT_KEYS) {
        const detail = model.scoreDetails[field];
        expect(detail.series, `${model.modelId} ${field}`).toBe(references.get(field));
        if (detail.kind !== 'measured') continue;
        const used = model.results.filter((r) => r.used && r.series === detail.series);
        expect(used, `${model.modelId} ${field}`).toHaveLength(1);
        expect(used[0]!.value).toBe(detail.value);
        expect(used[0]!.runClass).not.toBe('nonstandard');
        expect(detail.interval).toBeNull();
        expect(picks.has(`${model.modelId}/${detail.series}`)).toBe(true);
      }
      for (const field of ['sweBench', 'liveCodeBench', 'humanEval', 'bigCodeBench'] as const)
        expect(model[field]).toBe(model.scoreDetails[field].value);
    }
    // Spot checks a reader can verify against the sources: Claude Opus 4.5 reports 80.9 on SWE-bench Verified;
    // Claude Sonnet 4.5 reports 77.2 in the standard setting and 82.0 with parallel test-time compute.
    const model = (id: string) => body.models.find((m) => m.modelId === id)!;
    expect(model('claude-opus-4-5').scoreDetails.sweBench).toMatchObject({
      kind: 'measured',
      value: 80.9,
      reportedBy: 'vendor',
    });
    expect(model('claude-sonnet-4-5').scoreDetails.sweBench).toMatchObject({
      kind: 'measured',
      value: 77.2,
      runClass: 'standard',
    });
    expect(model('claude-sonnet-4-5').results.find((r) => r.value === 82)).toMatchObject({
      runClass: 'nonstandard',
      used: false,
    });
  });

  it('gives every estimate an interval around it with low < high, and never publishes one above the best measured value of its series', () => {
    const best = new Map<string, number>();
    const worst = new Map<string, number>();
    for (const c of chooseObservations(source.results.map((r) => r.data))) {
      best.set(c.series, Math.max(best.get(c.series) ?? 0, c.value));
      worst.set(c.series, Math.min(worst.get(c.series) ?? 100, c.value));
    }
    for (const model of body.models)
      for (const field of COMPONENT_KEYS) {
        const detail = model.scoreDetails[field];
        if (detail.kind !== 'estimated') continue;
        const where = `${model.modelId} ${field}`;
        expect(detail.interval, where).not.toBeNull();
        expect(detail.interval!.low, where).toBeLessThanOrEqual(detail.value);
        expect(detail.interval!.high, where).toBeGreaterThanOrEqual(detail.value);
        expect(detail.interval!.low, where).toBeLessThan(detail.interval!.high);
        // The value is capped at the best measured value; its interval may reach above it (no false precision).
        expect(detail.value, where).toBeLessThanOrEqual(best.get(detail.series!)!);
        // Inside the measured range unless flagged (0.05: the published value is rounded to 0.1).
        if (!detail.extrapolated) expect(detail.value, where).toBeGreaterThanOrEqual(worst.get(detail.series!)! - 0.05);
      }
  });

  it('ranks scored tools with an interval and a rank range, from an aggregate of the documented weights', () => {
    const weights = new Map(body.aggregate.map((a) => [a.field, a.weight]));
    expect([...weights.values()].reduce((a, b) => a + b, 0)).toBeCloseTo(1, 10);
    expect(weights.get('humanEval')).toBe(0);
    expect(weights.get('bigCodeBench')).toBe(0);
    const ranks = body.models.map((m) => m.rank);
    expect(ranks).toEqual(ranks.map((_, i) => i + 1));
    for (const model of body.models) {
      const aggregate = COMPONENT_KEYS.reduce((sum, f) => sum + weights.get(f)! * model.scoreDetails[f].value, 0);
      expect(Math.abs(model.overallScore - aggregate), model.modelId).toBeLessThanOrEqual(0.1);
      expect(model.overallInterval.low).toBeLessThanOrEqual(model.overallScore);
      expect(model.overallInterval.high).toBeGreaterThanOrEqual(model.overallScore);
      expect(model.rankRange.best).toBeLessThanOrEqual(model.rank);
      expect(model.rankRange.worst).toBeGreaterThanOrEqual(model.rank);
    }
  });

  it('scores every tool with a usable published result and lists every other tool with the reason', () => {
    const toolIds = new Set(source.tools.map((t) => t.data.id));
    const usable = new Set(
      source.results.flatMap(({ data }) => {
        const id = toolIdOfResults(data, toolIds);
        return id && data.results.some((r) => runClassOf(r.variant) !== 'nonstandard') ? [id] : [];
      }),
    );
    expect(new Set(body.models.map((m) => m.modelId))).toEqual(usable);
    expect(body.unscored.map((u) => u.toolId).sort()).toEqual([...toolIds].filter((id) => !usable.has(id)).sort());
    for (const u of body.unscored) expect(u.reason).toMatch(/^unscored: .* as of \d{4}-\d{2}-\d{2}$/);
  });

  it('states the cross-validation and calibration figures in the published methodology', () => {
    expect(body.methodology).toContain(`${cv.overall.maeModel.toFixed(1)} vs ${cv.overall.maeBaseline.toFixed(1)}`);
    expect(body.methodology).toContain(
      `intervals cover ${Math.round(100 * body.calibration.coverage)}% of held-out values`,
    );
    expect(body.methodology).toMatch(/Leave-one-out/);
  });
});
