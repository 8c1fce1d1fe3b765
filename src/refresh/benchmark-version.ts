/**
 * Whether a release's benchmark document says something new. `benchmarkVersion` names one content
 * of the benchmark results and scores, so it moves whenever results, series or scores change, whether
 * the change came from an upstream or from a curated edit released by hand. Left out of the comparison:
 * the version and the run's timestamps, and the "as of <run day>" of the unscored reasons, which change
 * on every release by construction (a version that moved every week would say nothing); and the price
 * per score point, which follows the prices that `datasetVersion` already versions.
 */
import type { Documents } from '../compile/documents.ts';

type BenchmarksDocument = Documents['benchmarks.json'];

function content(document: BenchmarksDocument): string {
  const { version: _version, runDate, ...rest } = document.benchmarks;
  const models = rest.models.map(({ pricePerScorePoint: _price, ...model }) => model);
  return JSON.stringify({ ...rest, models }).replaceAll(`as of ${runDate.slice(0, 10)}`, 'as of the run');
}

export function benchmarkContentChanged(previousBody: Buffer | undefined, next: BenchmarksDocument): boolean {
  if (!previousBody) return true;
  return content(JSON.parse(previousBody.toString('utf8'))) !== content(next);
}
