/**
 * The pure core of the refresh: merging upstream facts into curated data, the sanity bounds,
 * the release diff, the Atom feed and the price history.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import type { SourceData } from '../../src/compile/load.ts';
import { checkBounds, priceRatio } from '../../src/refresh/bounds.ts';
import { describeChange, diffDatasets, summarize } from '../../src/history/diff.ts';
import { atomFeed, escapeXml, stableUrn } from '../../src/history/feed.ts';
import { priceHistory, priceOn } from '../../src/history/price-history.ts';
import { mergeBenchmarks, variantTemplate } from '../../src/refresh/merge-benchmarks.ts';
import { findCandidates, mergePricing } from '../../src/refresh/merge-pricing.ts';
import { changedDataFiles } from '../../src/refresh/pipeline.ts';
import { compareReleaseIds, loadReleases, releaseIdAt, releasedDataset } from '../../src/history/releases.ts';
import { checkRemovalsRecorded } from '../../src/history/history-files.ts';
import { errorOf } from '../support/data-error.ts';
import { factSourceRef, publishedTool } from '../support/fixtures.ts';
import { PATHS } from '../../src/fs/paths.ts';
import { CURATED } from '../../src/schema/curated-files.ts';
import { formatIssue } from '../../src/compile/errors.ts';
import { readModelsDev, type ModelsDevIndex } from '../../src/refresh/upstream/models-dev.ts';
import type { BenchmarkRow } from '../../src/refresh/upstream/benchmarks.ts';
import type { Change, DocumentName, PriceHistoryDocument, Release, Tool } from '../../src/schema/api.ts';
import { fileCache } from '../../src/history/publish.ts';
import { freshSource } from '../support/source.ts';
import { entryOf, modelsDevFromSource, type ModelsDevDoc } from '../fixtures/upstream/models-dev.ts';

const CONTEXT = {
  refreshDate: '2026-11-29',
  sourceUrl: 'https://models.dev/api.json',
  sourceName: 'models.dev api.json',
  sha256: 'ab'.repeat(32),
};
const BOUNDS = { maxPriceRatio: 5, maxMissingFraction: 0.1 };

function indexOf(source: SourceData, doc: ModelsDevDoc): ModelsDevIndex {
  const wanted = new Set(source.tools.map((t) => t.data.upstream.modelsDev).filter((k): k is string => k !== null));
  const result = readModelsDev(JSON.parse(JSON.stringify(doc)), wanted);
  if (!result.ok) throw new Error(result.issues.map(formatIssue).join('\n'));
  return result.index;
}

const tool = (source: SourceData, id: string) => source.tools.find((t) => t.data.id === id)!.data;

describe('merging upstream prices into curated tools', () => {
  it('changes nothing when upstream says what the curated data says; pinned tools are reported, not overwritten', async () => {
    const source = await freshSource();
    const merge = mergePricing(source, indexOf(source, modelsDevFromSource(source)), CONTEXT);
    expect(merge.updates).toEqual([]);
    expect(merge.missing).toEqual([]);
    expect(merge.mapped).toBe(source.tools.filter((t) => t.data.upstream.modelsDev !== null).length);
    // Only pinned tools change, and only by a conflict entry recording the upstream's value.
    const pinnedFiles = new Set(merge.pinned.map((p) => p.file));
    for (const file of changedDataFiles(source, merge.source).keys()) expect(pinnedFiles).toContain(file);
    const pinned = merge.pinned.filter((p) => p.field === 'pricing.input');
    expect(pinned.map((p) => p.toolId)).toEqual(
      expect.arrayContaining(['deepseek-v4-1-flash', 'deepseek-v4-pro', 'gemini-3-8-flash']),
    );
    expect(pinned.find((p) => p.toolId === 'gemini-3-8-flash')).toMatchObject({
      curated: 1.5,
      upstream: 0.75,
      fact: 'pricing',
    });
    expect(tool(merge.source, 'gemini-3-8-flash').pricing.input).toBe(1.5);
    // deepseek-v4-pro pins its context and release month too; the fixture agrees there, so those pins show as redundant.
    expect(merge.redundantPins).toEqual(expect.arrayContaining([{ toolId: 'deepseek-v4-pro', fact: 'contextWindow' }]));
  });

  it('applies a price change, records the upstream as the source and leaves the input untouched', async () => {
    const source = await freshSource();
    const doc = modelsDevFromSource(source);
    entryOf(doc, source, 'gpt-5-4').cost.input = 3;
    entryOf(doc, source, 'gpt-5-4').limit.context = 1_100_000;
    const merge = mergePricing(source, indexOf(source, doc), CONTEXT);
    expect(merge.updates.map((u) => `${u.toolId} ${u.field} ${u.from}->${u.to}`)).toEqual([
      'gpt-5-4 pricing.input 2.5->3',
      'gpt-5-4 pricing.cacheCreate 2.5->3',
      'gpt-5-4 contextTokens 1050000->1100000',
    ]);
    const merged = tool(merge.source, 'gpt-5-4');
    expect(merged.pricing).toEqual({ input: 3, output: 15, cacheRead: 0.25, cacheCreate: 3 });
    expect(merged.sources.pricing).toEqual({
      name: 'models.dev api.json openai/gpt-5.4',
      url: 'https://models.dev/api.json',
      kind: 'aggregator',
      asOf: '2026-11-29',
      verified: '2026-11-29',
      note: 'Imported by the refresh of 2026-11-29 (upstream sha256 abababababab).',
    });
    expect(merged.sources.releaseDate).toEqual(tool(source, 'gpt-5-4').sources.releaseDate);
    expect(tool(source, 'gpt-5-4').pricing.input).toBe(2.5);
    const files = changedDataFiles(source, merge.source);
    const pinnedFiles = new Set(merge.pinned.map((p) => p.file));
    expect([...files.keys()].filter((f) => !pinnedFiles.has(f))).toEqual(['tools/openai/gpt-5-4.json']);
    // Files keep the schema's key order; the refresh's source, now both pricing's and contextWindow's, is written once.
    const written = JSON.parse(files.get('tools/openai/gpt-5-4.json')!.toString()) as Record<string, unknown>;
    expect(Object.keys(written)).toEqual(Object.keys(CURATED.tool.schema.shape).filter((key) => key in written));
    expect(written.sharedSources).toEqual({ 'models-dev-api-json': merged.sources.pricing });
    expect(written.sources).toMatchObject({ pricing: 'models-dev-api-json', contextWindow: 'models-dev-api-json' });
  });

  it('takes capabilities and a new caching mode from upstream; an upstream deprecation is reported, never applied', async () => {
    const source = await freshSource();
    const doc = modelsDevFromSource(source);
    const entry = entryOf(doc, source, 'gpt-5-4');
    entry.status = 'deprecated';
    entry.tool_call = false;
    entry.cost.cache_write = 3.125;
    const merge = mergePricing(source, indexOf(source, doc), CONTEXT);
    const merged = tool(merge.source, 'gpt-5-4');
    expect(merged.status).toBe('active');
    expect(merge.notes).toContainEqual(expect.stringMatching(/^gpt-5-4: upstream marks "openai\/gpt-5\.4" deprecated/));
    expect(merge.updates.map((u) => u.field)).not.toContain('status');
    expect(merged.toolCalling).toBe(false);
    expect(merged.pricingDetails.caching).toBe('write-premium');
    expect(merged.pricing.cacheCreate).toBe(3.125);
  });

  it('takes image input from the input modalities, with its source, and keeps it when upstream lists none', async () => {
    const source = await freshSource();
    const known = source.tools.find((t) => t.data.imageInput === false && t.data.upstream.modelsDev !== null)!.data;
    const unknown = source.tools.find(
      (t) => t.data.imageInput !== null && t.data.upstream.modelsDev !== null && t.data.id !== known.id,
    )!.data;
    const doc = modelsDevFromSource(source);
    entryOf(doc, source, known.id).modalities = { input: ['text', 'image'], output: ['text'] };
    delete entryOf(doc, source, unknown.id).modalities;
    const merge = mergePricing(source, indexOf(source, doc), CONTEXT);
    const merged = tool(merge.source, known.id);
    expect(merged.imageInput).toBe(true);
    expect(merged.sources.imageInput).toMatchObject({ kind: 'aggregator', asOf: CONTEXT.refreshDate });
    expect(merge.updates).toContainEqual(
      expect.objectContaining({ toolId: known.id, fact: 'capabilities', field: 'imageInput', from: false, to: true }),
    );
    // No modalities upstream is not "no image": the curated value stays.
    expect(tool(merge.source, unknown.id).imageInput).toBe(unknown.imageInput);
    expect(merge.updates.filter((u) => u.toolId === unknown.id && u.field === 'imageInput')).toEqual([]);
  });

  it('never turns a retired model back into a deprecated one, whatever upstream says', async () => {
    const source = await freshSource();
    const retired = source.tools.find((t) => t.data.status === 'retired' && t.data.upstream.modelsDev !== null)!.data;
    const doc = modelsDevFromSource(source);
    entryOf(doc, source, retired.id).status = 'deprecated';
    const merge = mergePricing(source, indexOf(source, doc), CONTEXT);
    expect(tool(merge.source, retired.id).status).toBe('retired');
    expect(merge.notes.filter((n) => n.startsWith(`${retired.id}:`) && n.includes('deprecated'))).toEqual([]);
  });

  it('keeps and reports a tool that disappeared upstream', async () => {
    const source = await freshSource();
    const doc = modelsDevFromSource(source);
    delete doc.openai!.models['gpt-5.4'];
    const merge = mergePricing(source, indexOf(source, doc), CONTEXT);
    expect(merge.missing).toEqual([{ toolId: 'gpt-5-4', file: 'tools/openai/gpt-5-4.json', key: 'openai/gpt-5.4' }]);
    expect(tool(merge.source, 'gpt-5-4')).toEqual(tool(source, 'gpt-5-4'));
    expect(checkBounds(merge, BOUNDS)).toEqual([]);
  });

  it('reports recent unmapped models of tracked providers as candidates, never hosts or old or deprecated ones', async () => {
    const source = await freshSource();
    const doc = modelsDevFromSource(source);
    doc.openai!.models['gpt-old-unmapped'] = {
      id: 'gpt-old-unmapped',
      name: 'Old',
      release_date: '2024-01-01',
      cost: { input: 1, output: 1 },
      limit: { context: 1000 },
    };
    doc.openai!.models['gpt-retired'] = {
      id: 'gpt-retired',
      name: 'Retired',
      release_date: '2026-11-01',
      status: 'deprecated',
      cost: { input: 1, output: 1 },
      limit: { context: 1000 },
    };
    const candidates = findCandidates(source, indexOf(source, doc), {
      now: new Date('2026-11-29T06:00:00Z'),
      windowDays: 180,
      excludeProviders: ['openrouter', 'azure', 'aihubmix'],
      ignore: ['anthropic/fixture-new-model'],
    });
    const keys = candidates.map((c) => c.key);
    expect(keys).toContain('openai/fixture-new-model');
    expect(keys).not.toContain('openrouter/fixture-new-model');
    expect(keys).not.toContain('anthropic/fixture-new-model');
    expect(keys).not.toContain('openai/gpt-old-unmapped');
    expect(keys).not.toContain('openai/gpt-retired');
  });
});

describe('sanity bounds', () => {
  it('rejects a price change beyond 5x in either direction, naming tool, field and values', async () => {
    const source = await freshSource();
    const doc = modelsDevFromSource(source);
    entryOf(doc, source, 'gpt-5-4').cost.input = 25;
    entryOf(doc, source, 'gpt-5-4').cost.output = 2;
    const merge = mergePricing(source, indexOf(source, doc), CONTEXT);
    const issues = checkBounds(merge, BOUNDS).map(formatIssue);
    expect(issues).toContain(
      'tools/openai/gpt-5-4.json: pricing.input: gpt-5-4: 2.5 -> 25 is a 10.0x change, more than the 5x bound (check upstream, then re-run with --allow gpt-5-4) (got 25)',
    );
    expect(issues.some((i) => i.includes('pricing.output: gpt-5-4: 15 -> 2 is a 7.5x change'))).toBe(true);
    expect(
      checkBounds({ ...merge, allow: ['gpt-5-4'] }, BOUNDS).filter(
        (i) => i.field.startsWith('pricing.input') || i.field === 'pricing.output',
      ),
    ).toEqual([]);
  });

  it('treats a price going to or from zero as beyond any bound', () => {
    expect(priceRatio(0, 1)).toBe(Number.POSITIVE_INFINITY);
    expect(priceRatio(2, 2)).toBe(1);
    expect(priceRatio(1, 5)).toBe(5);
  });

  it('does not bound cache prices when the caching mode itself changed', async () => {
    const source = await freshSource();
    const doc = modelsDevFromSource(source);
    const id = source.tools.find(
      (t) => t.data.pricingDetails.caching === 'unavailable' && t.data.pricing.input > 0 && !t.data.upstream.pinned,
    )!.data.id;
    entryOf(doc, source, id).cost.cache_read = entryOf(doc, source, id).cost.input / 10;
    const merge = mergePricing(source, indexOf(source, doc), CONTEXT);
    expect(merge.updates.some((u) => u.toolId === id && u.field === 'pricingDetails.caching')).toBe(true);
    expect(checkBounds(merge, BOUNDS)).toEqual([]);
  });

  it('rejects when more than 10% of mapped tools lose their upstream entry, listing each', async () => {
    const source = await freshSource();
    const doc = modelsDevFromSource(source);
    delete doc.openai;
    delete doc.anthropic;
    const merge = mergePricing(source, indexOf(source, doc), CONTEXT);
    expect(merge.missing.length / merge.mapped).toBeGreaterThan(0.1);
    const issues = checkBounds(merge, BOUNDS).map(formatIssue);
    expect(issues).toHaveLength(merge.missing.length);
    expect(issues).toContain(
      `tools/openai/gpt-5-4.json: upstream.modelsDev: gpt-5-4: "openai/gpt-5.4" is not in the upstream document; ${merge.missing.length} of ${merge.mapped} mapped tools (${((100 * merge.missing.length) / merge.mapped).toFixed(1)}%) are missing, more than the 10% bound (got "openai/gpt-5.4")`,
    );
  });
});

describe('merging benchmark results', () => {
  const row = (over: Partial<BenchmarkRow>): BenchmarkRow => ({
    row: 1,
    modelName: 'x',
    modelSlug: 'x',
    provider: 'p',
    benchmark: 'b',
    variant: 'v',
    score: 1,
    unit: '%',
    date: '2026-01',
    source: 's',
    ...over,
  });

  it('updates a matching result, adds a new variant of a known series, and reports the rest', async () => {
    const source = await freshSource();
    const results = source.results.find((r) => r.data.toolId === 'gpt-5-4')!;
    const existing = results.data.results[0]!;
    const bigcode = source.results
      .flatMap((r) => r.data.results)
      .find((r) => r.series === 'bigcodebench-complete-full' && /\[[^\]]+\]$/.test(r.variant))!;
    const rows = [
      row({
        row: 1,
        modelSlug: results.data.model,
        benchmark: existing.benchmark,
        variant: existing.variant,
        score: Math.min(100, existing.value + 1),
        date: existing.date,
        source: existing.source,
      }),
      row({
        row: 2,
        modelSlug: results.data.model,
        benchmark: bigcode.benchmark,
        variant: `${variantTemplate(bigcode.variant)} [gpt-5.4-run]`,
        score: 61,
      }),
      row({ row: 3, modelSlug: results.data.model, benchmark: 'Brand New Bench', variant: 'v1', score: 40 }),
      row({ row: 4, modelSlug: 'not-a-known-model', modelName: 'Unknown 1', score: 10 }),
    ];
    const merge = mergeBenchmarks(source, rows);
    expect(merge.issues).toEqual([]);
    expect(merge.updates).toEqual([
      expect.objectContaining({
        model: results.data.model,
        field: 'value',
        from: existing.value,
        to: Math.min(100, existing.value + 1),
      }),
    ]);
    expect(merge.added).toEqual([expect.objectContaining({ series: 'bigcodebench-complete-full', value: 61 })]);
    expect(merge.unplaced.map((r) => r.row)).toEqual([3]);
    expect(merge.newModels).toEqual([{ modelSlug: 'not-a-known-model', modelName: 'Unknown 1', rows: 1 }]);
    const added = merge.source.results.find((r) => r.data.model === results.data.model)!.data.results.at(-1)!;
    expect(added).toMatchObject({
      series: 'bigcodebench-complete-full',
      reportedBy: bigcode.reportedBy,
      license: bigcode.license,
    });
    expect(source.results.find((r) => r.data.model === results.data.model)!.data.results.length).toBe(
      results.data.results.length,
    );
  });

  it('rejects contradictory duplicate rows', async () => {
    const source = await freshSource();
    const merge = mergeBenchmarks(source, [row({ row: 1, score: 10 }), row({ row: 2, score: 11 })]);
    expect(merge.issues.map(formatIssue)).toEqual([
      'benchmarks upstream row 2 (x): score: contradicts row 1 for the same model, benchmark and variant (score 10) (got 11)',
    ]);
  });
});

/** A published tool at $1 / $2 with a 128K window, its facts from one first-party source of 2026-01-01. */
function fakeTool(id: string, over: Partial<Tool> = {}): Tool {
  const source = factSourceRef({ asOf: '2026-01-01', verified: '2026-01-01' });
  return publishedTool(id, {
    pricing: { input: 1, output: 2, cacheRead: 1, cacheCreate: 1 },
    contextWindow: '128K tokens',
    url: 'https://p.test',
    contextTokens: 128_000,
    blendedPrice: 1.25,
    sources: {
      pricing: source,
      contextWindow: source,
      releaseDate: source,
      capabilities: null,
      batch: null,
      cacheCreate1h: null,
    },
    ...over,
  });
}

