/**
 * Issue 34 items 1 and 6: independent results and lifecycle facts that arrive by refresh. The
 * readers of Epoch AI's benchmark runs, Terminal-Bench's official board (Harbor Hub rows) and
 * GitHub Copilot's model retirement history run on excerpts of the real files; their results keep
 * who ran them; a malformed or hostile file is refused whole, before anything is merged; a
 * lifecycle row no tool carries is reported and changes nothing; and a scheduled retirement takes
 * effect on its day, in the refresh and in the build.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildDocuments, type BuildResult } from '../../src/compile/documents.ts';
import { refreshSection, storedRefreshReport } from '../../src/compile/report-refresh.ts';
import { formatIssue } from '../../src/compile/errors.ts';
import type { SourceData } from '../../src/compile/load.ts';
import { loadRefreshConfig, parseRefreshConfig, withOverrides } from '../../src/refresh/config.ts';
import type { BenchmarkUpstream } from '../../src/refresh/config-benchmarks.ts';
import { toolIndex } from '../../src/refresh/match.ts';
import { applyScheduledRetirements, mergeLifecycleRows } from '../../src/refresh/merge-lifecycle.ts';
import { mergeUpstreamResults } from '../../src/refresh/merge-results.ts';
import { emptyReport } from '../../src/refresh/pipeline.ts';
import { readUpstreams } from '../../src/refresh/read-upstreams.ts';
import { formatReport } from '../../src/refresh/report.ts';
import { Rejection, type Run } from '../../src/refresh/run.ts';
import { readCopilotRetirements } from '../../src/refresh/upstream/copilot-retirements.ts';
import { epochDate, readEpochRuns } from '../../src/refresh/upstream/epoch-runs.ts';
import { readHarborLeaderboard } from '../../src/refresh/upstream/harbor-leaderboard.ts';
import { ROOT } from '../../src/fs/paths.ts';
import type { Tool } from '../../src/schema/api.ts';
import { toolFile as toolFileSchema } from '../../src/schema/source.ts';
import { startUpstream, type Upstream } from '../fixtures/upstream/server.ts';
import { TEST_LIMITS } from '../fixtures/upstream/workspace.ts';
import { freshSource, toolFile } from '../support/source.ts';

const FIXTURES = path.join(import.meta.dirname, '..', 'fixtures', 'upstream');
const fixture = (name: string) => readFile(path.join(FIXTURES, name));
const ORIGIN = 'https://example.test/upstream';

function ok<T extends { ok: boolean }>(read: T): Extract<T, { ok: true }> {
  if (!read.ok)
    throw new Error(
      (read as unknown as { issues: Parameters<typeof formatIssue>[0][] }).issues.map(formatIssue).join('\n'),
    );
  return read as Extract<T, { ok: true }>;
}

/** Every issue of a refused read, as the report prints them; empty when the read was accepted. */
const issuesOf = (read: { ok: true } | { ok: false; issues: Parameters<typeof formatIssue>[0][] }) =>
  read.ok ? '' : read.issues.map(formatIssue).join('\n');

/** The project's own setting of one upstream, so the tests hold the configuration the refresh runs with. */
async function configured(name: string): Promise<BenchmarkUpstream> {
  const config = await loadRefreshConfig(path.join(ROOT, 'refresh.config.json'));
  return config.upstreams.benchmarks.find((b) => b.name === name)!;
}

/** One upstream's results over `source` with the project's own setting of it, as the refresh merges them. */
async function mergeWith(
  name: string,
  source: SourceData,
  results: Parameters<typeof mergeUpstreamResults>[3],
  readOn = '2026-11-28',
  window?: Parameters<typeof mergeUpstreamResults>[6],
) {
  return mergeUpstreamResults(
    source,
    toolIndex(source),
    await configured(name),
    results,
    source.series.data,
    readOn,
    window,
  );
}

/** Takes the curated results of a series away from a tool, as they were before the upstream brought them. */
function withoutSeries(source: SourceData, toolId: string, series: string): void {
  const located = source.results.find((r) => r.data.toolId === toolId)!;
  located.data.results = located.data.results.filter((r) => r.series !== series);
}

