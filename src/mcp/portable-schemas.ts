/**
 * Tool schemas every agent platform reads alike. The SDK turns the zod shapes into JSON Schema
 * with nullable fields as type arrays (`["number", "null"]`) and open objects as
 * `additionalProperties: {}`; both are legal, but clients that map tool schemas onto a
 * single-`type` dialect (the OpenAPI subset of Gemini function declarations, among others)
 * reject or loosen them, and the MCP Inspector's `--strict` check warns about each. The listed
 * schemas are rewritten to the equivalent portable spelling: `anyOf` branches of one type each,
 * and `additionalProperties: true`. Only what tools/list sends changes; the SDK still validates
 * inputs and answers against the zod schemas themselves, which mean the same thing.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

type Json = unknown;

const isRecord = (value: Json): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Keywords that constrain one type only, and so go into the branch of that type when a type array is split. */
const TYPED_KEYWORDS: Readonly<Record<string, readonly string[]>> = {
  number: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  integer: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  string: ['minLength', 'maxLength', 'pattern', 'format'],
  array: ['items', 'minItems', 'maxItems', 'uniqueItems', 'prefixItems'],
  object: ['properties', 'required', 'additionalProperties', 'patternProperties', 'propertyNames'],
};

/** `{ type: [a, b], ...rest }` as `{ anyOf: [{ type: a, ...its keywords }, { type: b, ... }], ...the others }`. */
function splitTypeArray(schema: Record<string, Json>): Record<string, Json> {
  const types = schema.type as Json[];
  const { type: _type, ...rest } = schema;
  const moved = new Set(types.flatMap((t) => TYPED_KEYWORDS[String(t)] ?? []));
  const shared = Object.fromEntries(Object.entries(rest).filter(([key]) => !moved.has(key)));
  const branches = types.map((t) => ({
    type: t,
    ...Object.fromEntries(Object.entries(rest).filter(([key]) => (TYPED_KEYWORDS[String(t)] ?? []).includes(key))),
  }));
  return { ...shared, anyOf: branches };
}

/** The schema with every type array split into anyOf and every empty `additionalProperties` spelled `true`. */
export function portableSchema(schema: Json): Json {
  if (Array.isArray(schema)) return schema.map(portableSchema);
  if (!isRecord(schema)) return schema;
  const walked: Record<string, Json> = {};
  for (const [key, value] of Object.entries(schema))
    walked[key] =
      key === 'additionalProperties' && isRecord(value) && Object.keys(value).length === 0
        ? true
        : // Property names and enum or const values are data, not schemas: copied as they are.
          key === 'enum' || key === 'const' || key === 'required'
          ? value
          : portableSchema(value);
  return Array.isArray(walked.type) ? portableSchema(splitTypeArray(walked)) : walked;
}

interface ListedTool {
  inputSchema?: Json;
  outputSchema?: Json;
}

type Handler = (request: unknown, extra: unknown) => Promise<unknown> | unknown;

/**
 * Rewrites the schemas of the server's tools/list answer with portableSchema. Call after the tools are
 * registered: the SDK installs its tools/list handler with the first one, and this wraps that handler.
 */
export function listPortableSchemas(server: McpServer): void {
  // The SDK keeps request handlers in a private map and offers no hook on the listed definitions.
  const handlers = (server.server as unknown as { _requestHandlers: Map<string, Handler> })._requestHandlers;
  const listed = handlers.get('tools/list');
  if (!listed) throw new Error('listPortableSchemas: no tools/list handler (register the tools first)');
  handlers.set('tools/list', async (request, extra) => {
    const answer = (await listed(request, extra)) as { tools: ListedTool[] };
    return {
      ...answer,
      tools: answer.tools.map((tool) => ({
        ...tool,
        inputSchema: portableSchema(tool.inputSchema),
        ...(tool.outputSchema === undefined ? {} : { outputSchema: portableSchema(tool.outputSchema) }),
      })),
    };
  });
}
