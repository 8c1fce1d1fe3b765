/**
 * Provides the artifact every suite of a test run reads (inject('distPath')), the client package built once
 * (inject('clientPath'), whose CLI the suites run) and the cross-validation it
 * computed (inject('crossValidation')): the real dataset built once per run, as `npm run build` does, into a
 * temporary directory, or the one `.ci/run` built for all its suites (test-artifact.ts). Nothing in the
 * repository's dist/ is touched.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildTestArtifact, PREBUILT_ENV, prebuiltArtifact } from './test-artifact.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    distPath: string;
    clientPath: string;
    crossValidation: string;
  }
}

export default async function setup(project: TestProject) {
  const prebuilt = await prebuiltArtifact();
  if (prebuilt) {
    console.info(`testing the artifact ${PREBUILT_ENV} names: ${prebuilt.distPath}`);
    project.provide('distPath', prebuilt.distPath);
    project.provide('crossValidation', JSON.stringify(prebuilt.crossValidation));
    project.provide('clientPath', prebuilt.clientPath);
    return;
  }
  const root = await mkdtemp(path.join(os.tmpdir(), 'acmd-test-'));
  const built = await buildTestArtifact(root);
  // Handed on to what the suites start, as .ci/run hands its own: the fresh clone's `npm test` takes it when the
  // clone's inputs are the same (a clone of a checkout without uncommitted changes) instead of building it again.
  process.env[PREBUILT_ENV] = root;
  project.provide('distPath', built.distPath);
  project.provide('crossValidation', JSON.stringify(built.crossValidation));
  project.provide('clientPath', built.clientPath);
  return async () => {
    await rm(root, { recursive: true, force: true });
  };
}
