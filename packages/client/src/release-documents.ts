/**
 * Documents as published in a release (/api/v/<id>/<name>). A release is immutable and keeps the
 * shape it was published with, so the current document types (types.generated.ts) are not true
 * for older ones: fields were added since (lifecycle, batch sources, priceFactor, ...). These are
 * the tolerant types: the fields every release shares, with their JSON types; anything else a
 * release carries is there as `unknown`. One table drives both the types and the runtime check,
 * so the two cannot drift apart.
 *
 * The table lists what every release in releases/ has (a test loads each through the client and
 * checks it); a field may only be added here once every published release carries it.
 */

/** A JSON leaf, `<leaf>|null`, a nested object, or `{ listOf: <object> }` for an array of objects. */
type Leaf = { string: string; number: number; boolean: boolean; array: unknown[]; object: Record<string, unknown> };
type Spec = keyof Leaf | `${keyof Leaf}|null` | { readonly listOf: Spec } | { readonly [field: string]: Spec };

type Json<S> = S extends keyof Leaf
  ? Leaf[S]
  : S extends `${infer P extends keyof Leaf}|null`
    ? Leaf[P] | null
    : S extends { readonly listOf: infer E }
      ? Json<E>[]
      : S extends object
        ? Shape<S>
        : never;
/** The fields a spec names, typed; other fields (present in some releases only) are `unknown`. */
type Shape<S> = { -readonly [K in keyof S]: Json<S[K]> } & { [field: string]: unknown };

// Releases cut once tools.json went lean give a source's kind and dates only (its name and URL are in
// /api/models/<id>.json); every release has kind and asOf.
const source = { kind: 'string', asOf: 'string' } as const;

const TOOL = {
  id: 'string',
  name: 'string',
  provider: 'string',
  providerId: 'string',
  category: 'array',
  pricing: { input: 'number', output: 'number', cacheRead: 'number', cacheCreate: 'number' },
  description: 'string',
  features: 'array',
  bestFor: 'string',
  contextWindow: 'string',
  contextTokens: 'number',
  maxOutputTokens: 'number|null',
  releaseDate: 'string',
  url: 'string',
  status: 'string',
  replacedBy: 'string|null',
  aliases: 'array',
  openWeights: 'boolean',
  reasoning: 'boolean|null',
  toolCalling: 'boolean|null',
  codingSpecialized: 'boolean',
  blendedPrice: 'number',
  pricingDetails: { caching: 'string', free: 'boolean', tiers: 'array', modifiers: 'array' },
  sources: { pricing: source, contextWindow: source, releaseDate: source },
} as const;

const BENCHMARK_MODEL = {
  modelId: 'string',
  modelName: 'string',
  provider: 'string',
  overallScore: 'number',
  sweBench: 'number',
  liveCodeBench: 'number',
  humanEval: 'number',
  bigCodeBench: 'number',
  measuredCount: 'number',
  strengths: 'array',
  weaknesses: 'array',
  pricePerScorePoint: 'number',
  scoreDetails: 'object',
  results: 'array',
} as const;

export const RELEASE_DOCUMENT_SPECS = {
  'tools.json': { lastUpdated: 'string', totalTools: 'number', tools: { listOf: TOOL } },
  'benchmarks.json': {
    lastUpdated: 'string',
    benchmarks: {
      version: 'string',
      runDate: 'string',
      methodology: 'string',
      sources: 'array',
      models: { listOf: BENCHMARK_MODEL },
    },
  },
  'providers.json': {
    lastUpdated: 'string',
    providers: {
      listOf: {
        id: 'string',
        name: 'string',
        website: 'string',
        pricingUrl: 'string',
        toolCount: 'number',
        tools: 'array',
      },
    },
  },
  'categories.json': {
    lastUpdated: 'string',
    categories: {
      listOf: { id: 'string', slug: 'string', name: 'string', description: 'string', rule: 'string', toolIds: 'array' },
    },
  },
  'platforms.json': {
    lastUpdated: 'string',
    platforms: {
      listOf: {
        id: 'string',
        name: 'string',
        kind: 'string',
        description: 'string',
        pricing: 'string',
        url: 'string',
        asOf: 'string',
        toolIds: 'array',
        toolBilling: 'array',
        sources: 'array',
      },
    },
  },
  'use-cases.json': {
    lastUpdated: 'string',
    useCases: {
      listOf: {
        id: 'string',
        slug: 'string',
        title: 'string',
        keyword: 'string',
        description: 'string',
        sortBy: 'string',
        scenario: { inputTokens: 'number', outputTokens: 'number' },
        topPicks: 'array',
        topPickCosts: 'array',
      },
    },
  },
} as const satisfies Record<string, Spec>;

export type ReleaseDocumentName = keyof typeof RELEASE_DOCUMENT_SPECS;

/** What getReleaseDocument returns: the fields every release of `N` has, the rest `unknown`. */
export type ReleaseDocument<N extends ReleaseDocumentName> = Json<(typeof RELEASE_DOCUMENT_SPECS)[N]>;

const jsonTypeOf = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;

function issuesAt(value: unknown, spec: Spec, at: string, issues: string[]): void {
  if (issues.length >= 20) return; // enough to say what is wrong without walking a broken document whole
  if (typeof spec === 'string') {
    const [leaf, nullable] = spec.split('|');
    const actual = jsonTypeOf(value);
    if (actual !== leaf && !(nullable && actual === 'null'))
      issues.push(`${at}: expected ${spec}, got ${value === undefined ? 'nothing' : actual}`);
    return;
  }
  if ('listOf' in spec) {
    if (!Array.isArray(value)) issues.push(`${at}: expected an array, got ${jsonTypeOf(value)}`);
    else for (const [i, item] of value.entries()) issuesAt(item, spec.listOf as Spec, `${at}[${i}]`, issues);
    return;
  }
  if (jsonTypeOf(value) !== 'object') {
    issues.push(`${at}: expected an object, got ${value === undefined ? 'nothing' : jsonTypeOf(value)}`);
    return;
  }
  for (const [field, inner] of Object.entries(spec))
    issuesAt((value as Record<string, unknown>)[field], inner, `${at}.${field}`, issues);
}

/** Each way `document` falls short of ReleaseDocument<name> (empty when it is one), at most 20. */
export function releaseDocumentIssues(document: unknown, name: ReleaseDocumentName): string[] {
  const issues: string[] = [];
  issuesAt(document, RELEASE_DOCUMENT_SPECS[name], name, issues);
  return issues;
}

export function isReleaseDocumentName(name: string): name is ReleaseDocumentName {
  return Object.hasOwn(RELEASE_DOCUMENT_SPECS, name);
}
