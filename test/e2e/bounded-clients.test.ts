/**
 * The client library, the CLI and the MCP server against a hostile API on loopback: an endless body, a huge error
 * body, names and messages carrying terminal escapes and text-direction overrides, a stampede of concurrent calls on
 * a cold client, and a request line far over the MCP server's limit. Each is bounded or escaped, and the MCP server
 * answers the next call.
 */
import { execFile, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createClient, NetworkError, printable } from '../../packages/client/src/index.ts';
import { UNPRINTABLE } from '../../packages/client/src/format.ts';
import { MAX_REQUEST_BYTES } from '../../src/mcp/bounded-stdin.ts';
import { sendEndlessBody } from '../support/endless-body.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const TSX = path.join(ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs');
const ESCAPES = '\u001b]8;;https://evil.example/\u0007click\u001b]8;;\u0007\u001b[2J\u001b[31m\u202egnp.exe';

let server: Server;
let base: string;
let toolsRequests = 0;

/** The real tools.json with one model's name replaced by terminal escapes and a right-to-left override. */
function hostileTools(): string {
  const tools = JSON.parse(readFileSync(path.join(inject('distPath'), 'api', 'tools.json'), 'utf8'));
  tools.tools[0].name = `Model ${ESCAPES}`;
  return JSON.stringify(tools);
}

beforeAll(async () => {
  const body = hostileTools();
  // Made before any measurement, so the client's memory is what the tests compare.
  const hugeError = Buffer.from(`{"error":{"status":500,"message":"huge"},"pad":"${'x'.repeat(50 * 1024 * 1024)}"}`);
  server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = request.url ?? '';
    if (url.endsWith('/api/tools.json')) {
      toolsRequests += 1;
      // Slow enough that concurrent callers overlap.
      setTimeout(() => response.end(body), 200).unref();
      response.writeHead(200, { 'content-type': 'application/json' });
      return;
    }
    if (url.endsWith('/api/endless.json')) {
      sendEndlessBody(response);
      return;
    }
    if (url.endsWith('/api/changes.json')) {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { status: 500, message: `broken ${ESCAPES}` } }));
      return;
    }
    if (url.endsWith('/api/huge-error.json')) {
      // An error body of 50 MB: only its first 64 KiB are read for a message.
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(hugeError);
      return;
    }
    // Everything else is the real artifact.
    try {
      const file = readFileSync(path.join(inject('distPath'), url.replace(/^\/+/, '').replace(/\.\./g, '')));
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(file);
    } catch {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end('{"error":{"status":404,"message":"not found"}}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the client library', () => {
  it('abandons an endless body at its limit with a NetworkError, holding no more than the limit', async () => {
    const client = createClient({ baseUrl: base, maxBodyBytes: 1024 * 1024 });
    const before = process.memoryUsage().rss;
    const error = await client.request('endless.json').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toMatch(/larger than 1048576 bytes/);
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
  });

  it('reads a huge error body only as far as its limit', async () => {
    const client = createClient({ baseUrl: base });
    const before = process.memoryUsage().rss;
    const error = await client.request('huge-error.json').catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'HttpError', status: 500 });
    expect(process.memoryUsage().rss - before).toBeLessThan(40 * 1024 * 1024);
  });

  it('500 concurrent calls on a cold client download and parse the document once', async () => {
    const client = createClient({ baseUrl: base });
    toolsRequests = 0;
    const answers = await Promise.all(Array.from({ length: 500 }, () => client.getTools()));
    expect(toolsRequests).toBe(1);
    expect(new Set(answers.map((a) => a.tools.length)).size).toBe(1);
  });

  it('printable escapes control and text-direction characters and keeps newlines, tabs and other text', () => {
    expect(printable('a\u001b[2Jb\u202ec\u0085d\ne\tf é 中')).toBe('a\\u001b[2Jb\\u202ec\\u0085d\ne\tf é 中');
  });
});

const run = (args: string[]) =>
  new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', TSX, path.join(ROOT, 'packages', 'client', 'src', 'cli.ts'), ...args, '--base-url', base],
      { encoding: 'utf8', timeout: 120_000 },
      (error, stdout, stderr) => resolve({ status: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });

const raw = new RegExp(UNPRINTABLE.source);

describe('the CLI prints no raw control or direction character', () => {
  it('a model name with an OSC-8 link, a screen clear, colours and an override', async () => {
    const listed = await run(['list', '--json']);
    expect(listed.stdout).toContain('\\u001b]8;;https://evil.example/');
    expect(listed.stdout).not.toMatch(raw);
    const table = await run(['list']);
    expect(table.status).toBe(0);
    expect(table.stdout).not.toMatch(raw);
  });

  it('an API error message with escapes', async () => {
    const failed = await run(['changes']);
    expect(failed.status).not.toBe(0);
    expect(failed.stderr).toContain('broken');
    expect(failed.stderr).not.toMatch(raw);
  });
});

/** The MCP server against the hostile API, its stdout collected; `waitFor` polls it for a pattern (up to 60 s). */
function startMcp() {
  const child = spawn(
    process.execPath,
    ['--import', TSX, path.join(ROOT, 'src', 'cli', 'mcp.ts'), '--base-url', base],
    {
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  const state = { out: '' };
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    state.out += chunk;
  });
  const waitFor = async (found: () => boolean) => {
    for (let i = 0; i < 600 && !found(); i++) await new Promise((r) => setTimeout(r, 100));
    return found();
  };
  const send = (message: Record<string, unknown>) =>
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
  const initialize = (id: number) =>
    send({
      id,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' } },
    });
  return { child, state, waitFor, send, initialize };
}

describe('the MCP server', () => {
  it('answers a request line over its limit with an error and goes on answering', async () => {
    const mcp = startMcp();
    try {
      const huge = `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"${'x'.repeat(MAX_REQUEST_BYTES * 12)}"}}\n`;
      mcp.child.stdin.write(huge);
      expect(await mcp.waitFor(() => /request refused: larger than/.test(mcp.state.out))).toBe(true);
      mcp.initialize(2);
      expect(await mcp.waitFor(() => /"result":\{"protocolVersion".*"id":2\}/.test(mcp.state.out))).toBe(true);
      expect(mcp.child.exitCode).toBeNull();
    } finally {
      mcp.child.kill();
    }
  });

  it('500 concurrent calls on a cold server download tools.json once, and no answer carries a raw escape', async () => {
    const mcp = startMcp();
    try {
      mcp.initialize(0);
      expect(await mcp.waitFor(() => /"id":0\}/.test(mcp.state.out))).toBe(true);
      mcp.send({ method: 'notifications/initialized' });
      // The model whose name carries the escapes, so every answer quotes it.
      const hostile = JSON.parse(hostileTools()).tools[0].id as string;
      toolsRequests = 0;
      for (let id = 1; id <= 500; id++)
        mcp.send({
          id,
          method: 'tools/call',
          params: { name: 'search_models', arguments: { query: hostile, limit: 3 } },
        });
      const answered = () => mcp.state.out.split('\n').filter((line) => line.includes('"result"')).length > 500;
      expect(await mcp.waitFor(answered)).toBe(true);
      expect(toolsRequests).toBe(1);
      expect(mcp.state.out).toContain('gnp.exe');
      expect(mcp.state.out).not.toMatch(raw);
      expect(mcp.child.exitCode).toBeNull();
    } finally {
      mcp.child.kill();
    }
  });
});
