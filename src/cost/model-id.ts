/**
 * Any model string a caller holds (a provider API id, a dated snapshot, a Bedrock, Vertex or Azure
 * id, an OpenRouter or models.dev slug) to the directory tool it names. The table lists the ids
 * the data records; platform wrappings (region prefixes, `-v1:0`, `@date`, `publishers/.../models/`)
 * are taken off by fixed rules and the rest must match an id of the table exactly. No substring or
 * similarity match ever counts as found: those only feed the suggestions of a miss.
 */

export type ModelIdKind = 'directory' | 'api' | 'snapshot' | 'models.dev' | 'openrouter';

export interface ModelIdEntry {
  id: string;
  toolId: string;
  kind: ModelIdKind;
  /** The field of the tool in tools.json the id comes from. */
  source: string;
}

/** The platform wrapping taken off before the exact match; `exact` when none was. */
export type ModelIdForm =
  | 'exact'
  | 'bedrock'
  | 'vertex'
  | 'azure'
  | 'platform-prefix'
  | 'provider-prefix'
  | 'dated-snapshot'
  | 'moving-alias';

export interface ModelIdMatch {
  query: string;
  toolId: string;
  entry: ModelIdEntry;
  form: ModelIdForm;
  /** The id looked up after the wrapping was taken off. */
  normalized: string;
}

/** What a tool carries that names it: a published Tool fits. */
export interface NamedTool {
  id: string;
  aliases: readonly string[];
  crossRefs?: { modelsDev?: string | null; openRouter?: string | null } | null;
  /** YYYY-MM or YYYY-MM-DD: a dated snapshot older than this is not this tool (lookupModelId). */
  releaseDate?: string | null;
  /** Whose it is (tools.json providerId): the snapshot rules of one provider apply to its tools only. */
  providerId?: string | null;
}

import {
  COMPACT_DAY_PATTERN,
  DAY_NUMBER_PATTERN,
  DAY_PATTERN,
  DAY_SHAPE,
  MONTH_NUMBER_PATTERN,
} from '../schema/calendar.ts';
import { type NameRefusal, nameKey, refusalText } from './name-key.ts';

const DATED = new RegExp(`-(?:${COMPACT_DAY_PATTERN}|${DAY_PATTERN})$`);

/** Every id the tools record, each once: a tool's own id first, then aliases, then catalog slugs. */
export function modelIdEntries(tools: readonly NamedTool[]): ModelIdEntry[] {
  const entries: ModelIdEntry[] = [];
  const seen = new Set<string>();
  const add = (id: string | null | undefined, toolId: string, kind: ModelIdKind, source: string) => {
    if (!id) return;
    const key = `${id.toLowerCase()}\u0000${toolId}`;
    if (seen.has(key)) return;
    seen.add(key);
    entries.push({ id, toolId, kind, source });
  };
  for (const tool of tools) add(tool.id, tool.id, 'directory', 'id');
  for (const tool of tools)
    for (const alias of tool.aliases) add(alias, tool.id, DATED.test(alias) ? 'snapshot' : 'api', 'aliases');
  for (const tool of tools) {
    add(tool.crossRefs?.modelsDev, tool.id, 'models.dev', 'crossRefs.modelsDev');
    add(tool.crossRefs?.openRouter, tool.id, 'openrouter', 'crossRefs.openRouter');
  }
  return entries;
}

/** Ids that name more than one tool: the table cannot be published with them. */
export function ambiguousModelIds(entries: readonly ModelIdEntry[]): { id: string; toolIds: string[] }[] {
  const byId = new Map<string, Set<string>>();
  for (const entry of entries) {
    const key = entry.id.toLowerCase();
    byId.set(key, (byId.get(key) ?? new Set()).add(entry.toolId));
  }
  return [...byId]
    .filter(([, toolIds]) => toolIds.size > 1)
    .map(([id, toolIds]) => ({ id, toolIds: [...toolIds].sort() }));
}

