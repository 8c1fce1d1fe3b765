/**
 * The MCP package's hand-written declarations (packages/mcp/index.d.ts) describe the server's source: the type
 * check (`npm test` runs tsc over test/) fails when either side changes alone, and the package ships and points
 * to them. A consumer type-checking against the installed package is test/e2e/packages.test.ts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type * as Declared from '../../packages/mcp/index.d.ts';
import { ROOT } from '../../src/fs/paths.ts';
import type * as Server from '../../src/mcp/server.ts';
import type * as Source from '../../src/mcp/source.ts';

/** True only when A and B are each assignable to the other. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const checks: [
  Same<Declared.DirectorySource, Source.DirectorySource>,
  Same<Declared.McpOptions, Server.McpOptions>,
  Same<typeof Declared.createDirectoryMcpServer, typeof Server.createDirectoryMcpServer>,
] = [true, true, true];

describe('the MCP package declarations', () => {
  it('match the source (checked by the type check) and are what the package points to and ships', () => {
    expect(checks).toEqual([true, true, true]);
    const manifest = JSON.parse(readFileSync(path.join(ROOT, 'packages', 'mcp', 'package.json'), 'utf8'));
    expect(manifest.types).toBe('./index.d.ts');
    expect(manifest.exports['.'].types).toBe('./index.d.ts');
    expect(manifest.files).toContain('index.d.ts');
  });
});
