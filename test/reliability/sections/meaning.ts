/**
 * Attacks at the level of meaning (issue 37): plausible-looking input that would change what the directory
 * says, each injected into the real code and each required to be refused, never taken as truth. Classes:
 *  - names: a leaderboard name or a request id dressed with a look-alike letter, an invisible, space or direction
 *    character (the refresh's matching, the model-id table, the client);
 *  - curated data: a key stated twice, a symbolic link (to another data file and to /etc/passwd), a text over its
 *    limit, a release month or a source verified in the future;
 *  - upstream dates: a day no calendar has, a result dated after it was read or after its model was shut down (and,
 *    as a control, the same row dated in time, which is taken);
 *  - outcomes: a YAML escape JSON lacks, a flood of bad lines (refused, not thrown);
 *  - clients: an endless body, an oversized MCP request line, terminal escapes in API text.
 */
import { cp, mkdtemp, readFile, symlink, unlink, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createClient, NetworkError, printable } from '../../../packages/client/src/index.ts';
import { checkSourceIntegrity } from '../../../src/compile/integrity.ts';
import { DATA_LIMITS, loadSourceData, type SourceData } from '../../../src/compile/load.ts';
import { modelIdEntries, resolveModelId } from '../../../src/cost/model-id.ts';
import { PATHS } from '../../../src/fs/paths.ts';
import { BoundedLines } from '../../../src/mcp/bounded-stdin.ts';
import { matchTool, toolIndex } from '../../../src/refresh/match.ts';
import { mergeUpstreamResults } from '../../../src/refresh/merge-results.ts';
import { readAiderPolyglot } from '../../../src/refresh/upstream/aider-polyglot.ts';
import { DISGUISES } from '../../support/disguises.ts';
import { sendEndlessBody } from '../../support/endless-body.ts';
import { AIDER_FEED } from '../../support/refresh-samples.ts';
import { type Fault, faultRows, refusedBy } from '../faults.ts';
import type { Row } from '../report.ts';
import type { Section, SectionContext } from '../section.ts';

async function nameFaults(): Promise<Fault[]> {
  const source = await loadSourceData(PATHS.data);
  const index = toolIndex(source);
  const tool = source.tools.find((t) => t.data.id === 'llama-4-maverick')!.data;
  const entries = modelIdEntries([{ id: 'kimi-k2-6', aliases: [], crossRefs: null }]);
  return DISGUISES.flatMap(([what, disguise]): Fault[] => [
    [`leaderboard name with ${what}`, async () => matchTool(index, [disguise(tool.name)], {}).kind === 'refused'],
    [`request id with ${what}`, () => refusedBy(() => resolveModelId(entries, disguise('kimi-k2-6')))],
  ]);
}

async function curatedFaults(root: string): Promise<Fault[]> {
  const dir = await mkdtemp(path.join(root, 'data-'));
  await cp(PATHS.data, dir, { recursive: true });
  const file = path.join(dir, 'tools/openai/gpt-5-4.json');
  const original = await readFile(file, 'utf8');
  const refusedWith = (change: () => Promise<void>) => async () => {
    try {
      await change();
      return await refusedBy(() => loadSourceData(dir, { releasesDir: PATHS.releases }));
    } finally {
      await unlink(file).catch(() => {});
      await writeFile(file, original);
    }
  };
  const withJson = (edit: (json: Record<string, unknown>) => void) =>
    refusedWith(async () => {
      const json = JSON.parse(original);
      edit(json);
      await writeFile(file, JSON.stringify(json));
    });
  const future = (edit: (tool: SourceData['tools'][number]['data']) => void) => async () => {
    const source = await loadSourceData(PATHS.data);
    edit(source.tools.find((t) => t.data.id === 'gpt-5-4')!.data);
    return refusedBy(() => checkSourceIntegrity(source, new Date('2026-11-28T00:00:00Z')));
  };
  const inside = path.join(dir, 'tools/openai/gpt-5-2.json');
  return [
    [
      'a key stated twice',
      refusedWith(() => writeFile(file, original.replace(/"output":\s*([\d.]+)/, '"output": $1, "output": 1000'))),
    ],
    ['a data file linked elsewhere', refusedWith(() => unlink(file).then(() => symlink('/etc/passwd', file)))],
    ['a text over its limit', withJson((json) => (json.description = 'x'.repeat(DATA_LIMITS.textCharacters + 1)))],
    ['a release month in the future', future((tool) => (tool.releaseDate = '2099-01'))],
    ['a source verified in the future', future((tool) => (tool.sources.pricing.verified = '2099-01-01'))],
    ['a data file linked to another inside data/', refusedWith(() => unlink(file).then(() => symlink(inside, file)))],
  ];
}