const PLATFORM_PREFIX = /^(bedrock|bedrock_converse|vertex_ai|vertex|azure|azure_ai)\//;
const BEDROCK_ARN = /^arn:aws[a-z-]*:bedrock:[^:]*:[^:]*:(?:foundation-model|inference-profile)\/(.+)$/;
const BEDROCK_REGION = /^(?:us|eu|apac|global|au|jp|ca|us-gov)\./;
const BEDROCK_VENDOR =
  /^(anthropic|amazon|meta|mistral|cohere|ai21|deepseek|openai|qwen|moonshotai|minimax|zai|google|writer|nvidia)\.(.+)$/;
const BEDROCK_VERSION = /-v\d+(?::\d+)?(?::\d+k)?$/;
const VERTEX_PATH = /^(?:projects\/[^/]+\/locations\/[^/]+\/)?publishers\/([^/]+)\/models\/([^/]+)$/;
const VERTEX_VERSION = new RegExp(`^(.+)@(${COMPACT_DAY_PATTERN}|default|latest)$`);
const AZURE_REGISTRY = /^azureml:\/\/registries\/[^/]+\/models\/([^/]+)\/versions\/([^/]+)$/;

interface Candidate {
  id: string;
  form: ModelIdForm;
}

function bedrockForms(id: string): string[] {
  const arn = BEDROCK_ARN.exec(id);
  const bare = (arn ? arn[1]! : id).replace(BEDROCK_REGION, '');
  const vendor = BEDROCK_VENDOR.exec(bare);
  if (!vendor) return arn ? [bare] : [];
  const model = vendor[2]!;
  const unversioned = model.replace(BEDROCK_VERSION, '');
  return unversioned === model ? [model] : [model, unversioned];
}

function vertexForms(id: string): string[] {
  const path = VERTEX_PATH.exec(id);
  const model = path ? path[2]! : id;
  const versioned = VERTEX_VERSION.exec(model);
  const forms = path ? [model] : [];
  if (versioned) forms.push(/^\d/.test(versioned[2]!) ? `${versioned[1]}-${versioned[2]}` : versioned[1]!);
  const maas = model.replace(/-maas$/, '');
  if (maas !== model) forms.push(maas);
  return forms;
}

function azureForms(id: string): string[] {
  const registry = AZURE_REGISTRY.exec(id);
  if (!registry) return [];
  // A dated version is the model's snapshot; a plain number is only the registry's revision.
  return [DAY_SHAPE.test(registry[2]!) ? `${registry[1]}-${registry[2]}` : registry[1]!];
}

/**
 * The provider prefixes a `provider/model` id may carry: those of the table's own slugs (models.dev keys and
 * OpenRouter slugs). Any other prefix names a host the directory does not know, whose price it cannot vouch for.
 */
export function providerPrefixes(entries: readonly ModelIdEntry[]): Set<string> {
  const prefixes = new Set<string>();
  for (const entry of entries) {
    const slash = entry.id.indexOf('/');
    if (slash > 0) prefixes.add(entry.id.slice(0, slash).toLowerCase());
  }
  return prefixes;
}

/**
 * The ids to look up for a query, in order: as given, then with each platform wrapping taken off. A query the name
 * rule refuses (name-key.ts) has none. With `prefixes`, a `provider/model` form is tried only for a known provider.
 */
export function modelIdCandidates(query: string, prefixes?: ReadonlySet<string>): Candidate[] {
  const key = nameKey(query);
  if (!key.ok) return [];
  const exact = key.key;
  const out: Candidate[] = [{ id: exact, form: 'exact' }];
  const prefix = PLATFORM_PREFIX.exec(exact);
  const unprefixed = prefix ? exact.slice(prefix[0].length) : exact;
  if (prefix) out.push({ id: unprefixed, form: 'platform-prefix' });
  for (const id of bedrockForms(unprefixed)) out.push({ id, form: 'bedrock' });
  for (const id of vertexForms(unprefixed)) out.push({ id, form: 'vertex' });
  for (const id of azureForms(unprefixed)) out.push({ id, form: 'azure' });
  const slash = unprefixed.indexOf('/');
  if (slash > 0 && slash === unprefixed.lastIndexOf('/') && (!prefixes || prefixes.has(unprefixed.slice(0, slash))))
    out.push({ id: unprefixed.slice(slash + 1), form: 'provider-prefix' });
  const unique = new Map<string, Candidate>();
  for (const candidate of out) if (candidate.id && !unique.has(candidate.id)) unique.set(candidate.id, candidate);
  return [...unique.values()];
}

