/**
 * Any id finds its model: the ids a caller holds (API ids, dated snapshots, Bedrock, Vertex and
 * Azure ids, OpenRouter and models.dev slugs) resolve to their tool through /api/model-ids.json
 * as built, exactly after the platform wrapping is taken off; anything else fails with the
 * closest ids and never succeeds by a partial or similar match. Platform ids below are models.dev
 * keys (providers/amazon-bedrock, google-vertex, azure of anomalyco/models.dev).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { deriveModelIds } from '../../src/compile/derive/model-ids.ts';
import { DataError } from '../../src/compile/errors.ts';
import {
  ALIAS_POINTERS,
  lookupModelId,
  modelIdCandidates,
  modelIdEntries,
  resolveModelId,
  SNAPSHOT_RULES,
  UnknownModelIdError,
} from '../../src/cost/model-id.ts';
import { ROOT } from '../../src/fs/paths.ts';
import { modelIdsDocument, type Tool, type ToolsDocument } from '../../src/schema/api.ts';

const api = (name: string) => JSON.parse(readFileSync(path.join(inject('distPath'), 'api', name), 'utf8'));
const table = modelIdsDocument.parse(api('model-ids.json'));
const tools = (api('tools.json') as ToolsDocument).tools;
const toolOf = (id: string) => lookupModelId(table.ids, id)?.toolId ?? null;
const releaseOf = (id: string) => tools.find((t) => t.id === id)?.releaseDate;
const providerOf = (id: string) => tools.find((t) => t.id === id)?.providerId;

describe('the published table', () => {
  it('lists each tool by its id, API aliases, models.dev key and OpenRouter slug, each id naming one tool', () => {
    for (const tool of tools) {
      expect(toolOf(tool.id)).toBe(tool.id);
      for (const alias of tool.aliases) expect(toolOf(alias), alias).toBe(tool.id);
      if (tool.crossRefs.modelsDev) expect(toolOf(tool.crossRefs.modelsDev)).toBe(tool.id);
      if (tool.crossRefs.openRouter) expect(toolOf(tool.crossRefs.openRouter)).toBe(tool.id);
    }
    const ids = table.ids.map((e) => e.id.toLowerCase());
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('marks dated aliases as snapshots', () => {
    expect(table.ids.find((e) => e.id === 'claude-sonnet-4-5-20250929')).toMatchObject({
      toolId: 'claude-sonnet-4-5',
      kind: 'snapshot',
      source: 'aliases',
    });
  });

  it('refuses data in which one id names two tools, naming the id and both tools', () => {
    const [a, b] = tools as [Tool, Tool];
    const clash = [a, { ...b, aliases: [...b.aliases, a.id.toUpperCase()] }];
    expect(() => deriveModelIds(clash, table.lastUpdated)).toThrow(DataError);
    expect(() => deriveModelIds(clash, table.lastUpdated)).toThrow(new RegExp(`${a.id}.*names 2 tools`));
  });
});

describe('platform ids resolve after their wrapping is taken off', () => {
  it.each([
    ['us.anthropic.claude-sonnet-4-5-20250929-v1:0', 'claude-sonnet-4-5', 'bedrock'],
    ['anthropic.claude-sonnet-4-5-20250929-v1:0', 'claude-sonnet-4-5', 'bedrock'],
    ['global.anthropic.claude-haiku-4-5-20251001-v1:0', 'claude-haiku-4-5', 'bedrock'],
    ['eu.anthropic.claude-opus-4-6-v1', 'claude-opus-4-6', 'bedrock'],
    ['apac.anthropic.claude-sonnet-4-6', 'claude-sonnet-4-6', 'bedrock'],
    [
      'arn:aws:bedrock:us-east-1:123456789012:inference-profile/us.anthropic.claude-opus-4-5-20251101-v1:0',
      'claude-opus-4-5',
      'bedrock',
    ],
    ['bedrock/us.anthropic.claude-sonnet-4-5-20250929-v1:0', 'claude-sonnet-4-5', 'bedrock'],
    ['claude-sonnet-4-5@20250929', 'claude-sonnet-4-5', 'vertex'],
    ['claude-opus-4-6@default', 'claude-opus-4-6', 'vertex'],
    ['publishers/google/models/gemini-3-flash-preview', 'gemini-3-flash-preview', 'vertex'],
    [
      'projects/p/locations/us-central1/publishers/anthropic/models/claude-sonnet-4-5@20250929',
      'claude-sonnet-4-5',
      'vertex',
    ],
    ['azureml://registries/azure-openai/models/gpt-5/versions/1', 'gpt-5', 'azure'],
    ['azure/gpt-5', 'gpt-5', 'platform-prefix'],
  ])('%s is %s (%s)', (id, toolId, form) => {
    const match = resolveModelId(table.ids, id);
    expect(match.toolId).toBe(toolId);
    expect(match.form).toBe(form);
  });

  it('provider API ids, snapshots, OpenRouter slugs and models.dev keys match as they are', () => {
    expect(resolveModelId(table.ids, 'claude-sonnet-4-5-20250929')).toMatchObject({
      toolId: 'claude-sonnet-4-5',
      form: 'exact',
    });
    expect(resolveModelId(table.ids, 'anthropic/claude-sonnet-4.5')).toMatchObject({
      toolId: 'claude-sonnet-4-5',
      form: 'exact',
    });
    expect(resolveModelId(table.ids, 'anthropic/claude-sonnet-4-5')).toMatchObject({
      toolId: 'claude-sonnet-4-5',
      form: 'exact',
    });
    expect(resolveModelId(table.ids, ' GPT-5 ').toolId).toBe('gpt-5');
  });

  it('a Vertex @date becomes -date, which names the model by its snapshot rule', () => {
    expect(modelIdCandidates('claude-sonnet-4-5@20990101').map((c) => c.id)).toContain('claude-sonnet-4-5-20990101');
    expect(lookupModelId(table.ids, 'claude-sonnet-4-5@20990101', releaseOf)).toMatchObject({
      toolId: 'claude-sonnet-4-5',
      form: 'dated-snapshot',
    });
  });
});

describe('dated snapshots and versions the table does not list resolve by the provider rule', () => {
  it.each([
    // OpenAI: <alias>-YYYY-MM-DD, what a response names for the alias it was sent.
    ['gpt-5-2025-08-07', 'gpt-5', 'gpt-5'],
    ['gpt-5.4-2026-03-05', 'gpt-5-4', 'gpt-5.4'],
    // Anthropic: <id>-YYYYMMDD.
    ['claude-opus-4-6-20260205', 'claude-opus-4-6', 'claude-opus-4-6'],
    // Google: a stable version -00N.
    ['gemini-3.1-flash-lite-001', 'gemini-3-1-flash-lite', 'gemini-3.1-flash-lite'],
    // wrapped by a platform first, then dated.
    ['azure/gpt-5-2025-08-07', 'gpt-5', 'gpt-5'],
    // Mistral: <name>-YYMM, the version codestral-latest names.
    ['codestral-2508', 'codestral', 'codestral'],
    // StepFun: <alias>-YYMM, as its model list names the 2026-04 snapshot.
    ['step-3.5-flash-2603', 'step-3-5-flash', 'step-3.5-flash'],
  ])('%s is %s (its %s, by the snapshot rule)', (id, toolId, base) => {
    expect(resolveModelId(table.ids, id, releaseOf, providerOf)).toMatchObject({
      toolId,
      form: 'dated-snapshot',
      normalized: base,
    });
  });

  it('a listed snapshot matches exactly, before any rule', () => {
    expect(resolveModelId(table.ids, 'claude-sonnet-4-5-20250929', releaseOf).form).toBe('exact');
  });

  it.each([
    // dated before the model was released: an earlier model of that name, not this one.
    'gpt-5-2024-08-06',
    'claude-opus-4-6-20250514',
    // not a date: the month is 13, or the digits are a model name's own (Mistral's YYMM versions).
    'gpt-5-2025-13-01',
    'mistral-large-2699',
    // an OpenRouter or models.dev slug is not an API id: it has no snapshots.
    'anthropic/claude-sonnet-4.5-20250929',
    // Codestral 25.01, the version before the directory's Codestral (2025-07).
    'codestral-2501',
    // one provider's form on another's model: Mistral's -YYMM on an OpenAI alias, xAI's -MMDD on a Qwen one.
    'gpt-5-2508',
    'qwen3.6-plus-0417',
  ])('%s is not found', (id) => {
    expect(lookupModelId(table.ids, id, releaseOf, providerOf)).toBeNull();
  });

  it("a provider's own form applies to its models only, and only when the caller says whose a model is", () => {
    // xAI's -MMDD, on a table where Grok 4 is listed (the directory lists only later Groks).
    const grok = modelIdEntries([{ id: 'grok-4', aliases: [], releaseDate: '2025-07' }]);
    expect(lookupModelId(grok, 'grok-4-0709', undefined, () => 'xai')).toMatchObject({
      toolId: 'grok-4',
      form: 'dated-snapshot',
    });
    expect(lookupModelId(grok, 'grok-4-0709', undefined, () => 'openai')).toBeNull();
    expect(lookupModelId(grok, 'grok-4-0709')).toBeNull();
    // a listed xAI id is exact.
    expect(resolveModelId(table.ids, 'grok-4.20-0309-reasoning').form).toBe('exact');
  });

  it('every rule cites where its provider publishes the form, and each example reads by it', () => {
    for (const rule of SNAPSHOT_RULES) {
      expect(rule.source, rule.provider).toMatch(/\w+\.\w+\//);
      for (const example of rule.examples) expect(rule.parse(example), example).not.toBeNull();
    }
  });

  it('docs/api.md names each rule and the providers with no versioned form', () => {
    const doc = readFileSync(path.join(ROOT, 'docs', 'api.md'), 'utf8');
    for (const rule of SNAPSHOT_RULES) for (const example of rule.examples) expect(doc, example).toContain(example);
    expect(doc).toMatch(/no versioned form/);
  });
});

describe('moving aliases resolve by the pointer their provider publishes for the day, and only then', () => {
  const NOW = '2026-11-23T12:00:00Z';
  it.each([
    ['mistral-large-latest', 'mistral-large-3'],
    ['mistral-medium-latest', 'mistral-medium-3-5'],
    ['mistral-small-latest', 'mistral-small-4'],
    ['deepseek-v4-flash', 'deepseek-v4-1-flash'],
  ])('%s names %s in November 2026', (alias, toolId) => {
    const match = resolveModelId(table.ids, alias, releaseOf, providerOf, NOW);
    expect(match).toMatchObject({ toolId, form: 'moving-alias' });
    // The pointer's target is what the provider names it by, and it resolves on its own.
    expect(resolveModelId(table.ids, match.normalized, releaseOf, providerOf).toolId).toBe(toolId);
  });

  it('an alias read on a day no source covers names nothing, and says what it points at and when', () => {
    expect(lookupModelId(table.ids, 'mistral-large-latest', releaseOf, providerOf, '2026-05-01')).toBeNull();
    expect(() => resolveModelId(table.ids, 'mistral-large-latest', releaseOf, providerOf, '2026-05-01')).toThrow(
      /moving alias, and no source read says what it pointed at on 2026-05-01 \(it points at mistral-large-2512 from 2026-08-21/,
    );
  });

  it('a retired API name the directory lists resolves to its retired entry, before any pointer', () => {
    // deepseek-chat and deepseek-reasoner are back in the directory as retired (2026-12-02): a response that names
    // one is priced as the entry, at the price in force on its day.
    for (const id of ['deepseek-chat', 'deepseek-reasoner'])
      expect(lookupModelId(table.ids, id, releaseOf, providerOf, '2026-06-10')).toMatchObject({
        toolId: id,
        form: 'exact',
      });
  });

  it('a pointer to a model the directory does not list, or a retired name, names nothing and says so', () => {
    // A table without the retired entries, as the directory was before they came back: the pointers decide.
    const withoutRetired = table.ids.filter((e) => e.toolId !== 'deepseek-chat' && e.toolId !== 'deepseek-reasoner');
    expect(() => resolveModelId(withoutRetired, 'deepseek-chat', releaseOf, providerOf, '2026-06-10')).toThrow(
      /DeepSeek's moving alias, which on 2026-06-10 pointed at deepseek-v4-flash, a model the directory does not list/,
    );
    expect(() => resolveModelId(withoutRetired, 'deepseek-reasoner', releaseOf, providerOf, NOW)).toThrow(
      /a name DeepSeek retired/,
    );
  });

  it('a -latest name without a published pointer is never guessed from its family', () => {
    for (const id of ['gemini-flash-latest', 'claude-sonnet-latest', 'devstral-latest']) {
      expect(lookupModelId(table.ids, id, releaseOf, providerOf, NOW), id).toBeNull();
      expect(() => resolveModelId(table.ids, id, releaseOf, providerOf, NOW), id).toThrow(
        /moving alias \(-latest\) whose target its provider publishes in no source read/,
      );
    }
  });

  it("a pointer applies to its provider's tools only, and an alias the table lists matches exactly first", () => {
    expect(lookupModelId(table.ids, 'mistral-large-latest', releaseOf, () => 'openai', NOW)).toBeNull();
    expect(resolveModelId(table.ids, 'codestral-latest', releaseOf, providerOf, NOW).form).toBe('exact');
  });

  it('every pointer cites its source, spans valid days, and docs/api.md lists it', () => {
    const doc = readFileSync(path.join(ROOT, 'docs', 'api.md'), 'utf8');
    for (const pointer of ALIAS_POINTERS) {
      expect(pointer.source, pointer.alias).toMatch(/\w+\.\w+/);
      for (const day of [pointer.from, pointer.until]) if (day) expect(Date.parse(day), pointer.alias).not.toBeNaN();
      expect(doc, pointer.alias).toContain(`\`${pointer.alias}\``);
    }
  });
});

describe('a miss fails with the closest ids, never a partial match', () => {
  it.each(['claude-sonnet', 'sonnet-4-5', 'claude-sonnet-4-5-2099', 'claude-sonnet-4-5-209901'])(
    '%s is not found',
    (id) => {
      expect(lookupModelId(table.ids, id)).toBeNull();
      expect(() => resolveModelId(table.ids, id)).toThrow(UnknownModelIdError);
    },
  );

  it('the error names the closest ids', () => {
    let error: unknown;
    try {
      resolveModelId(table.ids, 'claude-sonet-4-5');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(UnknownModelIdError);
    expect((error as UnknownModelIdError).suggestions).toContain('claude-sonnet-4-5');
    expect((error as Error).message).toMatch(/"claude-sonet-4-5".*closest: .*claude-sonnet-4-5/);
  });

  it('a dated OpenAI snapshot older than the model suggests its undated model', () => {
    expect(() => resolveModelId(table.ids, 'gpt-5-2024-08-06', releaseOf)).toThrow(/closest: gpt-5\b/);
  });
});
