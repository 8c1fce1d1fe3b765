/**
 * The goals `npm run test:reliability` judges its table by (test/reliability/report.ts): a row the
 * suite printed on unchanged code passes, and each failure the goals exist for is reported as missed.
 */
import { describe, expect, it } from 'vitest';
import { missedGoals, type Row } from '../reliability/report.ts';

const slowClients = (p99Quiet: number, p99Attack: number, extra: Partial<Row> = {}): Row => ({
  section: 'slow-clients',
  target: 'node',
  requests: 11_642,
  fiveXx: 0,
  outsideArtifact: 0,
  noErrorShape: 0,
  slowHeld: 900,
  slowClosed: 900,
  p50Quiet: 0.7,
  p99Quiet,
  p50Attack: 0.9,
  p99Attack,
  unsentKb: 0,
  ...extra,
});

describe('the slow-clients latency goal', () => {
  it("passes the runner's scheduler jitter: rows CI and the development machine printed on unchanged server code", () => {
    expect(missedGoals([slowClients(2.21, 8.68), slowClients(3.03, 8.48), slowClients(2.46, 7.75)])).toEqual([]);
  });

  it('passes a doubled p99 when the quiet one is large', () => {
    expect(missedGoals([slowClients(15, 29)])).toEqual([]);
  });

  it('misses a starved client: the ~300 ms stalls of back-to-back pipelined writes', () => {
    expect(missedGoals([slowClients(2.2, 300)])).toEqual([
      'slow-clients/node: p99 300.00 ms under attack vs 2.20 ms quiet (goal: p99 under attack <= 2x quiet (or within 10 ms of it))',
    ]);
  });

  it('misses a p99 beyond both the ratio and the margin, however small the quiet one', () => {
    expect(missedGoals([slowClients(2, 12.5)])).toHaveLength(1);
    expect(missedGoals([slowClients(20, 41)])).toHaveLength(1);
  });
});

describe('the other goals', () => {
  it('misses every failure column above zero, naming the row and the value', () => {
    const missed = missedGoals([slowClients(2, 3, { fiveXx: 2, noErrorShape: 1, slowClosed: 899, unsentKb: 4096 })]);
    expect(missed).toEqual(
      expect.arrayContaining([
        expect.stringContaining('slow-clients/node: 5xx 2'),
        expect.stringContaining('responses without the JSON error shape 1'),
        expect.stringContaining('1 of 900 slow clients still held'),
        expect.stringContaining('4096 KB unsent'),
      ]),
    );
    expect(missed).toHaveLength(4);
  });

  it('misses RSS drift beyond 10% and a section failure, and ignores columns a row does not measure', () => {
    const load: Row = { section: 'load', target: 'node', requests: 1, fiveXx: 0, rssWarmMb: 140, rssEndMb: 160 };
    const shutdown: Row = { section: 'shutdown', target: 'node', failures: ['the server did not exit'] };
    expect(missedGoals([load, shutdown])).toEqual([
      expect.stringContaining('load/node: '),
      'shutdown/node: the server did not exit',
    ]);
    expect(
      missedGoals([
        { ...load, rssEndMb: 150 },
        { section: 'fuzz', target: 'nginx' },
      ]),
    ).toEqual([]);
  });
});
