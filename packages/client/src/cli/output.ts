/** What the command line prints for people: tables and text (the `--json` shapes are here too). */
import { type CostResult, evidenceAccount, type PriceInForce, priceInForce } from '../../../../src/cost/index.ts';
import type { RankedTool } from '../query.ts';
import { type Column, grouped, printable, rate, score, table, tokens, usd } from '../format.ts';
import { useCaseHeading } from '../query.ts';
import {
  figureWords,
  type RankedTask,
  type TaskFigure,
  type TaskFigures,
  type TaskQuery,
  taskFiguresOf,
  TASK_RANK_WORDS,
} from '../task-cost.ts';
import type {
  BenchmarkModel,
  BenchmarksDocument,
  Change,
  ModelDocument,
  Platform,
  Tool,
  UseCase,
} from '../types.generated.ts';
import type { Workload } from './arguments.ts';
import { changeKindWords, fieldWords, statusPhrase, statusWord } from '../../../../src/schema/change-words.ts';

/** Writes a line for people; text from the API cannot reach the terminal as a control sequence (format.ts). */
export function print(text: string): void {
  process.stdout.write(`${printable(text)}\n`);
}

export function printJson(value: unknown): void {
  print(JSON.stringify(value, (_key, v) => (v === Number.POSITIVE_INFINITY ? 'Infinity' : v), 2));
}

/** The benchmarks overallScore aggregates, with their weights (benchmarks.json aggregate). */
export type Aggregate = BenchmarksDocument['benchmarks']['aggregate'];

/** How many benchmarks the overall score weighs now (the build derives the weights from which series are alive). */
export function weightedCount(benchmarks: BenchmarksDocument): number {
  return benchmarks.benchmarks.aggregate.filter((a) => a.weight > 0).length;
}

/** A score with fewer measured benchmarks than it weighs rests partly on the scoring model's estimates. */
export const partlyEstimated = (measured: number | null | undefined, weighted: number): boolean =>
  measured !== null && measured !== undefined && measured < weighted;

export const scoreLabel = (b: BenchmarkModel | undefined, weighted: number) =>
  b
    ? `${score(b.overallScore)}${partlyEstimated(b.measuredCount, weighted) ? '*' : ''}${b.provisional ? '!' : ''}`
    : '-';
export const ESTIMATE_NOTE =
  '* not every benchmark the overall score weighs is measured for this model: the rest are estimated by the scoring model (see `show <id>`)';

/** A rank on no independent measurement is marked `!` wherever a score is printed. */
export const PROVISIONAL_NOTE =
  '! provisional: no independent measurement among the benchmarks it is ranked on (only a model developer’s figures or estimates; `show <id>` says which)';
export const PROMOTION_NOTE =
  '~ promotional or introductory price in force on the data’s date (`show <id>` gives its last day and the price after it)';

/** The headline price of a tool on the data's date (`at`: lastUpdated), a running promotion included. */
export const inForce = (tool: Tool, at: string): PriceInForce => priceInForce(tool, at);

const promoted = (p: PriceInForce) => (p.basis === 'promotion' ? '~' : '');

/** "promotion until 2026-11-30, then $4.00 / $20.00" or "list price". */
export function inForceWords(p: PriceInForce): string {
  if (p.basis !== 'promotion') return 'list price';
  return `promotional price${p.until ? ` until ${p.until} (UTC)` : ''}${p.after ? `, then input ${rate(p.after.input)}, output ${rate(p.after.output)}` : ''}`;
}

export function listTable(
  selected: readonly Tool[],
  scores: Map<string, BenchmarkModel>,
  weighted: number,
  at: string,
): string {
  const now = new Map(selected.map((t) => [t.id, inForce(t, at)]));
  return table(selected, [
    { header: 'id', value: (t) => t.id },
    { header: 'provider', value: (t) => t.provider },
    { header: 'status', value: (t) => statusWord(t.status) },
    { header: 'context', value: (t) => tokens(t.contextTokens), align: 'right' },
    {
      header: 'input $/1M',
      value: (t) => `${rate(now.get(t.id)!.rates.input)}${promoted(now.get(t.id)!)}`,
      align: 'right',
    },
    { header: 'output $/1M', value: (t) => rate(now.get(t.id)!.rates.output), align: 'right' },
    { header: 'score', value: (t) => scoreLabel(scores.get(t.id), weighted), align: 'right' },
  ]);
}

