/**
 * The HTTP side: one function per endpoint, each revalidating the last good copy with
 * If-None-Match (so polling costs a 304 and no body), typed errors, an optional structural or
 * caller-supplied validation, and a `baseUrl` for any mirror or static host. Uses the global
 * `fetch` (Node 22+, browsers, Deno, workers) or one you pass.
 * Longer than 400 lines on purpose: it is the client's one list of endpoints, a short method each
 * over the shared fetch path, and one list reads better than endpoints scattered over files.
 */
import type { CostResult, Usage } from '../../../src/cost/index.ts';
import { isYearMonth } from '../../../src/schema/calendar.ts';
import { DirectoryError, HttpError, InvalidInputError, NetworkError, SchemaError } from './errors.ts';
import {
  costOf,
  filterTools,
  findTool,
  type JoinedTool,
  joinTool,
  type RankedTool,
  type RankOptions,
  rankTools,
  resolveSuccessor,
  type Succession,
  notFound,
  type ToolFilter,
} from './query.ts';
import { type ReleaseDocument, type ReleaseDocumentName, releaseDocumentIssues } from './release-documents.ts';
import { type PriceResponseOptions, priceResponse, type ResolvedModel, resolveModel } from './resolve.ts';
import { type CacheStore, MemoryStore } from './store.ts';
import type {
  BenchmarksDocument,
  CategoriesDocument,
  ChangesDocument,
  ChangesMonthDocument,
  CostVectorsDocument,
  DocumentTypes,
  FreshnessDocument,
  ManifestDocument,
  ModelDocument,
  ModelIdsDocument,
  Platform,
  PlatformsDocument,
  PriceHistoryDocument,
  ProvidersDocument,
  Release,
  Tool,
  ToolsDocument,
  UseCasesDocument,
} from './types.generated.ts';
import { PUBLIC_BASE_URL } from './types.generated.ts';
import { structuralIssues, type Validator } from './validate.ts';

/** The default: the public site when the project configures one, else a local server (`npm start`). */
export const DEFAULT_BASE_URL: string = PUBLIC_BASE_URL ?? 'http://localhost:3000';

export interface ClientOptions {
  /**
   * Where the API is: a site (`https://example.org`, `http://localhost:3000`) or the API base itself
   * (`https://example.org/api`, or any mirror path ending in `/api`). Default: DEFAULT_BASE_URL.
   */
  baseUrl?: string;
  /** The fetch to use (default: the global one). */
  fetch?: typeof fetch;
  /** Where the last good copies live (default: a new MemoryStore). */
  store?: CacheStore;
  /**
   * `false` (default): a response must be JSON, nothing more is checked. `true`: the structural
   * check of validate.ts (required fields and their JSON types, see there for exactly what). A
   * function: your own validator (e.g. ajv compiled from /api/schemas/<name>.schema.json).
   */
  validate?: boolean | Validator;
  /** Abort a request after this many milliseconds (default 30 000). */
  timeoutMs?: number;
  /** Extra request headers (e.g. a User-Agent where the runtime allows one). */
  headers?: Record<string, string>;
  /** On a network error or a 5xx, answer with the last good copy instead of throwing (default false). */
  staleIfError?: boolean;
  /**
   * Told each time staleIfError answers with the last good copy: which URL, when that copy was stored (ms since
   * the epoch) and the error it stood in for, so that a caller can say how old its answer is and why.
   */
  onStale?: (event: StaleAnswer) => void;
  /**
   * The largest response body read, in bytes (default 32 MiB; the largest document is under 1 MiB). A longer body
   * is abandoned as it streams in, never held whole, and the request fails with a NetworkError. An error body is
   * read up to 64 KiB.
   */
  maxBodyBytes?: number;
}

/** Default of ClientOptions.maxBodyBytes. */
export const DEFAULT_MAX_BODY_BYTES = 32 * 1024 * 1024;
/** How much of an error response is read for its message. */
const MAX_ERROR_BODY_BYTES = 64 * 1024;

class BodyTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`response body larger than ${limit} bytes: abandoned`);
  }
}

/** The body as text, reading at most `limit` bytes: past that the stream is cancelled and BodyTooLarge thrown. */
async function boundedText(response: Response, limit: number): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) {
    await response.body?.cancel().catch(() => {});
    throw new BodyTooLarge(limit);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw new BodyTooLarge(limit);
    }
    parts.push(value);
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    body.set(part, at);
    at += part.byteLength;
  }
  return new TextDecoder().decode(body);
}

