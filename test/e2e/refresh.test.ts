/**
 * The weekly refresh end to end, against a loopback upstream and a running server: a price
 * change is published and visible over HTTP, in changes.json, in the Atom feed, in the price
 * history and under the dated release paths, with no failed request during the switch; every
 * guard rejects a bad upstream while the old data keeps serving with unchanged ETags; the real
 * models.dev snapshot from ../shared gives a sensible, explained outcome.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadSourceData, type SourceData } from '../../src/compile/load.ts';
import { ROOT } from '../../src/fs/paths.ts';
import { runRefreshProcess } from '../../src/refresh/child.ts';
import { runRefresh } from '../../src/refresh/pipeline.ts';
import { listReleaseIds, releaseIdAt } from '../../src/history/releases.ts';
import { newestRelease, REPOSITORY_STAMP, refreshClock, versionOf } from '../support/releases.ts';
import type { RefreshReport } from '../../src/refresh/report.ts';
import { startRefreshService, type RefreshService } from '../../src/refresh/service.ts';
import {
  changesDocument,
  manifestDocument,
  priceHistoryDocument,
  type FreshnessDocument,
  type RefreshStatus,
} from '../../src/schema/api.ts';
import { startServer, type RunningServer } from '../../src/server/server.ts';
import { httpRequest, json } from '../support/http.ts';
import {
  entryOf,
  modelsDevFromSource,
  recordPinnedConflicts,
  withDuplicateModel,
  type ModelsDevDoc,
} from '../fixtures/upstream/models-dev.ts';
import { startUpstream, type Route, type Upstream } from '../fixtures/upstream/server.ts';
import { createWorkspace, TEST_LIMITS, type Workspace } from '../fixtures/upstream/workspace.ts';
import { pricingOnly, runCli, storeArgs } from '../support/processes.ts';
import { publicErrorText } from '../../src/refresh/text-guard.ts';

const NOW = refreshClock(6);
// The workspace records the repository's data as its first release, stamped as the repository's newest release is;
// each refresh at NOW then publishes a release named by that time (the next second when it is taken).
const ORIGINAL_LAST_UPDATED = REPOSITORY_STAMP;
const INITIAL_RELEASE = releaseIdAt(ORIGINAL_LAST_UPDATED, []);
const FIRST = releaseIdAt(NOW, [INITIAL_RELEASE]);
const SECOND = releaseIdAt(NOW, [INITIAL_RELEASE, FIRST]);
const SHARED = path.resolve(ROOT, '..', 'shared', 'reference');
const REAL_MODELS_DEV = path.join(SHARED, 'models-dev-api.json');
const REAL_BENCHMARKS = path.join(SHARED, 'benchmarks.csv');
const SERVED = [
  '/api/tools.json',
  '/api/benchmarks.json',
  '/api/providers.json',
  '/api/categories.json',
  '/api/platforms.json',
  '/api/use-cases.json',
  '/api/changes.json',
  '/api/changes.xml',
  '/api/manifest.json',
  '/api/price-history.json',
];
const sha256 = (body: Buffer) => createHash('sha256').update(body).digest('hex');

describe('weekly refresh end to end', () => {
  let ws: Workspace;
  let upstream: Upstream;
  let running: RunningServer;
  let service: RefreshService;
  let source: SourceData;
  let next: { pricing: string; benchmarks: string; patch?: Record<string, unknown> } = {
    pricing: 'skip',
    benchmarks: 'skip',
  };
  let last: RefreshReport | undefined;

  const get = (urlPath: string, headers: Record<string, string> = {}) =>
    httpRequest(`${running.url}${urlPath}`, { headers });
  const etags = async () =>
    Object.fromEntries(await Promise.all(SERVED.map(async (p) => [p, (await get(p)).headers.etag])));
  const freshness = async () => json<FreshnessDocument>(await get('/api/freshness.json'));
  const serve = (route: string, doc: ModelsDevDoc | string, extra: Route = {}) =>
    upstream.set(route, { body: typeof doc === 'string' ? doc : JSON.stringify(doc), ...extra });
  /** One refresh through the server's refresh service: run, reload, publish the status. */
  async function refresh(
    pricing: string,
    benchmarks = 'skip',
    patch?: Record<string, unknown>,
  ): Promise<RefreshReport> {
    next = {
      pricing: pricing.startsWith('/') && !existsSync(pricing) ? `${upstream.url}${pricing}` : pricing,
      benchmarks: benchmarks.startsWith('/') && !existsSync(benchmarks) ? `${upstream.url}${benchmarks}` : benchmarks,
      patch,
    };
    last = undefined;
    await service.runNow();
    return last!;
  }

  beforeAll(async () => {
    // The disagreements with pinned values are on record, as the first refresh against this document leaves them.
    ws = await createWorkspace(inject('crossValidation'), { prepare: recordPinnedConflicts });
    upstream = await startUpstream();
    running = await startServer({ distPath: ws.distPath, host: '127.0.0.1', port: 0, watchIntervalMs: 0 });
    source = await loadSourceData(ws.dataDir);
    service = await startRefreshService({
      server: {
        reload: () => running.reload(),
        setRefreshStatus: (status: RefreshStatus) => running.setRefreshStatus(status),
        currentRefreshStatus: () => null,
      },
      schedule: null,
      stateDir: ws.stateDir,
      run: async () => {
        last = await runRefresh({
          ...ws,
          config: ws.config(next.pricing, next.benchmarks, next.patch),
          now: () => new Date(NOW),
        });
      },
    });
  });
  afterAll(async () => {
    service?.stop();
    await running?.close(1000);
    await upstream?.close();
    await ws?.remove();
  });

  describe('guards: a bad upstream is rejected and the last good dataset keeps serving', () => {
    let good: ModelsDevDoc;
    beforeAll(() => {
      good = modelsDevFromSource(source);
    });
    const edited = (edit: (doc: ModelsDevDoc) => void) => {
      const doc = structuredClone(good);
      edit(doc);
      return JSON.stringify(doc);
    };
    const cases: [string, () => Route, string, Record<string, unknown>?][] = [
      ['HTTP 500', () => ({ status: 500, body: 'upstream broke' }), 'answered HTTP 500'],
      ['a timeout', () => ({ hang: true }), 'did not answer completely within 1500 ms'],
      [
        'truncated JSON',
        () => ({ body: JSON.stringify(good).slice(0, 20_000) }),
        'pricing upstream: is not valid JSON',
      ],
      ['an oversize body', () => ({ streamBytes: 20 * 1024 * 1024 }), 'sent more than the limit of 8388608 bytes'],
      [
        'a wrong content type',
        () => ({ body: '<html>maintenance</html>', headers: { 'content-type': 'text/html' } }),
        'sent content type "text/html"',
      ],
      [
        'a redirect loop',
        () => ({ status: 302, headers: { location: '/guard.json' } }),
        'redirected more than 2 times',
      ],
      [
        'a wrong type',
        () => ({
          body: edited((d) => {
            d.openai!.models['gpt-5.4']!.cost = { input: '2.50', output: 15 };
          }),
        }),
        'pricing upstream openai/gpt-5.4: cost.input: must be a number (USD per 1M tokens) (got "2.50")',
      ],
      [
        'a negative price',
        () => ({
          body: edited((d) => {
            (d.openai!.models['gpt-5.4']!.cost as Record<string, number>).output = -15;
          }),
        }),
        'pricing upstream openai/gpt-5.4: cost.output: must not be negative (got -15)',
      ],
      [
        'a __proto__ key',
        () => ({ body: JSON.stringify(good).replace('"openai":{', '"openai":{"__proto__":{"polluted":true},') }),
        'pricing upstream: openai.__proto__: forbidden key "__proto__"',
      ],
      [
        'a constructor key inside a model',
        () => ({
          body: JSON.stringify(good).replace('"gpt-5.4":{', '"gpt-5.4":{"constructor":{"prototype":{"x":1}},'),
        }),
        'openai.models.gpt-5.4.constructor: forbidden key "constructor"',
      ],
      [
        'a mass disappearance',
        () => ({
          body: edited((d) => {
            delete d.openai;
            delete d.anthropic;
            delete d.google;
          }),
        }),
        'gpt-5-4: "openai/gpt-5.4" is not in the upstream document;',
      ],
      [
        'a 10x price jump',
        () => ({
          body: edited((d) => {
            (d.openai!.models['gpt-5.4']!.cost as Record<string, number>).input = 25;
          }),
        }),
        'tools/openai/gpt-5-4.json: pricing.input: gpt-5-4: 2.5 -> 25 is a 10.0x change, more than the 5x bound',
      ],
      [
        'a value the build refuses',
        () => ({
          body: edited((d) => {
            (d.openai!.models['gpt-5.4']!.cost as { tiers: { tier: { size: number } }[] }).tiers[0]!.tier.size =
              5_000_000;
          }),
        }),
        'tools/openai/gpt-5-4.json: pricingDetails.tiers.0.aboveTokens: must be below contextTokens (1050000) (got 5000000)',
      ],
      [
        'a duplicate model key (the second copy 20% cheaper)',
        () => ({ body: withDuplicateModel(good) }),
        'pricing upstream: openai.models: duplicate key "gpt-5.4" (2 copies',
      ],
    ];

    it.each(cases)('%s', async (_name, route, expected) => {
      const before = await etags();
      const beforeFreshness = await freshness();
      upstream.set('/guard.json', route());
      const report = await refresh('/guard.json');
      expect(report.outcome).toBe('rejected');
      expect(report.errors.join('\n')).toContain(expected);
      expect(await etags()).toEqual(before);
      const after = await freshness();
      expect(after.lastUpdated).toBe(beforeFreshness.lastUpdated);
      expect(after.buildId).toBe(beforeFreshness.buildId);
      expect(after.refresh.lastOutcome).toBe('rejected');
      expect(after.refresh.lastAttempt).toBe(NOW);
      // Public text names what failed, never what the upstream sent (issue 21): the quoted value is dropped.
      expect(after.refresh.lastError).toContain(publicErrorText(report.errors[0]!).slice(0, 80));
      expect(after.refresh.lastError).not.toContain('(got ');
    });

    it('a benchmark file with an impossible score', async () => {
      const before = await etags();
      upstream.set('/bad.csv', {
        body: 'model_name,model_slug,provider,benchmark,variant,score,unit,date,source\nGPT-5.4,gpt-5-4,OpenAI,SWE-bench Verified,v,150,%,2026-03,https://x.test\n',
        headers: { 'content-type': 'text/csv' },
      });
      const report = await refresh('skip', '/bad.csv');
      expect(report.outcome).toBe('rejected');
      expect(report.errors).toEqual([
        'benchmarks upstream row 1 (gpt-5-4): score: must be between 0 and 100 (a percentage) (got "150")',
      ]);
      expect(await etags()).toEqual(before);
    });

    it('an upstream that matches the served data changes nothing', async () => {
      const before = await etags();
      serve('/same.json', good);
      const report = await refresh('/same.json');
      expect(report.outcome).toBe('unchanged');
      expect(report.updates).toEqual([]);
      expect(report.pinned.length).toBeGreaterThan(0);
      expect(report.candidates).toEqual(expect.arrayContaining([expect.stringContaining('openai/fixture-new-model')]));
      expect(await etags()).toEqual(before);
      expect((await freshness()).refresh.lastOutcome).toBe('unchanged');
    });
  });

  describe('a price change, published', () => {
    let oldTools: Buffer;
    let report: RefreshReport;
    const outcomes: { status: number; sha: string }[] = [];

    beforeAll(async () => {
      oldTools = (await get('/api/tools.json')).body;
      const doc = modelsDevFromSource(source);
      entryOf(doc, source, 'gpt-5-4').cost.input = 3;
      serve('/changed.json', doc);
      // Clients keep asking while the refresh publishes and the server swaps.
      let done = false;
      const load = (async () => {
        while (!done) {
          const responses = await Promise.all([
            get('/api/tools.json'),
            get('/api/tools.json', { 'Accept-Encoding': 'br' }),
          ]);
          const [plain] = responses;
          outcomes.push({ status: plain!.status, sha: sha256(plain!.body) });
          for (const response of responses)
            if (response.status !== 200) outcomes.push({ status: response.status, sha: '' });
        }
      })();
      report = await refresh('/changed.json');
      for (let i = 0; i < 5; i++) await get('/api/tools.json');
      done = true;
      await load;
    });

    it('publishes a release dated by the refresh and no request fails during the switch', async () => {
      expect(report.errors).toEqual([]);
      expect(report.outcome).toBe('published');
      expect(report.release).toBe(FIRST);
      const newTools = (await get('/api/tools.json')).body;
      expect(outcomes.length).toBeGreaterThan(5);
      for (const outcome of outcomes) {
        expect(outcome.status).toBe(200);
        expect([sha256(oldTools), sha256(newTools)]).toContain(outcome.sha);
      }
    });

    it('serves the new price (and keeps the pinned ones) at the plain path', async () => {
      const { tools, lastUpdated } = json<{
        tools: { id: string; pricing: { input: number }; sources: { pricing: { kind: string } } }[];
        lastUpdated: string;
      }>(await get('/api/tools.json'));
      const gpt = tools.find((t) => t.id === 'gpt-5-4')!;
      expect(gpt.pricing.input).toBe(3);
      // tools.json names the source's kind; its name and URL are in the model's own document.
      expect(gpt.sources.pricing.kind).toBe('aggregator');
      const model = json<{ tool: { sources: { pricing: { name: string } } } }>(await get('/api/models/gpt-5-4.json'));
      expect(model.tool.sources.pricing.name).toBe('models.dev api.json openai/gpt-5.4');
      expect(tools.find((t) => t.id === 'gemini-3-8-flash')!.pricing.input).toBe(1.5);
      expect(lastUpdated).toBe(NOW);
      const fresh = await freshness();
      expect(fresh).toMatchObject({ lastUpdated: NOW, datasetVersion: versionOf(FIRST), release: FIRST });
      expect(fresh.refresh).toMatchObject({
        lastAttempt: NOW,
        lastOutcome: 'published',
        lastError: null,
        lastSuccess: NOW,
      });
      expect(fresh.refresh.upstreams[0]!.sha256).toMatch(/^[0-9a-f]{64}$/);
    });

    it('lists the change in /api/changes.json, newest release first', async () => {
      const response = await get('/api/changes.json');
      const changes = changesDocument.parse(json(response));
      expect(changes.releases.map((r) => r.id)).toEqual([FIRST, INITIAL_RELEASE]);
      const [latest, initial] = changes.releases;
      expect(initial!.initial).toBe(true);
      expect(latest!.changes).toEqual(
        expect.arrayContaining([
          {
            kind: 'price-changed',
            toolId: 'gpt-5-4',
            toolName: 'GPT-5.4',
            field: 'pricing.input',
            from: 2.5,
            to: 3,
            percent: 20,
          },
          expect.objectContaining({
            kind: 'source-changed',
            toolId: 'gpt-5-4',
            field: 'sources.pricing',
            from: 'first-party-copy, as of 2026-09-13',
            to: expect.stringMatching(/^aggregator, as of \d{4}-\d{2}-\d{2}$/),
          }),
        ]),
      );
      expect(latest!.summary).toContain('price change');
      expect(latest!.upstreams[0]).toMatchObject({ name: 'pricing', location: `${upstream.url}/changed.json` });
    });

    it('announces it in the Atom feed at /api/changes.xml', async () => {
      const response = await get('/api/changes.xml');
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
      const xml = response.body.toString('utf8');
      expect(XMLValidator.validate(xml)).toBe(true);
      const feed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' }).parse(xml).feed;
      expect(feed['@xmlns']).toBe('http://www.w3.org/2005/Atom');
      expect(feed.updated).toBe(NOW);
      // the two releases, and one entry per id recorded as removed
      const removed = source.removedIds.data.removed;
      expect(feed.entry).toHaveLength(2 + removed.length);
      expect(feed.entry.filter((e: { title: string }) => e.title.startsWith('Release '))).toHaveLength(2);
      expect(feed.entry[0].title).toContain(`Release ${FIRST}`);
      expect(feed.entry[0].content['#text']).toContain('GPT-5.4 (gpt-5-4): pricing.input 2.5 -> 3 (+20%)');
      const alternate = [feed.entry[0].link].flat().find((l: Record<string, string>) => l['@rel'] === 'alternate')[
        '@href'
      ];
      expect((await get(alternate)).status).toBe(200);
    });

    it('records the price with its effective dates in /api/price-history.json', async () => {
      const history = priceHistoryDocument.parse(json(await get('/api/price-history.json')));
      const gpt = history.tools.find((t) => t.toolId === 'gpt-5-4')!;
      expect(gpt.history.map((p) => [p.effectiveFrom, p.effectiveUntil, p.release, p.pricing.input])).toEqual([
        [ORIGINAL_LAST_UPDATED.slice(0, 10), ORIGINAL_LAST_UPDATED.slice(0, 10), INITIAL_RELEASE, 2.5],
        [NOW.slice(0, 10), null, FIRST, 3],
      ]);
      const unchanged = history.tools.find((t) => t.toolId === 'gemini-3-8-flash')!;
      expect(unchanged.history).toHaveLength(1);
    });

    it('keeps every release under an immutable dated URL, with a SHA-256 manifest', async () => {
      const old = await get(`/api/v/${INITIAL_RELEASE}/tools.json`);
      expect(old.status).toBe(200);
      expect(old.headers['cache-control']).toContain('immutable');
      expect(
        json<{ tools: { id: string; pricing: { input: number } }[] }>(old).tools.find((t) => t.id === 'gpt-5-4')!
          .pricing.input,
      ).toBe(2.5);
      expect(old.body.equals(oldTools)).toBe(true);
      const latest = await get(`/api/v/${FIRST}/tools.json`);
      expect(latest.body.equals((await get('/api/tools.json')).body)).toBe(true);
      const manifest = manifestDocument.parse(json(await get('/api/manifest.json')));
      expect(manifest.release).toBe(FIRST);
      for (const entry of [...manifest.documents, ...manifest.releases.flatMap((r) => r.documents)]) {
        const body = (await get(entry.path)).body;
        expect(sha256(body), entry.path).toBe(entry.sha256);
        expect(body.length).toBe(entry.bytes);
      }
      const record = json<{ id: string; changes: unknown[] }>(await get(`/api/v/${FIRST}/release.json`));
      expect(record.id).toBe(FIRST);
      expect((await get('/api/v/2026-11-15/tools.json')).status).toBe(404);
    });

    it('wrote the change to the curated data and the release store', async () => {
      const file = JSON.parse(await readFile(path.join(ws.dataDir, 'tools/openai/gpt-5-4.json'), 'utf8'));
      expect(file.pricing.input).toBe(3);
      expect(file.description).toBe(source.tools.find((t) => t.data.id === 'gpt-5-4')!.data.description);
      // benchmarks.json carries each model's cost per task at the prices in force, so a price change moves the
      // benchmark version too.
      // The dataset's date and versions are the new release's own: no data file holds them.
      expect(await newestRelease(ws.releasesDir)).toMatchObject({
        id: FIRST,
        lastUpdated: NOW,
        datasetVersion: versionOf(FIRST),
        benchmarkVersion: versionOf(FIRST),
      });
      expect(existsSync(path.join(ws.dataDir, 'meta.json'))).toBe(false);
      expect(existsSync(path.join(ws.releasesDir, FIRST, 'release.json'))).toBe(true);
      expect(existsSync(path.join(ws.stateDir, 'refresh', 'pending'))).toBe(false);
    });

    it('the same upstream again is unchanged: same ETags', async () => {
      const before = await etags();
      const again = await refresh('/changed.json');
      expect(again.outcome).toBe('unchanged');
      expect(await etags()).toEqual(before);
    });
  });

  describe('a benchmark score change, published', () => {
    it('updates the result, recomputes the scores and lists the score changes', async () => {
      const results = source.results.find((r) => r.data.toolId === 'gpt-5-4')!;
      const result = results.data.results.find((r) => r.series === 'swe-bench-verified') ?? results.data.results[0]!;
      const quote = (text: string) => `"${text.replace(/"/g, '""')}"`;
      const csv = [
        'model_name,model_slug,provider,benchmark,variant,score,unit,date,source',
        [
          results.data.modelName,
          results.data.model,
          'OpenAI',
          result.benchmark,
          result.variant,
          String(Math.min(100, result.value + 3)),
          '%',
          result.date,
          result.source,
        ]
          .map(quote)
          .join(','),
      ].join('\n');
      upstream.set('/bench.csv', { body: csv, headers: { 'content-type': 'text/csv' } });
      const report = await refresh('skip', '/bench.csv');
      expect(report.errors).toEqual([]);
      expect(report.outcome).toBe('published');
      expect(report.release).toBe(SECOND);
      expect(report.updates).toEqual([
        `${results.data.model}: ${result.benchmark} "${result.variant}" value ${result.value} -> ${Math.min(100, result.value + 3)}`,
      ]);
      expect(report.changes.some((c) => c.kind === 'score-changed' && c.toolId === 'gpt-5-4')).toBe(true);
      const changes = changesDocument.parse(json(await get('/api/changes.json')));
      expect(changes.releases[0]!.id).toBe(SECOND);
      expect(changes.releases[0]!.benchmarkVersion).toBe(versionOf(SECOND));
      const benchmarks = json<{
        benchmarks: { version: string; models: { modelId: string; results: { value: number; variant: string }[] }[] };
      }>(await get('/api/benchmarks.json'));
      expect(benchmarks.benchmarks.version).toBe(versionOf(SECOND));
      const model = benchmarks.benchmarks.models.find((m) => m.modelId === 'gpt-5-4')!;
      expect(
        model.results.some((r) => r.variant === result.variant && r.value === Math.min(100, result.value + 3)),
      ).toBe(true);
    }, 180_000);
  });

  // Last: a refresh from the snapshot may publish a release, which would move the release ids the cases above expect.
  describe.skipIf(!existsSync(REAL_MODELS_DEV))('against the real models.dev snapshot in ../shared', () => {
    it("every tool's upstream.modelsDev id exists in it", async () => {
      const doc = JSON.parse(await readFile(REAL_MODELS_DEV, 'utf8')) as ModelsDevDoc;
      const missing = source.tools
        .map((t) => t.data.upstream.modelsDev)
        .filter((key): key is string => key !== null)
        .filter((key) => {
          const slash = key.indexOf('/');
          return doc[key.slice(0, slash)]?.models[key.slice(slash + 1)] === undefined;
        });
      expect(missing).toEqual([]);
    });

    it('refreshes from it with an explained outcome: pinned promotional and off-peak prices are reported, not published', async () => {
      upstream.set('/real/api.json', { body: await readFile(REAL_MODELS_DEV) });
      upstream.set('/real/benchmarks.csv', {
        body: await readFile(REAL_BENCHMARKS),
        headers: { 'content-type': 'text/csv; charset=utf-8' },
      });
      const before = await etags();
      // The real snapshot is megabytes: on a busy 2-core runner its loopback transfer took over the 1.5 s the
      // hang tests use, so this run has a limit that only a hang reaches.
      const report = await refresh('/real/api.json', existsSync(REAL_BENCHMARKS) ? '/real/benchmarks.csv' : 'skip', {
        limits: { ...TEST_LIMITS, timeoutMs: 60_000 },
      });
      expect(report.errors).toEqual([]);
      // The snapshot agrees with the curated data except where a pin says why it must not be followed.
      expect(report.pinned).toEqual(
        expect.arrayContaining([
          expect.stringMatching(
            /^gemini-3-8-flash: pricing\.input kept 1\.5, upstream has 0\.75 \(pinned pricing: .*introductory/,
          ),
          expect.stringMatching(/^deepseek-v4-pro: pricing\.input kept 1\.32, upstream has 0\.435/),
          expect.stringMatching(/^deepseek-v4-pro: contextTokens kept 1048576, upstream has 1000000/),
          expect.stringMatching(/^deepseek-v4-pro: releaseDate kept 2026-08, upstream has 2026-04/),
          expect.stringMatching(/^deepseek-v4-1-flash: pricing\.output kept 1\.2, upstream has 0\.6 .*off-peak/),
        ]),
      );
      expect(report.missing).toEqual([]);
      expect(report.candidates.length).toBeGreaterThan(0);
      if (report.benchmarks) expect(report.benchmarks.newModels.length).toBeGreaterThan(0);
      if (report.outcome === 'unchanged') {
        expect(report.updates).toEqual([]);
        expect(await etags()).toEqual(before);
      } else {
        // The curated data moved on since the snapshot (and the cases above edited it): what the snapshot says
        // differently is published as one release, with the pins kept.
        expect(report.outcome).toBe('published');
        expect(report.release).not.toBeNull();
      }
      const tools = json<{ tools: { id: string; pricing: { input: number } }[] }>(await get('/api/tools.json')).tools;
      expect(tools.find((t) => t.id === 'gemini-3-8-flash')!.pricing.input).toBe(1.5);
      expect(tools.find((t) => t.id === 'deepseek-v4-pro')!.pricing.input).toBe(1.32);
      const status = (await freshness()).refresh;
      expect(status.lastOutcome).toBe(report.outcome);
      expect(status.upstreams[0]).toEqual({
        name: 'pricing',
        location: `${upstream.url}/real/api.json`,
        sha256: sha256(await readFile(REAL_MODELS_DEV)),
      });
    }, 180_000);
  });
});

