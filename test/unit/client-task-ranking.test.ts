/**
 * The client's per-task ranking (packages/client/src/task-cost.ts), which the CLI and the MCP server both use:
 * which figures a model is ranked on, the order, and the limits, over benchmarks.json entries shaped as published.
 */
import { describe, expect, it } from 'vitest';
import {
  type BenchmarkModel,
  impliedRanking,
  rankByTask,
  taskBillingOn,
  taskFiguresOf,
} from '../../packages/client/src/index.ts';

type TaskCost = NonNullable<BenchmarkModel['taskCost']>;
const fig = (value: number, low?: number, high?: number) => ({
  value,
  interval: low === undefined ? null : { low, high: high! },
});

function configuration(
  id: string,
  kind: TaskCost['configurations'][number]['taskKind'],
  cost: number | null,
  seconds: number | null,
  runs = 1,
) {
  return {
    id,
    taskKind: kind,
    benchmark: 'SWE-bench Verified',
    taskSet: 'verified',
    harness: 'OpenHands',
    reasoningEffort: null,
    mode: null,
    evidence: 'measured' as const,
    tokensPerTask: null,
    costPerAttemptUsd: cost === null ? null : fig(cost / 2),
    costBasis: cost === null ? null : ('dollars-as-published' as const),
    pricesAsOf: '2026-11-01',
    successPercent: fig(50, 45, 55),
    costPerSolvedTaskUsd: cost === null ? null : fig(cost, cost * 0.9, cost * 1.1),
    solvedTasksPer100Usd: cost === null ? null : fig(100 / cost),
    secondsPerTask: seconds === null ? null : fig(seconds),
    intervalBasis: 'binomial-success' as const,
    runs: Array.from({ length: runs }, (_, i) => ({ id: `${id}-${i}`, date: `2026-10-0${i + 1}` })),
  } as unknown as TaskCost['configurations'][number];
}

function model(modelId: string, configurations: TaskCost['configurations'], estimates: TaskCost['estimates'] = []) {
  return {
    modelId,
    taskCost: { headline: null, reason: 'test', configurations, estimates, endpoints: [] },
  } as unknown as BenchmarkModel;
}

const estimate = (kind: 'repo-issue' | 'terminal', solved: number | null) =>
  ({
    taskKind: kind,
    evidence: 'estimated',
    costPerAttemptUsd: fig(1, 0.5, 2),
    costBasis: 'estimated',
    pricesAsOf: '2026-11-28',
    successPercent: null,
    costPerSolvedTaskUsd: solved === null ? null : fig(solved, solved / 3, solved * 3),
    solvedTasksPer100Usd: null,
    secondsPerTask: null,
    intervalBasis: 'estimate-leave-one-out',
    successFrom: null,
    reason: solved === null ? 'no success estimate' : null,
  }) as unknown as TaskCost['estimates'][number];

const models = [
  model('slow-cheap', [configuration('a', 'repo-issue', 1, 900)]),
  model('fast-dear', [configuration('b', 'repo-issue', 4, 100)]),
  // Two configurations of one kind: the one with more runs represents it, never the cheaper one.
  model('two-configs', [configuration('c1', 'repo-issue', 0.5, 300), configuration('c2', 'repo-issue', 2, 200, 3)]),
  model('estimated', [], [estimate('repo-issue', 3)]),
  model('no-solved', [], [estimate('repo-issue', null)]),
  model('other-kind', [configuration('t', 'terminal', 0.1, 50)]),
];

