/**
 * Sources written once in a tool file (issue 38, one-file data changes): a source several places of the file share
 * is written once in `sharedSources`, under a key, and each place names the key; the build reads every source in
 * full, refuses a key it cannot resolve naming file, field and value, and the weekly refresh writes the file back
 * with its keys.
 */
import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataError, formatIssue, IssueCollector } from '../../src/compile/errors.ts';
import { loadSourceData } from '../../src/compile/load.ts';
import { resolveToolSources, shareToolSources } from '../../src/compile/shared-sources.ts';
import { PATHS } from '../../src/fs/paths.ts';
import { serializeDataFile } from '../../src/refresh/data-files.ts';
import type { ToolFileAsWritten } from '../../src/schema/source.ts';
import { factSource } from '../support/fixtures.ts';
import { freshSource, toolFile } from '../support/source.ts';

const FABLE = 'tools/anthropic/claude-fable-5-1.json';
const OVERVIEW = 'platform-claude-com-docs-overview';

/** Claude Fable 5.1 as its file writes it: its overview page gives the context window and the release month. */
async function fableAsWritten(): Promise<ToolFileAsWritten> {
  return shareToolSources(toolFile(await freshSource(), 'claude-fable-5-1').data);
}

type Raw = Record<string, Record<string, unknown>>;

/** The build's error for the data with Claude Fable 5.1's file as `edit` leaves it. */
async function loadError(edit: (raw: Raw) => void): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'acmd-shared-sources-'));
  await cp(PATHS.data, dir, { recursive: true });
  const raw = JSON.parse(await readFile(path.join(dir, FABLE), 'utf8')) as Raw;
  edit(raw);
  await writeFile(path.join(dir, FABLE), JSON.stringify(raw));
  try {
    await loadSourceData(dir, { releasesDir: PATHS.releases });
  } catch (error) {
    if (error instanceof DataError) return error.message;
    throw error;
  }
  throw new Error('expected a DataError, but the data was accepted');
}

/** Problems `resolveToolSources` finds in `written`, as the build prints them. */
function problems(written: ToolFileAsWritten): string[] {
  const issues = new IssueCollector();
  resolveToolSources(FABLE, written, issues);
  return issues.issues.map(formatIssue);
}

describe('a source several places of a tool file share', () => {
  it('is written once under a key, and every place naming the key reads it in full', async () => {
    const written = await fableAsWritten();
    expect(Object.keys(written.sharedSources ?? {})).toEqual([OVERVIEW]);
    expect(written.sources.contextWindow).toBe(OVERVIEW);
    expect(written.sources.releaseDate).toBe(OVERVIEW);
    expect(typeof written.sources.pricing).toBe('object');

    const issues = new IssueCollector();
    const tool = resolveToolSources(FABLE, written, issues)!;
    expect(issues.issues).toEqual([]);
    expect(tool.sources.releaseDate).toEqual(written.sharedSources![OVERVIEW]);
    expect(tool.sources.contextWindow).toEqual(tool.sources.releaseDate);
    expect(tool).toEqual(toolFile(await freshSource(), 'claude-fable-5-1').data);
  });

  it('an unknown key fails, naming the file, the field and the value', async () => {
    const written = await fableAsWritten();
    written.sources.releaseDate = 'no-such-key';
    expect(problems(written)).toEqual([
      `${FABLE}: sources.releaseDate: is not a key of \`sharedSources\` (${OVERVIEW}): name one of them, or write the source in full (got "no-such-key")`,
    ]);
    const { sharedSources: _, ...without } = written;
    without.sources.contextWindow = written.sharedSources![OVERVIEW]!;
    expect(problems(without)).toEqual([
      `${FABLE}: sources.releaseDate: is a key, and the file has no \`sharedSources\`: write the source in full, or add it to \`sharedSources\` under this key (got "no-such-key")`,
    ]);
  });

  it('a key no place names fails, naming the key', async () => {
    const written = await fableAsWritten();
    written.sharedSources = { ...written.sharedSources, unused: factSource() };
    expect(problems(written)).toEqual([
      `${FABLE}: sharedSources.unused: is named by no source of the file: remove it (got ${JSON.stringify(factSource())})`,
    ]);
  });

  it('the build refuses each of them in the data with the same words, and a shared source written as a key', async () => {
    const message = await loadError((raw) => {
      raw.sources!.releaseDate = 'no-such-key';
      raw.sharedSources!.other = OVERVIEW;
    });
    expect(message).toContain(
      `${FABLE}: sharedSources.other: must be the source in full, not a key (got "${OVERVIEW}")`,
    );
    expect(await loadError((raw) => (raw.sources!.releaseDate = 'no-such-key'))).toContain(
      `${FABLE}: sources.releaseDate: is not a key of \`sharedSources\` (${OVERVIEW}): name one of them, or write the source in full (got "no-such-key")`,
    );
  });

  it('a source in full with a mistake is named by its own field, not as a failed choice between a key and a source', async () => {
    const { url: _, ...noUrl } = factSource();
    expect(await loadError((raw) => (raw.sources!.batch = noUrl))).toContain(
      `${FABLE}: sources.batch.url: Invalid input: expected string, received undefined (got missing)`,
    );
  });
});

describe('the weekly refresh writes a tool file back through the sharing', () => {
  it('keeps the key of a source it leaves in place, and writes the source it sets in full', async () => {
    const tool = toolFile(await freshSource(), 'claude-fable-5-1').data;
    const imported = factSource({
      name: 'models.dev api.json',
      url: 'https://models.dev/api.json',
      kind: 'aggregator',
    });
    tool.sources.contextWindow = imported;
    const written = JSON.parse(serializeDataFile('tool', tool)) as ToolFileAsWritten;
    expect(written.sources.contextWindow).toEqual(imported);
    // The overview is now the release month's only: the key the file gave it stays, so the diff is one line.
    expect(written.sources.releaseDate).toBe(OVERVIEW);
    expect(Object.keys(written.sharedSources ?? {})).toEqual([OVERVIEW]);
  });

  it('every tool file on disk is what the refresh writes, so rewriting an unchanged file changes nothing', async () => {
    const source = await freshSource();
    for (const { file, data } of source.tools)
      expect(serializeDataFile('tool', data), file).toBe(await readFile(path.join(PATHS.data, file), 'utf8'));
    const shared = source.tools.filter(({ data }) => data.sharedSources !== undefined);
    expect(shared.length).toBeGreaterThan(50);
  });
});
