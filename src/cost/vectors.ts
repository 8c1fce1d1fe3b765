/**
 * Worked examples of the cost rules, made from the data itself so they cover every pricing
 * feature the data has: each tool at a plain usage and with caching, each long-context threshold
 * (one below, exactly at, one above, and crossed by cached tokens), each promotion's first and
 * last instants, each off-peak window's edges, batch, free models and every platform billing
 * kind. Another implementation of the rules (another language, a client) recomputes them and
 * must agree to the micro-dollar.
 * Longer than 400 lines on purpose: one small generator per pricing feature, kept together so that
 * what the vectors cover can be read in one place.
 */
import { costOf } from './engine.ts';
import { CostError } from './errors.ts';
import { billingOn } from './platform.ts';
import { endOfUtcDay, instantOf, isoOf, minutesOfDay, startOfUtcDay } from './time.ts';
import type { CostResult, CostVector, PlatformBillingLike, PlatformLike, PricedModel, Usage } from './types.ts';

export type VectorModel = PricedModel & { id: string; providerId?: string };

const PLAIN: Usage = { input: 10_000, output: 2_000 };
/** Below the smallest threshold in the data (32K), so the cache lines are billed at base rates. */
const CACHED: Usage = { input: 10_000, output: 2_000, cacheRead: 12_000, cacheWrite: 3_000 };
const CACHED_1H: Usage = { input: 10_000, output: 2_000, cacheRead: 12_000, cacheWrite1h: 3_000 };
/** Large enough that a discount moves every line. */
const TIMED: Usage = { input: 100_000, output: 10_000, cacheRead: 50_000 };