describe('Epoch AI benchmark runs (benchmarks_runs.csv)', () => {
  it('reads each finished run: the best score as percent, the start day, the setting and the standard error', async () => {
    const read = ok(readEpochRuns(await fixture('epoch/benchmarks_runs.csv'), ORIGIN));
    expect(read.results.map((r) => [r.fields.task, r.fields.model, r.score, r.date])).toEqual([
      ['GPQA diamond', 'gpt-5.1_medium', 85, '2025-11-17'],
      ['SWE-Bench verified', 'gpt-5-mini-2025-08-07_high', 61.6, '2025-10-30'],
      ['SWE-Bench verified', 'claude-haiku-4-5-20251001', 60.6, '2025-10-16'],
      ['SWE-Bench verified', 'o3-2025-04-16_medium', 43.7, '2025-08-12'],
    ]);
    expect(read.results[1]).toMatchObject({
      keys: ['gpt-5-mini-2025-08-07_high', 'gpt-5-mini-2025-08-07'],
      fields: { setup: 'task v1.0.1, reasoning=high', standardError: 'standard error +/-2 pp' },
      source: `${ORIGIN} (Epoch AI Benchmarking Hub run HGLcT8RytVK548aPQ73s7f)`,
    });
    expect(read.results[2]!.fields.setup).toBe('task v1.0.0');
    expect([epochDate('31 June 2025 1:00pm'), epochDate('30 June 2025 1:00pm')]).toEqual([undefined, '2025-06-30']);
  });

  it('feeds the Epoch series as independent, Epoch named as the runner; a name no tool carries is reported', async () => {
    const source = await freshSource();
    withoutSeries(source, 'claude-haiku-4-5', 'swe-bench-verified-epoch');
    const results = ok(readEpochRuns(await fixture('epoch/benchmarks_runs.csv'), ORIGIN)).results;
    const merge = await mergeWith('epoch-runs', source, results);
    expect(merge).toMatchObject({ read: 4, notFed: 1, matched: 1, candidates: [] });
    expect(merge.unmatched.join('\n')).toMatch(/o3-2025-04-16_medium/);
    expect(merge.unmatched.join('\n')).toMatch(/gpt-5-mini-2025-08-07_high/);
    // Runs of more than 180 days before the refresh propose nothing (above); read within the window, the models
    // it measured that no tool carries are proposed with what Epoch measured, and nothing is added for them.
    const recent = await mergeWith('epoch-runs', await freshSource(), results, '2025-12-01', {
      windowDays: 180,
      ignore: ['GPT-5-MINI-2025-08-07'],
    });
    // A name listed in candidates.ignore (any case) is not proposed again.
    expect(recent.candidates).toEqual(['o3-2025-04-16: swe-bench-verified-epoch best 43.7 (newest 2025-08-12)']);
    const stored = storedRefreshReport.parse({ ...emptyReport('2025-12-01T06:00:00Z', false), results: [recent] });
    expect(refreshSection({ file: 'state/refresh-report.json', report: stored }).split('\n')).toEqual(
      expect.arrayContaining([
        'Candidates proposed by epoch-runs (a result, no tool; not added) (1):',
        '  - o3-2025-04-16: swe-bench-verified-epoch best 43.7 (newest 2025-08-12)',
      ]),
    );
    const added = source.results
      .find((r) => r.data.toolId === 'claude-haiku-4-5')!
      .data.results.find((r) => r.series === 'swe-bench-verified-epoch');
    expect(added).toEqual({
      series: 'swe-bench-verified-epoch',
      benchmark: 'SWE-bench Verified',
      variant: 'Epoch AI harness (Inspect agent), task v1.0.0; standard error +/-2 pp [claude-haiku-4-5-20251001]',
      value: 60.6,
      date: '2025-10-16',
      source: `${ORIGIN} (Epoch AI Benchmarking Hub run NNRfKgR23F8kXjFh8jin8g)`,
      reportedBy: 'independent',
      license: 'MIT (epoch-research/benchmark-stitching)',
    });
  });

  it('refuses a file whose columns, scores or text are not what Epoch publishes, naming row, field and value', () => {
    const header = 'id,task,model,Best score (across scorers),Scores,started_at,Status,task version\n';
    const wrong = readEpochRuns(Buffer.from('id,task,model\nx,y,z\n'), ORIGIN);
    expect(issuesOf(wrong)).toMatch(/header.*missing Best score \(across scorers\)/);
    const over = readEpochRuns(
      Buffer.from(`${header}r1,SWE-Bench verified,m,1.7,s:1.7±0.02,1 May 2025 1:00pm,Success,1.0.0\n`),
      ORIGIN,
    );
    expect(issuesOf(over)).toMatch(/row 2 \(r1\): Best score \(across scorers\): must be between 0 and 100.*got 170/);
    const badDay = readEpochRuns(
      Buffer.from(`${header}r2,SWE-Bench verified,m,0.5,s:0.5±0.02,31 February 2025 1:00pm,Success,1.0.0\n`),
      ORIGIN,
    );
    expect(issuesOf(badDay)).toMatch(/row 2 \(r2\): started_at: must be a date.*31 February 2025/);
    const forged = readEpochRuns(
      Buffer.from(`${header}r3,"SWE-Bench verified\nrefresh PUBLISHED",m,0.5,s,1 May 2025,Success,1.0.0\n`),
      ORIGIN,
    );
    expect(forged.ok).toBe(false);
  });
});

