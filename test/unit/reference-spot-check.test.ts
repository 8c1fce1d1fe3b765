/**
 * Spot-checks published values against the reference facts in ../shared/reference and
 * ../shared/reference-2026h2 (read at test
 * time, never copied): prices, context windows and release months per tool, and every benchmark
 * result as published.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { ToolFile } from '../../src/schema/source.ts';
import { sharedMissing, sharedPath } from '../support/shared-reference.ts';
import { freshSource } from '../support/source.ts';

const REFERENCE = sharedPath('reference');
const REFERENCE_2026H2 = sharedPath('reference-2026h2');

function parseCsv(text: string): Record<string, string>[] {
  return parse(text, { columns: true, skip_empty_lines: true });
}

const numbersIn = (text: string): number[] => (text.match(/\d+(?:\.\d+)?/g) ?? []).map(Number);

/**
 * A published value equals the reference, or differs only where the tool records the reference's value in
 * its conflicts (field, chosen, alternative). An empty reference cell means the reference does not know.
 */
function expectReference(tool: ToolFile, field: string, published: string | number, reference: string): void {
  if (reference === '') return;
  if (typeof published === 'number' ? published === Number(reference) : published === reference) return;
  // A conflict is recorded per field, or for the whole group (`pricing`) when a source states the prices together.
  const recorded = tool.conflicts.some(
    (c) =>
      (c.field === field && c.chosen === String(published) && c.alternative === reference) ||
      (c.field === field.split('.')[0] &&
        numbersIn(c.chosen).includes(Number(published)) &&
        numbersIn(c.alternative).includes(Number(reference))),
  );
  expect(
    recorded,
    `${tool.id}: ${field} is ${published}, the reference says ${reference}, and no conflicts entry records it`,
  ).toBe(true);
}

const SKIP = sharedMissing('reference', 'models.csv');

describe.skipIf(SKIP)('published facts match the reference data (needs ../shared)', async () => {
  // Vitest still runs a skipped suite's factory to list its tests; there is nothing to read.
  if (SKIP) return;
  const models = new Map(parseCsv(await readFile(path.join(REFERENCE, 'models.csv'), 'utf8')).map((r) => [r.id!, r]));
  const source = await freshSource();

  // The reference is where the data started, not a closed list: models added since cite their own sources.
  const listed = source.tools.filter((t) => models.has(t.data.id));
  const added = source.tools.filter((t) => !models.has(t.data.id));

  it('every model the reference does not list was checked at its source after the reference was compiled', () => {
    for (const { data } of added)
      expect(data.sources.pricing.verified >= '2026-11-22', `${data.id}: sources.pricing.verified`).toBe(true);
  });

  it.each(listed.map((t) => [t.data.id, t.data] as const))('%s: price, context and release month', (id, tool) => {
    const row = models.get(id);
    expectReference(tool, 'contextTokens', tool.contextTokens, row!.contextTokens!);
    expectReference(tool, 'releaseDate', tool.releaseDate, row!.releaseMonth!);
    const restated =
      tool.pricingDetails.modifiers.some((m) => m.kind === 'promotion') ||
      /off-peak rate/.test(tool.sources.pricing.note ?? '');
    if (restated) {
      // The source shows a promotional or off-peak rate; it must survive as a modifier, not as the base price.
      const shown =
        tool.pricingDetails.modifiers.find((m) => m.input === Number(row!.input)) ??
        (tool.pricing.input === Number(row!.input) ? tool.pricing : undefined);
      expect(shown, `${id}: the source rate ${row!.input} is published nowhere`).toBeDefined();
    } else {
      expectReference(tool, 'pricing.input', tool.pricing.input, row!.input!);
      expectReference(tool, 'pricing.output', tool.pricing.output, row!.output!);
      if (tool.pricingDetails.caching !== 'unavailable')
        expectReference(tool, 'pricing.cacheRead', tool.pricing.cacheRead, row!.cacheRead!);
    }
  });

  it('every result of the reference tables is recorded with the same value and variant', async () => {
    const rows = [
      ...parseCsv(await readFile(path.join(REFERENCE, 'benchmarks.csv'), 'utf8')),
      ...parseCsv(await readFile(path.join(REFERENCE, 'benchmarks-modern.csv'), 'utf8')),
      ...parseCsv(await readFile(path.join(REFERENCE_2026H2, 'benchmarks.csv'), 'utf8')),
    ];
    // Results found since (leaderboards, launch tables) are added beside these, each citing its own source.
    // A source is compared on the page it names first (the publication of the figure): how the copy it was read
    // in is cited may have been rewritten since, e.g. a catalogue file the reference names by index version
    // now cited by its commit-pinned address.
    const page = (text: string) => /https:\/\/\S+/.exec(text)?.[0] ?? text;
    const recorded = new Set(
      source.results.flatMap((file) =>
        file.data.results.map((r) => `${r.benchmark}\u0000${r.variant}\u0000${r.value}\u0000${page(r.source)}`),
      ),
    );
    const missing = rows
      .map((r) => `${r.benchmark}\u0000${r.variant}\u0000${Number(r.score)}\u0000${page(r.source ?? '')}`)
      .filter((key) => !recorded.has(key))
      .map((key) => key.split('\u0000').slice(0, 3).join(' | '));
    expect(missing).toEqual([]);
  });
});
