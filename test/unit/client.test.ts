/**
 * The client's generated types are current, and its pure parts work on the real built documents:
 * lookups, filters, ranking, succession and the structural check. (Packing and installing it is
 * test/e2e/client-package.test.ts, a slow suite.)
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import {
  findTool,
  filterTools,
  joinTool,
  matchTool,
  NotFoundError,
  rankTools,
  resolveSuccessor,
  structuralIssues,
  suggestIds,
} from '../../packages/client/src/index.ts';
import type { BenchmarksDocument, PlatformsDocument, ToolsDocument } from '../../packages/client/src/index.ts';
import { PATHS, ROOT } from '../../src/fs/paths.ts';
import { loadRefreshConfig } from '../../src/refresh/config.ts';
import { generateClientTypes } from '../../src/schema/typescript.ts';

const packageDir = path.join(ROOT, 'packages', 'client');
const read = <T>(name: string) => JSON.parse(readFileSync(path.join(inject('distPath'), 'api', name), 'utf8')) as T;

describe('generated types', () => {
  it('packages/client/src/types.generated.ts is current (run `npm run docs` after changing src/schema)', async () => {
    const { publicBaseUrl } = await loadRefreshConfig(PATHS.refreshConfig);
    expect(readFileSync(path.join(packageDir, 'src', 'types.generated.ts'), 'utf8')).toBe(
      generateClientTypes({ publicBaseUrl }),
    );
  });
});

describe('lookups, filters and rankings on the built documents', () => {
  const tools = () => read<ToolsDocument>('tools.json').tools;
  const platforms = () => read<PlatformsDocument>('platforms.json').platforms;
  const benchmarks = () => read<BenchmarksDocument>('benchmarks.json').benchmarks.models;

  it('finds a tool by id, alias, normalised name, provider prefix and dated snapshot', () => {
    const all = tools();
    const withDottedAlias = all.find((t) => t.aliases.some((a) => a.includes('.')))!;
    expect(matchTool(all, withDottedAlias.id)).toMatchObject({ tool: { id: withDottedAlias.id }, matchedBy: 'id' });
    const alias = withDottedAlias.aliases.find((a) => a.includes('.'))!;
    expect(matchTool(all, alias.toUpperCase())?.tool.id).toBe(withDottedAlias.id);
    expect(matchTool(all, `${withDottedAlias.providerId}/${alias}`)?.tool.id).toBe(withDottedAlias.id);
    expect(matchTool(all, `${alias}-2026-01-15`)).toMatchObject({
      tool: { id: withDottedAlias.id },
      matchedBy: 'snapshot',
    });
    expect(matchTool(all, `${withDottedAlias.id}-20260115`)).toMatchObject({
      tool: { id: withDottedAlias.id },
      matchedBy: 'snapshot',
    });
    expect(matchTool(all, 'no-such-model-at-all')).toBeNull();
    const error = (() => {
      try {
        findTool(all, `${withDottedAlias.id}x`);
      } catch (e) {
        return e as NotFoundError;
      }
    })();
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error!.suggestions).toContain(withDottedAlias.id);
    expect(suggestIds(['list', 'show', 'cost'], 'lst')).toEqual(['list']);
  });

  it('filters by provider, category, platform, status, capability, minimum context and maximum price', () => {
    const all = tools();
    const [first] = all;
    expect(filterTools(all, { provider: first!.provider }).every((t) => t.provider === first!.provider)).toBe(true);
    expect(filterTools(all, { provider: first!.providerId })).toEqual(
      filterTools(all, { provider: first!.provider.toUpperCase() }),
    );
    const openWeight = filterTools(all, { category: 'open-weight', capability: 'reasoning' });
    expect(openWeight.length).toBeGreaterThan(0);
    expect(openWeight.every((t) => t.category.includes('open-weight') && t.reasoning === true)).toBe(true);
    // Image input: the models whose flag is true, never an unknown one.
    expect(filterTools(all, { capability: ['imageInput', 'toolCalling'] }).map((t) => t.id)).toEqual(
      all.filter((t) => t.imageInput === true && t.toolCalling === true).map((t) => t.id),
    );
    expect(all.some((t) => t.imageInput === null) && all.some((t) => t.imageInput === true)).toBe(true);
    const cursor = platforms().find((p) => p.id === 'cursor')!;
    expect(filterTools(all, { platform: 'cursor' }, { platforms: platforms() }).map((t) => t.id)).toEqual(
      all.filter((t) => cursor.toolIds.includes(t.id)).map((t) => t.id),
    );
    expect(() => filterTools(all, { platform: 'cursr' }, { platforms: platforms() })).toThrow(/did you mean "cursor"/);
    expect(
      filterTools(all, { status: ['deprecated', 'retired'] }).every(
        (t) => t.status === 'deprecated' || t.status === 'retired',
      ),
    ).toBe(true);
    const big = filterTools(all, { minContext: 1_000_000, maxPrice: 5 });
    expect(big.every((t) => t.contextTokens >= 1_000_000 && t.blendedPrice <= 5)).toBe(true);
    expect(
      filterTools(all, { maxPrice: { input: 1, output: 4 } }).every(
        (t) => t.pricing.input <= 1 && t.pricing.output <= 4,
      ),
    ).toBe(true);
  });

  it('joins a tool with its benchmark entry and platforms', () => {
    const scored = benchmarks()[0]!;
    const tool = findTool(tools(), scored.modelId);
    const joined = joinTool(tool, { benchmarks: benchmarks(), platforms: platforms() });
    expect(joined.benchmark?.modelId).toBe(tool.id);
    expect(joined.platforms.map((p) => p.platform.id).sort()).toEqual(
      platforms()
        .filter((p) => p.toolIds.includes(tool.id))
        .map((p) => p.id)
        .sort(),
    );
  });

  it('ranks by cost (ascending), score (descending) and value (score per dollar, descending), leaving inactive tools out', () => {
    const usage = { input: 200_000, output: 20_000 };
    const byCost = rankTools(tools(), usage, { by: 'cost', benchmarks: benchmarks() });
    const usd = byCost.filter((r) => r.cost.kind === 'usd').map((r) => r.usd!);
    expect(usd).toEqual([...usd].sort((a, b) => a - b));
    expect(byCost.some((r) => r.tool.status === 'deprecated' || r.tool.status === 'retired')).toBe(false);
    expect(byCost.map((r) => r.rank)).toEqual(byCost.map((_, i) => i + 1));
    const byScore = rankTools(tools(), usage, { by: 'score', benchmarks: benchmarks(), limit: 10 });
    const scores = byScore.map((r) => r.score!);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(byScore).toHaveLength(10);
    const byValue = rankTools(tools(), usage, { by: 'value', benchmarks: benchmarks() }).filter(
      (r) => r.value !== null,
    );
    const values = byValue.map((r) => r.value!);
    expect(values).toEqual([...values].sort((a, b) => b - a));
    for (const r of byValue.filter((r) => Number.isFinite(r.value!))) expect(r.value).toBeCloseTo(r.score! / r.usd!, 6);
    const cursor = platforms().find((p) => p.id === 'cursor')!;
    expect(rankTools(tools(), usage, { platform: cursor }).every((r) => cursor.toolIds.includes(r.tool.id))).toBe(true);
  });

  it('follows replacedBy from a deprecated or retired id to the tool to use now', () => {
    const all = tools();
    const replaced = all.filter((t) => t.replacedBy !== null);
    expect(replaced.length).toBeGreaterThan(0);
    for (const tool of replaced) {
      const succession = resolveSuccessor(all, tool.id);
      expect(succession.replaced).toBe(true);
      expect(succession.chain[0]!.id).toBe(tool.id);
      expect(succession.chain[1]!.id).toBe(tool.replacedBy);
      expect(
        succession.current.replacedBy === null ||
          succession.chain.length === all.length ||
          succession.chain.some((t, i) => i > 0 && t.id === succession.current.replacedBy),
      ).toBe(true);
    }
    const current = all.find((t) => t.replacedBy === null)!;
    expect(resolveSuccessor(all, current.id)).toMatchObject({ replaced: false, current: { id: current.id } });
  });

  it('the structural check passes every served document and names what is wrong in a broken one', () => {
    for (const name of [
      'tools.json',
      'benchmarks.json',
      'providers.json',
      'categories.json',
      'platforms.json',
      'use-cases.json',
      'freshness.json',
      'changes.json',
      'manifest.json',
      'price-history.json',
    ])
      expect(structuralIssues(read(name), name), name).toEqual([]);
    const broken = structuredClone(read<ToolsDocument>('tools.json')) as unknown as {
      tools: Record<string, unknown>[];
    };
    broken.tools[3]!.pricing = 'free';
    delete broken.tools[5]!.id;
    expect(structuralIssues(broken, 'tools.json')).toEqual([
      'tools[3].pricing is string, expected object',
      'tools[5].id is missing',
    ]);
    expect(structuralIssues([], 'tools.json')).toEqual(['the document is array, expected object']);
    expect(structuralIssues({ lastUpdated: 'x', totalTools: 1 }, 'tools.json')).toContain('tools is missing');
  });
});
