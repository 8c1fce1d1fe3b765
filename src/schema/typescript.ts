/**
 * Plain TypeScript declarations of the published documents, generated from the zod schemas (via
 * their JSON Schema) for the client package: its declaration files must not drag zod in.
 * `npm run docs` writes packages/client/src/types.generated.ts; a test fails when it is stale.
 *
 * Besides the interfaces it emits `REQUIRED_FIELDS`: for each document, the JSON type of every
 * required top-level field and of every required field of the elements of its main array. The
 * client's optional structural check (validate: true) is exactly that table, nothing more.
 */
import { COST_DOCUMENTS, changeKind, DOCUMENTS, HISTORY_DOCUMENTS } from './api.ts';
import { DOCUMENT_SCHEMA_NAMES, type JsonSchema, namedJsonSchemas } from './json-schema.ts';

const REF = '#/components/schemas/';

/** Path of each document's main array (as in DOCUMENTS[...].arrayKey). */
const MAIN_ARRAY: Record<string, string> = {
  ...Object.fromEntries(Object.entries(DOCUMENTS).map(([file, d]) => [file, d.arrayKey as string])),
  ...Object.fromEntries(Object.entries(COST_DOCUMENTS).map(([file, d]) => [file, d.arrayKey as string])),
  'freshness.json': 'endpoints',
  'changes.json': 'releases',
  'manifest.json': 'releases',
  'price-history.json': 'tools',
};

