/**
 * `npm run docs`: rewrites the generated field reference (docs/fields.md), the editor schemas of the curated
 * files (schemas/data/, mapped in .vscode/settings.json) and the client package's generated types
 * (packages/client/src/types.generated.ts) from the schema, and the inline stylesheet's hash in the
 * Content-Security-Policy (src/artifact/http-policy.ts, deploy/nginx.conf).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ROOT } from '../fs/paths.ts';
import { loadRefreshConfig } from '../refresh/config.ts';
import {
  CURATED_FILES,
  EDITOR_SCHEMA_DIR,
  editorSchemaPath,
  editorSchemaText,
  vscodeSettingsText,
} from '../schema/editor-schemas.ts';
import { fieldReference, replaceSection } from '../schema/field-reference.ts';
import { generateClientTypes } from '../schema/typescript.ts';
import { STYLESHEET_CSP_SOURCE } from '../web/stylesheet-policy.ts';

const fieldsPath = path.join(ROOT, 'docs', 'fields.md');
await writeFile(fieldsPath, replaceSection(await readFile(fieldsPath, 'utf8'), fieldReference(), fieldsPath));
console.log('docs/fields.md field reference updated');

await mkdir(path.join(ROOT, EDITOR_SCHEMA_DIR), { recursive: true });
for (const kind of CURATED_FILES) await writeFile(path.join(ROOT, editorSchemaPath(kind)), editorSchemaText(kind));
const settingsPath = path.join(ROOT, '.vscode', 'settings.json');
const settings = await readFile(settingsPath, 'utf8').then(
  (text) => JSON.parse(text) as Record<string, unknown>,
  () => ({}),
);
await mkdir(path.dirname(settingsPath), { recursive: true });
await writeFile(settingsPath, vscodeSettingsText(settings));
console.log(`${EDITOR_SCHEMA_DIR}/ editor schemas and their .vscode/settings.json mapping updated`);

const { publicBaseUrl } = await loadRefreshConfig(path.join(ROOT, 'refresh.config.json'));
await writeFile(
  path.join(ROOT, 'packages', 'client', 'src', 'types.generated.ts'),
  generateClientTypes({ publicBaseUrl }),
);
console.log('packages/client/src/types.generated.ts updated');

const policyPath = path.join(ROOT, 'src', 'artifact', 'http-policy.ts');
const policy = await readFile(policyPath, 'utf8');
await writeFile(
  policyPath,
  policy.replace(/INLINE_STYLESHEET_SOURCE = "[^"]*"/, `INLINE_STYLESHEET_SOURCE = "${STYLESHEET_CSP_SOURCE}"`),
);
const nginxPath = path.join(ROOT, 'deploy', 'nginx.conf');
const nginx = await readFile(nginxPath, 'utf8');
await writeFile(nginxPath, nginx.replace(/style-src [^;"]*;/g, `style-src ${STYLESHEET_CSP_SOURCE};`));
console.log('inline stylesheet hash updated in src/artifact/http-policy.ts and deploy/nginx.conf');
