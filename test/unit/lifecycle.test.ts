/**
 * Lifecycle rules: retired tools are never recommended, removed ids are never reused, a passed
 * shutdown date is reported, and an unknown capability never reads as a feature.
 */
import { describe, expect, it } from 'vitest';
import type { Category, UseCase } from '../../src/schema/api.ts';
import { errorOf } from '../support/data-error.ts';
import { checkSourceIntegrity, lifecycleWarnings } from '../../src/compile/integrity.ts';
import type { SourceData } from '../../src/compile/load.ts';
import { removedIdsFile, toolFile as toolFileSchema, type ToolFile } from '../../src/schema/source.ts';
import { freshSource, toolFile } from '../support/source.ts';
import { buildOnce as buildDocuments } from '../support/build.ts';

const TODAY = '2026-11-22';

const source = (name: string) => ({
  name,
  url: 'https://example.test/lifecycle',
  kind: 'first-party' as const,
  asOf: '2026-11-01',
  verified: TODAY,
});

/** Marks a tool retired on the given day, as the schema requires (status, shutdown and the event it rests on). */
function retire(tool: ToolFile, date = '2026-11-01'): void {
  tool.status = 'retired';
  tool.lifecycle = {
    shutdown: { date, source: source('Provider deprecations page') },
    events: [
      {
        kind: 'retired',
        date,
        scope: 'provider-api',
        summary: 'The provider stopped serving the model.',
        source: source('Provider deprecations page'),
      },
    ],
  };
}

function picksAndCategories(data: SourceData): { useCases: UseCase[]; categories: Category[] } {
  const { documents } = buildDocuments(data);
  return {
    useCases: (documents['use-cases.json'] as { useCases: UseCase[] }).useCases,
    categories: (documents['categories.json'] as { categories: Category[] }).categories,
  };
}

describe('retired tools are never recommended', () => {
  it('no retired tool of the curated data is a top pick or in frontier, yet each is in a fact-based category', async () => {
    const data = await freshSource();
    const retired = new Set(data.tools.filter((t) => t.data.status === 'retired').map((t) => t.data.id));
    expect(retired.size).toBeGreaterThan(0);
    const { useCases, categories } = picksAndCategories(data);
    for (const useCase of useCases)
      for (const id of useCase.topPicks) expect(retired.has(id), `${useCase.id} picks ${id}`).toBe(false);
    const frontier = categories.find((c) => c.id === 'frontier')!;
    for (const id of frontier.toolIds) expect(retired.has(id), `frontier lists ${id}`).toBe(false);
    for (const id of retired)
      expect(
        categories.filter((c) => c.toolIds.includes(id)).map((c) => c.id),
        `${id} is in a category`,
      ).not.toEqual([]);
  });

  it('retiring a frontier tool that is also a top pick takes it out of frontier and of every pick', async () => {
    const data = await freshSource();
    const before = picksAndCategories(data);
    const frontier = before.categories.find((c) => c.id === 'frontier')!;
    const picked = new Set(before.useCases.flatMap((u) => u.topPicks));
    const target = frontier.toolIds.find((id) => picked.has(id))!;
    expect(target, 'a frontier tool that is also a top pick').toBeDefined();

    retire(toolFile(data, target).data);
    const after = picksAndCategories(data);
    expect(after.categories.find((c) => c.id === 'frontier')!.toolIds).not.toContain(target);
    for (const useCase of after.useCases) expect(useCase.topPicks).not.toContain(target);
  });
});

