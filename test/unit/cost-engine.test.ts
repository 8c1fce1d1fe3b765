/** The cost rules of the README ("Cost rules"), one by one, on small made-up models. */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { billingOn, costOf, CostError, ratesAt, type PlatformLike, type PricedModel } from '../../src/cost/index.ts';
import { ROOT } from '../../src/fs/paths.ts';
import type { Platform, Tool } from '../../src/schema/api.ts';
import type { ToolFile } from '../../src/schema/source.ts';

type Details = PricedModel['pricingDetails'];

function model(details: Partial<Details> = {}, pricing: Partial<PricedModel['pricing']> = {}): PricedModel {
  return {
    id: 'm',
    pricing: { input: 2, output: 10, cacheRead: 0.2, cacheCreate: 2, ...pricing },
    pricingDetails: { caching: 'no-write-premium', free: false, tiers: [], modifiers: [], ...details },
  };
}

const longContext = model({
  tiers: [{ aboveTokens: 200_000, input: 4, output: 15, cacheRead: 0.4, semantics: 'whole-request' }],
});

describe('long-context tiers', () => {
  it('a prompt of exactly 200,000 tokens stays at the list rate; 200,001 bills the whole request at the tier rate', () => {
    const at = costOf(longContext, { input: 200_000, output: 1_000 });
    expect(at.tier).toBeNull();
    expect(at.usd).toBe(0.41); // 200,000 x 2 + 1,000 x 10 micro-dollars
    const above = costOf(longContext, { input: 200_001, output: 1_000 });
    expect(above.tier).toEqual({ index: 0, aboveTokens: 200_000, semantics: 'whole-request' });
    expect(above.usd).toBe(0.815004); // 200,001 x 4 + 1,000 x 15: output too is at the tier rate
  });

  it('counts cache reads and writes toward the threshold, never output', () => {
    expect(
      costOf(longContext, { input: 150_000, cacheRead: 40_000, cacheWrite: 10_001, output: 0 }).tier?.aboveTokens,
    ).toBe(200_000);
    expect(costOf(longContext, { input: 150_000, cacheWrite1h: 50_001, output: 0 }).tier?.aboveTokens).toBe(200_000);
    expect(costOf(longContext, { input: 200_000, output: 900_000 }).tier).toBeNull();
  });

  it('applies the highest threshold exceeded when there are several', () => {
    const stepped = model({
      tiers: [
        { aboveTokens: 32_000, input: 3, output: 12, cacheRead: 0.3, semantics: 'whole-request' },
        { aboveTokens: 128_000, input: 5, output: 20, cacheRead: 0.5, semantics: 'whole-request' },
      ],
    });
    expect(costOf(stepped, { input: 32_000, output: 0 }).tier).toBeNull();
    expect(costOf(stepped, { input: 128_000, output: 0 }).tier?.aboveTokens).toBe(32_000);
    expect(costOf(stepped, { input: 128_001, output: 0 }).tier?.aboveTokens).toBe(128_000);
  });

  it('refuses tiers that are not in strictly ascending order (a tier below another)', () => {
    const broken = model({
      tiers: [
        { aboveTokens: 200_000, input: 4, output: 15, semantics: 'whole-request' },
        { aboveTokens: 128_000, input: 3, output: 12, semantics: 'whole-request' },
      ],
    });
    expect(() => costOf(broken, { input: 1, output: 1 })).toThrow(
      /tiers\[1\]\.aboveTokens.*must be above the previous tier's 200000/,
    );
    const twice = model({
      tiers: [
        { aboveTokens: 200_000, input: 4, output: 15, semantics: 'whole-request' },
        { aboveTokens: 200_000, input: 5, output: 16, semantics: 'whole-request' },
      ],
    });
    expect(() => ratesAt(twice, null)).toThrow(CostError);
  });

  it('refuses a tier semantics it does not know instead of guessing', () => {
    const unknown = model({
      tiers: [{ aboveTokens: 1_000, input: 4, output: 15, semantics: 'marginal' as 'whole-request' }],
    });
    expect(() => costOf(unknown, { input: 1, output: 1 })).toThrow(/semantics/);
  });
});