describe('Terminal-Bench 4.0 board rows (Harbor Hub)', () => {
  it('reads each displayed row: accuracy, agent, effort, trials solved and the 95% interval', async () => {
    const read = ok(readHarborLeaderboard(await fixture('terminal-bench/board.json'), ORIGIN));
    expect(read.results.map((r) => [r.fields.model, r.fields.agent, r.fields.effort, r.score, r.date])).toEqual([
      ['Opus 5.5', 'Claude Code', 'max', 64.85, '2026-09-22'],
      ['Sonnet 5.5', 'Claude Code', 'max', 61.82, '2026-09-28'],
      ['Fable 5.1', 'Claude Code', 'xhigh', 57.88, '2026-09-01'],
      ['GPT-6 Sol', 'Codex', 'max', 49.39, '2026-09-22'],
    ]);
    // The model page's last path segment is a name its maker publishes; a generic page adds no key that matches.
    expect(read.results[3]!.keys).toEqual(['GPT-6 Sol', 'gpt-6-sol']);
    expect(read.results[1]!.fields).toMatchObject({
      leaderboardId: '9f966760-00f1-424e-90f5-c964fb6f6091',
      solved: '204 of 330 trials solved',
      ci95: '95% CI +/-2.94 pp',
    });
    // The Hub's own read response, `{ leaderboard, rows }`, reads the same, and a hidden row is no result.
    const board = JSON.parse((await fixture('terminal-bench/board.json')).toString()) as {
      live: { entries: { status: string }[] };
    };
    board.live.entries[0]!.status = 'hide';
    const hub = ok(
      readHarborLeaderboard(
        Buffer.from(JSON.stringify({ leaderboard: { title: 'Terminal-Bench 4.0' }, rows: board.live.entries })),
        ORIGIN,
      ),
    );
    expect(hub.results.map((r) => r.fields.model)).toEqual(['Sonnet 5.5', 'Fable 5.1', 'GPT-6 Sol']);
    expect(hub.results[0]!.fields.board).toBe('Terminal-Bench 4.0');
  });

  it('feeds terminal-bench-4 as run by the Terminal-Bench team; a run it already records is not counted twice', async () => {
    const source = await freshSource();
    withoutSeries(source, 'claude-sonnet-5-5', 'terminal-bench-4');
    const results = ok(readHarborLeaderboard(await fixture('terminal-bench/board.json'), ORIGIN)).results;
    const merge = await mergeWith('terminal-bench-4', source, results);
    expect(merge).toMatchObject({ read: 4, notFed: 0, matched: 4, unmatched: [], unclassified: [] });
    // Opus 5.5, Fable 5.1 (same score and day as its recorded max run) and GPT-6 Sol are recorded already.
    expect(merge.added).toHaveLength(1);
    const added = source.results
      .find((r) => r.data.toolId === 'claude-sonnet-5-5')!
      .data.results.find((r) => r.series === 'terminal-bench-4')!;
    expect(added).toMatchObject({
      value: 61.82,
      date: '2026-09-28',
      reportedBy: 'independent',
      variant:
        'official TB 4.0 leaderboard run (330 trials per model, run by the Terminal-Bench team); agent/harness: Claude Code; reasoning effort max; 204 of 330 trials solved; 95% CI +/-2.94 pp [Sonnet 5.5 / Claude Code / max]',
      source: `${ORIGIN} (Harbor Hub leaderboard 9f966760-00f1-424e-90f5-c964fb6f6091, entry 723c6609-fe18-46d9-a1a3-dd4b6b0e0d00)`,
    });
  });

  it('refuses rows it cannot vouch for, naming the row, field and value', () => {
    const row = (patch: Record<string, unknown>) =>
      Buffer.from(
        JSON.stringify({
          rows: [
            {
              id: 'e1',
              leaderboard_id: 'b1',
              status: 'display',
              metadata: { date: '2026-09-01', model_display: { label: 'M' }, agent_display: { label: 'Codex' } },
              metrics: { accuracy: 50, n_trials: 330 },
              ...patch,
            },
          ],
        }),
      );
    expect(issuesOf(readHarborLeaderboard(row({ status: 'pending' }), ORIGIN))).toMatch(
      /rows\[0\]: status: must be "display" or "hide".*pending/,
    );
    expect(issuesOf(readHarborLeaderboard(row({ metrics: { accuracy: '64%', n_trials: 330 } }), ORIGIN))).toMatch(
      /rows\[0\]: metrics\.accuracy: must be a number.*64%/,
    );
    expect(issuesOf(readHarborLeaderboard(row({ metrics: { accuracy: 50, n_trials: 0 } }), ORIGIN))).toMatch(
      /metrics\.n_trials: must be a positive whole number/,
    );
    expect(issuesOf(readHarborLeaderboard(Buffer.from('{"rows":[],"rows":[{}]}'), ORIGIN))).toMatch(/duplicate key/);
    expect(issuesOf(readHarborLeaderboard(Buffer.from('{"__proto__":{"rows":[]}}'), ORIGIN))).toMatch(/__proto__/);
  });
});

