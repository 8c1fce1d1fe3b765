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
import {
  categoryFile,
  platformFile,
  providerFile,
  removedIdsFile,
  resultsFile,
  seriesFile,
  speedFile,
  taskRunsFile,
  toolFile,
  useCaseFile,
} from './source.ts';

/** One kind of curated file: where it lives under data/ and the schema the build reads it with. */
export interface CuratedFileKind {
  /** Names the editor schema: schemas/data/<name>.schema.json. */
  name: string;
  /** Under data/: a folder of files (every `.json` in it), or one file. */
  location: { folder: string; recursive?: true } | { file: string };
  title: string;
  schema: z.ZodType;
}

/** Every kind of curated file the build loads (src/compile/load.ts reads the same places). */
export const CURATED_FILES: readonly CuratedFileKind[] = [
  {
    name: 'tool',
    location: { folder: 'tools', recursive: true },
    title: 'A model: data/tools/<provider>/<id>.json',
    schema: toolFile,
  },
  {
    name: 'provider',
    location: { folder: 'providers' },
    title: 'A provider: data/providers/<id>.json',
    schema: providerFile,
  },
  {
    name: 'results',
    location: { folder: 'benchmarks/results' },
    title: "A model's benchmark results: data/benchmarks/results/<model>.json",
    schema: resultsFile,
  },
  {
    name: 'series',
    location: { file: 'benchmarks/series.json' },
    title: 'The benchmark series: data/benchmarks/series.json',
    schema: seriesFile,
  },
  {
    name: 'category',
    location: { folder: 'categories' },
    title: 'A category: data/categories/<id>.json',
    schema: categoryFile,
  },
  {
    name: 'platform',
    location: { folder: 'platforms' },
    title: 'A coding platform: data/platforms/<id>.json',
    schema: platformFile,
  },
  {
    name: 'use-case',
    location: { folder: 'use-cases' },
    title: 'A use case: data/use-cases/<id>.json',
    schema: useCaseFile,
  },
  {
    name: 'task-runs',
    location: { folder: 'task-runs' },
    title: "A model's published runs with cost and time per task: data/task-runs/<tool-id>.json",
    schema: taskRunsFile,
  },
  {
    name: 'speed',
    location: { folder: 'speed' },
    title: "A model's published speed per endpoint: data/speed/<tool-id>.json",
    schema: speedFile,
  },
  {
    name: 'removed-ids',
    location: { file: 'removed-ids.json' },
    title: 'Ids that left the directory: data/removed-ids.json',
    schema: removedIdsFile,
  },
];

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
  const { $schema, description, ...body } = singleTypes(generated);
  const note =
    'Generated from src/schema by `npm run docs`; do not edit. `npm run validate` also checks what a JSON Schema cannot (real calendar days, references between files).';
  return { $schema, title: kind.title, description: description ? `${description} ${note}` : note, ...body };
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