describe('cache token classes', () => {
  it('bills cache writes at the cache-write premium on a write-premium model', () => {
    const premium = model({ caching: 'write-premium' }, { input: 3, cacheRead: 0.3, cacheCreate: 3.75 });
    const result = costOf(premium, { input: 1_000, output: 0, cacheRead: 10_000, cacheWrite: 2_000 });
    expect(result.lines?.cacheWrite).toEqual({ tokens: 2_000, usdPerMillion: 3.75, microUsd: 7_500, usd: 0.0075 });
    expect(result.microUsd).toBe(3_000 + 3_000 + 7_500);
  });

  it('bills one-hour cache writes at their own price, and gives no total where that price is not published', () => {
    const premium = model({ caching: 'write-premium' }, { input: 3, cacheRead: 0.3, cacheCreate: 3.75 });
    const unpriced = costOf(premium, { input: 0, output: 0, cacheWrite1h: 1_000 });
    expect(unpriced).toMatchObject({ kind: 'unpriced', usd: null, missing: ['cacheWrite1h'] });
    const priced = costOf(
      { ...premium, pricingDetails: { ...premium.pricingDetails, cacheCreate1h: 6 } },
      { input: 0, output: 0, cacheWrite1h: 1_000 },
    );
    expect(priced).toMatchObject({ kind: 'usd', usd: 0.006 });
    // Zero tokens of an unpriced class cost nothing and do not make the answer unpriced.
    expect(costOf(premium, { input: 1, output: 1, cacheWrite1h: 0 }).kind).toBe('usd');
  });

  it('bills every cache write at the input price where the provider charges no write premium, in a tier too', () => {
    expect(costOf(longContext, { input: 0, output: 0, cacheWrite: 1_000, cacheWrite1h: 1_000 }).usd).toBe(0.004);
    const tiered = costOf(longContext, { input: 200_000, output: 0, cacheWrite: 1 });
    expect(tiered.lines?.cacheWrite.usdPerMillion).toBe(4);
  });

  it('bills cache writes below the input price on a write-discount model, and never guesses the left-out write price', () => {
    // MiniMax-M2.7-highspeed's published rates: $0.60 input, $0.06 cache read, $0.375 cache write.
    const discount = model(
      {
        caching: 'write-discount',
        tiers: [{ aboveTokens: 100_000, input: 1.2, output: 4.8, cacheRead: 0.12, semantics: 'whole-request' }],
      },
      { input: 0.6, output: 2.4, cacheRead: 0.06, cacheCreate: 0.375 },
    );
    const result = costOf(discount, { input: 1_000, output: 0, cacheWrite: 2_000 });
    expect(result.lines?.cacheWrite).toEqual({ tokens: 2_000, usdPerMillion: 0.375, microUsd: 750, usd: 0.00075 });
    expect(result.microUsd).toBe(600 + 750);
    // A one-hour write has no published price here, and the input price is not it.
    expect(costOf(discount, { input: 0, output: 0, cacheWrite1h: 1_000 })).toMatchObject({
      kind: 'unpriced',
      missing: ['cacheWrite1h'],
    });
    // Above the tier threshold the tier states no write price: unpriced, not billed at the tier's input.
    expect(costOf(discount, { input: 100_000, output: 0, cacheWrite: 1 })).toMatchObject({
      kind: 'unpriced',
      missing: ['cacheWrite'],
    });
  });

  it('bills cache reads at the input price where no caching price is listed', () => {
    const none = model(
      { caching: 'unavailable', tiers: [{ aboveTokens: 100, input: 5, output: 20, semantics: 'whole-request' }] },
      { cacheRead: 2 },
    );
    expect(costOf(none, { input: 101, output: 0, cacheRead: 10 }).lines?.cacheRead.usdPerMillion).toBe(5);
  });

  it('does not infer a tier cache-read price the data leaves out', () => {
    const partial = model({ tiers: [{ aboveTokens: 100, input: 5, output: 20, semantics: 'whole-request' }] });
    expect(costOf(partial, { input: 101, output: 0, cacheRead: 1 })).toMatchObject({
      kind: 'unpriced',
      missing: ['cacheRead'],
    });
  });
});

