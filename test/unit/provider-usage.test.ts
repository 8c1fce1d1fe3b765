/**
 * Usage straight from provider responses: each documented shape (test/fixtures/provider-usage/,
 * sources in its README) maps to the engine's token classes, the cached-token conventions are not
 * mixed up (OpenAI, OpenRouter and Gemini prompt counts include cached tokens, Anthropic's do not),
 * a shape that cannot be read is an error naming the field, and one call prices a response of a
 * real tool of the built directory.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import {
  costOf,
  priceResponse,
  ProviderUsageError,
  UnknownModelIdError,
  usageFromResponse,
} from '../../src/cost/index.ts';
import { ROOT } from '../../src/fs/paths.ts';
import type { Tool, ToolsDocument } from '../../src/schema/api.ts';

const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(path.join(ROOT, 'test', 'fixtures', 'provider-usage', `${name}.json`), 'utf8'));

const tools = (): Tool[] =>
  (JSON.parse(readFileSync(path.join(inject('distPath'), 'api', 'tools.json'), 'utf8')) as ToolsDocument).tools;

describe('each provider format, as documented', () => {
  it('OpenAI Chat Completions: cached tokens come out of prompt_tokens; completion_tokens already holds the reasoning', () => {
    const read = usageFromResponse(fixture('openai-chat-cached-reasoning'));
    expect(read.format).toBe('openai-chat');
    expect(read.model).toBe('gpt-5-2025-08-07');
    expect(read.usage).toEqual({ input: 78, cacheRead: 1408, cacheWrite: 0, cacheWrite1h: 0, output: 651 });
  });

  it('OpenAI Chat Completions usage object alone, uncached', () => {
    const read = usageFromResponse(fixture('openai-chat-uncached'));
    expect(read).toMatchObject({ format: 'openai-chat', model: null });
    expect(read.usage).toEqual({ input: 19, cacheRead: 0, cacheWrite: 0, cacheWrite1h: 0, output: 10 });
  });

  it('OpenAI Responses API: input_tokens includes input_tokens_details.cached_tokens', () => {
    const read = usageFromResponse(fixture('openai-responses-cached'));
    expect(read.format).toBe('openai-responses');
    expect(read.usage).toEqual({ input: 27, cacheRead: 98, cacheWrite: 0, cacheWrite1h: 0, output: 48 });
  });

  it('Anthropic Messages: input_tokens is already without cache reads and writes', () => {
    const read = usageFromResponse(fixture('anthropic-cached'));
    expect(read).toMatchObject({ format: 'anthropic', model: 'claude-sonnet-4-6' });
    expect(read.usage).toEqual({ input: 1, cacheRead: 30433, cacheWrite: 287, cacheWrite1h: 0, output: 67 });
  });

  it('Anthropic Messages: cache_creation splits the writes into five-minute and one-hour ones', () => {
    const read = usageFromResponse(fixture('anthropic-one-hour'));
    expect(read.usage).toEqual({ input: 500, cacheRead: 0, cacheWrite: 250, cacheWrite1h: 750, output: 200 });
  });

  it('Anthropic Messages through the batch interface (usage.service_tier "batch") are priced as batch', () => {
    const read = usageFromResponse({
      type: 'message',
      usage: { input_tokens: 10, output_tokens: 5, service_tier: 'batch' },
    });
    expect(read.usage.batch).toBe(true);
  });

  it('Gemini: promptTokenCount includes cachedContentTokenCount; thoughts are output beside the candidates', () => {
    const read = usageFromResponse(fixture('gemini-cached-thinking'));
    expect(read).toMatchObject({ format: 'gemini', model: 'gemini-3-flash-preview' });
    expect(read.usage).toEqual({ input: 2000, cacheRead: 10000, cacheWrite: 0, cacheWrite1h: 0, output: 2000 });
  });

  it('Gemini: tool-use prompt tokens are input counted apart from promptTokenCount', () => {
    const read = usageFromResponse({
      usageMetadata: { promptTokenCount: 100, toolUsePromptTokenCount: 40, candidatesTokenCount: 10 },
    });
    expect(read.usage.input).toBe(140);
  });

  it('DeepSeek: prompt_cache_hit_tokens come out of prompt_tokens; both cached counts present and different is refused', () => {
    // A recorded response: DeepSeek names the model that answered (deepseek-v4-flash), not the alias it was sent.
    const read = usageFromResponse(fixture('deepseek-chat-cached'));
    expect(read).toMatchObject({ format: 'openai-chat', model: 'deepseek-v4-flash' });
    expect(read.usage).toEqual({ input: 51, cacheRead: 512, cacheWrite: 0, cacheWrite1h: 0, output: 116 });
    const both = { usage: { prompt_tokens: 10, completion_tokens: 1, prompt_cache_hit_tokens: 4 } };
    expect(
      usageFromResponse({ usage: { ...both.usage, prompt_tokens_details: { cached_tokens: 4 } } }).usage.cacheRead,
    ).toBe(4);
    expect(() => usageFromResponse({ usage: { ...both.usage, prompt_tokens_details: { cached_tokens: 3 } } })).toThrow(
      /prompt_cache_hit_tokens \(4\) and usage.prompt_tokens_details.cached_tokens \(3\) disagree/,
    );
  });

  it('Mistral: cached_tokens come out of prompt_tokens, and the model is the -latest alias it was sent', () => {
    const read = usageFromResponse(fixture('mistral-chat'));
    expect(read).toMatchObject({ format: 'openai-chat', model: 'mistral-large-latest' });
    expect(read.usage).toEqual({ input: 44, cacheRead: 224, cacheWrite: 0, cacheWrite1h: 0, output: 5 });
  });

  it('OpenRouter: both cache reads and cache writes come out of prompt_tokens', () => {
    const read = usageFromResponse(fixture('openrouter-cache-write'));
    expect(read).toMatchObject({ format: 'openrouter', model: 'anthropic/claude-sonnet-4.5' });
    expect(read.usage).toEqual({ input: 94, cacheRead: 0, cacheWrite: 100, cacheWrite1h: 0, output: 2 });
  });
});

describe('the cached-token trap', () => {
  it('an OpenAI prompt of 1,486 tokens with 1,408 cached is priced as 78 input and 1,408 cache reads, never 1,486 input', () => {
    const gpt5 = tools().find((t) => t.id === 'gpt-5');
    if (!gpt5) throw new Error('the directory has no gpt-5');
    const priced = priceResponse({ tools: tools() }, fixture('openai-chat-cached-reasoning'));
    expect(priced.tool.id).toBe('gpt-5');
    const right = costOf(gpt5, { input: 78, cacheRead: 1408, output: 651 });
    const wrong = costOf(gpt5, { input: 1486, output: 651 });
    expect(priced.cost.usd).toBe(right.usd);
    expect(priced.cost.usd).toBeLessThan(wrong.usd ?? 0);
  });

  it('the same numbers in Anthropic fields are not reduced: input_tokens there is the uncached part already', () => {
    const read = usageFromResponse({
      type: 'message',
      usage: { input_tokens: 1486, cache_read_input_tokens: 1408, output_tokens: 651 },
    });
    expect(read.usage.input).toBe(1486);
  });
});

describe('shapes that cannot be read are errors naming the field and value', () => {
  it('cached tokens larger than the prompt they are part of', () => {
    const call = () =>
      usageFromResponse({
        usage: { prompt_tokens: 10, completion_tokens: 1, prompt_tokens_details: { cached_tokens: 11 } },
      });
    expect(call).toThrow(ProviderUsageError);
    expect(call).toThrow(
      /usage\.prompt_tokens_details\.cached_tokens \(11\) is larger than usage\.prompt_tokens \(10\)/,
    );
  });

  it('a count that is not a whole number', () => {
    expect(() => usageFromResponse({ usageMetadata: { promptTokenCount: -3 } })).toThrow(
      /usageMetadata\.promptTokenCount must be a whole number of tokens >= 0, got -3/,
    );
    expect(() => usageFromResponse({ usage: { prompt_tokens: '12', completion_tokens: 1 } })).toThrow(/got "12"/);
  });

  it('a bare { input_tokens, output_tokens } is ambiguous between Anthropic and the Responses API unless the format is given', () => {
    const bare = { input_tokens: 10, output_tokens: 5 };
    expect(() => usageFromResponse(bare)).toThrow(/usage\.input_tokens is ambiguous/);
    expect(usageFromResponse(bare, { format: 'anthropic' }).usage.input).toBe(10);
  });

  it('an object of no known format names the keys it has', () => {
    let error: unknown;
    try {
      usageFromResponse({ tokens: 5 });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ProviderUsageError);
    expect((error as ProviderUsageError).field).toBe('usage');
    expect((error as Error).message).toMatch(
      /none of prompt_tokens, input_tokens or promptTokenCount \(keys: tokens\)/,
    );
  });

  it('Anthropic cache_creation that does not add up to cache_creation_input_tokens', () => {
    const usage = {
      input_tokens: 1,
      output_tokens: 1,
      cache_creation_input_tokens: 10,
      cache_creation: { ephemeral_5m_input_tokens: 3, ephemeral_1h_input_tokens: 3 },
    };
    expect(() => usageFromResponse({ usage })).toThrow(
      /splits 6 written tokens but usage\.cache_creation_input_tokens says 10/,
    );
  });
});

describe('priceResponse: one call from a response to its cost', () => {
  it('an Anthropic response naming a dated snapshot is priced at its tool, one-hour writes at the one-hour rate', () => {
    const priced = priceResponse({ tools: tools() }, fixture('anthropic-one-hour'));
    expect(priced.tool.id).toBe('claude-sonnet-4-5');
    expect(priced.match).toMatchObject({ form: 'exact', normalized: 'claude-sonnet-4-5-20250929' });
    expect(priced.cost.lines?.cacheWrite1h.tokens).toBe(750);
  });

  it('a moving alias is priced as the model its provider points it at on the day priced, and refused on a day it names no listed model', () => {
    const at = '2026-11-23T12:00:00Z';
    const mistral = priceResponse({ tools: tools() }, fixture('mistral-chat'), { at });
    expect(mistral.match).toMatchObject({ form: 'moving-alias', normalized: 'mistral-large-2512' });
    expect(mistral.tool.id).toBe('mistral-large-3');
    expect(mistral.cost.usd).toBeGreaterThan(0);
    expect(priceResponse({ tools: tools() }, fixture('deepseek-chat-cached'), { at }).tool.id).toBe(
      'deepseek-v4-1-flash',
    );
    // On the day it was served (2026-06-10) the name was DeepSeek V4 Flash's own, a model the directory does not list.
    expect(() =>
      priceResponse({ tools: tools() }, fixture('deepseek-chat-cached'), { at: '2026-06-10T09:04:13Z' }),
    ).toThrow(/no source read says what it pointed at on 2026-06-10/);
  });

  it('an OpenRouter slug finds its tool', () => {
    expect(priceResponse({ tools: tools() }, fixture('openrouter-cache-write')).tool.id).toBe('claude-sonnet-4-5');
  });

  it('a model no tool has fails with the closest ids; a response without a model needs the model option', () => {
    const unknown = { model: 'claude-sonnet-4-5-2099', usage: { prompt_tokens: 1, completion_tokens: 1 } };
    expect(() => priceResponse({ tools: tools() }, unknown)).toThrow(UnknownModelIdError);
    expect(() => priceResponse({ tools: tools() }, unknown)).toThrow(/closest: .*claude-sonnet-4-5/);
    expect(() => priceResponse({ tools: tools() }, fixture('openai-chat-uncached'))).toThrow(/names no model/);
    expect(priceResponse({ tools: tools() }, fixture('openai-chat-uncached'), { model: 'gpt-5' }).tool.id).toBe(
      'gpt-5',
    );
  });
});