export function costJson(
  usage: Workload,
  at: string,
  by: string,
  platform: Platform | undefined,
  ranked: RankedTool[],
) {
  return {
    usage,
    at,
    by,
    platform: platform?.id ?? null,
    // The MCP server's names (recommend_models): costUsd, costKind, scorePerDollar.
    results: ranked.map((r) => ({
      rank: r.rank,
      id: r.tool.id,
      name: r.tool.name,
      costUsd: r.usd,
      costKind: r.cost.kind,
      score: r.score,
      measuredCount: r.measuredCount,
      scorePerDollar: r.value,
      cost: r.cost,
    })),
  };
}

/** The heading of the cost table: the workload, the instant, the platform and the ranking. */
export function workloadLine(usage: Workload, at: string, by: string, platform: Platform | undefined): string {
  return `Workload: ${grouped(usage.input)} input, ${grouped(usage.output)} output${usage.cacheRead ? `, ${grouped(usage.cacheRead)} cache read` : ''}${usage.cacheWrite ? `, ${grouped(usage.cacheWrite)} cache write` : ''}${usage.cacheWrite1h ? `, ${grouped(usage.cacheWrite1h)} 1h cache write` : ''}${usage.batch ? ', batch' : ''} tokens${usage.requests > 1 ? ` per request, ${grouped(usage.requests)} requests` : ''} at ${at}${platform ? ` on ${platform.name}` : ''}; ranked by ${by}`;
}

export interface TopPick {
  rank: number;
  tool: Tool;
  /** The use case's scenario priced by the cost engine (scenarioCostOf) on the data's date. */
  cost: CostResult;
  /** Last day of the promotional rate the scenario cost uses. */
  promotionUntil: string | null;
  benchmark: BenchmarkModel | undefined;
  /** What the values the pick is ranked by rest on (topPickEvidence), and why it is provisional. */
  evidence: UseCase['topPickEvidence'][number]['evidence'];
  provisional: string | null;
}

/** Named as the MCP server's recommend_models names them: results, costUsd, costKind, count (set by the caller). */
export function topJson(useCase: UseCase, picks: TopPick[], pricesAt: string) {
  return {
    useCase: useCaseHeading(useCase),
    workload: { ...useCase.scenario, requests: 1 },
    pricesAt,
    results: picks.map((p) => ({
      rank: p.rank,
      id: p.tool.id,
      name: p.tool.name,
      costUsd: p.cost.usd,
      costKind: p.cost.kind,
      promotionUntil: p.promotionUntil,
      score: p.benchmark?.overallScore ?? null,
      measuredCount: p.benchmark?.measuredCount ?? null,
      evidence: p.evidence,
      provisional: p.provisional,
    })),
  };
}

export function printTop(useCase: UseCase, picks: TopPick[], weighted: number): void {
  print(`${useCase.title} (${useCase.id})`);
  print(`${useCase.description}`);
  print(
    `Scenario: ${grouped(useCase.scenario.inputTokens)} input + ${grouped(useCase.scenario.outputTokens)} output tokens; ranked by ${useCase.sortBy}`,
  );
  print(
    table(picks, [
      { header: '#', value: (p) => String(p.rank), align: 'right' },
      { header: 'id', value: (p) => p.tool.id },
      { header: 'name', value: (p) => p.tool.name },
      {
        header: 'scenario cost',
        value: (p) => `${usd(p.cost.usd)}${p.promotionUntil ? ` (promo until ${p.promotionUntil})` : ''}`,
        align: 'right',
      },
      {
        header: 'score',
        value: (p) => (p.benchmark ? `${scoreLabel({ ...p.benchmark, provisional: null }, weighted)}` : '-'),
        align: 'right',
      },
      {
        header: 'evidence',
        value: (p) => (p.evidence ? `${p.evidence}${p.provisional ? ' (provisional)' : ''}` : '-'),
      },
    ]),
  );
  if (picks.some((p) => partlyEstimated(p.benchmark?.measuredCount, weighted))) print(ESTIMATE_NOTE);
  if (picks.some((p) => p.promotionUntil))
    print('promo: the scenario cost uses a promotional rate in force on the data’s date, until the day shown');
  for (const p of picks) if (p.provisional) print(`#${p.rank} ${p.tool.id}: ${p.provisional}`);
}