describe('promotions', () => {
  const promo = model({
    modifiers: [
      {
        kind: 'promotion',
        input: 1,
        output: 5,
        cacheRead: 0.1,
        from: '2026-12-01',
        until: '2026-12-31',
        note: 'intro',
      },
    ],
  });
  const usage = { input: 1_000_000, output: 0 };

  it('runs from 00:00:00.000 UTC of its first day through 23:59:59.999 UTC of its last day', () => {
    expect(costOf(promo, usage, { at: '2026-11-30T23:59:59.999Z' }).usd).toBe(2);
    expect(costOf(promo, usage, { at: '2026-12-01T00:00:00Z' }).usd).toBe(1);
    expect(costOf(promo, usage, { at: '2026-12-31T23:59:59.999Z' }).usd).toBe(1);
    expect(costOf(promo, usage, { at: '2027-01-01T00:00:00.000Z' }).usd).toBe(2);
    expect(costOf(promo, usage, { at: '2026-12-31' }).modifier).toEqual({
      index: 0,
      kind: 'promotion',
      from: '2026-12-01',
      until: '2026-12-31',
    });
  });

  it('reads an instant with an offset as the UTC instant it denotes, and refuses one without a zone', () => {
    expect(costOf(promo, usage, { at: '2027-01-01T00:30:00+01:00' }).usd).toBe(1);
    expect(costOf(promo, usage, { at: new Date('2027-01-01T00:00:00Z') }).usd).toBe(2);
    expect(() => costOf(promo, usage, { at: '2026-12-15T12:00:00' })).toThrow(/zone/);
    expect(() => costOf(promo, usage, { at: '2026-02-30' })).toThrow(/not a calendar date/);
  });

  it('is not considered without an instant, and says so', () => {
    const result = costOf(promo, usage);
    expect(result.usd).toBe(2);
    expect(result.warnings.join(' ')).toMatch(/No instant/);
  });

  it('gives way to a long-context tier, since it states no long-context rate', () => {
    const both = model({ ...longContext.pricingDetails, modifiers: promo.pricingDetails.modifiers });
    const result = costOf(both, { input: 200_001, output: 0 }, { at: '2026-12-15T00:00:00Z' });
    expect(result.tier?.aboveTokens).toBe(200_000);
    expect(result.modifier).toBeNull();
    expect(result.warnings.join(' ')).toMatch(/no long-context rate/);
  });

  it('is not applied when it leaves out the price of a class the request uses', () => {
    const partial = model(
      {
        caching: 'write-premium',
        modifiers: [{ kind: 'promotion', input: 1, output: 5, until: '2026-12-31', note: 'n' }],
      },
      { cacheCreate: 2.5 },
    );
    const result = costOf(partial, { input: 10, output: 0, cacheRead: 10 }, { at: '2026-12-01' });
    expect(result.modifier).toBeNull();
    expect(result.warnings.join(' ')).toMatch(/states no rate for cacheRead/);
    expect(costOf(partial, { input: 10, output: 0 }, { at: '2026-12-01' }).modifier?.kind).toBe('promotion');
  });

  it('can be left out by the caller', () => {
    expect(costOf(promo, usage, { at: '2026-12-15', exclude: ['promotion'] }).usd).toBe(2);
  });
});