/** The base id a versioned id names and the month its suffix dates (null when it numbers a version, no date). */
export interface Snapshot {
  base: string;
  month: string | null;
}

/**
 * How one provider names a versioned id: a suffix on the id of the model it is a version of. Each rule cites where
 * the provider publishes ids of that form; a provider no source shows one for has no rule (docs/api.md lists them).
 */
export interface SnapshotRule {
  /** Whose rule it is, in words. */
  provider: string;
  /**
   * The tools it applies to, by tools.json providerId; null for a form no provider uses for anything else, tried
   * for any tool. A scoped rule applies only when the caller says whose tool an id names (lookupModelId's providerOf).
   */
  providerIds: readonly string[] | null;
  form: string;
  examples: readonly string[];
  /** Where the provider publishes ids of this form. */
  source: string;
  parse(id: string): Snapshot | null;
}

// The dated forms, each built of the schema's month and day (src/schema/calendar.ts): a day 01-31 of a month 01-12.
const ISO_DATED = new RegExp(`^(.+)-(${DAY_PATTERN})$`);
const COMPACT_DATED = new RegExp(`^(.+)-(${COMPACT_DAY_PATTERN})$`);
const YYMM_DATED = new RegExp(`^(.+)-(\\d{2})(${MONTH_NUMBER_PATTERN})$`);
const MMDD_DATED = new RegExp(`^(.+)-${MONTH_NUMBER_PATTERN}${DAY_NUMBER_PATTERN}(-(?:non-)?reasoning)?$`);

function isoDated(id: string): Snapshot | null {
  const dated = ISO_DATED.exec(id);
  return dated ? { base: dated[1]!, month: dated[2]!.slice(0, 7) } : null;
}

function compactDated(id: string): Snapshot | null {
  const dated = COMPACT_DATED.exec(id);
  return dated ? { base: dated[1]!, month: `${dated[2]!.slice(0, 4)}-${dated[2]!.slice(4, 6)}` } : null;
}

function yearMonth(id: string): Snapshot | null {
  const dated = YYMM_DATED.exec(id);
  return dated ? { base: dated[1]!, month: `20${dated[2]}-${dated[3]}` } : null;
}

// xAI's ids carry no year, so the date cannot be compared with a release month.
function monthDay(id: string): Snapshot | null {
  const dated = MMDD_DATED.exec(id);
  return dated ? { base: `${dated[1]}${dated[2] ?? ''}`, month: null } : null;
}

const MODELS_DEV =
  'the models.dev api.json of 2026-07-02 (github.com/anomalyco/models.dev, commit f3fc692; /work/shared/reference/models-dev-api.json)';

