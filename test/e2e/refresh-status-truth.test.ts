/**
 * Issue 21: the refresh status tells the truth after a failure at any step of publishing. A
 * refresh that would publish a release fails at each step in turn (an error thrown at the
 * checkpoint, as a full disk or a read-only directory would); afterwards `lastSuccess` names
 * this attempt only if `dist` serves the new release, and the freshness document `dist` serves
 * agrees with the persisted status.
 */
import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ArtifactManifest } from '../../src/artifact/artifact.ts';
import { loadSourceData } from '../../src/compile/load.ts';
import { runRefresh, type Checkpoint } from '../../src/refresh/pipeline.ts';
import { readStatus } from '../../src/refresh/status.ts';
import type { FreshnessDocument } from '../../src/schema/api.ts';
import { entryOf, modelsDevFromSource } from '../fixtures/upstream/models-dev.ts';
import { startUpstream, type Upstream } from '../fixtures/upstream/server.ts';
import { createWorkspace, type Workspace } from '../fixtures/upstream/workspace.ts';
import { refreshClock } from '../support/releases.ts';

// A day after the repository's newest release, so no date in the data is after it.
const NOW = refreshClock(6);
const STEPS: Checkpoint[] = ['prepared', 'artifact-written', 'committed', 'release-written', 'published', 'finished'];

async function served(ws: Workspace): Promise<{ buildId: string; freshness: FreshnessDocument }> {
  const dir = await realpath(ws.distPath);
  const manifest = JSON.parse(await readFile(path.join(dir, 'artifact.json'), 'utf8')) as ArtifactManifest;
  const freshness = JSON.parse(
    await readFile(path.join(dir, manifest.files['/api/freshness.json']!.identity.file), 'utf8'),
  ) as FreshnessDocument;
  return { buildId: manifest.buildId, freshness };
}

describe('the refresh status after a failure at each step of publishing', () => {
  let upstream: Upstream;
  const workspaces: Workspace[] = [];

  beforeAll(async () => {
    upstream = await startUpstream();
  });
  afterAll(async () => {
    await upstream?.close();
    await Promise.all(workspaces.map((ws) => ws.remove()));
  });

  it.each(STEPS)(
    'failing at %s',
    async (step) => {
      const ws = await createWorkspace(inject('crossValidation'));
      workspaces.push(ws);
      const source = await loadSourceData(ws.dataDir);
      const doc = modelsDevFromSource(source);
      entryOf(doc, source, 'gpt-5-4').cost.input += 1;
      upstream.set('/api.json', { body: JSON.stringify(doc) });
      const before = await served(ws);
      const report = await runRefresh({
        ...ws,
        config: ws.config(`${upstream.url}/api.json`),
        now: () => new Date(NOW),
        checkpoint: (name) => {
          if (name === step) throw new Error(`injected failure at ${step}`);
        },
      });
      expect(report.outcome).toBe('failed');
      const after = await served(ws);
      const status = await readStatus(ws.stateDir);
      const switched = after.buildId !== before.buildId && after.freshness.release !== before.freshness.release;
      // lastSuccess is this attempt exactly when dist serves the release it published.
      expect(status?.lastSuccess === NOW, `${step}: dist switched ${switched}`).toBe(switched);
      expect(status?.lastOutcome).toBe('failed');
      expect(after.freshness.refresh.lastAttempt).toBe(NOW);
      expect(after.freshness.refresh.lastOutcome).toBe('failed');
      expect(after.freshness.refresh.lastSuccess).toBe(status?.lastSuccess);
    },
    180_000,
  );
});
