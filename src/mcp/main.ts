/**
 * The MCP server over stdio: `ai-coding-models-mcp --base-url https://example.org` (the HTTP API,
 * any mirror) or `ai-coding-models-mcp --dist ./dist` (a local artifact directory); in the
 * repository `npm run mcp -- <flags>`. stdout carries the protocol only; diagnostics go to stderr.
 */
import { parseArgs } from 'node:util';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { DEFAULT_BASE_URL } from '../../packages/client/src/index.ts';
import { BoundedLines, MAX_REQUEST_BYTES } from './bounded-stdin.ts';
import { createDirectoryMcpServer } from './server.ts';
import type { DirectorySource } from './source.ts';

const USAGE = `usage: ai-coding-models-mcp [--base-url <url> | --dist <artifact dir>]   (in the repository: npm run mcp -- ...)
  --base-url <url>   the directory API (site or .../api); default $AI_CODING_MODELS_BASE_URL, else ${DEFAULT_BASE_URL}
  --dist <dir>       read a local artifact directory instead (as written by npm run build)`;

export async function main(argv: string[]): Promise<void> {
  let values: { 'base-url'?: string; dist?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { 'base-url': { type: 'string' }, dist: { type: 'string' }, help: { type: 'boolean', default: false } },
      strict: true,
    }));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
    process.exit(2);
  }
  if (values.help) {
    process.stderr.write(`${USAGE}\n`);
    return;
  }
  if (values['base-url'] && values.dist) {
    process.stderr.write(`--base-url and --dist are alternatives\n${USAGE}\n`);
    process.exit(2);
  }
  const source: DirectorySource = values.dist
    ? { kind: 'artifact', dir: values.dist }
    : { kind: 'url', baseUrl: values['base-url'] ?? process.env.AI_CODING_MODELS_BASE_URL ?? DEFAULT_BASE_URL };
  // The published package's build sets the version; from the repository it is the default.
  const server = createDirectoryMcpServer({ source, version: process.env.AI_CODING_MODELS_MCP_VERSION });
  // An oversized request is answered with an error and dropped; the transport only ever sees bounded lines.
  const stdin = process.stdin.pipe(new BoundedLines(MAX_REQUEST_BYTES, (answer) => process.stdout.write(answer)));
  await server.connect(new StdioServerTransport(stdin));
  process.stderr.write(
    `ai-coding-models-directory MCP server on stdio, reading ${source.kind === 'url' ? source.baseUrl : source.dir}\n`,
  );
}