describe('a malformed or hostile upstream is refused before anything is merged', () => {
  let upstream: Upstream;
  beforeAll(async () => {
    upstream = await startUpstream();
  });
  afterAll(async () => {
    await upstream?.close();
  });

  it('a board with a forged line or an impossible score rejects the run, naming the value; the data is untouched', async () => {
    const source = await freshSource();
    const before = structuredClone(source);
    upstream.set('/board.json', {
      body: '{"rows":[{"id":"e1","leaderboard_id":"b","status":"display","metadata":{"date":"2026-09-01","model_display":{"label":"GPT-6 Sol\\u001b[2K"},"agent_display":{"label":"Codex"}},"metrics":{"accuracy":50,"n_trials":330}}]}',
      headers: { 'content-type': 'application/json' },
    });
    upstream.set('/runs.csv', {
      body: 'id,task,model,Best score (across scorers),Scores,started_at,Status,task version\nr,SWE-Bench verified,gpt-5,4.2,s,1 May 2025,Success,1.0.0\n',
      headers: { 'content-type': 'text/csv' },
    });
    const config = parseRefreshConfig({
      upstreams: {
        pricing: { location: 'skip' },
        benchmarks: [
          { name: 'terminal-bench-4', location: `${upstream.url}/board.json`, format: 'harbor-leaderboard' },
          { name: 'epoch-runs', location: `${upstream.url}/runs.csv`, format: 'epoch-runs' },
        ],
      },
      limits: TEST_LIMITS,
    });
    const startedAt = '2026-11-28T06:00:00Z';
    const run: Run = {
      options: { dataDir: '', distPath: '', releasesDir: '', stateDir: '', config },
      config,
      report: emptyReport(startedAt, true),
      started: new Date(startedAt),
      startedAt,
      checkpoint: () => {},
      log: () => {},
    };
    const refused = await readUpstreams(run, source).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Rejection);
    const text = (refused as Rejection).issues.join('\n');
    expect(text).toMatch(/terminal-bench-4 upstream.*control character/);
    expect(text).toMatch(/epoch-runs upstream row 2 \(r\): Best score \(across scorers\).*got 420/);
    expect(source).toEqual(before);
  });
});

