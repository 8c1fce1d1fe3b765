/**
 * The shell examples of the README (and of the API and client pages) as a reader copies them: each fenced `sh` or
 * `bash` block made only of curl and `ai-coding-models` lines runs in bash against the Node server on loopback, with
 * `localhost:3000` pointed at it and the command line's freshly built bin on the PATH. Each block must exit 0, write
 * nothing to stderr and print an answer: no JSON error, no bare `null`, and the status a trailing `# 304` promises.
 */
import { execFile, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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

const examples = PAGES.flatMap((page) => shellExamples(page, readFileSync(path.join(ROOT, page), 'utf8')));

describe.skipIf(missingTool() !== null)('shell examples of the docs, run against the Node server', () => {
  let target: Target;
  let binDir: string;

  beforeAll(async () => {
    binDir = mkdtempSync(path.join(os.tmpdir(), 'acmd-readme-'));
    // `ai-coding-models` as `npm install -g ./packages/client` would put it on the PATH.
    const shim = path.join(binDir, 'ai-coding-models');
    const cli = path.join(inject('clientPath'), 'packages/client/src/cli.js');
    writeFileSync(shim, `#!/bin/sh\nexec "${process.execPath}" "${cli}" "$@"\n`);
    chmodSync(shim, 0o755);
    target = await startNodeTarget(inject('distPath'));
  });
  afterAll(async () => {
    await target?.stop();
    if (binDir) rmSync(binDir, { recursive: true, force: true });
  });

  it('finds the examples of every page that has them', () => {
    expect(new Set(examples.map((e) => e.page))).toEqual(
      new Set(['README.md', 'docs/api.md', 'docs/client.md', 'docs/data.md', 'packages/client/README.md']),
    );
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
        expect(run.stdout.split('\n')).not.toContain('null');
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