describe('off-peak hours and batch', () => {
  const offPeak = model({
    modifiers: [
      {
        kind: 'off-peak',
        input: 1,
        output: 5,
        cacheRead: 0.1,
        windowsUtc: [{ start: '16:30', end: '00:30' }],
        schedule: '16:30-00:30 UTC',
        note: 'n',
      },
    ],
  });
  const usage = { input: 1_000_000, output: 0 };

  it('applies inside a window that spans midnight UTC: start inclusive, end exclusive', () => {
    const cost = (at: string) => costOf(offPeak, usage, { at }).usd;
    expect(cost('2026-11-22T16:29:59.999Z')).toBe(2);
    expect(cost('2026-11-22T16:30:00.000Z')).toBe(1);
    expect(cost('2026-11-22T23:59:59.999Z')).toBe(1);
    expect(cost('2026-11-23T00:29:59.999Z')).toBe(1);
    expect(cost('2026-11-23T00:30:00.000Z')).toBe(2);
    expect(cost('2026-11-23T08:30:00+08:00')).toBe(2); // 00:30 UTC
  });

  it('never applies when its hours are stated only as text', () => {
    const textOnly = model({ modifiers: [{ kind: 'off-peak', input: 1, output: 5, schedule: 'nights', note: 'n' }] });
    const result = costOf(textOnly, usage, { at: '2026-11-22T20:00:00Z' });
    expect(result.modifier).toBeNull();
    expect(result.warnings.join(' ')).toMatch(/only as text/);
  });

  it('is not a batch rate: asking for batch inside the window is unpriced (unknown batch rate), never the list price', () => {
    const result = costOf(offPeak, { ...usage, batch: true }, { at: '2026-11-22T20:00:00Z' });
    expect(result.kind).toBe('unpriced');
    expect(result.usd).toBeNull();
    expect(result.unknownBatchRate).toBe(true);
    expect(result.warnings.join(' ')).toMatch(/unknown batch rate/);
  });

  it('applies a batch rate only when batch is asked for', () => {
    const batch = model({ modifiers: [{ kind: 'batch', input: 1, output: 5, cacheRead: 0.1, note: 'n' }] });
    expect(costOf(batch, usage).usd).toBe(2);
    expect(costOf(batch, { ...usage, batch: true }).usd).toBe(1);
  });

  it('can be left out by the caller, so a cost does not depend on the hour', () => {
    expect(costOf(offPeak, usage, { at: '2026-11-22T20:00:00Z', exclude: ['off-peak'] }).usd).toBe(2);
  });

  it('considers only the first of several modifiers in force', () => {
    const two = model({
      modifiers: [
        ...offPeak.pricingDetails.modifiers,
        { kind: 'promotion', input: 0.5, output: 1, cacheRead: 0.05, until: '2026-12-31', note: 'n' },
      ],
    });
    const result = costOf(two, usage, { at: '2026-11-22T20:00:00Z' });
    expect(result.modifier?.kind).toBe('off-peak');
    expect(result.warnings.join(' ')).toMatch(/Several modifiers/);
  });

  it('refuses machine-readable windows that cannot mean anything', () => {
    const equal = model({
      modifiers: [{ kind: 'off-peak', input: 1, output: 5, windowsUtc: [{ start: '10:00', end: '10:00' }], note: 'n' }],
    });
    expect(() => ratesAt(equal, null)).toThrow(/different start and end/);
    const onPromotion = model({
      modifiers: [
        { kind: 'promotion', input: 1, output: 5, windowsUtc: [{ start: '10:00', end: '11:00' }], note: 'n' },
      ],
    });
    expect(() => ratesAt(onPromotion, null)).toThrow(/only meaningful on an off-peak rate/);
    const reversed = model({
      modifiers: [{ kind: 'promotion', input: 1, output: 5, from: '2026-12-02', until: '2026-12-01', note: 'n' }],
    });
    expect(() => ratesAt(reversed, null)).toThrow(/after until/);
  });
});

