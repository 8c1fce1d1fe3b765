/**
 * Check 9 of issue 19: the two packages as a user installs them. `npm pack` builds the client
 * (with the ai-coding-models CLI) and the MCP server into tarballs; both are installed into an
 * empty directory outside the repository (the MCP SDK and zod come from the registry, as for any
 * user) and run there with npx, against the Node server on loopback and the static export served
 * by real nginx: the CLI lists the models, `require()` and `import` of the client read the API,
 * and the MCP server answers the SDK's client over stdio. Everything runs on the Node running the
 * tests and again on Node 22 (the oldest supported line), installed from the registry's
 * node-<platform>-<arch> package.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ModelIdsDocument, ToolsDocument } from '../../packages/client/src/index.ts';
import { priceResponse } from '../../src/cost/index.ts';
import { ROOT } from '../../src/fs/paths.ts';
import { typecheckConsumer } from '../support/consumer-typecheck.ts';
import { withPackLock } from '../support/pack-lock.ts';
import { startNginxTarget, startNodeTarget, type Target } from '../support/targets.ts';

const run = promisify(execFile);

/** execFile with `input` on stdin (promisify's form has no stdin). */
function runWithInput(
  command: string,
  args: string[],
  input: string,
  options: { cwd: string; env: NodeJS.ProcessEnv },
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = execFile(command, args, { ...options, encoding: 'utf8' }, (error, stdout, stderr) =>
      error ? reject(Object.assign(error, { stdout, stderr })) : resolve({ stdout, stderr }),
    );
    child.stdin?.end(input);
  });
}
const QUIET_NPM = { npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' };
const PACKAGES = ['client', 'mcp'] as const;
const manifest = (dir: string) => JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));

/**
 * Packs a package of packages/ (its prepack builds it) into dir; the tarball's path. Asynchronous:
 * a synchronous child of a minute would block the worker's RPC to vitest ('Timeout calling onTaskUpdate').
 */
async function pack(name: (typeof PACKAGES)[number], dir: string): Promise<string> {
  const { stdout } = await withPackLock(() =>
    run('npm', ['pack', '--pack-destination', dir], {
      cwd: path.join(ROOT, 'packages', name),
      env: { ...process.env, ...QUIET_NPM },
    }),
  );
  return path.join(dir, stdout.trim().split('\n').pop()!);
}

/** A Node 22 binary from the registry (the package the `node` package itself installs). */
async function installNode22(dir: string): Promise<string> {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), '{"name":"node22","private":true}');
  const name = `node-${process.platform}-${process.arch}`;
  await run('npm', ['install', '--no-package-lock', `${name}@22`], { cwd: dir, env: { ...process.env, ...QUIET_NPM } });
  return path.join(dir, 'node_modules', name, 'bin', 'node');
}

