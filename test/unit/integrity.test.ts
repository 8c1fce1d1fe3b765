/**
 * Each integrity rule, fed bad data: the build refuses and its error names the file, the
 * field and the offending value.
 */
import { mkdtemp, cp, writeFile, readFile, rename } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataError } from '../../src/compile/errors.ts';
import { errorOf } from '../support/data-error.ts';
import { checkDocumentIntegrity, checkSourceIntegrity } from '../../src/compile/integrity.ts';
import { loadSourceData } from '../../src/compile/load.ts';
import { buildDocuments } from '../../src/compile/documents.ts';
import { PATHS } from '../../src/fs/paths.ts';
import { freshSource, toolFile } from '../support/source.ts';
import { inject } from 'vitest';

/** Writes the real data to a temp dir with one file edited, and returns the loader's error. */
async function loadErrorWith(relativeFile: string, edit: (json: Record<string, unknown>) => void): Promise<DataError> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'acmd-data-'));
  await cp(PATHS.data, dir, { recursive: true });
  const file = path.join(dir, relativeFile);
  const json = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  edit(json);
  await writeFile(file, JSON.stringify(json));
  return loadErrorOf(dir);
}

async function loadErrorOf(dir: string): Promise<DataError> {
  try {
    await loadSourceData(dir, { releasesDir: PATHS.releases });
  } catch (error) {
    if (error instanceof DataError) return error;
    throw error;
  }
  throw new Error('expected a DataError, but the data was accepted');
}

const GPT = 'tools/openai/gpt-5-4.json';
/** A results file whose results share two sources (written once in `sources`). */
const RESULTS = 'benchmarks/results/athene-v2-chat.json';

describe('schema rules on curated files', () => {
  it('rejects a file name that is not a lowercase slug: the path gives the id', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'acmd-data-'));
    await cp(PATHS.data, dir, { recursive: true });
    await rename(path.join(dir, GPT), path.join(dir, 'tools/openai/GPT-5.4.json'));
    const error = await loadErrorOf(dir);
    expect(error.message).toContain(
      'tools/openai/GPT-5.4.json: id: is the file name of the file, and must be a lowercase slug (a-z, 0-9, single hyphens) (got "GPT-5.4")',
    );
  });

  it('rejects a file that repeats the identity its path gives, naming the file, the field and the value', async () => {
    const same = await loadErrorWith(GPT, (t) => (t.id = 'gpt-5-4'));
    expect(same.message).toContain(
      'tools/openai/gpt-5-4.json: id: is given by the file name: remove it from the file (got "gpt-5-4")',
    );
    const other = await loadErrorWith(GPT, (t) => (t.provider = 'anthropic'));
    expect(other.message).toContain(
      'tools/openai/gpt-5-4.json: provider: is given by the folder, which is "openai": remove it from the file (got "anthropic")',
    );
    const results = await loadErrorWith(RESULTS, (r) => (r.model = 'athene-v2-chat'));
    expect(results.message).toContain(`${RESULTS}: model: is given by the file name: remove it from the file`);
    const category = await loadErrorWith('categories/budget.json', (c) => (c.slug = 'budget'));
    expect(category.message).toContain('categories/budget.json: slug: is given by the file name: remove it');
  });

  it('resolves a shared source by its key, and refuses an unknown key or an unused one, naming file, field and value', async () => {
    const unknown = await loadErrorWith(
      RESULTS,
      (r) => ((r.results as { source: string }[])[0]!.source = 'no-such-key'),
    );
    expect(unknown.message).toMatch(
      /benchmarks\/results\/athene-v2-chat\.json: results\.0\.source: is not a key of `sources` \([^)]*\): name one of them, or write the source in full \(got "no-such-key"\)/,
    );
    const unused = await loadErrorWith(
      RESULTS,
      (r) => ((r.sources as Record<string, string>).spare = 'https://example.com/x'),
    );
    expect(unused.message).toContain(
      `${RESULTS}: sources.spare: is named by no result: remove it (got "https://example.com/x")`,
    );
    const source = await loadSourceData(PATHS.data, { releasesDir: PATHS.releases });
    const athene = source.results.find((r) => r.file === RESULTS)!.data;
    expect(athene.model).toBe('athene-v2-chat');
    for (const result of athene.results) expect(result.source).toMatch(/^https:\/\/github\.com\//);
  });

  it('rejects a releaseDate that is not YYYY-MM', async () => {
    const error = await loadErrorWith(GPT, (t) => (t.releaseDate = '2026-13'));
    expect(error.message).toMatch(/gpt-5-4\.json: releaseDate: must be a month YYYY-MM \(got "2026-13"\)/);
  });

  it('rejects a negative or non-numeric price', async () => {
    const negative = await loadErrorWith(GPT, (t) => ((t.pricing as Record<string, unknown>).input = -1));
    expect(negative.message).toMatch(/pricing\.input: must be >= 0 \(got -1\)/);
    const text = await loadErrorWith(GPT, (t) => ((t.pricing as Record<string, unknown>).output = '15'));
    expect(text.message).toMatch(/pricing\.output: must be a number .*\(got "15"\)/);
  });

  it('rejects an unknown enum value', async () => {
    const error = await loadErrorWith(GPT, (t) => (t.status = 'sunset'));
    expect(error.message).toMatch(/gpt-5-4\.json: status: .*\(got "sunset"\)/);
  });

  it('rejects a tool without provenance for a fact', async () => {
    const error = await loadErrorWith(GPT, (t) => delete (t.sources as Record<string, unknown>).pricing);
    expect(error.message).toMatch(/gpt-5-4\.json: sources\.pricing: .*\(got missing\)/);
  });

  it('rejects an unknown sortBy', async () => {
    const [first] = (await loadSourceData(PATHS.data)).useCases;
    const error = await loadErrorWith(first!.file, (u) => (u.sortBy = 'popularity'));
    expect(error.message).toContain(`${first!.file}: sortBy:`);
    expect(error.message).toContain('"popularity"');
  });

  it('rejects unknown keys, so a typo cannot pass silently', async () => {
    const error = await loadErrorWith(GPT, (t) => (t.contextWindowTokens = 5));
    expect(error.message).toContain('contextWindowTokens');
  });
});