describe('free models', () => {
  it('cost 0 whatever the request, tiers and cache included', () => {
    const free = model(
      { free: true, tiers: longContext.pricingDetails.tiers },
      { input: 0, output: 0, cacheRead: 0, cacheCreate: 0 },
    );
    const result = costOf(
      free,
      { input: 300_000, output: 50_000, cacheRead: 10, cacheWrite: 10, cacheWrite1h: 10 },
      { at: '2026-11-22' },
    );
    expect(result).toMatchObject({ kind: 'usd', usd: 0, microUsd: 0, free: true, tier: null, modifier: null });
  });
});

describe('platform billing', () => {
  const usage = { input: 1_000_000, output: 100_000 }; // $2 + $1 at the provider's price

  it('bills an own-key (byok) request at the provider price', () => {
    expect(costOf(model(), usage, { platform: { billing: 'byok' } })).toMatchObject({
      kind: 'usd',
      usd: 3,
      basis: 'byok',
    });
  });

  it('bills per-token at the provider price in force, times a stated price factor, exactly', () => {
    const plain = costOf(model(), usage, { platform: { billing: 'per-token', multiplier: null } });
    expect(plain).toMatchObject({ kind: 'usd', usd: 3, basis: 'platform-per-token' });
    const factor = costOf(
      model({}, { input: 0.09644 }),
      { input: 1_000_001, output: 0 },
      { platform: { billing: 'per-token', priceFactor: 1.1 } },
    );
    expect(factor.lines?.input.usdPerMillion).toBe(0.106084);
    expect(factor.microUsd).toBe(106_084); // 1,000,001 x 0.106084 = 106,084.106084
    const tiered = costOf(longContext, { input: 200_001, output: 0 }, { platform: { billing: 'per-token' } });
    expect(tiered.tier?.aboveTokens).toBe(200_000);
  });

  it('reports a per-token multiplier but never turns it into a price', () => {
    const result = costOf(model(), usage, { platform: { billing: 'per-token', multiplier: 6 } });
    expect(result.usd).toBe(3);
    expect(result.platform).toEqual({ billing: 'per-token', multiplier: 6, priceFactor: null });
    expect(result.warnings.join(' ')).toMatch(/not a per-token price factor/);
  });

  it.each(['included', 'premium-multiplier', 'credit-multiplier'] as const)(
    'answers %s as not a per-token USD cost, with the multiplier',
    (billing) => {
      const result = costOf(model(), usage, { platform: { billing, multiplier: billing === 'included' ? null : 2.2 } });
      expect(result).toMatchObject({ kind: billing, usd: null, microUsd: null, lines: null, basis: null });
      expect(result.platform?.multiplier).toBe(billing === 'included' ? null : 2.2);
    },
  );

  it('says when a multiplier platform publishes no multiplier', () => {
    expect(costOf(model(), usage, { platform: { billing: 'credit-multiplier' } }).warnings).toContain(
      'The platform publishes no multiplier for this model.',
    );
  });

  it('refuses a billing entry for another tool, and an unknown billing kind', () => {
    expect(() => costOf(model(), usage, { platform: { toolId: 'other', billing: 'byok' } })).toThrow(/not "m"/);
    expect(() => costOf(model(), usage, { platform: { billing: 'subscription' as 'byok' } })).toThrow(/billing kind/);
  });

  it('finds how a platform bills a tool: its catalogue first, then a bring-your-own-key provider', () => {
    const platform: PlatformLike = {
      id: 'p',
      toolBilling: [{ toolId: 'a', billing: 'included', multiplier: null }],
      byok: { providers: ['acme'] },
    };
    expect(billingOn(platform, { id: 'a', providerId: 'acme' })?.billing).toBe('included');
    expect(billingOn(platform, { id: 'b', providerId: 'acme' })).toEqual({
      toolId: 'b',
      billing: 'byok',
      multiplier: null,
    });
    expect(billingOn(platform, { id: 'c', providerId: 'other' })).toBeNull();
  });
});

