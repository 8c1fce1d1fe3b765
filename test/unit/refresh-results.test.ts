/**
 * Benchmark upstreams in their published formats: the readers on excerpts of the real files,
 * matching that never guesses, classification that never merges unlike runs, and pinned
 * provider values that hold against a disagreeing upstream. Each rule is broken with data.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatIssue } from '../../src/compile/errors.ts';
import type { SourceData } from '../../src/compile/load.ts';
import { classify } from '../../src/refresh/classify.ts';
import type { BenchmarkFeed } from '../../src/refresh/config-benchmarks.ts';
import { parseJsonGuarded } from '../../src/compile/json-guard.ts';
import { closestTools, matchTool, toolIndex } from '../../src/refresh/match.ts';
import { mergePricing } from '../../src/refresh/merge-pricing.ts';
import { mergeUpstreamResults } from '../../src/refresh/merge-results.ts';
import { emptyReport } from '../../src/refresh/pipeline.ts';
import { describeCandidate, formatReport, type RefreshReport } from '../../src/refresh/report.ts';
import { readAiderPolyglot } from '../../src/refresh/upstream/aider-polyglot.ts';
import { readBigCodeBench } from '../../src/refresh/upstream/bigcodebench.ts';
import { readModelsDevBenchmarks } from '../../src/refresh/upstream/models-dev-benchmarks.ts';
import { readModelsDev } from '../../src/refresh/upstream/models-dev.ts';
import type { UpstreamResult } from '../../src/refresh/upstream/results.ts';
import { readSweBench } from '../../src/refresh/upstream/swe-bench.ts';
import { entryOf, modelsDevFromSource } from '../fixtures/upstream/models-dev.ts';
import { AIDER_FEED, SAMPLE_CANDIDATE, SAMPLE_CANDIDATE_LINE } from '../support/refresh-samples.ts';
import { freshSource } from '../support/source.ts';

const FIXTURES = path.join(import.meta.dirname, '..', 'fixtures', 'upstream');
const fixture = (name: string) => readFile(path.join(FIXTURES, name));
const ORIGIN = 'https://example.test/board';

function ok<T extends { ok: boolean }>(read: T): Extract<T, { ok: true }> {
  if (!read.ok)
    throw new Error(
      (read as unknown as { issues: Parameters<typeof formatIssue>[0][] }).issues.map(formatIssue).join('\n'),
    );
  return read as Extract<T, { ok: true }>;
}

/** A tool of the data without any result: the kind a first leaderboard result scores. */
function unscoredTool(source: SourceData) {
  const scored = new Set(source.results.map((r) => r.data.toolId));
  return source.tools.find((t) => !scored.has(t.data.id) && t.data.status === 'active')!.data;
}