describe('cross-file rules', () => {
  it('rule 3: a benchmark result whose tool id does not exist', async () => {
    const source = await freshSource();
    const results = source.results.find((r) => r.data.toolId !== null)!;
    results.data.toolId = 'no-such-model';
    const error = errorOf(() => checkSourceIntegrity(source));
    expect(error.issues).toContainEqual(
      expect.objectContaining({ file: results.file, field: 'toolId', value: 'no-such-model' }),
    );
  });

  it('ids are unique', async () => {
    const source = await freshSource();
    source.tools.push(structuredClone(toolFile(source, 'gpt-5-4')));
    const error = errorOf(() => checkSourceIntegrity(source));
    expect(error.message).toContain('duplicates the id of tools/openai/gpt-5-4.json');
  });

  it('a price of 0 needs the free flag', async () => {
    const source = await freshSource();
    const tool = toolFile(source, 'gpt-5-4');
    tool.data.pricing.output = 0;
    const error = errorOf(() => checkSourceIntegrity(source));
    expect(error.issues).toContainEqual(
      expect.objectContaining({ file: 'tools/openai/gpt-5-4.json', field: 'pricing.output', value: 0 }),
    );
  });

  it('cache prices follow the caching mode', async () => {
    const source = await freshSource();
    const tool = toolFile(source, 'gpt-5-4');
    tool.data.pricing.cacheCreate = 3.75;
    const error = errorOf(() => checkSourceIntegrity(source));
    expect(error.message).toContain(
      'pricing.cacheCreate: must equal input (2.5) when caching is no-write-premium (got 3.75)',
    );
  });

  it('a write discount needs a cache-write price below input, and a write premium one above it', async () => {
    const source = await freshSource();
    const located = toolFile(source, 'minimax-m2-7-highspeed');
    expect(located.data.pricingDetails.caching).toBe('write-discount');
    expect(located.data.pricing.cacheCreate).toBeLessThan(located.data.pricing.input);
    located.data.pricing.cacheCreate = located.data.pricing.input;
    expect(errorOf(() => checkSourceIntegrity(source)).issues).toContainEqual(
      expect.objectContaining({
        file: 'tools/minimax/minimax-m2-7-highspeed.json',
        field: 'pricing.cacheCreate',
        value: 0.6,
        message: 'must be below input (0.6) when caching is write-discount',
      }),
    );
    // The same discounted price under the premium mode is the mistake the other way round.
    located.data.pricing.cacheCreate = 0.375;
    located.data.pricingDetails.caching = 'write-premium';
    expect(errorOf(() => checkSourceIntegrity(source)).message).toContain(
      'pricing.cacheCreate: must exceed input (0.6) when caching is write-premium (got 0.375)',
    );
  });

  it('price tiers must be in ascending order', async () => {
    const source = await freshSource();
    const tool = toolFile(source, 'gpt-5-4');
    const tier = tool.data.pricingDetails.tiers[0]!;
    tool.data.pricingDetails.tiers = [{ ...tier, aboveTokens: 500_000 }, tier];
    const error = errorOf(() => checkSourceIntegrity(source));
    expect(error.issues).toContainEqual(
      expect.objectContaining({
        file: 'tools/openai/gpt-5-4.json',
        field: 'pricingDetails.tiers.1.aboveTokens',
        value: 272000,
      }),
    );
  });

  it('a platform may only offer tools that exist', async () => {
    const source = await freshSource();
    const platform = source.platforms.find((p) => p.data.models.length > 0)!;
    platform.data.models[0]!.toolId = 'ghost-model';
    const error = errorOf(() => checkSourceIntegrity(source));
    expect(error.issues).toContainEqual(
      expect.objectContaining({ file: platform.file, field: 'models.0.toolId', value: 'ghost-model' }),
    );
  });

  it('a tool must belong to an existing provider', async () => {
    const source = await freshSource();
    toolFile(source, 'gpt-5-4').data.provider = 'openia';
    const error = errorOf(() => checkSourceIntegrity(source));
    expect(error.message).toContain('provider: is not the id of a file in data/providers/ (got "openia")');
  });

  it('a use case filter may only name existing categories', async () => {
    const source = await freshSource();
    const useCase = source.useCases[0]!;
    useCase.data.filter.categories = ['cheap'];
    const error = errorOf(() => checkSourceIntegrity(source));
    expect(error.issues).toContainEqual(
      expect.objectContaining({ file: useCase.file, field: 'filter.categories.0', value: 'cheap' }),
    );
  });

  it('an unresolvable placeholder in use-case prose fails the build', async () => {
    const source = await freshSource();
    const useCase = source.useCases[0]!;
    useCase.data.faq[0]!.a = 'It costs {tool:not-a-tool:input}.';
    const error = errorOf(() => buildDocuments(source, { crossValidation: JSON.parse(inject('crossValidation')) }));
    expect(error.issues).toContainEqual(
      expect.objectContaining({ file: useCase.file, field: 'faq.0.a', value: '{tool:not-a-tool:input}' }),
    );
  });
});

