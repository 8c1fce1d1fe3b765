/**
 * The worked examples made from the real data, recomputed by a second implementation written
 * only from the README's rules (test/support/naive-cost.ts). Agreement to the micro-dollar on
 * every vector, and coverage of every pricing feature the data has.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { SourceData } from '../../src/compile/load.ts';
import { buildCostVectors, type CostVector, type PlatformLike, type VectorModel } from '../../src/cost/index.ts';
import { naiveCost } from '../support/naive-cost.ts';
import { freshSource } from '../support/source.ts';

let source: SourceData;
let models: VectorModel[];
let platforms: PlatformLike[];
let vectors: CostVector[];

beforeAll(async () => {
  source = await freshSource();
  models = source.tools.map(({ data }) => ({ ...data, providerId: data.provider }));
  platforms = source.platforms.map(({ data }) => ({ id: data.id, toolBilling: data.models, byok: data.byok }));
  vectors = buildCostVectors(models, platforms, source.meta.data.lastUpdated);
});

const promptOf = (v: CostVector) => v.usage.input + v.usage.cacheRead + v.usage.cacheWrite + v.usage.cacheWrite1h;

describe('cost vectors from the real data', () => {
  it('number at least 200, with unique ids, and come out the same every time', () => {
    expect(vectors.length).toBeGreaterThanOrEqual(200);
    expect(new Set(vectors.map((v) => v.id)).size).toBe(vectors.length);
    expect(buildCostVectors(models, platforms, source.meta.data.lastUpdated)).toEqual(vectors);
  });

  it('agree to the micro-dollar with an implementation written only from the README rules', () => {
    const byId = new Map(models.map((m) => [m.id, m]));
    const disagreements: string[] = [];
    for (const vector of vectors) {
      const naive = naiveCost(
        byId.get(vector.toolId)!,
        vector.usage,
        vector.at,
        vector.platform ?? undefined,
        [],
        vector.requests,
      );
      const expected = {
        kind: vector.expectedKind,
        usd: vector.expectedUsd,
        tier: vector.expectedTier,
        modifier: vector.expectedModifier,
      };
      const perToken = ['usd', 'unpriced', 'exceeds-limits'].includes(naive.kind);
      const usdOnly = perToken ? naive : { ...naive, tier: null, modifier: null };
      if (JSON.stringify(usdOnly) !== JSON.stringify(expected))
        disagreements.push(`${vector.id}: engine ${JSON.stringify(expected)}, naive ${JSON.stringify(usdOnly)}`);
    }
    expect(disagreements).toEqual([]);
  });

  it('give USD to the micro-dollar exactly when the answer is a USD cost', () => {
    for (const v of vectors) {
      if (v.expectedKind === 'usd')
        expect(Number.isInteger(Math.round(v.expectedUsd! * 1e6)) && String(v.expectedUsd)).toMatch(
          /^\d+(\.\d{1,6})?$/,
        );
      else expect(v.expectedUsd).toBeNull();
    }
  });

  it('cover every tool at a plain usage and with cache reads and writes', () => {
    for (const { data: tool } of source.tools) {
      expect(vectors.some((v) => v.toolId === tool.id && v.id === `${tool.id}/plain`)).toBe(true);
      expect(
        vectors.some(
          (v) => v.toolId === tool.id && v.usage.cacheRead > 0 && v.usage.cacheWrite > 0 && v.platform === null,
        ),
      ).toBe(true);
    }
  });

  it('cover every long-context threshold one below, exactly at, one above, and crossed by cached tokens', () => {
    let thresholds = 0;
    for (const { data: tool } of source.tools) {
      for (const tier of tool.pricingDetails.tiers) {
        thresholds += 1;
        const own = vectors.filter((v) => v.toolId === tool.id && v.platform === null);
        const at = (prompt: number) => own.find((v) => promptOf(v) === prompt && v.usage.cacheRead === 0);
        expect(at(tier.aboveTokens - 1)?.expectedTier, `${tool.id} ${tier.aboveTokens - 1}`).not.toBe(tier.aboveTokens);
        expect(at(tier.aboveTokens)?.expectedTier, `${tool.id} ${tier.aboveTokens}`).not.toBe(tier.aboveTokens);
        expect(at(tier.aboveTokens + 1)?.expectedTier, `${tool.id} ${tier.aboveTokens + 1}`).toBe(tier.aboveTokens);
        const crossedByCache = own.find(
          (v) => v.usage.cacheRead > 0 && promptOf(v) === tier.aboveTokens + 1 && v.usage.input <= tier.aboveTokens,
        );
        expect(crossedByCache?.expectedTier, `${tool.id} cached crossing`).toBe(tier.aboveTokens);
      }
    }
    expect(thresholds).toBeGreaterThan(0);
  });

  it('cover every promotion on its last instant and just after, and every off-peak window inside and outside', () => {
    let modifiers = 0;
    for (const { data: tool } of source.tools) {
      tool.pricingDetails.modifiers.forEach((modifier) => {
        modifiers += 1;
        const all = vectors.filter((v) => v.toolId === tool.id && v.platform === null);
        // A batch rate's edges are batch requests; the other rates' are not.
        const own = all.filter((v) => v.usage.batch === (modifier.kind === 'batch') || modifier.kind === 'off-peak');
        if (modifier.until) {
          const last = own.filter((v) => v.at === `${modifier.until}T23:59:59.999Z`);
          expect(last[0]?.expectedModifier).toBe(modifier.kind);
          const after = new Date(Date.parse(`${modifier.until}T00:00:00Z`) + 86_400_000).toISOString();
          // An introductory batch rate can hand over to the regular batch rate the next day.
          const successor = tool.pricingDetails.modifiers.find(
            (m) => m !== modifier && m.kind === modifier.kind && m.from === after.slice(0, 10),
          );
          const next = own.filter((v) => v.at === after);
          expect(next[0]?.expectedModifier, `${tool.id}: the day after ${modifier.until}`).toBe(
            successor?.kind ?? null,
          );
          if (successor) {
            const lastByUsage = new Map(last.map((l) => [JSON.stringify(l.usage), l]));
            const sameUsage = next.filter((n) => lastByUsage.has(JSON.stringify(n.usage)));
            expect(sameUsage.length).toBeGreaterThan(0);
            for (const n of sameUsage) {
              const before = lastByUsage.get(JSON.stringify(n.usage))!;
              expect(n.expectedUsd, `${tool.id}: the successor's rate applies`).not.toBe(before.expectedUsd);
            }
          }
        }
        if (modifier.from) {
          expect(own.find((v) => v.at === `${modifier.from}T00:00:00.000Z`)?.expectedModifier).toBe(modifier.kind);
        }
        if (modifier.kind === 'off-peak') {
          expect(modifier.windowsUtc, `${tool.id}: an off-peak rate without machine-readable hours`).toBeDefined();
          for (const window of modifier.windowsUtc ?? []) {
            const inside = own.filter((v) => v.at.slice(11, 16) === window.start && !v.usage.batch);
            const outside = own.filter((v) => v.at.slice(11, 16) === window.end);
            expect(inside.some((v) => v.expectedModifier === 'off-peak')).toBe(true);
            expect(outside.some((v) => v.expectedModifier === null)).toBe(true);
            expect(own.some((v) => v.usage.batch && v.expectedModifier === null)).toBe(true);
          }
        }
      });
    }
    expect(modifiers).toBeGreaterThan(0);
  });

  it('cover every free tool at 0 and every caching mode with cache writes', () => {
    const free = source.tools.filter((t) => t.data.pricingDetails.free);
    expect(free.length).toBeGreaterThan(0);
    for (const { data: tool } of free)
      expect(vectors.some((v) => v.toolId === tool.id && v.expectedKind === 'usd' && v.expectedUsd === 0)).toBe(true);
    const modes = new Set(source.tools.map((t) => t.data.pricingDetails.caching));
    const toolMode = new Map(source.tools.map((t) => [t.data.id, t.data.pricingDetails.caching]));
    for (const mode of modes)
      expect(
        vectors.some((v) => toolMode.get(v.toolId) === mode && v.usage.cacheWrite > 0),
        mode,
      ).toBe(true);
  });

  it('cover every platform and every billing kind in the data, a multiplier present and absent, and bring-your-own-key providers', () => {
    for (const { data: platform } of source.platforms) {
      const own = vectors.filter((v) => v.platform?.id === platform.id);
      for (const entry of platform.models) {
        expect(
          own.some(
            (v) =>
              v.platform!.billing === entry.billing &&
              (v.platform!.multiplier === null) === (entry.multiplier === undefined),
          ),
          `${platform.id} ${entry.billing}`,
        ).toBe(true);
      }
      const catalogue = new Set(platform.models.map((m) => m.toolId));
      const ownKeyOnly = source.tools.some(
        (t) => platform.byok.providers.includes(t.data.provider) && !catalogue.has(t.data.id),
      );
      expect(
        own.some((v) => v.id.endsWith('/byok-provider')),
        platform.id,
      ).toBe(ownKeyOnly);
    }
    const kinds = new Set(source.platforms.flatMap((p) => p.data.models.map((m) => m.billing)));
    for (const kind of kinds)
      expect(
        vectors.some((v) => v.platform?.billing === kind),
        kind,
      ).toBe(true);
  });
});
