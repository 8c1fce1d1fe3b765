/**
 * What users read, filtered at render time: the data keeps its curators' notes (how a fact was
 * found, merge and commit details) and its generated claims; the page shows only what helps a
 * reader and never a claim the published uncertainty does not support. Pure, no I/O.
 */

/**
 * A text's sentences: a break is a stop followed by a space and a capital, a quote or a bracket,
 * so "$2.50", "5.1 points" and "e.g. this" stay whole.
 */
export function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+(?=[A-Z"'(“‘])/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Sentences about how the curators found a file (code-search indexes, merge status, base files, commits). */
const INTERNAL = [
  /merge status/i,
  /code[- ]search/i,
  /\bmerged over\b/i,
  /base_model/i,
  /@[0-9a-f]{7,}/i,
  /\breference\/|reference models\.csv/i,
];

/**
 * A source or platform note without its curators' sentences: the rest as written, or '' when
 * nothing is left. A parenthesis holding only an internal remark goes with it.
 */
export function publicNote(note: string | null | undefined): string {
  if (!note) return '';
  const withoutAsides = note.replace(/\s*\(([^()]*)\)/g, (whole, inner: string) =>
    INTERNAL.some((re) => re.test(inner)) ? '' : whole,
  );
  return sentencesOf(withoutAsides)
    .filter((s) => s && !INTERNAL.some((re) => re.test(s)))
    .join(' ');
}

/**
 * A published strength as a reader should see it: "Top-10 overall score (#7 of 85 scored models;
 * rank range 3-36)" only when the whole rank range is inside the top ten, else the rank with its range.
 */
export function strengthText(text: string): string {
  const match = /^Top-(\d+) overall score \(#(\d+) of (\d+) scored models; rank range (\d+)-(\d+)\)$/.exec(text);
  if (!match) return text;
  const [, top, rank, of, best, worst] = match;
  if (Number(worst) <= Number(top)) return text;
  return `Rank ${rank} of ${of} scored models by overall score (plausible range ${best}–${worst})`;
}

/** Deprecated and retired models: hidden by default in every list, shown with one switch. */
export function isInactive(status: string): boolean {
  return status === 'deprecated' || status === 'retired';
}
