/**
 * The JSON Schema face of the zod schemas: named component schemas (for the OpenAPI document
 * and the client's generated TypeScript types) and the standalone documents published under
 * /api/schemas/.
 *
 * Published schemas are **tolerant** by default: the README promises that fields may be added,
 * so a client that validates a response with `/api/schemas/tools.schema.json` must not break
 * when a field appears. `*.strict.schema.json` keeps `additionalProperties: false` for checking
 * that a mirror serves exactly this version. The curated-data validation of the build is zod
 * itself and stays strict either way.
 */
import { z } from 'zod';
import {
  benchmarkModel,
  benchmarkSource,
  benchmarksDocument,
  categoriesDocument,
  category,
  change,
  changesDocument,
  changesMonth,
  changesMonthDocument,
  costVector,
  costVectorsDocument,
  modelIdsDocument,
  modelDocument,
  endpointFreshness,
  errorDocument,
  freshnessDocument,
  manifestDocument,
  platform,
  platformsDocument,
  priceHistoryDocument,
  pricePoint,
  provider,
  providersDocument,
  refreshStatus,
  release,
  releaseDocumentEntry,
  scoreDetail,
  tool,
  toolRecord,
  toolsDocument,
  upstreamUsed,
  useCase,
  useCasesDocument,
} from './api.ts';
import {
  conflict,
  factSource,
  factSourceRef,
  priceModifier,
  priceTier,
  pricingDetails,
  publishedPriceModifier,
  publishedPricingDetails,
} from './common.ts';

export type JsonSchema = Record<string, unknown>;

/** Named schemas: each becomes `#/components/schemas/<Name>` and `export interface <Name>` in the client. */
export const NAMED_SCHEMAS: readonly (readonly [string, z.ZodType])[] = [
  ['Tool', tool],
  ['FactSourceRef', factSourceRef],
  ['PublishedPricingDetails', publishedPricingDetails],
  ['PublishedPriceModifier', publishedPriceModifier],
  ['ToolRecord', toolRecord],
  ['FactSource', factSource],
  ['Conflict', conflict],
  ['PricingDetails', pricingDetails],
  ['PriceTier', priceTier],
  ['PriceModifier', priceModifier],
  ['ScoreDetail', scoreDetail],
  ['BenchmarkModel', benchmarkModel],
  ['BenchmarkSource', benchmarkSource],
  ['Provider', provider],
  ['Category', category],
  ['Platform', platform],
  ['UseCase', useCase],
  ['ToolsDocument', toolsDocument],
  ['BenchmarksDocument', benchmarksDocument],
  ['ProvidersDocument', providersDocument],
  ['CategoriesDocument', categoriesDocument],
  ['PlatformsDocument', platformsDocument],
  ['UseCasesDocument', useCasesDocument],
  ['EndpointFreshness', endpointFreshness],
  ['UpstreamUsed', upstreamUsed],
  ['RefreshStatus', refreshStatus],
  ['FreshnessDocument', freshnessDocument],
  ['Change', change],
  ['ReleaseDocumentEntry', releaseDocumentEntry],
  ['Release', release],
  ['ChangesMonth', changesMonth],
  ['ChangesDocument', changesDocument],
  ['ChangesMonthDocument', changesMonthDocument],
  ['ManifestDocument', manifestDocument],
  ['PricePoint', pricePoint],
  ['PriceHistoryDocument', priceHistoryDocument],
  ['CostVector', costVector],
  ['CostVectorsDocument', costVectorsDocument],
  ['ModelIdsDocument', modelIdsDocument],
  ['ModelDocument', modelDocument],
  ['ErrorDocument', errorDocument],
];

/**
 * Each published document's file -> its named schema (below): the OpenAPI document's responses, the client's
 * DocumentTypes map and REQUIRED_FIELDS.
 */
export const DOCUMENT_SCHEMA_NAMES: Record<string, string> = {
  'tools.json': 'ToolsDocument',
  'benchmarks.json': 'BenchmarksDocument',
  'providers.json': 'ProvidersDocument',
  'categories.json': 'CategoriesDocument',
  'platforms.json': 'PlatformsDocument',
  'use-cases.json': 'UseCasesDocument',
  'freshness.json': 'FreshnessDocument',
  'changes.json': 'ChangesDocument',
  'manifest.json': 'ManifestDocument',
  'price-history.json': 'PriceHistoryDocument',
  'cost-vectors.json': 'CostVectorsDocument',
  'model-ids.json': 'ModelIdsDocument',
};

/** Every named schema as JSON Schema, referring to the others through `${refPrefix}<Name>`. */
export function namedJsonSchemas(
  refPrefix: string,
  extra: readonly (readonly [string, z.ZodType])[] = [],
): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of [...NAMED_SCHEMAS, ...extra]) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, { uri: (id) => `${refPrefix}${id}` }) as {
    schemas: Record<string, JsonSchema>;
  };
  const out: Record<string, JsonSchema> = {};
  for (const [id, schema] of Object.entries(schemas)) {
    const { $schema: _schema, $id: _id, ...rest } = schema;
    out[id] = singleTypes(rest);
  }
  return out;
}

/**
 * `type: ["number", "string", "null"]` as `anyOf` of single types: the same meaning, and it
 * compiles under ajv's strict mode without `allowUnionTypes`.
 */
export function singleTypes<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map(singleTypes) as T;
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) out[key] = singleTypes(value);
  if (Array.isArray(out.type) && out.type.length > 1) {
    const types = out.type as string[];
    delete out.type;
    out.anyOf = types.map((type) => ({ type }));
  }
  return out as T;
}

/** A copy without `additionalProperties: false`, so an added field never fails validation. */
export function tolerant<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map(tolerant) as T;
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'additionalProperties' && value === false) continue;
    out[key] = tolerant(value);
  }
  return out as T;
}

export interface PublishedSchemaOptions {
  /** URL path of the schema file, e.g. /api/schemas/tools.schema.json. */
  urlPath: string;
  /** Absolute site URL (no trailing slash) for an absolute `$id`; null for a root-relative one. */
  baseUrl: string | null;
  title: string;
  strict: boolean;
}

/** A standalone JSON Schema (draft 2020-12) document with `$id` and `title`. */
export function publishedSchema(schema: z.ZodType, options: PublishedSchemaOptions): JsonSchema {
  const { $schema, ...body } = singleTypes(z.toJSONSchema(schema) as JsonSchema);
  const description = typeof body.description === 'string' ? body.description : undefined;
  const variant = options.strict
    ? 'Strict variant: rejects any field this version does not define (additionalProperties: false), for checking a mirror against this exact version.'
    : 'Tolerant: fields added in later versions are accepted (the API only ever adds fields); every defined field is checked.';
  return {
    $schema,
    $id: `${options.baseUrl ?? ''}${options.urlPath}`,
    title: options.title,
    ...(options.strict ? body : tolerant(body)),
    description: description ? `${description} ${variant}` : variant,
  };
}
