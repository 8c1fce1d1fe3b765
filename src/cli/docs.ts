/**
 * `npm run docs`: rewrites the README's generated field reference and the client package's
 * generated types (packages/client/src/types.generated.ts) from the schema.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ROOT } from '../fs/paths.ts';
import { loadRefreshConfig } from '../refresh/config.ts';
import { fieldReference, replaceSection } from '../schema/field-reference.ts';
import { generateClientTypes } from '../schema/typescript.ts';

const readmePath = path.join(ROOT, 'README.md');
await writeFile(readmePath, replaceSection(await readFile(readmePath, 'utf8'), fieldReference()));
console.log('README.md field reference updated');

const { publicBaseUrl } = await loadRefreshConfig(path.join(ROOT, 'refresh.config.json'));
await writeFile(
  path.join(ROOT, 'packages', 'client', 'src', 'types.generated.ts'),
  generateClientTypes({ publicBaseUrl }),
);
console.log('packages/client/src/types.generated.ts updated');