/** One change as a line: kind, model, field, old -> new value and the change in percent. */
export function changeLine(change: Change): string {
  // The kind and the field in the words the page uses (change-words.ts); --json keeps the published values.
  return `  ${changeKindWords(change.kind).padEnd(29)} ${change.toolId}${change.field ? ` ${fieldWords(change.field).words}` : ''}${change.from !== null || change.to !== null ? ` ${change.from ?? '-'} -> ${change.to ?? '-'}` : ''}${change.percent !== null ? ` (${change.percent > 0 ? '+' : ''}${change.percent}%)` : ''}${change.basis ? ` (${change.basis.from ?? 'none'} -> ${change.basis.to ?? 'none'})` : ''}`;
}

/** Which rate a cost used: a promotion or off-peak window, a long-context tier, free, missing prices, or list. */
export function rateApplied(cost: CostResult): string {
  if (cost.modifier) return `${cost.modifier.kind}${cost.modifier.until ? ` until ${cost.modifier.until}` : ''}`;
  if (cost.tier) return `tier > ${tokens(cost.tier.aboveTokens)}`;
  if (cost.free) return 'free';
  if (cost.unknownBatchRate) return 'unknown batch rate';
  if (cost.kind === 'exceeds-limits')
    return cost.exceeds.map((e) => `${e.measure} ${tokens(e.tokens)} > ${e.limit} ${tokens(e.max)}`).join('; ');
  if (cost.kind === 'unpriced') return `no price: ${cost.missing.join(', ')}`;
  return 'list';
}

export function costTable(ranked: readonly RankedTool[], weighted: number): string {
  const columns: Column<RankedTool>[] = [
    { header: '#', value: (r) => String(r.rank), align: 'right' },
    { header: 'id', value: (r) => r.tool.id },
    { header: 'cost', value: (r) => (r.cost.kind === 'usd' ? usd(r.usd) : r.cost.kind), align: 'right' },
    { header: 'rate applied', value: (r) => rateApplied(r.cost) },
    {
      header: 'score',
      value: (r) =>
        r.score === null ? '-' : `${score(r.score)}${partlyEstimated(r.measuredCount, weighted) ? '*' : ''}`,
      align: 'right',
    },
    {
      header: 'score/$',
      value: (r) => (r.value === null ? '-' : r.value === Number.POSITIVE_INFINITY ? 'free' : grouped(r.value)),
      align: 'right',
    },
  ];
  return table(ranked, columns);
}

/** One model in words, from its per-model document (/api/models/<id>.json): sources with their names and URLs. */
export function showText(model: ModelDocument, chain: Tool[] | null, aggregate: Aggregate): string {
  const { tool, benchmark, platforms } = model;
  const lines = [`${tool.name} (${tool.id}), ${tool.provider}`];
  lines.push(
    `status ${statusPhrase(tool.status)}, released ${tool.releaseDate}, context ${tokens(tool.contextTokens)} tokens${tool.maxOutputTokens ? `, max output ${tokens(tool.maxOutputTokens)}` : ''}`,
  );
  if (chain) lines.push(`replaced: ${chain.map((t) => t.id).join(' -> ')} (use ${chain.at(-1)!.id})`);
  if (tool.aliases.length) lines.push(`aliases: ${tool.aliases.join(', ')}`);
  const now = inForce(tool, model.lastUpdated);
  if (now.basis === 'promotion')
    lines.push(
      `price in force on ${model.lastUpdated.slice(0, 10)} (USD per 1M tokens): input ${rate(now.rates.input)}, output ${rate(now.rates.output)}, cache read ${rate(now.rates.cacheRead)}; ${inForceWords(now)}`,
    );
  const p = tool.pricing;
  lines.push(
    `list price (USD per 1M tokens): input ${rate(p.input)}, output ${rate(p.output)}, cache read ${rate(p.cacheRead)}, cache write ${rate(p.cacheCreate)} (caching: ${tool.pricingDetails.caching}${tool.pricingDetails.free ? ', free' : ''})`,
  );
  for (const tier of tool.pricingDetails.tiers)
    lines.push(
      `  above ${grouped(tier.aboveTokens)} prompt tokens: input ${rate(tier.input)}, output ${rate(tier.output)}`,
    );
  for (const modifier of tool.pricingDetails.modifiers)
    lines.push(
      `  ${modifier.kind}: input ${rate(modifier.input)}, output ${rate(modifier.output)}${modifier.from ? ` from ${modifier.from}` : ''}${modifier.until ? ` until ${modifier.until}` : ''}${modifier.schedule ? ` (${modifier.schedule})` : ''}`,
    );
  if (benchmark) {
    lines.push(
      `overall score ${score(benchmark.overallScore)}. ${evidenceAccount(benchmark.scoreDetails, aggregate).text} Evidence: ${benchmark.evidence}.`,
    );
    if (benchmark.provisional) lines.push(`rank ${benchmark.rank}: ${benchmark.provisional}`);
    for (const [field, detail] of Object.entries(benchmark.scoreDetails))
      lines.push(
        `  ${field.padEnd(14)} ${score(detail.value).padStart(5)}  ${detail.kind === 'measured' ? `${detail.evidence}: ${detail.source ?? 'source not named'}${detail.date ? ` (${detail.date})` : ''}` : 'estimated by the scoring model'}`,
      );
  } else lines.push('not scored (no published benchmark result)');
  lines.push(...taskLines(benchmark));
  lines.push(
    `platforms: ${platforms.length ? platforms.map((p) => `${p.id} (${p.billing ?? 'offered'}${p.multiplier !== null ? ` x${p.multiplier}` : ''})`).join(', ') : 'none listed'}`,
  );
  lines.push('sources:');
  for (const [fact, source] of Object.entries(tool.sources))
    if (source)
      lines.push(`  ${fact}: ${source.name}, ${source.url} (as of ${source.asOf}, checked ${source.verified})`);
  lines.push(`pricing page: ${tool.url}`);
  return lines.join('\n');
}

