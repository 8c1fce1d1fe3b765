/**
 * The goals `npm run test:reliability` judges its table by (test/reliability/report.ts): a row the
 * suite printed on unchanged code passes, and each failure the goals exist for is reported as missed.
 * Latency is gated only as a stall (a p99 under attack of 100 ms or more); how it compares with the quiet
 * latency is a reported target, which timing noise on a shared runner may miss without failing the suite.
 */
import { describe, expect, it } from 'vitest';
import { missedGoals, missedTargets, type Row } from '../reliability/report.ts';

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

describe('the slow-clients latency gate: a stall, not a ratio', () => {
  it("passes the runner's scheduler jitter: rows CI and the development machine printed on unchanged server code", () => {
    // docs/reliability.md: Node 8.68 vs 2.21 and 8.48 vs 3.03 ms (CI), nginx 7.75 vs 2.46 ms; the ten runs of
    // 2026-11-28 ranged 3.82-8.68 ms under attack against 1.97-5.92 ms quiet.
    const rows = [slowClients(2.21, 8.68), slowClients(3.03, 8.48), slowClients(2.46, 7.75), slowClients(1.97, 3.82)];
    expect(missedGoals(rows)).toEqual([]);
    expect(missedGoals([slowClients(5.92, 8.68)])).toEqual([]);
  });

  it('passes a p99 far beyond the ratio and the margin that is still no stall: a busy runner is reported, not failed', () => {
    for (const row of [slowClients(2, 12.5), slowClients(20, 41), slowClients(2, 99.9)]) {
      expect(missedGoals([row])).toEqual([]);
      expect(missedTargets([row])).toHaveLength(1);
    }
  });

  it('misses a starved client: the ~300 ms stalls of back-to-back pipelined writes', () => {
    expect(missedGoals([slowClients(2.2, 300)])).toEqual([
      'slow-clients/node: p99 300.00 ms under attack (quiet 2.20 ms): a stall (goal: p99 under attack < 100 ms (no stall))',
    ]);
  });

  it('misses a stall however slow the quiet client was, from 100 ms on', () => {
    expect(missedGoals([slowClients(150, 160)])).toHaveLength(1);
    expect(missedGoals([slowClients(2, 100)])).toHaveLength(1);
  });

  it('reports the latency targets (2x quiet or within 10 ms) without making them a goal', () => {
    expect(missedTargets([slowClients(2.21, 8.68), slowClients(15, 29)])).toEqual([]);
    expect(missedTargets([slowClients(2, 12.5)])).toEqual([
      'slow-clients/node: p99 12.50 ms under attack vs 2.00 ms quiet (goal: p99 under attack <= 2x quiet or within 10 ms of it)',
    ]);
    expect(missedTargets([slowClients(2.2, 300)])).toHaveLength(1);
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