describe('rules on the derived documents', () => {
  async function documents() {
    const source = await freshSource();
    return structuredClone(
      buildDocuments(source, { crossValidation: JSON.parse(inject('crossValidation')) }).documents,
      // biome-ignore lint/suspicious/noExplicitAny: these tests break documents on purpose, field by field
    ) as Record<string, any>;
  }

  it('accepts what the build derives', async () => {
    const docs = await documents();
    expect(() => checkDocumentIntegrity(docs as never)).not.toThrow();
  });

  it('rule 4: toolCount must equal the length of tools', async () => {
    const docs = await documents();
    docs['providers.json'].providers[0].toolCount += 1;
    const error = errorOf(() => checkDocumentIntegrity(docs as never));
    expect(error.message).toMatch(/providers\.0\.toolCount: must equal the length of tools .*\(rule 4\)/);
  });

  it('totalTools must equal the number of tools', async () => {
    const docs = await documents();
    const count = docs['tools.json'].tools.length;
    docs['tools.json'].totalTools = count - 1;
    expect(errorOf(() => checkDocumentIntegrity(docs as never)).message).toContain(
      `totalTools: must equal the number of tools (${count}) (got ${count - 1})`,
    );
  });

  it('rule 3 on the document: every modelId is a tool id', async () => {
    const docs = await documents();
    docs['benchmarks.json'].benchmarks.models[0].modelId = 'ghost-model';
    expect(errorOf(() => checkDocumentIntegrity(docs as never)).message).toContain(
      'modelId: is not the id of a tool (rule 3) (got "ghost-model")',
    );
  });

  it('tool.category must be a category slug and agree with the category toolIds', async () => {
    const docs = await documents();
    const tool = docs['tools.json'].tools[0];
    tool.category = [...tool.category, 'no-such-category'];
    expect(errorOf(() => checkDocumentIntegrity(docs as never)).message).toContain(
      'is not a category slug (got "no-such-category")',
    );
    const again = await documents();
    again['categories.json'].categories[0].toolIds.pop();
    expect(errorOf(() => checkDocumentIntegrity(again as never)).message).toContain('disagrees with tools.json');
  });

  it('topPicks must be tool ids', async () => {
    const docs = await documents();
    docs['use-cases.json'].useCases[0].topPicks[0] = 'ghost-model';
    expect(errorOf(() => checkDocumentIntegrity(docs as never)).message).toContain(
      'topPicks.0: is not a tool id (got "ghost-model")',
    );
  });

  it('contextWindow must read "<number>K tokens"', async () => {
    const docs = await documents();
    docs['tools.json'].tools[0].contextWindow = '1M tokens';
    expect(errorOf(() => checkDocumentIntegrity(docs as never)).message).toMatch(
      /dist\/api\/tools\.json: tools\.0\.contextWindow: must be "<number>K tokens"/,
    );
  });
});
