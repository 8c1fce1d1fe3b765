/**
 * The types of the package's library entry (dist/index.js and dist/index.cjs). The bundle is built by esbuild,
 * which emits no declarations, so these are written here; test/unit/mcp-declarations.test.ts fails the type check
 * when they and the server's source (src/mcp/server.ts, src/mcp/source.ts) stop describing the same thing.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

/** Where the server reads the directory: the HTTP API at a base URL (any mirror), or a local artifact directory. */
export type DirectorySource = { kind: 'url'; baseUrl: string } | { kind: 'artifact'; dir: string };

export interface McpOptions {
  source: DirectorySource;
  /** Reported to the client in the initialize handshake. */
  version?: string;
}

/** The directory's MCP server with its tools registered; connect it to a transport (for example stdio). */
export declare function createDirectoryMcpServer(options: McpOptions): McpServer;