describe('removed ids', () => {
  // The curated list is empty since every model that left was restored as retired (2026-12-02), so
  // each test records a removal of its own: the mechanism stays for a model listed by mistake.
  const REMOVED = { id: 'old-model', removedOn: '2026-11-20', reason: 'Left the directory for a test.' };

  /** Takes one tool with published results out of the data as a true removal would: file gone, id listed. */
  function removeTool(data: SourceData, id: string): void {
    data.tools = data.tools.filter((t) => t.data.id !== id);
    for (const t of data.tools) if (t.data.replacedBy === id) delete t.data.replacedBy;
    for (const p of data.platforms) p.data.models = p.data.models.filter((m) => m.toolId !== id);
    data.removedIds.data.removed.push({ id, removedOn: REMOVED.removedOn, reason: REMOVED.reason });
  }

  it('a tool file that reuses a removed id fails the build', async () => {
    const data = await freshSource();
    data.removedIds.data.removed.push(REMOVED);
    const located = toolFile(data, 'gpt-5-4');
    data.tools.push({
      file: located.file.replace('gpt-5-4', REMOVED.id),
      data: { ...structuredClone(located.data), id: REMOVED.id, aliases: [`${REMOVED.id}-alias`] },
    });
    const error = errorOf(() => checkSourceIntegrity(data));
    expect(error.message).toContain(
      `id: was removed from the directory on ${REMOVED.removedOn} (data/removed-ids.json); a removed id is never reused`,
    );
  });

  it('a removed tool keeps its benchmark results (still fitted, not published)', async () => {
    const data = await freshSource();
    const target = 'phi-4';
    expect(data.results.some((r) => r.data.toolId === target)).toBe(true);
    removeTool(data, target);
    const kept = data.results.filter((r) => r.data.toolId === target);
    expect(kept.length).toBeGreaterThan(0);
    const { documents } = buildDocuments(data);
    const published = (
      documents['benchmarks.json'] as { benchmarks: { models: { modelId: string }[] } }
    ).benchmarks.models.map((m) => m.modelId);
    expect(published).not.toContain(target);
  });

  it('the list itself may not name an id twice', () => {
    const entry = { id: 'old-model', removedOn: TODAY, reason: 'Left the directory for a test.' };
    const result = removedIdsFile.safeParse({ removed: [entry, entry] });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toBe('lists an id twice');
  });

  it('replacedBy pointing at a removed or unknown id fails the build', async () => {
    const data = await freshSource();
    data.removedIds.data.removed.push(REMOVED);
    const tool = data.tools[0]!.data;
    tool.replacedBy = REMOVED.id;
    expect(errorOf(() => checkSourceIntegrity(data)).message).toContain(
      `replacedBy: points nowhere: was removed from the directory on ${REMOVED.removedOn}`,
    );
    tool.replacedBy = 'no-such-model';
    expect(errorOf(() => checkSourceIntegrity(data)).message).toContain(
      'replacedBy: points nowhere: it is not a tool id (got "no-such-model")',
    );
  });
});

describe('shutdown dates', () => {
  it('the curated data raises no passed-shutdown warning', async () => {
    const data = await freshSource();
    expect(lifecycleWarnings(data, TODAY).filter((w) => w.message.includes('has passed'))).toEqual([]);
  });

  it('a passed shutdown date with a status other than retired is a warning, not a failure', async () => {
    const data = await freshSource();
    const tool = toolFile(data, 'gpt-5').data;
    expect(tool.status).toBe('deprecated');
    tool.lifecycle!.shutdown!.date = '2026-12-11';
    expect(lifecycleWarnings(data, '2026-12-12').map((w) => w.message)).toContain(
      'lifecycle.shutdown.date 2026-12-11 has passed but status is "deprecated": check the source and set status to retired, or record a later shutdown date',
    );
    expect(lifecycleWarnings(data, '2026-12-11').some((w) => w.file.endsWith('gpt-5.json'))).toBe(false);
    expect(() => buildDocuments(data)).not.toThrow();
    tool.status = 'retired';
    expect(
      lifecycleWarnings(data, '2026-12-12').some(
        (w) => w.file.endsWith('gpt-5.json') && w.message.includes('has passed'),
      ),
    ).toBe(false);
  });

  it('the curated data raises no lifecycle warning at all', async () => {
    expect(lifecycleWarnings(await freshSource(), TODAY)).toEqual([]);
  });

  it('a replacedBy chain through retired models is fine while it ends at a callable one, a warning when it does not', async () => {
    const data = await freshSource();
    // Built here rather than found in the data, which may stop holding such a chain: three callable
    // tools become first -> middle (retired) -> end.
    const [first, middle, end] = data.tools.filter((t) => t.data.status === 'active').map((t) => t.data);
    retire(middle!);
    first!.replacedBy = middle!.id;
    middle!.replacedBy = end!.id;
    expect(lifecycleWarnings(data, TODAY).filter((w) => w.file.endsWith(`/${first!.id}.json`))).toEqual([]);
    retire(end!);
    expect(lifecycleWarnings(data, TODAY).map((w) => w.message)).toContain(
      `replacedBy leads only to retired models (${middle!.id} -> ${end!.id}): name a callable successor, or remove replacedBy if the provider names none`,
    );
  });

  it('a deprecated or retired tool must carry its shutdown date, and an active one must not', async () => {
    const data = await freshSource();
    const retired = structuredClone(data.tools.find((t) => t.data.status === 'active')!.data);
    retire(retired);
    expect(toolFileSchema.safeParse(retired).success).toBe(true);
    delete retired.lifecycle!.shutdown;
    expect(toolFileSchema.safeParse(retired).error?.issues.map((i) => i.message)).toContain(
      "a deprecated or retired tool needs lifecycle.shutdown: the announced (deprecated) or effective (retired) shutdown date on the provider's API, with its source",
    );
    const active = structuredClone(toolFile(data, 'gpt-5').data);
    active.status = 'active';
    expect(toolFileSchema.safeParse(active).error?.issues.map((i) => i.message)).toContain(
      'an active or preview tool has no provider shutdown date; set status to deprecated (shutdown announced) or retired (shutdown passed)',
    );
  });

  it('platform-scoped events name an existing platform and leave the status alone', async () => {
    const data = await freshSource();
    const tool = toolFile(data, 'gpt-5-5').data;
    expect(tool.status).toBe('active');
    expect(tool.lifecycle!.events.every((e) => e.scope === 'platform')).toBe(true);
    tool.lifecycle!.events[0]!.platform = 'no-such-platform';
    expect(errorOf(() => checkSourceIntegrity(data)).message).toContain(
      'lifecycle.events.0.platform: is not the id of a file in data/platforms/ (got "no-such-platform")',
    );
  });
});