describe('benchmark upstream readers, on excerpts of the published files', () => {
  it('reads the benchmarks arrays of the models.dev api.json models a tool maps to, keyed by that model', async () => {
    const parsed = parseJsonGuarded(await fixture('models-dev/api.json'), 'fixture');
    if (!parsed.ok) throw new Error('fixture');
    const read = ok(readModelsDevBenchmarks(parsed.value, new Set(['openai/gpt-5.4']), 'https://models.dev/api.json'));
    expect(read.results).toHaveLength(4);
    expect(read.results[0]).toMatchObject({
      keys: ['openai/gpt-5.4'],
      score: 59.1,
      date: '',
      fields: { benchmark: 'SWE-Bench Pro', dataset: 'public', sourceHost: 'labs.scale.com' },
      source:
        'https://labs.scale.com/leaderboard/swe_bench_pro_public as quoted in https://models.dev/api.json openai/gpt-5.4',
    });
    expect(ok(readModelsDevBenchmarks(parsed.value, new Set(), ORIGIN)).results).toEqual([]);
  });

  it('reads SWE-bench leaderboards: date from the submission folder, a multi-model system matched by folder only', async () => {
    const read = ok(readSweBench(await fixture('swe-bench/leaderboards.json'), ORIGIN));
    expect(read.results.map((r) => [r.fields.leaderboard, r.score, r.date, r.keys.length])).toEqual([
      ['Verified', 75.2, '2025-06-12', 1],
      ['bash-only', 67.6, '2025-08-02', 3],
      ['bash-only', 58.4, '2025-07-26', 3],
    ]);
    expect(read.results[2]!.keys).toEqual(['20250726_mini-v1.0.0_o3-2025-04-16', 'o3-20250416', 'o3 (2025-04-16)']);
    expect(read.results[2]!.fields).toMatchObject({ miniSweAgentVersion: '1.0.0', modelCount: '1', attempts: '1' });
  });

  it('reads the Aider polyglot YAML: pass_rate_2 as the score, quoted commands kept whole', async () => {
    const read = ok(readAiderPolyglot(await fixture('aider-polyglot/polyglot_leaderboard.yml'), ORIGIN));
    expect(read.results.map((r) => [r.name, r.score, r.date])).toEqual([
      ['gpt-4o-mini-2024-07-18', 3.6, '2024-12-21'],
      ['Qwen2.5-Coder-32B-Instruct', 8, '2024-12-22'],
      ['gpt-5 (high)', 88, '2025-08-23'],
    ]);
    expect(read.results[1]!.fields.command).toBe(
      'aider --model openai/Qwen/Qwen2.5-Coder-32B-Instruct # via hyperbolic',
    );
    // The --model of a command is a moving alias, so only the leaderboard's model wording matches.
    expect(read.results[2]!.keys).toEqual(['gpt-5 (high)']);
  });

  it('reads BigCodeBench results: one result per split that was run', async () => {
    const read = ok(readBigCodeBench(await fixture('bigcodebench/results-hard.json'), ORIGIN));
    expect(read.results.map((r) => [r.name, r.fields.split, r.score])).toEqual([
      ['Llama-4-Maverick', 'complete', 29.1],
      ['Llama-4-Maverick', 'instruct', 27.7],
      ['StarCoder2-3B', 'complete', 4.7],
    ]);
  });

  it('refuses a bad value or a YAML construct it does not read, naming the line, field and value', () => {
    const bad = readAiderPolyglot(
      Buffer.from('- dirname: x\n  model: m\n  pass_rate_2: 140\n  date: 2025-01-01\n'),
      ORIGIN,
    );
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.issues.map(formatIssue).join('\n')).toMatch(
      /line 1 \(x\): pass_rate_2: must be between 0 and 100.*got 140/,
    );
    const nested = readAiderPolyglot(Buffer.from('- dirname: x\n  tags:\n    - a\n'), ORIGIN);
    expect(!nested.ok && nested.issues.map(formatIssue).join('\n')).toMatch(
      /line 3.*not a flat "key: value" list entry/,
    );
    const swe = readSweBench(
      Buffer.from(
        '{"leaderboards":[{"name":"bash-only","results":[{"name":"x","folder":"f","resolved":"67%","date":"2025-01-01"}]}]}',
      ),
      ORIGIN,
    );
    expect(!swe.ok && swe.issues.map(formatIssue).join('\n')).toMatch(
      /\(bash-only\) results\[0\]: resolved: must be a number \(got "67%"\)/,
    );
  });
});

