/**
 * `npm run mcp`: the MCP server on stdio (src/mcp/), for coding agents. See README "MCP server".
 *
 * The server imports the client package (packages/client/src), which lies outside src/, so it is
 * not part of tsconfig.build.json (rootDir src) but of its own project, tsconfig.mcp.json (rootDir
 * the repository), compiled into out/mcp-runtime/. This entry point is compiled with the rest of
 * src/ by scripts/run.mjs; it compiles that project when it is missing or older than its sources
 * (tsc's output goes to stderr: stdout carries the protocol) and runs it. Run from source (tsx),
 * it imports src/mcp/main.ts directly.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = fileURLToPath(import.meta.url);
const root = path.resolve(path.dirname(here), '..', '..');
const runtime = path.join(root, 'out', 'mcp-runtime');
const stamp = path.join(runtime, '.compiled');
const SOURCES = ['src/mcp', 'src/cost', 'src/schema', 'packages/client/src', 'tsconfig.mcp.json'];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const info = statSync(target);
  if (!info.isDirectory()) return info.mtimeMs;
  return Math.max(0, ...readdirSync(target).map((name) => newestMtime(path.join(target, name))));
}

function compileIfStale(): void {
  if (!existsSync(path.join(root, 'src', 'mcp'))) return; // an installed copy ships out/ only
  if (existsSync(stamp) && statSync(stamp).mtimeMs >= Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s)))))
    return;
  let tsc: string;
  try {
    tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  } catch {
    if (existsSync(stamp)) return;
    process.stderr.write('out/mcp-runtime is missing and TypeScript is not installed: run `npm ci`\n');
    process.exit(1);
  }
  const result = spawnSync(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.mcp.json')], {
    stdio: ['ignore', 2, 2],
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stamp, `${new Date().toISOString()}\n`);
}

let entry: string;
if (here.endsWith('.ts')) entry = path.join(root, 'src', 'mcp', 'main.ts');
else {
  compileIfStale();
  entry = path.join(runtime, 'src', 'mcp', 'main.js');
}
const { main } = (await import(pathToFileURL(entry).href)) as { main(argv: string[]): Promise<void> };
await main(process.argv.slice(2));
