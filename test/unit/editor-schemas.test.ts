/**
 * The editor schemas of the curated files (schemas/data/, mapped in .vscode/settings.json): generated from the
 * schema the build validates with, current, covering every file under data/, accepting every real file, and
 * telling a contributor what is wrong with a broken one in the build's own words.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../src/fs/paths.ts';
import {
  CURATED_FILES,
  type CuratedFileKind,
  editorSchema,
  editorSchemaPath,
  editorSchemaText,
  vscodeSchemaMappings,
} from '../../src/schema/editor-schemas.ts';

const DATA = path.join(ROOT, 'data');
const read = (relative: string) => readFileSync(path.join(ROOT, relative), 'utf8');

/** Every .json file under data/, as a path relative to data/. */
const dataFiles = (readdirSync(DATA, { recursive: true, encoding: 'utf8' }) as string[])
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.split(path.sep).join('/'))
  .sort();

function kindsOf(file: string): CuratedFileKind[] {
  return CURATED_FILES.filter(({ location }) => {
    if ('file' in location) return file === location.file;
    const rest = file.startsWith(`${location.folder}/`) ? file.slice(location.folder.length + 1) : undefined;
    return rest !== undefined && (location.recursive === true || !rest.includes('/'));
  });
}

// Strict mode, as the published schemas are checked: an unknown keyword is an error, except VS Code's own.
const ajv = new Ajv2020({ strict: true, allErrors: true, verbose: true });
ajv.addKeyword('patternErrorMessage');
const validators = new Map<string, ValidateFunction>(CURATED_FILES.map((k) => [k.name, ajv.compile(editorSchema(k))]));

/** An ajv error as an editor shows it: the file, the field, the message the schema carries, and the value. */
function readable(file: string, error: ErrorObject): string {
  const where = `data/${file}: ${error.instancePath || '/'}`;
  if (error.keyword === 'additionalProperties')
    return `${where}: unknown field ${JSON.stringify((error.params as { additionalProperty: string }).additionalProperty)}`;
  const message =
    error.keyword === 'pattern' && typeof error.parentSchema?.patternErrorMessage === 'string'
      ? error.parentSchema.patternErrorMessage
      : error.message;
  return `${where}: ${message} (got ${JSON.stringify(error.data)})`;
}

function problems(kind: CuratedFileKind, file: string, body: unknown): string[] {
  const validate = validators.get(kind.name)!;
  return validate(body) ? [] : (validate.errors ?? []).map((error) => readable(file, error));
}

describe('editor schemas of the curated files', () => {
  it('are current (run `npm run docs` after changing src/schema)', () => {
    for (const kind of CURATED_FILES)
      expect(read(editorSchemaPath(kind)), editorSchemaPath(kind)).toBe(editorSchemaText(kind));
    const settings = JSON.parse(read('.vscode/settings.json')) as Record<string, unknown>;
    expect(settings['json.schemas']).toEqual(vscodeSchemaMappings());
  });

  it('map every file under data/ to exactly one schema', () => {
    expect(dataFiles.length).toBeGreaterThan(100);
    const unmapped = dataFiles.filter((file) => kindsOf(file).length !== 1);
    expect(unmapped).toEqual([]);
  });

  it('accept every curated file as it is', () => {
    const failures = dataFiles.flatMap((file) =>
      problems(kindsOf(file)[0]!, file, JSON.parse(readFileSync(path.join(DATA, file), 'utf8'))),
    );
    expect(failures).toEqual([]);
  });

  it("name the file, the field, the build's message and the value of a broken file", () => {
    const file = dataFiles.find((f) => f.startsWith('tools/'))!;
    const tool = JSON.parse(readFileSync(path.join(DATA, file), 'utf8')) as Record<string, unknown>;
    const broken = { ...tool, replacedBy: 'Claude_Opus', contextTokens: -5, pricng: {}, id: 'claude-opus' };
    const found = problems(kindsOf(file)[0]!, file, broken);
    expect(found).toContain(
      `data/${file}: /replacedBy: must be a lowercase slug (a-z, 0-9, single hyphens) (got "Claude_Opus")`,
    );
    expect(found).toContain(`data/${file}: /: unknown field "pricng"`);
    // The path gives the id: the editor flags it in the content, as the build does.
    expect(found).toContain(`data/${file}: /: unknown field "id"`);
    expect(found.some((line) => line.startsWith(`data/${file}: /contextTokens: must be > 0`))).toBe(true);
  });

  it('carry each field’s meaning from the schema', () => {
    const tool = editorSchema(CURATED_FILES.find((k) => k.name === 'tool')!) as {
      properties: Record<string, { description?: string }>;
    };
    expect(tool.properties.pricing?.description).toBeTruthy();
  });
});