describe('rankByTask', () => {
  it('ranks by cost per solved task of one kind, measured before an estimate of it, each with its interval', () => {
    const ranked = rankByTask(models, { by: 'solved-task-cost', kind: 'repo-issue' });
    expect(ranked.map((r) => r.figures.modelId)).toEqual(['slow-cheap', 'two-configs', 'estimated', 'fast-dear']);
    const two = ranked.find((r) => r.figures.modelId === 'two-configs')!.figures;
    expect(two).toMatchObject({ configurationId: 'c2', evidence: 'measured', costPerSolvedTaskUsd: { value: 2 } });
    const est = ranked.find((r) => r.figures.modelId === 'estimated')!.figures;
    expect(est).toMatchObject({ evidence: 'estimated', configurationId: null });
    expect(est.costPerSolvedTaskUsd!.interval).toEqual({ low: 1, high: 9 });
  });

  it('ranks by seconds per task, leaving out models with no time published', () => {
    const ranked = rankByTask(models, { by: 'task-seconds', kind: 'repo-issue' });
    expect(ranked.map((r) => r.figures.modelId)).toEqual(['fast-dear', 'two-configs', 'slow-cheap']);
  });

  it('ranks by output speed, fastest first, and keeps only models at least as fast as asked; unknown speed is left out', () => {
    const withSpeed = (m: BenchmarkModel, speed: number | null) =>
      ({
        ...m,
        taskCost: { ...m.taskCost!, headline: speed === null ? null : { outputTokensPerSecond: speed } },
      }) as unknown as BenchmarkModel;
    const fast = [
      withSpeed(models[0]!, 40),
      withSpeed(models[1]!, 120),
      withSpeed(models[2]!, 80),
      withSpeed(models[3]!, null),
    ];
    const ranked = rankByTask(fast, { by: 'output-speed', kind: 'repo-issue' });
    expect(ranked.map((r) => [r.figures.modelId, r.figures.outputTokensPerSecond])).toEqual([
      ['fast-dear', 120],
      ['two-configs', 80],
      ['slow-cheap', 40],
    ]);
    const quick = rankByTask(fast, { by: 'solved-task-cost', kind: 'repo-issue', minOutputTokensPerSecond: 60 });
    expect(quick.map((r) => r.figures.modelId)).toEqual(['two-configs', 'fast-dear']);
    // A lone limit ranks by what it limits; a budget wins over the others.
    expect(impliedRanking({ minOutputTokensPerSecond: 60 })).toBe('output-speed');
    expect(impliedRanking({ maxSecondsPerTask: 60, minOutputTokensPerSecond: 60 })).toBe('task-seconds');
    expect(impliedRanking({ monthly: { tasks: 1, usd: 1 }, maxSecondsPerTask: 60 })).toBe('solved-task-cost');
  });

  it('prices the figures as a platform bills each model: its per-token factor, the provider price for a key of your own, no dollars per request', () => {
    const platform = {
      id: 'p',
      toolBilling: [
        { toolId: 'slow-cheap', billing: 'per-token' as const, multiplier: null, priceFactor: 1.1 },
        { toolId: 'fast-dear', billing: 'premium-multiplier' as const, multiplier: 1, priceFactor: null },
      ],
      byok: { providers: ['acme'] },
    };
    const tools = [
      { id: 'slow-cheap', providerId: 'x' },
      { id: 'fast-dear', providerId: 'x' },
      { id: 'two-configs', providerId: 'acme' },
      { id: 'estimated', providerId: 'x' },
    ];
    const billing = taskBillingOn(platform, tools);
    const ranked = rankByTask(models, { by: 'task-seconds', kind: 'repo-issue', billing });
    const by = new Map(ranked.map((r) => [r.figures.modelId, r.figures]));
    // Not offered on the platform (no entry, provider not brought): left out.
    expect(by.has('estimated')).toBe(false);
    expect(by.get('slow-cheap')!.costPerSolvedTaskUsd!.value).toBeCloseTo(1.1, 12);
    expect(by.get('slow-cheap')!.costPerSolvedTaskUsd!.interval!.high).toBeCloseTo(1.21, 12);
    expect(by.get('two-configs')).toMatchObject({
      costPerSolvedTaskUsd: { value: 2 },
      billingNote: expect.stringContaining('own key'),
    });
    expect(by.get('fast-dear')).toMatchObject({
      costPerSolvedTaskUsd: null,
      costPerAttemptUsd: null,
      secondsPerTask: { value: 100 },
    });
    expect(by.get('fast-dear')!.billingNote).toContain('no dollar figure per task');
    // Ranked by cost, a model the platform bills per request has no cost to rank by.
    const byCost = rankByTask(models, { by: 'solved-task-cost', kind: 'repo-issue', billing });
    expect(byCost.map((r) => r.figures.modelId)).toEqual(['slow-cheap', 'two-configs']);
  });

  it('applies a budget per task, per month of tasks (the tighter wins) and a time limit; unknown is never within one', () => {
    const perTask = rankByTask(models, { by: 'solved-task-cost', kind: 'repo-issue', maxSolvedTaskUsd: 2 });
    expect(perTask.map((r) => r.figures.modelId)).toEqual(['slow-cheap', 'two-configs']);
    const monthly = rankByTask(models, {
      by: 'solved-task-cost',
      kind: 'repo-issue',
      monthly: { tasks: 100, usd: 150 },
      maxSolvedTaskUsd: 10,
    });
    expect(monthly.map((r) => r.figures.modelId)).toEqual(['slow-cheap']);
    expect(monthly[0]!.monthlyUsd).toEqual({ value: 100, interval: { low: 90, high: 110.00000000000001 } });
    const timed = rankByTask(models, { by: 'solved-task-cost', kind: 'repo-issue', maxSecondsPerTask: 300 });
    expect(timed.map((r) => r.figures.modelId)).toEqual(['two-configs', 'fast-dear']);
  });

  it('gives no figures for a kind a model has no evidence or estimate of', () => {
    expect(taskFiguresOf(models[5]!, 'repo-issue')).toBeNull();
    expect(rankByTask(models, { by: 'solved-task-cost', kind: 'terminal' }).map((r) => r.figures.modelId)).toEqual([
      'other-kind',
    ]);
  });
});