/** The columns of a model's per-task figures: what it rests on, cost per attempt and per solved task, seconds, tasks per $100, output speed. */
function taskColumns<T>(figures: (row: T) => TaskFigures | null): Column<T>[] {
  const column = (
    header: string,
    pick: (f: TaskFigures) => TaskFigure | null,
    unit: 'usd' | 'seconds' | 'count',
  ): Column<T> => ({
    header,
    value: (r) => {
      const f = figures(r);
      return f ? figureWords(pick(f), f.evidence, unit) : '-';
    },
    align: 'right',
  });
  return [
    { header: 'kind', value: (r) => figures(r)?.taskKind ?? '-' },
    column('cost/attempt', (f) => f.costPerAttemptUsd, 'usd'),
    column('cost/solved task', (f) => f.costPerSolvedTaskUsd, 'usd'),
    column('seconds/task', (f) => f.secondsPerTask, 'seconds'),
    column('solved/$100', (f) => f.solvedTasksPer100Usd, 'count'),
    {
      header: 'tokens/s',
      value: (r) => {
        const speed = figures(r)?.outputTokensPerSecond ?? null;
        return speed === null ? '-' : String(Math.round(speed));
      },
      align: 'right',
    },
  ];
}

/** Models ranked by a task figure: rank, id, the figures with their intervals and evidence, and the configuration. */
export function taskTable(ranked: readonly RankedTask[]): string {
  return table(ranked, [
    { header: '#', value: (r) => String(r.rank), align: 'right' },
    { header: 'id', value: (r) => r.figures.modelId },
    ...taskColumns<RankedTask>((r) => r.figures),
    {
      header: 'configuration',
      value: (r) => `${r.figures.configuration}${r.figures.billingNote ? `; ${r.figures.billingNote}` : ''}`,
    },
  ]);
}

/** The heading of a task ranking: what it orders by, the kind and the limits. */
export function taskLine(query: TaskQuery, pricesAt: string): string {
  const limits = [
    query.maxSolvedTaskUsd !== undefined ? `at most $${query.maxSolvedTaskUsd} per solved task` : null,
    query.maxSecondsPerTask !== undefined ? `at most ${query.maxSecondsPerTask} s per task` : null,
    query.minOutputTokensPerSecond !== undefined ? `at least ${query.minOutputTokensPerSecond} output tokens/s` : null,
  ].filter(Boolean);
  return `Ranked by ${TASK_RANK_WORDS[query.by]}, ${query.kind ? `${query.kind} tasks` : 'each model’s headline configuration (kinds of task differ; --task-kind compares one kind)'}${limits.length ? `, ${limits.join(', ')}` : ''}; prices in force on ${pricesAt} (80% intervals; measured = its own published runs, estimated = taskCostMethod.estimateModel)`;
}

