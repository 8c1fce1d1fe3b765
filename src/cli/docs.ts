/** `npm run docs`: rewrites the README's generated field reference from the schema. */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ROOT } from '../fs/paths.ts';
import { fieldReference, replaceSection } from '../schema/field-reference.ts';

const readmePath = path.join(ROOT, 'README.md');
await writeFile(readmePath, replaceSection(await readFile(readmePath, 'utf8'), fieldReference()));
console.log('README.md field reference updated');
