/**
 * One run, one value (issue 37): a leaderboard row is compared with the curated results by its run, not by the name
 * the board shows. Each attack of the issue is a row injected into the real merge, over the real data and the feed
 * rules of refresh.config.json: another run under the same name, a run restated with other wording, a board that
 * changes a run's agent version, two rows of one run with two values, and a letter-case twin of a listed name.
 */
import { describe, expect, it } from 'vitest';
import type { SourceData } from '../../src/compile/load.ts';
import { parseRefreshConfig } from '../../src/refresh/config.ts';
import { toolIndex } from '../../src/refresh/match.ts';
import { mergeUpstreamResults } from '../../src/refresh/merge-results.ts';
import { emptyReport } from '../../src/refresh/pipeline.ts';
import { Rejection } from '../../src/refresh/run.ts';
import { applyResults } from '../../src/refresh/apply-upstreams.ts';
import type { UpstreamResult } from '../../src/refresh/upstream/results.ts';
import { bigCodeBenchRow, highRow, highRuns, OTHER_RUN, sweRow, upstreamNamed } from '../support/run-rows.ts';
import { freshSource } from '../support/source.ts';

const READ_ON = '2026-11-28';
const USED = { name: 'aider-polyglot', location: 'file:polyglot_leaderboard.yml', sha256: null };

/** The rows, numbered in order, merged by the named upstream of refresh.config.json over `source`. */
async function mergeRows(upstream: string, source: SourceData, rows: UpstreamResult[]) {
  return mergeUpstreamResults(
    source,
    toolIndex(source),
    await upstreamNamed(upstream),
    rows.map((row, i) => ({ ...row, row: i + 1 })),
    source.series.data,
    READ_ON,
  );
}

const mergeAider = (source: SourceData, rows: UpstreamResult[]) => mergeRows('aider-polyglot', source, rows);

const otherRun = OTHER_RUN;

describe('a run is its protocol, not the name the board shows', () => {
  it('another run under the same name becomes its own result; the curated run keeps its value and wording', async () => {
    const source = await freshSource();
    const [curated] = highRuns(source);
    const before = { ...curated! };
    const report = await mergeAider(source, [highRow(), highRow(otherRun, 77.7, '2025-09-01')]);
    expect(report.ambiguous).toEqual([]);
    const after = highRuns(source);
    expect(after).toHaveLength(2);
    const kept = ({ value, date, variant }: typeof before) => ({ value, date, variant });
    expect(kept(after[0]!)).toEqual(kept(before));
    // The new result's wording describes its own run.
    expect(after[1]).toMatchObject({ value: 77.7, date: '2025-09-01' });
    expect(after[1]!.variant).toContain('edit_format=whole, aider 0.86.0');
    expect(after[1]!.variant).toContain('--no-stream');
  });

  it('a run restated with other wording takes that wording with its new value', async () => {
    const source = await freshSource();
    // Same label, same day, the board alone: the board restates the curated run.
    const report = await mergeAider(source, [highRow(otherRun, 77.7)]);
    const [after] = highRuns(source);
    expect(highRuns(source)).toHaveLength(1);
    expect(after).toMatchObject({ value: 77.7, date: '2025-08-23' });
    expect(after!.variant).toContain('edit_format=whole, aider 0.86.0');
    expect(report.updated).toEqual([expect.stringMatching(/value 88 -> 77\.7.*variant .*edit_format=diff.* -> /)]);
  });

  it('two rows of one run with two values are refused as ambiguous, and nothing of the read is applied', async () => {
    const source = await freshSource();
    const before = JSON.stringify(source.results);
    const report = await mergeAider(source, [highRow({}, 88), highRow({}, 61.4)]);
    expect(report.ambiguous).toEqual([
      expect.stringMatching(/rows 1 and 2 are one run of gpt-5 in aider-polyglot with two values \(88, 61\.4\)/),
    ]);
    expect(JSON.stringify(source.results)).toBe(before);
  });

  it('the same row twice with the same value is one reading, not two results', async () => {
    const source = await freshSource();
    const report = await mergeAider(source, [highRow(otherRun, 40, '2025-09-01'), highRow(otherRun, 40, '2025-09-01')]);
    expect(report.ambiguous).toEqual([]);
    expect(report.added).toHaveLength(1);
    expect(highRuns(source)).toHaveLength(2);
  });
});

describe('a letter-case twin of a listed name publishes no second result', () => {
  it('BigCodeBench: "LLAMA-4-MAVERICK" beside "Llama-4-Maverick" with another score is refused as ambiguous', async () => {
    const source = await freshSource();
    const before = JSON.stringify(source.results);
    const report = await mergeRows('bigcodebench-hard', source, [
      bigCodeBenchRow('Llama-4-Maverick', 29.1),
      bigCodeBenchRow('LLAMA-4-MAVERICK', 99.9),
    ]);
    expect(report.ambiguous).toEqual([expect.stringContaining('rows 1 and 2 are one run of llama-4-maverick')]);
    expect(JSON.stringify(source.results)).toBe(before);
  });
});

describe('a run never lands in two series', () => {
  const merge = (source: SourceData, rows: UpstreamResult[]) => mergeRows('swe-bench', source, rows);

  it('the board changing a recorded run’s agent version is reported, not added to the other series', async () => {
    const source = await freshSource();
    const before = JSON.stringify(source.results);
    const report = await merge(source, [sweRow('2.0.0', 70.6)]);
    expect(report.added).toEqual([]);
    expect(report.unclassified).toEqual([
      expect.stringMatching(
        /claude-sonnet-4-5 \(row 1\): the run .* is recorded in series swe-bench-verified-bash-only-v1 .* now places it in swe-bench-verified-bash-only-v2; a run never lands in two series/,
      ),
    ]);
    expect(JSON.stringify(source.results)).toBe(before);
  });

  it('one read placing one run in two series is refused as ambiguous', async () => {
    const source = await freshSource();
    const report = await merge(source, [sweRow('1.13.3', 70.6), sweRow('2.0.0', 70.6)]);
    expect(report.ambiguous).toEqual([expect.stringMatching(/one run of claude-sonnet-4-5 placed in two series/)]);
  });
});

describe('the refresh refuses an ambiguous read', () => {
  it('as a rejection naming the upstream and the rows, as it refuses a key stated twice', async () => {
    const source = await freshSource();
    const aider = await upstreamNamed('aider-polyglot');
    const startedAt = `${READ_ON}T06:00:00Z`;
    const run = { report: emptyReport(startedAt, false), startedAt, config: parseRefreshConfig({}) };
    const rows = [highRow({}, 88), { ...highRow({}, 61.4), row: 2 }];
    const read = { upstream: aider, used: USED, results: { ok: true as const, results: rows } };
    expect(() => applyResults(run, source, [read])).toThrow(Rejection);
    expect(() => applyResults(run, source, [read])).toThrow(
      /aider-polyglot upstream: rows 1 and 2 are one run of gpt-5 in aider-polyglot with two values \(88, 61\.4\)/,
    );
  });
});
