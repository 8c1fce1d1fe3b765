/**
 * The models.dev `api.json` format: an object keyed by provider id, each provider with
 * `models` keyed by model id, each model with `cost {input, output, cache_read, cache_write,
 * tiers}`, `limit {context, output}`, `release_date`, `open_weights`, `reasoning`, `tool_call`
 * and `status`. Unknown fields are allowed (upstream adds fields often).
 *
 * The document's shape is checked as a whole; the facts of each model a tool maps to are
 * checked strictly, and every bad value is reported with its place. Other models are read
 * only as candidates and never fail a refresh. Pure.
 */
import { z } from 'zod';
import type { DataIssue } from '../../compile/errors.ts';
import { isDateOrMonth } from '../../schema/common.ts';

const price = z.number({ error: 'must be a number (USD per 1M tokens)' }).finite().min(0, 'must not be negative');

const tierSchema = z.looseObject({
  input: price,
  output: price,
  cache_read: price.optional(),
  cache_write: price.optional(),
  tier: z.looseObject({
    size: z.number({ error: 'must be a number of tokens' }).int().positive('must be positive'),
    type: z.string().optional(),
  }),
});

export const modelsDevModel = z.looseObject({
  name: z.string().optional(),
  cost: z
    .looseObject({
      input: price,
      output: price,
      cache_read: price.optional(),
      cache_write: price.optional(),
      tiers: z.array(tierSchema).optional(),
    })
    .optional(),
  limit: z
    .looseObject({
      context: z.number({ error: 'must be a number of tokens' }).int().positive('must be positive'),
      output: z.number({ error: 'must be a number of tokens' }).int().min(0, 'must not be negative').optional(),
    })
    .optional(),
  // An empty string is how the catalogue leaves a date unstated (google/gemini-3.7-flash in the 2026-07 snapshot):
  // read as unknown, like an absent one, rather than refusing the whole snapshot.
  release_date: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.string().refine(isDateOrMonth, 'must be YYYY-MM or YYYY-MM-DD').optional(),
  ),
  open_weights: z.boolean().optional(),
  reasoning: z.boolean().optional(),
  tool_call: z.boolean().optional(),
  modalities: z.looseObject({ input: z.array(z.string()).optional() }).optional(),
  status: z.string().optional(),
});

/** The whole document: providers with a `models` object of objects. */
export const modelsDevDocument = z.record(
  z.string(),
  z.looseObject({
    name: z.string().optional(),
    models: z.record(z.string(), z.looseObject({})),
  }),
);

export interface UpstreamTier {
  aboveTokens: number;
  input: number;
  output: number;
  cacheRead: number | null;
  cacheWrite: number | null;
}

export interface UpstreamModel {
  key: string;
  name: string | null;
  cost: {
    input: number;
    output: number;
    cacheRead: number | null;
    cacheWrite: number | null;
    tiers: UpstreamTier[];
    ignoredTiers: number;
  } | null;
  contextTokens: number | null;
  maxOutputTokens: number | null;
  releaseMonth: string | null;
  openWeights: boolean | null;
  reasoning: boolean | null;
  toolCalling: boolean | null;
  /** Whether `modalities.input` lists "image"; null when the entry lists no input modalities. */
  imageInput: boolean | null;
  deprecated: boolean;
}

/** A model of the document that no tool maps to, as much as a candidate report needs. */
export interface UpstreamListing {
  key: string;
  provider: string;
  name: string | null;
  releaseDate: string | null;
  deprecated: boolean;
  /** What the document says of it, loosely read (a candidate report shows it; nothing is imported). */
  known: ListingFacts;
}

export interface ListingFacts {
  contextTokens: number | null;
  input: number | null;
  output: number | null;
  openWeights: boolean | null;
  reasoning: boolean | null;
  toolCalling: boolean | null;
  imageInput: boolean | null;
  benchmarks: number;
}

const numberOrNull = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const flagOrNull = (value: unknown) => (typeof value === 'boolean' ? value : null);
/** Image among the input modalities; null when the record lists none (never read as "no image"). */
const imageInputOf = (modalities: unknown): boolean | null => {
  const input = objectOf(modalities).input;
  return Array.isArray(input) ? input.includes('image') : null;
};
const objectOf = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

function listingFacts(record: Record<string, unknown>): ListingFacts {
  const cost = objectOf(record.cost);
  return {
    contextTokens: numberOrNull(objectOf(record.limit).context),
    input: numberOrNull(cost.input),
    output: numberOrNull(cost.output),
    openWeights: flagOrNull(record.open_weights),
    reasoning: flagOrNull(record.reasoning),
    toolCalling: flagOrNull(record.tool_call),
    imageInput: imageInputOf(record.modalities),
    benchmarks: Array.isArray(record.benchmarks) ? record.benchmarks.length : 0,
  };
}

