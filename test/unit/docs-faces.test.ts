/**
 * The docs of the command line and the MCP server cannot drift from the code (issue 36 item 5): the
 * MCP tool tables name exactly the tools the server registers, and every flag the CLI's help, its
 * examples and its documentation name is one the parser accepts, and every flag the parser accepts
 * is in the help. (The examples themselves run in test/e2e/readme-examples.test.ts.)
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { describe, expect, inject, it } from 'vitest';
import { OPTIONS, USAGE } from '../../packages/client/src/cli/arguments.ts';
import { ROOT } from '../../src/fs/paths.ts';
import { createDirectoryMcpServer } from '../../src/mcp/server.ts';

const read = (page: string) => readFileSync(path.join(ROOT, page), 'utf8');

/** The part of a page from a heading to the next heading of the same level. */
function section(markdown: string, heading: string): string {
  const start = markdown.indexOf(`\n${heading}\n`);
  if (start === -1) throw new Error(`no heading ${heading}`);
  const level = heading.split(' ')[0]!;
  const next = markdown.indexOf(`\n${level} `, start + heading.length + 1);
  return markdown.slice(start, next === -1 ? undefined : next);
}

/** The first cell of each row of the tables whose header starts with `| tool |`. */
function toolTableNames(markdown: string): string[] {
  const names: string[] = [];
  for (const table of markdown.matchAll(/^\| tool \|.*\n\|[-| ]+\|\n((?:\|.*\n?)+)/gm))
    for (const row of table[1]!.trim().split('\n')) names.push(/^\| `([a-z_]+)` \|/.exec(row)?.[1] ?? row);
  return names;
}

async function registeredTools(): Promise<string[]> {
  const server = createDirectoryMcpServer({ source: { kind: 'artifact', dir: inject('distPath') } });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'docs-faces', version: '1.0.0' });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  try {
    return (await client.listTools()).tools.map((t) => t.name).sort();
  } finally {
    await client.close();
    await server.close();
  }
}

const MCP_PAGES = ['packages/mcp/README.md', 'docs/client.md'];

describe('the MCP tool tables', () => {
  it.each(MCP_PAGES)('%s lists every tool the server registers, once, and no other', async (page) => {
    const listed = toolTableNames(read(page));
    expect([...listed].sort()).toEqual(await registeredTools());
  });
});

/** `--flag` names in a text, without the dashes. */
const flagsIn = (text: string) => [...text.matchAll(/(?<![\w-])--([a-z][a-z0-9-]*)/g)].map((m) => m[1]!);

/** What the command line's docs say of it: its examples, and its own sections. */
function cliDocs(): { page: string; text: string }[] {
  const examples = MCP_PAGES.concat('README.md', 'packages/client/README.md').flatMap((page) =>
    read(page)
      .split('\n')
      .filter((line) => /^(npx )?ai-coding-models /.test(line))
      .map((line) => ({ page, text: line.replace(/\s+#.*$/, '') })),
  );
  return [
    ...examples,
    { page: 'docs/client.md', text: section(read('docs/client.md'), '## Command line: `ai-coding-models`') },
    { page: 'packages/client/README.md', text: section(read('packages/client/README.md'), '## Command line') },
  ];
}

describe('the command line flags', () => {
  const accepted = new Set(Object.keys(OPTIONS));

  it('every flag the parser accepts is in --help, and --help names no other', () => {
    const helped = new Set(flagsIn(USAGE));
    expect([...accepted].filter((f) => !helped.has(f))).toEqual([]);
    expect([...helped].filter((f) => !accepted.has(f))).toEqual([]);
  });

  it('every flag the examples and the command-line docs name is one the parser accepts', () => {
    const unknown = cliDocs().flatMap(({ page, text }) =>
      flagsIn(text)
        .filter((f) => !accepted.has(f))
        .map((f) => `${page}: --${f}`),
    );
    expect(unknown).toEqual([]);
  });
});
