/**
 * "What changed" is answered by one rule (packages/client/src/changes.ts) and reaches back through the monthly
 * archive: a window of the newest releases never cuts an answer short.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { type Change, createClient, type Release, selectChanges } from '../../packages/client/src/index.ts';
import { releaseRecord } from '../support/fixtures.ts';

const change = (toolId: string, kind: Change['kind'], extra: Partial<Change> = {}): Change =>
  ({ kind, toolId, field: 'pricing.input', from: 1, to: 2, ...extra }) as Change;
const release = (id: string, changes: Change[]): Release =>
  releaseRecord(id, { summary: `${changes.length} changes`, changes });

const RELEASES = [
  release('2026-11-28.2', [change('a', 'price-changed'), change('b', 'model-added')]),
  release('2026-11-28', [change('b', 'score-changed', { withinPreviousInterval: true })]),
  release('2026-11-20', [change('a', 'context-changed')]),
  release('2026-10-30', [change('c', 'price-changed')]),
];

describe('selectChanges', () => {
  it('counts every matching release before the limit', () => {
    const selected = selectChanges(RELEASES, { since: '2026-11-01', limit: 1 });
    expect(selected.count).toBe(3);
    expect(selected.releases.map((r) => r.release.id)).toEqual(['2026-11-28.2']);
  });

  it('a model or kinds keep only releases with a matching change, and only those changes', () => {
    const forA = selectChanges(RELEASES, { toolId: 'a' });
    expect(forA.releases.map((r) => [r.release.id, r.changes.map((c) => c.kind)])).toEqual([
      ['2026-11-28.2', ['price-changed']],
      ['2026-11-20', ['context-changed']],
    ]);
    expect(selectChanges(RELEASES, { kinds: ['price-changed'] }).count).toBe(2);
  });

  it('a refit is counted, not listed, unless asked for; a release of only refits still matches its model', () => {
    const forB = selectChanges(RELEASES, { toolId: 'b' });
    expect(forB.releases[1]).toMatchObject({ changes: [], refitsLeftOut: 1 });
    expect(selectChanges(RELEASES, { toolId: 'b', refits: true }).releases[1]!.changes).toHaveLength(1);
  });
});

describe('getReleases follows the monthly archive back to since', () => {
  it('reads the months changes.json does not reach, in order, each release once', async () => {
    const window = { releases: RELEASES.slice(0, 2), lastUpdated: '2026-11-28T00:00:00Z', totalReleases: 4 };
    const archive = [
      { month: '2026-11', url: '/api/changes/2026-11.json', releases: 3 },
      { month: '2026-10', url: '/api/changes/2026-10.json', releases: 1 },
    ];
    const requested: string[] = [];
    const server = createServer((request, response) => {
      requested.push(request.url ?? '');
      const body =
        request.url === '/api/changes.json'
          ? { ...window, archive }
          : request.url === '/api/changes/2026-11.json'
            ? { month: '2026-11', releases: RELEASES.slice(0, 3) }
            : request.url === '/api/changes/2026-10.json'
              ? { month: '2026-10', releases: RELEASES.slice(3) }
              : null;
      response.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body ?? { error: { status: 404, message: 'not found' } }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const client = createClient({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
      const recent = await client.getReleases('2026-11-28');
      expect(recent.releases.map((r) => r.id)).toEqual(['2026-11-28.2', '2026-11-28']);
      expect(requested).toEqual(['/api/changes.json']);
      const older = await client.getReleases('2026-10-01');
      expect(older.releases.map((r) => r.id)).toEqual(['2026-11-28.2', '2026-11-28', '2026-11-20', '2026-10-30']);
      expect(older.totalReleases).toBe(4);
      expect(requested).toContain('/api/changes/2026-10.json');
    } finally {
      server.close();
    }
  });
});