describe('amounts', () => {
  it('rounds each class half up to the micro-dollar, exactly, and totals the rounded lines', () => {
    const half = model({}, { input: 0.5, output: 0.15 });
    const result = costOf(half, { input: 1, output: 10 });
    expect(result.lines?.input.microUsd).toBe(1); // 0.5 rounds up
    expect(result.lines?.output.microUsd).toBe(2); // 1.5 exactly, not 1.4999999999999998
    expect(result.microUsd).toBe(3);
    expect(costOf(model({}, { input: 0.1 }), { input: 3, output: 0 }).microUsd).toBe(0); // 0.3
  });

  it('publishes USD with at most 6 decimals and lines that add up to the total', () => {
    const result = costOf(model({}, { input: 0.144656, output: 0.28932 }), {
      input: 123_457,
      output: 98_765,
      cacheRead: 5_555,
    });
    const lines = Object.values(result.lines!);
    expect(lines.reduce((sum, line) => sum + line.microUsd!, 0)).toBe(result.microUsd);
    expect(String(result.usd)).toMatch(/^\d+(\.\d{1,6})?$/);
  });

  it('refuses token counts that are not whole and non-negative', () => {
    expect(() => costOf(model(), { input: -1, output: 0 })).toThrow(/usage.input/);
    expect(() => costOf(model(), { input: 1.5, output: 0 })).toThrow(/whole number/);
    expect(() => costOf(model(), { input: 1, output: Number.NaN })).toThrow(/usage.output/);
  });
});

describe('ratesAt', () => {
  it('gives the rates in force at an instant, for a request size', () => {
    const rates = ratesAt(longContext, '2026-11-22T00:00:00Z', { input: 250_000, output: 0 });
    expect(rates.usdPerMillion).toEqual({ input: 4, output: 15, cacheRead: 0.4, cacheWrite: 4, cacheWrite1h: 4 });
    expect(rates.at).toBe('2026-11-22T00:00:00.000Z');
    expect(ratesAt(longContext, null).tier).toBeNull();
  });
});

describe('the engine as a library', () => {
  it('accepts a published Tool, a curated tool file and a published Platform as they are', () => {
    expectTypeOf<Tool>().toMatchTypeOf<PricedModel>();
    expectTypeOf<ToolFile>().toMatchTypeOf<PricedModel>();
    expectTypeOf<Platform>().toMatchTypeOf<PlatformLike>();
  });

  it("imports nothing from outside src/cost but the schema's calendar, which imports nothing: no packages, no node: built-ins", async () => {
    const dir = path.join(ROOT, 'src/cost');
    const files = (await readdir(dir)).filter((f) => f.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(3);
    for (const file of [...files.map((name) => path.join(dir, name)), path.join(ROOT, 'src/schema/calendar.ts')]) {
      const text = await readFile(file, 'utf8');
      const own = file.endsWith('calendar.ts') ? /^$/ : /^(\.\/[a-z-]+|\.\.\/schema\/calendar)\.ts$/;
      for (const [, specifier] of text.matchAll(/\bfrom\s+'([^']+)'/g))
        expect(specifier, `${file} imports ${specifier}`).toMatch(own);
      expect(text, file).not.toMatch(/\b(require|process|Buffer|globalThis)\b|import\(/);
    }
  });

  it("defines no date pattern of its own: days and months are the schema's (src/schema/calendar.ts)", async () => {
    const dir = path.join(ROOT, 'src/cost');
    for (const file of (await readdir(dir)).filter((f) => f.endsWith('.ts'))) {
      const text = await readFile(path.join(dir, file), 'utf8');
      expect(text, file).not.toMatch(/\\d\{4\}|\\d\{8\}|\\d\{2\}\)?-\(?\\d\{2\}/);
    }
  });

  it('type-checks with only the ECMAScript library: no Node or DOM types needed', () => {
    const program = ts.createProgram([path.join(ROOT, 'src/cost/index.ts')], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      lib: ['lib.es2022.d.ts'],
      types: [],
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      allowImportingTsExtensions: true,
      noUncheckedIndexedAccess: true,
      skipLibCheck: true,
    });
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(diagnostics).toEqual([]);
  });
});
