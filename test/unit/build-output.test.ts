/** Whole-build properties: determinism, the scoring method's measured accuracy on the real data, and published values. */
import { describe, expect, inject, it } from 'vitest';
import { buildDocuments } from '../../src/compile/documents.ts';
import { prepareFromDocuments } from '../../src/history/artifact-files.ts';
import type { BenchmarkModel } from '../../src/schema/api.ts';
import type { CrossValidationResult } from '../../src/compile/scoring/index.ts';
import { freshSource } from '../support/source.ts';

describe('the build', () => {
  it('is deterministic: the same data gives a byte-identical artifact', async () => {
    const first = await freshSource();
    const second = await freshSource();
    second.tools.reverse();
    second.results.reverse();
    const a = prepareFromDocuments({ documents: buildDocuments(first).documents, meta: first.meta.data });
    const b = prepareFromDocuments({ documents: buildDocuments(second).documents, meta: second.meta.data });
    expect(b.manifest.buildId).toBe(a.manifest.buildId);
    expect([...b.contents.keys()].sort()).toEqual([...a.contents.keys()].sort());
    for (const [file, bytes] of a.contents) expect(b.contents.get(file)!.equals(bytes), file).toBe(true);
  });
});

describe('the scoring method on the real data', () => {
  const cv = JSON.parse(inject('crossValidation')) as CrossValidationResult;

  it('beats the per-benchmark-mean baseline on held-out values for every seed benchmark', () => {
    expect(cv.perSeries.length).toBeGreaterThanOrEqual(4);
    for (const series of cv.perSeries) {
      expect(series.n, series.series).toBeGreaterThan(5);
      expect(series.maeModel, series.series).toBeLessThan(series.maeBaseline);
    }
    expect(cv.overall.maeModel).toBeLessThan(cv.overall.maeBaseline * 0.75);
  });

  it('publishes measured values exactly as recorded, and estimates only what is missing', async () => {
    const source = await freshSource();
    const { documents } = buildDocuments(source, { crossValidation: cv });
    const models = (documents['benchmarks.json'] as { benchmarks: { models: BenchmarkModel[]; methodology: string } }).benchmarks.models;
    // Results of a removed tool (data/removed-ids.json) stay in the fit but are not published.
    const toolIds = new Set(source.tools.map((t) => t.data.id));
    const resultsByTool = new Map(source.results.filter((r) => r.data.toolId && toolIds.has(r.data.toolId)).map((r) => [r.data.toolId!, r.data.results]));
    expect(models.length).toBe(resultsByTool.size);
    for (const model of models) {
      for (const field of ['sweBench', 'liveCodeBench', 'humanEval', 'bigCodeBench'] as const) {
        const detail = model.scoreDetails[field];
        expect(model[field]).toBe(detail.value);
        if (detail.kind === 'measured') {
          const recorded = resultsByTool.get(model.modelId)!.filter((r) => r.series === detail.series);
          expect(Math.max(...recorded.map((r) => r.value)), `${model.modelId} ${field}`).toBe(detail.value);
        }
      }
      expect(model.overallScore).toBeGreaterThanOrEqual(0);
      expect(model.overallScore).toBeLessThanOrEqual(100);
    }
    // A spot check a reader can verify against the source: Claude Opus 4.5's best published SWE-bench Verified is 80.9 (vendor).
    const opus = models.find((m) => m.modelId === 'claude-opus-4-5')!;
    expect(opus.scoreDetails.sweBench).toMatchObject({ kind: 'measured', value: 80.9, reportedBy: 'vendor' });
  });

  it('states the cross-validation figures in the published methodology', async () => {
    const source = await freshSource();
    const { documents } = buildDocuments(source, { crossValidation: cv });
    const methodology = (documents['benchmarks.json'] as { benchmarks: { methodology: string } }).benchmarks.methodology;
    expect(methodology).toContain(`${cv.overall.maeModel.toFixed(1)} vs ${cv.overall.maeBaseline.toFixed(1)}`);
    expect(methodology).toMatch(/Leave-one-out/);
  });
});
