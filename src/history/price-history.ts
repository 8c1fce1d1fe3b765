/**
 * Price history from the sequence of published datasets: for each tool, the base prices and
 * pricing details in force over time, each with the day it took effect (the date of the
 * release that first published it) and the last day it applied. Within one day the last
 * published price wins, so periods never overlap. Pure.
 */
import type { PricePoint, PriceHistoryDocument, Tool } from '../schema/api.ts';

export interface PriceSnapshot {
  /** Release id, or null for current data not yet released. */
  release: string | null;
  /** YYYY-MM-DD the snapshot took effect. */
  date: string;
  tools: readonly Pick<Tool, 'id' | 'name' | 'pricing' | 'pricingDetails'>[];
}

function dayBefore(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

const priceKey = (tool: Pick<Tool, 'pricing' | 'pricingDetails'>) =>
  JSON.stringify([tool.pricing, tool.pricingDetails]);

/**
 * The price history folded over snapshots so far, oldest first: per tool, its price points and whether its last
 * point is still in force. Plain JSON, so a fold over releases that never change is kept between builds
 * (releases.ts) and a build folds only what is new onto it.
 */
export interface PriceFold {
  tools: Record<string, { name: string; points: (PricePoint & { key: string })[]; open: boolean }>;
}

export const emptyPriceFold = (): PriceFold => ({ tools: {} });

/** Folds one more snapshot (newer than every one folded so far) into `fold`, in place. */
export function foldSnapshot(fold: PriceFold, snapshot: PriceSnapshot): void {
  const present = new Set<string>();
  for (const tool of snapshot.tools) {
    present.add(tool.id);
    const entry = fold.tools[tool.id] ?? { name: tool.name, points: [], open: false };
    fold.tools[tool.id] = entry;
    entry.name = tool.name;
    const last = entry.points.at(-1);
    const key = priceKey(tool);
    if (last && entry.open && last.key === key) continue;
    const point = {
      effectiveFrom: snapshot.date,
      effectiveUntil: null,
      release: snapshot.release,
      pricing: { ...tool.pricing },
      pricingDetails: structuredClone(tool.pricingDetails),
      key,
    };
    if (last && last.effectiveFrom === snapshot.date) entry.points[entry.points.length - 1] = point;
    else {
      if (last && entry.open) last.effectiveUntil = dayBefore(snapshot.date);
      entry.points.push(point);
    }
    entry.open = true;
  }
  // A tool that left the dataset: its last price stopped applying.
  for (const [id, entry] of Object.entries(fold.tools)) {
    if (present.has(id) || !entry.open) continue;
    const last = entry.points.at(-1)!;
    if (last.effectiveFrom === snapshot.date) entry.points.pop();
    else last.effectiveUntil = dayBefore(snapshot.date);
    entry.open = false;
  }
}

/** The published history of a fold. */
export function historyOfFold(fold: PriceFold): PriceHistoryDocument['tools'] {
  return Object.entries(fold.tools)
    .sort(([a], [b]) => a.localeCompare(b))
    .filter(([, entry]) => entry.points.length > 0)
    .map(([toolId, entry]) => ({
      toolId,
      name: entry.name,
      history: entry.points.map(({ key: _key, ...point }) => point),
    }));
}

/** `snapshots` oldest first. */
export function priceHistory(snapshots: readonly PriceSnapshot[]): PriceHistoryDocument['tools'] {
  const fold = emptyPriceFold();
  for (const snapshot of snapshots) foldSnapshot(fold, snapshot);
  return historyOfFold(fold);
}

/** The price of `toolId` in force on `date` (YYYY-MM-DD), or undefined when none was recorded. */
export function priceOn(document: PriceHistoryDocument, toolId: string, date: string): PricePoint | undefined {
  const tool = document.tools.find((t) => t.toolId === toolId);
  return tool?.history.find((p) => p.effectiveFrom <= date && (p.effectiveUntil === null || date <= p.effectiveUntil));
}
