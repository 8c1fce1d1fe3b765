/**
 * The client package as a package: its generated types are current, `npm pack` ships only the
 * files it needs, and the packed tarball works standalone (installed into an empty project, its
 * declarations type-check without Node types, its exports and its bin run). Plus the pure parts:
 * lookups, filters, ranking, succession and the structural check, on the real built documents.
 */
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, inject, it } from 'vitest';
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
const execFileAsync = promisify(execFile);
const read = <T>(name: string) => JSON.parse(readFileSync(path.join(inject('distPath'), 'api', name), 'utf8')) as T;

describe('generated types', () => {
  it('packages/client/src/types.generated.ts is current (run `npm run docs` after changing src/schema)', async () => {
    const { publicBaseUrl } = await loadRefreshConfig(PATHS.refreshConfig);
    expect(readFileSync(path.join(packageDir, 'src', 'types.generated.ts'), 'utf8')).toBe(
      generateClientTypes({ publicBaseUrl }),
    );
  });
});

describe('the package', () => {
  const temp = mkdtempSync(path.join(os.tmpdir(), 'acmd-client-pack-'));
  afterAll(() => rmSync(temp, { recursive: true, force: true }));
  // Asynchronous: `npm pack` runs the package build (two compiler passes), and a synchronous child of that
  // length would block the test worker's reports to vitest ("Timeout calling onTaskUpdate").
  const npm = async (args: string[], cwd: string) =>
    (
      await execFileAsync('npm', args, {
        cwd,
        encoding: 'utf8',
        env: {
          ...process.env,
          npm_config_update_notifier: 'false',
          npm_config_fund: 'false',
          npm_config_audit: 'false',
        },
      })
    ).stdout;

  it('`npm pack --dry-run` ships only the compiled client (ESM and CommonJS), the compiled cost engine, LICENSE, README and package.json', async () => {
    const [report] = JSON.parse(await npm(['pack', '--dry-run', '--json', '--ignore-scripts=false'], packageDir)) as [
      { files: { path: string }[] },
    ];
    const files = report.files.map((f) => f.path).sort();
    const client = [
      'client',
      'errors',
      'index',
      'query',
      'release-documents',
      'resolve',
      'store',
      'types.generated',
      'validate',
    ].flatMap((m) => [`dist/packages/client/src/${m}.js`, `dist/packages/client/src/${m}.d.ts`]);
    // The CLI ships as JavaScript only: the bin, format.ts and every module under cli/ (one file per command).
    const cliModules = readdirSync(path.join(packageDir, 'src', 'cli'), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts'))
      .map((f) => `cli/${f.replace(/\.ts$/, '')}`);
    const cli = ['cli', 'format', ...cliModules].map((m) => `dist/packages/client/src/${m}.js`);
    const cost = readdirSync(path.join(ROOT, 'src', 'cost'))
      .filter((f) => f.endsWith('.ts'))
      .flatMap((f) => [`dist/src/cost/${f.replace(/\.ts$/, '.js')}`, `dist/src/cost/${f.replace(/\.ts$/, '.d.ts')}`]);
    // The CommonJS build (for require()) holds the library and the cost engine, not the CLI.
    const cjs = [...client, ...cost].map((f) => f.replace(/^dist\//, 'dist/cjs/'));
    expect(files).toEqual(
      [...client, ...cli, ...cost, ...cjs, 'dist/cjs/package.json', 'LICENSE', 'README.md', 'package.json'].sort(),
    );
  }, 300_000);

  it('installs from its tarball into an empty project and works there: imports, types without @types/node, bin', async () => {
    const tarball = (await npm(['pack', '--pack-destination', temp], packageDir)).trim().split('\n').pop()!;
    const project = path.join(temp, 'consumer');
    execFileSync('mkdir', ['-p', project]);
    writeFileSync(
      path.join(project, 'package.json'),
      JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
    );
    await npm(['install', '--offline', '--no-package-lock', path.join(temp, tarball)], project);
    const manifest = JSON.parse(
      readFileSync(path.join(project, 'node_modules', '@ai-coding-models', 'client', 'package.json'), 'utf8'),
    );
    expect(manifest.dependencies ?? {}).toEqual({});
    const run = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "import * as c from '@ai-coding-models/client'; console.log(typeof c.createClient, typeof c.costOf, typeof c.engineCostOf, typeof c.rankTools, c.DEFAULT_BASE_URL)",
      ],
      { cwd: project, encoding: 'utf8' },
    );
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toMatch(/^function function function function https?:\/\//);
    // A browser-style consumer: DOM lib, no Node types.
    writeFileSync(
      path.join(project, 'main.ts'),
      "import { createClient, costOf, type Tool, type RankedTool } from '@ai-coding-models/client';\nexport async function cheapest(): Promise<RankedTool[]> { const c = createClient(); const t: Tool = await c.findTool('gpt-5.4'); costOf(t, { input: 1000, output: 10 }); return c.rank({ input: 1, output: 1 }); }\n",
    );
    writeFileSync(
      path.join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          lib: ['ES2022', 'DOM'],
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          noEmit: true,
          types: [],
        },
        files: ['main.ts'],
      }),
    );
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    const typecheck = spawnSync(process.execPath, [tsc, '-p', project], { cwd: project, encoding: 'utf8' });
    expect(typecheck.stdout + typecheck.stderr).toBe('');
    const bin = spawnSync(path.join(project, 'node_modules', '.bin', 'ai-coding-models'), ['--version'], {
      encoding: 'utf8',
    });
    expect(bin.stdout.trim()).toBe(JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')).version);
  }, 300_000);
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
