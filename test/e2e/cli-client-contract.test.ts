/**
 * The client's promises that the command line rests on, against the real server on loopback:
 * every failure a caller can provoke is a DirectoryError with the kind the README documents
 * (never the cost engine's own CostError, never a bare TypeError), and every release the
 * repository has published loads through getReleaseDocument and satisfies the type it is given.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  costOf,
  createClient,
  type DirectoryClient,
  DirectoryError,
  type DirectoryErrorKind,
  isReleaseDocumentName,
  releaseDocumentIssues,
  type Tool,
} from '../../packages/client/src/index.ts';
import { ROOT } from '../../src/fs/paths.ts';
import { startNodeTarget, type Target } from '../support/targets.ts';

/** The kind a call failed with, or a description of what else it threw (or that it did not). */
async function kindOf(call: () => unknown): Promise<DirectoryErrorKind | string> {
  try {
    await call();
    return 'no error';
  } catch (error) {
    return error instanceof DirectoryError ? error.kind : `${(error as Error)?.name}: ${(error as Error)?.message}`;
  }
}

describe('the client contract the CLI rests on (Node server)', () => {
  let target: Target;
  let client: DirectoryClient;
  let tool: Tool;

  beforeAll(async () => {
    target = await startNodeTarget(inject('distPath'));
    client = createClient({ baseUrl: target.baseUrl, validate: true });
    tool = (await client.getTools()).tools.find((t) => t.status === 'active' && t.pricing.input !== null)!;
  });
  afterAll(async () => {
    await target?.stop();
  });

  it('every bad input is a DirectoryError with its documented kind', async () => {
    const usage = { input: 1000, output: 100 };
    const cases: [string, () => unknown, DirectoryErrorKind][] = [
      ['a base URL that is not http(s)', () => createClient({ baseUrl: 'ftp://example.org' }), 'invalid-input'],
      ['negative tokens', () => client.costOf(tool.id, { input: -5, output: 1 }), 'invalid-input'],
      ['fractional tokens', () => client.costOf(tool.id, { input: 1.5, output: 1 }), 'invalid-input'],
      ['tokens that are not numbers', () => client.costOf(tool.id, { input: 'many' } as never), 'invalid-input'],
      ['usage that is not an object', () => costOf(tool, null as never), 'invalid-input'],
      ['an instant without a zone', () => client.costOf(tool.id, usage, { at: '2026-11-23T12:00' }), 'invalid-input'],
      ['an impossible instant', () => client.costOf(tool.id, usage, { at: '2026-13-45T00:00:00Z' }), 'invalid-input'],
      ['negative tokens in a ranking', () => client.rank({ input: -1, output: 1 }), 'invalid-input'],
      ['an unknown model', () => client.costOf(`${tool.id}-nope`, usage), 'not-found'],
      ['an unknown platform', () => client.rank(usage, { platform: 'nowhere' }), 'not-found'],
      ['an unknown platform filter', () => client.listTools({ platform: 'nowhere' }), 'not-found'],
      ['an unknown release', () => client.getRelease('1999-01-01'), 'http'],
    ];
    const got = await Promise.all(cases.map(async ([what, call]) => [what, await kindOf(call)] as const));
    expect(Object.fromEntries(got)).toEqual(Object.fromEntries(cases.map(([what, , kind]) => [what, kind])));
  });

  it('every published release loads as ReleaseDocument: every document of every release in releases/', async () => {
    const { releases } = await client.getChanges();
    const published = readdirSync(path.join(ROOT, 'releases')).sort();
    // A preview build may serve a release not cut yet; every cut one must be served.
    expect(releases.map((r) => r.id)).toEqual(expect.arrayContaining(published));
    for (const id of published) {
      // The documents the release itself lists as published.
      const names = (await client.getRelease(id)).documents.map((d) => path.basename(d.path));
      expect(names.filter(isReleaseDocumentName), id).toHaveLength(6);
      for (const name of names.filter(isReleaseDocumentName)) {
        // validate: true makes the client run the release check itself; the explicit one names what failed.
        const document = await client.getReleaseDocument(id, name);
        expect(releaseDocumentIssues(document, name), `${id}/${name}`).toEqual([]);
      }
    }
    const tools = await client.getReleaseDocument(published[0]!, 'tools.json');
    expect(tools.tools.length).toBe(tools.totalTools);
    expect(typeof tools.tools[0]!.pricing.input).toBe('number');
  });

  it('the release check refuses what a release never had, naming the place', () => {
    expect(isReleaseDocumentName('tools.json')).toBe(true);
    expect(isReleaseDocumentName('changes.json')).toBe(false);
    const issues = releaseDocumentIssues(
      { lastUpdated: '2026-11-22', totalTools: 1, tools: [{ id: 7 }] },
      'tools.json',
    );
    expect(issues[0]).toBe('tools.json.tools[0].id: expected string, got number');
    expect(issues).toContain('tools.json.tools[0].pricing: expected an object, got nothing');
  });
});
