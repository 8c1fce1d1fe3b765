/**
 * What a task costs flows in by itself: a loopback upstream publishes, in Aider's polyglot YAML, a run with
 * tokens, dollars and seconds for a scored model; after one `npm run refresh` the running server serves its cost
 * per solved task (priced at today's prices from the run's tokens) and /api/changes.json says so.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadSourceData, taskRunsToolId } from '../../src/compile/load.ts';
import type { BenchmarksDocument, ChangesDocument } from '../../src/schema/api.ts';
import { startServer, type RunningServer } from '../../src/server/server.ts';
import { httpRequest, json } from '../support/http.ts';
import { runCli, storeArgs } from '../support/processes.ts';
import { startUpstream, type Upstream } from '../fixtures/upstream/server.ts';
import { createWorkspace, TEST_LIMITS, type Workspace } from '../fixtures/upstream/workspace.ts';
import { refreshClock } from '../support/releases.ts';
import { releaseIdAt } from '../../src/schema/release-id.ts';

// A day after the repository's newest release, so no date in the data is after it.
const NOW = refreshClock(6);
const RUN_NAME = 'loopback-model (high)';

/** One run in the leaderboard's own format: 225 cases, their token and dollar totals, seconds per case. */
const yaml = `- dirname: 2026-11-20-10-00-00--loopback-high
  test_cases: 225
  model: ${RUN_NAME}
  edit_format: diff
  reasoning_effort: high
  pass_rate_1: 30.0
  pass_rate_2: 50.0
  prompt_tokens: 2250000
  completion_tokens: 450000
  command: aider --model loopback/model
  date: 2026-11-20
  versions: 0.86.2.dev
  seconds_per_case: 42.0
  total_cost: 9.0000
`;

describe('a run with tokens and cost for a scored model is priced and announced within one refresh', () => {
  let ws: Workspace;
  let upstream: Upstream;
  let running: RunningServer;
  let toolId: string;
  const get = (urlPath: string) => httpRequest(`${running.url}${urlPath}`);
  const taskCostOf = async (id: string) =>
    json<BenchmarksDocument>(await get('/api/benchmarks.json')).benchmarks.models.find((m) => m.modelId === id)
      ?.taskCost;

  beforeAll(async () => {
    ws = await createWorkspace(inject('crossValidation'));
    upstream = await startUpstream();
    running = await startServer({ distPath: ws.distPath, host: '127.0.0.1', port: 0, watchIntervalMs: 0 });
    const source = await loadSourceData(ws.dataDir);
    const withRuns = new Set(source.taskRuns.map((t) => taskRunsToolId(t.file)));
    const scored = json<BenchmarksDocument>(await get('/api/benchmarks.json')).benchmarks.models;
    toolId = scored.find((m) => !withRuns.has(m.modelId) && m.taskCost.headline?.evidence === 'estimated')!.modelId;
    upstream.set('/polyglot_leaderboard.yml', { body: yaml, headers: { 'content-type': 'text/yaml' } });
    const config = {
      upstreams: {
        pricing: { location: 'skip' },
        benchmarks: [
          {
            name: 'aider-polyglot',
            location: `${upstream.url}/polyglot_leaderboard.yml`,
            format: 'aider-polyglot',
            sourceUrl:
              'https://raw.githubusercontent.com/Aider-AI/aider/main/aider/website/_data/polyglot_leaderboard.yml',
            aliases: { [RUN_NAME]: toolId },
            feeds: [
              {
                series: 'aider-polyglot',
                benchmark: 'Aider Polyglot',
                reportedBy: 'independent',
                when: { testCases: '^225$' },
                variant:
                  'Aider polyglot leaderboard (225 Exercism tasks), pass_rate_2, {cost}; command: {command} [{model}]',
                license: 'Apache-2.0 (Aider-AI/aider)',
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

  it('serves an estimate before, the measured cost per solved task after, and the change feed lists it', async () => {
    const before = await taskCostOf(toolId);
    expect(before?.headline?.evidence).toBe('estimated');
    expect(before?.configurations).toEqual([]);

    const run = await runCli('refresh', [
      ...storeArgs(ws),
      '--config',
      path.join(ws.root, 'refresh.config.json'),
      '--now',
      NOW,
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`${toolId}: aider-2026-11-20-10-00-00-loopback-high`);
    await running.reload();

    const after = (await taskCostOf(toolId))!;
    const config = after.configurations.find((c) => c.id === 'aider-2026-11-20-10-00-00-loopback-high')!;
    // 10,000 input and 2,000 output tokens a task, priced at the tool's prices in force today, not the run's $0.04.
    expect(config).toMatchObject({
      taskKind: 'code-edit',
      reasoningEffort: 'reasoning_effort high',
      costBasis: 'tokens-at-prices-in-force',
      tokensPerTask: { input: 10_000, output: 2_000 },
      secondsPerTask: { value: 42 },
    });
    const perSolved = config.costPerSolvedTaskUsd!.value;
    expect(perSolved).toBeCloseTo(config.costPerAttemptUsd!.value / 0.5, 5);
    expect(after.headline).toMatchObject({ evidence: 'measured', configurationId: config.id });

    const changes = json<ChangesDocument>(await get('/api/changes.json'));
    const latest = changes.releases[0]!;
    expect(latest.id).toBe(releaseIdAt(NOW, []));
    expect(latest.changes).toContainEqual(
      expect.objectContaining({
        kind: 'task-cost-changed',
        toolId,
        field: 'benchmarks.taskCost.costPerSolvedTaskUsd',
        from: null,
        to: perSolved,
      }),
    );
  }, 600_000);
});
