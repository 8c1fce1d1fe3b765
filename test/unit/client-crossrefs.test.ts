/**
 * Cross-references: each tool publishes its ids in catalogs clients already use (crossRefs:
 * models.dev key, OpenRouter slug), and the client resolves a tool by either.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { matchTool, type ToolsDocument } from '../../packages/client/src/index.ts';
import { sharedMissing, sharedPath } from '../support/shared-reference.ts';

const tools = () =>
  (JSON.parse(readFileSync(path.join(inject('distPath'), 'api', 'tools.json'), 'utf8')) as ToolsDocument).tools;
const reference = sharedPath('reference', 'models-dev-api.json');

describe('crossRefs', () => {
  it('every tool has crossRefs with its models.dev key, and OpenRouter slugs are unique', () => {
    const all = tools();
    for (const tool of all) expect(Object.keys(tool.crossRefs).sort(), tool.id).toEqual(['modelsDev', 'openRouter']);
    const slugs = all.map((t) => t.crossRefs.openRouter).filter((s): s is string => s !== null);
    // A slug is published only where a catalogue states it (the next test); models newer than the models.dev
    // snapshot have none. The 58 stated on 2026-12-01 are a floor: a reader that loses them fails here.
    expect(slugs.length).toBeGreaterThanOrEqual(58);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const tool of all.filter((t) => t.crossRefs.modelsDev?.startsWith('openrouter/')))
      expect(tool.crossRefs.openRouter, tool.id).toBe(tool.crossRefs.modelsDev!.slice('openrouter/'.length));
  });

  it.skipIf(sharedMissing('reference', 'models-dev-api.json'))(
    'every OpenRouter slug is listed by the OpenRouter provider of the models.dev reference (needs ../shared)',
    () => {
      const document = JSON.parse(readFileSync(reference, 'utf8')) as Record<
        string,
        { models?: Record<string, unknown> }
      >;
      const listed = new Set(Object.keys(document.openrouter?.models ?? {}));
      const stated = tools().filter(
        (t) => t.crossRefs.openRouter !== null && !t.crossRefs.modelsDev?.startsWith('openrouter/'),
      );
      for (const tool of stated)
        expect(listed.has(tool.crossRefs.openRouter!), `${tool.id}: ${tool.crossRefs.openRouter}`).toBe(true);
    },
  );

  it('the client finds a tool by its OpenRouter slug or models.dev key', () => {
    const all = tools();
    const tool = all.find((t) => t.crossRefs.openRouter !== null && t.crossRefs.modelsDev !== null)!;
    expect(matchTool(all, tool.crossRefs.openRouter!)?.tool.id).toBe(tool.id);
    expect(matchTool(all, tool.crossRefs.modelsDev!)?.tool.id).toBe(tool.id);
  });
});