describe('matching a leaderboard name to a tool never guesses', () => {
  it('matches by id, name, API alias, models.dev key or OpenRouter slug, ignoring case only', async () => {
    const source = await freshSource();
    const index = toolIndex(source);
    const tool = source.tools.find((t) => t.data.upstream.modelsDev === 'openai/gpt-5.4')!.data;
    for (const name of [tool.id, tool.name.toUpperCase(), 'openai/gpt-5.4', 'gpt-5.4', ` ${tool.aliases[0]} `])
      expect(matchTool(index, [name], {})).toMatchObject({ kind: 'matched', toolId: tool.id });
  });

  it('an unmatched name is reported with the closest tools, and a substring of a tool name never matches', async () => {
    const source = await freshSource();
    const index = toolIndex(source);
    const tool = source.tools.find((t) => t.data.upstream.modelsDev === 'openai/gpt-5.4')!.data;
    // "GPT-5.4 (high)" contains the tool's name, and "GPT-5" is contained in it: neither is the tool's name.
    for (const name of [`${tool.name} (high)`, 'GPT-5.4-turbo-preview', 'PT-5.'])
      expect(matchTool(index, [name], {})).toEqual({ kind: 'unmatched' });
    expect(closestTools(index, `${tool.name} (high)`)).toContain(tool.id);
    // The explicit alias map is how a maintainer makes such a name match.
    expect(matchTool(index, [`${tool.name} (high)`], { [`${tool.name} (high)`]: tool.id })).toMatchObject({
      kind: 'matched',
      toolId: tool.id,
    });

    const results: UpstreamResult[] = [
      {
        row: 1,
        name: 'Totally New Model 9',
        keys: ['Totally New Model 9'],
        fields: { testCases: '225' },
        score: 50,
        date: '2026-11-01',
        source: ORIGIN,
      },
      {
        row: 2,
        name: `${tool.name} (high)`,
        keys: [`${tool.name} (high)`],
        fields: { testCases: '225' },
        score: 51,
        date: '2026-11-01',
        source: ORIGIN,
      },
    ];
    const before = JSON.stringify(source.results);
    const report = mergeUpstreamResults(
      source,
      index,
      { name: 'aider', aliases: {}, feeds: [AIDER_FEED] },
      results,
      source.series.data,
      '2026-11-24',
    );
    expect(report.matched).toBe(0);
    expect(report.unmatched).toEqual([
      expect.stringMatching(/^Totally New Model 9: closest tools /),
      expect.stringContaining(`closest tools ${tool.id}`),
    ]);
    expect(JSON.stringify(source.results)).toBe(before);
  });

  it('a name two tools share matches neither', async () => {
    const source = await freshSource();
    const [a, b] = source.tools.map((t) => t.data);
    a!.aliases.push('shared-name');
    b!.aliases.push('shared-name');
    expect(matchTool(toolIndex(source), ['shared-name'], {})).toEqual({
      kind: 'ambiguous',
      name: 'shared-name',
      toolIds: [a!.id, b!.id].sort(),
    });
  });
});

