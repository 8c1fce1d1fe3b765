/** A model's neighbours in the ranking and whether their figures overlap (src/web/neighbours.ts). */
import { describe, expect, it } from 'vitest';
import { neighbourPairs } from '../../src/web/neighbours.ts';
import { pairSentence } from '../../src/web/overlap.ts';
import type { Scored } from '../../src/web/view.ts';

const scored = (id: string, score: number, interval: [number, number] | null, rank: number, range: [number, number]) =>
  ({
    tool: { id, name: id.toUpperCase() },
    model: { overallScore: score },
    interval,
    rank,
    rankRange: range,
  }) as unknown as Scored;

const a = scored('a', 80, [76, 84], 1, [1, 2]);
const b = scored('b', 78, [75, 81], 2, [1, 2]);
const c = scored('c', 60, [58, 62], 3, [3, 3]);

describe('neighbour pairs', () => {
  it('pairs a model with the ones ranked just above and below it, by rank, in overlap.ts words', () => {
    const pairs = neighbourPairs([c, a, b], 'b');
    expect(pairs.map((p) => [p.side, p.neighbour.tool.id, p.score.overlap, p.rank?.overlap])).toEqual([
      ['above', 'a', true, true],
      ['below', 'c', false, false],
    ]);
    expect(pairs[1]!.score.sentence).toBe(
      pairSentence({ name: 'B', value: 78, low: 75, high: 81 }, { name: 'C', value: 60, low: 58, high: 62 }),
    );
    expect(pairs[1]!.score.sentence).toContain('do not overlap');
  });

  it('has one neighbour at either end of the ranking and none for a model not ranked', () => {
    expect(neighbourPairs([a, b, c], 'a').map((p) => p.side)).toEqual(['below']);
    expect(neighbourPairs([a, b, c], 'c').map((p) => p.side)).toEqual(['above']);
    expect(neighbourPairs([a, b, c], 'z')).toEqual([]);
  });
});
