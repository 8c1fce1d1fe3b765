/** The README's field reference is generated from the schema; it must not fall behind it. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../src/fs/paths.ts';
import { fieldReference, replaceSection } from '../../src/schema/field-reference.ts';

describe('README', () => {
  it('field reference matches the published schema (run `npm run docs` after changing src/schema)', async () => {
    const readme = await readFile(path.join(ROOT, 'README.md'), 'utf8');
    expect(replaceSection(readme, fieldReference())).toBe(readme);
  });

  it('states the quick start and the licenses', async () => {
    const readme = await readFile(path.join(ROOT, 'README.md'), 'utf8');
    expect(readme).toContain('npm ci && npm start');
    expect(readme).toContain('npm test');
    expect(readme).toMatch(/CC0 1\.0/);
  });
});
