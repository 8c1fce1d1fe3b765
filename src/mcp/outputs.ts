/**
 * The pieces of structuredContent more than one MCP tool answers with, as zod: where the facts come from, a
 * price, a model id's match. Each tool's own output schema is in its module under tools/; the SDK publishes it
 * as the tool's outputSchema and checks every answer against it before sending. Objects are loose (a field
 * added later is allowed); the fields named here are the ones an agent may rely on.
 */
import { z } from 'zod';

export const DATA_SOURCE = z.looseObject({
  from: z.string(),
  lastUpdated: z.string(),
  documents: z.array(z.string()),
  license: z.string(),
  stale: z
    .array(
      z.object({
        document: z.string(),
        fetchedAt: z.string().describe('When this copy was fetched (ISO 8601).'),
        ageSeconds: z.number().int(),
        reason: z.string().describe('Why the API could not be used, in words.'),
      }),
    )
    .optional()
    .describe('Present only when the API could not be reached: the last good copies this answer was made from.'),
});
export const usd = z.number().nullable();

/** How a model string was matched to a model (resolve_model and price_usage). */
export const MATCH = z.looseObject({
  query: z.string(),
  toolId: z.string(),
  form: z
    .string()
    .describe(
      "How it matched: exact; the platform wrapping taken off (bedrock, vertex, azure, platform-prefix, provider-prefix); dated-snapshot, by the provider's version rule; or moving-alias, through the pointer the provider publishes for the day.",
    ),
  normalized: z.string(),
  entry: z.looseObject({ id: z.string(), kind: z.string(), source: z.string() }),
});
/**
 * Where the facts of resolve_model and price_usage come from. It names fewer fields than DATA_SOURCE (whose
 * answers carry the same ones): kept as published, since an agent may cache a tool's outputSchema.
 */
export const USAGE_DATA_SOURCE = z.looseObject({
  from: z.string(),
  lastUpdated: z.string(),
  documents: z.array(z.string()),
});