export function taskJson(query: TaskQuery, pricesAt: string, ranked: readonly RankedTask[]) {
  return {
    by: query.by,
    taskKind: query.kind ?? null,
    limits: {
      maxSolvedTaskUsd: query.maxSolvedTaskUsd ?? null,
      maxSecondsPerTask: query.maxSecondsPerTask ?? null,
      minOutputTokensPerSecond: query.minOutputTokensPerSecond ?? null,
    },
    pricesAt,
    results: ranked.map((r) => ({ rank: r.rank, ...r.figures })),
  };
}

/** Top picks with their per-task figures beside the scenario cost. */
export function topTaskTable(picks: readonly TopPick[], figures: (p: TopPick) => TaskFigures | null): string {
  return table(picks, [
    { header: '#', value: (p) => String(p.rank), align: 'right' },
    { header: 'id', value: (p) => p.tool.id },
    ...taskColumns<TopPick>(figures),
  ]);
}

/** Every configuration of a model's task evidence, and its estimates, as lines for `show`. */
export function taskLines(benchmark: BenchmarkModel | null | undefined): string[] {
  const taskCost = benchmark?.taskCost;
  if (!taskCost) return [];
  const lines: string[] = [];
  const h = taskCost.headline ? taskFiguresOf(benchmark!) : null;
  lines.push(
    h
      ? `cost per task (headline, ${h.evidence}): ${h.configuration}; per solved task ${figureWords(h.costPerSolvedTaskUsd, h.evidence, 'usd')}, per attempt ${figureWords(h.costPerAttemptUsd, h.evidence, 'usd')}, ${figureWords(h.secondsPerTask, h.evidence, 'seconds')} per task`
      : `cost per task: unknown (${taskCost.reason ?? 'no evidence'})`,
  );
  for (const c of taskCost.configurations) {
    const tokensWords = c.tokensPerTask
      ? `${grouped(Math.round(c.tokensPerTask.input))} in + ${grouped(Math.round(c.tokensPerTask.output))} out tokens/task`
      : 'tokens not published';
    lines.push(
      `  ${c.id}: ${c.taskKind}, ${c.taskSet}, ${c.harness}, effort ${c.reasoningEffort ?? 'not stated'}${c.mode ? `, ${c.mode}` : ''}; ${c.runs.length} run(s), ${tokensWords}`,
    );
    lines.push(
      `    per attempt ${figureWords(c.costPerAttemptUsd, 'measured', 'usd')}, solved ${c.successPercent ? `${c.successPercent.value}%${c.successPercent.interval ? ` (80%: ${c.successPercent.interval.low}–${c.successPercent.interval.high}%)` : ''}` : '-'}, per solved task ${figureWords(c.costPerSolvedTaskUsd, 'measured', 'usd')}, ${figureWords(c.secondsPerTask, 'measured', 'seconds')} per task; cost ${c.costBasis ?? 'unknown'}${c.pricesAsOf ? ` at ${c.pricesAsOf} prices` : ''}`,
    );
  }
  for (const e of taskCost.estimates)
    lines.push(
      e.costPerSolvedTaskUsd || e.costPerAttemptUsd
        ? `  ${e.taskKind} (estimated): per attempt ${figureWords(e.costPerAttemptUsd, 'estimated', 'usd')}, per solved task ${figureWords(e.costPerSolvedTaskUsd, 'estimated', 'usd')}`
        : `  ${e.taskKind}: unknown (${e.reason ?? 'no evidence'})`,
    );
  return [...lines, ...speedLines(taskCost)];
}

/** The published endpoint speeds of a model, with their median, each with its date and source. */
function speedLines(taskCost: NonNullable<BenchmarkModel['taskCost']>): string[] {
  if (taskCost.endpoints.length === 0) return ['speed: none published'];
  const median = taskCost.headline?.outputTokensPerSecond;
  return [
    `speed: ${median == null ? 'output speed not published' : `${Math.round(median)} output tokens/s`} (median over ${taskCost.endpoints.length} endpoint(s))`,
    ...taskCost.endpoints.map(
      (e) =>
        `  ${e.provider}: ${e.outputTokensPerSecond === null ? '-' : `${Math.round(e.outputTokensPerSecond)} tokens/s`}${e.timeToFirstTokenSeconds === null ? '' : `, first token after ${e.timeToFirstTokenSeconds.toFixed(2)} s`} (${e.date}; ${e.source.url})`,
    ),
  ];
}
