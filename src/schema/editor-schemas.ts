/**
 * Editor JSON Schemas of the curated files under data/, generated from the same zod schemas the build validates
 * with, so a contributor gets completion, each field's meaning and most errors while typing. `npm run docs` writes
 * them to schemas/data/ and maps them by path in .vscode/settings.json (`json.schemas`), which the data files
 * themselves never name: their content stays exactly what the build reads.
 *
 * What JSON Schema cannot say (a day the calendar lacks, cross-file rules, a tier's threshold order) only the
 * build checks: `npm run validate` stays the last word.
 */
import { z } from 'zod';
import { singleTypes, type JsonSchema } from './json-schema.ts';
import { CURATED_FILES, type CuratedFileKind } from './curated-files.ts';

export { CURATED_FILES, type CuratedFileKind } from './curated-files.ts';

/** Where `npm run docs` writes the editor schemas, relative to the repository root. */
export const EDITOR_SCHEMA_DIR = 'schemas/data';

export const editorSchemaPath = (kind: CuratedFileKind) => `${EDITOR_SCHEMA_DIR}/${kind.name}.schema.json`;

/** The workspace-relative glob of the files of `kind`, as VS Code's `json.schemas` matches them. */
export function curatedGlob(kind: CuratedFileKind): string {
  const { location } = kind;
  if ('file' in location) return `/data/${location.file}`;
  return `/data/${location.folder}/${location.recursive ? '**/' : ''}*.json`;
}

/**
 * VS Code shows `patternErrorMessage` instead of the bare pattern, so a mistyped slug or date reads as the same
 * instruction the build gives (the regex check's own message in the zod schema).
 */
function patternMessage(zodSchema: z.core.$ZodType): string | undefined {
  for (const check of zodSchema._zod.def.checks ?? []) {
    const { format, error } = check._zod.def as { format?: unknown; error?: unknown };
    if (format === 'regex' && typeof error === 'function') {
      const message = (error as (issue: object) => unknown)({});
      if (typeof message === 'string') return message;
    }
  }
  return undefined;
}

/** The editor schema of one kind of curated file: strict (an unknown key is flagged, as the build refuses it). */
export function editorSchema(kind: CuratedFileKind): JsonSchema {
  const generated = z.toJSONSchema(kind.schema, {
    // The file as written: an optional field with a default is optional to the writer.
    io: 'input',
    override: ({ zodSchema, jsonSchema }) => {
      const message = typeof jsonSchema.pattern === 'string' ? patternMessage(zodSchema) : undefined;
      if (message) jsonSchema.patternErrorMessage = message;
    },
  }) as JsonSchema;
  const { $schema, description, ...body } = withoutIdentityFields(kind, singleTypes(generated));
  const note =
    'Generated from src/schema by `npm run docs`; do not edit. `npm run validate` also checks what a JSON Schema cannot (real calendar days, references between files).';
  return { $schema, title: kind.title, description: description ? `${description} ${note}` : note, ...body };
}

/** The file as written has no identity fields (the path gives them), so its schema neither offers nor accepts them. */
function withoutIdentityFields(kind: CuratedFileKind, schema: JsonSchema): JsonSchema {
  const identity = Object.keys(kind.identity);
  if (identity.length === 0) return schema;
  const properties = Object.fromEntries(
    Object.entries(schema.properties as Record<string, JsonSchema>).filter(([key]) => !identity.includes(key)),
  );
  const required = (schema.required as string[]).filter((key) => !identity.includes(key));
  const identityNote = Object.entries(kind.identity)
    .map(([field, part]) => `\`${field}\` is the ${part}`)
    .join(', ');
  const description = [schema.description, `The path gives the identity: ${identityNote}.`].filter(Boolean).join(' ');
  return { ...schema, description, properties, required };
}

/** The text of an editor schema file as `npm run docs` writes it. */
export const editorSchemaText = (kind: CuratedFileKind) => `${JSON.stringify(editorSchema(kind), null, 2)}\n`;

/** VS Code's `json.schemas` entries: each kind's glob mapped to its schema file. */
export const vscodeSchemaMappings = () =>
  CURATED_FILES.map((kind) => ({ fileMatch: [curatedGlob(kind)], url: `./${editorSchemaPath(kind)}` }));

/** `settings` (the parsed .vscode/settings.json, or {}) with its `json.schemas` replaced, as text. */
export function vscodeSettingsText(settings: Record<string, unknown>): string {
  return `${JSON.stringify({ ...settings, 'json.schemas': vscodeSchemaMappings() }, null, 2)}\n`;
}
