/**
 * The client against the real server on loopback (the artifact the global setup builds): every
 * endpoint function returns its document, revalidation turns a second request into a 304 served
 * from the store, errors are typed, and the client's costOf agrees with every published cost
 * vector to the micro-dollar.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  type CacheStore,
  createClient,
  type DirectoryClient,
  type DirectoryError,
  HttpError,
  MemoryStore,
  NetworkError,
  NotFoundError,
  SchemaError,
  costOf,
  type Fetched,
} from '../../packages/client/src/index.ts';
import {
  COST_DOCUMENTS,
  DOCUMENTS,
  freshnessDocument,
  HISTORY_DOCUMENTS,
  MODEL_DOCUMENT,
  release as releaseSchema,
} from '../../src/schema/api.ts';
import { startNodeTarget, type Target } from '../support/targets.ts';

describe('the client against the Node server', () => {
  let target: Target;
  let client: DirectoryClient;
  /** Every status the server answered, in order. */
  const statuses: number[] = [];
  const countingFetch: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    statuses.push(response.status);
    return response;
  };

  beforeAll(async () => {
    target = await startNodeTarget(inject('distPath'));
    client = createClient({ baseUrl: target.baseUrl, fetch: countingFetch, validate: true });
  });
  afterAll(async () => {
    await target?.stop();
  });

  it('one function per endpoint, each returning the document its schema describes', async () => {
    const checks: [string, () => Promise<unknown>, { safeParse(v: unknown): { success: boolean } }][] = [
      ['tools.json', () => client.getTools(), DOCUMENTS['tools.json'].schema],
      ['benchmarks.json', () => client.getBenchmarks(), DOCUMENTS['benchmarks.json'].schema],
      ['providers.json', () => client.getProviders(), DOCUMENTS['providers.json'].schema],
      ['categories.json', () => client.getCategories(), DOCUMENTS['categories.json'].schema],
      ['platforms.json', () => client.getPlatforms(), DOCUMENTS['platforms.json'].schema],
      ['use-cases.json', () => client.getUseCases(), DOCUMENTS['use-cases.json'].schema],
      ['freshness.json', () => client.getFreshness(), freshnessDocument],
      ['changes.json', () => client.getChanges(), HISTORY_DOCUMENTS['changes.json'].schema],
      ['manifest.json', () => client.getManifest(), HISTORY_DOCUMENTS['manifest.json'].schema],
      ['price-history.json', () => client.getPriceHistory(), HISTORY_DOCUMENTS['price-history.json'].schema],
      ['cost-vectors.json', () => client.getCostVectors(), COST_DOCUMENTS['cost-vectors.json'].schema],
    ];
    for (const [name, get, schema] of checks) expect(schema.safeParse(await get()).success, name).toBe(true);
    const { releases } = await client.getChanges();
    const id = releases[0]!.id;
    expect(releaseSchema.safeParse(await client.getRelease(id)).success).toBe(true);
    // A release is immutable: it keeps the shape it was published with, which later schemas may extend.
    const released = await client.getReleaseDocument(id, 'tools.json');
    expect(released.tools.length).toBe(released.totalTools);
    expect((await client.getIndex()).endpoints.map((e) => e.path)).toContain('/api/tools.json');
    expect((await client.getOpenApi()).openapi).toBe('3.1.0');
    expect((await client.getSchema('tools.schema.json')).$id).toBe('/api/schemas/tools.schema.json');
    expect(await client.getChangesFeed()).toContain('<feed xmlns="http://www.w3.org/2005/Atom"');
  });

  it('revalidates with If-None-Match: a second request is a 304 answered from the store', async () => {
    const store = new MemoryStore();
    const fresh = createClient({ baseUrl: `${target.baseUrl}/api/`, fetch: countingFetch, store });
    const first: Fetched<unknown> = await fresh.request('tools.json');
    expect(first).toMatchObject({ status: 200, fromCache: false });
    expect(first.etag).toMatch(/^"[0-9a-f]{32}(-br|-gz)?"$/);
    const before = statuses.length;
    const second = await fresh.request('tools.json');
    expect(statuses.slice(before)).toEqual([304]);
    expect(second).toMatchObject({ status: 304, fromCache: true, etag: first.etag });
    expect(second.data).toBe(first.data);
    expect(store.size).toBe(1);
    expect((await fresh.getTools()).tools.length).toBe((first.data as { tools: unknown[] }).tools.length);
  });

  it("model(id): one model's own document, sources in full, revalidated like every document", async () => {
    const { tools } = await client.getTools();
    const tool = tools.find((t) => t.pricingDetails.modifiers.length > 0)!;
    const model = await client.model(tool.id);
    expect(MODEL_DOCUMENT.schema.safeParse(model).success).toBe(true);
    expect(model.id).toBe(tool.id);
    // What tools.json leaves out: the source's name and URL, and what each alternative rate is.
    expect(model.tool.sources.pricing).toMatchObject(tool.sources.pricing);
    expect(model.tool.sources.pricing.name.length).toBeGreaterThan(0);
    expect(model.tool.sources.pricing.url).toMatch(/^https:\/\//);
    expect(model.tool.pricingDetails.modifiers.every((m) => m.note.length > 0)).toBe(true);
    const before = statuses.length;
    await client.model(tool.id);
    expect(statuses.slice(before)).toEqual([304]);
    await expect(client.model(`${tool.id}-nope`)).rejects.toBeInstanceOf(HttpError);
  });

  it('keeps its copies in a pluggable store', async () => {
    const entries = new Map<string, unknown>();
    const calls: string[] = [];
    const store: CacheStore = {
      get: async (url) => {
        calls.push(`get ${url}`);
        return entries.get(url) as never;
      },
      set: async (url, document) => {
        calls.push(`set ${url}`);
        entries.set(url, document);
      },
    };
    const custom = createClient({ baseUrl: target.baseUrl, store });
    await custom.getFreshness();
    await custom.getFreshness();
    const url = `${target.baseUrl}/api/freshness.json`;
    expect(calls).toEqual([`get ${url}`, `set ${url}`, `get ${url}`, `set ${url}`]);
  });

  it('throws typed errors: HTTP status with the API message, network failure, schema mismatch, unknown id', async () => {
    const error = await client.getRelease('1999-01-01').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ kind: 'http', status: 404, body: { error: { status: 404 } } });

    const closed = createClient({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 5_000 });
    const network = await closed.getTools().catch((e: unknown) => e);
    expect(network).toBeInstanceOf(NetworkError);
    expect((network as DirectoryError).kind).toBe('network');

    const lying: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      const body = (await response.json()) as { tools: Record<string, unknown>[] };
      delete body.tools[0]!.pricing;
      return new Response(JSON.stringify(body), { status: 200, headers: { etag: '"x"' } });
    };
    const strict = createClient({ baseUrl: target.baseUrl, fetch: lying, validate: true });
    const schema = await strict.getTools().catch((e: unknown) => e);
    expect(schema).toBeInstanceOf(SchemaError);
    expect((schema as SchemaError).issues).toEqual(['tools[0].pricing is missing']);
    expect(await strict.store.get(`${target.baseUrl}/api/tools.json`)).toBeUndefined();

    const custom = createClient({
      baseUrl: target.baseUrl,
      validate: (document, name) =>
        name === 'tools.json' && (document as { totalTools: number }).totalTools > 0 ? ['custom rule'] : true,
    });
    expect(await custom.getTools().catch((e: unknown) => (e as SchemaError).issues)).toEqual(['custom rule']);
    const html: typeof fetch = async () => new Response('<html>', { status: 200 });
    expect(
      await createClient({ baseUrl: target.baseUrl, fetch: html })
        .getTools()
        .catch((e: unknown) => e),
    ).toBeInstanceOf(SchemaError);

    const unknown = await client.findTool('gpt-5-44').catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(NotFoundError);
    expect((unknown as NotFoundError).suggestions.length).toBeGreaterThan(0);
  });

  it('answers with the last good copy on a network error when staleIfError is set', async () => {
    let fail = false;
    const flaky: typeof fetch = async (input, init) => {
      if (fail) throw new TypeError('fetch failed');
      return fetch(input, init);
    };
    const tolerant = createClient({ baseUrl: target.baseUrl, fetch: flaky, staleIfError: true });
    const good = await tolerant.request('providers.json');
    fail = true;
    const stale = await tolerant.request('providers.json');
    expect(stale).toMatchObject({ stale: true, fromCache: true });
    expect(stale.data).toBe(good.data);
    await expect(createClient({ baseUrl: target.baseUrl, fetch: flaky }).getProviders()).rejects.toBeInstanceOf(
      NetworkError,
    );
  });

  it('joins, ranks and resolves through the convenience methods', async () => {
    const { benchmarks } = await client.getBenchmarks();
    const scored = benchmarks.models[0]!;
    const joined = await client.getTool(scored.modelId);
    expect(joined.benchmark?.overallScore).toBe(scored.overallScore);
    const ranked = await client.rank({ input: 200_000, output: 20_000 }, { by: 'value', limit: 5, platform: 'cursor' });
    expect(ranked).toHaveLength(5);
    const { tools } = await client.getTools();
    const replaced = tools.find((t) => t.replacedBy !== null)!;
    expect((await client.resolve(replaced.id)).chain[1]!.id).toBe(replaced.replacedBy);
    expect(
      (await client.listTools({ platform: 'cursor', capability: 'reasoning' })).every((t) => t.reasoning === true),
    ).toBe(true);
    const cost = await client.costOf(tools[0]!.id, { input: 1000, output: 100 });
    expect(['usd', 'unpriced']).toContain(cost.kind);
  });

  it('costOf agrees with every published cost vector (kind, USD to the micro-dollar, tier, modifier)', async () => {
    const [{ vectors }, { tools }, { platforms }] = await Promise.all([
      client.getCostVectors(),
      client.getTools(),
      client.getPlatforms(),
    ]);
    expect(vectors.length).toBeGreaterThan(100);
    const byId = new Map(tools.map((t) => [t.id, t]));
    const platformById = new Map(platforms.map((p) => [p.id, p]));
    const mismatches: string[] = [];
    for (const vector of vectors) {
      const tool = byId.get(vector.toolId)!;
      // The client looks the platform's billing of the tool up itself, from platforms.json.
      const result = costOf(tool, vector.usage, {
        at: vector.at,
        requests: vector.requests,
        platform: vector.platform ? platformById.get(vector.platform.id) : undefined,
      });
      const got = {
        kind: result.kind,
        usd: result.usd,
        tier: result.tier?.aboveTokens ?? null,
        modifier: result.modifier?.kind ?? null,
      };
      const want = {
        kind: vector.expectedKind,
        usd: vector.expectedUsd,
        tier: vector.expectedTier,
        modifier: vector.expectedModifier,
      };
      if (JSON.stringify(got) !== JSON.stringify(want))
        mismatches.push(`${vector.id}: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
    }
    expect(mismatches).toEqual([]);
  });
});