/** In the order they are tried; the first whose base is a tool id or API alias (and whose provider fits) decides. */
export const SNAPSHOT_RULES: readonly SnapshotRule[] = [
  {
    provider: 'OpenAI; Alibaba (Qwen)',
    providerIds: null,
    form: '-YYYY-MM-DD',
    examples: ['gpt-5-2025-08-07', 'qwen3-max-2026-01-23'],
    source: `OpenAI's model pages list each alias's snapshots (platform.openai.com/docs/models/gpt-5: gpt-5-2025-08-07); Qwen: ${MODELS_DEV}, providers alibaba-coding-plan (qwen3-max-2026-01-23) and openrouter (qwen/qwen-plus-2025-07-28)`,
    parse: isoDated,
  },
  {
    provider: 'Anthropic',
    providerIds: null,
    form: '-YYYYMMDD',
    examples: ['claude-sonnet-4-5-20250929'],
    source: `Anthropic's models overview (docs.anthropic.com/en/docs/about-claude/models) names each model by its dated id; ${MODELS_DEV}, provider amazon-bedrock (anthropic.claude-sonnet-4-5-20250929-v1:0)`,
    parse: compactDated,
  },
  {
    provider: 'Google',
    providerIds: null,
    form: '-00N (a stable version, no date)',
    examples: ['gemini-2.0-flash-001'],
    source: `Google's models page (ai.google.dev/gemini-api/docs/models, the doc models.dev's providers/google names); ${MODELS_DEV}: providers/google (gemini-embedding-001), kilo and nano-gpt (gemini-2.0-flash-001)`,
    parse: (id) => {
      const version = /^(.+)-(0\d\d)$/.exec(id);
      return version ? { base: version[1]!, month: null } : null;
    },
  },
  {
    provider: 'Mistral AI',
    providerIds: ['mistral-ai'],
    form: "-YYMM (the version's year and month; -latest aliases move and are not resolved by rule)",
    examples: ['mistral-large-2411', 'mistral-medium-2604', 'codestral-2508'],
    source: `${MODELS_DEV}, provider mistral (doc docs.mistral.ai/getting-started/models/): mistral-large-2411, mistral-large-2512, mistral-medium-2505, mistral-medium-2604, mistral-small-2603, devstral-2512 beside mistral-large-latest, codestral-latest; Codestral 2508 named by docs.mistral.ai/guides/model-selection as quoted in /work/shared/reference-2026h2/release-dates.csv`,
    parse: yearMonth,
  },
  {
    provider: 'StepFun',
    providerIds: ['stepfun'],
    form: '-YYMM',
    examples: ['step-3.5-flash-2603'],
    source: `${MODELS_DEV}, provider stepfun: step-3.5-flash-2603 (released 2026-04-02) beside step-3.5-flash, at the same prices`,
    parse: yearMonth,
  },
  {
    provider: 'xAI',
    providerIds: ['xai'],
    form: '-MMDD (month and day, no year), at the end or before -reasoning / -non-reasoning',
    examples: ['grok-4-0709', 'grok-4.20-0309-reasoning', 'grok-4.20-multi-agent-0309'],
    source: `${MODELS_DEV}: provider xai (doc docs.x.ai/docs/models) lists grok-4.20-0309-reasoning, grok-4.20-0309-non-reasoning, grok-4.20-multi-agent-0309 (released 2026-03-09); providers abacus and jiekou list grok-4-0709 (Grok 4, released 2025-07-09)`,
    parse: monthDay,
  },
];

/**
 * A name a provider moves from model to model (`mistral-large-latest`), and what the provider publishes it to point
 * at over a span of days. Only pointers a provider publishes are here, each with its source; a moving name without
 * one (`gemini-flash-latest`, `claude-3-5-sonnet-latest`) resolves to nothing, since its target cannot be told.
 */
export interface AliasPointer {
  alias: string;
  /** Whose name it is, in words, and the tools.json providerId its target must have. */
  provider: string;
  providerId: string;
  /** The id it points at, as the provider names it; null once the provider has retired the name. */
  target: string | null;
  /** The first and last day (UTC, YYYY-MM-DD) the source shows it pointing there; outside them nothing is known. */
  from: string | null;
  until: string | null;
  /** Where the provider publishes the pointer. */
  source: string;
}

const MISTRAL_CARDS =
  "Mistral's model cards, identifiers.apiNames (github.com/mistralai/platform-docs-public src/schema/models/models/";
const MISTRAL_DOCS_COMMIT = '222f4ba9114f, 2026-08-21';
const DEEPSEEK_FIRST_CALL =
  'DeepSeek API docs, Your First API Call (api-docs.deepseek.com), as recorded in /work/shared/reference-2026h2/lifecycle.csv';

