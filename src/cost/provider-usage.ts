/**
 * A provider's response (or just its usage object) turned into the engine's per-request Usage.
 * The trap this exists for: OpenAI, OpenRouter and Gemini count cached tokens inside their prompt
 * count, Anthropic does not, and the engine's `input` means uncached prompt tokens only. Each
 * format's fields and conventions, with the documentation they come from, are listed in
 * test/fixtures/provider-usage/README.md.
 */
import { CostError } from './errors.ts';
import type { Usage } from './types.ts';

export type UsageFormat = 'openai-chat' | 'openai-responses' | 'anthropic' | 'gemini' | 'openrouter';

export const USAGE_FORMATS: readonly UsageFormat[] = [
  'openai-chat',
  'openai-responses',
  'anthropic',
  'gemini',
  'openrouter',
];

export interface ProviderUsage {
  format: UsageFormat;
  usage: Usage;
  /** The model string the response names (`model`, or Gemini's `modelVersion`); null when it names none. */
  model: string | null;
}

export interface ProviderUsageOptions {
  /** The format, when the object alone cannot say (a bare `{ input_tokens, output_tokens }`). */
  format?: UsageFormat;
}

/** A response or usage object this module cannot read; `field` and `value` name what is wrong. */
export class ProviderUsageError extends CostError {
  readonly field: string;
  readonly value: unknown;