describe('lifecycle by refresh: GitHub Copilot model retirement history', () => {
  const COPILOT = {
    name: 'copilot-retirements',
    location: 'skip',
    format: 'copilot-retirements',
    sourceUrl: 'https://raw.githubusercontent.com/github/docs/main/data/tables/copilot/model-deprecation-history.yml',
    sourceName: 'GitHub Docs, Copilot model retirement history (model-deprecation-history.yml)',
    sourceKind: 'host',
    scope: 'platform',
    platform: 'github-copilot',
  } as const;
  const copilot = () => parseRefreshConfig({ upstreams: { lifecycle: [COPILOT] } }).upstreams.lifecycle[0]!;
  const rows = async () => ok(readCopilotRetirements(await fixture('copilot/model-deprecation-history.yml'))).rows;
  const context = { origin: COPILOT.sourceUrl, readOn: '2026-11-28' };

  it('reads each entry: the name as Copilot writes it, the retirement day and the suggested alternative', async () => {
    expect((await rows()).map((r) => [r.name, r.date, r.successor])).toEqual([
      ['Claude Opus 4.1', '2026-02-17', 'Claude Opus 4.5'],
      ['GPT-5', '2026-02-17', 'GPT-5.2'],
      ['GPT-5-Codex', '2026-02-17', 'GPT-5.1-Codex'],
      ['o3', '2025-10-23', 'GPT-5'],
    ]);
    const bad = readCopilotRetirements(Buffer.from("- name: 'X'\n  retirement_date: '2026-02-30'\n"));
    expect(issuesOf(bad)).toMatch(/line 1: retirement_date: must be a calendar date.*2026-02-30/);
  });

  it('an unmatched row is reported with the closest tools, and a matched row adds only what the data does not record', async () => {
    const source = await freshSource();
    const before = structuredClone(source);
    const merge = mergeLifecycleRows(source, toolIndex(source), copilot(), await rows(), context);
    expect(merge).toMatchObject({ read: 4, matched: 3, updated: [], conflicts: [] });
    expect(merge.unmatched).toHaveLength(1);
    expect(merge.unmatched[0]).toMatch(/^"Claude Opus 4\.1" \(2026-02-17, row 1\): closest tools claude-opus-4-/);
    // GPT-5's Copilot retirement is recorded already: the same fact, nothing to add. o3 and GPT-5-Codex, back in the
    // directory as retired since 2026-12-02, do not record theirs yet: the refresh adds them.
    expect(merge.added).toEqual([
      'gpt-5-codex: retired from github-copilot on 2026-02-17 (successor "GPT-5.1-Codex")',
      'o3: retired from github-copilot on 2025-10-23 (successor "GPT-5")',
    ]);
    expect(toolFile(source, 'gpt-5').data).toEqual(toolFile(before, 'gpt-5').data);
    const report = { ...emptyReport('2026-11-28T06:00:00Z', true), lifecycle: [merge] };
    expect(formatReport(report)).toMatch(
      /lifecycle upstream copilot-retirements: 4 row\(s\) read, 3 matched, 1 unmatched/,
    );
  });

  it('a matched row adds a platform event with its successor and source; the status stays as it was', async () => {
    const source = await freshSource();
    const gpt5 = toolFile(source, 'gpt-5').data;
    gpt5.lifecycle!.events = gpt5.lifecycle!.events.filter((e) => e.scope !== 'platform');
    const merge = mergeLifecycleRows(source, toolIndex(source), copilot(), await rows(), context);
    expect(merge.added).toContain('gpt-5: retired from github-copilot on 2026-02-17 (successor "GPT-5.2")');
    const event = gpt5.lifecycle!.events[0]!;
    expect(event).toMatchObject({
      kind: 'retired',
      date: '2026-02-17',
      scope: 'platform',
      platform: 'github-copilot',
      successor: 'GPT-5.2',
      source: { kind: 'host', url: COPILOT.sourceUrl, asOf: '2026-11-28', verified: '2026-11-28' },
    });
    expect(gpt5.status).toBe('deprecated');
    expect(toolFileSchema.safeParse(gpt5).success).toBe(true);
  });

  it('a day still to come is scheduled, becomes retired once it has passed, and another recorded day is a conflict', async () => {
    const source = await freshSource();
    const index = toolIndex(source);
    const gpt5 = toolFile(source, 'gpt-5').data;
    gpt5.lifecycle!.events = gpt5.lifecycle!.events.filter((e) => e.scope !== 'platform');
    const future = [{ row: 1, name: 'GPT-5', date: '2026-12-20', successor: null }];
    mergeLifecycleRows(source, index, copilot(), future, context);
    expect(gpt5.lifecycle!.events.at(-1)).toMatchObject({ kind: 'shutdown-scheduled', date: '2026-12-20' });
    const later = mergeLifecycleRows(source, index, copilot(), future, { ...context, readOn: '2026-12-20' });
    expect(later.updated).toEqual([
      'gpt-5: github-copilot event of 2026-12-20 shutdown-scheduled -> retired (the day has passed)',
    ]);
    const moved = mergeLifecycleRows(source, index, copilot(), [{ ...future[0]!, date: '2027-01-05' }], context);
    expect(moved.conflicts[0]).toMatch(
      /gpt-5 \("GPT-5", row 1\): the list says 2027-01-05; the tool records retired 2026-12-20/,
    );
    expect(moved.added).toEqual([]);
  });

  it('a benchmarks file named on the command line reaches nothing else: no lifecycle list is read', () => {
    const config = parseRefreshConfig({ upstreams: { lifecycle: [COPILOT] } });
    expect(withOverrides(config, { benchmarksSource: './rows.csv' }).upstreams.lifecycle).toEqual([]);
  });
});

