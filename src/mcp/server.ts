/**
 * The MCP server: the directory as tools a coding agent can call, one module each under tools/, listed in
 * registry.ts. Every tool is read-only (its annotations say so, and whether it reaches the network); every
 * input is validated by a strict zod object (the SDK answers a malformed call or an unknown key with an error
 * naming the field); every answer is structuredContent matching the tool's outputSchema with a short text
 * summary, and cites where each fact comes from and says which scores are estimated (answers.ts).
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { Directory } from './answers.ts';
import { listPortableSchemas } from './portable-schemas.ts';
import { type Registry, TOOLS } from './registry.ts';
import { clientFor, type DirectorySource } from './source.ts';

/** Every tool only reads; it reaches the network when the source is a URL, not an artifact directory. */
export function annotationsFor(source: DirectorySource): ToolAnnotations {
  return { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: source.kind === 'url' };
}

export interface McpOptions {
  source: DirectorySource;
  /** Reported to the client in the initialize handshake. */
  version?: string;
}

export function createDirectoryMcpServer(options: McpOptions): McpServer {
  const directory: Directory = { source: options.source, client: clientFor(options.source) };
  const annotations = annotationsFor(options.source);
  const server = new McpServer(
    { name: 'ai-coding-models-directory', version: options.version ?? '0.1.0' },
    {
      instructions:
        'Facts about AI coding models: prices (USD per 1M tokens), context windows, benchmark scores (measured or estimated), platforms and use cases, each with its source. Use estimate_cost for what a workload costs and recommend_models to choose a model under constraints.',
    },
  );
  registerTools(server, directory, annotations, TOOLS);
  listPortableSchemas(server);
  return server;
}

/** Registers each tool of a registry, in its order; the tests register a fake one the same way. */
export function registerTools(
  server: McpServer,
  directory: Directory,
  annotations: ToolAnnotations,
  tools: Registry<string>,
): void {
  for (const tool of Object.values(tools)) tool.register(server, directory, annotations);
}
