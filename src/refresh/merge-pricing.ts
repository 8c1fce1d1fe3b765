/**
 * Merges the models.dev facts into the curated tools. Upstream owns the facts it carries
 * (prices and caching mode, long-context tiers, context window, max output, release month,
 * open weights / reasoning / tool calling / image input, a deprecation); curated data owns everything else.
 * Pinned facts (tool `upstream.pinned`) are reported, never overwritten, and a disagreement is
 * recorded in the tool's `conflicts` naming both sources. A tool missing
 * upstream is kept and reported. Pure: returns a new SourceData and what it changed.
 */
import { valueText } from '../compile/errors.ts';
import type { SourceData } from '../compile/load.ts';
import type { FactSource, ToolFile, UpstreamFact } from '../schema/source.ts';
import type { ListingFacts, ModelsDevIndex, UpstreamModel } from './upstream/models-dev.ts';

export interface FactUpdate {
  toolId: string;
  file: string;
  fact: UpstreamFact;
  field: string;
  from: unknown;
  to: unknown;
}

export interface PinnedDifference {
  toolId: string;
  file: string;
  fact: UpstreamFact;
  field: string;
  curated: unknown;
  upstream: unknown;
  reason: string;
}

export interface MissingTool {
  toolId: string;
  file: string;
  key: string;
}

export interface PricingMerge {
  source: SourceData;
  updates: FactUpdate[];
  pinned: PinnedDifference[];
  /** Pinned facts whose curated value now equals upstream: the pin can go. */
  redundantPins: { toolId: string; fact: UpstreamFact }[];
  missing: MissingTool[];
  /** Tools with an upstream key. */
  mapped: number;
  notes: string[];
}

export interface PricingMergeContext {
  /** UTC date of the refresh, YYYY-MM-DD. */
  refreshDate: string;
  /** https URL and name recorded in `sources` for facts the refresh changes. */
  sourceUrl: string;
  sourceName: string;
  sha256: string | null;
}

type Tier = ToolFile['pricingDetails']['tiers'][number];

/** Every field the merge writes, by its path in the tool file, with its type there. */
interface FieldTypes {
  'pricing.input': ToolFile['pricing']['input'];
  'pricing.output': ToolFile['pricing']['output'];
  'pricing.cacheRead': ToolFile['pricing']['cacheRead'];
  'pricing.cacheCreate': ToolFile['pricing']['cacheCreate'];
  'pricingDetails.caching': ToolFile['pricingDetails']['caching'];
  'pricingDetails.free': ToolFile['pricingDetails']['free'];
  'pricingDetails.tiers': Tier[];
  contextTokens: ToolFile['contextTokens'];
  /** Optional in the file; compared as null when absent. */
  maxOutputTokens: NonNullable<ToolFile['maxOutputTokens']> | null;
  releaseDate: ToolFile['releaseDate'];
  openWeights: ToolFile['openWeights'];
  reasoning: ToolFile['reasoning'];
  toolCalling: ToolFile['toolCalling'];
  imageInput: ToolFile['imageInput'];
}
type FieldPath = keyof FieldTypes;

/** How each field is written: a typed setter per path, so a renamed field breaks the build, not the merge. */
const SETTERS: { [P in FieldPath]: (tool: ToolFile, value: FieldTypes[P]) => void } = {
  'pricing.input': (t, v) => {
    t.pricing.input = v;
  },
  'pricing.output': (t, v) => {
    t.pricing.output = v;
  },
  'pricing.cacheRead': (t, v) => {
    t.pricing.cacheRead = v;
  },
  'pricing.cacheCreate': (t, v) => {
    t.pricing.cacheCreate = v;
  },
  'pricingDetails.caching': (t, v) => {
    t.pricingDetails.caching = v;
  },
  'pricingDetails.free': (t, v) => {
    t.pricingDetails.free = v;
  },
  'pricingDetails.tiers': (t, v) => {
    t.pricingDetails.tiers = v;
  },
  contextTokens: (t, v) => {
    t.contextTokens = v;
  },
  maxOutputTokens: (t, v) => {
    // Upstream writes only a number here (factFields); null is the curated side of an absent value.
    t.maxOutputTokens = v ?? undefined;
  },
  releaseDate: (t, v) => {
    t.releaseDate = v;
  },
  openWeights: (t, v) => {
    t.openWeights = v;
  },
  reasoning: (t, v) => {
    t.reasoning = v;
  },
  toolCalling: (t, v) => {
    t.toolCalling = v;
  },
  imageInput: (t, v) => {
    t.imageInput = v;
  },
};

/** A field's curated value beside the upstream's. */
type Field = { [P in FieldPath]: [field: P, curated: FieldTypes[P], upstream: FieldTypes[P]] }[FieldPath];