describe('capabilities', () => {
  it('a null capability is never a feature, in the curated data or the published tools', async () => {
    const data = await freshSource();
    const { documents } = buildDocuments(data);
    const tools = (
      documents['tools.json'] as {
        tools: { id: string; reasoning: boolean | null; toolCalling: boolean | null; features: string[] }[];
      }
    ).tools;
    for (const tool of tools) {
      if (tool.reasoning === null)
        expect(
          tool.features.filter((f) => /reasoning|thinking/i.test(f)),
          tool.id,
        ).toEqual([]);
      if (tool.toolCalling === null)
        expect(
          tool.features.filter((f) => /tool[- ]?(calling|use)|function[- ]calling/i.test(f)),
          tool.id,
        ).toEqual([]);
      expect(
        tool.features.filter((f) => /not stated/i.test(f)),
        tool.id,
      ).toEqual([]);
    }
  });

  it('the schema rejects a feature that mentions a null flag', async () => {
    const data = await freshSource();
    const tool = structuredClone(toolFile(data, 'gpt-5-4').data);
    tool.toolCalling = null;
    const issues = toolFileSchema.safeParse(tool).error?.issues ?? [];
    expect(issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toContain(
      `features.${tool.features.indexOf('Function/tool calling')}: mentions toolCalling, which is null (not stated by any source); leave an unknown capability out of features`,
    );
  });

  it('every flag set from a source other than the pricing source names it', async () => {
    const data = await freshSource();
    const withSource = data.tools.filter((t) => t.data.sources.capabilities !== undefined);
    expect(withSource.length).toBeGreaterThan(0);
    for (const { data: tool } of withSource)
      expect(tool.reasoning !== null || tool.toolCalling !== null, tool.id).toBe(true);
  });
});

describe('platforms and retired models', () => {
  const platformsOf = (data: SourceData) => buildDocuments(data).documents['platforms.json'].platforms;

  it('no platform offers a retired model, through a provider key or an older catalogue entry', async () => {
    const data = await freshSource();
    // An Aider catalogue entry, reachable through a provider key, whose model is retired after the entry was written.
    const aider = data.platforms.find((p) => p.data.id === 'aider')!.data;
    const entry = aider.models.find((m) => aider.byok.providers.includes(toolFile(data, m.toolId).data.provider))!;
    const tool = toolFile(data, entry.toolId).data;
    const before = platformsOf(data).find((p) => p.id === 'aider')!;
    expect(before.toolIds).toContain(tool.id);
    retire(tool, '2026-11-01');
    expect(entry.asOf < tool.lifecycle!.shutdown!.date).toBe(true);
    const published = platformsOf(data).find((p) => p.id === 'aider')!;
    expect(published.toolIds).not.toContain(tool.id);
    expect(published.toolBilling.map((b) => b.toolId)).not.toContain(tool.id);
    // no platform lists a model its provider retired, through a key or an outdated catalogue entry
    const retired = new Set(data.tools.filter((t) => t.data.status === 'retired').map((t) => t.data.id));
    for (const platform of platformsOf(data))
      for (const id of platform.toolIds) expect(retired.has(id), `${platform.id} lists ${id}`).toBe(false);
  });
});
