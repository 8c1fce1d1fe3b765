/**
 * Lean documents, every fact one request away: tools.json carries the specification's fields, prices, ids,
 * statuses and per fact its source's kind and dates, within a size budget; the names, URLs and notes of the
 * sources, the conflicts and the lifecycle in words are in /api/models/<id>.json, one document per model with
 * everything known about it. Asserted on the artifact the global setup built.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { describe, expect, inject, it } from 'vitest';
import { buildDocuments } from '../../src/compile/documents.ts';
import { leanTool } from '../../src/compile/derive/directory.ts';
import type { CrossValidationResult } from '../../src/compile/scoring/index.ts';
import { PATHS } from '../../src/fs/paths.ts';
import { fileCache } from '../../src/history/publish.ts';
import { type DatasetView, diffDatasets } from '../../src/history/diff.ts';
import { loadReleases, releasedDataset, type StoredRelease } from '../../src/history/releases.ts';
import type {
  BenchmarksDocument,
  Change,
  CostVectorsDocument,
  Documents,
  ModelDocument,
  ToolRecord,
  ToolsDocument,
} from '../../src/schema/api.ts';
import { freshSource } from '../support/source.ts';

/**
 * Issue 35 added one capability flag to every tool, `"imageInput":null,` at most (its source stays in the per-model
 * document): 20 bytes a model on top of the budget issue 32 set. At 147 models the directory used 1,763 of 1,769
 * bytes a model before it.
 */
const IMAGE_INPUT_BYTES = 20;

/**
 * The budget of tools.json, uncompressed: what every client downloads to read a price. Issue 32 set 200 KB when the
 * directory held 113 models; the directory grows with the field (its counts are a floor), so the budget is that
 * per model: a record that grows fails, a new model does not.
 */
const TOOLS_BUDGET_BYTES_PER_MODEL = Math.floor(200_000 / 113) + IMAGE_INPUT_BYTES;

const dist = () => inject('distPath');
const read = <T>(urlPath: string): T => JSON.parse(readFileSync(path.join(dist(), urlPath), 'utf8')) as T;
const tools = () => read<ToolsDocument>('api/tools.json').tools;
const model = (id: string) => read<ModelDocument>(`api/models/${id}.json`);

/** The fields of a Tool in the original specification (section 2.1), with their JSON types. */
const SPEC_TOOL_FIELDS: Record<string, string> = {
  id: 'string',
  name: 'string',
  provider: 'string',
  category: 'array',
  pricing: 'object',
  description: 'string',
  features: 'array',
  bestFor: 'string',
  contextWindow: 'string',
  releaseDate: 'string',
  url: 'string',
};

const typeOf = (v: unknown) => (Array.isArray(v) ? 'array' : v === null ? 'null' : typeof v);

describe('tools.json is lean', () => {
  it(`stays under ${TOOLS_BUDGET_BYTES_PER_MODEL} bytes per model uncompressed (200 KB at 113 models)`, () => {
    const bytes = statSync(path.join(dist(), 'api', 'tools.json')).size;
    const budget = TOOLS_BUDGET_BYTES_PER_MODEL * tools().length;
    const brotli = brotliCompressSync(readFileSync(path.join(dist(), 'api', 'tools.json')), {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
    }).length;
    expect(bytes, `tools.json is ${bytes} bytes (${brotli} with brotli) for ${tools().length} models`).toBeLessThan(
      budget,
    );
  });

  it("keeps every field of the specification's Tool with its type, and the pricing object's four prices", () => {
    for (const tool of tools()) {
      for (const [field, type] of Object.entries(SPEC_TOOL_FIELDS))
        expect(typeOf((tool as Record<string, unknown>)[field]), `${tool.id}.${field}`).toBe(type);
      for (const price of ['input', 'output', 'cacheRead', 'cacheCreate'] as const)
        expect(typeof tool.pricing[price], `${tool.id}.pricing.${price}`).toBe('number');
      expect(tool.contextWindow).toMatch(/^\d+K tokens$/);
      expect(tool.releaseDate).toMatch(/^\d{4}-\d{2}$/);
    }
  });

  it("gives per fact its source's kind and dates, and no source names, URLs, notes, conflicts or summaries", () => {
    for (const tool of tools()) {
      for (const [fact, source] of Object.entries(tool.sources)) {
        if (source === null) continue;
        expect(Object.keys(source).sort(), `${tool.id}.sources.${fact}`).toEqual(['asOf', 'kind', 'verified']);
      }
      expect(tool, tool.id).not.toHaveProperty('conflicts');
      for (const modifier of tool.pricingDetails.modifiers) expect(modifier, tool.id).not.toHaveProperty('note');
      for (const event of tool.lifecycle?.events ?? []) {
        expect(event, tool.id).not.toHaveProperty('summary');
        expect(Object.keys(event.source).sort()).toEqual(['asOf', 'kind', 'verified']);
      }
    }
  });
});