function setField<P extends FieldPath>(tool: ToolFile, field: P, value: FieldTypes[P]): void {
  SETTERS[field](tool, value);
}

/**
 * The upstream's tiers in place of the curated ones, keeping what models.dev does not carry: a curated tier's
 * one-hour cache-write price stays on the upstream tier of the same threshold, and one whose threshold upstream
 * no longer has is dropped with a note naming it, never silently.
 */
export function replaceTiers(
  toolId: string,
  curated: readonly Tier[],
  upstream: readonly Tier[],
  notes: string[],
): Tier[] {
  const byThreshold = new Map(upstream.map((t) => [t.aboveTokens, t]));
  for (const tier of curated) {
    if (tier.cacheCreate1h === undefined || byThreshold.has(tier.aboveTokens)) continue;
    notes.push(
      `${toolId}: dropped the curated cacheCreate1h ${tier.cacheCreate1h} of the tier above ${tier.aboveTokens} tokens, which the upstream no longer has`,
    );
  }
  return upstream.map((tier) => {
    const kept = curated.find((c) => c.aboveTokens === tier.aboveTokens)?.cacheCreate1h;
    return kept === undefined ? structuredClone(tier) : { ...structuredClone(tier), cacheCreate1h: kept };
  });
}

/** Canonical key order, so curated and upstream tiers compare by value. */
function canonicalTier(tier: Tier): Tier {
  return {
    aboveTokens: tier.aboveTokens,
    input: tier.input,
    output: tier.output,
    semantics: tier.semantics,
    ...(tier.cacheRead !== undefined ? { cacheRead: tier.cacheRead } : {}),
    ...(tier.cacheCreate !== undefined ? { cacheCreate: tier.cacheCreate } : {}),
  };
}

/**
 * The build's caching semantics from upstream cost fields: a cache write above the input
 * price is a write premium; a cache write above 0 and below it, beside a cache read, is a write
 * discount (MiniMax's high-speed models); a cache read alone (write absent, 0 or equal to input)
 * means writes bill at the input price; no cache read means caching is unavailable.
 */
export function pricingFromCost(cost: NonNullable<UpstreamModel['cost']>) {
  const writePremium = cost.cacheWrite !== null && cost.cacheWrite > cost.input;
  // A write of 0 is read as "not stated", as before: a free cache write is never published from a catalogue alone.
  const writeDiscount =
    cost.cacheRead !== null && cost.cacheWrite !== null && cost.cacheWrite > 0 && cost.cacheWrite < cost.input;
  const caching = writePremium
    ? 'write-premium'
    : writeDiscount
      ? 'write-discount'
      : cost.cacheRead !== null
        ? 'no-write-premium'
        : 'unavailable';
  const pricing = {
    input: cost.input,
    output: cost.output,
    cacheRead: caching === 'unavailable' ? cost.input : (cost.cacheRead ?? cost.input),
    cacheCreate: writePremium || writeDiscount ? cost.cacheWrite! : cost.input,
  };
  const tiers: Tier[] = cost.tiers.map((t) => ({
    aboveTokens: t.aboveTokens,
    input: t.input,
    output: t.output,
    semantics: 'whole-request' as const,
    ...(t.cacheRead !== null ? { cacheRead: t.cacheRead } : {}),
    ...(t.cacheWrite !== null &&
    (t.cacheWrite > t.input || (writeDiscount && t.cacheWrite > 0 && t.cacheWrite < t.input))
      ? { cacheCreate: t.cacheWrite }
      : {}),
  }));
  const free = cost.input === 0 && cost.output === 0 && (cost.cacheRead ?? 0) === 0;
  return { pricing, caching: caching as ToolFile['pricingDetails']['caching'], free, tiers };
}

