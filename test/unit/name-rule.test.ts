/**
 * One rule compares every name from outside with the names the directory records (src/cost/name-key.ts): a
 * leaderboard's model name in the refresh, a model id in a cost request, a query to the client. A look-alike
 * letter, an invisible or direction character or a non-breaking space never matches a model; it is refused, and
 * the refresh reports which letter it imitates. Every character class an attack used is broken here with data.
 */
import { describe, expect, it } from 'vitest';
import { matchTool as clientMatchTool } from '../../packages/client/src/index.ts';
import { publishedTool } from '../support/fixtures.ts';
import { nameKey } from '../../src/cost/name-key.ts';
import { modelIdEntries, resolveModelId, UnknownModelIdError } from '../../src/cost/model-id.ts';
import { matchTool, toolIndex } from '../../src/refresh/match.ts';
import { mergeUpstreamResults } from '../../src/refresh/merge-results.ts';
import type { UpstreamResult } from '../../src/refresh/upstream/results.ts';
import { AIDER_FEED } from '../support/refresh-samples.ts';
import { DISGUISES, KELVIN } from '../support/disguises.ts';
import { freshSource } from '../support/source.ts';

describe('the name rule', () => {
  it('compares printable ASCII names with surrounding spaces and tabs trimmed and letter case ignored', () => {
    expect(nameKey('  GPT-5.4 (High)\t')).toEqual({ ok: true, key: 'gpt-5.4 (high)' });
  });

  it.each(DISGUISES)('refuses %s, naming its class and code point', (_what, disguise, kind, codePoint) => {
    const key = nameKey(disguise('kimi-k2-6'));
    expect(key.ok).toBe(false);
    if (key.ok) return;
    expect(key.refusal.kind).toBe(kind);
    if (codePoint) expect(key.refusal.codePoint).toBe(codePoint);
  });

  it('every name and id the curated data records passes it, so a refusal never hides a real model', async () => {
    const source = await freshSource();
    for (const { data: tool } of source.tools)
      for (const name of [tool.id, tool.name, ...tool.aliases, tool.upstream.modelsDev, tool.upstream.openRouter])
        if (name) expect(nameKey(name).ok, `${tool.id}: ${name}`).toBe(true);
  });
});

describe('the refresh never matches a disguised leaderboard name', () => {
  it.each(DISGUISES)('%s: refused, never matched', async (_what, disguise) => {
    const source = await freshSource();
    const tool = source.tools.find((t) => t.data.id === 'llama-4-maverick')!.data;
    const outcome = matchTool(toolIndex(source), [disguise(tool.name)], {});
    expect(outcome.kind).toBe('refused');
    // The undisguised name still matches: the refusal is about the character, not the model.
    expect(matchTool(toolIndex(source), [tool.name], {})).toMatchObject({ kind: 'matched', toolId: tool.id });
  });

  it('names the letter a look-alike imitates, from the Unicode confusables data', async () => {
    const source = await freshSource();
    const outcome = matchTool(toolIndex(source), [`Llama-4-Maveric${KELVIN}`], {});
    expect(outcome).toMatchObject({ kind: 'refused', reason: expect.stringContaining('looks like "K"') });
  });

  it('a disguised name among a result’s names refuses the whole result: it adds no second score', async () => {
    const source = await freshSource();
    const before = JSON.stringify(source.results);
    const result: UpstreamResult = {
      row: 1,
      name: `Llama-4-Maveric${KELVIN}`,
      keys: [`Llama-4-Maveric${KELVIN}`, 'llama-4-maverick'],
      fields: { testCases: '225' },
      score: 99.9,
      date: '2026-11-01',
      source: 'https://example.test/board',
    };
    const report = mergeUpstreamResults(
      source,
      toolIndex(source),
      { name: 'aider', aliases: {}, feeds: [AIDER_FEED] },
      [result],
      source.series.data,
      '2026-11-24',
    );
    expect(report.matched).toBe(0);
    expect(report.unmatched).toEqual([expect.stringContaining('refused, never matched')]);
    expect(JSON.stringify(source.results)).toBe(before);
  });
});

describe('a model id in a request', () => {
  const tools = [
    { id: 'kimi-k2-6', aliases: ['kimi-k2.6'], crossRefs: { modelsDev: 'moonshotai/kimi-k2.6', openRouter: null } },
    { id: 'gpt-5', aliases: [], crossRefs: { modelsDev: 'openai/gpt-5', openRouter: 'openai/gpt-5' } },
  ];
  const entries = modelIdEntries(tools);

  it.each(DISGUISES)('%s: no model, and the error says why', (_what, disguise) => {
    const query = disguise('kimi-k2-6');
    expect(() => resolveModelId(entries, query)).toThrow(UnknownModelIdError);
    try {
      resolveModelId(entries, query);
    } catch (error) {
      expect((error as UnknownModelIdError).refusal).toBeDefined();
      // The message quotes the query with everything beyond printable ASCII escaped.
      expect((error as Error).message).toMatch(/^[\x20-\x7e]*$/);
    }
  });

  it('a known provider prefix resolves; an unknown host prefix is an error that says so, not a list price', () => {
    expect(resolveModelId(entries, 'moonshotai/kimi-k2-6').toolId).toBe('kimi-k2-6');
    expect(() => resolveModelId(entries, 'some-host/gpt-5')).toThrow(/host or provider "some-host".*does not know/);
  });

  it('the client finds no tool for a disguised query', () => {
    const published = tools.map((t) => publishedTool(t.id, { name: t.id, aliases: t.aliases, crossRefs: t.crossRefs }));
    expect(clientMatchTool(published, 'kimi-k2-6')?.tool.id).toBe('kimi-k2-6');
    for (const [, disguise] of DISGUISES) expect(clientMatchTool(published, disguise('kimi-k2-6'))).toBeNull();
  });
});
