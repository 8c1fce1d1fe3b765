/**
 * The command line as a script or a person in a hurry meets it: the real `ai-coding-models` (the bin its
 * package build compiles, built once for the run, run by node as a subprocess) against the real server on loopback, plus
 * servers that stall or are not there. A pipe closed early ends it quietly; every mistyped name
 * or flag gets the closest ones; exit statuses follow the error's kind; a stalled server ends
 * with a timeout; `compare` and `cost <id>` answer from the served data.
 */
import { execFile } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BenchmarksDocument, Tool, ToolsDocument } from '../../packages/client/src/index.ts';
import { ROOT } from '../../src/fs/paths.ts';
import { startNodeTarget, type Target } from '../support/targets.ts';

const CLI = path.join(inject('clientPath'), 'packages', 'client', 'src', 'cli.js');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the CLI with these arguments (no --base-url added). */
const run = (args: readonly string[], timeoutMs = 60_000): Promise<Run> =>
  new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI, ...args],
      { cwd: ROOT, encoding: 'utf8', timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });

/** A loopback server that accepts requests and answers them in its own (bad) way. */
async function misbehaving(handler: http.RequestListener): Promise<{ url: string; close: () => void }> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

describe('ai-coding-models behaves (the built CLI against the Node server)', () => {
  let target: Target;
  let tools: Tool[];
  let benchmarks: BenchmarksDocument;
  const cli = (...args: string[]) => run([...args, '--base-url', target.baseUrl]);

  beforeAll(async () => {
    target = await startNodeTarget(inject('distPath'));
    tools = ((await (await fetch(`${target.baseUrl}/api/tools.json`)).json()) as ToolsDocument).tools;
    benchmarks = (await (await fetch(`${target.baseUrl}/api/benchmarks.json`)).json()) as BenchmarksDocument;
  });
  afterAll(async () => {
    await target?.stop();
  });

  it('`list --json | head -1` ends quietly: exit 0 and nothing on stderr', async () => {
    const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(CLI)} list --json --base-url ${target.baseUrl} | head -1`;
    const piped = await new Promise<Run>((resolve) =>
      execFile('bash', ['-o', 'pipefail', '-c', command], { cwd: ROOT, encoding: 'utf8' }, (error, stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      ),
    );
    // The whole list is far more than a pipe holds, so the CLI is still writing when head leaves.
    expect((await cli('list', '--json')).stdout.length).toBeGreaterThan(256 * 1024);
    expect(piped).toEqual({ code: 0, stdout: '{\n', stderr: '' });
  });

  it('mistyped names and flags get the closest ones: provider, category, model, flag', async () => {
    const provider = tools[0]!.providerId;
    const typo = `${provider.slice(0, 2)}${provider[3]}${provider[2]}${provider.slice(4)}`;
    const cases: [string[], number, string][] = [
      [['list', '--provider', typo], 1, `unknown provider "${typo}"; did you mean "${provider}"`],
      [['cost', '--input', '1k', '--output', '1k', '--provider', typo], 1, `did you mean "${provider}"`],
      [['list', '--category', `${tools[0]!.category[0]}x`], 1, `did you mean "${tools[0]!.category[0]}"`],
      [['list', '--limt', '2'], 2, 'unknown flag "--limt"; did you mean "--limit"?'],
      [['cost', '--inptu', '1k', '--output', '1k'], 2, 'did you mean "--input"'],
      [['compare', tools[0]!.id, `${tools[1]!.id}x`], 1, `did you mean "${tools[1]!.id}"`],
      [['cost', `${tools[0]!.id}x`, '--input', '1', '--output', '1'], 1, `did you mean "${tools[0]!.id}"`],
    ];
    for (const [args, code, message] of cases) {
      const result = await cli(...args);
      expect(result.code, args.join(' ')).toBe(code);
      expect(result.stdout, args.join(' ')).toBe('');
      expect(result.stderr, args.join(' ')).toContain(message);
    }
  });

  it('list --limit n lists n; a negative token count is refused by name, not as "ambiguous"', async () => {
    const listed = JSON.parse((await cli('list', '--limit', '2', '--json')).stdout) as {
      count: number;
      results: { id: string }[];
    };
    expect(listed.results.map((t) => t.id)).toEqual(tools.slice(0, 2).map((t) => t.id));
    // `count` is how many match before --limit, as in top and cost.
    expect(listed.count).toBe(tools.length);
    expect((await cli('list', '--limit', '2')).stdout).toContain(`2 shown of ${tools.length} models`);
    for (const input of [['--input', '-5'], ['--input=-5']]) {
      const refused = await cli('cost', ...input, '--output', '1k');
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain('--input must be a non-negative number of tokens');
      expect(refused.stderr).not.toContain('ambiguous');
    }
    expect((await cli('--help')).stdout).toMatch(/200k \(thousand\), 1\.5m \(million\)/);
  });

  it('a stalled server ends with a timeout (before the headers or in the body), exit 3 and a hint', async () => {
    const silent = await misbehaving(() => {});
    const trickle = await misbehaving((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"tools": [');
    });
    try {
      for (const server of [silent, trickle]) {
        const result = await run(['list', '--base-url', server.url, '--timeout', '300'], 20_000);
        expect(result.code).toBe(3);
        expect(result.stderr).toContain('no answer within 300 ms');
        expect(result.stderr).toContain('--timeout');
      }
    } finally {
      silent.close();
      trickle.close();
    }
    expect((await cli('list', '--timeout', '0')).code).toBe(2);
  });

  it('no server: exit 3 with the way to start one or point elsewhere', async () => {
    const gone = await misbehaving(() => {});
    gone.close();
    const result = await run(['list', '--base-url', gone.url]);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('ECONNREFUSED');
    expect(result.stderr).toContain('npm start');
    expect(result.stderr).toContain('--base-url');
  });

  it('compare: 2 to 4 models side by side, prices and score intervals as served', async () => {
    const scored = tools.filter((t) => benchmarks.benchmarks.models.some((b) => b.modelId === t.id)).slice(0, 3);
    const rows = JSON.parse((await cli('compare', ...scored.map((t) => t.id), '--json')).stdout) as {
      id: string;
      pricing: Tool['pricing'];
      interval: { low: number; high: number };
      rankRange: { best: number; worst: number };
    }[];
    expect(rows.map((r) => r.id)).toEqual(scored.map((t) => t.id));
    for (const [i, row] of rows.entries()) {
      const benchmark = benchmarks.benchmarks.models.find((b) => b.modelId === row.id)!;
      expect(row.pricing).toEqual(scored[i]!.pricing);
      expect(row.interval).toEqual({ low: benchmark.overallInterval.low, high: benchmark.overallInterval.high });
      expect(row.rankRange).toEqual(benchmark.rankRange);
    }
    const table = await cli('compare', scored[0]!.id, scored[1]!.id);
    expect(table.stdout.split('\n')[0]).toMatch(new RegExp(`^\\s+${scored[0]!.id}\\s+${scored[1]!.id}$`));
    expect(table.stdout).toContain('80% interval');
    for (const ids of [[scored[0]!.id], tools.slice(0, 5).map((t) => t.id), [scored[0]!.id, scored[0]!.id]])
      expect((await cli('compare', ...ids)).code, ids.join(' ')).toBe(2);
  });

  it('cost <id>: the workload on that one model, line by line, as the list prices say', async () => {
    const plain = tools.find(
      (t) =>
        t.status === 'active' &&
        t.pricing.input !== null &&
        t.pricing.output !== null &&
        t.pricingDetails.tiers.length === 0 &&
        t.pricingDetails.modifiers.length === 0 &&
        !t.pricingDetails.free &&
        t.contextTokens >= 200_000 &&
        (t.maxOutputTokens === null || t.maxOutputTokens >= 10_000),
    )!;
    const args = ['cost', plain.id, '--input', '100k', '--output', '10k', '--at', '2026-11-23T12:00:00Z'];
    const priced = JSON.parse((await cli(...args, '--json')).stdout) as {
      id: string;
      cost: { kind: string; usd: number };
    };
    const expected = (100_000 * plain.pricing.input! + 10_000 * plain.pricing.output!) / 1_000_000;
    expect(priced.id).toBe(plain.id);
    expect(priced.cost.kind).toBe('usd');
    expect(priced.cost.usd).toBeCloseTo(expected, 6);
    const table = await cli(...args);
    expect(table.code).toBe(0);
    expect(table.stdout).toContain(`(${plain.id})`);
    expect(table.stdout).toMatch(/^input\s+100,000\s/m);
    expect(table.stdout).toContain('total: $');
  });
});