describe('classification never merges unlike runs', () => {
  const result = (fields: Record<string, string>, date = '2026-11-01'): UpstreamResult => ({
    row: 7,
    name: 'm',
    keys: ['m'],
    fields,
    score: 40,
    date,
    source: ORIGIN,
  });

  it('places a result only when exactly one rule takes it and the series rule accepts the variant', async () => {
    const { series } = await freshSource();
    const byId = new Map(series.data.series.map((s) => [s.id, s]));
    const placed = classify(
      result({ testCases: '225', editFormat: 'diff', model: 'm' }),
      [AIDER_FEED],
      byId,
      '2026-11-24',
    );
    expect(placed).toMatchObject({
      ok: true,
      result: { series: 'aider-polyglot', value: 40, reportedBy: 'independent' },
    });

    const unclassified = (r: UpstreamResult, feeds: BenchmarkFeed[]) => {
      const c = classify(r, feeds, byId, '2026-11-24');
      return c.ok ? 'placed' : c.reason;
    };
    // Another set size: no rule takes it.
    expect(unclassified(result({ testCases: '133', editFormat: 'diff', model: 'm' }), [AIDER_FEED])).toMatch(
      /no feed rule takes/,
    );
    // Two rules take it: the protocol is ambiguous, so it goes nowhere.
    const twin = { ...AIDER_FEED, series: 'aider-polyglot-vendor', reportedBy: 'vendor' as const };
    expect(unclassified(result({ testCases: '225', editFormat: 'diff', model: 'm' }), [AIDER_FEED, twin])).toMatch(
      /several series/,
    );
    // The rule's variant names a field the row lacks.
    expect(unclassified(result({ testCases: '225', model: 'm' }), [AIDER_FEED])).toMatch(/\{editFormat\}/);
    // The series' own rule (variantPattern pass_rate_2) refuses the wording.
    const loose = { ...AIDER_FEED, variant: 'Aider polyglot, first try [{model}]' };
    expect(unclassified(result({ testCases: '225', model: 'm' }), [loose])).toMatch(
      /does not satisfy series aider-polyglot/,
    );
    // Who ran it must agree with the series.
    expect(
      unclassified(result({ testCases: '225', editFormat: 'diff', model: 'm' }), [
        { ...AIDER_FEED, reportedBy: 'vendor' },
      ]),
    ).toMatch(/holds independent results/);
    // No date and no rule to date it as read.
    expect(unclassified(result({ testCases: '225', editFormat: 'diff', model: 'm' }, ''), [AIDER_FEED])).toMatch(
      /no result date/,
    );
    const asRead = classify(
      result({ testCases: '225', editFormat: 'diff', model: 'm' }, ''),
      [{ ...AIDER_FEED, undatedAsRead: true }],
      byId,
      '2026-11-24',
    );
    expect(asRead).toMatchObject({ ok: true, asRead: true, result: { date: '2026-11-24' } });
  });

  it('keeps a Terminal-Bench 4.0 leaderboard run in a third-party agent out of the maker’s-agent series', async () => {
    const { series } = await freshSource();
    const byId = new Map(series.data.series.map((s) => [s.id, s]));
    const feed = (target: string): BenchmarkFeed => ({
      series: target,
      benchmark: 'Terminal-Bench 4.0',
      reportedBy: 'independent',
      when: { benchmark: '^Terminal-Bench$', version: '^4\\.0$' },
      variant: 'official TB 4.0 leaderboard run; agent/harness: {harness}',
      license: 'test',
      undatedAsRead: false,
    });
    const row = (harness: string) => result({ benchmark: 'Terminal-Bench', version: '4.0', harness });
    const seriesOf = (c: ReturnType<typeof classify>) => (c.ok ? c.result.series : c.reason);

    expect(seriesOf(classify(row('Codex'), [feed('terminal-bench-4')], byId, '2026-11-25'))).toBe('terminal-bench-4');
    // The leaderboard's own run, but in mini-SWE-agent: the series rule refuses it ...
    expect(seriesOf(classify(row('mini-SWE-agent'), [feed('terminal-bench-4')], byId, '2026-11-25'))).toMatch(
      /does not satisfy series terminal-bench-4's rule/,
    );
    // ... and the series for third-party agents takes it, while refusing a maker's agent.
    expect(seriesOf(classify(row('mini-SWE-agent'), [feed('terminal-bench-4-other-agent')], byId, '2026-11-25'))).toBe(
      'terminal-bench-4-other-agent',
    );
    expect(seriesOf(classify(row('Claude Code'), [feed('terminal-bench-4-other-agent')], byId, '2026-11-25'))).toMatch(
      /does not satisfy series terminal-bench-4-other-agent's rule/,
    );
  });

  it('an unclassifiable row is reported and kept out; a classified first result creates the tool results file', async () => {
    const source = await freshSource();
    const tool = unscoredTool(source);
    const aliases = { 'gpt-4o-mini-2024-07-18': tool.id, 'Qwen2.5-Coder-32B-Instruct': tool.id };
    const read = ok(readAiderPolyglot(await fixture('aider-polyglot/polyglot_leaderboard.yml'), ORIGIN));
    // The Qwen run is made unclassifiable: another set size than the rule pins.
    read.results[1]!.fields.testCases = '133';
    read.results[2]!.fields.testCases = '133';
    const merge = (readOn: string) =>
      mergeUpstreamResults(
        source,
        toolIndex(source),
        { name: 'aider', aliases, feeds: [AIDER_FEED] },
        read.results,
        source.series.data,
        readOn,
      );
    const report = merge('2026-11-24');
    expect(report).toMatchObject({ read: 3, notFed: 2, matched: 1, firstResults: [tool.id] });
    const file = source.results.find((r) => r.data.toolId === tool.id)!;
    expect(file.file).toBe(`benchmarks/results/${tool.id}.json`);
    expect(file.data.results).toEqual([
      expect.objectContaining({
        series: 'aider-polyglot',
        value: 3.6,
        date: '2024-12-21',
        variant: expect.stringContaining('[gpt-4o-mini-2024-07-18]'),
      }),
    ]);
    // Read again: nothing new, nothing counted twice.
    const again = merge('2026-11-25');
    expect([again.added, again.updated, again.firstResults]).toEqual([[], [], []]);
    expect(file.data.results).toHaveLength(1);
  });
});

