/**
 * The examples of the README (and of the API, client and data pages and the packages' READMEs) as a reader copies
 * them, against the Node server on loopback with `localhost:3000` pointed at it (issue 36 item 5):
 *
 * - each fenced `sh` or `bash` block made only of curl and `ai-coding-models` lines runs in bash, with the command
 *   line's freshly built bin on the PATH; each must exit 0, write nothing to stderr and print an answer: no JSON
 *   error, no bare `null`, no table without rows, and the status a trailing `# 304` promises;
 * - each fenced `js` or `ts` block that imports one of the two packages runs as a file of its own in a project
 *   outside the repository where the packages resolve (the client as built, the MCP server from its source) and
 *   must print an answer, with no `undefined` or `NaN` in it;
 * - each agent configuration (a `json` block with `mcpServers`) starts the server with the options it gives, which
 *   must answer a tool call;
 * - the abridged example of a model's document names only fields the document has.
 *
 * What is left to other tests, or not run: installing and packing (test/e2e/packages.test.ts,
 * client-package.test.ts), `npm ci && npm start` (fresh-clone.test.ts), building, nginx and refreshes (their own
 * suites), `npm run release` (it publishes a release), the registry's `npx -y @ai-coding-models/mcp` (not
 * published), and blocks that show a file's shape rather than a command (data files, refresh settings).
 */
import { execFile, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ROOT } from '../../src/fs/paths.ts';
import { startNodeTarget, type Target } from '../support/targets.ts';

/**
 * Every page of the repository a reader may copy from: each markdown file git tracks, but the release notes and the
 * curated data (their text is data, not instructions). A new page with examples is run without being listed here.
 */
const PAGES = spawnSync('git', ['ls-files', '*.md'], { cwd: ROOT, encoding: 'utf8' })
  .stdout.split('\n')
  .filter((page) => page !== '' && !page.startsWith('releases/') && !page.startsWith('data/'));
/** A line a reader can run against a server: curl, the command line, or a variable set from curl. */
const RUNNABLE = /^(curl |ai-coding-models |npx ai-coding-models |[a-z_]+=\$\(curl )/;

interface Example {
  page: string;
  line: number;
  script: string;
}

function shellExamples(page: string, markdown: string): Example[] {
  const examples: Example[] = [];
  for (const match of markdown.matchAll(/^```(?:sh|bash)\n([\s\S]*?)^```/gm)) {
    const commands = match[1]!.split('\n').filter((l) => l.trim() !== '' && !l.trimStart().startsWith('#'));
    if (commands.length === 0 || !commands.every((l) => RUNNABLE.test(l))) continue;
    const line = markdown.slice(0, match.index).split('\n').length;
    examples.push({ page, line, script: match[1]! });
  }
  return examples;
}

/** A fenced `js` or `ts` block that imports one of the packages: a reader saves it as a file and runs it. */
function codeExamples(page: string, markdown: string): (Example & { lang: string })[] {
  const examples: (Example & { lang: string })[] = [];
  for (const match of markdown.matchAll(/^```(js|ts)\n([\s\S]*?)^```/gm)) {
    if (!/from '@ai-coding-models\/(client|mcp)'/.test(match[2]!)) continue;
    const line = markdown.slice(0, match.index).split('\n').length;
    examples.push({ page, line, script: match[2]!, lang: match[1]! });
  }
  return examples;
}

interface McpEntry {
  command: string;
  args: string[];
}

/** A fenced `json` block with `mcpServers`: an agent's configuration of the server. */
function mcpConfigs(page: string, markdown: string): { page: string; line: number; entry: McpEntry }[] {
  const configs: { page: string; line: number; entry: McpEntry }[] = [];
  for (const match of markdown.matchAll(/^```json\n([\s\S]*?)^```/gm)) {
    if (!match[1]!.includes('"mcpServers"')) continue;
    const servers = (JSON.parse(match[1]!) as { mcpServers: Record<string, McpEntry> }).mcpServers;
    const line = markdown.slice(0, match.index).split('\n').length;
    for (const entry of Object.values(servers)) configs.push({ page, line, entry });
  }
  return configs;
}

/** The server's own options in a configuration: what follows `scripts/run.mjs mcp`, or the package's name for npx. */
function serverOptions(entry: McpEntry): string[] {
  if (entry.command === 'node') {
    // What `npm run mcp` runs, by the repository's path.
    const script = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { mcp: string } })
      .scripts.mcp;
    expect(`node ${entry.args.slice(0, 2).join(' ')}`.replace(/\S*(?=scripts\/run\.mjs)/, '')).toBe(script);
    return entry.args.slice(2);
  }
  expect(entry.command).toBe('npx');
  const name = (JSON.parse(readFileSync(path.join(ROOT, 'packages/mcp/package.json'), 'utf8')) as { name: string })
    .name;
  const at = entry.args.indexOf(name);
  expect(at, `npx ${entry.args.join(' ')} names ${name}`).toBeGreaterThanOrEqual(0);
  return entry.args.slice(at + 1);
}

