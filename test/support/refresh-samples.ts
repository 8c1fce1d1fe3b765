/** Upstream samples the refresh and report tests share: a feed rule of the real kind and a candidate model with the line it prints as. */
import { benchmarkFeed, type BenchmarkFeed } from '../../src/refresh/config-benchmarks.ts';
import type { Candidate } from '../../src/refresh/merge-pricing.ts';

export const AIDER_FEED: BenchmarkFeed = benchmarkFeed.parse({
  series: 'aider-polyglot',
  benchmark: 'Aider Polyglot',
  reportedBy: 'independent',
  when: { testCases: '^225$' },
  variant: 'Aider polyglot leaderboard, percent correct = pass_rate_2 (second try), edit_format={editFormat} [{model}]',
  license: 'Apache-2.0 (Aider-AI/aider)',
});

/** A new upstream model from a tracked provider, as the candidate finder describes it. */
export const SAMPLE_CANDIDATE: Candidate = {
  key: 'openai/gpt-9',
  name: 'GPT-9',
  releaseDate: '2026-11-01',
  known: {
    contextTokens: 400_000,
    input: 2,
    output: 8,
    openWeights: false,
    reasoning: true,
    toolCalling: null,
    imageInput: null,
    benchmarks: 2,
  },
};

/** How a report lists SAMPLE_CANDIDATE. */
export const SAMPLE_CANDIDATE_LINE =
  '  - openai/gpt-9 (GPT-9): released 2026-11-01; context 400,000 tokens; $2 in / $8 out per 1M tokens; closed weights; reasoning yes; 2 benchmark result(s) upstream';
