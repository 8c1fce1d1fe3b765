/**
 * Identity from the path and sources written once (issue 38, item 4): a model or a result is one new file whose
 * content never repeats the id its path gives; what the weekly refresh writes has the same shape; and
 * scripts/migrate-identity.ts moves a file of the old shape there, and leaves a migrated one as it is.
 */
import { execFileSync } from 'node:child_process';
import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { buildDocuments } from '../../src/compile/documents.ts';
import { loadSourceData } from '../../src/compile/load.ts';
import { keyFor, shareSources } from '../../src/compile/shared-sources.ts';
import { PATHS, ROOT } from '../../src/fs/paths.ts';
import { serializeDataFile } from '../../src/refresh/data-files.ts';
import type { Tool } from '../../src/schema/api.ts';
import type { ResultsFile } from '../../src/schema/source.ts';
import { freshSource } from '../support/source.ts';

type Json = Record<string, unknown>;

async function dataCopy(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'acmd-identity-'));
  await cp(PATHS.data, dir, { recursive: true });
  return dir;
}

const readJson = async (file: string) => JSON.parse(await readFile(file, 'utf8')) as Json;

describe('adding a model or a result is one new file', () => {
  it('a new tool file and a new results file, with no id in them, build: the path gives the id and the provider', async () => {
    const dir = await dataCopy();
    const like = await readJson(path.join(dir, 'tools/openai/gpt-5-4.json'));
    expect(like).not.toHaveProperty('id');
    expect(like).not.toHaveProperty('provider');
    const model = { ...like, name: 'GPT Test 1', aliases: [], upstream: { modelsDev: null } };
    await writeFile(path.join(dir, 'tools/openai/gpt-test-1.json'), `${JSON.stringify(model, null, 2)}\n`);
    const shared = 'https://example.com/launch-post (2026-11-30)';
    const result = (series: string, value: number) => ({
      series,
      benchmark: 'SWE-bench Verified',
      variant: 'vendor harness',
      value,
      date: '2026-11',
      source: 'launch',
      reportedBy: 'vendor',
      license: 'vendor figures',
    });
    const results = {
      modelName: 'GPT Test 1',
      toolId: 'gpt-test-1',
      sources: { launch: shared },
      results: [result('swe-bench-verified-vendor', 70), result('swe-bench-pro-vendor', 40)],
    };
    await writeFile(path.join(dir, 'benchmarks/results/gpt-test-1.json'), `${JSON.stringify(results, null, 2)}\n`);

    const source = await loadSourceData(dir, { releasesDir: PATHS.releases });
    const tool = source.tools.find((t) => t.file === 'tools/openai/gpt-test-1.json')!.data;
    expect([tool.id, tool.provider]).toEqual(['gpt-test-1', 'openai']);
    const loaded = source.results.find((r) => r.file === 'benchmarks/results/gpt-test-1.json')!.data;
    expect(loaded.model).toBe('gpt-test-1');
    expect(loaded.results.map((r) => r.source)).toEqual([shared, shared]);

    const { documents } = buildDocuments(source, { crossValidation: JSON.parse(inject('crossValidation')) });
    const published = (documents['tools.json'] as { tools: Tool[] }).tools.find((t) => t.id === 'gpt-test-1');
    expect(published?.provider).toBe('OpenAI');
  });
});

