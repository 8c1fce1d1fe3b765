/**
 * The published JSON Schemas (/api/schemas/): each has `$id` and `title`, compiles under ajv's
 * strict mode, validates the document it describes, and tolerates an added field (the README
 * promises fields may be added); the `.strict` variants reject it. The curated-data validation
 * of the build stays strict: an unknown key in a data file still fails.
 */
import type { ChangesDocument } from '../../src/schema/api.ts';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, inject, it } from 'vitest';
import { toolFileAsWritten } from '../../src/schema/source-tool.ts';
import { PATHS } from '../../src/fs/paths.ts';

const distPath = () => inject('distPath');
const read = (urlPath: string) =>
  JSON.parse(readFileSync(path.join(distPath(), urlPath.replace(/^\//, '')), 'utf8')) as Record<string, unknown>;
const schemaFiles = () =>
  readdirSync(path.join(distPath(), 'api', 'schemas')).filter((f) => f.endsWith('.schema.json'));

/** The document each schema describes (release.schema.json: the newest release record). */
function documentFor(file: string): unknown {
  const stem = file.replace(/(\.strict)?\.schema\.json$/, '');
  if (stem === 'error') return JSON.parse(readFileSync(path.join(distPath(), '404.json'), 'utf8'));
  if (stem === 'release') {
    const { releases } = read('/api/changes.json') as { releases: { id: string }[] };
    return read(`/api/v/${releases[0]!.id}/release.json`);
  }
  if (stem === 'changes-month') return read((read('/api/changes.json') as ChangesDocument).archive[0]!.url);
  if (stem === 'model') {
    const { tools } = read('/api/tools.json') as { tools: { id: string }[] };
    return read(`/api/models/${tools[0]!.id}.json`);
  }
  return read(`/api/${stem}.json`);
}

/** Adds a field at the top level and in the first element of the document's main array. */
function withAddedFields(document: unknown): unknown {
  const copy = structuredClone(document) as Record<string, unknown>;
  copy.addedLater = { any: 'value' };
  for (const value of Object.values(copy)) {
    if (Array.isArray(value) && value[0] && typeof value[0] === 'object')
      (value[0] as Record<string, unknown>).addedLater = 1;
    if (value && typeof value === 'object' && !Array.isArray(value))
      for (const inner of Object.values(value))
        if (Array.isArray(inner) && inner[0] && typeof inner[0] === 'object')
          (inner[0] as Record<string, unknown>).addedLater = 1;
  }
  return copy;
}

describe('published JSON Schemas', () => {
  it('come in tolerant and strict variants for every document', () => {
    const files = schemaFiles();
    for (const stem of [
      'tools',
      'benchmarks',
      'providers',
      'categories',
      'platforms',
      'use-cases',
      'freshness',
      'error',
      'changes',
      'manifest',
      'price-history',
      'release',
      'changes-month',
      'model',
    ]) {
      expect(files, stem).toContain(`${stem}.schema.json`);
      expect(files, stem).toContain(`${stem}.strict.schema.json`);
    }
  });

  it('have $schema (2020-12), $id naming their own URL and a title, and compile under ajv strict mode', () => {
    const ajv = new Ajv2020({ strict: true, allErrors: true });
    for (const file of schemaFiles()) {
      const schema = read(`/api/schemas/${file}`);
      expect(schema.$schema, file).toBe('https://json-schema.org/draft/2020-12/schema');
      expect(schema.$id, file).toBe(`/api/schemas/${file}`);
      expect(typeof schema.title === 'string' && schema.title.length > 0, file).toBe(true);
      expect(() => ajv.compile(schema), file).not.toThrow();
    }
  });

  it('validate the documents they describe; tolerant ones accept an added field, strict ones reject it', () => {
    const ajv = new Ajv2020({ strict: true, allErrors: true });
    for (const file of schemaFiles()) {
      const validate = ajv.compile(read(`/api/schemas/${file}`));
      const document = documentFor(file);
      expect(validate(document), `${file}: ${JSON.stringify(validate.errors?.slice(0, 3))}`).toBe(true);
      const extended = withAddedFields(document);
      expect(validate(extended), `${file} with an added field`).toBe(!file.includes('.strict.'));
    }
  });

  it('still check every defined field in the tolerant variant', () => {
    const ajv = new Ajv2020({ strict: true });
    const validate = ajv.compile(read('/api/schemas/tools.schema.json'));
    const document = structuredClone(read('/api/tools.json')) as { tools: Record<string, unknown>[] };
    document.tools[0]!.contextWindow = '200000 tokens';
    expect(validate(document)).toBe(false);
    delete document.tools[0]!.contextWindow;
    expect(validate(document)).toBe(false);
  });

  it('leave the curated-data validation strict: an unknown key in a data file fails the build', () => {
    const dir = path.join(PATHS.data, 'tools', 'openai');
    const file = readdirSync(dir).find((f) => f.endsWith('.json'))!;
    // The file as written (shared sources named by key), with the identity its path gives.
    const data = {
      id: file.replace(/\.json$/, ''),
      provider: 'openai',
      ...(JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Record<string, unknown>),
    };
    expect(toolFileAsWritten.safeParse(data).success).toBe(true);
    const result = toolFileAsWritten.safeParse({ ...data, unknownKey: true });
    expect(result.success).toBe(false);
    expect(JSON.stringify(result.error?.issues)).toContain('unknownKey');
  });
});
