/**
 * MCP tools are one module each in a typed registry (src/mcp/registry.ts, src/mcp/tool.ts): a fake tool added
 * through the registry alone is listed and answers like the real ones, and the compiler refuses a registry with
 * a name missing, a tool under another tool's name, or a summary that reads what the tool's body never returns
 * (each `@ts-expect-error` below fails `npm run typecheck` the day that mistake compiles).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Registry, TOOLS, type ToolName } from '../../src/mcp/registry.ts';
import { annotationsFor, registerTools } from '../../src/mcp/server.ts';
import { clientFor, type DirectorySource } from '../../src/mcp/source.ts';
import { defineTool } from '../../src/mcp/tool.ts';

const echo = defineTool({
  name: 'echo_words',
  title: 'Echo words',
  description: 'Says the words back, counted.',
  input: { words: z.array(z.string().min(1)).min(1).describe('Words to say back.') },
  output: z.looseObject({ words: z.array(z.string()), count: z.number().int() }),
  run: async (_directory, input) => ({ words: input.words, count: input.words.length }),
  summary: (v) => `${v.count} words: ${v.words.join(' ')}.`,
});

async function connected(registry: Registry<string>) {
  const source: DirectorySource = { kind: 'artifact', dir: '/nonexistent' };
  const server = new McpServer({ name: 'registry-test', version: '1.0.0' });
  registerTools(server, { source, client: clientFor(source) }, annotationsFor(source), registry);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'registry-test', version: '1.0.0' });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  return { client, close: () => Promise.all([client.close(), server.close()]) };
}

describe('the MCP tool registry', () => {
  it('lists and runs a tool added through a registry alone, with its schemas, annotations and summary', async () => {
    const { client, close } = await connected({ echo_words: echo });
    try {
      const [listed] = (await client.listTools()).tools;
      expect(listed?.name).toBe('echo_words');
      expect(listed?.annotations?.readOnlyHint).toBe(true);
      expect(listed?.inputSchema).toMatchObject({ additionalProperties: false, required: ['words'] });
      const answer = await client.callTool({ name: 'echo_words', arguments: { words: ['a', 'b'] } });
      expect(answer.structuredContent).toEqual({ words: ['a', 'b'], count: 2 });
      expect(answer.content).toEqual([{ type: 'text', text: '2 words: a b.' }]);
      // The input is strict: an unknown key is refused by name before the body runs.
      const refused = await client.callTool({ name: 'echo_words', arguments: { words: ['a'], loud: true } });
      expect(refused.isError).toBe(true);
      expect(JSON.stringify(refused.content)).toContain('loud');
    } finally {
      await close();
    }
  });

  it('keys every published tool by its own name', () => {
    for (const [key, tool] of Object.entries(TOOLS)) expect(tool.name).toBe(key);
  });

  it('refuses to compile a registry that misses a tool, or files one under another name', () => {
    const { price_usage: _left, ...withoutOne } = TOOLS;
    // @ts-expect-error price_usage has no entry
    const missing: Registry<ToolName> = withoutOne;
    // @ts-expect-error get_model's module filed under search_models
    const misfiled: Registry<ToolName> = { ...TOOLS, search_models: TOOLS.get_model };
    expect([missing, misfiled]).toHaveLength(2);
  });

  it('refuses to compile a summary that reads a field the body does not return', () => {
    const wrong = defineTool({
      name: 'wrong_summary',
      title: 'Wrong',
      description: 'A summary reading a field the body never returns.',
      input: {},
      output: z.looseObject({ count: z.number() }),
      run: async () => ({ count: 1 }),
      // @ts-expect-error `total` is not in what run returns
      summary: (v) => `${v.total}`,
    });
    const badBody = defineTool({
      name: 'wrong_body',
      title: 'Wrong',
      description: 'A body that returns a string where the output schema says a number.',
      input: {},
      output: z.looseObject({ count: z.number() }),
      // @ts-expect-error count must be a number by the output schema
      run: async () => ({ count: 'one' }),
      summary: () => 'x',
    });
    expect([wrong.name, badBody.name]).toEqual(['wrong_summary', 'wrong_body']);
  });
});
