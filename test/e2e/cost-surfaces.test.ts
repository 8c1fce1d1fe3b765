/**
 * Check 10 of issue 19: the same three workloads through every cost surface against the real
 * server on loopback: the engine, the client (costOf and rankTools), the CLI as a subprocess
 * (`cost <id>` and the ranking), the MCP server over its stdio transport (estimate_cost and
 * recommend_models) and the page calculator's function. A month sent as one request overflows a
 * context window; batch on a model without a batch price; a Zed workload at its price factor.
 * Every surface must give the same answer: no total for the first two, the same dollars for the third.
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  costOf as clientCostOf,
  type PlatformsDocument,
  rankTools,
  type ToolsDocument,
} from '../../packages/client/src/index.ts';
import { type CostResult, costOf, type Usage } from '../../src/cost/index.ts';
import { ROOT } from '../../src/fs/paths.ts';
import { type CalcTool, calculate, type Workload } from '../../src/web/calc.ts';
import { startNodeTarget, type Target } from '../support/targets.ts';

const tsx = createRequire(import.meta.url).resolve('tsx');
const AT = '2026-11-23T12:00:00Z';

type Tool = ToolsDocument['tools'][number];
type Platform = PlatformsDocument['platforms'][number];
type CallResult = { structuredContent?: Record<string, unknown>; isError?: boolean; content: { text: string }[] };

/** One workload: a model, one request's usage, how many requests, and the platform it goes through. */
interface Case {
  tool: Tool;
  usage: Required<Usage>;
  requests: number;
  platform: Platform | null;
}

/** What every surface must agree on. */
const answer = (cost: CostResult) => ({
  kind: cost.kind,
  usd: cost.usd,
  fits: cost.fits,
  exceeds: cost.exceeds,
  unknownBatchRate: cost.unknownBatchRate,
});