describe('a provider override holds against a disagreeing upstream', () => {
  it('keeps the pinned value, records a conflict naming both sources once, and stays quiet when upstream agrees', async () => {
    const source = await freshSource();
    const doc = modelsDevFromSource(source);
    const located = source.tools.find((t) => t.data.upstream.modelsDev !== null && !t.data.upstream.pinned?.length)!;
    const tool = located.data;
    tool.upstream.pinned = ['pricing'];
    tool.upstream.pinnedReason = "the provider's pricing page lists another price than the aggregator";
    tool.conflicts = [];
    entryOf(doc, source, tool.id).cost.input = tool.pricing.input * 2;
    const wanted = new Set([tool.upstream.modelsDev!]);
    const index = ok(readModelsDev(JSON.parse(JSON.stringify(doc)), wanted)).index;
    const context = {
      refreshDate: '2026-11-24',
      sourceUrl: 'https://models.dev/api.json',
      sourceName: 'models.dev api.json',
      sha256: null,
    };

    const merge = mergePricing(source, index, context);
    const merged = merge.source.tools.find((t) => t.data.id === tool.id)!.data;
    expect(merged.pricing.input).toBe(tool.pricing.input);
    expect(merge.updates.filter((u) => u.toolId === tool.id)).toEqual([]);
    expect(merged.conflicts).toContainEqual(
      expect.objectContaining({
        field: 'pricing.input',
        chosen: expect.stringContaining(String(tool.pricing.input)),
        alternative: String(tool.pricing.input * 2),
        alternativeSource: expect.stringContaining(`models.dev api.json ${tool.upstream.modelsDev}`),
        reason: tool.upstream.pinnedReason,
      }),
    );
    for (const conflict of merged.conflicts) {
      expect(conflict.chosen).toContain(tool.sources.pricing.name);
      expect(conflict.alternativeSource).toContain('https://models.dev/api.json');
    }

    // The next refresh finds the disagreement on record and adds nothing.
    const again = mergePricing(merge.source, index, context);
    expect(again.source.tools.find((t) => t.data.id === tool.id)!.data.conflicts).toEqual(merged.conflicts);

    // The upstream comes round: the pin is reported as redundant, the value unchanged.
    entryOf(doc, source, tool.id).cost.input = tool.pricing.input;
    const agreed = mergePricing(
      merge.source,
      ok(readModelsDev(JSON.parse(JSON.stringify(doc)), wanted)).index,
      context,
    );
    expect(agreed.redundantPins).toContainEqual({ toolId: tool.id, fact: 'pricing' });
    expect(agreed.source.tools.find((t) => t.data.id === tool.id)!.data.pricing.input).toBe(tool.pricing.input);
  });
});

describe('the refresh report', () => {
  it('prints per results upstream: read, matched, unmatched with closest tools, unclassified, new; candidates with what is known', () => {
    const report: RefreshReport = {
      ...emptyReport('2026-11-24T06:00:00Z', false),
      outcome: 'published',
      release: '2026-11-24',
      candidates: [describeCandidate(SAMPLE_CANDIDATE)],
      results: [
        {
          name: 'aider-polyglot',
          read: 5,
          notFed: 1,
          matched: 3,
          unmatched: ['Mystery 1: closest tools gpt-5-4'],
          unclassified: ['gpt-5-4 (gpt-5.4, row 2): no result date is published'],
          added: ['gpt-5-4: aider-polyglot "x" = 50 (2026-11-01)'],
          updated: [],
          firstResults: ['gpt-5-4'],
        },
      ],
    };
    const lines = formatReport(report).split('\n');
    for (const line of [
      'results upstream aider-polyglot: 5 read (1 outside every feed rule), 3 matched, 1 name(s) unmatched, 1 unclassified, 1 new, 0 updated; first results for gpt-5-4',
      '  - Mystery 1: closest tools gpt-5-4',
      '  - gpt-5-4 (gpt-5.4, row 2): no result date is published',
      SAMPLE_CANDIDATE_LINE,
    ])
      expect(lines).toContain(line);
  });
});