describe('release diff', () => {
  it('lists additions, removals, deprecations, retirements, price, context, release date, score and source changes', () => {
    const before = {
      tools: [fakeTool('a'), fakeTool('b'), fakeTool('c'), fakeTool('e', { status: 'deprecated' })],
      benchmarks: [
        {
          modelId: 'a',
          modelName: 'A',
          overallScore: 50,
          sweBench: 40,
          liveCodeBench: 30,
          humanEval: 90,
          bigCodeBench: 45,
        },
      ] as never[],
    };
    const changedSource = {
      kind: 'aggregator' as const,
      asOf: '2026-11-29',
      verified: '2026-11-29',
    };
    const after = {
      tools: [
        fakeTool('a', {
          pricing: { input: 1.5, output: 2, cacheRead: 1.5, cacheCreate: 1.5 },
          contextTokens: 256_000,
          releaseDate: '2026-02',
          sources: { ...fakeTool('a').sources, pricing: changedSource },
        }),
        fakeTool('b', { status: 'deprecated' }),
        fakeTool('d'),
        fakeTool('e', { status: 'retired' }),
      ],
      benchmarks: [
        {
          modelId: 'a',
          modelName: 'A',
          overallScore: 52.5,
          sweBench: 45,
          liveCodeBench: 30,
          humanEval: 90,
          bigCodeBench: 45,
        },
      ] as never[],
    };
    const changes = diffDatasets(before, after);
    const text = changes.map(describeChange);
    expect(text).toEqual([
      'A (a): pricing.cacheCreate 1 -> 1.5 (+50%)',
      'A (a): pricing.cacheRead 1 -> 1.5 (+50%)',
      'A (a): pricing.input 1 -> 1.5 (+50%)',
      'A (a): contextTokens 128000 -> 256000 (+100%)',
      'A (a): releaseDate 2026-01 -> 2026-02',
      'A (a): benchmarks.overallScore 50 -> 52.5',
      'A (a): benchmarks.sweBench 40 -> 45',
      'A (a): sources.pricing first-party, as of 2026-01-01 -> aggregator, as of 2026-11-29',
      'B (b): deprecated (was active)',
      'C (c): removed',
      'D (d): added',
      'E (e): retired (was deprecated)',
    ]);
    expect(changes.find((c) => c.field === 'pricing.input')).toEqual({
      kind: 'price-changed',
      toolId: 'a',
      toolName: 'A',
      field: 'pricing.input',
      from: 1,
      to: 1.5,
      percent: 50,
    });
    expect(summarize(changes)).toBe(
      '1 model added, 1 model removed, 1 model deprecated, 1 model retired, 3 price changes, 1 context change, 1 release date change, 2 score changes, 1 source change',
    );
  });
});

