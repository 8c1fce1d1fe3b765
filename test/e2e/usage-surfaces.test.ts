/**
 * Any id and a provider response, through every surface against the real server on loopback: the
 * client's resolveModel and priceResponse, the CLI's `resolve` and `usage` (a response on stdin),
 * and the MCP tools resolve_model and price_usage. All three give the same tool and the same cost.
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createClient, NotFoundError } from '../../packages/client/src/index.ts';
import { ROOT } from '../../src/fs/paths.ts';
import { startNodeTarget, type Target } from '../support/targets.ts';

const tsx = createRequire(import.meta.url).resolve('tsx');
const responseText = readFileSync(
  path.join(ROOT, 'test', 'fixtures', 'provider-usage', 'anthropic-one-hour.json'),
  'utf8',
);
const BEDROCK_ID = 'us.anthropic.claude-sonnet-4-5-20250929-v1:0';
const AT = '2026-11-23T12:00:00Z';

type CallResult = { structuredContent?: Record<string, unknown>; isError?: boolean; content: { text: string }[] };

describe('resolving ids and pricing responses on every surface (Node server)', () => {
  let target: Target;
  let mcp: Client;
  // Asynchronous: the server answers from this process, so a synchronous spawn would stall it.
  const cli = (args: string[], input = ''): Promise<{ status: number; stdout: string; stderr: string }> =>
    new Promise((resolve) => {
      const cliPath = path.join(ROOT, 'packages', 'client', 'src', 'cli.ts');
      const child = execFile(
        process.execPath,
        ['--import', tsx, cliPath, ...args, '--base-url', target.baseUrl, '--timeout', '60000'],
        { encoding: 'utf8', timeout: 90_000 },
        (error, stdout, stderr) => resolve({ status: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
      child.stdin?.end(input);
    });

  beforeAll(async () => {
    target = await startNodeTarget(inject('distPath'));
    mcp = new Client({ name: 'usage-e2e', version: '1.0.0' });
    const server = [path.join(ROOT, 'src', 'cli', 'mcp.ts'), '--base-url', target.baseUrl];
    const transport = { command: process.execPath, args: ['--import', tsx, ...server], cwd: ROOT };
    await mcp.connect(new StdioClientTransport({ ...transport, stderr: 'pipe' }));
  });
  afterAll(async () => {
    await mcp?.close();
    await target?.stop();
  });

  it('a Bedrock id names the same tool in the client, the CLI and the MCP server', async () => {
    const client = createClient({ baseUrl: target.baseUrl });
    expect((await client.resolveModel(BEDROCK_ID)).tool.id).toBe('claude-sonnet-4-5');
    const run = await cli(['resolve', BEDROCK_ID, '--json']);
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toMatchObject({ id: 'claude-sonnet-4-5', match: { form: 'bedrock' } });
    const call = (await mcp.callTool({ name: 'resolve_model', arguments: { id: BEDROCK_ID } })) as CallResult;
    expect(call.isError).toBeFalsy();
    expect(call.structuredContent).toMatchObject({ model: { id: 'claude-sonnet-4-5' } });
  });

  it('an unknown id is not found with suggestions: NotFoundError, exit status 1, an MCP error answer', async () => {
    const client = createClient({ baseUrl: target.baseUrl });
    await expect(client.resolveModel('claude-sonet-4-5')).rejects.toThrow(NotFoundError);
    const run = await cli(['resolve', 'claude-sonet-4-5']);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/claude-sonnet-4-5/);
    const call = (await mcp.callTool({ name: 'resolve_model', arguments: { id: 'claude-sonet-4-5' } })) as CallResult;
    expect(call.isError).toBe(true);
    expect(call.content[0]!.text).toMatch(/did you mean .*claude-sonnet-4-5/);
  });

  it('a moving alias resolves through its published pointer, and one without a pointer is refused saying why', async () => {
    const client = createClient({ baseUrl: target.baseUrl });
    expect((await client.resolveModel('mistral-large-latest')).match).toMatchObject({
      toolId: 'mistral-large-3',
      form: 'moving-alias',
    });
    const text = await cli(['resolve', 'mistral-large-latest']);
    expect(text.stdout).toContain('through the pointer its provider publishes, to "mistral-large-2512"');
    const run = await cli(['resolve', 'gemini-flash-latest']);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/moving alias \(-latest\) whose target its provider publishes in no source read/);
    const call = (await mcp.callTool({
      name: 'resolve_model',
      arguments: { id: 'gemini-flash-latest' },
    })) as CallResult;
    expect(call.isError).toBe(true);
    expect(call.content[0]!.text).toMatch(
      /moving alias \(-latest\) whose target its provider publishes in no source read/,
    );
  });

  it('an Anthropic response costs the same in the client, from stdin in the CLI and in the MCP server', async () => {
    const client = createClient({ baseUrl: target.baseUrl });
    const priced = await client.priceResponse(JSON.parse(responseText), { at: AT });
    expect(priced.tool.id).toBe('claude-sonnet-4-5');
    expect(priced.usage).toMatchObject({ input: 500, cacheWrite: 250, cacheWrite1h: 750, output: 200 });
    const run = await cli(['usage', '--at', AT, '--json'], responseText);
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout).cost.usd).toBe(priced.cost.usd);
    const text = await cli(['usage', '--at', AT], responseText);
    expect(text.stdout).toMatch(/read as anthropic/);
    const call = (await mcp.callTool({
      name: 'price_usage',
      arguments: { response: JSON.parse(responseText), at: AT },
    })) as CallResult;
    expect(call.isError, call.content[0]?.text).toBeFalsy();
    expect(call.structuredContent).toMatchObject({ format: 'anthropic', cost: { usd: priced.cost.usd } });
  });

  it('every provider fixture that names its model prices as it comes, in the CLI and the MCP server, without --model', async () => {
    const folder = path.join(ROOT, 'test', 'fixtures', 'provider-usage');
    const named = readdirSync(folder)
      .filter((f) => f.endsWith('.json'))
      .map((f) => ({ file: f, text: readFileSync(path.join(folder, f), 'utf8') }))
      .filter(
        (f) =>
          typeof (JSON.parse(f.text) as { model?: unknown; modelVersion?: unknown }).model === 'string' ||
          typeof (JSON.parse(f.text) as { modelVersion?: unknown }).modelVersion === 'string',
      );
    // OpenAI, Anthropic, Google, OpenRouter, xAI, Mistral, DeepSeek and StepFun, each with the id its response
    // carries: OpenAI's a dated snapshot, Mistral's recorded response the -latest alias it was sent, DeepSeek's the
    // legacy name it returned, StepFun's a -YYMM snapshot no alias lists.
    expect(named.length).toBeGreaterThanOrEqual(9);
    expect(named.map((f) => JSON.parse(f.text).model)).toEqual(
      expect.arrayContaining(['gpt-5-2025-08-07', 'mistral-large-latest', 'step-3.5-flash-2603', 'deepseek-v4-flash']),
    );
    for (const { file, text } of named) {
      const run = await cli(['usage', '--at', AT, '--json'], text);
      expect(run.stderr, file).toBe('');
      const priced = JSON.parse(run.stdout) as { id: string; cost: { usd: number | null } };
      expect(priced.cost.usd, file).toBeGreaterThan(0);
      const call = (await mcp.callTool({
        name: 'price_usage',
        arguments: { response: JSON.parse(text), at: AT },
      })) as CallResult;
      expect(call.isError, `${file}: ${call.content[0]?.text}`).toBeFalsy();
      expect(call.structuredContent, file).toMatchObject({ model: { id: priced.id }, cost: { usd: priced.cost.usd } });
    }
  });

  it('the CLI refuses stdin that is not JSON and a format it does not know, by name (exit status 2)', async () => {
    expect((await cli(['usage'], '{not json')).stderr).toMatch(/stdin is not JSON/);
    const format = await cli(['usage', '--format', 'openai'], responseText);
    expect(format.status).toBe(2);
    expect(format.stderr).toMatch(
      /--format must be one of openai-chat, openai-responses, anthropic, gemini, openrouter/,
    );
  });
});
