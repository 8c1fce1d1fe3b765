/**
 * Builds the real dataset once per test run, exactly as `npm run build` does (with every
 * release under releases/), into a temporary directory; suites read its location with
 * inject('distPath'). Nothing in the repository's dist/ is touched.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { PATHS } from '../../src/fs/paths.ts';
import { loadRefreshConfig } from '../../src/refresh/config.ts';
import { fileCache, historyInput } from '../../src/history/publish.ts';
import { loadReleases } from '../../src/history/releases.ts';
import { publishDataset } from './publish.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    distPath: string;
    crossValidation: string;
  }
}

export default async function setup(project: TestProject) {
  const root = await mkdtemp(path.join(os.tmpdir(), 'acmd-test-'));
  const distPath = path.join(root, 'dist');
  const built = await publishDataset({
    distPath,
    history: async (source) =>
      historyInput(
        await loadReleases(PATHS.releases, fileCache()),
        await loadRefreshConfig(PATHS.refreshConfig),
        source,
      ),
  });
  project.provide('distPath', distPath);
  project.provide('crossValidation', JSON.stringify(built.crossValidation));
  return async () => {
    await rm(root, { recursive: true, force: true });
  };
}
