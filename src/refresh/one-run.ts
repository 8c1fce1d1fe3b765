/**
 * One run, one value: which curated result an upstream result is a reading of, and which rows of one read are the
 * same run. A variant renders the run's protocol (harness and version, edit format, effort, command) from the feed's
 * template and ends with a label in brackets that names the run on its board (a run folder, a model as listed, an
 * entry). A run is:
 *  - the same wording in the same series (letter case ignored): the same protocol, so the same run;
 *  - else the same label (by the name rule) on the same day, from rules with the same template: the same run,
 *    restated. Rules that share a template differ only in which protocol values they take (mini-SWE-agent v1 or v2),
 *    so a run that moved between them is one run that must not land in two series.
 * Anything else is a different run and becomes its own result. Two rows of one read that are one run with two
 * values, or in two series, are ambiguous: the refresh refuses them, as it refuses a key stated twice. Pure.
 */
import { nameKey } from '../cost/name-key.ts';
import type { BenchmarkResult } from '../schema/source.ts';

/** The label that ends a variant ("[...]"), compared by the name rule; undefined when it has none. */
export function runLabel(variant: string): string | undefined {
  const label = /\[([^\]]+)\]\s*$/.exec(variant)?.[1];
  if (label === undefined) return undefined;
  const key = nameKey(label);
  return key.ok ? key.key : label;
}

const wording = (variant: string) => variant.trim().toLowerCase();

/** A result placed by one read: its row, the series that share its rule's template, and the result. */
export interface PlacedRow {
  row: number;
  toolId: string;
  /** Series fed by rules with the same variant template as the one that placed it (its own included). */
  siblings: ReadonlySet<string>;
  result: BenchmarkResult;
  asRead: boolean;
}

/** Whether two results are one run: the same wording in one series, or one label on one day under one template. */
export function oneRun(a: BenchmarkResult, b: BenchmarkResult, siblings: ReadonlySet<string>): boolean {
  if (a.series === b.series && wording(a.variant) === wording(b.variant)) return true;
  const label = runLabel(a.variant);
  return (
    label !== undefined &&
    label === runLabel(b.variant) &&
    a.date === b.date &&
    siblings.has(a.series) &&
    siblings.has(b.series)
  );
}

/** Why two rows of one read cannot both be taken, or null when they are different runs or the same reading. */
export function ambiguity(first: PlacedRow, second: PlacedRow): string | null {
  if (first.toolId !== second.toolId) return null;
  const [a, b] = [first.result, second.result];
  if (!oneRun(a, b, first.siblings)) return null;
  if (a.series !== b.series)
    return `rows ${first.row} and ${second.row} are one run of ${first.toolId} placed in two series (${a.series}, ${b.series})`;
  if (a.value !== b.value)
    return `rows ${first.row} and ${second.row} are one run of ${first.toolId} in ${a.series} with two values (${a.value}, ${b.value})`;
  return null;
}

/** What the curated data already holds of an upstream result. */
export type CuratedRun =
  /** The same wording in the same series: value, date and source are the upstream's. */
  | { kind: 'same'; existing: BenchmarkResult }
  /** The same run restated under other wording: its wording changes with its value. */
  | { kind: 'restated'; existing: BenchmarkResult }
  /** The same value on the same day is recorded in the series already, under other wording. */
  | { kind: 'recorded' }
  /** The run is recorded in another series: reported, never added a second time. */
  | { kind: 'other-series'; existing: BenchmarkResult }
  | { kind: 'new' };

/**
 * The curated result `placed` is a reading of. `readVariants` are the wordings this read placed for the tool: a
 * curated result the read still lists under its own wording is that run, not this one.
 */
export function curatedRun(
  curated: readonly BenchmarkResult[],
  placed: PlacedRow,
  readVariants: ReadonlySet<string>,
): CuratedRun {
  const result = placed.result;
  const same = curated.find((r) => r.series === result.series && r.variant === result.variant);
  if (same) return { kind: 'same', existing: same };
  const restated = curated.find(
    (r) => r.benchmark === result.benchmark && !readVariants.has(r.variant) && oneRun(r, result, placed.siblings),
  );
  if (restated?.value === result.value && restated.series === result.series) return { kind: 'recorded' };
  if (restated)
    return restated.series === result.series
      ? { kind: 'restated', existing: restated }
      : { kind: 'other-series', existing: restated };
  const recorded = curated.some(
    (r) => r.series === result.series && r.value === result.value && r.date === result.date,
  );
  return recorded ? { kind: 'recorded' } : { kind: 'new' };
}
