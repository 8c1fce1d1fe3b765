/**
 * Results flow in by themselves: a loopback upstream publishes, in the models.dev format, a
 * Terminal-Bench 4.0 result for a tool the directory serves unscored; after one `npm run refresh`
 * the running server serves the tool scored, and /api/changes.json, the Atom feed and the model
 * page say so.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadSourceData } from '../../src/compile/load.ts';
import { startServer, type RunningServer } from '../../src/server/server.ts';
import { httpRequest, json } from '../support/http.ts';
import { runCli, storeArgs } from '../support/processes.ts';
import { entryOf, modelsDevFromSource } from '../fixtures/upstream/models-dev.ts';
import { startUpstream, type Upstream } from '../fixtures/upstream/server.ts';
import { createWorkspace, TEST_LIMITS, type Workspace } from '../fixtures/upstream/workspace.ts';
import { refreshClock } from '../support/releases.ts';
import { releaseIdAt } from '../../src/schema/release-id.ts';

// A day after the repository's newest release, so no date in the data is after it.
const NOW = refreshClock(6);

interface BenchmarksDoc {
  benchmarks: {
    models: { modelId: string; overallScore: number }[];
    unscored?: { toolId?: string; id?: string }[];
  };
}
interface ChangesDoc {
  releases: {
    id: string;
    changes: { kind: string; toolId?: string; field?: string; from?: unknown; to?: unknown }[];
  }[];
}

describe('a leaderboard result for an unscored tool is scored and announced within one refresh', () => {
  let ws: Workspace;
  let upstream: Upstream;
  let running: RunningServer;
  let toolId: string;
  let toolName: string;
  const get = (urlPath: string) => httpRequest(`${running.url}${urlPath}`);
  const scoreOf = async (id: string) =>
    json<BenchmarksDoc>(await get('/api/benchmarks.json')).benchmarks.models.find((m) => m.modelId === id)
      ?.overallScore;

  beforeAll(async () => {
    ws = await createWorkspace(inject('crossValidation'));
    upstream = await startUpstream();
    running = await startServer({ distPath: ws.distPath, host: '127.0.0.1', port: 0, watchIntervalMs: 0 });
    const source = await loadSourceData(ws.dataDir);
    const scored = new Set(source.results.map((r) => r.data.toolId));
    const tool = source.tools.find(
      (t) =>
        !scored.has(t.data.id) &&
        t.data.status === 'active' &&
        t.data.upstream.modelsDev !== null &&
        !t.data.upstream.pinned?.length,
    )!.data;
    toolId = tool.id;
    toolName = tool.name;
    // The models.dev document says what the data says, plus one dated leaderboard figure for the tool.
    const doc = modelsDevFromSource(source);
    entryOf(doc, source, toolId).benchmarks = [
      {
        name: 'Terminal-Bench',
        score: 61.2,
        metric: 'accuracy',
        harness: 'Claude Code',
        version: '4.0',
        source: 'https://www.tbench.ai/leaderboard/terminal-bench/4.0',
        date: '2026-11-20',
      },
    ];
    upstream.set('/api.json', { body: JSON.stringify(doc), headers: { 'content-type': 'application/json' } });
    const config = {
      upstreams: {
        pricing: { location: `${upstream.url}/api.json` },
        benchmarks: [
          {
            name: 'models-dev',
            location: 'pricing',
            format: 'models-dev',
            feeds: [
              {
                series: 'terminal-bench-4',
                benchmark: 'Terminal-Bench 4.0',
                reportedBy: 'independent',
                when: { benchmark: '^Terminal-Bench$', version: '^4\\.0$', sourceHost: '^www\\.tbench\\.ai$' },
                variant: 'official TB 4.0 leaderboard run; agent/harness: {harness}',
                license: 'tbench.ai leaderboard (terms not read)',
              },
            ],
          },
        ],
      },
      limits: TEST_LIMITS,
    };
    await writeFile(path.join(ws.root, 'refresh.config.json'), JSON.stringify(config));
  });

  afterAll(async () => {
    await running?.close(1000);
    await upstream?.close();
    await ws?.remove();
  });

  it('serves the tool unscored before, scored after one npm run refresh, with the change in the feed and on the page', async () => {
    expect(await scoreOf(toolId)).toBeUndefined();

    const run = await runCli('refresh', [
      ...storeArgs(ws),
      '--config',
      path.join(ws.root, 'refresh.config.json'),
      '--now',
      NOW,
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`results upstream models-dev:`);
    expect(run.stdout).toContain(`first results for ${toolId}`);
    await running.reload();

    const score = await scoreOf(toolId);
    expect(score).toEqual(expect.any(Number));

    const changes = json<ChangesDoc>(await get('/api/changes.json'));
    const latest = changes.releases[0]!;
    expect(latest.id).toBe(releaseIdAt(NOW, []));
    const scoreChange = latest.changes.find((c) => c.toolId === toolId && c.field === 'benchmarks.overallScore');
    expect(scoreChange).toMatchObject({ kind: 'first-score', from: null, to: score });

    const feed = (await get('/api/changes.xml')).body.toString('utf8');
    const newest = feed.slice(feed.indexOf('<entry>'), feed.indexOf('</entry>'));
    expect(newest).toContain(releaseIdAt(NOW, []));
    expect(newest).toContain(toolName);

    const page = await get(`/models/${toolId}/`);
    expect(page.status).toBe(200);
    const html = page.body.toString('utf8');
    expect(html).toContain('61.2');
    expect(html).toContain('official TB 4.0 leaderboard run');
  }, 180_000);
});
