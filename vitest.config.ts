import { defineConfig } from 'vitest/config';

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
];

export default defineConfig({
  test: {
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // End-to-end suites start servers on loopback ports; keep files in separate forks.
    pool: 'forks',
    projects: [
      { extends: true, test: { name: 'fast', include: ['test/**/*.test.ts'], exclude: SLOW } },
      { extends: true, test: { name: 'slow', include: SLOW } },
    ],
  },
});
