/**
 * `benchmarkVersion` names one content of benchmarks.json: a release moves it exactly when results,
 * series or scores differ from the previous release, whatever brought the change (an upstream or a
 * curated edit released by hand), and keeps it when only the version and timestamps would differ.
 */
import { describe, expect, it } from 'vitest';
import type { Documents } from '../../src/compile/documents.ts';
import { loadReleases } from '../../src/history/releases.ts';
import { fileCache } from '../../src/history/publish.ts';
import { PATHS } from '../../src/fs/paths.ts';
import { benchmarkContentChanged } from '../../src/refresh/benchmark-version.ts';

type Benchmarks = Documents['benchmarks.json'];

describe('benchmark version', async () => {
  const newest = (await loadReleases(PATHS.releases, fileCache())).newest!;
  const body = newest.bodies.get('benchmarks.json')!;
  const copy = (): Benchmarks => JSON.parse(body.toString('utf8'));

  it('stays when only the version and the run time differ', () => {
    const next = copy();
    const runDay = next.benchmarks.runDate.slice(0, 10);
    next.benchmarks.version = '2099.01.01';
    next.benchmarks.runDate = '2099-01-01T00:00:00Z';
    next.lastUpdated = '2099-01-01T00:00:00Z';
    for (const u of next.benchmarks.unscored) u.reason = u.reason.replace(`as of ${runDay}`, 'as of 2099-01-01');
    expect(benchmarkContentChanged(body, next)).toBe(false);
  });

  it('stays when only a price moved the price per score point', () => {
    const next = copy();
    const model = next.benchmarks.models.find((m) => m.pricePerScorePoint !== null)!;
    model.pricePerScorePoint = model.pricePerScorePoint! * 2;
    expect(benchmarkContentChanged(body, next)).toBe(false);
  });

  it('moves when an unscored reason changes beyond its date', () => {
    const next = copy();
    next.benchmarks.unscored[0]!.reason = 'unscored: only non-comparable results';
    expect(benchmarkContentChanged(body, next)).toBe(true);
  });

  it('moves when one recorded result changes', () => {
    const next = copy();
    const result = next.benchmarks.models.find((m) => m.results.length > 0)!.results[0]!;
    result.value = result.value === 50 ? 51 : 50;
    expect(benchmarkContentChanged(body, next)).toBe(true);
  });

  it('moves when a model leaves the unscored list', () => {
    const next = copy();
    expect(next.benchmarks.unscored.length).toBeGreaterThan(0);
    next.benchmarks.unscored.pop();
    expect(benchmarkContentChanged(body, next)).toBe(true);
  });

  it('moves for the first release, which has nothing to compare with', () => {
    expect(benchmarkContentChanged(undefined, copy())).toBe(true);
  });
});
