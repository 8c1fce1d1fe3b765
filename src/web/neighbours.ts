/**
 * Is a model's place in the ranking real? (issue 35 item 3) For a model page: the models ranked just above and
 * just below it, and for each, whether their overall-score intervals and rank ranges overlap, in the sentences
 * the compare page says for any pair (overlap.ts), so the two pages never word the same pair differently. Pure.
 */
import { type Figure, overlaps, pairSentence } from './overlap.ts';
import type { Scored } from './view.ts';

export interface NeighbourPair {
  /** Whether the neighbour is ranked above (better) or below. */
  side: 'above' | 'below';
  neighbour: Scored;
  score: { overlap: boolean; sentence: string };
  /** Null when either model has no rank. */
  rank: { overlap: boolean; sentence: string } | null;
}

/** The ranking by published rank (ties and models without one by score, then id), best first. */
function byRank(ranking: readonly Scored[]): Scored[] {
  return [...ranking].sort(
    (a, b) =>
      (a.rank ?? Number.POSITIVE_INFINITY) - (b.rank ?? Number.POSITIVE_INFINITY) ||
      b.model.overallScore - a.model.overallScore ||
      a.tool.id.localeCompare(b.tool.id),
  );
}

const scoreFigure = (s: Scored): Figure => ({
  name: s.tool.name,
  value: s.model.overallScore,
  low: s.interval?.[0] ?? null,
  high: s.interval?.[1] ?? null,
});

const rankFigure = (s: Scored): Figure | null =>
  s.rank === null
    ? null
    : { name: s.tool.name, value: s.rank, low: s.rankRange?.[0] ?? null, high: s.rankRange?.[1] ?? null };

/** The pairs of `id` with the model ranked above it and the one below (one pair at either end of the ranking). */
export function neighbourPairs(ranking: readonly Scored[], id: string): NeighbourPair[] {
  const ordered = byRank(ranking);
  const at = ordered.findIndex((s) => s.tool.id === id);
  if (at < 0) return [];
  const self = ordered[at]!;
  const sides: ['above' | 'below', Scored | undefined][] = [
    ['above', ordered[at - 1]],
    ['below', ordered[at + 1]],
  ];
  return sides
    .filter((side): side is ['above' | 'below', Scored] => side[1] !== undefined)
    .map(([side, neighbour]) => {
      const [a, b] = [scoreFigure(self), scoreFigure(neighbour)];
      const [ra, rb] = [rankFigure(self), rankFigure(neighbour)];
      return {
        side,
        neighbour,
        score: { overlap: overlaps(a, b), sentence: pairSentence(a, b) },
        rank: ra && rb ? { overlap: overlaps(ra, rb), sentence: pairSentence(ra, rb, true) } : null,
      };
    });
}
