/**
 * `buildDocuments` for suites that build the curated data (or a changed copy of it) in their own process. The
 * leave-one-out cross-validation is most of a build's time and reads only the benchmark results and series
 * (cv-cache.ts), so it is computed once per distinct input: the global setup's build already computed the one
 * of the real data, and a suite whose change leaves results and series alone reuses it. A change that touches
 * them gets its own, computed as a build computes it.
 */
import { inject } from 'vitest';
import { crossValidationKey } from '../../src/compile/cv-cache.ts';
import { type BuildOptions, type BuildResult, buildDocuments } from '../../src/compile/documents.ts';
import type { SourceData } from '../../src/compile/load.ts';
import { freshSource } from './source.ts';

type CrossValidationResult = BuildResult['crossValidation'];

const known = new Map<string, CrossValidationResult>([
  [crossValidationKey(await freshSource()), JSON.parse(inject('crossValidation')) as CrossValidationResult],
]);

export function buildOnce(source: SourceData, options: BuildOptions = {}): BuildResult {
  const key = crossValidationKey(source);
  const built = buildDocuments(source, { crossValidation: known.get(key), ...options });
  known.set(key, built.crossValidation);
  return built;
}
