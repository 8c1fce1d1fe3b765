/**
 * Reading upstream documents: JSON guards, the models.dev format and the benchmark results
 * format. Every refusal names the place and the value.
 */
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseJsonGuarded } from '../../src/compile/json-guard.ts';
import { pricingFromCost } from '../../src/refresh/merge-pricing.ts';
import { formatIssue } from '../../src/compile/errors.ts';
import { readBenchmarks } from '../../src/refresh/upstream/benchmarks.ts';
import { readModelsDev } from '../../src/refresh/upstream/models-dev.ts';

const FIXTURES = path.join(import.meta.dirname, '..', 'fixtures', 'upstream');
const fixture = (name: string) => readFile(path.join(FIXTURES, name));
const messages = (issues: Parameters<typeof formatIssue>[0][]) => issues.map(formatIssue).join('\n');

describe('JSON guard', () => {
  it('parses valid JSON and strips a BOM', () => {
    const result = parseJsonGuarded(Buffer.from('\uFEFF{"a":[1,{"b":2}]}'), 'doc');
    expect(result).toEqual({ ok: true, value: { a: [1, { b: 2 }] } });
  });

  it('rejects __proto__, constructor and prototype keys anywhere, naming the path', () => {
    const text =
      '{"acme":{"models":{"x":{"cost":{"__proto__":{"polluted":true}}}}},"list":[{"constructor":{"prototype":1}}]}';
    const result = parseJsonGuarded(Buffer.from(text), 'pricing upstream');
    expect(result.ok).toBe(false);
    const text2 = messages(result.ok ? [] : result.issues);
    expect(text2).toContain('pricing upstream: acme.models.x.cost.__proto__: forbidden key "__proto__"');
    expect(text2).toContain('list[0].constructor: forbidden key "constructor"');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('rejects truncated JSON with the parser position and the byte count', () => {
    const result = parseJsonGuarded(Buffer.from('{"acme":{"models":{"x":{"cost":{"input":1'), 'pricing upstream');
    expect(result.ok).toBe(false);
    expect(messages(result.ok ? [] : result.issues)).toMatch(
      /pricing upstream: is not valid JSON \(.+; 41 bytes received\)/,
    );
  });

  it('rejects bytes that are not UTF-8', () => {
    const result = parseJsonGuarded(Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]), 'doc');
    expect(result.ok).toBe(false);
    expect(messages(result.ok ? [] : result.issues)).toContain('is not valid UTF-8');
  });

  it('rejects absurd nesting', () => {
    const result = parseJsonGuarded(Buffer.from(`${'['.repeat(80)}${']'.repeat(80)}`), 'doc');
    expect(result.ok).toBe(false);
  });
});

