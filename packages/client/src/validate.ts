/**
 * The optional structural check (`validate: true`). What it checks, exactly: the document is a
 * JSON object; each required top-level field is present with its JSON type; the main array
 * (tools, benchmarks.models, providers, ...) is an array; and every element of it has each
 * required field with its JSON type. What it does not check: formats and patterns (slugs, dates,
 * URLs), enum values, numeric ranges, nested objects below the elements, and cross-document
 * rules. For a full check pass your own validator, e.g. ajv compiled from /api/schemas/*.schema.json.
 * The table it reads (REQUIRED_FIELDS) is generated from the same schema as the types.
 */
import { type DocumentName, type JsonType, REQUIRED_FIELDS } from './types.generated.ts';

/** A validator of your own: return true, or the list of problems. */
export type Validator = (document: unknown, name: string) => true | string[];

function jsonType(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value as JsonType;
}

function checkFields(
  value: Record<string, unknown>,
  fields: Record<string, JsonType[]>,
  where: string,
  issues: string[],
): void {
  for (const [field, types] of Object.entries(fields)) {
    if (!(field in value)) issues.push(`${where}${field} is missing`);
    else if (!types.includes(jsonType(value[field])))
      issues.push(`${where}${field} is ${jsonType(value[field])}, expected ${types.join(' or ')}`);
  }
}

/** Problems found by the structural check (empty when none), for a document known by name. */
export function structuralIssues(document: unknown, name: string): string[] {
  if (jsonType(document) !== 'object') return [`the document is ${jsonType(document)}, expected object`];
  const spec = (REQUIRED_FIELDS as Record<string, (typeof REQUIRED_FIELDS)[DocumentName] | undefined>)[name];
  if (!spec) return [];
  const issues: string[] = [];
  checkFields(document as Record<string, unknown>, spec.root, '', issues);
  const array = spec.array
    .split('.')
    .reduce<unknown>(
      (value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined),
      document,
    );
  if (!Array.isArray(array)) {
    issues.push(`${spec.array} is ${jsonType(array)}, expected array`);
    return issues;
  }
  array.forEach((element, index) => {
    const where = `${spec.array}[${index}].`;
    if (jsonType(element) !== 'object') issues.push(`${spec.array}[${index}] is ${jsonType(element)}, expected object`);
    else checkFields(element as Record<string, unknown>, spec.element, where, issues);
  });
  return issues;
}