/** A request staleIfError answered with the last good copy (ClientOptions.onStale). */
export interface StaleAnswer {
  url: string;
  /** When the copy answered with was stored, in ms since the epoch. */
  storedAt: number;
  /** What the copy stood in for: a NetworkError, or an HttpError with a 5xx status. */
  error: DirectoryError;
}

export interface Fetched<T> {
  data: T;
  /** 200: a new body; 304: the stored copy was still current. */
  status: 200 | 304;
  /** True when the data came from the store (a 304, or a stale copy after an error). */
  fromCache: boolean;
  /** True when the request failed and staleIfError answered with the last good copy. */
  stale: boolean;
  etag: string | null;
  lastModified: string | null;
  url: string;
}

/** What getIndex returns (/api/index.json). */
export interface IndexDocument {
  name: string;
  license: { data: string; code: string };
  lastUpdated: string;
  endpoints: { path: string; summary: string }[];
  openapi: string;
}

/** `https://x.org` and `https://x.org/api/` both give `https://x.org/api`. */
export function apiBaseOf(baseUrl: string): string {
  const trimmed = baseUrl.replace(/\/+$/, '');
  if (!/^https?:\/\//i.test(trimmed))
    throw new InvalidInputError('invalid-option', `baseUrl must be an absolute http(s) URL (got "${baseUrl}")`);
  return /\/api$/.test(trimmed) ? trimmed : `${trimmed}/api`;
}

export class DirectoryClient {
  /** The API base, ending in /api (no trailing slash). */
  readonly apiBase: string;
  readonly store: CacheStore;
  readonly #fetch: typeof fetch;
  readonly #options: ClientOptions;
  /** Requests under way, by URL and kind: concurrent callers of one document share one download and parse. */
  readonly #inFlight = new Map<string, Promise<Fetched<unknown>>>();

  constructor(options: ClientOptions = {}) {
    this.apiBase = apiBaseOf(options.baseUrl ?? DEFAULT_BASE_URL);
    this.store = options.store ?? new MemoryStore();
    const fetchImpl = options.fetch ?? globalThis.fetch;
    if (typeof fetchImpl !== 'function')
      throw new DirectoryError(
        'network',
        'no fetch available: pass options.fetch (Node 20+ and browsers have a global fetch)',
      );
    this.#fetch = fetchImpl.bind(globalThis);
    this.#options = options;
  }

  /** The URL of a path under the API base (`tools.json`, `v/2026-11-22/tools.json`). */
  url(path: string): string {
    return `${this.apiBase}/${path.replace(/^\/+/, '').replace(/^api\//, '')}`;
  }

  /**
   * GETs one document under /api/, revalidating the stored copy. `name` selects the structural
   * check (a document file name such as `tools.json`). Non-JSON documents (`kind: 'text'`) come
   * back as a string.
   */
  request<T>(
    path: string,
    options: { kind?: 'json' | 'text'; name?: string; validate?: boolean } = {},
  ): Promise<Fetched<T>> {
    const key = `${options.kind ?? 'json'} ${options.validate ?? true} ${options.name ?? ''} ${this.url(path)}`;
    const running = this.#inFlight.get(key);
    if (running) return running as Promise<Fetched<T>>;
    const started = this.#download<T>(path, options).finally(() => this.#inFlight.delete(key));
    this.#inFlight.set(key, started);
    return started;
  }

  async #download<T>(
    path: string,
    { kind = 'json', name, validate = true }: { kind?: 'json' | 'text'; name?: string; validate?: boolean },
  ): Promise<Fetched<T>> {
    const url = this.url(path);
    const cached = await this.store.get(url);
    const headers: Record<string, string> = {
      accept: kind === 'json' ? 'application/json' : '*/*',
      ...this.#options.headers,
    };
    if (cached?.etag) headers['if-none-match'] = cached.etag;
    else if (cached?.lastModified) headers['if-modified-since'] = cached.lastModified;

    const fromStore = (stale: boolean, status: 200 | 304): Fetched<T> => ({
      data: cached!.body as T,
      status,
      fromCache: true,
      stale,
      etag: cached!.etag,
      lastModified: cached!.lastModified,
      url,
    });

    const stale = (error: DirectoryError): Fetched<T> => {
      this.#options.onStale?.({ url, storedAt: cached!.storedAt, error });
      return fromStore(true, 200);
    };
    let response: Response;
    try {
      response = await this.#fetch(url, { headers, signal: AbortSignal.timeout(this.#timeoutMs) });
    } catch (error) {
      if (cached && this.#options.staleIfError) return stale(this.#networkError(url, error));
      throw this.#networkError(url, error);
    }

    if (response.status === 304 && cached) {
      const refreshed = { ...cached, storedAt: Date.now(), etag: response.headers.get('etag') ?? cached.etag };
      await this.store.set(url, refreshed);
      return { ...fromStore(false, 304), etag: refreshed.etag };
    }
    if (response.status !== 200) {
      if (cached && this.#options.staleIfError && response.status >= 500)
        return stale(new HttpError(url, response.status, null));
      let body: { error: { status: number; message: string } } | null = null;
      try {
        const parsed = JSON.parse(await boundedText(response, MAX_ERROR_BODY_BYTES)) as {
          error?: { status: number; message: string };
        };
        if (parsed?.error && typeof parsed.error.message === 'string')
          body = parsed as { error: { status: number; message: string } };
      } catch {
        // not the API's JSON error body
      }
      throw new HttpError(url, response.status, body);
    }

    let text: string;
    try {
      // The timeout covers the body too: a server that sends headers and then stalls is no answer.
      text = await boundedText(response, this.#options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES);
    } catch (error) {
      if (error instanceof BodyTooLarge) throw new NetworkError(url, `${url}: ${error.message}`, { cause: error });
      throw this.#networkError(url, error);
    }
    let data: unknown = text;
    if (kind === 'json') {
      try {
        data = JSON.parse(text);
      } catch (error) {
        throw new SchemaError(url, [`not valid JSON (${(error as Error).message})`]);
      }
      const validator = validate ? this.#options.validate : false;
      if (validator) {
        const documentName = name ?? path.split('/').pop() ?? path;
        const result =
          typeof validator === 'function' ? validator(data, documentName) : structuralIssues(data, documentName);
        const issues = result === true ? [] : result;
        if (issues.length > 0) throw new SchemaError(url, issues);
      }
    }
    const etag = response.headers.get('etag');
    const lastModified = response.headers.get('last-modified');
    await this.store.set(url, { body: data, etag, lastModified, storedAt: Date.now() });
    return { data: data as T, status: 200, fromCache: false, stale: false, etag, lastModified, url };
  }

  get #timeoutMs(): number {
    return this.#options.timeoutMs ?? 30_000;
  }

  #networkError(url: string, error: unknown): NetworkError {
    const reason =
      error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
    const timedOut = (error as Error)?.name === 'TimeoutError';
    return new NetworkError(url, `${url}: ${timedOut ? `no answer within ${this.#timeoutMs} ms` : reason}`, {
      cause: error,
      timedOut,
    });
  }

  async #get<N extends keyof DocumentTypes>(name: N): Promise<DocumentTypes[N]> {
    return (await this.request<DocumentTypes[N]>(name, { name })).data;
  }

  /** GET /api/tools.json: every tool (AI coding model). */
  getTools(): Promise<ToolsDocument> {
    return this.#get('tools.json');
  }

  /** GET /api/benchmarks.json: scores, methodology and sources. */
  getBenchmarks(): Promise<BenchmarksDocument> {
    return this.#get('benchmarks.json');
  }

  /** GET /api/providers.json. */
  getProviders(): Promise<ProvidersDocument> {
    return this.#get('providers.json');
  }

  /** GET /api/categories.json. */
  getCategories(): Promise<CategoriesDocument> {
    return this.#get('categories.json');
  }

  /** GET /api/platforms.json: coding platforms, the tools they offer and how they bill them. */
  getPlatforms(): Promise<PlatformsDocument> {
    return this.#get('platforms.json');
  }

  /** GET /api/use-cases.json: use cases with computed top picks. */
  getUseCases(): Promise<UseCasesDocument> {
    return this.#get('use-cases.json');
  }

  /** GET /api/freshness.json: tiny; poll it to know whether anything changed. */
  getFreshness(): Promise<FreshnessDocument> {
    return this.#get('freshness.json');
  }

  /** GET /api/changes.json: every release, newest first, with per-field differences. */
  getChanges(): Promise<ChangesDocument> {
    return this.#get('changes.json');
  }

  /** GET /api/changes/<YYYY-MM>.json: every release of one month, newest first. */
  getChangesMonth(month: string): Promise<ChangesMonthDocument> {
    if (!isYearMonth(month)) throw new InvalidInputError('invalid-option', `month must be YYYY-MM (got "${month}")`);
    return this.request<ChangesMonthDocument>(`changes/${month}.json`).then((fetched) => fetched.data);
  }

  /**
   * Every release on or after `since` (YYYY-MM-DD), newest first: changes.json holds only the newest releases, so
   * the months it does not reach are read from the monthly archive. Without `since`, changes.json's window.
   */
  async getReleases(since?: string): Promise<{ releases: ChangesDocument['releases']; totalReleases: number }> {
    const document = await this.getChanges();
    const releases = [...document.releases];
    const totalReleases = document.totalReleases ?? releases.length;
    const oldest = releases.at(-1)?.date;
    if (since && oldest && since < oldest && totalReleases > releases.length) {
      const have = new Set(releases.map((r) => r.id));
      const months = (document.archive ?? [])
        .map((a) => a.month)
        .filter((month) => month >= since.slice(0, 7) && month <= oldest.slice(0, 7))
        .sort()
        .reverse();
      for (const month of months)
        for (const release of (await this.getChangesMonth(month)).releases)
          if (!have.has(release.id) && release.date >= since) {
            have.add(release.id);
            releases.push(release);
          }
      // Newest first: by date, then by the release's number within the day (2026-11-28 is the first, .2 the next).
      const number = (id: string) => Number(id.split('.')[1] ?? 1);
      releases.sort((a, b) => b.date.localeCompare(a.date) || number(b.id) - number(a.id));
    }
    return { releases: since ? releases.filter((r) => r.date >= since) : releases, totalReleases };
  }

  /** GET /api/changes.xml: the same as an Atom feed (text). */
  async getChangesFeed(): Promise<string> {
    return (await this.request<string>('changes.xml', { kind: 'text' })).data;
  }

  /** GET /api/manifest.json: SHA-256 of the latest documents and of the newest releases (each release.json has its own). */
  getManifest(): Promise<ManifestDocument> {
    return this.#get('manifest.json');
  }

  /** GET /api/price-history.json: each tool's prices with effective dates. */
  getPriceHistory(): Promise<PriceHistoryDocument> {
    return this.#get('price-history.json');
  }

  /** GET /api/cost-vectors.json: worked examples of the cost rules. */
  getCostVectors(): Promise<CostVectorsDocument> {
    return this.#get('cost-vectors.json');
  }

  /**
   * GET /api/models/<id>.json: everything known about one model in one request: its tools.json record with the
   * name, URL and note of every source, the conflicts between sources and the lifecycle in words (tools.json
   * gives only each source's kind and dates), its benchmarks.json entry, categories, the use cases that pick it,
   * its platforms and its worked cost examples. `id` is a tool id; `findTool` resolves an alias or snapshot first.
   */
  async model(id: string): Promise<ModelDocument> {
    return (await this.request<ModelDocument>(`models/${encodeURIComponent(id)}.json`, { name: 'model' })).data;
  }

  /** GET /api/index.json: the list of endpoints. */
  async getIndex(): Promise<IndexDocument> {
    return (await this.request<IndexDocument>('index.json')).data;
  }

  /** GET /api/openapi.json. */
  async getOpenApi(): Promise<Record<string, unknown>> {
    return (await this.request<Record<string, unknown>>('openapi.json')).data;
  }

  /** GET /api/schemas/<name>: a JSON Schema, e.g. `tools.schema.json` (tolerant) or `tools.strict.schema.json`. */
  async getSchema(name: string): Promise<Record<string, unknown>> {
    return (await this.request<Record<string, unknown>>(`schemas/${name}`)).data;
  }

  /** GET /api/v/<release>/release.json: one release record (immutable; not validated, like release documents). */
  async getRelease(id: string): Promise<Release> {
    return (await this.request<Release>(`v/${encodeURIComponent(id)}/release.json`, { validate: false })).data;
  }

  /**
   * GET /api/v/<release>/<document>: a document as published in a release (immutable). A release
   * keeps the shape it was published with, so it is typed by what every release shares
   * (release-documents.ts), not as the current document; with `validate: true` it is checked
   * against that, a validator function of yours is not applied (it is for current documents).
   */
  async getReleaseDocument<N extends ReleaseDocumentName>(id: string, name: N): Promise<ReleaseDocument<N>> {
    const { data, url } = await this.request<ReleaseDocument<N>>(`v/${encodeURIComponent(id)}/${name}`, {
      name,
      validate: false,
    });
    if (this.#options.validate === true) {
      const issues = releaseDocumentIssues(data, name);
      if (issues.length > 0) throw new SchemaError(url, issues);
    }
    return data;
  }

  // Conveniences: the helpers of query.ts over freshly revalidated documents.

  /** The tool with this id, alias, catalog id or dated snapshot; NotFoundError (with suggestions) otherwise. */
  async findTool(idOrAlias: string): Promise<Tool> {
    return findTool((await this.getTools()).tools, idOrAlias);
  }

  /** Tools matching a filter (fetches platforms.json only when filtering by platform). */
  async listTools(filter: ToolFilter = {}): Promise<Tool[]> {
    const [{ tools }, platforms] = await Promise.all([
      this.getTools(),
      filter.platform ? this.getPlatforms() : undefined,
    ]);
    return filterTools(tools, filter, { platforms: platforms?.platforms });
  }

  /** A tool with its benchmark entry and the platforms that offer it. */
  async getTool(idOrAlias: string): Promise<JoinedTool> {
    const [{ tools }, benchmarks, platforms] = await Promise.all([
      this.getTools(),
      this.getBenchmarks(),
      this.getPlatforms(),
    ]);
    return joinTool(findTool(tools, idOrAlias), {
      benchmarks: benchmarks.benchmarks.models,
      platforms: platforms.platforms,
    });
  }

  /** What a workload costs on a tool, optionally on a platform (by id). */
  async costOf(
    idOrAlias: string,
    usage: Usage,
    options: { at?: string | Date; platform?: string } = {},
  ): Promise<CostResult> {
    const [{ tools }, platforms] = await Promise.all([
      this.getTools(),
      options.platform ? this.getPlatforms() : undefined,
    ]);
    const tool = findTool(tools, idOrAlias);
    return costOf(tool, usage, {
      at: options.at,
      platform: options.platform ? platformById(platforms!.platforms, options.platform) : undefined,
    });
  }

  /** Tools ranked for a workload by cost, score or value; `platform` is a platform id. */
  async rank(
    usage: Usage,
    options: Omit<RankOptions, 'benchmarks' | 'aggregate' | 'platforms' | 'platform'> & { platform?: string } = {},
  ): Promise<RankedTool[]> {
    const [{ tools }, benchmarks, platforms] = await Promise.all([
      this.getTools(),
      this.getBenchmarks(),
      this.getPlatforms(),
    ]);
    const platform = options.platform ? platformById(platforms.platforms, options.platform) : undefined;
    return rankTools(tools, usage, {
      ...options,
      platform,
      platforms: platforms.platforms,
      benchmarks: benchmarks.benchmarks.models,
      aggregate: benchmarks.benchmarks.aggregate,
    });
  }

  /** Follows replacedBy from a deprecated or retired id to the tool to use now. */
  async resolve(idOrAlias: string): Promise<Succession> {
    return resolveSuccessor((await this.getTools()).tools, idOrAlias);
  }

  /** GET /api/model-ids.json: the model strings callers hold (API ids, snapshots, catalog slugs) and their tools. */
  getModelIds(): Promise<ModelIdsDocument> {
    return this.#get('model-ids.json');
  }

  /** The id table, or null from a server that predates it (the ids tools.json carries are used then). */
  async #modelIds(): Promise<ModelIdsDocument | null> {
    try {
      return await this.getModelIds();
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) return null;
      throw error;
    }
  }

  /** The tool a model string names (API id, snapshot, Bedrock, Vertex, Azure, OpenRouter, models.dev); NotFoundError with the closest ids otherwise. */
  async resolveModel(id: string): Promise<ResolvedModel> {
    const [{ tools }, modelIds] = await Promise.all([this.getTools(), this.#modelIds()]);
    return resolveModel(tools, modelIds, id);
  }

  /** What one provider response (or its usage object, with `options.model`) cost, read, resolved and priced in one call. */
  async priceResponse(
    response: unknown,
    options: PriceResponseOptions = {},
  ): Promise<ReturnType<typeof priceResponse>> {
    const [{ tools }, modelIds] = await Promise.all([this.getTools(), this.#modelIds()]);
    return priceResponse(tools, modelIds, response, options);
  }
}

/** The platform with this id; NotFoundError with suggestions otherwise. */
export function platformById(platforms: readonly Platform[], id: string): Platform {
  const platform = platforms.find((p) => p.id === id.toLowerCase());
  if (!platform) throw notFound('platform', id, platforms);
  return platform;
}

export function createClient(options: ClientOptions = {}): DirectoryClient {
  return new DirectoryClient(options);
}