describe('the weekly refresh writes the new shape', () => {
  it('a tool or results file it writes has no identity fields, and a repeated source once', async () => {
    const source = await freshSource();
    const tool = JSON.parse(serializeDataFile('tool', source.tools[0]!.data)) as Json;
    expect(tool).not.toHaveProperty('id');
    expect(tool).not.toHaveProperty('provider');
    const athene = source.results.find((r) => r.file === 'benchmarks/results/athene-v2-chat.json')!;
    const text = serializeDataFile('results', athene.data);
    const written = JSON.parse(text) as ResultsFile;
    expect(written).not.toHaveProperty('model');
    const keys = Object.keys(written.sources ?? {});
    expect(keys.length).toBe(2);
    for (const result of written.results) expect(keys).toContain(result.source);
    // The bytes on disk are what the refresh writes: rewriting an unchanged file changes nothing.
    expect(await readFile(path.join(PATHS.data, athene.file), 'utf8')).toBe(text);
  });

  it('keeps the keys a file gives, adds one for a newly repeated source, and drops one no result names', () => {
    const result = (source: string) => ({
      series: 's',
      benchmark: 'b',
      variant: 'v',
      value: 1,
      date: '2026-11',
      source,
      reportedBy: 'independent' as const,
      license: 'l',
    });
    const data: ResultsFile = {
      model: 'm',
      modelName: 'M',
      toolId: null,
      sources: { mine: 'https://a.example/x', gone: 'https://c.example/z' },
      results: [result('https://a.example/x'), result('https://b.example/y'), result('https://b.example/y')],
    };
    const written = shareSources(data);
    expect(written.sources).toEqual({ mine: 'https://a.example/x', 'b-example-y': 'https://b.example/y' });
    expect(written.results.map((r) => r.source)).toEqual(['mine', 'b-example-y', 'b-example-y']);
    expect(keyFor('https://b.example/y', new Set(['b-example-y']))).toBe('b-example-y-2');
  });
});

describe('scripts/migrate-identity.ts', () => {
  it('migrates files of the old shape, leaves migrated ones as they are, and refuses an identity that differs from the path', async () => {
    const dir = await dataCopy();
    const run = (...args: string[]) =>
      execFileSync(process.execPath, ['--import', 'tsx', 'scripts/migrate-identity.ts', '--data', dir, ...args], {
        cwd: ROOT,
        encoding: 'utf8',
      });
    // Back to the old shape: identity in the content and every source in full.
    const toolPath = path.join(dir, 'tools/openai/gpt-5-4.json');
    const migratedTool = await readFile(toolPath, 'utf8');
    await writeFile(toolPath, JSON.stringify({ id: 'gpt-5-4', provider: 'openai', ...(await readJson(toolPath)) }));
    const resultsPath = path.join(dir, 'benchmarks/results/athene-v2-chat.json');
    const migratedResults = await readFile(resultsPath, 'utf8');
    const { sources, ...rest } = (await readJson(resultsPath)) as unknown as Omit<ResultsFile, 'model'>;
    const inline = rest.results.map((r) => ({ ...r, source: sources?.[r.source] ?? r.source }));
    await writeFile(resultsPath, JSON.stringify({ model: 'athene-v2-chat', ...rest, results: inline }, null, 2));

    // A tool file with every source in full: its repeated source goes back to `sharedSources`, under the same key.
    const fablePath = path.join(dir, 'tools/anthropic/claude-fable-5-1.json');
    const migratedFable = await readFile(fablePath, 'utf8');
    const { sharedSources, ...fable } = (await readJson(fablePath)) as Record<string, Record<string, unknown>>;
    const inlineSources = Object.fromEntries(
      Object.entries(fable.sources!).map(([fact, s]) => [fact, typeof s === 'string' ? sharedSources![s] : s]),
    );
    expect(Object.values(fable.sources!).filter((s) => typeof s === 'string').length).toBe(2);
    await writeFile(fablePath, JSON.stringify({ ...fable, sources: inlineSources }, null, 2));

    expect(run()).toMatch(/^migrated 3 files; \d+ already in the new shape; 0 refused/);
    expect(await readFile(toolPath, 'utf8')).toBe(migratedTool);
    expect(await readFile(fablePath, 'utf8')).toBe(migratedFable);
    expect(await readFile(resultsPath, 'utf8')).toBe(migratedResults);
    expect(run('--check')).toMatch(/^would migrate 0 files/);

    await writeFile(toolPath, JSON.stringify({ id: 'gpt-5-5', ...(await readJson(toolPath)) }));
    let refused = '';
    try {
      run();
    } catch (error) {
      refused = String((error as { stderr: string }).stderr);
    }
    expect(refused).toContain('tools/openai/gpt-5-4.json: id: differs from the file name "gpt-5-4"');
  });
});