function grouped(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** One request's usage, and how many such requests the vector prices (1 when absent). */
type VectorUsage = Usage & { requests?: number };

function complete(usage: VectorUsage): Required<Usage> {
  return {
    input: usage.input,
    output: usage.output,
    cacheRead: usage.cacheRead ?? 0,
    cacheWrite: usage.cacheWrite ?? 0,
    cacheWrite1h: usage.cacheWrite1h ?? 0,
    batch: usage.batch ?? false,
  };
}

/** What the result shows, in words, appended to each vector's intent. */
function outcome(result: CostResult): string {
  if (result.kind === 'exceeds-limits')
    return `exceeds the model's limits (${result.exceeds.map((e) => `${e.measure} ${grouped(e.tokens)} > ${e.limit} ${grouped(e.max)}`).join('; ')}), no total`;
  if (result.kind !== 'usd' && result.kind !== 'unpriced') {
    const multiplier = result.platform?.multiplier;
    return `not a per-token USD cost (${result.kind}${multiplier != null ? `, multiplier ${multiplier}` : ', no multiplier published'})`;
  }
  if (result.unknownBatchRate) return 'unpriced: no batch rate is published (unknown batch rate), never the list price';
  if (result.kind === 'unpriced') return `unpriced: no published price for ${result.missing.join(', ')}`;
  const parts: string[] = [];
  if (result.free) parts.push('free model, every rate 0');
  else if (result.modifier)
    parts.push(`${result.modifier.kind} rate${result.modifier.until ? ` (last day ${result.modifier.until})` : ''}`);
  else if (result.tier) parts.push(`whole request at the tier above ${grouped(result.tier.aboveTokens)}`);
  else parts.push('list rates');
  if (result.basis === 'platform-per-token')
    parts.push(
      result.platform?.priceFactor != null
        ? `at the provider's per-token price times ${result.platform.priceFactor}`
        : "at the provider's per-token price",
    );
  if (result.requests > 1) parts.push(`${grouped(result.requests)} requests, each priced alone`);
  if (result.basis === 'byok') parts.push("at the provider's price (own key)");
  return parts.join(', ');
}

/** Where a vector's request goes: a platform's id and its billing entry for the tool. */
interface VectorPlatform {
  id: string;
  entry: PlatformBillingLike;
}

/** Prices one request with the engine and records it as a vector; `intent` says what it checks. */
type AddVector = (
  id: string,
  model: VectorModel,
  usage: VectorUsage,
  when: string,
  intent: string,
  platform?: VectorPlatform,
) => void;

/**
 * The vectors in the order they are added, and the function that adds one. An id is how another
 * implementation matches its result to a vector, so one generated twice is an error in the data.
 */
function vectorList(): { vectors: CostVector[]; add: AddVector } {
  const vectors: CostVector[] = [];
  const seen = new Set<string>();
  const add: AddVector = (id, model, usage, when, intent, platform) => {
    if (seen.has(id)) throw new CostError('invalid-data', `cost vector id "${id}" is generated twice`);
    seen.add(id);
    const { requests = 1, ...request } = usage;
    const result = costOf(model, request, { at: when, platform: platform?.entry, requests });
    vectors.push({
      id,
      toolId: model.id,
      usage: complete(request),
      requests,
      at: when,
      platform: platform
        ? {
            id: platform.id,
            billing: platform.entry.billing,
            multiplier: platform.entry.multiplier ?? null,
            priceFactor: platform.entry.priceFactor ?? null,
          }
        : null,
      expectedKind: result.kind,
      expectedUsd: result.usd,
      expectedTier: result.tier?.aboveTokens ?? null,
      expectedModifier: result.modifier?.kind ?? null,
      expectedFits: result.fits,
      note: `${intent}: ${outcome(result)}.`,
    });
  };
  return { vectors, add };
}

/** A plain request and the two ways of caching, at the build instant. */
function baseVectors(add: AddVector, model: VectorModel, baseAt: string): void {
  const details = model.pricingDetails;
  add(
    `${model.id}/plain`,
    model,
    PLAIN,
    baseAt,
    'Plain request (10,000 input, 2,000 output tokens) at the build instant',
  );
  add(`${model.id}/cached`, model, CACHED, baseAt, `Cache reads and default cache writes (caching ${details.caching})`);
  add(
    `${model.id}/cached-1h`,
    model,
    CACHED_1H,
    baseAt,
    `One-hour cache writes (caching ${details.caching}${details.cacheCreate1h !== undefined ? ', one-hour price published' : ''})`,
  );
}

/** Each long-context threshold: one below, exactly at, one above, and crossed by cached tokens. */
function tierVectors(add: AddVector, model: VectorModel, baseAt: string): void {
  model.pricingDetails.tiers.forEach((tier, index) => {
    const threshold = tier.aboveTokens;
    const output = { output: 1_000 };
    add(
      `${model.id}/tier-${index}-below`,
      model,
      { input: threshold - 1, ...output },
      baseAt,
      `Prompt of ${grouped(threshold - 1)} tokens, one below the ${grouped(threshold)} threshold`,
    );
    add(
      `${model.id}/tier-${index}-at`,
      model,
      { input: threshold, ...output },
      baseAt,
      `Prompt of exactly ${grouped(threshold)} tokens does not exceed the threshold`,
    );
    add(
      `${model.id}/tier-${index}-above`,
      model,
      { input: threshold + 1, ...output },
      baseAt,
      `Prompt of ${grouped(threshold + 1)} tokens exceeds the ${grouped(threshold)} threshold`,
    );
    add(
      `${model.id}/tier-${index}-cache-crosses`,
      model,
      { input: threshold - 5_000, cacheRead: 5_001, ...output },
      baseAt,
      `${grouped(threshold - 5_000)} uncached + 5,001 cached prompt tokens: cached tokens count toward the ${grouped(threshold)} threshold`,
    );
    add(
      `${model.id}/tier-${index}-requests`,
      model,
      { input: threshold, ...output, requests: 10 },
      baseAt,
      `10 requests of ${grouped(threshold)} prompt tokens: the tier is chosen per request, so together they stay below the ${grouped(threshold)} threshold`,
    );
  });
}

/**
 * A month of requests; batch on a model without a batch rate; and one request against the model's
 * limits: exactly filling the context window, one token over it, one output token over the limit.
 */
function workloadVectors(add: AddVector, model: VectorModel, baseAt: string): void {
  add(`${model.id}/workload`, model, { ...CACHED, requests: 1_000 }, baseAt, '1,000 requests of the cached usage');
  if (!model.pricingDetails.modifiers.some((m) => m.kind === 'batch'))
    add(
      `${model.id}/batch-no-rate`,
      model,
      { ...PLAIN, batch: true },
      baseAt,
      'Batch requested, no batch rate in the data',
    );
  const context = model.contextTokens;
  if (context !== undefined && context > 2_000) {
    add(
      `${model.id}/at-context`,
      model,
      { input: context - 1_000, output: 1_000 },
      baseAt,
      `Prompt plus output of exactly the ${grouped(context)}-token context window`,
    );
    add(
      `${model.id}/over-context`,
      model,
      { input: context + 1, output: 1_000, requests: 30 },
      baseAt,
      `30 requests whose prompt of ${grouped(context + 1)} tokens is one over the context window`,
    );
  }
  const maxOutput = model.maxOutputTokens;
  if (maxOutput != null)
    add(
      `${model.id}/over-output`,
      model,
      { input: 1_000, output: maxOutput + 1 },
      baseAt,
      `Output of ${grouped(maxOutput + 1)} tokens, one over the output limit`,
    );
}

type Modifier = VectorModel['pricingDetails']['modifiers'][number];

/** The instants either side of a dated rate's first and last days (00:00 UTC boundaries). */
function datedEdgeVectors(add: AddVector, model: VectorModel, key: string, modifier: Modifier): void {
  // A batch rate is only in force for a batch request, and many state no cache-read rate.
  const usage: Usage = modifier.kind === 'batch' ? { input: TIMED.input, output: TIMED.output, batch: true } : TIMED;
  if (modifier.from !== undefined) {
    const first = startOfUtcDay(modifier.from);
    add(
      `${key}-before-start`,
      model,
      usage,
      isoOf(first - 1),
      `Last millisecond before the rate's first day ${modifier.from} (00:00 UTC)`,
    );
    add(`${key}-first-instant`, model, usage, isoOf(first), `First instant of ${modifier.from} UTC`);
  }
  if (modifier.until !== undefined) {
    const end = endOfUtcDay(modifier.until);
    add(
      `${key}-last-instant`,
      model,
      usage,
      isoOf(end - 1),
      `Last millisecond of ${modifier.until} UTC, the rate's last day`,
    );
    add(`${key}-ended`, model, usage, isoOf(end), `First instant after ${modifier.until} UTC`);
  }
}

/** The edges of each off-peak window on the build day, and batch inside it (batch is not off-peak). */
function offPeakVectors(
  add: AddVector,
  model: VectorModel,
  key: string,
  modifier: Modifier,
  baseAt: string,
  buildDay: string,
): void {
  if (!modifier.windowsUtc) {
    add(`${key}-text-only`, model, TIMED, baseAt, 'Off-peak hours stated only as text');
    return;
  }
  const midnight = startOfUtcDay(buildDay);
  modifier.windowsUtc.forEach((window, w) => {
    const open = midnight + minutesOfDay(window.start) * 60_000;
    const close = midnight + minutesOfDay(window.end) * 60_000;
    const span = `${window.start}-${window.end} UTC`;
    add(
      `${key}-window-${w}-before-open`,
      model,
      TIMED,
      isoOf(open - 1),
      `One millisecond before the ${span} window opens`,
    );
    add(`${key}-window-${w}-open`, model, TIMED, isoOf(open), `The instant the ${span} window opens`);
    add(`${key}-window-${w}-before-close`, model, TIMED, isoOf(close - 1), `Last millisecond of the ${span} window`);
    add(`${key}-window-${w}-close`, model, TIMED, isoOf(close), `The instant the ${span} window closes`);
    add(
      `${key}-window-${w}-batch`,
      model,
      { ...TIMED, batch: true },
      isoOf(open),
      `Batch requested inside the ${span} window (batch is not off-peak)`,
    );
  });
}

/** Each alternative rate: its dated edges, then what its kind needs (promotion, batch, off-peak hours). */
function modifierVectors(add: AddVector, model: VectorModel, baseAt: string, buildDay: string): void {
  model.pricingDetails.modifiers.forEach((modifier, index) => {
    const key = `${model.id}/${modifier.kind}-${index}`;
    datedEdgeVectors(add, model, key, modifier);
    if (modifier.kind === 'promotion') add(`${key}-build`, model, TIMED, baseAt, 'At the build instant');
    if (modifier.kind === 'batch') {
      add(`${key}-requested`, model, { ...TIMED, batch: true }, baseAt, 'Batch requested');
      add(`${key}-not-requested`, model, TIMED, baseAt, 'Same request, batch not requested');
    }
    if (modifier.kind === 'off-peak') offPeakVectors(add, model, key, modifier, baseAt, buildDay);
  });
}

/** Entries of the platform's catalogue for tools in the data, by tool id. */
function catalogueOf(platform: PlatformLike, byId: ReadonlyMap<string, VectorModel>): PlatformLike['toolBilling'] {
  return [...platform.toolBilling].filter((e) => byId.has(e.toolId)).sort((a, b) => a.toolId.localeCompare(b.toolId));
}

/**
 * What a platform does to a price: one vector of each billing kind, with and without a
 * multiplier, as the platform has them; tiers and modifiers carried through a per-token or
 * own-key platform; and one tool reached only with the user's own key.
 */
function platformVectors(
  add: AddVector,
  platform: PlatformLike,
  byId: ReadonlyMap<string, VectorModel>,
  baseAt: string,
): void {
  const entries = catalogueOf(platform, byId);
  const shown = new Set<string>();
  for (const entry of entries) {
    const shape = `${entry.billing}/${entry.multiplier == null ? 'plain' : 'multiplier'}${entry.priceFactor == null ? '' : '/price-factor'}`;
    if (shown.has(shape)) continue;
    shown.add(shape);
    add(
      `${platform.id}/${entry.toolId}/${shape}`,
      byId.get(entry.toolId)!,
      PLAIN,
      baseAt,
      `On ${platform.id}, billed ${entry.billing}${entry.multiplier == null ? '' : ` (multiplier ${entry.multiplier})`}${entry.priceFactor == null ? '' : ` at ${entry.priceFactor} times the provider's price`}`,
      {
        id: platform.id,
        entry,
      },
    );
  }
  for (const entry of entries) carriedThroughVectors(add, platform, entry, byId.get(entry.toolId)!, baseAt);
  ownKeyVector(add, platform, entries, byId, baseAt);
}

/** The first tier and the modifiers of a tool still apply through a per-token or own-key platform. */
function carriedThroughVectors(
  add: AddVector,
  platform: PlatformLike,
  entry: PlatformBillingLike & { toolId: string },
  model: VectorModel,
  baseAt: string,
): void {
  if (entry.billing !== 'per-token' && entry.billing !== 'byok') return;
  if (entry.priceFactor != null)
    add(
      `${platform.id}/${entry.toolId}/workload`,
      model,
      { ...CACHED, requests: 1_000 },
      baseAt,
      `On ${platform.id} at ${entry.priceFactor} times the provider's price, 1,000 requests of the cached usage`,
      { id: platform.id, entry },
    );
  const tier = model.pricingDetails.tiers[0];
  if (tier)
    add(
      `${platform.id}/${entry.toolId}/tier-0-above`,
      model,
      { input: tier.aboveTokens + 1, output: 1_000 },
      baseAt,
      `On ${platform.id} (${entry.billing}), prompt one above the ${grouped(tier.aboveTokens)} threshold`,
      {
        id: platform.id,
        entry,
      },
    );
  if (model.pricingDetails.modifiers.length)
    add(
      `${platform.id}/${entry.toolId}/timed`,
      model,
      TIMED,
      baseAt,
      `On ${platform.id} (${entry.billing}) at the build instant`,
      { id: platform.id, entry },
    );
}

/** The first tool (by id) not in the platform's catalogue that it offers with the user's own provider key. */
function ownKeyVector(
  add: AddVector,
  platform: PlatformLike,
  entries: PlatformLike['toolBilling'],
  byId: ReadonlyMap<string, VectorModel>,
  baseAt: string,
): void {
  const ownKey = [...byId.values()]
    .sort((a, b) => a.id.localeCompare(b.id))
    .find((m) => !entries.some((e) => e.toolId === m.id) && billingOn(platform, m)?.billing === 'byok');
  if (ownKey)
    add(
      `${platform.id}/${ownKey.id}/byok-provider`,
      ownKey,
      PLAIN,
      baseAt,
      `On ${platform.id} with the user's own ${ownKey.providerId} key`,
      {
        id: platform.id,
        entry: billingOn(platform, ownKey)!,
      },
    );
}

export function buildCostVectors(
  models: readonly VectorModel[],
  platforms: readonly PlatformLike[],
  at: string,
): CostVector[] {
  const baseAt = isoOf(instantOf(at));
  const buildDay = baseAt.slice(0, 10);
  const byId = new Map(models.map((m) => [m.id, m]));
  const { vectors, add } = vectorList();
  for (const model of [...models].sort((a, b) => a.id.localeCompare(b.id))) {
    baseVectors(add, model, baseAt);
    tierVectors(add, model, baseAt);
    modifierVectors(add, model, baseAt, buildDay);
    workloadVectors(add, model, baseAt);
  }
  for (const platform of [...platforms].sort((a, b) => a.id.localeCompare(b.id)))
    platformVectors(add, platform, byId, baseAt);
  return vectors;
}
