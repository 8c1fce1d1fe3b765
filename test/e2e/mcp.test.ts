/**
 * The MCP server as a coding agent uses it: spawned over stdio and driven by the SDK's own
 * client, reading the real server on loopback (and, in a second session, the artifact directory
 * directly). Tools list as read-only with strict input schemas and output schemas; answers are
 * structuredContent (checked by the SDK client against the outputSchema) with a short text
 * summary, cite sources and say which scores are estimated; search pages without repeating a
 * model; bad input (an unknown key, an impossible date) is refused naming the field; the compiled
 * runtime (tsconfig.mcp.json, what `npm run mcp` runs) speaks the protocol too.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BenchmarksDocument, ModelDocument, ToolsDocument } from '../../packages/client/src/index.ts';
import { ROOT } from '../../src/fs/paths.ts';
import { statusPhrase } from '../../src/schema/change-words.ts';
import { startNodeTarget, type Target } from '../support/targets.ts';

// biome-ignore lint/suspicious/noExplicitAny: answers are loose JSON, checked field by field below
type Json = any;

type CallResult = {
  content: { type: string; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
};

async function connect(command: string, args: string[]): Promise<Client> {
  const client = new Client({ name: 'mcp-e2e', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command, args, cwd: ROOT, stderr: 'pipe' }));
  return client;
}

const tsxLoader = createRequire(import.meta.url).resolve('tsx');
const fromSource = (...args: string[]) =>
  connect(process.execPath, ['--import', tsxLoader, path.join(ROOT, 'src', 'cli', 'mcp.ts'), ...args]);

describe('MCP server over stdio (SDK client)', () => {
  let target: Target;
  let client: Client;
  let tools: ToolsDocument['tools'];
  let benchmarks: BenchmarksDocument['benchmarks']['models'];
  const call = async (name: string, args: Record<string, unknown>) =>
    (await client.callTool({ name, arguments: args })) as CallResult;
  const data = async (name: string, args: Record<string, unknown>) => {
    const result = await call(name, args);
    expect(result.isError, result.content[0]?.text).toBeFalsy();
    // The facts travel once, as structuredContent; the text block is a summary, not the JSON again.
    expect(result.content).toHaveLength(1);
    expect(result.content[0]!.text.length).toBeLessThan(2_000);
    expect(() => JSON.parse(result.content[0]!.text)).toThrow();
    return result.structuredContent as Record<string, Json>;
  };
  const modelDocument = async (id: string) =>
    (await (await fetch(`${target.baseUrl}/api/models/${id}.json`)).json()) as ModelDocument;

  beforeAll(async () => {
    target = await startNodeTarget(inject('distPath'));
    tools = ((await (await fetch(`${target.baseUrl}/api/tools.json`)).json()) as ToolsDocument).tools;
    benchmarks = ((await (await fetch(`${target.baseUrl}/api/benchmarks.json`)).json()) as BenchmarksDocument)
      .benchmarks.models;
    client = await fromSource('--base-url', target.baseUrl);
  });
  afterAll(async () => {
    await client?.close();
    await target?.stop();
  });

  it('lists its tools (the five core ones among them), each read-only with a strict input schema and an output schema', async () => {
    const { tools: listed } = await client.listTools();
    expect(listed.map((t) => t.name)).toEqual(
      expect.arrayContaining(['estimate_cost', 'get_model', 'list_changes', 'recommend_models', 'search_models']),
    );
    for (const tool of listed) {
      expect(tool.description!.length).toBeGreaterThan(40);
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.inputSchema.additionalProperties).toBe(false);
      expect(tool.outputSchema?.type).toBe('object');
      expect(tool.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false, openWorldHint: true });
    }
    // Portable spellings only (src/mcp/portable-schemas.ts; the Inspector's --strict check runs in the slow suite).
    const unportable: string[] = [];
    const walk = (schema: unknown, at: string): void => {
      if (Array.isArray(schema)) {
        for (const [i, s] of schema.entries()) walk(s, `${at}[${i}]`);
        return;
      }
      if (typeof schema !== 'object' || schema === null) return;
      const record = schema as Record<string, unknown>;
      if (Array.isArray(record.type)) unportable.push(`${at}: type ${JSON.stringify(record.type)}`);
      for (const [key, value] of Object.entries(record)) {
        // An empty schema accepts anything; an empty properties map is only a map with no entries.
        const empty =
          typeof value === 'object' && value !== null && !Array.isArray(value) && !Object.keys(value).length;
        if (empty && key !== 'properties') unportable.push(`${at}.${key}: {}`);
        if (key !== 'enum' && key !== 'const') walk(value, `${at}.${key}`);
      }
    };
    for (const tool of listed) {
      walk(tool.inputSchema, `${tool.name}.inputSchema`);
      walk(tool.outputSchema, `${tool.name}.outputSchema`);
    }
    expect(unportable).toEqual([]);
    const estimate = listed.find((t) => t.name === 'estimate_cost')!;
    expect(estimate.inputSchema.required).toEqual(expect.arrayContaining(['model', 'inputTokens', 'outputTokens']));
  });

  it('search_models: filters, links the pricing page and the model document, and marks estimated scores', async () => {
    const result = await data('search_models', { capabilities: ['reasoning'], minContextTokens: 200_000, limit: 50 });
    expect(result.count).toBe(tools.filter((t) => t.reasoning === true && t.contextTokens >= 200_000).length);
    for (const model of result.models) {
      expect(model.reasoning).toBe(true);
      expect(model.pricingPage).toMatch(/^https:\/\//);
      expect(model.details).toBe(`${target.baseUrl}/api/models/${model.id}.json`);
    }
    const partly = result.models.find((m: Json) => m.measuredCount !== null && m.measuredCount < m.weightedCount);
    const published = benchmarks.find((b) => b.modelId === partly.id)!;
    // The count is the API's own: of the benchmarks overallScore weighs, never of every benchmark field.
    expect(partly.measuredCount).toBe(published.measuredCount);
    expect(partly.evidence).toBe(published.evidence);
    expect(partly.evidenceNote).toMatch(/estimated by the scoring model/);
    expect(result.dataSource.documents).toContain(`${target.baseUrl}/api/tools.json`);
    // Image input: only the models whose flag is true (an unknown one is not a yes), with the flag in the answer.
    const seeing = await data('search_models', { capabilities: ['imageInput'], limit: 50 });
    expect(seeing.count).toBe(tools.filter((t) => t.imageInput === true).length);
    expect(seeing.models.every((m: Json) => m.imageInput === true)).toBe(true);
  });

  it('search_models: minScores keeps the models with that benchmark score, measuredOnly only measured ones', async () => {
    const detail = (id: string) =>
      (benchmarks.find((b) => b.modelId === id)?.scoreDetails as Record<string, { kind: string; value: number }>)
        ?.sweBenchPro;
    const measured = tools
      .filter((t) => detail(t.id)?.kind === 'measured' && detail(t.id)!.value >= 50)
      .map((t) => t.id)
      .sort();
    const result = await data('search_models', { minScores: { sweBenchPro: 50 }, measuredOnly: true, limit: 50 });
    expect(result.count).toBe(measured.length);
    const ids = result.models.map((m: Json) => m.id);
    expect(ids).toHaveLength(Math.min(50, measured.length));
    expect(measured).toEqual(expect.arrayContaining(ids));
    const typo = await call('search_models', { minScores: { sweBenchPr: 50 } });
    expect(typo.isError).toBe(true);
    expect(typo.content[0]!.text).toContain('sweBenchPro');

    // recommend_models takes the same minimums: every model it ranks has a measured SWE-bench Pro of 50 or more.
    const recommended = await data('recommend_models', {
      minScores: { sweBenchPro: 50 },
      measuredOnly: true,
      inputTokens: 100_000,
      outputTokens: 10_000,
      limit: 50,
    });
    expect(recommended.results.length).toBeGreaterThan(0);
    for (const r of recommended.results) expect(measured).toContain(r.id);
    expect(recommended.constraints).toMatchObject({ minScores: { sweBenchPro: 50 }, measuredOnly: true });
  });

  it('search_models: a budget per solved task and a minimum speed keep the models whose headline figures are within them', async () => {
    const within = tools
      .filter((t) => {
        const h = benchmarks.find((b) => b.modelId === t.id)?.taskCost?.headline;
        const cost = h?.costPerSolvedTaskUsd?.value;
        const speed = h?.outputTokensPerSecond;
        return cost != null && cost <= 5 && speed != null && speed >= 50;
      })
      .map((t) => t.id)
      .sort();
    expect(within.length).toBeGreaterThan(0);
    const result = await data('search_models', { maxUsdPerSolvedTask: 5, minOutputTokensPerSecond: 50, limit: 50 });
    expect(result.models.map((m: Json) => m.id).sort()).toEqual(within);
  });

  it('search_models pages through every model once, each page a compact answer sent once', async () => {
    const seen: string[] = [];
    let offset: number | null = 0;
    while (offset !== null) {
      const raw = await call('search_models', { offset, limit: 50 });
      const page = raw.structuredContent as Json;
      expect(page.count).toBe(tools.length);
      expect(page.models.length).toBeLessThanOrEqual(50);
      // A full page of compact rows stays a small answer (was 217 KB for every model, twice).
      expect(JSON.stringify(raw).length).toBeLessThan(40_000);
      expect(raw.content[0]!.text).toContain(page.models[0].id);
      seen.push(...page.models.map((m: Json) => m.id));
      offset = page.nextOffset;
    }
    expect(seen).toHaveLength(tools.length);
    expect(new Set(seen).size).toBe(tools.length);
    const tooMany = await call('search_models', { limit: tools.length });
    expect(tooMany.isError).toBe(true);
    expect(tooMany.content[0]!.text).toMatch(/limit/);
  });

  it('get_model: by dated snapshot, with every score measured (with its source) or estimated, platforms and sources', async () => {
    const scored = benchmarks.find((b) => Object.values(b.scoreDetails).some((d) => d.kind === 'estimated'))!;
    const tool = tools.find((t) => t.id === scored.modelId)!;
    const result = await data('get_model', { id: `${tool.aliases[0] ?? tool.id}-20260101` });
    expect(result.model.id).toBe(tool.id);
    for (const detail of Object.values(result.model.score.benchmarks) as { kind: string; source?: string }[]) {
      if (detail.kind === 'measured') expect(detail.source).toBeTruthy();
      else expect(detail.kind).toBe('estimated');
    }
    // The sources in full come from the model's own document; tools.json gives only their kind and dates.
    const record = (await modelDocument(tool.id)).tool;
    expect(result.sources.pricing.url).toBe(record.sources.pricing.url);
    expect(result.sources.pricing.name).toBe(record.sources.pricing.name);
    expect(result.model.conflicts).toEqual(record.conflicts);
    expect(result.dataSource.documents).toContain(`${target.baseUrl}/api/models/${tool.id}.json`);
    expect(result.platforms.length).toBeGreaterThan(0);
    const replaced = tools.find((t) => t.replacedBy !== null)!;
    expect((await data('get_model', { id: replaced.id })).successor.chain[1]).toBe(replaced.replacedBy);
    // The summary says a retired model's status in the directory's words; structuredContent keeps the value.
    const retired = tools.find((t) => t.status === 'retired')!;
    const gone = await call('get_model', { id: retired.id });
    expect(gone.content[0]!.text).toContain(`${retired.id} is ${statusPhrase('retired')}`);
    expect((gone.structuredContent as Json).model.status).toBe('retired');
    const unknown = await call('get_model', { id: `${tool.id}zz` });
    expect(unknown.isError).toBe(true);
    expect(unknown.content[0]!.text).toContain('did you mean');
  });

  it('estimate_cost: the cost engine for a workload, with a platform, citing the price source', async () => {
    const tool = tools.find(
      (t) =>
        t.status === 'active' &&
        !t.pricingDetails.free &&
        t.pricingDetails.modifiers.length === 0 &&
        t.pricingDetails.tiers.length === 0 &&
        t.contextTokens >= 110_000 &&
        (t.maxOutputTokens ?? Number.POSITIVE_INFINITY) >= 10_000,
    )!;
    // Ten requests of 100K in and 10K out: 1M input and 100K output tokens in all, each request within the context window.
    const result = await data('estimate_cost', {
      model: tool.id,
      inputTokens: 100_000,
      outputTokens: 10_000,
      requests: 10,
      at: '2026-11-23T12:00:00Z',
    });
    expect(result.cost.kind).toBe('usd');
    expect(result.cost.usd).toBeCloseTo(tool.pricing.input + tool.pricing.output / 10, 6);
    expect(result.sources.pricing.url).toBe((await modelDocument(tool.id)).tool.sources.pricing.url);
    const onCursor = await data('estimate_cost', {
      model: 'claude-haiku-4-5',
      platform: 'cursor',
      inputTokens: 10_000,
      outputTokens: 1_000,
    });
    expect(onCursor.platform).toBe('cursor');
  });

  it("recommend_models: a use case's picks, or a ranking under budget, context and open-weight constraints", async () => {
    const useCases = (
      (await (await fetch(`${target.baseUrl}/api/use-cases.json`)).json()) as {
        useCases: {
          id: string;
          topPicks: string[];
          topPickCosts: { toolId: string; scenarioCostUsd: number | null }[];
        }[];
      }
    ).useCases;
    const picks = await data('recommend_models', { useCase: useCases[0]!.id, limit: 50 });
    expect(picks.results.map((r: Json) => r.id)).toEqual(useCases[0]!.topPicks);
    // limit and count mean what they mean in the other modes, and the cost has the one name costUsd.
    const withPicks = useCases.find((u) => u.topPicks.length >= 2)!;
    const firstTwo = await data('recommend_models', { useCase: withPicks.id, limit: 1 });
    expect(firstTwo.count).toBe(withPicks.topPicks.length);
    expect(firstTwo.results.map((r: Json) => r.id)).toEqual(withPicks.topPicks.slice(0, 1));
    expect(firstTwo.results[0].costUsd).toBe(
      withPicks.topPickCosts.find((c) => c.toolId === withPicks.topPicks[0])?.scenarioCostUsd ?? null,
    );
    expect(firstTwo.results[0]).not.toHaveProperty('scenarioCostUsd');
    const constrained = await data('recommend_models', {
      inputTokens: 200_000,
      outputTokens: 20_000,
      budgetUsd: 0.5,
      minContextTokens: 128_000,
      openWeights: true,
      rankBy: 'score',
      limit: 10,
    });
    expect(constrained.results.length).toBeGreaterThan(0);
    for (const r of constrained.results) {
      expect(r.openWeights).toBe(true);
      expect(r.contextTokens).toBeGreaterThanOrEqual(128_000);
      expect(r.costUsd).toBeLessThanOrEqual(0.5);
      expect(r.score.note).toBeTruthy();
    }
    const scores = constrained.results.map((r: Json) => r.score.overallScore ?? -1);
    expect(scores).toEqual([...scores].sort((a: number, b: number) => b - a));
  });

  it('recommend_models by cost per solved task within a monthly budget; get_model carries the task costs', async () => {
    const result = await data('recommend_models', {
      rankBy: 'solvedTaskCost',
      taskKind: 'repo-issue',
      tasksPerMonth: 200,
      monthlyBudgetUsd: 400,
      limit: 50,
    });
    expect(result.results.length).toBeGreaterThan(3);
    const values: number[] = [];
    for (const r of result.results) {
      const taskCost = benchmarks.find((b) => b.modelId === r.id)!.taskCost!;
      const published = r.taskCost.configurationId
        ? taskCost.configurations.find((c) => c.id === r.taskCost.configurationId)!
        : taskCost.estimates.find((e) => e.taskKind === 'repo-issue')!;
      expect(r.taskCost.evidence).toBe(r.taskCost.configurationId ? 'measured' : 'estimated');
      expect(r.taskCost.costPerSolvedTaskUsd).toEqual(published.costPerSolvedTaskUsd);
      expect(r.taskCost.secondsPerTask).toEqual(published.secondsPerTask);
      // 400 USD for 200 solved tasks: at most 2 USD each; the month's cost is 200 times the task's.
      expect(r.taskCost.costPerSolvedTaskUsd.value).toBeLessThanOrEqual(2);
      expect(r.taskCost.monthlyUsd.value).toBeCloseTo(200 * r.taskCost.costPerSolvedTaskUsd.value, 9);
      values.push(r.taskCost.costPerSolvedTaskUsd.value);
    }
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(result.constraints).toMatchObject({ tasksPerMonth: 200, monthlyBudgetUsd: 400 });

    const timed = await data('recommend_models', { rankBy: 'taskSeconds', maxSecondsPerTask: 300, limit: 50 });
    const seconds = timed.results.map((r: Json) => r.taskCost.secondsPerTask.value);
    expect(seconds.length).toBeGreaterThan(0);
    for (const s of seconds) expect(s).toBeLessThanOrEqual(300);
    expect(seconds).toEqual([...seconds].sort((a: number, b: number) => a - b));

    // Output speed: the published median over each model's endpoints, fastest first, at least the minimum asked.
    const fast = await data('recommend_models', { rankBy: 'outputSpeed', minOutputTokensPerSecond: 100, limit: 50 });
    const speeds = fast.results.map((r: Json) => r.taskCost.outputTokensPerSecond);
    expect(speeds.length).toBeGreaterThan(0);
    for (const [i, r] of fast.results.entries()) {
      const published = benchmarks.find((b) => b.modelId === r.id)!.taskCost!.headline!.outputTokensPerSecond;
      expect(speeds[i], r.id).toBe(published);
      expect(speeds[i]).toBeGreaterThanOrEqual(100);
    }
    expect(speeds).toEqual([...speeds].sort((a: number, b: number) => b - a));
    expect(fast.constraints.minOutputTokensPerSecond).toBe(100);

    // On a platform that bills per token at a stated factor, the cost per solved task is the published one times it.
    const platforms = (await (await fetch(`${target.baseUrl}/api/platforms.json`)).json()) as {
      platforms: { id: string; toolBilling: { toolId: string; billing: string; priceFactor: number | null }[] }[];
    };
    const zed = platforms.platforms.find((p) => p.id === 'zed')!;
    const onZed = await data('recommend_models', {
      rankBy: 'solvedTaskCost',
      platform: 'zed',
      provider: 'anthropic',
      limit: 10,
    });
    const factored = onZed.results.filter((r: Json) =>
      zed.toolBilling.some((b) => b.toolId === r.id && b.billing === 'per-token' && b.priceFactor !== null),
    );
    expect(factored.length).toBeGreaterThan(0);
    for (const r of factored) {
      const factor = zed.toolBilling.find((b) => b.toolId === r.id)!.priceFactor!;
      const published = benchmarks.find((b) => b.modelId === r.id)!.taskCost!.headline!.costPerSolvedTaskUsd!.value;
      expect(r.taskCost.costPerSolvedTaskUsd.value).toBeCloseTo(published * factor, 9);
      expect(r.taskCost.billingNote).toContain(`x ${factor}`);
    }

    const half = await call('recommend_models', { monthlyBudgetUsd: 400 });
    expect(half.isError).toBe(true);
    expect(half.content[0]!.text).toContain('tasksPerMonth');

    const priced = benchmarks.find((b) => b.taskCost?.headline?.costPerSolvedTaskUsd)!;
    const model = await data('get_model', { id: priced.modelId });
    expect(model.taskCost).toEqual(priced.taskCost);
  });

  it('list_changes: the newest releases with links', async () => {
    const result = await data('list_changes', { limit: 1 });
    expect(result.releases).toHaveLength(1);
    expect(result.releases[0].url).toMatch(/\/api\/v\/.+\/release\.json$/);
  });

  it('list_changes counts every matching release, and with a model or kinds returns only releases that match', async () => {
    const everything = await data('list_changes', { since: '2026-01-01', limit: 50, refits: true });
    expect(everything.count).toBe(everything.totalReleases);
    const priced = everything.releases.flatMap((r: Json) => r.changes).find((c: Json) => c.kind === 'price-changed');
    const byModel = await data('list_changes', { model: priced.toolId, limit: 50 });
    expect(byModel.count).toBe(byModel.releases.length);
    for (const release of byModel.releases) {
      expect(release.changes.length + release.refitsLeftOut).toBeGreaterThan(0);
      for (const change of release.changes) expect(change.toolId).toBe(priced.toolId);
    }
    const byKind = await data('list_changes', { kinds: ['price-changed'], limit: 1 });
    expect(byKind.releases).toHaveLength(1);
    expect(byKind.count).toBeGreaterThanOrEqual(1);
    for (const change of byKind.releases[0].changes) expect(change.kind).toBe('price-changed');
  });

  it('list_changes leaves out estimates that moved within their interval unless asked, and counts them', async () => {
    const brief = await data('list_changes', { since: '2026-11-25', limit: 10 });
    const release = brief.releases.find((r: Json) => r.refitsLeftOut > 0);
    expect(release, 'a release with refitted estimates').toBeDefined();
    expect(release.changes.some((c: Json) => c.withinPreviousInterval === true)).toBe(false);
    const full = await data('list_changes', { since: '2026-11-25', limit: 10, refits: true });
    const same = full.releases.find((r: Json) => r.id === release.id);
    expect(same.changes).toHaveLength(release.changes.length + release.refitsLeftOut);
    expect(same.refitsLeftOut).toBe(0);
  });

  it('refuses input its schema rejects, naming the field: bad values, unknown keys, impossible dates', async () => {
    const result = await call('estimate_cost', { model: 'gpt-5-4', inputTokens: -5, outputTokens: 'many' });
    expect(result.isError).toBe(true);
    expect(result.content[0]!.text).toMatch(/inputTokens|outputTokens/);
    const unknownKey = await call('search_models', { query: 'sonnet', limt: 5 });
    expect(unknownKey.isError).toBe(true);
    expect(unknownKey.content[0]!.text).toContain('limt');
    const since = await call('list_changes', { since: '2026-13-45' });
    expect(since.isError).toBe(true);
    expect(since.content[0]!.text).toMatch(/not a calendar date \(YYYY-MM-DD\): \\?"2026-13-45\\?" at since/);
    const at = await call('estimate_cost', {
      model: 'gpt-5-4',
      inputTokens: 1,
      outputTokens: 1,
      at: '2026-02-30T00:00:00Z',
    });
    expect(at.isError).toBe(true);
    expect(at.content[0]!.text).toMatch(/not an ISO 8601 instant .*2026-02-30T00:00:00Z\\?" at at/);
    expect((await data('list_changes', { since: '2026-02-28', limit: 1 })).releases.length).toBeLessThanOrEqual(1);
  });

  it('reads a local artifact directory with --dist', async () => {
    const local = await fromSource('--dist', inject('distPath'));
    try {
      // An artifact directory is read from disk: the tools do not reach the network.
      for (const tool of (await local.listTools()).tools) expect(tool.annotations?.openWorldHint).toBe(false);
      const result = (await local.callTool({ name: 'get_model', arguments: { id: tools[0]!.id } })) as CallResult;
      expect(result.isError).toBeFalsy();
      expect((result.structuredContent as Json).model.id).toBe(tools[0]!.id);
      expect((result.structuredContent as Json).dataSource.documents).toContain('/api/tools.json');
    } finally {
      await local.close();
    }
  });

  it('the compiled runtime (tsconfig.mcp.json, what npm run mcp runs) speaks the protocol', async () => {
    // Inside the repository (out/ is ignored), so the compiled files resolve the SDK and zod from node_modules.
    mkdirSync(path.join(ROOT, 'out'), { recursive: true });
    const outDir = mkdtempSync(path.join(ROOT, 'out', 'mcp-test-'));
    try {
      execFileSync(
        process.execPath,
        [
          createRequire(import.meta.url).resolve('typescript/bin/tsc'),
          '-p',
          path.join(ROOT, 'tsconfig.mcp.json'),
          '--outDir',
          outDir,
        ],
        { stdio: 'pipe' },
      );
      const compiled = await connect(process.execPath, [
        '--input-type=module',
        '-e',
        `import(${JSON.stringify(path.join(outDir, 'src', 'mcp', 'main.js'))}).then((m) => m.main(['--base-url', ${JSON.stringify(target.baseUrl)}]))`,
      ]);
      try {
        expect((await compiled.listTools()).tools.map((t) => t.name)).toContain('search_models');
      } finally {
        await compiled.close();
      }
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  });
});

describe('MCP server when the API goes down', () => {
  let target: Target | undefined;
  let client: Client;
  const call = async (name: string, args: Record<string, unknown>) =>
    (await client.callTool({ name, arguments: args })) as CallResult;

  beforeAll(async () => {
    target = await startNodeTarget(inject('distPath'));
    client = await fromSource('--base-url', target.baseUrl);
  });
  afterAll(async () => {
    await client?.close();
    await target?.stop();
  });

  it('answers from its last good copy, saying how old and why in words, and fails readably without one', async () => {
    const fresh = await call('search_models', { limit: 3 });
    expect(fresh.isError, fresh.content[0]?.text).toBeFalsy();
    expect((fresh.structuredContent as Json).dataSource.stale).toBeUndefined();
    const baseUrl = target!.baseUrl;
    await target!.stop();
    target = undefined;

    const stale = await call('search_models', { limit: 3 });
    expect(stale.isError, stale.content[0]?.text).toBeFalsy();
    expect((stale.structuredContent as Json).models).toEqual((fresh.structuredContent as Json).models);
    expect(stale.content[0]!.text).toMatch(
      /^The directory API could not be used \(the connection was refused\): answered from the last good copy/,
    );
    const copies = (stale.structuredContent as Json).dataSource.stale;
    expect(copies.map((copy: Json) => copy.document)).toContain(`${baseUrl}/api/tools.json`);
    for (const copy of copies) {
      expect(copy.reason).toBe('the connection was refused');
      expect(Date.parse(copy.fetchedAt)).toBeLessThanOrEqual(Date.now());
      expect(copy.ageSeconds).toBeGreaterThanOrEqual(0);
    }

    // A document it never fetched: an error an agent can read, not a socket's error code.
    const never = await call('list_changes', {});
    expect(never.isError).toBe(true);
    expect(never.content[0]!.text).toMatch(/could not be used \(the connection was refused\).*no earlier copy/);
    expect(JSON.stringify([stale, never])).not.toMatch(/ECONNREFUSED|connect E[A-Z]+/);
  });
});