function release(id: string, publishedAt: string, changes: Change[]): Release {
  return {
    id,
    date: id.slice(0, 10),
    publishedAt,
    lastUpdated: publishedAt,
    datasetVersion: id,
    benchmarkVersion: id,
    initial: changes.length === 0,
    url: `/api/v/${id}/`,
    documents: [],
    upstreams: [],
    summary: summarize(changes, changes.length === 0),
    changes,
  };
}

describe('Atom feed', () => {
  const change: Change = {
    kind: 'price-changed',
    toolId: 'a',
    toolName: 'A <Pro> & "Co"',
    field: 'pricing.input',
    from: 1,
    to: 1.5,
    percent: 50,
  };
  const releases = [
    release('2026-11-29', '2026-11-29T06:00:00Z', [change]),
    release('2026-11-22', '2026-11-22T00:00:00Z', []),
  ];

  it('is well-formed XML with the required Atom elements, escaped text and an entry per release', () => {
    const xml = atomFeed(releases, {
      baseUrl: 'https://models.example.test',
      lastUpdated: '2026-11-29T06:00:00Z',
      removedIds: [],
    });
    expect(XMLValidator.validate(xml)).toBe(true);
    const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' }).parse(xml);
    const feed = parsed.feed;
    expect(feed['@xmlns']).toBe('http://www.w3.org/2005/Atom');
    expect(feed.id).toMatch(/^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(feed.title).toBeTruthy();
    expect(feed.updated).toBe('2026-11-29T06:00:00Z');
    expect(feed.author.name).toBeTruthy();
    const links = [feed.link].flat();
    expect(links.find((l: Record<string, string>) => l['@rel'] === 'self')['@href']).toBe(
      'https://models.example.test/api/changes.xml',
    );
    expect(feed.entry).toHaveLength(2);
    const [newest] = feed.entry;
    expect(newest.id).toBe(stableUrn('ai-coding-models-directory:release:2026-11-29'));
    expect(newest.updated).toBe('2026-11-29T06:00:00Z');
    expect([newest.link].flat().find((l: Record<string, string>) => l['@rel'] === 'alternate')['@href']).toBe(
      'https://models.example.test/api/v/2026-11-29/release.json',
    );
    expect(newest.content['#text']).toContain('A <Pro> & "Co" (a): pricing.input 1 -> 1.5 (+50%)');
    expect(newest.title).toContain('1 price change');
  });

  it('uses root-relative links without a base URL and keeps ids stable', () => {
    const xml = atomFeed(releases, { baseUrl: null, lastUpdated: '2026-11-29T06:00:00Z', removedIds: [] });
    expect(xml).toContain('href="/api/changes.xml"');
    expect(xml).toContain(stableUrn('ai-coding-models-directory:changes'));
    expect(atomFeed([], { baseUrl: null, lastUpdated: '2026-11-22T00:00:00Z', removedIds: [] })).toContain(
      '<updated>2026-11-22T00:00:00Z</updated>',
    );
  });

  it('has an entry per removed id, placed by its date among the releases, with a stable id and the reason', () => {
    const removedIds = [{ id: 'old-model', removedOn: '2026-11-25', reason: 'Left for a <better> one.' }];
    const xml = atomFeed(releases, { baseUrl: null, lastUpdated: '2026-11-29T06:00:00Z', removedIds });
    expect(XMLValidator.validate(xml)).toBe(true);
    const entries = [new XMLParser().parse(xml).feed.entry].flat();
    expect(entries.map((e: { id: string }) => e.id)).toEqual([
      stableUrn('ai-coding-models-directory:release:2026-11-29'),
      stableUrn('ai-coding-models-directory:removed:old-model'),
      stableUrn('ai-coding-models-directory:release:2026-11-22'),
    ]);
    expect(entries[1].title).toBe('Removed from the directory: old-model');
    expect(entries[1].content).toBe('Left for a <better> one.');
    expect(entries[1].published).toBe('2026-11-25T00:00:00Z');
  });

  it('escapes markup and drops characters XML forbids', () => {
    expect(escapeXml('a<b>&"\'\u0001c')).toBe('a&lt;b&gt;&amp;&quot;&apos;c');
  });
});

describe('price history', () => {
  const priced = (id: string, input: number) => ({
    ...fakeTool(id),
    pricing: { input, output: 2, cacheRead: input, cacheCreate: input },
  });

  it('records each price with the day it took effect and the last day it applied', () => {
    const tools = priceHistory([
      { release: '2026-11-22', date: '2026-11-22', tools: [priced('a', 1), priced('b', 5)] },
      { release: '2026-11-29', date: '2026-11-29', tools: [priced('a', 1.5), priced('b', 5)] },
      { release: '2026-12-06', date: '2026-12-06', tools: [priced('a', 1.5)] },
      { release: '2026-12-13', date: '2026-12-13', tools: [priced('a', 1.2)] },
      { release: '2026-12-13.2', date: '2026-12-13', tools: [priced('a', 1.3)] },
    ]);
    const a = tools.find((t) => t.toolId === 'a')!.history;
    expect(a.map((p) => [p.effectiveFrom, p.effectiveUntil, p.release, p.pricing.input])).toEqual([
      ['2026-11-22', '2026-11-28', '2026-11-22', 1],
      ['2026-11-29', '2026-12-12', '2026-11-29', 1.5],
      ['2026-12-13', null, '2026-12-13.2', 1.3],
    ]);
    const b = tools.find((t) => t.toolId === 'b')!.history;
    expect(b.map((p) => [p.effectiveFrom, p.effectiveUntil])).toEqual([['2026-11-22', '2026-12-05']]);
    const document: PriceHistoryDocument = { tools, lastUpdated: '2026-12-13T06:00:00Z' };
    expect(priceOn(document, 'a', '2026-11-30')?.pricing.input).toBe(1.5);
    expect(priceOn(document, 'a', '2027-01-01')?.pricing.input).toBe(1.3);
    expect(priceOn(document, 'b', '2026-12-07')).toBeUndefined();
    expect(priceOn(document, 'a', '2026-01-01')).toBeUndefined();
  });
});

describe('release ids', () => {
  it('names a release by the UTC date and time it was published, the next free second when that is taken', () => {
    expect(releaseIdAt('2026-12-01T18:30:05Z', [])).toBe('2026-12-01.183005');
    expect(releaseIdAt('2026-12-01T00:00:09Z', ['2026-11-29'])).toBe('2026-12-01.000009');
    expect(releaseIdAt('2026-12-01T18:30:05Z', ['2026-12-01.183005', '2026-12-01.183006'])).toBe('2026-12-01.183007');
  });

  it('sorts by date, then by the number after it: the day counters of older releases and times of day alike', () => {
    expect(
      ['2026-11-29.10', '2026-12-01.183005', '2026-11-29', '2026-12-01.064500', '2026-11-22', '2026-11-29.2'].sort(
        compareReleaseIds,
      ),
    ).toEqual(['2026-11-22', '2026-11-29', '2026-11-29.2', '2026-11-29.10', '2026-12-01.064500', '2026-12-01.183005']);
  });
});

describe('the release store in the repository', () => {
  it('holds the initial release 2026-11-22, every document matching its SHA-256 manifest', async () => {
    const releases = await loadReleases(PATHS.releases, fileCache());
    expect(releases.records[0]).toMatchObject({ id: '2026-11-22', initial: true, url: '/api/v/2026-11-22/' });
    for (const { record, documents } of releases.published) {
      expect(documents.size).toBe(6);
      for (const entry of record.documents)
        expect(documents.get(entry.path.split('/').at(-1) as DocumentName)?.sha256).toBe(entry.sha256);
    }
    const ids = releases.records.map((r) => r.id);
    expect(ids).toEqual([...ids].sort(compareReleaseIds));
  });

  it('every release still reads as the typed view the diff and price history use', async () => {
    const cache = fileCache();
    for (const { record, documents } of (await loadReleases(PATHS.releases, cache)).published) {
      const bodies = new Map(
        await Promise.all([...documents].map(async ([name, file]) => [name, await cache.body(file.sha256)] as const)),
      );
      const view = releasedDataset({ record, bodies });
      expect(view.tools.length, record.id).toBeGreaterThan(0);
      expect(view.benchmarks.length, record.id).toBeGreaterThan(0);
    }
  });

  it('a tool that left the data since the newest release must be recorded in data/removed-ids.json', async () => {
    const releases = await loadReleases(PATHS.releases, fileCache());
    const latest = releases.newest;
    const tools = releasedDataset(latest!).tools;
    const history = { releases, baseUrl: null, schedule: null, removedIds: [] };
    expect(() => checkRemovalsRecorded(history, { tools })).not.toThrow();
    const [dropped, ...kept] = tools;
    expect(errorOf(() => checkRemovalsRecorded(history, { tools: kept })).issues).toEqual([
      expect.objectContaining({ file: 'data/removed-ids.json', field: 'removed', value: dropped!.id }),
    ]);
    const recorded = { ...history, removedIds: [{ id: dropped!.id, removedOn: '2026-11-29', reason: 'test' }] };
    expect(() => checkRemovalsRecorded(recorded, { tools: kept })).not.toThrow();
  });
});
