/**
 * The `ai-coding-models` command line as users run it: the built bin (compiled by the package's
 * own build into a temporary directory), spawned with node against the real server on loopback.
 * Tables by default, JSON with --json, exit 1 with suggestions for an unknown id, exit 2 for a
 * bad flag, exit 3 when the API cannot be reached.
 */
import { execFile } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  type BenchmarksDocument,
  type Change,
  isRefit,
  type ToolsDocument,
  type UseCasesDocument,
} from '../../packages/client/src/index.ts';
import {
  CHANGE_KIND_WORDS,
  changeKindWords,
  fieldWords,
  STATUS_WORDS,
  statusPhrase,
} from '../../src/schema/change-words.ts';
import { startNodeTarget, type Target } from '../support/targets.ts';

/** 200k input, 20k output and 50k cache-read tokens on Cursor at a fixed instant. */
const COST_WORKLOAD = [
  '--input',
  '200k',
  '--output',
  '20k',
  '--cache-read',
  '50k',
  '--platform',
  'cursor',
  '--at',
  '2026-11-23T12:00:00Z',
] as const;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

describe('ai-coding-models (the built bin against the Node server)', () => {
  let target: Target;
  let bin: string;
  let tools: ToolsDocument['tools'];

  const cli = (...args: string[]): Promise<Run> =>
    new Promise((resolve) => {
      execFile(
        process.execPath,
        [bin, ...args, '--base-url', target.baseUrl],
        // From a directory outside the repository, as a user runs it.
        { encoding: 'utf8', timeout: 30_000, cwd: os.tmpdir() },
        (error, stdout, stderr) =>
          resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      );
    });
  /** What `list --json` prints: the envelope of top and cost. */
  type Listed = { count: number; total: number; results: { id: string }[] };
  const json = async <T>(...args: string[]): Promise<T> => {
    const run = await cli(...args, '--json');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    return JSON.parse(run.stdout) as T;
  };

  beforeAll(async () => {
    // The client package as its build script builds it, once for the run (test/support/test-artifact.ts).
    bin = path.join(inject('clientPath'), 'packages', 'client', 'src', 'cli.js');
    target = await startNodeTarget(inject('distPath'));
    tools = ((await (await fetch(`${target.baseUrl}/api/tools.json`)).json()) as ToolsDocument).tools;
  });
  afterAll(async () => {
    await target?.stop();
  });

  it('list: a table by default, the same tools as JSON with --json, filters applied', async () => {
    const table = await cli('list');
    expect(table.code).toBe(0);
    expect(table.stdout.split('\n')[0]).toMatch(
      /^id\s+provider\s+status\s+context\s+input \$\/1M\s+output \$\/1M\s+score$/,
    );
    expect(table.stdout).toContain(`${tools.length} of ${tools.length} models`);
    const envelope = await json<{
      count: number;
      total: number;
      results: { id: string; contextTokens: number; providerId: string; reasoning: boolean | null }[];
    }>('models', 'list', '--provider', tools[0]!.providerId, '--min-context', '100k', '--capability', 'reasoning');
    const listed = envelope.results;
    expect(listed.length).toBeGreaterThan(0);
    // The envelope of top and cost: how many match, of how many listed.
    expect(envelope).toMatchObject({ count: listed.length, total: tools.length });
    for (const tool of listed)
      expect(tool.providerId === tools[0]!.providerId && tool.contextTokens >= 100_000 && tool.reasoning === true).toBe(
        true,
      );
    const seeing = await json<Listed>('list', '--capability', 'imageInput', '--capability', 'toolCalling');
    expect(seeing.results.map((t) => t.id).sort()).toEqual(
      tools
        .filter((t) => t.imageInput === true && t.toolCalling === true)
        .map((t) => t.id)
        .sort(),
    );
    const onCursor = (await json<Listed>('list', '--platform', 'cursor', '--max-price', '2')).results;
    expect(onCursor.every((t) => tools.find((x) => x.id === t.id)!.blendedPrice <= 2)).toBe(true);
  });

  it('list and cost: --min-score keeps the models with that benchmark score, --measured only measured ones; list takes --max-task-cost and --min-speed', async () => {
    const benchmarks = ((await (await fetch(`${target.baseUrl}/api/benchmarks.json`)).json()) as BenchmarksDocument)
      .benchmarks.models;
    const detail = (id: string) =>
      (benchmarks.find((b) => b.modelId === id)?.scoreDetails as Record<string, { kind: string; value: number }>)
        ?.sweBenchPro;
    const expected = (measured: boolean) =>
      tools
        .filter((t) => {
          const d = detail(t.id);
          return d !== undefined && d.value >= 50 && (!measured || d.kind === 'measured');
        })
        .map((t) => t.id)
        .sort();
    const any = (await json<Listed>('list', '--min-score', 'sweBenchPro=50')).results;
    const measured = (await json<Listed>('list', '--min-score', 'sweBenchPro=50', '--measured')).results;
    expect(any.map((t) => t.id).sort()).toEqual(expected(false));
    expect(measured.map((t) => t.id).sort()).toEqual(expected(true));
    expect(measured.length).toBeGreaterThan(0);
    expect(measured.length).toBeLessThan(any.length);
    // The question of the issue: the cheapest models for a 600K prompt with SWE-bench Pro above 50, measured.
    const cheapest = await json<{ results: { id: string }[] }>(
      'cost',
      '--input',
      '600k',
      '--output',
      '10k',
      '--min-score',
      'sweBenchPro=50',
      '--measured',
    );
    expect(cheapest.results.length).toBeGreaterThan(0);
    for (const row of cheapest.results) expect(expected(true)).toContain(row.id);
    // list filters by each model's headline cost per solved task and output speed.
    const quick = (await json<Listed>('list', '--max-task-cost', '5', '--min-speed', '50')).results;
    expect(quick.length).toBeGreaterThan(0);
    for (const t of quick) {
      const h = benchmarks.find((m) => m.modelId === t.id)!.taskCost!.headline!;
      expect(h.costPerSolvedTaskUsd!.value).toBeLessThanOrEqual(5);
      expect(h.outputTokensPerSecond).toBeGreaterThanOrEqual(50);
    }
    const typo = await cli('list', '--min-score', 'sweBenchPr=50');
    expect(typo.code).toBe(1);
    expect(typo.stderr).toContain('sweBenchPro');
    const bad = await cli('list', '--min-score', 'sweBenchPro');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--min-score must be <field>=<number>');
  });

  it('show: by id, alias or dated snapshot, with scores marked measured or estimated and the sources', async () => {
    const tool = tools.find((t) => t.aliases.some((a) => a !== t.id))!;
    const alias = tool.aliases.find((a) => a !== tool.id)!;
    const shown = await cli('show', `${alias}-20260101`);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain(`(${tool.id})`);
    expect(shown.stdout).toContain('sources:');
    expect(shown.stdout).toMatch(/measured|not scored/);
    const data = await json<{
      tool: { id: string };
      benchmark: unknown;
      platforms: unknown[];
      successor: string | null;
    }>('show', tool.id);
    expect(data.tool.id).toBe(tool.id);
    const replaced = tools.find((t) => t.replacedBy !== null)!;
    expect((await cli('show', replaced.id)).stdout).toContain(`replaced: ${replaced.id} -> ${replaced.replacedBy}`);
  });

  it('show with an unknown id: exit 1 and close ids suggested', async () => {
    const run = await cli('show', `${tools[0]!.id}x`);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(`unknown model "${tools[0]!.id}x"; did you mean`);
    expect(run.stderr).toContain(`"${tools[0]!.id}"`);
  });

  it('cost: ranks by the cost of the workload on a platform, cheapest first', async () => {
    const table = await cli('cost', ...COST_WORKLOAD);
    expect(table.code).toBe(0);
    expect(table.stdout).toContain(
      'Workload: 200,000 input, 20,000 output, 50,000 cache read tokens at 2026-11-23T12:00:00Z on Cursor; ranked by cost',
    );
    const result = await json<{
      usage: { input: number; output: number; cacheRead: number };
      count: number;
      results: { rank: number; id: string; costUsd: number | null; costKind: string }[];
    }>('cost', ...COST_WORKLOAD, '--limit', '50');
    expect(result.usage).toMatchObject({ input: 200_000, output: 20_000, cacheRead: 50_000 });
    expect(result.count).toBe(result.results.length);
    const usd = result.results.filter((r) => r.costKind === 'usd').map((r) => r.costUsd!);
    expect(usd.length).toBeGreaterThan(5);
    expect(usd).toEqual([...usd].sort((a, b) => a - b));
    const byValue = await json<{ by: string; count: number; results: { scorePerDollar: number | string | null }[] }>(
      'cost',
      '--input',
      '100k',
      '--output',
      '10k',
      '--requests',
      '10',
      '--by',
      'value',
      '--limit',
      '3',
    );
    expect(byValue.by).toBe('value');
    expect(byValue.results).toHaveLength(3);
    // --limit cuts the rows, never the count of models that match.
    expect(byValue.count).toBeGreaterThan(3);
    expect(byValue.results[0]).toHaveProperty('scorePerDollar');
  });

  it('top: a use case with its picks; an unknown one exits 1 with suggestions', async () => {
    const { useCases } = (await (await fetch(`${target.baseUrl}/api/use-cases.json`)).json()) as UseCasesDocument;
    const useCase = useCases[0]!;
    const picks = await json<{ useCase: { id: string }; count: number; results: { id: string }[] }>('top', useCase.id);
    expect(picks.results.map((p) => p.id)).toEqual(useCase.topPicks);
    expect(picks.count).toBe(useCase.topPicks.length);
    expect((await cli('top', useCase.id)).stdout).toContain(useCase.title);
    const unknown = await cli('top', useCase.id.slice(0, -1));
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain(`did you mean "${useCase.id}"`);
  });

  it("top --json prices every use case's picks by the cost engine as use-cases.json does, named as the MCP server names them; --limit keeps the count", async () => {
    const { useCases } = (await (await fetch(`${target.baseUrl}/api/use-cases.json`)).json()) as UseCasesDocument;
    for (const useCase of useCases) {
      const top = await json<{
        count: number;
        workload: { inputTokens: number; outputTokens: number; requests: number };
        results: {
          rank: number;
          id: string;
          costUsd: number | null;
          costKind: string;
          promotionUntil: string | null;
        }[];
      }>('top', useCase.id);
      expect(top.workload).toEqual({ ...useCase.scenario, requests: 1 });
      for (const pick of top.results) {
        const built = useCase.topPickCosts.find((c) => c.toolId === pick.id)!;
        expect(pick.costUsd, `${useCase.id} ${pick.id}`).toBe(built.scenarioCostUsd);
        expect(pick.costKind).toBe('usd');
        expect(pick.promotionUntil).toBe(built.promotionUntil ?? null);
        expect(pick).not.toHaveProperty('scenarioCostUsd');
      }
    }
    const useCase = useCases.find((u) => u.topPicks.length > 2)!;
    const limited = await json<{ count: number; results: { id: string }[] }>('top', useCase.id, '--limit', '2');
    expect(limited.results.map((r) => r.id)).toEqual(useCase.topPicks.slice(0, 2));
    expect(limited.count).toBe(useCase.topPicks.length);
    const table = await cli('top', useCase.id, '--limit', '2');
    expect(table.stdout).toContain(`2 shown of ${useCase.topPicks.length} picks`);
  });

  it('changes: the newest releases, and how many match', async () => {
    const { releases, count: matching } = await json<{ releases: { id: string }[]; count: number }>(
      'changes',
      '--limit',
      '1',
    );
    expect(releases).toHaveLength(1);
    expect(matching).toBeGreaterThan(1);
    const text = (await cli('changes', '--limit', '1')).stdout;
    expect(text).toContain(releases[0]!.id);
    expect(text).toContain(`(${matching - 1} more matching releases; --limit ${matching} shows all)`);
  });

  it('says statuses, change kinds and fields in the words the page uses (change-words.ts); --json keeps the values', async () => {
    const retired = tools.find((t) => t.status === 'retired')!;
    const active = tools.find((t) => t.status === 'active')!;
    expect((await cli('show', retired.id)).stdout).toContain(`status ${statusPhrase('retired')},`);
    const compared = (await cli('compare', retired.id, active.id)).stdout;
    expect(compared).toMatch(new RegExp(`^status +${STATUS_WORDS.retired} +${STATUS_WORDS.active}$`, 'm'));
    expect((await json<{ status: string }[]>('compare', retired.id, active.id)).map((c) => c.status)).toEqual([
      'retired',
      'active',
    ]);
    type Listed = { releases: { changes: Change[] }[] };
    const { releases } = await json<Listed>('changes', '--limit', '5');
    const text = (await cli('changes', '--limit', '5')).stdout;
    const changes = releases.flatMap((r) => r.changes.slice(0, 50));
    expect(changes.some((c) => c.field !== null)).toBe(true);
    for (const c of changes)
      expect(text).toContain(
        `  ${changeKindWords(c.kind).padEnd(29)} ${c.toolId}${c.field ? ` ${fieldWords(c.field).words}` : ''}`,
      );
    // No line starts with a raw kind: the words replaced every one.
    for (const kind of Object.keys(CHANGE_KIND_WORDS)) expect(text).not.toMatch(new RegExp(`^  ${kind} `, 'm'));
  });

  it('changes: --since, --model and --kind keep only the releases and changes that match', async () => {
    type Listed = {
      releases: { id: string; date: string; changes: Change[]; refitsLeftOut: number }[];
      count: number;
    };
    const all = await json<Listed>('changes', '--limit', '100');
    const priced = all.releases.flatMap((r) => r.changes).find((c) => c.kind === 'price-changed')!;
    const byModel = await json<Listed>('changes', '--model', priced.toolId, '--limit', '100');
    expect(byModel.releases.length).toBeGreaterThan(0);
    for (const release of byModel.releases) {
      // A release whose only changes to the model are refitted estimates matches, and counts them.
      expect(release.changes.length + release.refitsLeftOut).toBeGreaterThan(0);
      for (const change of release.changes) expect(change.toolId).toBe(priced.toolId);
    }
    const byKind = await json<Listed>('changes', '--kind', 'price-changed', '--limit', '100');
    for (const release of byKind.releases) for (const c of release.changes) expect(c.kind).toBe('price-changed');
    const since = all.releases[2]!.date;
    const recent = await json<Listed>('changes', '--since', since, '--limit', '100');
    expect(recent.count).toBe(all.releases.filter((r) => r.date >= since).length);
    const bad = await cli('changes', '--kind', 'price-change');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--kind must be one of');
  });

  it('changes: refitted estimates are counted, and listed with --refits', async () => {
    type Listed = { releases: { id: string; changes: Change[]; refitsLeftOut: number }[] };
    const { releases } = await json<Listed>('changes', '--limit', '20');
    const release = releases.find((r) => r.refitsLeftOut > 0);
    expect(release, 'a release with refitted estimates').toBeDefined();
    expect(release!.changes.some(isRefit)).toBe(false);
    const at = releases.indexOf(release!) + 1;
    const refits = release!.refitsLeftOut;
    const brief = (await cli('changes', '--limit', String(at))).stdout;
    expect(brief).toContain(`${refits} estimated scores moved within the previous release's 80% interval`);
    const full = (await cli('changes', '--limit', String(at), '--refits')).stdout;
    expect(full).not.toContain('estimated scores moved within');
    expect(full.split('\n').length).toBeGreaterThan(brief.split('\n').length);
  });

  it('cost and top by cost per solved task: the published figures with their intervals, within the limits', async () => {
    const published = ((await (await fetch(`${target.baseUrl}/api/benchmarks.json`)).json()) as BenchmarksDocument)
      .benchmarks.models;
    // The published figure a row claims: its configuration's, or the model's estimate of the kind.
    const publishedFigure = (id: string, configurationId: string | null) => {
      const taskCost = published.find((m) => m.modelId === id)!.taskCost!;
      return configurationId
        ? taskCost.configurations.find((c) => c.id === configurationId)!.costPerSolvedTaskUsd
        : taskCost.estimates.find((e) => e.taskKind === 'repo-issue')!.costPerSolvedTaskUsd;
    };
    type Row = { id?: string; modelId: string; evidence: string; configurationId: string | null; taskKind: string };
    type Figure = { value: number; interval: { low: number; high: number } | null };
    const ranked = await json<{ results: (Row & { costPerSolvedTaskUsd: Figure })[] }>(
      'cost',
      '--by',
      'solved-task-cost',
      '--task-kind',
      'repo-issue',
      '--max-task-cost',
      '2',
      '--limit',
      '200',
    );
    expect(ranked.results.length).toBeGreaterThan(3);
    for (const r of ranked.results) {
      expect(r.taskKind).toBe('repo-issue');
      expect(r.costPerSolvedTaskUsd).toEqual(publishedFigure(r.modelId, r.configurationId));
      expect(r.costPerSolvedTaskUsd.value).toBeLessThanOrEqual(2);
    }
    const values = ranked.results.map((r) => r.costPerSolvedTaskUsd.value);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    // A model with no repo-issue figure at all is never ranked.
    const none = published.find(
      (m) =>
        !m.taskCost?.configurations.some((c) => c.taskKind === 'repo-issue') &&
        !m.taskCost?.estimates.some((e) => e.taskKind === 'repo-issue' && e.costPerSolvedTaskUsd),
    );
    if (none) expect(ranked.results.map((r) => r.modelId)).not.toContain(none.modelId);
    const table = await cli('cost', '--by', 'solved-task-cost', '--task-kind', 'repo-issue', '--limit', '3');
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/cost\/solved task/);
    expect(table.stdout).toMatch(/\$\d[\d.]* \(80%: \$[\d.]+–\$[\d.]+, (measured|estimated)\)/);

    // top: each pick's figures are the ones the build put beside it (use-cases.json topPickTaskCosts).
    const useCases = ((await (await fetch(`${target.baseUrl}/api/use-cases.json`)).json()) as UseCasesDocument)
      .useCases;
    const withKind = useCases.find((u) => u.taskKind && u.topPickTaskCosts.some((c) => c.costPerAttemptUsd))!;
    const top = await json<{ results: { id: string; taskCost: (Row & Record<string, unknown>) | null }[] }>(
      'top',
      withKind.id,
    );
    for (const pick of top.results) {
      const built = withKind.topPickTaskCosts.find((c) => c.toolId === pick.id)!;
      expect(pick.taskCost?.evidence ?? null).toBe(built.evidence);
      expect(pick.taskCost?.configurationId ?? null).toBe(built.configurationId);
      expect(pick.taskCost?.costPerAttemptUsd ?? null).toEqual(built.costPerAttemptUsd);
      expect(pick.taskCost?.costPerSolvedTaskUsd ?? null).toEqual(built.costPerSolvedTaskUsd);
    }

    // Output speed: the published median over each model's endpoints, fastest first, at least the minimum asked.
    const fast = await json<{ results: (Row & { outputTokensPerSecond: number })[] }>(
      'cost',
      '--by',
      'output-speed',
      '--min-speed',
      '100',
      '--limit',
      '200',
    );
    const speeds = fast.results.map((r) => r.outputTokensPerSecond);
    expect(speeds.length).toBeGreaterThan(0);
    for (const r of fast.results)
      expect(r.outputTokensPerSecond).toBe(
        published.find((m) => m.modelId === r.modelId)!.taskCost!.headline!.outputTokensPerSecond,
      );
    expect(Math.min(...speeds)).toBeGreaterThanOrEqual(100);
    expect(speeds).toEqual([...speeds].sort((a, b) => b - a));

    // On a platform: a model it bills per request or within a plan has no dollar figure per task, and says why.
    const onClaudeCode = await json<{
      platform: string;
      results: (Row & { costPerSolvedTaskUsd: unknown; billingNote: string })[];
    }>('cost', '--by', 'task-seconds', '--platform', 'claude-code', '--limit', '200');
    expect(onClaudeCode.platform).toBe('claude-code');
    const included = onClaudeCode.results.filter((r) => r.billingNote.includes('within the plan'));
    expect(included.length).toBeGreaterThan(0);
    for (const r of included) expect(r.costPerSolvedTaskUsd).toBeNull();

    // show: every configuration of a model with several is listed by id, and each endpoint speed with its source.
    const several = published.find(
      (m) => (m.taskCost?.configurations.length ?? 0) > 1 && m.taskCost?.endpoints.length,
    )!;
    const shown = await cli('show', several.modelId);
    expect(shown.code).toBe(0);
    for (const c of several.taskCost!.configurations) expect(shown.stdout).toContain(c.id);
    for (const e of several.taskCost!.endpoints) expect(shown.stdout).toContain(e.source.url);
  });

  it('bad flags and arguments exit 2 with a message; no command prints the usage', async () => {
    for (const args of [
      ['list', '--no-such-flag'],
      ['cost', '--input', 'lots', '--output', '1'],
      ['cost', '--output', '1'],
      ['list', '--status', 'gone'],
      ['show'],
      ['frobnicate'],
      ['cost', '--input', '1', '--output', '1', '--by', 'price'],
      ['cost', '--by', 'solved-task-cost', '--task-kind', 'chores'],
      ['cost', '--by', 'solved-task-cost', '--max-task-cost', 'cheap'],
      ['cost', '--min-speed', 'fast'],
    ]) {
      const run = await cli(...args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr, args.join(' ')).toMatch(/^error: /);
    }
    const usage = await cli();
    expect(usage.code).toBe(2);
    expect(usage.stdout).toContain('usage: ai-coding-models');
    expect((await cli('--help')).code).toBe(0);
  });

  it('an unreachable API exits 3', async () => {
    const run = await new Promise<Run>((resolve) =>
      execFile(
        process.execPath,
        [bin, 'list', '--base-url', 'http://127.0.0.1:9'],
        { encoding: 'utf8' },
        (error, stdout, stderr) =>
          resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      ),
    );
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('127.0.0.1:9');
  });
});
