/**
 * The order vitest starts test files in: the longest first, so that on a 2-core runner the run is not
 * lengthened by a long file that starts last on one worker while the other has nothing left to do. vitest
 * itself orders by the durations it cached on this machine, and a fresh clone has none (it then starts the
 * largest files first, and the fresh-clone suite, the longest, is one of the smallest). LONGEST lists the files
 * that took longest in CI (docs/development.md, "CI"); every other file keeps vitest's order after them.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const LONGEST = [
  // slow: a clone, `npm ci`, `npm start` building from nothing and the whole of `npm test` in it
  'test/e2e/fresh-clone.test.ts',
  // slow: seven refreshes killed at their checkpoints and one after its commit, each with its recovery
  'test/e2e/refresh-crash.test.ts',
  'test/e2e/refresh.test.ts',
  // fast: two whole builds compared byte for byte
  'test/unit/build-output.test.ts',
];

const rank = (spec: TestSpecification) => {
  const index = LONGEST.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
  return index === -1 ? LONGEST.length : index;
};

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
