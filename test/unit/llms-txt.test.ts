/**
 * /llms.txt as an agent reads it from the built artifact: every endpoint of the index with its
 * size measured on the file actually published, the cost rules stated in the file itself (no
 * pointer to a README the agent cannot see), and how to run the MCP server, CLI and client.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { sizeNote } from '../../src/history/llms-txt.ts';

const dist = () => inject('distPath');
const text = () => readFileSync(path.join(dist(), 'llms.txt'), 'utf8');

describe('/llms.txt', () => {
  it('gives each JSON document its size, as published, in bytes and rough tokens', () => {
    const { endpoints } = JSON.parse(readFileSync(path.join(dist(), 'api', 'index.json'), 'utf8')) as {
      endpoints: { path: string }[];
    };
    const sized = endpoints.filter((e) => !e.path.includes('{'));
    expect(sized.length).toBeGreaterThan(5);
    for (const { path: urlPath } of sized) {
      const bytes = statSync(path.join(dist(), urlPath)).size;
      const line = text()
        .split('\n')
        .find((l) => l.startsWith(`- [${urlPath}](`));
      expect(line, urlPath).toBeDefined();
      expect(line, urlPath).toContain(`(${sizeNote(bytes)})`);
    }
  });

  it('rounds sizes as a reader expects', () => {
    expect(sizeNote(812)).toBe('812 bytes, ~203 tokens');
    expect(sizeNote(96_000)).toBe('96 KB, ~24K tokens');
    expect(sizeNote(400_000)).toBe('400 KB, ~100K tokens');
    expect(sizeNote(2_345_678)).toBe('2.3 MB, ~586K tokens');
  });

  it('states the cost rules itself and how to use the MCP server, the CLI and the client', () => {
    const guide = text();
    expect(guide).not.toMatch(/README/i);
    for (const rule of [
      'strictly exceeds',
      'whole-request',
      'N requests',
      'unpriced',
      'priceFactor',
      'cost-vectors.json',
    ])
      expect(guide, rule).toContain(rule);
    expect(guide).toContain('npx -y @ai-coding-models/mcp --base-url');
    expect(guide).toContain('npx @ai-coding-models/client list');
    expect(guide).toContain('npm install @ai-coding-models/client');
    expect(guide).toContain('ai-coding-models-mcp-0.1.0.tgz');
  });
});
