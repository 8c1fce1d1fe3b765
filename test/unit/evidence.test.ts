/**
 * What a score rests on and the price in force (issue 34 items 2 and 4), each rule broken with data:
 * a rank whose only independent measurement is taken away turns provisional, with its reason, in
 * benchmarks.json, in the use case that picks it and in the frontier category; a rank resting on
 * estimates alone says so; a promotion that ends changes the price in force on its last day's
 * following midnight, in the cost engine and on the model page and home table.
 */
import { describe, expect, inject, it } from 'vitest';
import { priceInForce } from '../../src/cost/index.ts';
import { buildDocuments as buildWith, type BuildResult } from '../../src/compile/documents.ts';
import type { SourceData } from '../../src/compile/load.ts';
import { tableRows } from '../../src/web/pages/home-table.ts';
import { renderModel } from '../../src/web/pages/model.ts';
import { siteOf } from '../../src/web/view.ts';
import { freshSource, toolFile } from '../support/source.ts';

// The cross-validation only calibrates the intervals; the global setup's build computed it for the real data.
const crossValidation: BuildResult['crossValidation'] = JSON.parse(inject('crossValidation'));
const build = (data: SourceData) => buildWith(data, { crossValidation }).documents;

/** The data with every result of `model` in the series `drop` keeps removed. */
function withoutResults(data: SourceData, model: string, drop: (series: string, reportedBy: string) => boolean) {
  const file = data.results.find((r) => r.data.model === model);
  if (!file) throw new Error(`no results file for ${model}`);
  file.data.results = file.data.results.filter((r) => !drop(r.series, r.reportedBy));
  return data;
}

describe('evidence class', () => {
  it('a rank on an independent measurement is not provisional; without it, every surface says why', async () => {
    const before = build(await freshSource());
    const top = before['benchmarks.json'].benchmarks.models.find((m) => m.modelId === 'claude-opus-5-5')!;
    expect(top.evidence).toBe('independent-measured');
    expect(top.provisional).toBeNull();
    expect(top.scoreDetails.terminalBench.evidence).toBe('independent-measured');

    const after = build(withoutResults(await freshSource(), 'claude-opus-5-5', (_s, by) => by === 'independent'));
    const model = after['benchmarks.json'].benchmarks.models.find((m) => m.modelId === 'claude-opus-5-5')!;
    expect(model.evidence).toBe('developer-reported');
    expect(model.provisional).toMatch(
      /^Provisional: no independent measurement; SWE-bench Pro is a model developer's figure; .* estimated\./,
    );

    // The best-model use case ranks by overallScore: where this model is a pick, the pick says why it is there.
    const best = after['use-cases.json'].useCases.find((u) => u.id === 'best-ai-coding-model')!;
    const pick = best.topPickEvidence.find((e) => e.toolId === 'claude-opus-5-5');
    expect(pick, 'still a top pick on its developer-reported and estimated values').toBeDefined();
    expect(pick!.evidence).toBe('developer-reported');
    expect(pick!.provisional).toBe(model.provisional);

    const frontier = after['categories.json'].categories.find((c) => c.id === 'frontier')!;
    expect(frontier.toolIds).toContain('claude-opus-5-5');
    expect(frontier.provisional).toContainEqual({
      toolId: 'claude-opus-5-5',
      evidence: 'developer-reported',
      reason: model.provisional,
    });
  });

  it('a rank that rests on estimates alone is estimated and provisional', async () => {
    const data = withoutResults(await freshSource(), 'claude-opus-5-5', (series) =>
      ['terminal-bench-4', 'swe-bench-pro-vendor', 'swe-bench-verified-vendor'].includes(series),
    );
    const model = build(data)['benchmarks.json'].benchmarks.models.find((m) => m.modelId === 'claude-opus-5-5')!;
    expect(model.evidence).toBe('estimated');
    expect(Object.values(model.scoreDetails).every((d) => d.evidence === 'estimated')).toBe(true);
    expect(model.provisional).toContain('SWE-bench Verified, SWE-bench Pro and Terminal-Bench 4.0 are estimated');
  });

  it('a pick ranked by price carries no evidence class', async () => {
    const cheapest = build(await freshSource())['use-cases.json'].useCases.find((u) => u.sortBy === 'scenarioCostAsc')!;
    expect(cheapest.topPickEvidence.every((e) => e.evidence === null && e.provisional === null)).toBe(true);
  });
});

describe('price in force', () => {
  it('a promotion ends at midnight after its last day: the cost engine gives its end and the price after it', async () => {
    const tool = toolFile(await freshSource(), 'gemini-4-argon').data;
    const promotion = tool.pricingDetails.modifiers.find((m) => m.kind === 'promotion')!;
    expect(promotion.until).toBe('2026-11-30');
    const last = priceInForce(tool, '2026-11-30T23:59:59Z');
    expect(last).toMatchObject({ basis: 'promotion', until: '2026-11-30' });
    expect(last.rates).toMatchObject({ input: promotion.input, output: promotion.output });
    expect(last.after).toMatchObject({ input: tool.pricing.input, output: tool.pricing.output });
    const next = priceInForce(tool, '2026-12-01T00:00:00Z');
    expect(next).toMatchObject({ basis: 'list', until: null, after: null });
    expect(next.rates).toMatchObject({ input: tool.pricing.input, output: tool.pricing.output });
  });

  it('the model page and the home table show the promotional price until it ends, then the list price', async () => {
    const documents = build(await freshSource());
    const at = (lastUpdated: string) =>
      siteOf({ documents: { ...documents, 'tools.json': { ...documents['tools.json'], lastUpdated } } });
    const during = at('2026-11-28T12:00:00Z');
    const tool = during.toolsById.get('gemini-4-argon')!;
    const page = renderModel(during, tool, '../../').body;
    expect(page).toContain(
      '$2.00 input / $10.00 output per 1M tokens (promotional price through 30 Nov 2026 (UTC), then $4.00 input / $20.00 output)',
    );
    expect(page).toContain('Price in force on 28 Nov 2026');
    const row = tableRows(during, './')
      .split('\n')
      .find((r) => r.includes('data-id="gemini-4-argon"'))!;
    expect(row).toContain('class="mark promo"');
    expect(row).toContain('$2.00');

    const after = at('2026-12-01T00:00:00Z');
    const later = renderModel(after, after.toolsById.get('gemini-4-argon')!, '../../').body;
    expect(later).toContain('$4.00 input / $20.00 output per 1M tokens ·');
    expect(later).not.toContain('Price in force on');
    const laterRow = tableRows(after, './')
      .split('\n')
      .find((r) => r.includes('data-id="gemini-4-argon"'))!;
    expect(laterRow).not.toContain('mark promo');
  });

  it('a provisional rank shows a visible mark with its reason as text', async () => {
    const documents = build(await freshSource());
    const site = siteOf({ documents });
    const provisional = [...site.scored.values()].find((s) => s.provisional)!;
    const page = renderModel(site, provisional.tool, '../../').body;
    expect(page).toContain('<span class="mark prov"');
    expect(page).toContain(provisional.provisional!.replace(/^Provisional: /, '').replace(/'/g, '&#39;'));
  });
});
