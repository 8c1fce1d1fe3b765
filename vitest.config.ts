import os from 'node:os';
import { defineConfig } from 'vitest/config';
import LongestFirst from './test/support/sequencer.ts';

// Two projects: `fast` is `npm test` (type check and lint run before it), `slow` is `npm run test:slow`.
// CI (.ci/run) runs both. A suite is slow when it drives a browser, runs whole refreshes, clones and installs
// the repository, packs and installs a package, or builds the whole dataset from scratch (the operator's
// `npm start` with no dist/); everything else (unit, and the HTTP contract against the Node server and nginx)
// stays fast.
const SLOW = [
  'test/browser/**/*.test.ts',
  'test/e2e/refresh*.test.ts',
  'test/e2e/scale-out.test.ts',
  'test/e2e/fresh-clone.test.ts',
  'test/e2e/subpath-hosting.test.ts',
  'test/e2e/bench-*.test.ts',
  'test/e2e/packages.test.ts',
  'test/e2e/client-package.test.ts',
  'test/e2e/lifecycle.test.ts',
  'test/e2e/workers.test.ts',
  'test/e2e/third-party-checks.test.ts',
];

// Two files at a time on a 2-core machine, one per core on a larger one. vitest's default for forks (one fewer
// than the cores) runs one file at a time on the 2-core CI runner, where much of an end-to-end file's time is
// spent waiting on the servers and command lines it starts while the other core idles.
const WORKERS = Math.max(2, os.availableParallelism());

export default defineConfig({
  test: {
    globalSetup: ['test/support/global-setup.ts'],
    // A timeout catches a hang, not slowness: on a 2-core machine shared with other work the two whole builds
    // of test/unit/build-output.test.ts took 91 s with two workers, over the 60 s this was.
    testTimeout: 180_000,
    hookTimeout: 240_000,
    // End-to-end suites start servers on loopback ports; keep files in separate forks.
    pool: 'forks',
    maxWorkers: WORKERS,
    minWorkers: 1,
    // A JSON report beside the console's when ACMD_VITEST_JSON names a file: the fresh-clone test reads which tests
    // its `npm test` skipped (only those that need ../shared may).
    reporters: process.env.ACMD_VITEST_JSON
      ? ['default', ['json', { outputFile: process.env.ACMD_VITEST_JSON }]]
      : ['default'],
    // The longest files first, whatever vitest cached on this machine (test/support/sequencer.ts).
    sequence: { sequencer: LongestFirst },
    projects: [
      // `npm test` runs the fast files with --no-isolate (scripts/test.mjs): they share their workers' loaded
      // modules, since loading the sources and their dependencies again for each of some 70 files was a third of its
      // CPU. (vitest reads isolation from the root config only, so it is a flag there rather than a setting here.)
      // Each file still starts with the worker's original environment variables (file-setup.ts).
      {
        extends: true,
        test: {
          name: 'fast',
          include: ['test/**/*.test.ts'],
          exclude: SLOW,
          setupFiles: ['test/support/file-setup.ts'],
        },
      },
      { extends: true, test: { name: 'slow', include: SLOW } },
    ],
  },
});
