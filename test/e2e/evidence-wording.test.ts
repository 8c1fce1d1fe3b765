/**
 * One wording of the evidence (issue 36 item 1): for every scored model, what its overall score rests
 * on (how many of the weighted benchmarks are measured, by whom, which are estimated) reads the same
 * in the API, on the model page, in the command line's `show` and in the MCP server's answers. The
 * account is computed from benchmarks.json's own fields, so its count is the published measuredCount.
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { showText } from '../../packages/client/src/cli/output.ts';
import {
  type BenchmarksDocument,
  evidenceAccount,
  type ModelDocument,
  type ToolsDocument,
} from '../../packages/client/src/index.ts';
import { ROOT } from '../../src/fs/paths.ts';
import { esc } from '../../src/web/html.ts';
import { startNodeTarget, type Target } from '../support/targets.ts';

const run = promisify(execFile);
const tsxLoader = createRequire(import.meta.url).resolve('tsx');

interface SearchRow {
  id: string;
  measuredCount: number | null;
  weightedCount: number | null;
  evidence: string | null;
  evidenceNote: string | null;
}

describe('the evidence of a score, in one wording for every face', () => {
  let target: Target;
  let mcp: Client;
  let benchmarks: BenchmarksDocument['benchmarks'];
  let tools: ToolsDocument['tools'];
  const getJson = async <T>(apiPath: string): Promise<T> =>
    (await (await fetch(`${target.baseUrl}/api/${apiPath}`)).json()) as T;

  beforeAll(async () => {
    target = await startNodeTarget(inject('distPath'));
    benchmarks = (await getJson<BenchmarksDocument>('benchmarks.json')).benchmarks;
    tools = (await getJson<ToolsDocument>('tools.json')).tools;
    mcp = new Client({ name: 'evidence-wording', version: '1.0.0' });
    await mcp.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: ['--import', tsxLoader, path.join(ROOT, 'src', 'cli', 'mcp.ts'), '--base-url', target.baseUrl],
        cwd: ROOT,
        stderr: 'pipe',
      }),
    );
  });
  afterAll(async () => {
    await mcp?.close();
    await target?.stop();
  });

  const accountOf = (model: BenchmarksDocument['benchmarks']['models'][number]) =>
    evidenceAccount(model.scoreDetails, benchmarks.aggregate);

  it("the account counts only weighted benchmarks, as the API's measuredCount does, and names each of them once", () => {
    const weighted = benchmarks.aggregate.filter((a) => a.weight > 0).length;
    expect(weighted).toBeGreaterThan(0);
    const seen = new Set<string>();
    for (const model of benchmarks.models) {
      const account = accountOf(model);
      expect(account.measured, model.modelId).toBe(model.measuredCount);
      expect(account.weighted).toBe(weighted);
      expect(account.independent.length + account.developerReported.length + account.estimated.length).toBe(weighted);
      expect(account.independent.length > 0, model.modelId).toBe(model.evidence === 'independent-measured');
      seen.add(account.text.replace(/\(.*\)/, '()').slice(0, 12));
    }
    // The data has models of more than one kind (all measured, some, none), so the comparison below is not vacuous.
    expect(seen.size).toBeGreaterThan(1);
  });

  it('every MCP search_models row and get_model answer carries the account, word for word', async () => {
    const rows: SearchRow[] = [];
    for (let offset: number | null = 0; offset !== null; ) {
      const page = (await mcp.callTool({ name: 'search_models', arguments: { limit: 50, offset } }))
        .structuredContent as { models: SearchRow[]; nextOffset: number | null; count: number };
      rows.push(...page.models);
      offset = page.nextOffset;
    }
    expect(rows).toHaveLength(tools.length);
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const model of benchmarks.models) {
      const account = accountOf(model);
      expect(byId.get(model.modelId), model.modelId).toMatchObject({
        measuredCount: model.measuredCount,
        weightedCount: account.weighted,
        evidence: model.evidence,
        evidenceNote: account.text,
      });
    }
    for (const model of benchmarks.models.slice(0, 5)) {
      const answer = (await mcp.callTool({ name: 'get_model', arguments: { id: model.modelId } }))
        .structuredContent as {
        model: { score: { note: string; measuredCount: number; estimated: string[] } };
      };
      expect(answer.model.score).toMatchObject({
        note: accountOf(model).text,
        measuredCount: model.measuredCount,
        estimated: accountOf(model).estimated,
      });
    }
  });

  it('every model page and the text of the command line show say the same sentence', async () => {
    for (const model of benchmarks.models) {
      const text = accountOf(model).text;
      const page = await (await fetch(`${target.baseUrl}/models/${model.modelId}/`)).text();
      expect(page, model.modelId).toContain(esc(text));
      const document = await getJson<ModelDocument>(`models/${model.modelId}.json`);
      expect(showText(document, null, benchmarks.aggregate), model.modelId).toContain(text);
    }
    // The built bin prints it too (showText is what it runs; one model of each kind is enough to show that).
    const bin = path.join(inject('clientPath'), 'packages', 'client', 'src', 'cli.js');
    const partly = benchmarks.models.find((m) => accountOf(m).estimated.length > 0)!;
    const { stdout } = await run(process.execPath, [bin, 'show', partly.modelId, '--base-url', target.baseUrl]);
    expect(stdout).toContain(accountOf(partly).text);
  });
});
