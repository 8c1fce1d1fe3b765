/**
 * The API as a client sees it, over real HTTP on loopback: every endpoint of the
 * specification, the freshness endpoint, and the HTTP rules every response follows. The same
 * assertions run against the embedded Node server and against nginx serving dist/ with
 * deploy/nginx.conf; the few differences between them are spelled out where they matter.
 */
import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { XMLParser } from 'fast-xml-parser';
import {
  changesDocument,
  DOCUMENTS,
  isRefit,
  HISTORY_DOCUMENTS,
  freshnessDocument,
  type FreshnessDocument,
  MODEL_DOCUMENT,
  modelIdsDocument,
} from '../../src/schema/api.ts';
import { lookupModelId } from '../../src/cost/model-id.ts';
import { describeChange } from '../../src/history/diff.ts';
import { changeKindWords } from '../../src/schema/change-words.ts';
import { httpRequest, json } from '../support/http.ts';
import { freshSource } from '../support/source.ts';
import { brotliSkipReason, runnableTargets, skipNote, startTarget, type Target } from '../support/targets.ts';

/** One release's article on /changes/, from its heading to its end. */
/** The kinds /changes/ counts beside a link to the release's record instead of listing (src/web/pages/changes.ts). */
const ROUTINE_KINDS = new Set(['score-changed', 'source-changed', 'task-cost-changed']);

function releaseArticle(page: string, id: string): string {
  const start = page.indexOf(`<h3 id="r-${id}">`);
  expect(start, `/changes/ shows release ${id} in full`).toBeGreaterThanOrEqual(0);
  return page.slice(start, page.indexOf('</article>', start));
}

// Counts come from the curated data, so the assertions follow the dataset as it grows.
const SOURCE = await freshSource();
const TOOL_COUNT = SOURCE.tools.length;
const PROVIDER_COUNT = SOURCE.providers.length;

const ENDPOINTS = [
  'tools.json',
  'benchmarks.json',
  'providers.json',
  'categories.json',
  'platforms.json',
  'use-cases.json',
] as const;