/** Curated vs upstream value of every field of each fact group upstream carries. */
function factFields(tool: ToolFile, model: UpstreamModel): Map<UpstreamFact, Field[]> {
  const facts = new Map<UpstreamFact, Field[]>();
  if (model.cost) {
    const up = pricingFromCost(model.cost);
    facts.set('pricing', [
      ['pricing.input', tool.pricing.input, up.pricing.input],
      ['pricing.output', tool.pricing.output, up.pricing.output],
      ['pricing.cacheRead', tool.pricing.cacheRead, up.pricing.cacheRead],
      ['pricing.cacheCreate', tool.pricing.cacheCreate, up.pricing.cacheCreate],
      ['pricingDetails.caching', tool.pricingDetails.caching, up.caching],
      ['pricingDetails.free', tool.pricingDetails.free, up.free],
      ['pricingDetails.tiers', tool.pricingDetails.tiers.map(canonicalTier), up.tiers],
    ]);
  }
  if (model.contextTokens !== null)
    facts.set('contextWindow', [['contextTokens', tool.contextTokens, model.contextTokens]]);
  if (model.maxOutputTokens !== null)
    facts.set('maxOutputTokens', [['maxOutputTokens', tool.maxOutputTokens ?? null, model.maxOutputTokens]]);
  if (model.releaseMonth !== null) facts.set('releaseDate', [['releaseDate', tool.releaseDate, model.releaseMonth]]);
  const capabilities: Field[] = [];
  if (model.openWeights !== null) capabilities.push(['openWeights', tool.openWeights, model.openWeights]);
  if (model.reasoning !== null) capabilities.push(['reasoning', tool.reasoning, model.reasoning]);
  if (model.toolCalling !== null) capabilities.push(['toolCalling', tool.toolCalling, model.toolCalling]);
  if (model.imageInput !== null) capabilities.push(['imageInput', tool.imageInput, model.imageInput]);
  if (capabilities.length > 0) facts.set('capabilities', capabilities);
  return facts;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const SOURCED: Partial<Record<UpstreamFact, keyof ToolFile['sources']>> = {
  pricing: 'pricing',
  contextWindow: 'contextWindow',
  releaseDate: 'releaseDate',
};

function importedSource(key: string, context: PricingMergeContext): FactSource {
  return {
    name: `${context.sourceName} ${key}`,
    url: context.sourceUrl,
    kind: 'aggregator',
    asOf: context.refreshDate,
    verified: context.refreshDate,
    note: `Imported by the refresh of ${context.refreshDate}${context.sha256 ? ` (upstream sha256 ${context.sha256.slice(0, 12)})` : ''}.`,
  };
}

type Located = SourceData['tools'][number];

/** Notes about upstream values the merge cannot carry over as they are. */
function costNotes(
  tool: ToolFile,
  key: string,
  model: UpstreamModel,
  pinned: ReadonlySet<string>,
  notes: string[],
): void {
  const cost = model.cost;
  if (cost && cost.ignoredTiers > 0)
    notes.push(`${tool.id}: ignored ${cost.ignoredTiers} upstream price tier(s) that are not context-size tiers`);
  if (cost && cost.cacheWrite !== null && cost.cacheWrite > 0 && cost.cacheWrite < cost.input)
    notes.push(
      `${tool.id}: upstream cache_write ${cost.cacheWrite} is below the input price ${cost.input}; cache writes are published at the input price`,
    );
  // A status is a lifecycle fact with a dated, sourced shutdown (which the aggregator does not
  // give), and copying "deprecated" could even turn a retired model back into a callable one.
  if (model.deprecated && (tool.status === 'active' || tool.status === 'preview') && !pinned.has('status'))
    notes.push(
      `${tool.id}: upstream marks "${key}" deprecated; status stays "${tool.status}" until the provider's shutdown date and its source are recorded in lifecycle`,
    );
}

const covers = (conflictField: string, fact: UpstreamFact, field: string) =>
  conflictField === field ||
  conflictField === fact ||
  field.startsWith(`${conflictField}.`) ||
  (field === 'contextTokens' && conflictField === 'contextWindow');

/**
 * A pinned value the upstream disagrees with stays, and the disagreement is on record: a
 * `conflicts` entry naming the curated value and the upstream's, with both sources. An entry that
 * already covers the field and names the upstream is left as written.
 */
function recordPinnedConflict(
  tool: ToolFile,
  difference: Omit<PinnedDifference, 'toolId' | 'file' | 'reason'>,
  key: string,
  context: PricingMergeContext,
): boolean {
  const named = tool.conflicts.some(
    (c) =>
      covers(c.field, difference.fact, difference.field) &&
      (/models\.dev/i.test(c.alternativeSource) || c.alternativeSource.includes(context.sourceName)),
  );
  if (named) return false;
  const kept = tool.sources[SOURCED[difference.fact] ?? 'pricing'];
  tool.conflicts.push({
    field: difference.field,
    chosen: `${valueText(difference.curated)} (${kept?.name ?? 'curated'}${kept?.url ? `, ${kept.url}` : ''})`,
    alternative: valueText(difference.upstream),
    alternativeSource: `${context.sourceName} ${key} (${context.sourceUrl}, read by the refresh of ${context.refreshDate})`,
    reason: tool.upstream.pinnedReason ?? 'the curated value is pinned (upstream.pinned)',
  });
  return true;
}

/** A recorded disagreement about a value the refresh has just replaced no longer describes the data. */
function dropReplacedConflicts(tool: ToolFile, changedFields: readonly string[], notes: string[]): void {
  const touches = (field: string) =>
    changedFields.some(
      (f) => field === f || field.startsWith(`${f}.`) || (field === 'contextWindow' && f === 'contextTokens'),
    );
  const kept = tool.conflicts.filter((c) => !touches(c.field));
  if (kept.length === tool.conflicts.length) return;
  notes.push(
    `${tool.id}: dropped ${tool.conflicts.length - kept.length} recorded conflict(s) about values the refresh replaced`,
  );
  tool.conflicts = kept;
}

/** One tool against its upstream model: pinned facts reported and recorded, the others applied. */
function mergeTool(located: Located, model: UpstreamModel, context: PricingMergeContext, result: PricingMerge): void {
  const tool = located.data;
  const key = tool.upstream.modelsDev!;
  const pinned = new Set<string>(tool.upstream.pinned ?? []);
  costNotes(tool, key, model, pinned, result.notes);
  const changedFields: string[] = [];
  for (const [fact, fields] of factFields(tool, model)) {
    const differing = fields.filter(([, curated, upstream]) => !same(curated, upstream));
    if (pinned.has(fact)) {
      if (differing.length === 0) result.redundantPins.push({ toolId: tool.id, fact });
      for (const [field, curated, upstream] of differing) {
        const difference = { fact, field, curated, upstream };
        result.pinned.push({
          toolId: tool.id,
          file: located.file,
          ...difference,
          reason: tool.upstream.pinnedReason ?? '',
        });
        if (recordPinnedConflict(tool, difference, key, context))
          result.notes.push(
            `${tool.id}: recorded the upstream's ${field} ${valueText(upstream)} as a conflict with the pinned value`,
          );
      }
      continue;
    }
    for (const [field, curated, upstream] of differing) {
      if (field === 'pricingDetails.tiers')
        setField(tool, field, replaceTiers(tool.id, tool.pricingDetails.tiers, upstream, result.notes));
      else setField(tool, field, structuredClone(upstream));
      changedFields.push(field);
      result.updates.push({ toolId: tool.id, file: located.file, fact, field, from: curated, to: upstream });
    }
    const sourceKey = SOURCED[fact];
    if (differing.length > 0 && sourceKey) tool.sources[sourceKey] = importedSource(key, context);
    // The image-input flag has its own source (the schema asks for one): the upstream that set it.
    if (differing.some(([field]) => field === 'imageInput')) tool.sources.imageInput = importedSource(key, context);
  }
  if (changedFields.length > 0) dropReplacedConflicts(tool, changedFields, result.notes);
}

export function mergePricing(source: SourceData, index: ModelsDevIndex, context: PricingMergeContext): PricingMerge {
  const next = structuredClone(source);
  const result: PricingMerge = {
    source: next,
    updates: [],
    pinned: [],
    redundantPins: [],
    missing: [],
    mapped: 0,
    notes: [],
  };
  for (const located of next.tools) {
    const key = located.data.upstream.modelsDev;
    if (key === null) continue;
    result.mapped += 1;
    const model = index.models.get(key);
    if (model) mergeTool(located, model, context, result);
    else result.missing.push({ toolId: located.data.id, file: located.file, key });
  }
  return result;
}

export interface Candidate {
  key: string;
  name: string | null;
  releaseDate: string | null;
  known: ListingFacts;
}

export interface CandidateOptions {
  now: Date;
  windowDays: number;
  excludeProviders: readonly string[];
  ignore: readonly string[];
}

/**
 * New upstream models worth a look: in a provider the directory tracks (provider files'
 * `upstream.modelsDev`, minus hosts in `excludeProviders`), not mapped to any tool, not
 * deprecated, released within `windowDays`. Reported only; never added.
 */
export function findCandidates(source: SourceData, index: ModelsDevIndex, options: CandidateOptions): Candidate[] {
  const tracked = new Set(
    source.providers.map((p) => p.data.upstream.modelsDev).filter((k) => !options.excludeProviders.includes(k)),
  );
  const mapped = new Set(source.tools.map((t) => t.data.upstream.modelsDev).filter((k): k is string => k !== null));
  const ignored = new Set(options.ignore);
  const since = new Date(options.now.getTime() - options.windowDays * 86_400_000).toISOString().slice(0, 10);
  return index.listings
    .filter(
      (l) =>
        tracked.has(l.provider) &&
        !mapped.has(l.key) &&
        !ignored.has(l.key) &&
        !l.deprecated &&
        l.releaseDate !== null &&
        l.releaseDate >= since,
    )
    .map((l) => ({ key: l.key, name: l.name, releaseDate: l.releaseDate, known: l.known }))
    .sort((a, b) => (b.releaseDate ?? '').localeCompare(a.releaseDate ?? '') || a.key.localeCompare(b.key));
}