describe('models.dev api.json format', () => {
  const wanted = new Set([
    'acme/coder-1',
    'acme/coder-2',
    'acme/coder-old',
    'acme/coder-free',
    'hostco/acme/coder-1',
    'acme/missing',
  ]);

  it('normalises the models tools map to, and lists every model', async () => {
    const result = readModelsDev(JSON.parse((await fixture('models-dev-mini.json')).toString()), wanted);
    if (!result.ok) throw new Error(messages(result.issues));
    const coder1 = result.index.models.get('acme/coder-1')!;
    expect(coder1).toMatchObject({
      name: 'Acme Coder 1',
      contextTokens: 1_000_000,
      maxOutputTokens: 64_000,
      releaseMonth: '2026-09',
      openWeights: false,
      reasoning: true,
      toolCalling: true,
      imageInput: false,
      deprecated: false,
      cost: {
        input: 3,
        output: 15,
        cacheRead: 0.3,
        cacheWrite: 3.75,
        tiers: [{ aboveTokens: 200_000, input: 6, output: 22.5, cacheRead: 0.6, cacheWrite: 7.5 }],
      },
    });
    expect(result.index.models.get('acme/coder-old')!.deprecated).toBe(true);
    expect(result.index.models.get('acme/coder-free')!.maxOutputTokens).toBeNull();
    // No input modalities listed: image input is unknown, not "no".
    expect(result.index.models.get('acme/coder-2')!.imageInput).toBeNull();
    expect(result.index.models.get('hostco/acme/coder-1')!.cost!.input).toBe(3.3);
    expect(result.index.models.has('acme/missing')).toBe(false);
    // A model no tool maps to is listed but never validated: its odd values do not fail the refresh.
    expect(result.index.listings.map((l) => l.key)).toContain('acme/audio-1');
    expect(result.index.models.has('acme/audio-1')).toBe(false);
  });

  it('rejects wrong types and negative values of a mapped model, naming each', async () => {
    const doc = JSON.parse((await fixture('models-dev-mini.json')).toString());
    doc.acme.models['coder-1'].cost.input = '3.00';
    doc.acme.models['coder-1'].cost.cache_read = -0.3;
    doc.acme.models['coder-2'].limit.context = '256K';
    doc.acme.models['coder-2'].release_date = '2026-13-01';
    const result = readModelsDev(doc, wanted);
    expect(result.ok).toBe(false);
    const text = messages(result.ok ? [] : result.issues);
    expect(text).toContain(
      'pricing upstream acme/coder-1: cost.input: must be a number (USD per 1M tokens) (got "3.00")',
    );
    expect(text).toContain('pricing upstream acme/coder-1: cost.cache_read: must not be negative (got -0.3)');
    expect(text).toContain('pricing upstream acme/coder-2: limit.context: must be a number of tokens (got "256K")');
    expect(text).toContain(
      'pricing upstream acme/coder-2: release_date: must be YYYY-MM or YYYY-MM-DD (got "2026-13-01")',
    );
  });

  it('reads an empty release date as unstated, as the catalogue writes one (google/gemini-3.7-flash)', async () => {
    const doc = JSON.parse((await fixture('models-dev-mini.json')).toString());
    doc.acme.models['coder-1'].release_date = '';
    const result = readModelsDev(doc, wanted);
    if (!result.ok) throw new Error(messages(result.issues));
    expect(result.index.models.get('acme/coder-1')!.releaseMonth).toBeNull();
    expect(result.index.listings.find((l) => l.key === 'acme/coder-1')!.releaseDate).toBeNull();
  });

  it('rejects a document that is not providers with model objects', () => {
    expect(readModelsDev([], wanted).ok).toBe(false);
    const result = readModelsDev({ acme: { models: [{ id: 'x' }] } }, wanted);
    expect(result.ok).toBe(false);
    expect(messages(result.ok ? [] : result.issues)).toContain('acme.models');
    expect(readModelsDev({ acme: { models: { x: 'a string' } } }, wanted).ok).toBe(false);
  });

  it("maps cost fields to the build's caching modes", () => {
    const base = { tiers: [], ignoredTiers: 0 };
    expect(pricingFromCost({ input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75, ...base })).toMatchObject({
      caching: 'write-premium',
      pricing: { input: 3, output: 15, cacheRead: 0.3, cacheCreate: 3.75 },
      free: false,
    });
    for (const cacheWrite of [null, 0, 0.5])
      expect(pricingFromCost({ input: 0.5, output: 2, cacheRead: 0.05, cacheWrite, ...base })).toMatchObject({
        caching: 'no-write-premium',
        pricing: { input: 0.5, output: 2, cacheRead: 0.05, cacheCreate: 0.5 },
      });
    // A cache write priced below input is a write discount (MiniMax's high-speed models), kept as published.
    expect(pricingFromCost({ input: 0.6, output: 2.4, cacheRead: 0.06, cacheWrite: 0.375, ...base })).toMatchObject({
      caching: 'write-discount',
      pricing: { input: 0.6, output: 2.4, cacheRead: 0.06, cacheCreate: 0.375 },
    });
    expect(pricingFromCost({ input: 1, output: 4, cacheRead: null, cacheWrite: null, ...base })).toMatchObject({
      caching: 'unavailable',
      pricing: { input: 1, output: 4, cacheRead: 1, cacheCreate: 1 },
    });
    expect(pricingFromCost({ input: 0, output: 0, cacheRead: null, cacheWrite: null, ...base }).free).toBe(true);
    const tiered = pricingFromCost({
      input: 0.5,
      output: 3,
      cacheRead: 0.05,
      cacheWrite: 0.625,
      ignoredTiers: 0,
      tiers: [{ aboveTokens: 256_000, input: 2, output: 6, cacheRead: 0.2, cacheWrite: 2.5 }],
    });
    expect(tiered.tiers).toEqual([
      { aboveTokens: 256_000, input: 2, output: 6, semantics: 'whole-request', cacheRead: 0.2, cacheCreate: 2.5 },
    ]);
  });
});