async function upstreamFaults(): Promise<Fault[]> {
  const entry = '- dirname: run\n  test_cases: 225\n  model: gpt-5 (high)\n  pass_rate_2: 88.0\n';
  const read = (yaml: string) => readAiderPolyglot(Buffer.from(yaml), 'https://example.test/board');
  const source = await loadSourceData(PATHS.data);
  // The row is complete (the feed's variant names editFormat and model), so only its date can keep it out.
  const dated = (date: string, toolId = 'gpt-5-4') => {
    const copy = structuredClone(source);
    const tool = copy.tools.find((t) => t.data.id === 'claude-sonnet-4-5')!.data;
    tool.lifecycle!.shutdown!.date = '2026-06-01';
    const fields = { testCases: '225', editFormat: 'diff', model: toolId };
    const report = mergeUpstreamResults(
      copy,
      toolIndex(copy),
      { name: 'aider', aliases: {}, feeds: [AIDER_FEED] },
      [{ row: 1, name: toolId, keys: [toolId], fields, score: 99.9, date, source: 'x' }],
      copy.series.data,
      '2026-11-28',
    );
    return report.added.length === 0 && report.updated.length === 0;
  };
  return [
    ['an upstream date no calendar has', async () => !read(`${entry}  date: 2025-02-31\n`).ok],
    ['an upstream result dated after it was read', async () => dated('2099-12-31')],
    ['a result dated after its model was shut down', async () => dated('2026-10-01', 'claude-sonnet-4-5')],
    ['(control) the same row dated before it was read is taken', async () => !dated('2026-10-01')],
    ['a YAML escape JSON lacks', async () => !read(`${entry}  date: 2025-08-23\n  command: "\\q"\n`).ok],
    ['125,000 bad YAML lines', async () => !read(`${entry}${'not yaml\n'.repeat(125_000)}`).ok],
  ];
}

async function clientFaults(): Promise<Fault[]> {
  const server = createServer((_request, response) => sendEndlessBody(response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const endless = async () => {
    try {
      const error = await createClient({ baseUrl: base, maxBodyBytes: 1 << 20 })
        .request('endless.json')
        .catch((e: unknown) => e);
      return error instanceof NetworkError;
    } finally {
      server.close();
    }
  };
  const oversized = () =>
    new Promise<boolean>((resolve) => {
      const lines = new BoundedLines(1024, () => resolve(true));
      lines.on('data', () => resolve(false));
      lines.end(`${'x'.repeat(4096)}\n`);
    });
  const escapes = async () => {
    const shown = printable('\u001b]8;;https://evil.example/\u0007x\u202egnp');
    return !shown.includes('\u001b') && !shown.includes('\u202e');
  };
  return [
    ['an endless response body', endless],
    ['an MCP request line over the limit', oversized],
    ['terminal escapes and an override in API text', escapes],
  ];
}

export const meaning: Section = {
  name: 'meaning',
  machine: 'shared',
  summary:
    'look-alike names and ids, curated data that lies by accident, impossible upstream dates, malformed YAML, unbounded bodies and terminal escapes',
  async run(context: SectionContext): Promise<Row[]> {
    const groups: [string, Fault[]][] = [
      ['names', await nameFaults()],
      ['curated data', await curatedFaults(context.root)],
      ['upstream', await upstreamFaults()],
      ['clients', await clientFaults()],
    ];
    return faultRows('meaning', groups);
  },
};