describe.each(runnableTargets())('the directory API over HTTP (%s)', (targetName) => {
  const noBrotli = brotliSkipReason(targetName);
  let target: Target;
  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    httpRequest(`${target.baseUrl}${path}`, { method, headers });

  beforeAll(async () => {
    target = await startTarget(targetName, inject('distPath'));
  });
  afterAll(async () => {
    await target?.stop();
  });

  describe('the six endpoints', () => {
    it.each(ENDPOINTS)(
      'GET /api/%s returns one complete JSON document that matches its published schema',
      async (name) => {
        const response = await get(`/api/${name}`);
        expect(response.status).toBe(200);
        expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
        const body = json(response);
        expect(DOCUMENTS[name].schema.safeParse(body).success).toBe(true);
      },
    );

    it('every endpoint carries the same lastUpdated ISO 8601 timestamp', async () => {
      const stamps = await Promise.all(
        ENDPOINTS.map(async (name) => json<{ lastUpdated: string }>(await get(`/api/${name}`)).lastUpdated),
      );
      expect(new Set(stamps).size).toBe(1);
      expect(Number.isNaN(Date.parse(stamps[0]!))).toBe(false);
    });

    it('tools.json has every curated tool with every field of section 2.1, and totalTools counts them', async () => {
      const { tools, totalTools } = json<{ tools: Record<string, unknown>[]; totalTools: number }>(
        await get('/api/tools.json'),
      );
      expect(tools).toHaveLength(TOOL_COUNT);
      expect(totalTools).toBe(TOOL_COUNT);
      for (const tool of tools) {
        for (const field of [
          'id',
          'name',
          'provider',
          'category',
          'pricing',
          'description',
          'features',
          'bestFor',
          'contextWindow',
          'releaseDate',
          'url',
        ])
          expect(tool, `${tool.id} lacks ${field}`).toHaveProperty(field);
        expect(tool.contextWindow).toMatch(/^\d+K tokens$/);
        expect(tool.releaseDate).toMatch(/^\d{4}-\d{2}$/);
      }
    });

    it('providers.json lists every provider, whose toolCount equals the length of tools (rule 4)', async () => {
      const { providers } = json<{
        providers: { name: string; toolCount: number; tools: { id: string; name: string }[] }[];
      }>(await get('/api/providers.json'));
      expect(providers).toHaveLength(PROVIDER_COUNT);
      for (const provider of providers) expect(provider.toolCount).toBe(provider.tools.length);
      expect(providers.reduce((sum, p) => sum + p.toolCount, 0)).toBe(TOOL_COUNT);
    });

    it('every benchmarks modelId is a tool id (rule 3) and sources are objects with id, name and url', async () => {
      const ids = new Set(json<{ tools: { id: string }[] }>(await get('/api/tools.json')).tools.map((t) => t.id));
      const { benchmarks } = json<{
        benchmarks: {
          version: string;
          runDate: string;
          methodology: string;
          sources: Record<string, unknown>[];
          models: { modelId: string }[];
        };
      }>(await get('/api/benchmarks.json'));
      expect(benchmarks.models.length).toBeGreaterThan(0);
      for (const model of benchmarks.models) expect(ids.has(model.modelId)).toBe(true);
      for (const source of benchmarks.sources)
        expect(Object.keys(source)).toEqual(expect.arrayContaining(['id', 'name', 'url']));
      expect(benchmarks.methodology.length).toBeGreaterThan(100);
    });

    it('categories.json has 5 categories whose toolIds agree with each tool.category', async () => {
      const { tools } = json<{ tools: { id: string; category: string[] }[] }>(await get('/api/tools.json'));
      const { categories } = json<{ categories: { id: string; slug: string; toolIds: string[] }[] }>(
        await get('/api/categories.json'),
      );
      expect(categories).toHaveLength(5);
      for (const category of categories)
        for (const tool of tools)
          expect(category.toolIds.includes(tool.id)).toBe(tool.category.includes(category.slug));
    });

    it('platforms.json has every curated platform and use-cases.json every use case, all referring to existing tools', async () => {
      const ids = new Set(json<{ tools: { id: string }[] }>(await get('/api/tools.json')).tools.map((t) => t.id));
      const { platforms } = json<{ platforms: { toolIds: string[] }[] }>(await get('/api/platforms.json'));
      const { useCases } = json<{ useCases: { topPicks: string[]; faq: unknown[]; intro: string }[] }>(
        await get('/api/use-cases.json'),
      );
      expect(platforms).toHaveLength(SOURCE.platforms.length);
      expect(useCases).toHaveLength(SOURCE.useCases.length);
      for (const id of [...platforms.flatMap((p) => p.toolIds), ...useCases.flatMap((u) => u.topPicks)])
        expect(ids.has(id)).toBe(true);
      for (const useCase of useCases) {
        expect(useCase.topPicks.length).toBeGreaterThan(0);
        expect(useCase.intro).not.toMatch(/\{(pick|tool|count|scenario):/);
      }
    });
  });

  describe('the freshness endpoint', () => {
    it('reports lastUpdated, versions, counts and the ETag of every endpoint as actually served', async () => {
      const freshness = json<FreshnessDocument>(await get('/api/freshness.json'));
      expect(freshnessDocument.safeParse(freshness).success).toBe(true);
      const tools = json<{ lastUpdated: string }>(await get('/api/tools.json'));
      expect(freshness.lastUpdated).toBe(tools.lastUpdated);
      for (const endpoint of freshness.endpoints) {
        const response = await get(endpoint.path);
        expect(response.body.length).toBe(endpoint.bytes);
        expect(createHash('sha256').update(response.body).digest('hex')).toBe(endpoint.sha256);
        // The `etag` fields are the Node server's validators; nginx derives its own from mtime and size.
        if (targetName === 'node') expect(response.headers.etag).toBe(endpoint.etag);
        else expect(response.headers.etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
      }
      expect(freshness.endpoints.find((e) => e.path === '/api/tools.json')?.count).toBe(TOOL_COUNT);
    });
  });

  describe('HTTP rules on every response', () => {
    it('sends CORS, nosniff and cross-origin resource policy headers', async () => {
      for (const path of ['/api/tools.json', '/api/nope.json']) {
        const response = await get(path);
        expect(response.headers['access-control-allow-origin']).toBe('*');
        expect(response.headers['x-content-type-options']).toBe('nosniff');
      }
    });

    it('HEAD answers like GET without a body', async () => {
      const getResponse = await get('/api/providers.json');
      const head = await get('/api/providers.json', {}, 'HEAD');
      expect(head.status).toBe(200);
      expect(head.body.length).toBe(0);
      expect(head.headers['content-length']).toBe(String(getResponse.body.length));
      expect(head.headers.etag).toBe(getResponse.headers.etag);
    });

    it('OPTIONS answers a CORS preflight', async () => {
      const response = await get(
        '/api/tools.json',
        {
          Origin: 'https://example.test',
          'Access-Control-Request-Method': 'GET',
          'Access-Control-Request-Headers': 'if-none-match',
        },
        'OPTIONS',
      );
      expect(response.status).toBe(204);
      expect(response.headers['access-control-allow-origin']).toBe('*');
      expect(String(response.headers['access-control-allow-methods'])).toContain('GET');
      expect(String(response.headers['access-control-allow-headers']).toLowerCase()).toContain('if-none-match');
    });

    it.each(['POST', 'PUT', 'DELETE', 'PATCH'])(
      '%s gets 405 with an Allow header and a JSON error body',
      async (method) => {
        const response = await get('/api/tools.json', {}, method);
        expect(response.status).toBe(405);
        expect(String(response.headers.allow)).toContain('GET');
        expect(json(response)).toEqual({ error: { status: 405, message: expect.any(String) } });
      },
    );

    it('an unknown path gets a 404 JSON error body', async () => {
      const response = await get('/api/does-not-exist.json');
      expect(response.status).toBe(404);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(json(response)).toEqual({ error: { status: 404, message: expect.any(String) } });
    });

    it('a query string never changes the answer', async () => {
      const plain = await get('/api/tools.json');
      const queried = await get('/api/tools.json?provider=openai&id=gpt-5&limit=1');
      expect(queried.status).toBe(200);
      expect(queried.body.equals(plain.body)).toBe(true);
    });

    it.each([
      '/api/../package.json',
      '/api/%2e%2e/package.json',
      '/../../etc/passwd',
      '/.artifacts/',
      '/api/tools.json/../../../src/config.ts',
      '/artifact.json',
      '/_headers',
      '/_redirects',
      '/404.json',
      '/api/tools.json.br',
      '/api/tools.json.gz',
      '/api/schemas/',
    ])('no request reads a file outside the published API (%s)', async (path) => {
      const response = await get(path);
      expect(response.status).toBe(404);
    });

    it('revalidation with If-None-Match returns 304 without a body', async () => {
      const first = await get('/api/tools.json');
      const second = await get('/api/tools.json', { 'If-None-Match': String(first.headers.etag) });
      expect(second.status).toBe(304);
      expect(second.body.length).toBe(0);
      expect(second.headers.etag).toBe(first.headers.etag);
    });

    it.skipIf(noBrotli)(skipNote('brotli and gzip bodies decode to exactly the identity body', noBrotli), async () => {
      const identity = await get('/api/tools.json', { 'Accept-Encoding': 'identity' });
      const br = await get('/api/tools.json', { 'Accept-Encoding': 'br' });
      const gz = await get('/api/tools.json', { 'Accept-Encoding': 'gzip' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(brotliDecompressSync(br.body).equals(identity.body)).toBe(true);
      expect(gunzipSync(gz.body).equals(identity.body)).toBe(true);
      expect(br.headers['content-length']).toBe(String(br.body.length));
      expect(br.headers.vary).toContain('Accept-Encoding');
    });
  });

  describe('/llms.txt', () => {
    it('is a plain-text guide for language models naming every endpoint of the index, the cost rules and the schemas', async () => {
      const response = await get('/llms.txt');
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(response.headers['access-control-allow-origin']).toBe('*');
      const text = response.body.toString('utf8');
      const { endpoints } = json<{ endpoints: { path: string }[] }>(await get('/api/index.json'));
      for (const { path } of endpoints) expect(text, path).toContain(`(${path})`);
      expect(text).toContain('/api/cost-vectors.json');
      expect(text).toContain('/api/openapi.json');
    });
  });

  describe('/api/model-ids.json', () => {
    it('maps every id a caller may hold to one tool of tools.json, and a Bedrock id resolves through it', async () => {
      const response = await get('/api/model-ids.json');
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      const table = modelIdsDocument.parse(json(response));
      const { tools } = json<{ tools: { id: string }[] }>(await get('/api/tools.json'));
      const toolIds = new Set(tools.map((t) => t.id));
      for (const entry of table.ids) expect(toolIds.has(entry.toolId), entry.id).toBe(true);
      expect(lookupModelId(table.ids, 'us.anthropic.claude-sonnet-4-5-20250929-v1:0')?.toolId).toBe(
        'claude-sonnet-4-5',
      );
      expect(lookupModelId(table.ids, 'anthropic/claude-sonnet-4.5')?.toolId).toBe('claude-sonnet-4-5');
    });
  });

  describe('/api/models/<id>.json', () => {
    /** A model with notes and conflicts to show, so its document is over the size that gets compressed. */
    const MODEL = SOURCE.tools.find((t) => t.data.conflicts.length > 0)!.data.id;
    const path = `/api/models/${MODEL}.json`;

    it('answers every tool of tools.json with its own document, typed by the published schema, with sources in full', async () => {
      const { tools } = json<{ tools: { id: string; sources: { pricing: { kind: string } } }[] }>(
        await get('/api/tools.json'),
      );
      for (const tool of tools) {
        const response = await get(`/api/models/${tool.id}.json`);
        expect(response.status, tool.id).toBe(200);
        expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
        const document = MODEL_DOCUMENT.schema.parse(json(response));
        expect(document.id).toBe(tool.id);
        expect(document.tool.sources.pricing.kind).toBe(tool.sources.pricing.kind);
        expect(document.tool.sources.pricing.url).toMatch(/^https:\/\//);
      }
      expect(json<{ tool: { conflicts: unknown[] } }>(await get(path)).tool.conflicts.length).toBeGreaterThan(0);
    });

    it('is cached and revalidated like the other latest documents: ETag, Cache-Control, a 304 without a body', async () => {
      const first = await get(path);
      expect(first.headers.etag).toBeTruthy();
      expect(first.headers['cache-control']).toBe((await get('/api/tools.json')).headers['cache-control']);
      expect(first.headers['access-control-allow-origin']).toBe('*');
      const second = await get(path, { 'If-None-Match': String(first.headers.etag) });
      expect(second.status).toBe(304);
      expect(second.body.length).toBe(0);
      expect(second.headers.etag).toBe(first.headers.etag);
      const head = await get(path, {}, 'HEAD');
      expect(head.status).toBe(200);
      expect(head.body.length).toBe(0);
    });

    it.skipIf(noBrotli)(
      skipNote('is sent brotli or gzip compressed, decoding to the identity body', noBrotli),
      async () => {
        const identity = await get(path, { 'Accept-Encoding': 'identity' });
        const br = await get(path, { 'Accept-Encoding': 'br' });
        const gz = await get(path, { 'Accept-Encoding': 'gzip' });
        expect(br.headers['content-encoding']).toBe('br');
        expect(gz.headers['content-encoding']).toBe('gzip');
        expect(brotliDecompressSync(br.body).equals(identity.body)).toBe(true);
        expect(gunzipSync(gz.body).equals(identity.body)).toBe(true);
        expect(br.headers.vary).toContain('Accept-Encoding');
      },
    );

    it('an id that is no tool gets the 404 JSON error body', async () => {
      const response = await get(`/api/models/${MODEL}-nope.json`);
      expect(response.status).toBe(404);
      expect(json<{ error: { status: number } }>(response).error.status).toBe(404);
    });
  });

  describe('releases, the change feed and price history', () => {
    it.each(Object.keys(HISTORY_DOCUMENTS) as (keyof typeof HISTORY_DOCUMENTS)[])(
      'GET /api/%s matches its published schema',
      async (name) => {
        const response = await get(`/api/${name}`);
        expect(response.status).toBe(200);
        expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(HISTORY_DOCUMENTS[name].schema.safeParse(json(response)).success).toBe(true);
      },
    );

    it('every release in changes.json is served under /api/v/<id>/ with the bytes its SHA-256 manifest names, cached as immutable', async () => {
      const { releases } = json(await get('/api/changes.json')) as {
        releases: { id: string; documents: { path: string; sha256: string; bytes: number }[] }[];
      };
      expect(releases.map((r) => r.id)).toContain('2026-11-22');
      for (const release of releases) {
        expect(release.documents.map((d) => d.path.split('/').pop()).sort()).toEqual([...ENDPOINTS].sort());
        // A release's documents at once: bodies read from disk share a pool of buffers (src/server/body-pool.ts),
        // and one handed out again while another response still sends from it would break a hash here.
        await Promise.all(
          release.documents.map(async (document) => {
            const response = await get(document.path, { 'Accept-Encoding': 'identity' });
            expect(response.status, document.path).toBe(200);
            expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
            expect(response.body.length).toBe(document.bytes);
            expect(createHash('sha256').update(response.body).digest('hex'), document.path).toBe(document.sha256);
          }),
        );
      }
    });

    it('changes.xml is an Atom feed with one entry per release and per removed id', async () => {
      const response = await get('/api/changes.xml');
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
      const feed = new XMLParser({ ignoreAttributes: false }).parse(response.body.toString('utf8')).feed;
      expect(feed['@_xmlns']).toBe('http://www.w3.org/2005/Atom');
      const { releases, removedIds } = changesDocument.parse(json(await get('/api/changes.json')));
      expect([feed.entry].flat()).toHaveLength(releases.length + removedIds.length);
    });

    it('a release counts the estimates that moved within their previous interval, and the feed and /changes/ fold them under one line', async () => {
      const { releases } = changesDocument.parse(json(await get('/api/changes.json')));
      const release = releases.find((r) => r.changes.some(isRefit));
      expect(release, 'a release with refitted estimates').toBeDefined();
      const refits = release!.changes.filter(isRefit);
      const listed = release!.changes.filter((c) => !isRefit(c));
      const line = `${refits.length} estimated scores moved within the previous release's 80% interval`;
      expect(release!.summary).toContain(`(${refits.length} within the previous 80% interval)`);
      const feed = new XMLParser({ ignoreAttributes: false }).parse(
        (await get('/api/changes.xml')).body.toString('utf8'),
      ).feed;
      const entry = [feed.entry].flat().find((e: { title: string }) => e.title.startsWith(`Release ${release!.id}:`));
      const content = String(entry.content['#text']);
      expect(content).toContain(line);
      for (const c of listed.slice(0, 20)) expect(content).toContain(describeChange(c));
      for (const c of refits.slice(0, 20)) expect(content).not.toContain(describeChange(c));
      const page = (await get('/changes/')).body.toString('utf8');
      const article = releaseArticle(page, release!.id).replaceAll('&#39;', "'");
      // Every change of the release is on the page: the news as rows, the routine updates and the refits counted in
      // one line that links the release's record (where each is listed), nothing left out.
      const note = /<p class="note">Also ([^<]*): listed in <a href="[^"]*release\.json">release\.json<\/a>/.exec(
        article,
      );
      expect(note, 'the line that counts what the page does not list').not.toBeNull();
      expect(note![1]).toContain(line);
      const routine = release!.changes.filter((c) => !isRefit(c) && ROUTINE_KINDS.has(c.kind)).length;
      if (routine) expect(note![1]).toContain(`${routine} score, source or task-cost update`);
      expect(article.match(/<tr><th scope="row">/g) ?? []).toHaveLength(
        release!.changes.length - refits.length - routine,
      );
    });

    it("the /changes/ page lists a release's retirements and price changes, and counts the facts that only cite a newer source beside a link to the release's record", async () => {
      const { releases } = changesDocument.parse(json(await get('/api/changes.json')));
      const release = releases.find(
        (r) =>
          r.changes.some((c) => c.kind === 'model-retired') &&
          r.changes.some((c) => c.kind === 'source-changed') &&
          r.changes.findIndex((c) => c.kind === 'source-changed') <
            r.changes.findIndex((c) => c.kind === 'model-retired'),
      );
      expect(release, 'a release whose changes.json order puts a source change before a retirement').toBeDefined();
      const page = (await get('/changes/')).body.toString('utf8');
      const article = releaseArticle(page, release!.id);
      const kinds = [...article.matchAll(/<tr><th scope="row">.*?<\/th><td>([^<]+)<\/td>/g)].map((m) => m[1]);
      expect(kinds).toHaveLength(release!.changes.filter((c) => !isRefit(c) && !ROUTINE_KINDS.has(c.kind)).length);
      expect(kinds).toContain(changeKindWords('model-retired'));
      // The sources that were only re-read are counted below the news, not mixed into it.
      expect(kinds).not.toContain(changeKindWords('source-changed'));
      const routine = release!.changes.filter((c) => !isRefit(c) && ROUTINE_KINDS.has(c.kind)).length;
      expect(article).toContain(`Also ${routine} score, source or task-cost update${routine === 1 ? '' : 's'}`);
    });

    it('changes.json and the /changes/ page list every id recorded in data/removed-ids.json, and none of them is served as a tool', async () => {
      // Empty since the models that left were restored as retired (2026-12-02): changes.json then lists none.
      // The list's effect on the feed and on a reused id is tested with removals of their own in
      // test/unit/lifecycle.test.ts and test/unit/refresh-merge.test.ts.
      const recorded = SOURCE.removedIds.data.removed;
      const { removedIds } = changesDocument.parse(json(await get('/api/changes.json')));
      expect(removedIds.map((r) => r.id).sort()).toEqual(recorded.map((r) => r.id).sort());
      const { tools } = json(await get('/api/tools.json')) as { tools: { id: string }[] };
      const served = new Set(tools.map((t) => t.id));
      for (const { id } of removedIds) expect(served.has(id), id).toBe(false);
      const page = (await get('/changes/')).body.toString('utf8');
      for (const { id } of removedIds) expect(page, `/changes/ lists ${id}`).toContain(`<code>${id}</code>`);
    });

    it('price-history.json has a price in force today for every tool, equal to its current list price', async () => {
      const { tools } = json(await get('/api/tools.json')) as { tools: { id: string; pricing: unknown }[] };
      const history = json(await get('/api/price-history.json')) as {
        tools: { toolId: string; history: { effectiveUntil: string | null; pricing: unknown }[] }[];
      };
      const current = new Map(
        history.tools.map((t) => [t.toolId, t.history.find((h) => h.effectiveUntil === null)?.pricing]),
      );
      for (const tool of tools) expect(current.get(tool.id), tool.id).toEqual(tool.pricing);
    });
  });
});
