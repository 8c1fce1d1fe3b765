/**
 * The refresh keeps what an Aider run or a Terminal-Bench board row spent per task (tokens, dollars, seconds,
 * effort) and adds it to the
 * matched tool's data/task-runs/ file under the same guards as its score; the build then derives its cost.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildOnce } from '../support/build.ts';
import { formatIssue } from '../../src/compile/errors.ts';
import { changedDataFiles } from '../../src/refresh/data-files.ts';
import { toolIndex } from '../../src/refresh/match.ts';
import { mergeUpstreamResults } from '../../src/refresh/merge-results.ts';
import { aiderRunId, readAiderPolyglot } from '../../src/refresh/upstream/aider-polyglot.ts';
import { readHarborLeaderboard } from '../../src/refresh/upstream/harbor-leaderboard.ts';
import { AIDER_FEED } from '../support/refresh-samples.ts';
import { freshSource } from '../support/source.ts';

const FIXTURE = path.join(
  import.meta.dirname,
  '..',
  'fixtures',
  'upstream',
  'aider-polyglot',
  'polyglot_leaderboard.yml',
);
const ORIGIN = 'https://example.test/polyglot_leaderboard.yml';

async function read() {
  const result = readAiderPolyglot(await readFile(FIXTURE), ORIGIN);
  if (!result.ok) throw new Error(result.issues.map(formatIssue).join('\n'));
  return result.results;
}

describe('the Aider reader keeps what a run spent', () => {
  it('keeps tokens, dollars at the run date, seconds and the stated effort per task', async () => {
    const [mini, qwen, gpt5] = await read();
    expect(gpt5!.taskRun).toMatchObject({
      id: 'aider-2025-08-23-15-47-21-gpt-5-high',
      taskSet: { tasks: 225 },
      taskKind: 'code-edit',
      configuration: { reasoningEffort: 'reasoning_effort high', harness: 'aider 0.86.2.dev, edit format diff' },
      perTask: {
        inputTokens: Math.round(2675561 / 225),
        outputTokens: Math.round(2623429 / 225),
        costUsd: Math.round((29.0829 / 225) * 1e6) / 1e6,
        pricesAsOf: '2025-08-23',
        costFromTokens: true,
        seconds: 194,
      },
    });
    // Dollars without tokens: kept, and said to be dollars only.
    expect(mini!.taskRun?.perTask).toMatchObject({ inputTokens: null, costUsd: 0.001438, costFromTokens: false });
    // total_cost 0 means aider recorded none: no cost, but the time is kept; the effort is not guessed.
    expect(qwen!.taskRun?.perTask).toMatchObject({ costUsd: null, pricesAsOf: null, seconds: 84.4 });
    expect(qwen!.taskRun?.configuration.reasoningEffort).toBeNull();
  });

  it('refuses the whole document when a cost field is not a number, naming the line, field and value', () => {
    const yaml =
      '- dirname: d\n  test_cases: 225\n  model: m\n  pass_rate_2: 10.0\n  date: 2025-01-01\n  total_cost: lots\n';
    const result = readAiderPolyglot(Buffer.from(yaml), ORIGIN);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues.map(formatIssue)).toEqual([
      'aider-polyglot upstream line 1 (d): total_cost: must be a number >= 0 (got "lots")',
    ]);
  });

  it('records a run under the id the curated files use', () => {
    expect(aiderRunId('2025-08-23-15-47-21--gpt-5-high')).toBe('aider-2025-08-23-15-47-21-gpt-5-high');
  });
});

describe('the merge adds a run to the matched tool', () => {
  it('adds a new run once, writes its file, and the build prices it; a recorded run is left as it is', async () => {
    const source = await freshSource();
    const scored = buildOnce(source).documents['benchmarks.json'].benchmarks.models;
    const withRuns = new Set(source.taskRuns.map((t) => path.posix.basename(t.file, '.json')));
    const target = scored.find((m) => !withRuns.has(m.modelId))!.modelId;
    const results = await read();
    const merge = (readOn: string) =>
      mergeUpstreamResults(
        source,
        toolIndex(source),
        { name: 'aider', aliases: { 'gpt-4o-mini-2024-07-18': target }, feeds: [AIDER_FEED] },
        results,
        source.series.data,
        readOn,
      );
    const before = structuredClone(source);
    const report = merge('2026-11-28');
    expect(report.taskRunsAdded).toEqual([`${target}: aider-2024-12-21-18-41-18-polyglot-gpt-4o-mini`]);
    // gpt-5's run is in data/task-runs/gpt-5.json already: not added again, not rewritten.
    expect(report.taskRunsAdded?.some((line) => line.startsWith('gpt-5:'))).toBe(false);
    const files = changedDataFiles(before, source);
    expect([...files.keys()]).toContain(`task-runs/${target}.json`);
    const written = JSON.parse(files.get(`task-runs/${target}.json`)!.toString('utf8'));
    expect(written.runs[0]).toMatchObject({
      successPercent: 3.6,
      date: '2024-12-21',
      reportedBy: 'independent',
      source: { kind: 'leaderboard', url: ORIGIN, asOf: '2026-11-28' },
    });
    expect(merge('2026-11-29').taskRunsAdded).toEqual([]);

    const model = buildOnce(source).documents['benchmarks.json'].benchmarks.models.find((m) => m.modelId === target)!;
    const config = model.taskCost.configurations.find(
      (c) => c.id === 'aider-2024-12-21-18-41-18-polyglot-gpt-4o-mini',
    )!;
    expect(config).toMatchObject({ costBasis: 'dollars-as-published', pricesAsOf: '2024-12-21' });
    expect(config.costPerSolvedTaskUsd?.value).toBeCloseTo(0.001438 / 0.036, 5);
  });
});

describe("the Terminal-Bench board reader keeps what a row's trials spent", () => {
  const BOARD = path.join(import.meta.dirname, '..', 'fixtures', 'upstream', 'terminal-bench', 'board.json');
  const BOARD_ORIGIN = 'https://example.test/board.json';
  const board = async (edit?: (doc: { live: { entries: { metrics: Record<string, unknown> }[] } }) => void) => {
    const doc = JSON.parse(await readFile(BOARD, 'utf8'));
    edit?.(doc);
    return readHarborLeaderboard(Buffer.from(JSON.stringify(doc)), BOARD_ORIGIN);
  };

  it('gives per-trial tokens (the input total with its cached part), dollars at the run date and seconds', async () => {
    const read = await board();
    if (!read.ok) throw new Error(read.issues.map(formatIssue).join('\n'));
    const opus = read.results.find((r) => r.name.startsWith('Opus 5.5'))!;
    expect(opus.taskRun).toMatchObject({
      id: 'tbench-7b805dbb-e77a-4d0a-892e-165f922f786c',
      taskSet: { tasks: 66 },
      taskKind: 'terminal',
      configuration: { harness: 'Claude Code', reasoningEffort: 'max', mode: null },
      attemptsPerTask: 5,
      triesPerAttempt: 1,
      perTask: {
        inputTokens: Math.round(7945267860 / 330),
        cachedInputTokens: Math.round(7699681320 / 330),
        outputTokens: Math.round(88814607 / 330),
        costUsd: Math.round((4718.65 / 330) * 1e6) / 1e6,
        pricesAsOf: '2026-09-22',
        costFromTokens: true,
        seconds: 4790.4,
      },
    });
    // The live capture has no board title: the feed's benchmark name is used when the run is stored.
    expect(opus.taskRun?.benchmark).toBeUndefined();
    expect(opus.taskRun?.note).toContain('the input with its cached part');
  });

  it('reads the input as total_tokens says, divides a partial cost by the trials it covers, and takes 0 for no cost', async () => {
    const read = await board((doc) => {
      const [a, b, c, d] = doc.live.entries.map((e) => e.metrics);
      // The input without its cached part: total_tokens = uncached + cached + output.
      a!.uncached_input_tokens = 245586540;
      // A cost over 324 of the 330 trials.
      b!.display_total_cost_usd = '$$7,333.64 (partial: 324/330 trials)';
      // No cost recorded.
      c!.total_cost_usd = 0;
      // Sums that hold neither way: no tokens.
      d!.total_tokens = 1;
    });
    if (!read.ok) throw new Error(read.issues.map(formatIssue).join('\n'));
    const [a, b, c, d] = read.results.map((r) => r.taskRun!.perTask);
    expect(a!.inputTokens).toBe(Math.round((245586540 + 7699681320) / 330));
    expect(b).toMatchObject({
      costUsd: Math.round((7333.64 / 324) * 1e6) / 1e6,
      inputTokens: null,
      costFromTokens: false,
    });
    expect(c).toMatchObject({ costUsd: null, pricesAsOf: null, costFromTokens: null, seconds: 3202.1 });
    expect(c!.inputTokens).not.toBeNull();
    expect(d).toMatchObject({ inputTokens: null, outputTokens: null, cachedInputTokens: null, costFromTokens: false });
  });

  it('keeps no task run for a row that does not say how many trials each task had', async () => {
    const read = await board((doc) => {
      for (const key of ['pass_at_2', 'pass_at_3', 'pass_at_4', 'pass_at_5']) delete doc.live.entries[0]!.metrics[key];
    });
    expect(read.ok && read.results[0]!.taskRun).toBe(undefined);
    expect(read.ok && read.results[0]!.score).toBe(64.85);
  });

  it('refuses the document when a spend figure is not a number, naming the row, field and value', async () => {
    const read = await board((doc) => {
      doc.live.entries[1]!.metrics.total_cost_usd = 'lots';
    });
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.issues.map(formatIssue)).toEqual([
      'harbor-leaderboard upstream live.entries[1]: metrics.total_cost_usd: must be a number >= 0 (got "lots")',
    ]);
  });
});