export const ALIAS_POINTERS: readonly AliasPointer[] = [
  {
    alias: 'mistral-large-latest',
    provider: 'Mistral AI',
    providerId: 'mistral-ai',
    target: 'mistral-large-2512',
    from: '2026-08-21',
    until: null,
    source: `${MISTRAL_CARDS}mistral-large-3-25-12.ts @${MISTRAL_DOCS_COMMIT}: ['mistral-large-2512', 'mistral-large-latest']); the Mistral Large 4 card (mistral-large-4-0.ts @c971dd85b9a2) names only mistral-large-4 and mistral-large-4-0`,
  },
  {
    alias: 'mistral-medium-latest',
    provider: 'Mistral AI',
    providerId: 'mistral-ai',
    target: 'mistral-medium-3-5',
    from: '2026-08-21',
    until: null,
    source: `${MISTRAL_CARDS}mistral-medium-3-5-26-04.ts @${MISTRAL_DOCS_COMMIT}: ['mistral-medium-3-5', 'mistral-medium-3', 'mistral-medium-latest'])`,
  },
  {
    alias: 'mistral-small-latest',
    provider: 'Mistral AI',
    providerId: 'mistral-ai',
    target: 'mistral-small-2603',
    from: '2026-08-21',
    until: null,
    source: `${MISTRAL_CARDS}mistral-small-4-0-26-03.ts @${MISTRAL_DOCS_COMMIT}: ['mistral-small-2603', 'mistral-small-latest'])`,
  },
  {
    alias: 'codestral-latest',
    provider: 'Mistral AI',
    providerId: 'mistral-ai',
    target: 'codestral-2508',
    from: '2026-08-21',
    until: null,
    source: `${MISTRAL_CARDS}codestral-25-08.ts @${MISTRAL_DOCS_COMMIT}: ['codestral-2508', 'codestral-latest'])`,
  },
  // DeepSeek does not say on which day the V4 Flash name moved; 2026-09-10 is the first page version that says so.
  {
    alias: 'deepseek-v4-flash',
    provider: 'DeepSeek',
    providerId: 'deepseek',
    target: 'deepseek-flash',
    from: '2026-09-10',
    until: null,
    source: `${DEEPSEEK_FIRST_CALL}: the legacy name deepseek-v4-flash is still accepted and served by DeepSeek-V4.1-Flash (API name deepseek-flash)`,
  },
  {
    alias: 'deepseek-chat',
    provider: 'DeepSeek',
    providerId: 'deepseek',
    target: 'deepseek-v4-flash',
    from: null,
    until: '2026-07-24',
    source: `${DEEPSEEK_FIRST_CALL}: deepseek-chat was an alias of deepseek-v4-flash (non-thinking) until it was deprecated on 2026-07-24`,
  },
  {
    alias: 'deepseek-chat',
    provider: 'DeepSeek',
    providerId: 'deepseek',
    target: null,
    from: '2026-07-25',
    until: null,
    source: `${DEEPSEEK_FIRST_CALL}: deepseek-chat deprecated on 2026-07-24`,
  },
  {
    alias: 'deepseek-reasoner',
    provider: 'DeepSeek',
    providerId: 'deepseek',
    target: 'deepseek-v4-flash',
    from: null,
    until: '2026-07-24',
    source: `${DEEPSEEK_FIRST_CALL}: deepseek-reasoner was an alias of deepseek-v4-flash (thinking) until it was deprecated on 2026-07-24`,
  },
  {
    alias: 'deepseek-reasoner',
    provider: 'DeepSeek',
    providerId: 'deepseek',
    target: null,
    from: '2026-07-25',
    until: null,
    source: `${DEEPSEEK_FIRST_CALL}: deepseek-reasoner deprecated on 2026-07-24`,
  },
];

/** A name that moves by its provider's convention: `-latest`, or one ALIAS_POINTERS lists. */
export function isMovingAlias(id: string): boolean {
  const key = id.trim().toLowerCase();
  return /-latest$/.test(key) || ALIAS_POINTERS.some((p) => p.alias === key);
}

/** The pointer in force on a day (YYYY-MM-DD) for an alias, or null when no source says. */
export function aliasPointerOn(alias: string, day: string): AliasPointer | null {
  const key = alias.trim().toLowerCase();
  return (
    ALIAS_POINTERS.find(
      (p) => p.alias === key && (p.from === null || p.from <= day) && (p.until === null || day <= p.until),
    ) ?? null
  );
}

/** The UTC day of an instant (ISO text or Date), today without one: the day a moving alias is read on. */
export function dayOf(at?: string | Date): string {
  const date = at === undefined ? new Date() : new Date(at);
  return Number.isNaN(date.getTime()) ? new Date().toISOString().slice(0, 10) : date.toISOString().slice(0, 10);
}

/**
 * The first unscoped rule's reading of an id (OpenAI -YYYY-MM-DD, Anthropic -YYYYMMDD, Google -00N), or null.
 * Kept for callers that know no provider; lookupModelId tries every rule.
 */
