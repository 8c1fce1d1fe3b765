/**
 * `compare <id> <id> [...]`: two to four models side by side, one column each: status, context,
 * prices, the overall score with its 80% interval, and the ranks that interval allows (a lead is
 * real only where the intervals do not overlap).
 */
import { UsageError, rate, score, tokens } from '../../format.ts';
import { findTool } from '../../query.ts';
import type { BenchmarkModel, Tool } from '../../types.generated.ts';
import type { PriceInForce } from '../../../../../src/cost/index.ts';
import { STATUS_WORDS } from '../../../../../src/schema/change-words.ts';
import { inForce, print, printJson, weightedCount } from '../output.ts';
import { type Invocation, scoresById } from './invocation.ts';

interface Compared {
  tool: Tool;
  benchmark: BenchmarkModel | undefined;
  /** The headline price on the data's date, a running promotion included. */
  now: PriceInForce;
}

export function comparedJson({ tool, benchmark, now }: Compared) {
  const { id, name, provider, status, contextTokens, maxOutputTokens, pricing } = tool;
  return {
    ...{ id, name, provider, status, contextTokens, maxOutputTokens, pricing },
    score: benchmark?.overallScore ?? null,
    interval: benchmark ? { low: benchmark.overallInterval.low, high: benchmark.overallInterval.high } : null,
    rank: benchmark?.rank ?? null,
    rankRange: benchmark?.rankRange ?? null,
    measuredCount: benchmark?.measuredCount ?? null,
    priceInForce: now,
    evidence: benchmark?.evidence ?? null,
    provisional: benchmark?.provisional ?? null,
  };
}

const ROWS: [string, (c: Compared) => string][] = [
  ['provider', (c) => c.tool.provider],
  // The page's label (change-words.ts); --json keeps the schema's value.
  ['status', (c) => STATUS_WORDS[c.tool.status] ?? c.tool.status],
  ['context', (c) => tokens(c.tool.contextTokens)],
  ['max output', (c) => (c.tool.maxOutputTokens ? tokens(c.tool.maxOutputTokens) : '-')],
  ['input $/1M', (c) => rate(c.now.rates.input)],
  ['output $/1M', (c) => rate(c.now.rates.output)],
  ['cache read $/1M', (c) => rate(c.now.rates.cacheRead)],
  ['cache write $/1M', (c) => rate(c.now.rates.cacheWrite)],
  [
    'price basis',
    (c) => (c.now.basis === 'promotion' ? `promotion${c.now.until ? ` until ${c.now.until}` : ''}` : 'list'),
  ],
  ['score', (c) => score(c.benchmark?.overallScore)],
  [
    'evidence',
    (c) => (c.benchmark ? `${c.benchmark.evidence}${c.benchmark.provisional ? ' (provisional)' : ''}` : '-'),
  ],
  [
    '80% interval',
    (c) => (c.benchmark ? `${score(c.benchmark.overallInterval.low)}-${score(c.benchmark.overallInterval.high)}` : '-'),
  ],
  ['rank', (c) => (c.benchmark ? String(c.benchmark.rank) : '-')],
  ['rank range', (c) => (c.benchmark ? `${c.benchmark.rankRange.best}-${c.benchmark.rankRange.worst}` : '-')],
];

/** One row per attribute, one column per model. */
function compareTable(compared: readonly Compared[]): string {
  const header = ['', ...compared.map((c) => c.tool.id)];
  const rows = [header, ...ROWS.map(([label, cell]) => [label, ...compared.map(cell)])];
  const widths = header.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows
    .map((r) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  '))
    .join('\n');
}

export async function compareCommand(invocation: Invocation): Promise<number> {
  const { values, client, args } = invocation;
  if (args.length < 2 || args.length > 4)
    throw new UsageError(
      `compare needs 2 to 4 ids or aliases, e.g. \`compare gpt-5-4 claude-sonnet-4-5\` (got ${args.length})`,
    );
  const [{ tools, lastUpdated }, benchmarks] = await Promise.all([client.getTools(), client.getBenchmarks()]);
  const scores = scoresById(benchmarks);
  const compared = args.map((arg) => {
    const tool = findTool(tools, arg);
    return { tool, benchmark: scores.get(tool.id), now: inForce(tool, lastUpdated) };
  });
  const ids = compared.map((c) => c.tool.id);
  const repeated = ids.find((id, i) => ids.indexOf(id) !== i);
  if (repeated) throw new UsageError(`compare got ${repeated} twice (ids and aliases: ${args.join(', ')})`);
  if (values.json) {
    printJson(compared.map(comparedJson));
    return 0;
  }
  print(compareTable(compared));
  print(
    `scores out of 100 over the ${weightedCount(benchmarks)} benchmarks the overall weighs; a lead is real only where the 80% intervals do not overlap (\`show <id>\` for what is measured)`,
  );
  return 0;
}
