/** Prices, tiers and promotions of a model in plain words (model pages and the calculator's notes). */
import type { Tool } from '../schema/api.ts';
import { esc } from './html.ts';
import { day, grouped, price } from './format.ts';

// The optional fields are read loosely so the page builds against the schema before and after they land.
type Details = Tool['pricingDetails'] & { cacheCreate1h?: number };
type Tier = Details['tiers'][number] & { cacheCreate1h?: number };
type Modifier = Details['modifiers'][number] & {
  /** What the rate is and where it is stated: in the per-model document, not in tools.json. */
  note?: string;
  from?: string;
  cacheCreate?: number;
  cacheCreate1h?: number;
  windowsUtc?: { start: string; end: string }[];
};

function rateList(set: {
  input: number;
  output: number;
  cacheRead?: number | undefined;
  cacheCreate?: number | undefined;
  cacheCreate1h?: number | undefined;
}): string {
  const parts = [`${price(set.input)} input`, `${price(set.output)} output`];
  if (set.cacheRead !== undefined) parts.push(`${price(set.cacheRead)} cache read`);
  if (set.cacheCreate !== undefined) parts.push(`${price(set.cacheCreate)} cache write`);
  if (set.cacheCreate1h !== undefined) parts.push(`${price(set.cacheCreate1h)} one-hour cache write`);
  return parts.join(', ');
}

export function cachingWords(tool: Tool): string {
  const pricing = tool.pricing;
  const pricingDetails: Details = tool.pricingDetails;
  if (pricingDetails.free) return 'Free at list price: every rate is $0.';
  switch (pricingDetails.caching) {
    case 'write-premium':
      return `Prompt caching: reading cached tokens costs ${price(pricing.cacheRead)} per 1M; writing them to the cache costs ${price(pricing.cacheCreate)}, above the input price${pricingDetails.cacheCreate1h !== undefined ? ` (${price(pricingDetails.cacheCreate1h)} for a one-hour cache)` : ''}.`;
    case 'no-write-premium':
      return `Prompt caching: reading cached tokens costs ${price(pricing.cacheRead)} per 1M; cache writes are billed at the input price.`;
    case 'write-discount':
      return `Prompt caching: reading cached tokens costs ${price(pricing.cacheRead)} per 1M; writing them to the cache costs ${price(pricing.cacheCreate)}, below the input price.`;
    default:
      return 'No prompt-caching price is listed, so cached tokens are billed as ordinary input.';
  }
}

export function tierWords(tier: Tier): string {
  return `Prompts above ${grouped(tier.aboveTokens)} tokens (uncached input, cache reads and cache writes together): the whole request is billed at ${rateList(tier)} per 1M tokens.`;
}

/** Whether a dated modifier is in force on `date` (YYYY-MM-DD). */
export function modifierState(modifier: Modifier, date: string): 'in force' | 'ended' | 'not started' | null {
  if (modifier.from === undefined && modifier.until === undefined) return null;
  if (modifier.until !== undefined && date > modifier.until) return 'ended';
  if (modifier.from !== undefined && date < modifier.from) return 'not started';
  return 'in force';
}

export function modifierWords(modifier: Modifier, asOf: string): string {
  const kind =
    modifier.kind === 'promotion' ? 'Promotional rate' : modifier.kind === 'off-peak' ? 'Off-peak rate' : 'Batch rate';
  const when: string[] = [];
  if (modifier.from) when.push(`from ${day(modifier.from)}`);
  if (modifier.until) when.push(`through ${day(modifier.until)} (UTC)`);
  if (modifier.schedule) when.push(modifier.schedule);
  if (modifier.windowsUtc?.length)
    when.push(`daily ${modifier.windowsUtc.map((w) => `${w.start}–${w.end}`).join(', ')} UTC`);
  const state = modifierState(modifier, asOf);
  const stateText = state
    ? ` On ${day(asOf)} it was ${state === 'in force' ? 'in force' : state === 'ended' ? 'over' : 'not yet in force'}.`
    : '';
  return `${esc(kind)}${when.length ? ` (${esc(when.join('; '))})` : ''}: ${esc(rateList(modifier))} per 1M tokens.${esc(stateText)}${modifier.note ? ` <span class="note">${esc(modifier.note)}</span>` : ''}`;
}