export function snapshotSuffix(id: string): Snapshot | null {
  for (const rule of SNAPSHOT_RULES) {
    if (rule.providerIds !== null) continue;
    const snapshot = rule.parse(id);
    if (snapshot) return snapshot;
  }
  return null;
}

/** When a tool was released (tools.json releaseDate, YYYY-MM or YYYY-MM-DD), for the snapshot rule's date check. */
export type ReleaseOf = (toolId: string) => string | null | undefined;

/** Whose a tool is (tools.json providerId), for the rules a provider alone uses. */
export type ProviderOf = (toolId: string) => string | null | undefined;

/**
 * The tool a model string names, exactly after normalisation, or null. Only when no form matches exactly, a
 * moving alias is read through the pointer its provider publishes for the day of `at` (today without it; null
 * reads none: ALIAS_POINTERS), then a provider snapshot suffix (SNAPSHOT_RULES) is taken off and the rest must be
 * a tool's id or API alias; a snapshot dated before the tool's release month is some earlier model, and matches
 * nothing.
 */
export function lookupModelId(
  entries: readonly ModelIdEntry[],
  query: string,
  releaseOf?: ReleaseOf,
  providerOf?: ProviderOf,
  at?: string | Date | null,
): ModelIdMatch | null {
  const byId = new Map<string, ModelIdEntry>();
  for (const entry of entries) if (!byId.has(entry.id.toLowerCase())) byId.set(entry.id.toLowerCase(), entry);
  const candidates = modelIdCandidates(query, providerPrefixes(entries));
  for (const candidate of candidates) {
    const entry = byId.get(candidate.id);
    if (entry) return { query, toolId: entry.toolId, entry, form: candidate.form, normalized: candidate.id };
  }
  const moved = at === null ? null : movingAliasMatch(entries, query, candidates, releaseOf, providerOf, dayOf(at));
  if (moved) return moved;
  return snapshotMatch(byId, query, candidates, releaseOf, providerOf);
}

/** A moving alias read through the pointer its provider publishes for the day; its target resolves as any id does. */
function movingAliasMatch(
  entries: readonly ModelIdEntry[],
  query: string,
  candidates: readonly Candidate[],
  releaseOf: ReleaseOf | undefined,
  providerOf: ProviderOf | undefined,
  day: string,
): ModelIdMatch | null {
  for (const candidate of candidates) {
    const pointer = aliasPointerOn(candidate.id, day);
    if (!pointer?.target) continue;
    // at null: the target is looked up without moving aliases, so two pointers can never chase each other.
    const target = lookupModelId(entries, pointer.target, releaseOf, providerOf, null);
    if (!target) continue;
    if (providerOf && providerOf(target.toolId) !== pointer.providerId) continue;
    return { query, toolId: target.toolId, entry: target.entry, form: 'moving-alias', normalized: pointer.target };
  }
  return null;
}

function snapshotMatch(
  byId: ReadonlyMap<string, ModelIdEntry>,
  query: string,
  candidates: readonly Candidate[],
  releaseOf: ReleaseOf | undefined,
  providerOf: ProviderOf | undefined,
): ModelIdMatch | null {
  for (const candidate of candidates)
    for (const rule of SNAPSHOT_RULES) {
      const snapshot = rule.parse(candidate.id);
      const entry = snapshot && byId.get(snapshot.base);
      if (!snapshot || !entry || (entry.kind !== 'directory' && entry.kind !== 'api')) continue;
      // A provider's own form read on another provider's model would be a guess: it applies to its tools only.
      if (rule.providerIds !== null && !rule.providerIds.includes(providerOf?.(entry.toolId) ?? '')) continue;
      const released = releaseOf?.(entry.toolId)?.slice(0, 7);
      if (snapshot.month !== null && released && snapshot.month < released) continue;
      return { query, toolId: entry.toolId, entry, form: 'dated-snapshot', normalized: snapshot.base };
    }
  return null;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++)
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length]!;
}