/** Every key path of a JSON value (array elements under `[]`), for the abridged example's fields. */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v) => keyPaths(v, `${prefix}[]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) =>
    k === '...' ? [] : [`${prefix}.${k}`, ...keyPaths(v, `${prefix}.${k}`)],
  );
}

/**
 * A table whose filters matched nothing: its dashed rule under the header is followed by no row (a row is cells
 * separated by two spaces or more; the notes after a table are prose, one space between words).
 */
function emptyTable(stdout: string): boolean {
  const lines = stdout.split('\n');
  return lines.some((line, i) => /^-[- ]*$/.test(line.trim()) && !/^\s*\S+ {2,}\S/.test(lines[i + 1] ?? ''));
}

/** Why these examples cannot run here, or null. Under CI a missing tool fails the suite instead. */
function missingTool(): string | null {
  const missing = ['curl', 'jq'].filter((tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0);
  if (missing.length === 0) return null;
  const reason = `the README examples need ${missing.join(' and ')} (apt-get install ${missing.join(' ')})`;
  if (process.env.CI) throw new Error(`under CI ${reason}`);
  console.warn(`skipping: ${reason}`);
  return reason;
}

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a script in bash with `set -euo pipefail`, asynchronously: the server answering it runs in this process. */
function bash(script: string, env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      'bash',
      ['-c', `set -euo pipefail\n${script}`],
      // From a directory outside the repository: an example must not lean on the checkout it is read in.
      { cwd: os.tmpdir(), encoding: 'utf8', timeout: 90_000, env: { ...process.env, ...env } },
      (error, stdout, stderr) =>
        resolve({ status: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const markdownOf = (page: string) => readFileSync(path.join(ROOT, page), 'utf8');
const examples = PAGES.flatMap((page) => shellExamples(page, markdownOf(page)));
const code = PAGES.flatMap((page) => codeExamples(page, markdownOf(page)));
const configs = PAGES.flatMap((page) => mcpConfigs(page, markdownOf(page)));
const tsx = createRequire(import.meta.url).resolve('tsx');

/** Runs a file with node (and tsx, for TypeScript and the MCP server's source) in `cwd`. */
function node(file: string, cwd: string): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', tsx, file],
      { cwd, encoding: 'utf8', timeout: 90_000 },
      (error, stdout, stderr) =>
        resolve({ status: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/**
 * A project outside the repository where `@ai-coding-models/client` is the client package as its build writes it,
 * `@ai-coding-models/mcp` the server's module from source, and the MCP SDK the one the server depends on.
 */
function readerProject(dir: string): string {
  const project = path.join(dir, 'project');
  const pkg = (name: string, index: string) => {
    const folder = path.join(project, 'node_modules', '@ai-coding-models', name);
    mkdirSync(folder, { recursive: true });
    writeFileSync(
      path.join(folder, 'package.json'),
      JSON.stringify({ name: `@ai-coding-models/${name}`, type: 'module', exports: './index.js' }),
    );
    writeFileSync(path.join(folder, 'index.js'), index);
  };
  const url = (file: string) => JSON.stringify(pathToFileURL(file).href);
  pkg('client', `export * from ${url(path.join(inject('clientPath'), 'packages/client/src/index.js'))};\n`);
  pkg('mcp', `export { createDirectoryMcpServer } from ${url(path.join(ROOT, 'src/mcp/server.ts'))};\n`);
  symlinkSync(
    path.join(ROOT, 'node_modules', '@modelcontextprotocol'),
    path.join(project, 'node_modules', '@modelcontextprotocol'),
  );
  writeFileSync(path.join(project, 'package.json'), JSON.stringify({ type: 'module', private: true }));
  return project;
}

describe.skipIf(missingTool() !== null)('examples of the docs, run against the Node server', () => {
  let target: Target;
  let binDir: string;
  let project: string;

  beforeAll(async () => {
    binDir = mkdtempSync(path.join(os.tmpdir(), 'acmd-readme-'));
    // `ai-coding-models` as `npm install -g ./packages/client` would put it on the PATH.
    const shim = path.join(binDir, 'ai-coding-models');
    const cli = path.join(inject('clientPath'), 'packages/client/src/cli.js');
    writeFileSync(shim, `#!/bin/sh\nexec "${process.execPath}" "${cli}" "$@"\n`);
    chmodSync(shim, 0o755);
    project = readerProject(binDir);
    target = await startNodeTarget(inject('distPath'));
  });
  afterAll(async () => {
    await target?.stop();
    if (binDir) rmSync(binDir, { recursive: true, force: true });
  });

  it('finds the examples of every page that has them', () => {
    expect(new Set(examples.map((e) => e.page))).toEqual(
      new Set([
        'README.md',
        'docs/api.md',
        'docs/client.md',
        'docs/data.md',
        'docs/refresh.md',
        'packages/client/README.md',
      ]),
    );
    expect(code.map((e) => `${e.page}:${e.lang}`).sort()).toEqual([
      'docs/client.md:js',
      'packages/client/README.md:js',
      'packages/client/README.md:ts',
      'packages/mcp/README.md:js',
    ]);
    expect(configs.map((c) => c.page).sort()).toEqual(['docs/client.md', 'packages/mcp/README.md']);
  });

  it('the README shows curl examples, the ETag revalidation and the command line', () => {
    const readme = examples.filter((e) => e.page === 'README.md').map((e) => e.script);
    expect(readme.some((s) => s.includes('curl -s localhost:3000/api/tools.json'))).toBe(true);
    expect(readme.some((s) => s.includes('If-None-Match: $etag'))).toBe(true);
    expect(readme.some((s) => /^ai-coding-models /m.test(s))).toBe(true);
  });

  it.each(examples.map((e) => [`${e.page}:${e.line}`, e] as const))(
    '%s exits 0 with an answer',
    async (_, example) => {
      const origin = new URL(target.baseUrl).host;
      const script = example.script
        .replaceAll('localhost:3000', origin)
        .replace(/(^|\s)npx ai-coding-models /gm, '$1ai-coding-models ');
      const env = { PATH: `${binDir}${path.delimiter}${process.env.PATH}`, AI_CODING_MODELS_BASE_URL: target.baseUrl };
      const commands = script.split('\n').filter((l) => l.trim() !== '' && !l.trimStart().startsWith('#'));
      // A block of command-line lines runs line by line (each must answer alone); others run whole, as a reader
      // pastes them (their variables carry from line to line), and their command-line lines again alone.
      const cliOnly = commands.every((l) => /^ai-coding-models /.test(l));
      if (!cliOnly) {
        const run = await bash(script, env);
        expect(run.stderr).toBe('');
        expect(run.status).toBe(0);
        expect(run.stdout.trim()).not.toBe('');
        expect(run.stdout).not.toMatch(/"error"\s*:/);
        // An empty list or a bare null is no answer either.
        expect(run.stdout.split('\n')).not.toContain('null');
        expect(run.stdout.split('\n')).not.toContain('[]');
        // Each line commented with a status prints that status, in order (two 304s are two 304s, not one).
        const statuses = [...script.matchAll(/#\s*(\d{3})\s*$/gm)].map((m) => m[1]);
        if (statuses.length > 0) expect(run.stdout.split('\n').filter((l) => /^\d{3}$/.test(l))).toEqual(statuses);
      }
      // Each command-line example alone prints an answer: a table has a row under its header, not only the header.
      for (const command of commands.filter((l) => /^ai-coding-models /.test(l))) {
        const alone = await bash(command, env);
        expect(alone.stderr, command).toBe('');
        expect(alone.status, command).toBe(0);
        expect(alone.stdout.trim(), command).not.toBe('');
        expect(alone.stdout, command).not.toMatch(/"error"\s*:/);
        expect(emptyTable(alone.stdout), `${command} printed a table with no rows:\n${alone.stdout}`).toBe(false);
        expect(alone.stdout, command).not.toMatch(/^no release matches$|^0 of \d+ models$/m);
      }
    },
    // A timeout catches a hang: a block of a dozen command lines on a busy 2-core machine takes minutes.
    300_000,
  );

  it.each(code.map((e) => [`${e.page}:${e.line}`, e] as const))(
    '%s runs as a file and prints an answer',
    async (_, example) => {
      const file = path.join(project, `example-${example.line}.${example.lang === 'ts' ? 'mts' : 'mjs'}`);
      writeFileSync(file, example.script.replaceAll('http://localhost:3000', target.baseUrl));
      const run = await node(file, project);
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      expect(run.stdout.trim()).not.toBe('');
      expect(run.stdout).not.toMatch(/\bundefined\b|\bNaN\b|"error"\s*:/);
    },
  );

  it.each(configs.map((c) => [`${c.page}:${c.line}`, c] as const))(
    '%s starts a server with its options that answers a tool call',
    async (_, config) => {
      const options = serverOptions(config.entry).map((o) => (/^https?:\/\//.test(o) ? target.baseUrl : o));
      const client = new Client({ name: 'readme-examples', version: '1.0.0' });
      // The options as the configuration gives them, to the entry point `scripts/run.mjs mcp` and the package's bin
      // share (src/cli/mcp.ts), from source.
      await client.connect(
        new StdioClientTransport({
          command: process.execPath,
          args: ['--import', tsx, path.join(ROOT, 'src', 'cli', 'mcp.ts'), ...options],
          cwd: project,
          stderr: 'pipe',
        }),
      );
      try {
        const answer = (await client.callTool({
          name: 'recommend_models',
          arguments: { useCase: 'ai-code-review', limit: 3 },
        })) as { isError?: boolean; content: { type: string; text?: string }[] };
        expect(answer.isError ?? false).toBe(false);
        expect(answer.content[0]?.text?.trim()).toBeTruthy();
      } finally {
        await client.close();
      }
    },
  );

  it("docs/api.md's abridged model document names only fields the document has", async () => {
    const markdown = markdownOf('docs/api.md');
    const block = /An abridged example \(`([a-z0-9-]+)`\):\n\n```json\n([\s\S]*?)^```/m.exec(markdown);
    expect(block, 'the abridged example').not.toBeNull();
    const served = JSON.parse(await (await fetch(`${target.baseUrl}/api/models/${block![1]}.json`)).text()) as unknown;
    const have = new Set(keyPaths(served));
    expect(keyPaths(JSON.parse(block![2]!)).filter((k) => !have.has(k))).toEqual([]);
  });
});

describe('finding the examples', () => {
  it('takes blocks of curl and command-line lines, and leaves blocks with other commands to their own tests', () => {
    const markdown = [
      '```sh',
      'curl -s localhost:3000/api/tools.json | jq .totalTools',
      '```',
      '```sh',
      'npm ci && npm start',
      '```',
      '```bash',
      '# comment',
      'ai-coding-models top ai-code-review',
      '```',
    ].join('\n');
    expect(shellExamples('x.md', markdown).map((e) => e.line)).toEqual([1, 7]);
  });

  it('tells a table with rows from one that has only its header', () => {
    const header = '#  id  cost\n-  --  ----';
    expect(emptyTable(`${header}\n1  gpt-5  $0.12\n2 models left out`)).toBe(false);
    expect(emptyTable(`${header}\n46 models left out: one request goes over their context window`)).toBe(true);
    expect(emptyTable(`${header}\n`)).toBe(true);
    expect(emptyTable('no table here')).toBe(false);
  });
});
