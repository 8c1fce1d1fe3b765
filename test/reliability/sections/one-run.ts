/**
 * One run, one value (issue 37): leaderboard rows that would put a second value on one run, or a value under
 * wording that does not describe it, injected into the real merge over the real data with the feed rules of
 * refresh.config.json. Each must be refused (the read rejected), reported, or kept as a run of its own:
 *  - another Aider run under a curated run's name (other edit format, version and command, 77.7);
 *  - the board restating a curated run under other wording: the wording must change with the value;
 *  - two rows of one run with two values, and a letter-case twin of a BigCodeBench name with 99.9;
 *  - the SWE-bench board moving a recorded run to another mini-SWE-agent version, and one read placing a run in
 *    two series.
 */
import { type SourceData, loadSourceData } from '../../../src/compile/load.ts';
import { PATHS } from '../../../src/fs/paths.ts';
import { applyResults } from '../../../src/refresh/apply-upstreams.ts';
import { parseRefreshConfig } from '../../../src/refresh/config.ts';
import { toolIndex } from '../../../src/refresh/match.ts';
import { mergeUpstreamResults } from '../../../src/refresh/merge-results.ts';
import { emptyReport } from '../../../src/refresh/pipeline.ts';
import { Rejection } from '../../../src/refresh/run.ts';
import type { UpstreamResult } from '../../../src/refresh/upstream/results.ts';
import { bigCodeBenchRow, highRow, highRuns, OTHER_RUN, sweRow, upstreamNamed } from '../../support/run-rows.ts';
import { type Fault, faultRows } from '../faults.ts';
import type { Row } from '../report.ts';
import type { Section } from '../section.ts';

const READ_ON = '2026-11-28';

async function runFaults(): Promise<Fault[]> {
  const pristine = await loadSourceData(PATHS.data);
  const upstreams = new Map(
    await Promise.all(
      ['aider-polyglot', 'bigcodebench-hard', 'swe-bench'].map(async (n) => [n, await upstreamNamed(n)] as const),
    ),
  );
  const upstream = (name: string) => upstreams.get(name)!;
  const numbered = (rows: UpstreamResult[]) => rows.map((row, i) => ({ ...row, row: i + 1 }));
  const merge = (name: string, rows: UpstreamResult[]) => {
    const source = structuredClone(pristine);
    const report = mergeUpstreamResults(
      source,
      toolIndex(source),
      upstream(name),
      numbered(rows),
      source.series.data,
      READ_ON,
    );
    return { source, report };
  };
  const rejected = (name: string, rows: UpstreamResult[]) => {
    const startedAt = `${READ_ON}T06:00:00Z`;
    const run = { report: emptyReport(startedAt, false), startedAt, config: parseRefreshConfig({}) };
    const used = { name, location: 'file:board', sha256: null };
    const read = { upstream: upstream(name), used, results: { ok: true as const, results: numbered(rows) } };
    try {
      applyResults(run, structuredClone(pristine), [read]);
      return false;
    } catch (error) {
      return error instanceof Rejection;
    }
  };
  const described = (source: SourceData) =>
    highRuns(source).every((r) => (r.value === 88) === r.variant.includes('edit_format=diff, aider 0.86.2.dev'));
  return [
    [
      'another run under a curated run’s name',
      async () => {
        const { source } = merge('aider-polyglot', [highRow({}, 88), highRow(OTHER_RUN, 77.7, '2025-09-01')]);
        return highRuns(source).some((r) => r.value === 88) && described(source);
      },
    ],
    [
      'a run restated under other wording',
      async () => {
        const { source } = merge('aider-polyglot', [highRow(OTHER_RUN, 77.7)]);
        return highRuns(source).length === 1 && described(source);
      },
    ],
    [
      'two rows of one run with two values',
      async () => rejected('aider-polyglot', [highRow({}, 88), highRow({}, 61.4)]),
    ],
    [
      'a letter-case twin of a listed name',
      async () =>
        rejected('bigcodebench-hard', [
          bigCodeBenchRow('Llama-4-Maverick', 29.1),
          bigCodeBenchRow('LLAMA-4-MAVERICK', 99.9),
        ]),
    ],
    [
      'a recorded run moved to another agent version',
      async () => merge('swe-bench', [sweRow('2.0.0')]).report.added.length === 0,
    ],
    ['one read placing a run in two series', async () => rejected('swe-bench', [sweRow('1.13.3'), sweRow('2.0.0')])],
  ];
}

export const oneRun: Section = {
  name: 'one-run',
  machine: 'shared',
  summary:
    'another run under a curated name, a restated run, two values for one run, a letter-case twin, a run in two series',
  async run(): Promise<Row[]> {
    return faultRows('one-run', [['refresh merge', await runFaults()]]);
  },
};
