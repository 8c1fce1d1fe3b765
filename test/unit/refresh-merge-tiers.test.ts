/**
 * A tier replacement by the weekly refresh (src/refresh/merge-pricing.ts): models.dev carries no one-hour
 * cache-write price, so a curated tier's cacheCreate1h stays on the upstream tier of the same threshold, and one
 * whose threshold upstream no longer has is dropped with a note naming it, never silently.
 */
import { describe, expect, it } from 'vitest';
import type { SourceData } from '../../src/compile/load.ts';
import { formatIssue } from '../../src/compile/errors.ts';
import { mergePricing } from '../../src/refresh/merge-pricing.ts';
import { type ModelsDevIndex, readModelsDev } from '../../src/refresh/upstream/models-dev.ts';
import { entryOf, type ModelsDevDoc, modelsDevFromSource } from '../fixtures/upstream/models-dev.ts';
import { freshSource } from '../support/source.ts';

const CONTEXT = {
  refreshDate: '2026-11-29',
  sourceUrl: 'https://models.dev/api.json',
  sourceName: 'models.dev',
  sha256: null,
};

function indexOf(source: SourceData, doc: ModelsDevDoc): ModelsDevIndex {
  const wanted = new Set(source.tools.map((t) => t.data.upstream.modelsDev).filter((k): k is string => k !== null));
  const result = readModelsDev(JSON.parse(JSON.stringify(doc)), wanted);
  if (!result.ok) throw new Error(result.issues.map(formatIssue).join('\n'));
  return result.index;
}

/** A source whose first tiered, unpinned tool has a one-hour cache-write price on its first tier. */
async function tieredSource() {
  const source = await freshSource();
  const located = source.tools.find(
    (t) =>
      t.data.pricingDetails.tiers.length > 0 && t.data.upstream.modelsDev !== null && !t.data.upstream.pinned?.length,
  );
  if (!located) throw new Error('no tiered, unpinned tool in the data');
  const tier = located.data.pricingDetails.tiers[0]!;
  tier.cacheCreate1h = 12.5;
  return { source, id: located.data.id, above: tier.aboveTokens };
}

const tiersOf = (source: SourceData, id: string) =>
  source.tools.find((t) => t.data.id === id)!.data.pricingDetails.tiers;

describe('a tier replacement', () => {
  it("keeps a curated tier's cacheCreate1h on the upstream tier of the same threshold", async () => {
    const { source, id, above } = await tieredSource();
    const doc = modelsDevFromSource(source);
    entryOf(doc, source, id).cost.tiers[0].input += 1;
    const merge = mergePricing(source, indexOf(source, doc), CONTEXT);
    expect(merge.updates.map((u) => `${u.toolId} ${u.field}`)).toContain(`${id} pricingDetails.tiers`);
    const [first] = tiersOf(merge.source, id);
    expect(first).toMatchObject({ aboveTokens: above, cacheCreate1h: 12.5 });
    expect(first!.input).toBe(tiersOf(source, id)[0]!.input + 1);
  });

  it('reports the cacheCreate1h it drops when the upstream no longer has that threshold', async () => {
    const { source, id, above } = await tieredSource();
    const doc = modelsDevFromSource(source);
    entryOf(doc, source, id).cost.tiers[0].tier.size = above + 1000;
    const merge = mergePricing(source, indexOf(source, doc), CONTEXT);
    expect(tiersOf(merge.source, id).some((t) => t.cacheCreate1h !== undefined)).toBe(false);
    expect(merge.notes).toContain(
      `${id}: dropped the curated cacheCreate1h 12.5 of the tier above ${above} tokens, which the upstream no longer has`,
    );
  });
});