function comment(text: string | undefined, indent: string): string {
  if (!text) return '';
  const lines = text.replace(/\*\//g, '*\\/').split('\n');
  return lines.length === 1
    ? `${indent}/** ${lines[0]} */\n`
    : `${indent}/**\n${lines.map((l) => `${indent} * ${l}`).join('\n')}\n${indent} */\n`;
}

const literal = (value: unknown) => JSON.stringify(value);
const needsParens = (type: string) => /[|&]/.test(type) && !/^\{[\s\S]*\}$/.test(type);

function typeOf(schema: JsonSchema, indent: string): string {
  if (typeof schema.$ref === 'string') return schema.$ref.slice(REF.length);
  if ('const' in schema) return literal(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map(literal).join(' | ');
  if (Array.isArray(schema.anyOf) || Array.isArray(schema.oneOf)) {
    const members = ((schema.anyOf ?? schema.oneOf) as JsonSchema[]).map((s) => typeOf(s, indent));
    return [...new Set(members)].join(' | ');
  }
  if (Array.isArray(schema.type))
    return (schema.type as string[]).map((type) => typeOf({ ...schema, type }, indent)).join(' | ');
  switch (schema.type) {
    case 'string':
      return 'string';
    case 'number':
    case 'integer':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'array': {
      const item = schema.items ? typeOf(schema.items as JsonSchema, indent) : 'unknown';
      return needsParens(item) ? `(${item})[]` : `${item}[]`;
    }
    case 'object':
      return objectType(schema, indent);
    default:
      return 'unknown';
  }
}

function objectType(schema: JsonSchema, indent: string): string {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  const inner = `${indent}  `;
  const members = Object.entries(properties).map(([name, property]) => {
    const key = /^[A-Za-z_$][\w$]*$/.test(name) ? name : literal(name);
    return `${comment(property.description as string | undefined, inner)}${inner}${key}${required.has(name) ? '' : '?'}: ${typeOf(property, inner)};`;
  });
  if (members.length === 0) return 'Record<string, unknown>';
  return `{\n${members.join('\n')}\n${indent}}`;
}

type JsonType = 'string' | 'number' | 'boolean' | 'array' | 'object' | 'null';

/** The JSON types a schema allows, or null when any is allowed. */
function jsonTypes(schema: JsonSchema, named: Record<string, JsonSchema>): JsonType[] | null {
  if (typeof schema.$ref === 'string') return jsonTypes(named[schema.$ref.slice(REF.length)]!, named);
  if (Array.isArray(schema.anyOf)) {
    const all = (schema.anyOf as JsonSchema[]).map((s) => jsonTypes(s, named));
    return all.some((t) => t === null) ? null : [...new Set(all.flat() as JsonType[])];
  }
  if (Array.isArray(schema.enum))
    return [...new Set(schema.enum.map((v) => (v === null ? 'null' : (typeof v as JsonType))))];
  if (typeof schema.type === 'string') return [schema.type === 'integer' ? 'number' : (schema.type as JsonType)];
  return null;
}

function requiredTypes(schema: JsonSchema, named: Record<string, JsonSchema>): Record<string, JsonType[]> {
  const out: Record<string, JsonType[]> = {};
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  for (const name of (schema.required ?? []) as string[]) {
    const types = properties[name] ? jsonTypes(properties[name], named) : null;
    if (types) out[name] = types;
  }
  return out;
}

function resolve(schema: JsonSchema, named: Record<string, JsonSchema>): JsonSchema {
  return typeof schema.$ref === 'string' ? resolve(named[schema.$ref.slice(REF.length)]!, named) : schema;
}

/** The schema of the elements of the array at `dotted` (e.g. benchmarks.models) in `schema`. */
function elementSchema(schema: JsonSchema, dotted: string, named: Record<string, JsonSchema>): JsonSchema {
  let current = resolve(schema, named);
  for (const key of dotted.split('.'))
    current = resolve((current.properties as Record<string, JsonSchema>)[key]!, named);
  return resolve(current.items as JsonSchema, named);
}

export interface TypesOptions {
  /** The site's public base URL (refresh.config.json publicBaseUrl), the client's default. */
  publicBaseUrl: string | null;
}

export function generateClientTypes(options: TypesOptions): string {
  const named = namedJsonSchemas(REF);
  const out: string[] = [
    '/**',
    ' * Types of the published documents, generated by `npm run docs` from the zod schemas in src/schema/',
    ' * (through their JSON Schema). Do not edit by hand: a test fails when this file is stale.',
    ' * Fields may be added in later versions; a field is never changed in meaning, and a removal is announced in docs/api.md.',
    ' */',
    '',
  ];
  for (const [name, schema] of Object.entries(named)) {
    const doc = comment(schema.description as string | undefined, '');
    if (doc) out.push(doc.trimEnd());
    if (schema.type === 'object' && !schema.anyOf) out.push(`export interface ${name} ${objectType(schema, '')}`);
    else out.push(`export type ${name} = ${typeOf(schema, '')};`);
    out.push('');
  }
  out.push('/** Every JSON document of the API by file name under /api/. */');
  out.push('export interface DocumentTypes {');
  for (const [file, name] of Object.entries(DOCUMENT_SCHEMA_NAMES)) out.push(`  ${literal(file)}: ${name};`);
  out.push('}');
  out.push('');
  out.push('export type DocumentName = keyof DocumentTypes;');
  out.push('');
  const required: Record<string, unknown> = {};
  for (const [file, name] of Object.entries(DOCUMENT_SCHEMA_NAMES)) {
    const schema = named[name]!;
    required[file] = {
      root: requiredTypes(schema, named),
      array: MAIN_ARRAY[file],
      element: requiredTypes(elementSchema(schema, MAIN_ARRAY[file]!, named), named),
    };
  }
  out.push('export type JsonType = "string" | "number" | "boolean" | "array" | "object" | "null";');
  out.push('');
  out.push(
    "/** For each document: JSON types of its required top-level fields and of the required fields of its main array's elements. */",
  );
  out.push(
    `export const REQUIRED_FIELDS: Record<DocumentName, { root: Record<string, JsonType[]>; array: string; element: Record<string, JsonType[]> }> = ${JSON.stringify(required, null, 2)};`,
  );
  out.push('');
  out.push(
    '/** The public site the client talks to by default (refresh.config.json publicBaseUrl), or null when none is configured. */',
  );
  out.push(`export const PUBLIC_BASE_URL: string | null = ${literal(options.publicBaseUrl)};`);
  out.push('');
  out.push(`/** Documents of the release history (present when the artifact is built with releases). */`);
  out.push(`export const HISTORY_DOCUMENT_NAMES = ${JSON.stringify(Object.keys(HISTORY_DOCUMENTS))} as const;`);
  out.push('');
  out.push('/** Every kind of change a release records (`Change["kind"]`), for filters that check their input. */');
  out.push(`export const CHANGE_KINDS = ${JSON.stringify(changeKind.options)} as const;`);
  out.push('');
  return out.join('\n');
}
