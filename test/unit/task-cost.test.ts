/**
 * What a coding task costs (src/compile/derive/task-cost.ts, data/task-runs/): each rule broken with data:
 * dollars-only evidence, configurations that must not merge, estimates with and without enough evidence, and
 * schema errors that name the file, the field and the value.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseWith } from '../../src/compile/load.ts';
import { IssueCollector } from '../../src/compile/errors.ts';
import { buildOnce } from '../support/build.ts';
import { taskCostReport } from '../../src/compile/report-task-cost.ts';
import {
  configurationsOf,
  deriveTaskCosts,
  MIN_ESTIMATE_EVIDENCE,
  pricedAttempt,
  wilson80,
} from '../../src/compile/derive/task-cost.ts';
import type { BenchmarkModel } from '../../src/schema/api.ts';
import { speedFile, taskRunsFile, type TaskRun } from '../../src/schema/source.ts';
import { errorOf } from '../support/data-error.ts';
import { freshSource } from '../support/source.ts';

const AT = '2026-11-28';

function priced(id: string, input: number, output: number) {
  return {
    id,
    pricing: { input, output, cacheRead: input, cacheCreate: input },
    pricingDetails: { caching: 'unavailable' as const, free: false, tiers: [], modifiers: [] },
  };
}

function run(id: string, extra: Partial<TaskRun> = {}, perTask: Partial<TaskRun['perTask']> = {}): TaskRun {
  return {
    id,
    benchmark: 'Terminal-Bench 4.0',
    taskSet: { name: 'TB 4.0', tasks: 66 },
    taskKind: 'terminal',
    configuration: { harness: 'Claude Code', reasoningEffort: null, mode: null },
    attemptsPerTask: 5,
    triesPerAttempt: 1,
    reportedBy: 'independent',
    runner: 'test',
    successPercent: 50,
    perTask: {
      inputTokens: null,
      outputTokens: null,
      cachedInputTokens: null,
      reasoningTokens: null,
      costUsd: 2,
      pricesAsOf: '2026-08',
      costFromTokens: false,
      seconds: null,
      ...perTask,
    },
    date: '2026-08-28',
    source: { name: 'test', url: 'https://example.test', kind: 'leaderboard', asOf: '2026-08-28', verified: AT },
    ...extra,
  };
}

const tokens = {
  inputTokens: 100_000,
  outputTokens: 10_000,
  costUsd: 0.5,
  pricesAsOf: '2025-08-01',
  costFromTokens: true,
};

function scored(id: string, terminalBench = 40): Pick<BenchmarkModel, 'modelId' | 'scoreDetails'> {
  const detail = { value: terminalBench, interval: { low: terminalBench - 5, high: terminalBench + 5, level: 0.8 } };
  return { modelId: id, scoreDetails: { terminalBench: detail } as unknown as BenchmarkModel['scoreDetails'] };
}

describe('cost of one attempt', () => {
  it('keeps dollars published without tokens as published, dated, and does not rescale them to a new price', () => {
    const cheap = pricedAttempt(run('a'), priced('m', 1, 5), AT);
    const dear = pricedAttempt(run('a'), priced('m', 10, 50), AT);
    expect(cheap).toEqual({ usd: 2, basis: 'dollars-as-published', pricesAsOf: '2026-08' });
    expect(dear).toEqual(cheap);
  });

  it('prices published tokens at the prices in force on the build date, not at the dollars of the run', () => {
    const attempt = pricedAttempt(run('a', {}, tokens), priced('m', 2, 10), AT);
    expect(attempt).toEqual({ usd: 0.3, basis: 'tokens-at-prices-in-force', pricesAsOf: AT });
    const promoted = {
      ...priced('m', 2, 10),
      pricingDetails: {
        caching: 'unavailable' as const,
        free: false,
        tiers: [],
        modifiers: [{ kind: 'promotion' as const, input: 1, output: 5, from: '2026-11-01', until: '2026-12-31' }],
      },
    };
    expect(pricedAttempt(run('a', {}, tokens), promoted, AT)?.usd).toBe(0.15);
  });
});

describe('configurations', () => {
  it('never merges two reasoning efforts of one model, and the headline names the one it describes', () => {
    const low = run('low', { configuration: { harness: 'aider', reasoningEffort: 'low', mode: null } }, tokens);
    const high = run(
      'high',
      { successPercent: 90, configuration: { harness: 'aider', reasoningEffort: 'high', mode: null } },
      { ...tokens, outputTokens: 40_000 },
    );
    const configs = configurationsOf([low, high], priced('m', 2, 10), AT);
    expect(configs.map((c) => [c.id, c.reasoningEffort, c.successPercent?.value])).toEqual([
      ['low', 'low', 50],
      ['high', 'high', 90],
    ]);
    expect(configs[1]!.costPerAttemptUsd?.value).toBe(0.6);
    const out = deriveTaskCosts({
      runs: [{ toolId: 'm', runs: [low, high], endpoints: [] }],
      tools: [priced('m', 2, 10)],
      models: [scored('m')],
      at: AT,
    });
    const cost = out.byModel.get('m')!;
    expect(cost.configurations).toHaveLength(2);
    // Equal evidence (one run each, both efforts stated): the newer run, then the id; never the higher score.
    expect(cost.headline?.configurationId).toBe('high');
    expect(cost.headline?.configuration).toContain('high');
  });

  it('pools runs of one configuration and gives their spread', () => {
    const configs = configurationsOf(
      [run('a', {}, { costUsd: 1 }), run('b', {}, { costUsd: 3 }), run('c', {}, { costUsd: 2 })],
      priced('m', 1, 1),
      AT,
    );
    expect(configs).toHaveLength(1);
    expect(configs[0]!.intervalBasis).toBe('spread-of-runs');
    expect(configs[0]!.costPerAttemptUsd).toEqual({ value: 2, interval: { low: 1.2, high: 2.8 } });
  });

  it('gives one run a binomial interval on its success rate and divides its cost by it', () => {
    const [config] = configurationsOf([run('a')], priced('m', 1, 1), AT);
    const band = wilson80(0.5, 330);
    expect(config!.intervalBasis).toBe('binomial-success');
    expect(config!.costPerAttemptUsd).toEqual({ value: 2, interval: null });
    expect(config!.costPerSolvedTaskUsd?.value).toBe(4);
    expect(config!.costPerSolvedTaskUsd?.interval?.low).toBeCloseTo(2 / band.high, 5);
    expect(config!.costPerSolvedTaskUsd?.interval?.high).toBeCloseTo(2 / band.low, 5);
  });
});

describe('estimates', () => {
  const measuredIds = ['a', 'b', 'c', 'd', 'e', 'f'];
  const costs = [1, 2, 4, 3, 1.5, 2.5];
  const input = (count: number) => ({
    runs: measuredIds.slice(0, count).map((id, i) => ({
      toolId: id,
      runs: [run(`${id}-run`, {}, { costUsd: costs[i]! })],
      endpoints: [],
    })),
    tools: [...measuredIds, 'new'].map((id) => priced(id, 1, 5)),
    models: [...measuredIds, 'new'].map((id) => scored(id)),
    at: AT,
  });

  it('estimates a scored model without token or cost evidence, marked estimated, with an interval at least as wide as the measured ones', () => {
    const out = deriveTaskCosts(input(6));
    const cost = out.byModel.get('new')!;
    expect(cost.configurations).toEqual([]);
    expect(cost.headline?.evidence).toBe('estimated');
    const terminal = cost.estimates.find((e) => e.taskKind === 'terminal')!;
    expect(terminal.evidence).toBe('estimated');
    const { value, interval } = terminal.costPerSolvedTaskUsd!;
    expect(interval!.low).toBeLessThan(value);
    expect(interval!.high).toBeGreaterThan(value);
    const widest = Math.max(
      ...measuredIds.map((id) => {
        const i = out.byModel.get(id)!.configurations[0]!.costPerSolvedTaskUsd!.interval!;
        return i.high / i.low;
      }),
    );
    const attempt = terminal.costPerAttemptUsd!.interval!;
    expect(attempt.high / attempt.low).toBeGreaterThanOrEqual(widest * 0.999);
    const kind = out.method.kinds.find((k) => k.taskKind === 'terminal')!;
    expect(kind.heldOut?.n).toBe(6);
    expect(kind.heldOut?.coverage).not.toBeNull();
  });

  it('with too little evidence leaves the estimate unknown and says why', () => {
    const out = deriveTaskCosts(input(MIN_ESTIMATE_EVIDENCE - 1));
    const cost = out.byModel.get('new')!;
    const terminal = cost.estimates.find((e) => e.taskKind === 'terminal')!;
    expect(terminal.costPerAttemptUsd).toBeNull();
    expect(terminal.reason).toMatch(/too little evidence/);
    expect(cost.headline).toBeNull();
    expect(cost.reason).toMatch(/too little evidence/);
    expect(out.method.kinds.find((k) => k.taskKind === 'terminal')?.heldOut).toBeNull();
  });
});

describe('task-runs files', () => {
  it('names the file, the field and the value of a bad number', () => {
    const issues = new IssueCollector();
    const raw = { runs: [{ ...run('a'), perTask: { ...run('a').perTask, costUsd: -3 } }] };
    expect(parseWith(taskRunsFile, raw, 'task-runs/gpt-5.json', issues)).toBeUndefined();
    expect(issues.issues).toContainEqual(
      expect.objectContaining({ file: 'task-runs/gpt-5.json', field: 'runs.0.perTask.costUsd', value: -3 }),
    );
  });

  it('refuses a run with neither tokens, cost nor seconds, and a date no calendar has', () => {
    const issues = new IssueCollector();
    const empty = { ...run('a').perTask, costUsd: null, pricesAsOf: null, costFromTokens: null };
    parseWith(
      taskRunsFile,
      { runs: [{ ...run('a'), date: '2026-02-30', perTask: empty }] },
      'task-runs/x.json',
      issues,
    );
    const fields = issues.issues.map((i) => `${i.field}: ${i.message}`);
    expect(fields).toContain('runs.0.perTask: must give at least one of tokens, costUsd or seconds per task');
    expect(fields.some((f) => f.startsWith('runs.0.date:'))).toBe(true);
  });

  it('refuses a file whose name is not a tool id', async () => {
    const source = await freshSource();
    const located = source.taskRuns[0]!;
    source.taskRuns.push({ ...located, file: 'task-runs/no-such-model.json' });
    const error = errorOf(() => buildOnce(source));
    expect(error.message).toContain('task-runs/no-such-model.json: file name is not a tool id in data/tools/');
  });
});

describe('speed files', () => {
  const endpoint = (
    provider: string,
    outputTokensPerSecond: number | null,
    timeToFirstTokenSeconds: number | null,
  ) => ({
    provider,
    outputTokensPerSecond,
    timeToFirstTokenSeconds,
    date: '2026-08-22',
    conditions: 'median over 72 hours',
    source: {
      name: 'a board',
      url: 'https://example.test/board',
      kind: 'leaderboard' as const,
      asOf: '2026-08-22',
      verified: '2026-11-28',
    },
  });

  it('names the file, the field and the value of a bad speed, and refuses an endpoint with neither figure', () => {
    const issues = new IssueCollector();
    const raw = { endpoints: [endpoint('a', -5, null), endpoint('b', null, null)] };
    expect(parseWith(speedFile, raw, 'speed/gpt-5.json', issues)).toBeUndefined();
    const lines = issues.issues.map((i) => `${i.file} ${i.field} ${JSON.stringify(i.value)}: ${i.message}`);
    expect(lines).toContain('speed/gpt-5.json endpoints.0.outputTokensPerSecond -5: must be >= 0 (tokens per second)');
    expect(lines.some((l) => l.startsWith('speed/gpt-5.json endpoints.1 '))).toBe(true);
  });

  it("gives a model without task runs the median of its endpoints' speeds, each endpoint listed with its source", async () => {
    const source = await freshSource();
    const built = buildOnce(source).documents['benchmarks.json'].benchmarks.models;
    const target = built.find((m) => m.taskCost.configurations.length === 0 && m.taskCost.endpoints.length === 0)!;
    source.speeds.push({
      file: `speed/${target.modelId}.json`,
      data: {
        endpoints: [endpoint('a', 40, 1), endpoint('b', 100, null), endpoint('c', null, 0.5), endpoint('d', 61, 2)],
      },
    });
    const model = buildOnce(source).documents['benchmarks.json'].benchmarks.models.find(
      (m) => m.modelId === target.modelId,
    )!;
    expect(model.taskCost.headline?.outputTokensPerSecond).toBe(61);
    expect(model.taskCost.endpoints.map((e) => e.provider)).toEqual(['a', 'b', 'c', 'd']);
    source.speeds.push({ file: 'speed/no-such-model.json', data: { endpoints: [endpoint('a', 1, 1)] } });
    expect(errorOf(() => buildOnce(source)).message).toContain(
      'speed/no-such-model.json: file name is not a tool id in data/tools/',
    );
  });
});

describe('the published data', () => {
  it('gives every scored model a headline or a reason, and the measured ones name their configuration', async () => {
    const built = buildOnce(await freshSource());
    const { models, taskCostMethod } = built.documents['benchmarks.json'].benchmarks;
    for (const m of models) expect(m.taskCost.headline !== null || m.taskCost.reason !== null).toBe(true);
    // The Terminal-Bench board ran Claude Opus 5 at five efforts: five configurations, never merged; the headline
    // is the one its Terminal-Bench score takes (xhigh, 53.94%), priced from its tokens at today's prices.
    const opus = models.find((m) => m.modelId === 'claude-opus-5')!;
    const efforts = opus.taskCost.configurations.filter((c) => c.taskKind === 'terminal').map((c) => c.reasoningEffort);
    expect(efforts.sort()).toEqual(['high', 'low', 'max', 'medium', 'xhigh']);
    const headline = opus.taskCost.configurations.find((c) => c.id === opus.taskCost.headline?.configurationId)!;
    expect(headline).toMatchObject({ reasoningEffort: 'xhigh', costBasis: 'tokens-at-prices-in-force' });
    expect(headline.successPercent?.value).toBe(53.94);
    expect(opus.taskCost.headline?.configuration).toContain('xhigh');
    // Grok 4.7's board cost covers 324 of its 330 trials: dollars as published, over the trials they cover.
    const grok = models.find((m) => m.modelId === 'grok-4-7')!.taskCost.configurations[0]!;
    expect(grok.costBasis).toBe('dollars-as-published');
    expect(grok.costPerAttemptUsd?.value).toBeCloseTo(3683.287146 / 324, 5);
    expect(taskCostMethod.pricesAt).toBe(built.lastUpdated.slice(0, 10));

    // docs/data.md's worked example is this build's figures for gpt-5's headline configuration.
    const doc = await readFile(path.join(import.meta.dirname, '..', '..', 'docs', 'data.md'), 'utf8');
    const gpt5 = models.find((m) => m.modelId === 'gpt-5')!.taskCost;
    const config = gpt5.configurations.find((c) => c.id === gpt5.headline?.configurationId)!;
    const perSolved = config.costPerSolvedTaskUsd!;
    expect(config.reasoningEffort).toBe('reasoning_effort high');
    // npm run report: per source of runs, and the held-out coverage of the estimates.
    const report = taskCostReport(await freshSource(), built.documents['benchmarks.json'].benchmarks);
    expect(report).toMatch(/Terminal-Bench 4\.0 +33 +21 +21 +33 +21/);
    expect(report).toMatch(/Speed \(data\/speed\/\): \d+ tools/);
    const terminal = taskCostMethod.kinds.find((k) => k.taskKind === 'terminal')!;
    expect(report).toMatch(
      new RegExp(
        `terminal +${terminal.measuredModels} +${terminal.estimatedModels} +${terminal.heldOut!.n} +${terminal.heldOut!.coverage}`,
      ),
    );
    for (const text of [
      `${config.tokensPerTask!.input.toLocaleString('en-US')} input and wrote ${config.tokensPerTask!.output.toLocaleString('en-US')} output tokens`,
      `**$${config.costPerAttemptUsd!.value}** per attempt`,
      `paid $${config.runs[0]!.perTask.costUsd}`,
      `**${config.successPercent!.value}%**`,
      `${config.successPercent!.interval!.low}–${config.successPercent!.interval!.high}%`,
      `**$${perSolved.value}** (80% interval $${perSolved.interval!.low}–$${perSolved.interval!.high})`,
      `**${config.solvedTasksPer100Usd!.value}** solved tasks`,
    ])
      expect(doc).toContain(text);
  });
});

describe('use cases charge each model for its own tokens', () => {
  /** The terminal-agent use case ranked by cost per solved task; `model` given a terminal run of these tokens. */
  async function picksWith(tokens?: { model: string; input: number; output: number }) {
    const source = await freshSource();
    const useCase = source.useCases.find((u) => u.data.id === 'terminal-coding-agent')!;
    useCase.data = { ...useCase.data, sortBy: 'solvedTaskCostAsc', taskKind: 'terminal' };
    if (tokens) {
      const perTask = { inputTokens: tokens.input, outputTokens: tokens.output, costUsd: null };
      const terminal = run(
        'terminal-tokens',
        { successPercent: 40 },
        { ...perTask, pricesAsOf: null, costFromTokens: null },
      );
      source.taskRuns.push({ file: `task-runs/${tokens.model}.json`, data: { runs: [terminal] } });
    }
    const built = buildOnce(source);
    return built.documents['use-cases.json'].useCases.find((u) => u.id === 'terminal-coding-agent')!;
  }

  it('moves a model to the top when it spends few tokens and out of the picks when it spends many, showing the tokens', async () => {
    const base = await picksWith();
    // The last pick: eligible, without a terminal run of its own, so it is charged an estimate.
    const model = base.topPicks.at(-1)!;
    expect(base.topPickTaskCosts.at(-1)).toMatchObject({ toolId: model, evidence: 'estimated', tokensPerTask: null });
    const frugal = await picksWith({ model, input: 2_000, output: 500 });
    expect(frugal.topPicks[0]).toBe(model);
    expect(frugal.topPickTaskCosts[0]).toMatchObject({
      toolId: model,
      evidence: 'measured',
      configurationId: 'terminal-tokens',
      tokensPerTask: { input: 2000, output: 500 },
    });
    expect(frugal.topPickEvidence[0]!.rankedBy).toBe('costPerSolvedTaskUsd (terminal)');
    const lavish = await picksWith({ model, input: 50_000_000, output: 5_000_000 });
    expect(lavish.topPicks).not.toContain(model);
    // The scenario cost keeps its meaning: the same token counts for every model, whatever it spends per task.
    const first = base.topPicks[0]!;
    expect(lavish.topPickCosts.find((c) => c.toolId === first)?.scenarioCostUsd).toBe(
      base.topPickCosts[0]!.scenarioCostUsd,
    );
  });
});