describe('benchmark results format', () => {
  it('reads the CSV with quoted fields and the JSON form to the same rows', async () => {
    const csv = readBenchmarks(await fixture('benchmarks-mini.csv'), 'text/csv', 'auto');
    const json = readBenchmarks(await fixture('benchmarks-mini.json'), 'application/json', 'auto');
    if (!csv.ok || !json.ok) throw new Error('fixture rejected');
    expect(csv.rows).toEqual(json.rows);
    expect(csv.rows[0]).toMatchObject({
      modelSlug: 'gpt-5-4',
      benchmark: 'SWE-bench Verified',
      variant: 'vendor-reported (OpenAI), "xhigh" effort',
      score: 77.2,
      unit: '%',
    });
  });

  it('detects the format from the content when the media type says nothing', async () => {
    const result = readBenchmarks(await fixture('benchmarks-mini.json'), 'text/plain', 'auto');
    expect(result.ok).toBe(true);
  });

  // ../shared is beside every checkout and CI run; a bare copy of the repository skips this, saying why.
  const REFERENCE_CSV = path.join(import.meta.dirname, '..', '..', '..', 'shared', 'reference', 'benchmarks.csv');
  it.skipIf(!process.env.CI && !existsSync(REFERENCE_CSV))(
    'reads the reference benchmarks.csv (skipped when ../shared is not beside the checkout)',
    async () => {
      const result = readBenchmarks(await readFile(REFERENCE_CSV), 'text/csv', 'auto');
      if (!result.ok) throw new Error(messages(result.issues));
      expect(result.rows.length).toBeGreaterThan(700);
    },
  );

  it('rejects a wrong header, naming the missing and unknown columns', () => {
    const result = readBenchmarks(Buffer.from('model,slug,score\na,b,1\n'), 'text/csv', 'csv');
    expect(result.ok).toBe(false);
    expect(messages(result.ok ? [] : result.issues)).toMatch(
      /header: must have exactly the columns .*\(missing model_name.*\(unknown model, slug\)/,
    );
  });

  it('rejects a line break inside a quoted cell, which could forge a line of the report', () => {
    const header = 'model_name,model_slug,provider,benchmark,variant,score,unit,date,source';
    const row = '"GPT\r\nforged: ok",gpt-5-4,OpenAI,SWE-bench Verified,v,70,%,2026-11-01,https://example.org/';
    const result = readBenchmarks(Buffer.from(`${header}\n${row}\n`), 'text/csv', 'csv');
    expect(result.ok).toBe(false);
    expect(messages(result.ok ? [] : result.issues)).toMatch(/holds a control or text-direction character/);
  });

  it('rejects non-numeric and out-of-range scores, bad units and dates, with the row', () => {
    const header = 'model_name,model_slug,provider,benchmark,variant,score,unit,date,source';
    const body = [
      header,
      'A,model-a,P,B,v,abc,%,2026-01,s',
      'A,model-a,P,B,w,150,%,2026-01,s',
      'A,model-a,P,B,x,50,points,2026-01,s',
      'A,Model A,P,B,y,50,%,Jan 2026,s',
    ].join('\n');
    const result = readBenchmarks(Buffer.from(body), 'text/csv', 'auto');
    expect(result.ok).toBe(false);
    const text = messages(result.ok ? [] : result.issues);
    expect(text).toContain('benchmarks upstream row 1 (model-a): score: must be a number (got "abc")');
    expect(text).toContain('row 2 (model-a): score: must be between 0 and 100 (a percentage) (got "150")');
    expect(text).toContain('row 3 (model-a): unit: must be "%"');
    expect(text).toContain('row 4 (Model A): model_slug: must be a lowercase slug');
    expect(text).toContain('date: must be YYYY-MM or YYYY-MM-DD (got "Jan 2026")');
  });

  it('rejects unsafe keys and wrong types in the JSON form', () => {
    const result = readBenchmarks(Buffer.from('[{"__proto__":{"x":1},"model_slug":"a"}]'), 'application/json', 'auto');
    expect(result.ok).toBe(false);
    expect(messages(result.ok ? [] : result.issues)).toContain('forbidden key "__proto__"');
    const typed = readBenchmarks(
      Buffer.from(
        JSON.stringify([
          {
            model_name: 'A',
            model_slug: 'a',
            provider: 'P',
            benchmark: 'B',
            variant: 'v',
            score: '50',
            unit: '%',
            date: '2026-01',
            source: 1,
          },
        ]),
      ),
      'application/json',
      'auto',
    );
    expect(typed.ok).toBe(false);
    expect(messages(typed.ok ? [] : typed.issues)).toContain('source: must be a non-empty string (got 1)');
    expect(messages(typed.ok ? [] : typed.issues)).toContain('score: must be a number (got "50")');
  });
});