  constructor(field: string, value: unknown, message: string) {
    super('invalid-usage', message);
    this.name = 'ProviderUsageError';
    this.field = field;
    this.value = value;
  }
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function shown(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}

/** A token count at `path`: absent or null is 0 unless required; anything but a whole number >= 0 is an error. */
function count(object: Json, key: string, path: string, required = false): number {
  const value = object[key];
  if (value === undefined || value === null) {
    if (required) throw new ProviderUsageError(path, value, `${path} is missing: a token count is required`);
    return 0;
  }
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
    throw new ProviderUsageError(path, value, `${path} must be a whole number of tokens >= 0, got ${shown(value)}`);
  return value;
}

function child(object: Json, key: string, path: string): Json {
  const value = object[key];
  if (value === undefined || value === null) return {};
  if (!isObject(value)) throw new ProviderUsageError(path, value, `${path} must be an object, got ${shown(value)}`);
  return value;
}

/** `total - part`, refusing a part larger than the count it is said to be included in. */
function without(total: number, totalPath: string, part: number, partPath: string): number {
  if (part > total)
    throw new ProviderUsageError(
      partPath,
      part,
      `${partPath} (${part}) is larger than ${totalPath} (${total}), which is documented to include it`,
    );
  return total - part;
}

/**
 * Prompt tokens read from the cache: `prompt_tokens_details.cached_tokens`, or DeepSeek's `prompt_cache_hit_tokens`
 * (its OpenAI-compatible responses count hits and misses apart, both inside prompt_tokens). Both present and
 * different is refused: which one the bill follows cannot be told.
 */
function cachedPromptTokens(usage: Json, details: Json, base: string): number {
  const cached = count(details, 'cached_tokens', `${base}.prompt_tokens_details.cached_tokens`);
  if (usage.prompt_cache_hit_tokens === undefined || usage.prompt_cache_hit_tokens === null) return cached;
  const hits = count(usage, 'prompt_cache_hit_tokens', `${base}.prompt_cache_hit_tokens`);
  if (details.cached_tokens !== undefined && details.cached_tokens !== null && cached !== hits)
    throw new ProviderUsageError(
      `${base}.prompt_cache_hit_tokens`,
      hits,
      `${base}.prompt_cache_hit_tokens (${hits}) and ${base}.prompt_tokens_details.cached_tokens (${cached}) disagree on the cached prompt tokens`,
    );
  return hits;
}

/** Chat Completions and OpenRouter: prompt_tokens includes cached reads (and OpenRouter's cache writes). */
function fromPromptTokens(usage: Json, base: string): Usage {
  const details = child(usage, 'prompt_tokens_details', `${base}.prompt_tokens_details`);
  const prompt = count(usage, 'prompt_tokens', `${base}.prompt_tokens`, true);
  const cacheRead = cachedPromptTokens(usage, details, base);
  const cacheWrite = count(details, 'cache_write_tokens', `${base}.prompt_tokens_details.cache_write_tokens`);
  const uncached = without(prompt, `${base}.prompt_tokens`, cacheRead, `${base}.prompt_tokens_details.cached_tokens`);
  const input = without(
    uncached,
    `${base}.prompt_tokens minus cached_tokens`,
    cacheWrite,
    `${base}.prompt_tokens_details.cache_write_tokens`,
  );
  // completion_tokens already counts reasoning tokens (completion_tokens_details is a breakdown).
  const output = count(usage, 'completion_tokens', `${base}.completion_tokens`, true);
  return { input, output, cacheRead, cacheWrite, cacheWrite1h: 0 };
}

/** Responses API: input_tokens includes cached tokens; output_tokens includes reasoning. */
function fromResponses(usage: Json, base: string): Usage {
  const details = child(usage, 'input_tokens_details', `${base}.input_tokens_details`);
  const total = count(usage, 'input_tokens', `${base}.input_tokens`, true);
  const cacheRead = count(details, 'cached_tokens', `${base}.input_tokens_details.cached_tokens`);
  const input = without(total, `${base}.input_tokens`, cacheRead, `${base}.input_tokens_details.cached_tokens`);
  const output = count(usage, 'output_tokens', `${base}.output_tokens`, true);
  return { input, output, cacheRead, cacheWrite: 0, cacheWrite1h: 0 };
}

/** Anthropic Messages: input_tokens excludes cache reads and writes; cache_creation splits writes by lifetime. */
function fromAnthropic(usage: Json, base: string, batch: boolean): Usage {
  const input = count(usage, 'input_tokens', `${base}.input_tokens`, true);
  const output = count(usage, 'output_tokens', `${base}.output_tokens`, true);
  const cacheRead = count(usage, 'cache_read_input_tokens', `${base}.cache_read_input_tokens`);
  const writes = count(usage, 'cache_creation_input_tokens', `${base}.cache_creation_input_tokens`);
  const split = usage.cache_creation;
  if (split === undefined || split === null)
    return { input, output, cacheRead, cacheWrite: writes, cacheWrite1h: 0, ...(batch ? { batch } : {}) };
  const byTtl = child(usage, 'cache_creation', `${base}.cache_creation`);
  const fiveMinutes = count(byTtl, 'ephemeral_5m_input_tokens', `${base}.cache_creation.ephemeral_5m_input_tokens`);
  const oneHour = count(byTtl, 'ephemeral_1h_input_tokens', `${base}.cache_creation.ephemeral_1h_input_tokens`);
  if (usage.cache_creation_input_tokens !== undefined && fiveMinutes + oneHour !== writes)
    throw new ProviderUsageError(
      `${base}.cache_creation`,
      byTtl,
      `${base}.cache_creation splits ${fiveMinutes + oneHour} written tokens but ${base}.cache_creation_input_tokens says ${writes}`,
    );
  return { input, output, cacheRead, cacheWrite: fiveMinutes, cacheWrite1h: oneHour, ...(batch ? { batch } : {}) };
}

/** Gemini: promptTokenCount includes cachedContentTokenCount; thoughts are billed as output beside the candidates. */
function fromGemini(metadata: Json, base: string): Usage {
  const prompt = count(metadata, 'promptTokenCount', `${base}.promptTokenCount`, true);
  const cacheRead = count(metadata, 'cachedContentTokenCount', `${base}.cachedContentTokenCount`);
  // Tool results fed back to the model are prompt tokens counted apart from promptTokenCount.
  const toolUse = count(metadata, 'toolUsePromptTokenCount', `${base}.toolUsePromptTokenCount`);
  const input = without(prompt, `${base}.promptTokenCount`, cacheRead, `${base}.cachedContentTokenCount`) + toolUse;
  const output =
    count(metadata, 'candidatesTokenCount', `${base}.candidatesTokenCount`) +
    count(metadata, 'thoughtsTokenCount', `${base}.thoughtsTokenCount`);
  return { input, output, cacheRead, cacheWrite: 0, cacheWrite1h: 0 };
}

interface Located {
  usage: Json;
  base: string;
  response: Json;
}

/** The usage object inside a response, or the object itself when it already is one. */
function locate(value: unknown): Located {
  if (!isObject(value))
    throw new ProviderUsageError('response', value, `response must be a JSON object, got ${shown(value)}`);
  if (value.usageMetadata !== undefined) {
    if (!isObject(value.usageMetadata))
      throw new ProviderUsageError('usageMetadata', value.usageMetadata, 'usageMetadata must be an object');
    return { usage: value.usageMetadata, base: 'usageMetadata', response: value };
  }
  if (value.usage !== undefined) {
    if (!isObject(value.usage))
      throw new ProviderUsageError('usage', value.usage, `usage must be an object, got ${shown(value.usage)}`);
    return { usage: value.usage, base: 'usage', response: value };
  }
  return { usage: value, base: 'usage', response: value };
}

const ANTHROPIC_FIELDS = ['cache_read_input_tokens', 'cache_creation_input_tokens', 'cache_creation'];
const RESPONSES_FIELDS = ['input_tokens_details', 'output_tokens_details', 'total_tokens'];

/** Which format a usage object is in, from the fields only that format has. */
function detect({ usage, base, response }: Located): UsageFormat {
  if ('promptTokenCount' in usage || base === 'usageMetadata') return 'gemini';
  if ('prompt_tokens' in usage) {
    const details = isObject(usage.prompt_tokens_details) ? usage.prompt_tokens_details : {};
    return 'cache_write_tokens' in details || 'cost' in usage ? 'openrouter' : 'openai-chat';
  }
  if ('input_tokens' in usage) {
    const anthropic = ANTHROPIC_FIELDS.some((f) => f in usage) || response.type === 'message';
    const responses = RESPONSES_FIELDS.some((f) => f in usage) || response.object === 'response';
    if (anthropic && !responses) return 'anthropic';
    if (responses && !anthropic) return 'openai-responses';
    throw new ProviderUsageError(
      `${base}.input_tokens`,
      usage.input_tokens,
      `${base}.input_tokens is ambiguous: Anthropic counts it without cached tokens, the OpenAI Responses API with them, and ${anthropic ? 'fields of both are present' : 'nothing else tells them apart'}; pass format 'anthropic' or 'openai-responses'`,
    );
  }
  throw new ProviderUsageError(
    base,
    Object.keys(usage),
    `${base} has none of prompt_tokens, input_tokens or promptTokenCount (keys: ${Object.keys(usage).join(', ') || 'none'}); formats read: ${USAGE_FORMATS.join(', ')}`,
  );
}

function modelOf(response: Json): string | null {
  const model = response.model ?? response.modelVersion;
  if (model === undefined || model === null) return null;
  if (typeof model !== 'string' || model.trim() === '')
    throw new ProviderUsageError('model', model, `model must be a non-empty string, got ${shown(model)}`);
  return model.trim();
}

/**
 * Reads the usage of one provider response: an OpenAI Chat Completions or Responses object, an
 * Anthropic Message, a Gemini GenerateContentResponse or an OpenRouter completion, or only its
 * usage object. Returns the engine's Usage (uncached input, cache reads, cache writes by
 * lifetime, output including reasoning), the format recognised and the model named.
 */
export function usageFromResponse(response: unknown, options: ProviderUsageOptions = {}): ProviderUsage {
  if (options.format !== undefined && !USAGE_FORMATS.includes(options.format))
    throw new ProviderUsageError(
      'format',
      options.format,
      `format must be one of ${USAGE_FORMATS.join(', ')}, got ${shown(options.format)}`,
    );
  const located = locate(response);
  const format = options.format ?? detect(located);
  const { usage, base } = located;
  const model = modelOf(located.response);
  switch (format) {
    case 'openai-chat':
    case 'openrouter':
      return { format, model, usage: fromPromptTokens(usage, base) };
    case 'openai-responses':
      return { format, model, usage: fromResponses(usage, base) };
    case 'anthropic':
      return { format, model, usage: fromAnthropic(usage, base, usage.service_tier === 'batch') };
    case 'gemini':
      return { format, model, usage: fromGemini(usage, base) };
  }
}