describe('one workload, one answer on every cost surface (Node server)', () => {
  let target: Target;
  let mcp: Client;
  let tools: Tool[];
  let platforms: Platform[];
  const cases: Record<'overflow' | 'batch' | 'zed', Case> = {} as never;

  // Asynchronous: the server answers from this process, so a synchronous spawn would stall it.
  const cli = (args: string[]): Promise<{ status: number; stdout: string; stderr: string }> =>
    new Promise((resolve) => {
      const cliPath = path.join(ROOT, 'packages', 'client', 'src', 'cli.ts');
      execFile(
        process.execPath,
        ['--import', tsx, cliPath, ...args, '--base-url', target.baseUrl, '--timeout', '60000'],
        { encoding: 'utf8', timeout: 90_000 },
        (error, stdout, stderr) => resolve({ status: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
    });
  const mcpCall = async (name: string, args: Record<string, unknown>) => {
    const result = (await mcp.callTool({ name, arguments: args })) as CallResult;
    expect(result.isError, result.content[0]?.text).toBeFalsy();
    // biome-ignore lint/suspicious/noExplicitAny: answers are loose JSON, read field by field
    return result.structuredContent as Record<string, any>;
  };
  const workloadFlags = ({ usage, requests, platform }: Case) => [
    ...['--input', String(usage.input), '--output', String(usage.output)],
    ...['--cache-read', String(usage.cacheRead), '--requests', String(requests), '--at', AT],
    ...(usage.batch ? ['--batch'] : []),
    ...(platform ? ['--platform', platform.id] : []),
  ];
  const mcpWorkload = ({ tool, usage, requests, platform }: Case) => ({
    model: tool.id,
    inputTokens: usage.input,
    outputTokens: usage.output,
    cacheReadTokens: usage.cacheRead,
    batch: usage.batch,
    requests,
    at: AT,
    ...(platform ? { platform: platform.id } : {}),
  });
  const engineCost = ({ tool, usage, requests, platform }: Case) =>
    costOf(tool, usage, {
      at: AT,
      requests,
      platform: platform?.toolBilling.find((b) => b.toolId === tool.id),
    });
  const pageRow = ({ tool, usage, requests, platform }: Case, fit = false) =>
    calculate(tools as unknown as CalcTool[], { ...usage, cacheWrite: 0, cacheWrite1h: 0, requests } as Workload, {
      at: AT,
      platform,
      scores: new Map(),
      hideInactive: false,
      fit,
    }).find((row) => row.tool.id === tool.id);

  beforeAll(async () => {
    target = await startNodeTarget(inject('distPath'));
    tools = ((await (await fetch(`${target.baseUrl}/api/tools.json`)).json()) as ToolsDocument).tools;
    platforms = ((await (await fetch(`${target.baseUrl}/api/platforms.json`)).json()) as PlatformsDocument).platforms;
    const request = (input: number, output: number, cacheRead = 0, batch = false) => ({
      input,
      output,
      cacheRead,
      cacheWrite: 0,
      cacheWrite1h: 0,
      batch,
    });
    // The month on gpt-5-4 (10M input, 40M cache read, 5M output) sent as one request.
    const gpt = tools.find((t) => t.id === 'gpt-5-4')!;
    cases.overflow = { tool: gpt, usage: request(10_000_000, 5_000_000, 40_000_000), requests: 1, platform: null };
    const noBatch = tools
      .filter((t) => t.status === 'active' && !t.pricingDetails.free)
      .sort((a, b) => a.id.localeCompare(b.id))
      .find((t) => !t.pricingDetails.modifiers.some((m) => m.kind === 'batch'))!;
    cases.batch = { tool: noBatch, usage: request(20_000, 2_000, 0, true), requests: 100, platform: null };
    const zed = platforms.find((p) => p.id === 'zed')!;
    const entry = zed.toolBilling.find((b) => b.billing === 'per-token' && b.priceFactor != null)!;
    const zedTool = tools.find((t) => t.id === entry.toolId)!;
    cases.zed = { tool: zedTool, usage: request(20_000, 2_000, 10_000), requests: 500, platform: zed };
    mcp = new Client({ name: 'cost-surfaces-e2e', version: '1.0.0' });
    await mcp.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: ['--import', tsx, path.join(ROOT, 'src', 'cli', 'mcp.ts'), '--base-url', target.baseUrl],
        cwd: ROOT,
        stderr: 'pipe',
      }),
    );
  });
  afterAll(async () => {
    await mcp?.close();
    await target?.stop();
  });

  it('the engine: no total for the overflow and the unknown batch rate, the Zed price factor applied', () => {
    const overflow = engineCost(cases.overflow);
    expect(overflow.kind).toBe('exceeds-limits');
    expect(overflow.exceeds[0]).toMatchObject({ limit: 'contextTokens', tokens: 50_000_000 });
    // The same month as 1,000 requests fits, below the long-context tier: $110.
    expect(
      engineCost({
        ...cases.overflow,
        usage: { ...cases.overflow.usage, input: 10_000, output: 5_000, cacheRead: 40_000 },
        requests: 1_000,
      }).usd,
    ).toBe(110);
    const batch = engineCost(cases.batch);
    expect([batch.kind, batch.unknownBatchRate, batch.usd]).toEqual(['unpriced', true, null]);
    const zed = engineCost(cases.zed);
    const provider = engineCost({ ...cases.zed, platform: null });
    expect(zed.kind).toBe('usd');
    expect(zed.platform?.priceFactor).toBe(1.1);
    expect(zed.usd).toBeCloseTo(provider.usd! * 1.1, 5);
  });

  for (const name of ['overflow', 'batch', 'zed'] as const) {
    it(`${name}: the client, the CLI, the MCP server and the page calculator give the engine's answer`, async () => {
      const c = cases[name];
      const expected = answer(engineCost(c));
      const fromClient = clientCostOf(c.tool, c.usage, {
        at: AT,
        requests: c.requests,
        platform: c.platform ?? undefined,
      });
      expect(answer(fromClient)).toEqual(expected);

      const run = await cli(['cost', c.tool.id, ...workloadFlags(c), '--json']);
      expect(run.stderr).toBe('');
      expect(answer(JSON.parse(run.stdout).cost)).toEqual(expected);
      const table = await cli(['cost', c.tool.id, ...workloadFlags(c)]);
      if (name === 'batch') expect(table.stdout).toMatch(/unknown batch rate/);
      if (name === 'overflow') expect(table.stdout).toMatch(/exceeds-limits/);

      const estimate = await mcpCall('estimate_cost', mcpWorkload(c));
      expect(answer(estimate.cost)).toEqual(expected);
      if (name === 'batch') expect(estimate.explanation).toMatch(/Unknown batch rate/);
      if (name === 'overflow') expect(estimate.explanation).toMatch(/context window of 1050000/);

      const row = pageRow(c);
      expect(answer(row!.result!)).toEqual(expected);
      expect(row!.monthlyMicro).toBe(expected.usd === null ? null : Math.round(expected.usd * 1e6));
    });
  }

  it("rankings leave out the models one request does not fit (the issue's 500K prompt): client, CLI, MCP, page", async () => {
    // A 500K prompt and 10K output: models with a smaller window must not be ranked, the others are.
    const usage = { ...cases.overflow.usage, input: 500_000, output: 10_000, cacheRead: 0 };
    const small = tools
      .filter((t) => t.status === 'active' && t.contextTokens < 510_000)
      .sort((x, y) => x.id.localeCompare(y.id))[0]!;
    const c: Case = { tool: small, usage, requests: 1, platform: null };
    const ranked = rankTools(tools, c.usage, { at: AT, requests: c.requests });
    expect(ranked.length).toBeGreaterThan(0);
    expect(ranked.every((r) => r.cost.fits && r.tool.contextTokens >= 510_000)).toBe(true);
    expect(ranked.map((r) => r.tool.id)).not.toContain(c.tool.id);
    expect(rankTools(tools, c.usage, { at: AT, unfit: 'flag' }).at(-1)?.cost.kind).toBe('exceeds-limits');

    const run = await cli(['cost', ...workloadFlags(c), '--all', '--json']);
    expect(run.stderr).toBe('');
    const cliRanking = JSON.parse(run.stdout) as { results: { id: string; cost: CostResult }[]; unfit: string[] };
    expect(cliRanking.unfit).toContain(c.tool.id);
    expect(cliRanking.results.every((r) => r.cost.fits)).toBe(true);
    const text = await cli(['cost', ...workloadFlags(c)]);
    expect(text.stdout).toMatch(/models left out: one request goes over their context window or output limit/);

    const recommended = await mcpCall('recommend_models', {
      inputTokens: c.usage.input,
      outputTokens: c.usage.output,
      cacheReadTokens: c.usage.cacheRead,
      rankBy: 'cost',
    });
    expect(recommended.leftOutForLimits).toContain(c.tool.id);
    expect(recommended.results.map((r: { id: string }) => r.id)).not.toContain(c.tool.id);

    expect(pageRow(c, true)).toBeUndefined();
    expect(pageRow(c)?.result?.kind).toBe('exceeds-limits');
  });
});