/** Up to `limit` table ids closest to the query's normalised forms; suggestions only, never a match. */
export function closestModelIds(entries: readonly ModelIdEntry[], query: string, limit = 3): string[] {
  const forms = modelIdCandidates(query).map((c) => c.id);
  const scored = new Map<string, number>();
  for (const entry of entries) {
    const id = entry.id.toLowerCase();
    const score = Math.min(...forms.map((form) => (form.startsWith(id) ? 0.5 : editDistance(form, id))));
    if (score <= Math.max(2, Math.round(id.length * 0.3)))
      scored.set(entry.id, Math.min(score, scored.get(entry.id) ?? score));
  }
  return [...scored]
    .sort((a, b) => a[1] - b[1] || a[0].length - b[0].length || a[0].localeCompare(b[0]))
    .slice(0, limit)
    .map(([id]) => id);
}

/** The query as JSON with every character outside printable ASCII escaped: safe to print in a terminal or a page. */
export const quotedQuery = (query: string) =>
  JSON.stringify(query).replace(/[^\x20-\x7e]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** A model string no id of the table matches, with the closest ids, or the reason it cannot match any. */
export class UnknownModelIdError extends Error {
  readonly query: string;
  readonly suggestions: string[];
  /** Set when the name rule refuses the query: it holds a character no recorded id has. */
  readonly refusal: NameRefusal | undefined;
  /** Why it cannot match, in words after "it" (a refused name, an unknown host, a moving alias), when known. */
  readonly reason: string | undefined;

  constructor(query: string, suggestions: string[], reason?: { refusal?: NameRefusal; text: string }) {
    const hint = reason ? `: it ${reason.text}` : suggestions.length ? `; closest: ${suggestions.join(', ')}` : '';
    super(`no model in the directory has the id ${quotedQuery(query)}${hint}`);
    this.name = 'UnknownModelIdError';
    this.query = query;
    this.suggestions = suggestions;
    this.refusal = reason?.refusal;
    this.reason = reason?.text;
  }
}

/**
 * Why a moving alias names no tool on a day, or null for an id that is not one: its pointer then names a model the
 * directory does not list, the provider retired the name, no source read says where it pointed that day, or (a
 * `-latest` name without a published pointer) its target is not published at all. Never a guess at the target.
 */
export function movingAliasReason(query: string, day: string): string | null {
  // A provider or platform prefix (mistral/mistral-large-latest) wraps the same name.
  const id = query.slice(query.lastIndexOf('/') + 1);
  if (!isMovingAlias(id)) return null;
  const pointer = aliasPointerOn(id, day);
  if (pointer?.target)
    return `is ${pointer.provider}'s moving alias, which on ${day} pointed at ${pointer.target}, a model the directory does not list`;
  if (pointer) return `is a name ${pointer.provider} retired before ${day}: it names no model now`;
  const known = ALIAS_POINTERS.filter((p) => p.alias === id && p.target !== null);
  if (known.length > 0) {
    const spans = known.map((p) => `${p.target} from ${p.from ?? 'its start'} to ${p.until ?? 'now'}`).join(', ');
    return `is ${known[0]!.provider}'s moving alias, and no source read says what it pointed at on ${day} (it points at ${spans})`;
  }
  return 'is a moving alias (-latest) whose target its provider publishes in no source read, so it cannot be told which model answered; use the versioned id (docs/api.md, Moving aliases)';
}

/** lookupModelId, or an UnknownModelIdError naming the closest ids or why the query cannot match. */
export function resolveModelId(
  entries: readonly ModelIdEntry[],
  query: string,
  releaseOf?: ReleaseOf,
  providerOf?: ProviderOf,
  at?: string | Date,
): ModelIdMatch {
  const match = lookupModelId(entries, query, releaseOf, providerOf, at);
  if (match) return match;
  const key = nameKey(query);
  if (!key.ok) throw new UnknownModelIdError(query, [], { refusal: key.refusal, text: refusalText(key.refusal) });
  const moving = movingAliasReason(key.key, dayOf(at));
  if (moving) throw new UnknownModelIdError(query, [], { text: moving });
  const slash = key.key.indexOf('/');
  if (slash > 0 && lookupModelId(entries, key.key.slice(slash + 1), releaseOf, providerOf)) {
    const prefix = key.key.slice(0, slash);
    throw new UnknownModelIdError(query, [], {
      text: `names the host or provider "${prefix}", which the directory does not know: its price there cannot be told; use the id without the prefix for the provider's own price`,
    });
  }
  throw new UnknownModelIdError(query, closestModelIds(entries, query));
}
