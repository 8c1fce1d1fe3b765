/**
 * The leaderboard rows of issue 37's "one run, one value" attacks, as the readers would return them, about runs the
 * curated data records. The unit tests and the reliability suite inject the same rows.
 */
import path from 'node:path';
import type { SourceData } from '../../src/compile/load.ts';
import { ROOT } from '../../src/fs/paths.ts';
import type { BenchmarkUpstream } from '../../src/refresh/config-benchmarks.ts';
import { loadRefreshConfig } from '../../src/refresh/config.ts';
import type { UpstreamResult } from '../../src/refresh/upstream/results.ts';

/** The benchmark upstream of that name in the repository's refresh.config.json (its real feed rules). */
export async function upstreamNamed(name: string): Promise<BenchmarkUpstream> {
  const config = await loadRefreshConfig(path.join(ROOT, 'refresh.config.json'));
  return config.upstreams.benchmarks.find((b) => b.name === name)!;
}

/** GPT-5's Aider results labelled "[gpt-5 (high)]" (its low and medium runs are other runs). */
export const highRuns = (source: SourceData) =>
  source.results
    .find((r) => r.data.toolId === 'gpt-5')!
    .data.results.filter((r) => r.series === 'aider-polyglot' && r.variant.endsWith('[gpt-5 (high)]'));

/** The curated Aider run of GPT-5 at high effort (88 on 2025-08-23), as its leaderboard row, with `change` applied. */
export function highRow(change: Partial<Record<string, string>> = {}, score = 88, date = '2025-08-23'): UpstreamResult {
  const fields = {
    model: 'gpt-5 (high)',
    dirname: '2025-08-23-15-47-21--gpt-5-high',
    testCases: '225',
    editFormat: 'diff',
    versions: '0.86.2.dev',
    command: 'aider --model openai/gpt-5',
    cost: 'total_cost $29.08',
    ...change,
  };
  const source = `https://example.test/polyglot_leaderboard.yml (run ${fields.dirname})`;
  return { row: 1, name: fields.model, keys: [fields.model], fields, score, date, source };
}

/** Another Aider run of GPT-5 under the same name: other edit format, version and command. */
export const OTHER_RUN = { editFormat: 'whole', versions: '0.86.0', command: 'aider --model openai/gpt-5 --no-stream' };

/** A BigCodeBench complete/hard row under `name` (the board lists Llama 4 Maverick as "Llama-4-Maverick", 29.1). */
export const bigCodeBenchRow = (name: string, score: number): UpstreamResult => ({
  row: 1,
  name,
  keys: [name],
  fields: { model: name, split: 'complete' },
  score,
  date: '2025-04',
  source: `https://example.test/results-hard.json ["${name}" pass@1.complete]`,
});

/** Claude Sonnet 4.5's recorded bash-only run (mini-SWE-agent v1.13.3, 70.6) with the board's agent version. */
export const SONNET_FOLDER = '20250929_mini-v1.13.3_sonnet-4-5-20250929';
export const sweRow = (version: string, score = 70.6): UpstreamResult => ({
  row: 1,
  name: `bash-only: Claude Sonnet 4.5 [${SONNET_FOLDER}]`,
  keys: [SONNET_FOLDER],
  fields: { leaderboard: 'bash-only', folder: SONNET_FOLDER, modelCount: '1', miniSweAgentVersion: version },
  score,
  date: '2025-09-29',
  source: `https://example.test/leaderboards.json (leaderboard bash-only, ${SONNET_FOLDER})`,
});
