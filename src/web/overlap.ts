/**
 * Whether two models' figures on one benchmark tell them apart: their 80% intervals (or rank ranges) overlap or
 * not, in a sentence. A measured value published without an interval counts as the single point it is. Shared by
 * the compare page's script, which says it for each pair of the models shown.
 */
import { score } from './format.ts';

export interface Figure {
  /** The model's name. */
  name: string;
  value: number;
  /** The interval (or rank range); null for a measured value published without one. */
  low: number | null;
  high: number | null;
}

const span = (f: Figure) => (f.low === null || f.high === null ? null : ([f.low, f.high] as const));

/** "72.1 (68.0–76.0)" or "89.9 measured". */
function figureWords(f: Figure, rank: boolean): string {
  const s = span(f);
  const v = rank ? String(f.value) : score(f.value);
  if (!s) return `${v}${rank ? '' : ', measured'}`;
  return rank ? `${v} (could be ${s[0]}–${s[1]})` : `${v} (${score(s[0])}–${score(s[1])})`;
}

/** True when the two ranges share a point; a figure without a range is its value. */
export function overlaps(a: Figure, b: Figure): boolean {
  const [al, ah] = span(a) ?? [a.value, a.value];
  const [bl, bh] = span(b) ?? [b.value, b.value];
  return al <= bh && bl <= ah;
}

/** One sentence for one pair on one row: which is ahead, and whether that difference is real on this evidence. */
export function pairSentence(a: Figure, b: Figure, rank = false): string {
  const [first, second] = (rank ? a.value <= b.value : a.value >= b.value) ? [a, b] : [b, a];
  const both = `${first.name} ${figureWords(first, rank)} and ${second.name} ${figureWords(second, rank)}`;
  if (first.value === second.value) return `${both}: level.`;
  if (!span(a) && !span(b))
    return `${both}: both measured, no interval published; ${first.name} is ahead as published.`;
  return overlaps(a, b)
    ? `${both}: the ${rank ? 'rank ranges' : 'intervals'} overlap, so the order may not hold.`
    : `${both}: the ${rank ? 'rank ranges' : 'intervals'} do not overlap, so ${first.name} is ahead on this evidence.`;
}