describe('/api/models/<id>.json: everything known about one model', () => {
  it('exists for every tool, and tools.json is exactly its record made lean', () => {
    const listed = readdirSync(path.join(dist(), 'api', 'models')).filter((f) => f.endsWith('.json'));
    expect(listed.sort()).toEqual(
      tools()
        .map((t) => `${t.id}.json`)
        .sort(),
    );
    for (const tool of tools()) {
      const document = model(tool.id);
      expect(document.id).toBe(tool.id);
      expect(leanTool(document.tool), tool.id).toEqual(tool);
    }
  });

  it('names every source with its URL and note, and carries the conflicts and the lifecycle in words', () => {
    let notes = 0;
    let conflicts = 0;
    for (const tool of tools()) {
      const { tool: record } = model(tool.id);
      for (const fact of ['pricing', 'contextWindow', 'releaseDate'] as const) {
        expect(record.sources[fact].name.length, `${tool.id}.${fact}`).toBeGreaterThan(0);
        expect(record.sources[fact].url, `${tool.id}.${fact}`).toMatch(/^https:\/\//);
        if (record.sources[fact].note) notes++;
      }
      conflicts += record.conflicts.length;
      for (const event of record.lifecycle?.events ?? []) expect(event.summary.length).toBeGreaterThan(0);
      for (const modifier of record.pricingDetails.modifiers) expect(modifier.note.length).toBeGreaterThan(0);
    }
    expect(notes).toBeGreaterThan(0);
    expect(conflicts).toBeGreaterThan(0);
  });

  it('gathers its scores, categories, use-case picks, platforms and cost examples from the other documents', () => {
    const { benchmarks } = read<BenchmarksDocument>('api/benchmarks.json');
    const { useCases } = read<Documents['use-cases.json']>('api/use-cases.json');
    const { platforms } = read<Documents['platforms.json']>('api/platforms.json');
    const { vectors } = read<CostVectorsDocument>('api/cost-vectors.json');
    for (const tool of tools()) {
      const document = model(tool.id);
      const scored = benchmarks.models.find((m) => m.modelId === tool.id) ?? null;
      expect(document.benchmark, tool.id).toEqual(scored);
      expect(document.unscored === null, tool.id).toBe(scored !== null);
      expect(document.categories.map((c) => c.slug)).toEqual(tool.category);
      const picking = useCases.filter((u) => u.topPicks.includes(tool.id));
      expect(document.useCases.map((u) => [u.slug, u.rank])).toEqual(
        picking.map((u) => [u.slug, u.topPicks.indexOf(tool.id) + 1]),
      );
      expect(document.platforms.map((p) => p.id)).toEqual(
        platforms.filter((p) => p.toolIds.includes(tool.id)).map((p) => p.id),
      );
      expect(document.costVectors).toEqual(vectors.filter((v) => v.toolId === tool.id));
    }
  });

  it('is listed in the index and in llms.txt; releases keep only the six endpoint documents', () => {
    const { endpoints } = read<{ endpoints: { path: string }[] }>('api/index.json');
    expect(endpoints.map((e) => e.path)).toContain('/api/models/{id}.json');
    expect(readFileSync(path.join(dist(), 'llms.txt'), 'utf8')).toContain('/api/models/{id}.json');
    for (const release of readdirSync(path.join(dist(), 'api', 'v')))
      expect(
        readdirSync(path.join(dist(), 'api', 'v', release)).filter((f) => f.endsWith('.json')),
        release,
      ).toEqual([
        'benchmarks.json',
        'categories.json',
        'platforms.json',
        'providers.json',
        'release.json',
        'tools.json',
        'use-cases.json',
      ]);
  });
});

describe('the change feed across the switch to lean documents', async () => {
  const cache = fileCache();
  const releases = await loadReleases(PATHS.releases, cache);
  const newest = releases.newest!;
  /** The last release cut before tools.json went lean: its sources have names, URLs and notes. */
  const lastFull = releases.published.find((r) => r.record.id === '2026-11-28')!;
  const fullBodies = new Map(
    await Promise.all(
      [...lastFull.documents].map(async ([name, file]) => [name, await cache.body(file.sha256)] as const),
    ),
  );
  const built = buildDocuments(await freshSource(), {
    crossValidation: JSON.parse(inject('crossValidation')) as CrossValidationResult,
  });
  const current: DatasetView = {
    tools: built.documents['tools.json'].tools,
    benchmarks: built.documents['benchmarks.json'].benchmarks.models,
  };
  /** The newest release with its tools.json edited, as a stored release the diff reads. */
  const edited = (edit: (tools: Record<string, unknown>[]) => void): StoredRelease => {
    const document = JSON.parse(newest.bodies.get('tools.json')!.toString('utf8'));
    edit(document.tools);
    return { ...newest, bodies: new Map([...newest.bodies, ['tools.json', Buffer.from(JSON.stringify(document))]]) };
  };
  const sourceChanges = (changes: Change[]) => changes.filter((c) => c.kind === 'source-changed');

  it('a release with full sources and the same data made lean differ in nothing a diff reports', () => {
    const full = releasedDataset({ record: lastFull.record, bodies: fullBodies });
    const tools = JSON.parse(fullBodies.get('tools.json')!.toString('utf8')).tools as ToolRecord[];
    expect(tools.some((t) => 'conflicts' in t)).toBe(true);
    expect(diffDatasets(full, { tools: tools.map(leanTool), benchmarks: full.benchmarks })).toEqual([]);
  });

  it('compares a source on its kind and date only: a new name, URL or note in the old release is no change', () => {
    const renamed = edited((tools) => {
      for (const tool of tools) {
        const pricing = (tool.sources as Record<string, Record<string, string>>).pricing!;
        pricing.name = `${pricing.name} (renamed)`;
        pricing.url = 'https://example.org/elsewhere';
        pricing.note = 'another note';
        for (const modifier of (tool.pricingDetails as { modifiers: Record<string, string>[] }).modifiers)
          modifier.note = 'another note';
      }
    });
    expect(diffDatasets(releasedDataset(renamed), current)).toEqual([]);
  });

  it('reports a source read at another version or of another kind as source-changed, from and to in words', () => {
    const tool = current.tools[0]!;
    const older = edited((tools) => {
      const sources = tools.find((t) => t.id === tool.id)!.sources as Record<string, Record<string, string>>;
      sources.pricing!.asOf = '2020-01-01';
      sources.releaseDate!.kind = sources.releaseDate!.kind === 'aggregator' ? 'first-party' : 'aggregator';
    });
    const changes = sourceChanges(diffDatasets(releasedDataset(older), current));
    expect(changes.map((c) => [c.toolId, c.field, c.from, c.to])).toEqual([
      [
        tool.id,
        'sources.pricing',
        `${tool.sources.pricing.kind}, as of 2020-01-01`,
        `${tool.sources.pricing.kind}, as of ${tool.sources.pricing.asOf}`,
      ],
      [
        tool.id,
        'sources.releaseDate',
        `${tool.sources.releaseDate.kind === 'aggregator' ? 'first-party' : 'aggregator'}, as of ${tool.sources.releaseDate.asOf}`,
        `${tool.sources.releaseDate.kind}, as of ${tool.sources.releaseDate.asOf}`,
      ],
    ]);
  });
});