describe('a scheduled retirement takes effect on its day without a hand edit', () => {
  let crossValidation: BuildResult['crossValidation'] | undefined = JSON.parse(inject('crossValidation'));
  const build = (data: SourceData) => {
    const built = buildDocuments(data, { crossValidation });
    crossValidation ??= built.crossValidation;
    return built;
  };
  const statusOf = (built: BuildResult, id: string) =>
    (built.documents['tools.json'] as { tools: Tool[] }).tools.find((t) => t.id === id)!.status;

  it('the refresh retires a deprecated tool on its shutdown day, not the day before', async () => {
    const source = await freshSource();
    const shutdown = toolFile(source, 'gpt-5').data.lifecycle!.shutdown!.date;
    expect(applyScheduledRetirements(source, '2026-12-10').some((line) => line.startsWith('gpt-5:'))).toBe(false);
    expect(toolFile(source, 'gpt-5').data.status).toBe('deprecated');
    expect(applyScheduledRetirements(source, shutdown)).toContain(
      `gpt-5: status deprecated -> retired (provider shutdown ${shutdown} has passed)`,
    );
    expect(toolFile(source, 'gpt-5').data.status).toBe('retired');
  });

  it('the build derives the status on the data’s date: a passed shutdown publishes the tool as retired', async () => {
    const source = await freshSource();
    expect(statusOf(build(source), 'gpt-5')).toBe('deprecated');
    source.meta.data.lastUpdated = '2026-12-11T06:00:00Z';
    const after = build(source);
    expect(statusOf(after, 'gpt-5')).toBe('retired');
    // Retired, it leaves every recommendation.
    const picks = JSON.stringify(after.documents['use-cases.json']);
    expect(picks).not.toMatch(/"toolId":"gpt-5"/);
  });
});

describe('the directory grows with the field: 113 tools and 20 providers are a floor, not a ceiling', () => {
  it('a 114th tool from a 21st provider builds, and every count follows the data', async () => {
    const source = await freshSource();
    const base = source.providers[0]!;
    source.providers.push({
      file: 'providers/newlab.json',
      data: { ...structuredClone(base.data), id: 'newlab', name: 'New Lab' },
    });
    const model = structuredClone(source.tools.find((t) => t.data.provider === base.data.id)!);
    model.file = 'tools/newlab/newlab-coder-1.json';
    Object.assign(model.data, {
      id: 'newlab-coder-1',
      name: 'NewLab Coder 1',
      provider: 'newlab',
      aliases: [],
      replacedBy: undefined,
      upstream: { modelsDev: null },
    });
    source.tools.push(model);
    const { documents } = buildDocuments(source, { crossValidation: JSON.parse(inject('crossValidation')) });
    const tools = documents['tools.json'] as { tools: Tool[]; totalTools: number };
    expect(tools.totalTools).toBe(source.tools.length);
    expect(tools.totalTools).toBeGreaterThan(113);
    expect((documents['providers.json'] as { providers: unknown[] }).providers).toHaveLength(source.providers.length);
    expect(source.providers.length).toBeGreaterThan(20);
  });
});