describe('command lines', () => {
  let ws: Workspace;
  let upstream: Upstream;
  beforeAll(async () => {
    ws = await createWorkspace(inject('crossValidation'));
    upstream = await startUpstream();
  });
  afterAll(async () => {
    await upstream?.close();
    await ws?.remove();
  });

  const stores = () => storeArgs(ws);
  // A refresh's clock a minute after the data's date, not the wall clock: a shutdown date in the data that the
  // calendar has since passed would otherwise make a refresh that reads nothing publish a retirement.
  const refreshStores = () => [
    ...stores(),
    '--now',
    new Date(Date.parse(ORIGINAL_LAST_UPDATED) + 60_000).toISOString(),
  ];
  /** `npm start` on the workspace with `flags`, until its output matches `until` (or it exits). */
  const serveCli = (flags: string[], until?: RegExp) =>
    runCli('serve', [...stores(), '--port', '0', '--host', '127.0.0.1', ...flags], until);

  it('npm run refresh exits 2 with the report on stderr when rejected, 0 when nothing changed', async () => {
    upstream.set('/down.json', { status: 503 });
    const rejected = await runCli('refresh', [...refreshStores(), ...pricingOnly(`${upstream.url}/down.json`)]);
    expect(rejected.code).toBe(2);
    expect(rejected.stderr).toContain('refresh REJECTED: the last good dataset keeps serving');
    expect(rejected.stderr).toContain('answered HTTP 503');
    const skipped = await runCli('refresh', [...refreshStores(), ...pricingOnly('skip')]);
    expect(skipped.code).toBe(0);
    expect(skipped.stdout).toContain('nothing to publish');
  }, 180_000);

  it('npm run refresh -- --dry-run reports what it would publish and writes nothing', async () => {
    const source = await loadSourceData(ws.dataDir);
    const doc = modelsDevFromSource(source);
    entryOf(doc, source, 'gpt-5-4').cost.output = 16;
    upstream.set('/dry.json', { body: JSON.stringify(doc) });
    const before = await readFile(path.join(ws.dataDir, 'tools/openai/gpt-5-4.json'));
    const run1 = await runCli('refresh', [...refreshStores(), ...pricingOnly(`${upstream.url}/dry.json`, '--dry-run')]);
    expect(run1.code, run1.stderr).toBe(0);
    expect(run1.stdout).toContain('refresh would publish release');
    expect(run1.stdout).toContain('GPT-5.4 (gpt-5-4): pricing.output 15 -> 16 (+6.7%)');
    expect((await readFile(path.join(ws.dataDir, 'tools/openai/gpt-5-4.json'))).equals(before)).toBe(true);
    expect(await listReleaseIds(ws.releasesDir)).toEqual([INITIAL_RELEASE]);
  }, 180_000);

  it("the server's child-process runner returns the refresh report", async () => {
    upstream.set('/down.json', { status: 503 });
    const lines: string[] = [];
    const result = await runRefreshProcess([...refreshStores(), ...pricingOnly(`${upstream.url}/down.json`)], (line) =>
      lines.push(line),
    );
    expect(result.code).toBe(2);
    expect(result.report?.outcome).toBe('rejected');
    expect(result.report?.errors.join('\n')).toContain('answered HTTP 503');
    expect(lines.join('\n')).toContain('refresh: refresh REJECTED');
  }, 180_000);

  it('a command-line refresh publishes its outcome in the static /api/freshness.json, whatever it is', async () => {
    const freshnessFile = async () =>
      JSON.parse(await readFile(path.join(ws.distPath, 'api', 'freshness.json'), 'utf8')) as FreshnessDocument;
    const before = await freshnessFile();
    upstream.set('/down.json', { status: 503 });
    const rejected = await runCli('refresh', [
      ...stores(),
      ...pricingOnly(`${upstream.url}/down.json`, '--now', refreshClock(7)),
    ]);
    expect(rejected.code).toBe(2);
    const afterRejected = await freshnessFile();
    expect(afterRejected.refresh).toMatchObject({ lastAttempt: refreshClock(7), lastOutcome: 'rejected' });
    expect(afterRejected.refresh.lastError).toContain('answered HTTP 503');
    expect(afterRejected.refresh.upstreams[0]).toEqual({
      name: 'pricing',
      location: `${upstream.url}/down.json`,
      sha256: null,
    });
    // The dataset itself did not move: same documents, same ETags.
    expect(afterRejected.endpoints).toEqual(before.endpoints);
    expect(afterRejected.buildId).toBe(before.buildId);
    const unchanged = await runCli('refresh', [...stores(), ...pricingOnly('skip', '--now', refreshClock(8))]);
    expect(unchanged.code, unchanged.stderr).toBe(0);
    const afterUnchanged = await freshnessFile();
    expect(afterUnchanged.refresh).toMatchObject({
      lastAttempt: refreshClock(8),
      lastOutcome: 'unchanged',
      lastError: null,
      lastSuccess: refreshClock(8),
    });
    expect(afterUnchanged.endpoints).toEqual(before.endpoints);
  }, 180_000);

  it('credentials in an upstream location are never stored, logged or published', async () => {
    const own = await createWorkspace(inject('crossValidation'));
    const server = await startServer({ distPath: own.distPath, host: '127.0.0.1', port: 0, watchIntervalMs: 0 });
    try {
      const user = 'acmd-user-7c1e';
      const password = 'pw-S3CRET-5e2a';
      const token = 'TOKEN-b71f0c9a';
      const fragment = 'frag-0d4c2b19';
      const basic = Buffer.from(`${user}:${password}`).toString('base64');
      const secrets = [user, password, token, fragment, basic, encodeURIComponent(password)];
      const host = new URL(upstream.url).host;
      const secretUrl = (route: string) => `http://${user}:${password}@${host}${route}?api_key=${token}#${fragment}`;
      const source = await loadSourceData(own.dataDir);
      const doc = modelsDevFromSource(source);
      entryOf(doc, source, 'gpt-5-4').cost.input = 3;
      let authorized = 0;
      upstream.set('/private/api.json', (req, res) => {
        if (req.headers.authorization !== `Basic ${basic}` || !req.url?.includes(`api_key=${token}`)) {
          res.writeHead(401, { 'content-type': 'text/plain' }).end('unauthorized');
          return;
        }
        authorized += 1;
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(doc));
      });
      upstream.set('/private/down.json', { status: 503 });
      const ownStores = [
        '--data',
        own.dataDir,
        '--dist',
        own.distPath,
        '--releases',
        own.releasesDir,
        '--state',
        own.stateDir,
        '--now',
        NOW,
      ];
      const outputs: string[] = [];
      // Rejected: an HTTP error, and an upstream nobody answers on (the error comes from fetch itself).
      const down = await runCli('refresh', [
        ...ownStores,
        '--pricing-source',
        secretUrl('/private/down.json'),
        '--benchmarks-source',
        secretUrl('/private/missing.csv'),
      ]);
      outputs.push(down.stdout, down.stderr);
      expect(down.code).toBe(2);
      const lastError = (
        JSON.parse(await readFile(path.join(own.stateDir, 'refresh-status.json'), 'utf8')) as { lastError: string }
      ).lastError;
      expect(lastError).toContain(`http://${host}/private/down.json answered HTTP 503`);
      const refused = await runCli('refresh', [
        ...ownStores,
        ...pricingOnly(`http://${user}:${password}@127.0.0.1:1/x.json?api_key=${token}`),
      ]);
      outputs.push(refused.stdout, refused.stderr);
      expect(refused.code).toBe(2);
      // Published: the credentials reach the upstream (Basic auth and the query string), and nowhere else.
      const good = await runCli('refresh', [...ownStores, ...pricingOnly(secretUrl('/private/api.json'))]);
      outputs.push(good.stdout, good.stderr);
      expect(good.code, good.stderr).toBe(0);
      expect(authorized).toBe(1);
      expect(good.stdout).toContain(`published release ${FIRST}`);
      const release = JSON.parse(await readFile(path.join(own.releasesDir, FIRST, 'release.json'), 'utf8')) as {
        upstreams: { location: string }[];
      };
      expect(release.upstreams[0]!.location).toBe(`http://${host}/private/api.json`);

      // Every file the refresh wrote or kept (data, releases, state, every artifact), compressed ones decompressed.
      const leaks: string[] = [];
      const check = (where: string, text: string) => {
        for (const secret of secrets) if (text.includes(secret)) leaks.push(`${where}: ${secret}`);
      };
      let files = 0;
      // A pruned artifact is removed by a detached process: a directory gone while walked is skipped (readdir's
      // own recursive walk fails on it).
      const listed = async (dir: string): Promise<string[]> => {
        const entries = await readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return [];
          throw error;
        });
        const nested = await Promise.all(
          entries.map((e) =>
            e.isDirectory() ? listed(path.join(dir, e.name)) : e.isFile() ? [path.join(dir, e.name)] : [],
          ),
        );
        return nested.flat();
      };
      for (const file of await listed(own.root)) {
        // An artifact pruned by an earlier publish is removed by a detached process: a file listed and then gone
        // can leak nothing.
        const bytes = await readFile(file).catch((error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return undefined;
          throw error;
        });
        if (bytes === undefined) continue;
        files += 1;
        check(file, bytes.toString('latin1'));
        if (file.endsWith('.br')) check(`${file} (decompressed)`, brotliDecompressSync(bytes).toString('utf8'));
        if (file.endsWith('.gz')) check(`${file} (decompressed)`, gunzipSync(bytes).toString('utf8'));
      }
      expect(files).toBeGreaterThan(100);
      // Every document served, after the server picked up the new artifact.
      await server.reload();
      const served = server.current();
      const paths = [...Object.keys(served.manifest.files), ...served.onDisk.paths()].filter((p) =>
        p.startsWith('/api/'),
      );
      expect(paths).toContain(`/api/v/${FIRST}/release.json`);
      for (const urlPath of paths)
        check(`GET ${urlPath}`, (await httpRequest(`${server.url}${urlPath}`)).body.toString('utf8'));
      for (const [index, text] of outputs.entries()) check(`command output ${index}`, text);
      expect(leaks).toEqual([]);
    } finally {
      await server.close(1000);
      await own.remove();
    }
  }, 300_000);

  it('npm start only serves by default; --refresh makes it the publisher, --refresh-cron its schedule', async () => {
    const urlOf = (stdout: string) => /at (http:\/\/[^ ]+)\/api\//.exec(stdout)![1]!;
    // One process publishes, many serve: a plain start schedules nothing and serves the published freshness as it is.
    for (const flags of [[], ['--no-refresh']]) {
      const server = await serveCli(flags, /scheduled refresh off/);
      try {
        const served = await httpRequest(`${urlOf(server.stdout)}/api/freshness.json`);
        expect(served.body.equals(await readFile(path.join(ws.distPath, 'api', 'freshness.json')))).toBe(true);
        expect(json<FreshnessDocument>(served).release).toBe(INITIAL_RELEASE);
        expect(server.stdout).not.toContain('refresh scheduled');
      } finally {
        server.kill();
      }
    }
    // The publisher reports its own schedule and next run.
    const publisher = await serveCli(['--refresh', '--refresh-cron', '30 4 * * 2'], /refresh scheduled/);
    try {
      const freshness = json<FreshnessDocument>(await httpRequest(`${urlOf(publisher.stdout)}/api/freshness.json`));
      expect(freshness.refresh.schedule).toBe('30 4 * * 2');
      expect(Date.parse(freshness.refresh.nextRun!)).toBeGreaterThan(Date.now());
      expect(freshness.release).toBe(INITIAL_RELEASE);
    } finally {
      publisher.kill();
    }
    // A schedule alone does not make an instance a publisher.
    const refused = await serveCli(['--refresh-cron', '30 4 * * 2']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('--refresh-cron needs --refresh');
  }, 180_000);
});