describe('the packed client and MCP server, installed into an empty directory and run with npx', () => {
  const temp = mkdtempSync(path.join(os.tmpdir(), 'acmd-packages-'));
  const project = path.join(temp, 'consumer');
  let node22: string;
  let node: Target;
  let nginx: Target;
  let toolIds: string[];
  let mcpTarball: string;

  beforeAll(async () => {
    const tarballs = await Promise.all(PACKAGES.map((name) => pack(name, temp)));
    mcpTarball = tarballs[PACKAGES.indexOf('mcp')]!;
    mkdirSync(project);
    writeFileSync(path.join(project, 'package.json'), '{"name":"consumer","private":true}');
    [node22] = await Promise.all([
      installNode22(path.join(temp, 'node22')),
      run('npm', ['install', '--no-package-lock', ...tarballs], {
        cwd: project,
        env: { ...process.env, ...QUIET_NPM },
      }),
    ]);
    [node, nginx] = await Promise.all([startNodeTarget(inject('distPath')), startNginxTarget(inject('distPath'))]);
    const tools = (await (await fetch(`${node.baseUrl}/api/tools.json`)).json()) as ToolsDocument;
    toolIds = tools.tools.map((t) => t.id);
  }, 600_000);
  afterAll(async () => {
    await node?.stop();
    await nginx?.stop();
    rmSync(temp, { recursive: true, force: true });
  });

  it('each ships the MIT LICENSE and plain JavaScript (no TypeScript source), the MCP SDK and zod as dependencies', () => {
    const license = readFileSync(path.join(ROOT, 'LICENSE'), 'utf8');
    for (const name of PACKAGES) {
      const dir = path.join(project, 'node_modules', '@ai-coding-models', name);
      expect(readFileSync(path.join(dir, 'LICENSE'), 'utf8')).toBe(license);
      const files = readdirSync(dir, { recursive: true, encoding: 'utf8' });
      expect(files.filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))).toEqual([]);
    }
    const root = manifest(ROOT).dependencies;
    const mcp = manifest(path.join(project, 'node_modules', '@ai-coding-models', 'mcp'));
    expect(mcp.dependencies).toEqual({
      '@modelcontextprotocol/sdk': root['@modelcontextprotocol/sdk'],
      zod: root.zod,
    });
  });

  it("the MCP server's library entry type-checks in a TypeScript consumer (its declarations ship with it)", () => {
    const consumer =
      "import { createDirectoryMcpServer, type McpOptions } from '@ai-coding-models/mcp';\n" +
      "const options: McpOptions = { source: { kind: 'url', baseUrl: 'http://localhost:3000' } };\n" +
      'export const server = createDirectoryMcpServer(options);\n';
    // skipLibCheck: the SDK's own declarations need Node's types, which this consumer does not install.
    expect(typecheckConsumer(project, 'mcp-consumer.ts', consumer, { skipLibCheck: true })).toBe('');
  });

  /** An SDK client over stdio to the MCP server as `command args` starts it, in a directory of its own. */
  async function connectFromElsewhere(
    command: string,
    args: string[],
  ): Promise<{ client: Client; done: () => Promise<void> }> {
    const elsewhere = mkdtempSync(path.join(os.tmpdir(), 'acmd-elsewhere-'));
    const client = new Client({ name: 'packages-elsewhere', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command,
        args,
        cwd: elsewhere,
        // The bin's `#!/usr/bin/env node` finds the Node running the tests first.
        env: {
          ...process.env,
          ...QUIET_NPM,
          PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH}`,
        } as Record<string, string>,
        stderr: 'pipe',
      }),
    );
    return {
      client,
      done: async () => {
        await client.close();
        rmSync(elsewhere, { recursive: true, force: true });
      },
    };
  }

  it('the installed MCP server registered by its absolute path answers from another directory, with the API up and down', async () => {
    const api = await startNodeTarget(inject('distPath'));
    const bin = path.join(project, 'node_modules', '@ai-coding-models', 'mcp', 'dist', 'cli.js');
    const { client, done } = await connectFromElsewhere(bin, ['--base-url', api.baseUrl]);
    try {
      const up = (await client.callTool({ name: 'search_models', arguments: { limit: 3 } })) as {
        isError?: boolean;
        structuredContent?: { count: number; dataSource: { stale?: unknown[] } };
        content: { text: string }[];
      };
      expect(up.isError, up.content[0]?.text).toBeFalsy();
      expect(up.structuredContent?.dataSource.stale).toBeUndefined();
      await api.stop();
      const down = (await client.callTool({ name: 'search_models', arguments: { limit: 3 } })) as typeof up;
      // The last good copy, said to be one, and never a raw socket error.
      expect(down.isError, down.content[0]?.text).toBeFalsy();
      expect(down.structuredContent?.count).toBe(up.structuredContent?.count);
      expect(down.structuredContent?.dataSource.stale?.length).toBeGreaterThan(0);
      expect(JSON.stringify(down)).not.toMatch(/ECONNREFUSED|ECONNRESET|fetch failed/);
    } finally {
      await done();
      await api.stop().catch(() => undefined);
    }
  });

  it('npx -y file:<absolute path of the tarball> starts the MCP server from any directory', async () => {
    // A bare absolute path is taken by npx for a command to run ("Permission denied"); file: names the package.
    const { client, done } = await connectFromElsewhere('npx', [
      '-y',
      `file:${mcpTarball}`,
      '--base-url',
      node.baseUrl,
    ]);
    try {
      expect((await client.listTools()).tools).toHaveLength(7);
    } finally {
      await done();
    }
  });

  it('the installed CLI prices each provider response fixture as it comes (no --model), as the engine does from the API documents', async () => {
    const at = '2026-11-23T12:00:00Z';
    const api = async (name: string) => (await fetch(`${node.baseUrl}/api/${name}`)).json();
    const [{ tools }, modelIds] = (await Promise.all([api('tools.json'), api('model-ids.json')])) as [
      ToolsDocument,
      ModelIdsDocument,
    ];
    const folder = path.join(ROOT, 'test', 'fixtures', 'provider-usage');
    const named = readdirSync(folder)
      .filter((f) => f.endsWith('.json'))
      .map((file) => ({ file, text: readFileSync(path.join(folder, file), 'utf8') }))
      .filter(({ text }) => {
        const response = JSON.parse(text) as { model?: unknown; modelVersion?: unknown };
        return typeof (response.model ?? response.modelVersion) === 'string';
      });
    // One per provider that has a fixture: OpenAI, Anthropic, Google, OpenRouter, xAI, Mistral, DeepSeek, StepFun.
    expect(named.length).toBeGreaterThanOrEqual(9);
    for (const { file, text } of named) {
      const { stdout, stderr } = await runWithInput(
        'npx',
        ['ai-coding-models', 'usage', '--at', at, '--json', '--base-url', node.baseUrl],
        text,
        { cwd: project, env: { ...process.env, ...QUIET_NPM } },
      );
      expect(stderr, file).toBe('');
      const priced = JSON.parse(stdout) as { id: string; cost: { usd: number | null } };
      const expected = priceResponse({ tools, modelIds: modelIds.ids }, JSON.parse(text), { at });
      expect(priced.id, file).toBe(expected.tool.id);
      expect(priced.cost.usd, file).toBe(expected.cost.usd);
      expect(priced.cost.usd, file).toBeGreaterThan(0);
    }
  });

  describe.each([
    ['the Node running the tests', () => process.execPath],
    ['Node 22', () => node22],
  ])('on %s', (_label, nodeBinary) => {
    // npx and the bins' `#!/usr/bin/env node` find this Node first.
    const env = () => ({
      ...process.env,
      ...QUIET_NPM,
      PATH: `${path.dirname(nodeBinary())}${path.delimiter}${process.env.PATH}`,
    });
    const targets = () => [node, nginx];

    it('runs this Node line', async () => {
      const { stdout } = await run('node', ['--version'], { cwd: project, env: env() });
      expect(stdout.trim()).toBe((await run(nodeBinary(), ['--version'])).stdout.trim());
    });

    it('npx ai-coding-models list reads the Node server and the static export', async () => {
      for (const target of targets()) {
        const { stdout } = await run('npx', ['ai-coding-models', 'list', '--json', '--base-url', target.baseUrl], {
          cwd: project,
          env: env(),
        });
        const listed = (JSON.parse(stdout) as { results: { id: string }[] }).results.map((t) => t.id);
        expect(listed.sort(), target.name).toEqual([...toolIds].sort());
      }
    });

    it('require() and import of the client read the API', async () => {
      const body = `.createClient({ baseUrl: ${JSON.stringify(nginx.baseUrl)} }).getTools().then((d) => console.log(d.tools.length))`;
      const required = await run(nodeBinary(), ['-e', `const c = require('@ai-coding-models/client'); c${body}`], {
        cwd: project,
        env: env(),
      });
      expect(required.stdout.trim()).toBe(String(toolIds.length));
      const imported = await run(
        nodeBinary(),
        ['--input-type=module', '-e', `import * as c from '@ai-coding-models/client'; c${body}`],
        { cwd: project, env: env() },
      );
      expect(imported.stdout.trim()).toBe(String(toolIds.length));
      const mcp = await run(
        nodeBinary(),
        ['-e', "console.log(typeof require('@ai-coding-models/mcp').createDirectoryMcpServer)"],
        { cwd: project, env: env() },
      );
      expect(mcp.stdout.trim()).toBe('function');
    });

    it('npx ai-coding-models-mcp answers the SDK client over stdio, from the Node server and the static export', async () => {
      for (const target of targets()) {
        const client = new Client({ name: 'packages-e2e', version: '1.0.0' });
        await client.connect(
          new StdioClientTransport({
            command: 'npx',
            args: ['ai-coding-models-mcp', '--base-url', target.baseUrl],
            cwd: project,
            env: env() as Record<string, string>,
            stderr: 'pipe',
          }),
        );
        try {
          expect(client.getServerVersion()?.version).toBe(manifest(path.join(ROOT, 'packages', 'mcp')).version);
          const names = (await client.listTools()).tools.map((t) => t.name);
          expect(names).toEqual(expect.arrayContaining(['search_models', 'get_model', 'estimate_cost']));
          const result = await client.callTool({ name: 'get_model', arguments: { id: toolIds[0] } });
          expect(result.isError, target.name).toBeFalsy();
          expect((result.structuredContent as { model: { id: string } }).model.id).toBe(toolIds[0]);
        } finally {
          await client.close();
        }
      }
    });
  });
});