export interface ModelsDevIndex {
  /** Strictly validated models, by "<provider>/<model>" key, for the keys asked for. */
  models: Map<string, UpstreamModel>;
  /** Every model of the document, loosely read. */
  listings: UpstreamListing[];
  providers: Set<string>;
}

export type ModelsDevResult = { ok: true; index: ModelsDevIndex } | { ok: false; issues: DataIssue[] };

function shown(root: unknown, path: readonly PropertyKey[]): unknown {
  let current = root;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

function issuesOf(error: z.ZodError, raw: unknown, label: string, prefix = ''): DataIssue[] {
  return error.issues.map((issue) => ({
    file: label,
    field: [prefix, ...issue.path.map(String)].filter(Boolean).join('.'),
    value: shown(raw, issue.path),
    message: issue.message,
  }));
}

/** "openrouter/anthropic/claude-x" -> provider "openrouter", model "anthropic/claude-x". */
export function splitKey(key: string): { provider: string; model: string } {
  const slash = key.indexOf('/');
  return { provider: key.slice(0, slash), model: key.slice(slash + 1) };
}

function normalise(key: string, model: z.infer<typeof modelsDevModel>): UpstreamModel {
  const cost = model.cost;
  const tiers = (cost?.tiers ?? []).filter((t) => t.tier.type === undefined || t.tier.type === 'context');
  return {
    key,
    name: model.name ?? null,
    cost: cost
      ? {
          input: cost.input,
          output: cost.output,
          cacheRead: cost.cache_read ?? null,
          cacheWrite: cost.cache_write ?? null,
          tiers: tiers
            .map((t) => ({
              aboveTokens: t.tier.size,
              input: t.input,
              output: t.output,
              cacheRead: t.cache_read ?? null,
              cacheWrite: t.cache_write ?? null,
            }))
            .sort((a, b) => a.aboveTokens - b.aboveTokens),
          ignoredTiers: (cost.tiers?.length ?? 0) - tiers.length,
        }
      : null,
    contextTokens: model.limit?.context ?? null,
    maxOutputTokens: model.limit?.output ? model.limit.output : null,
    releaseMonth: model.release_date ? model.release_date.slice(0, 7) : null,
    openWeights: model.open_weights ?? null,
    reasoning: model.reasoning ?? null,
    toolCalling: model.tool_call ?? null,
    imageInput: imageInputOf(model.modalities),
    deprecated: model.status === 'deprecated',
  };
}

/**
 * Validates the document and normalises the models of `wanted` keys. A wanted key that is
 * absent is simply not in `models` (the merge reports it as missing); a wanted model with a
 * bad value fails the whole read with every offending value listed.
 */
export function readModelsDev(raw: unknown, wanted: ReadonlySet<string>, label = 'pricing upstream'): ModelsDevResult {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    return {
      ok: false,
      issues: [
        {
          file: label,
          field: '',
          value: Array.isArray(raw) ? '[array]' : raw,
          message: 'must be an object keyed by provider id',
        },
      ],
    };
  const document = modelsDevDocument.safeParse(raw);
  if (!document.success) return { ok: false, issues: issuesOf(document.error, raw, label) };

  const issues: DataIssue[] = [];
  const models = new Map<string, UpstreamModel>();
  const listings: UpstreamListing[] = [];
  for (const [providerId, provider] of Object.entries(document.data)) {
    for (const [modelId, model] of Object.entries(provider.models)) {
      const key = `${providerId}/${modelId}`;
      const record = model as Record<string, unknown>;
      const releaseDate =
        typeof record.release_date === 'string' && record.release_date !== '' ? record.release_date : null;
      listings.push({
        key,
        provider: providerId,
        name: typeof record.name === 'string' ? record.name : null,
        releaseDate,
        deprecated: record.status === 'deprecated',
        known: listingFacts(record),
      });
      if (!wanted.has(key)) continue;
      const parsed = modelsDevModel.safeParse(model);
      if (!parsed.success) {
        issues.push(...issuesOf(parsed.error, model, `${label} ${key}`));
        continue;
      }
      models.set(key, normalise(key, parsed.data));
    }
  }
  if (issues.length > 0) return { ok: false, issues };
  return { ok: true, index: { models, listings, providers: new Set(Object.keys(document.data)) } };
}
