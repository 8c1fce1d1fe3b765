#!/usr/bin/env node
/**
 * `ai-coding-models`: the directory on the command line, built on the client. Tables for people,
 * `--json` for scripts. Exit status: 0 done; 1 an unknown id, alias, use case or platform (the
 * message suggests close ones); 2 a bad flag or argument; 3 the API could not be read (network,
 * HTTP error, or a response that is not the document it should be).
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { CostError } from '../../../src/cost/index.ts';
import { createClient, DEFAULT_BASE_URL, type DirectoryClient, platformById } from './client.ts';
import { DirectoryError, NotFoundError } from './errors.ts';
import { type Column, grouped, parseTokens, rate, score, table, tokens, UsageError, usd } from './format.ts';
import {
  CAPABILITIES,
  type Capability,
  filterTools,
  findTool,
  joinTool,
  type RankBy,
  type RankedTool,
  rankTools,
  resolveSuccessor,
  suggestIds,
  type ToolFilter,
  type ToolStatus,
} from './query.ts';
import type { BenchmarkModel, BenchmarksDocument, Change, Platform, Tool, UseCase } from './types.generated.ts';

const USAGE = `usage: ai-coding-models [models] <command> [options]

commands:
  list                      models matching the filters
  show <id|alias>           one model: prices, context, scores (measured or estimated), platforms, sources
  cost                      rank models by what a workload costs (--input and --output required)
  top <use-case>            a use case's top picks with their scenario cost
  changes                   recent data releases and what changed

filters (list, cost):
  --provider <name|id>      repeatable          --category <slug>       repeatable
  --platform <id>           offered there (cost: priced as that platform bills it)
  --status <status>         active|preview|deprecated|retired, repeatable
  --capability <name>       reasoning|toolCalling|openWeights|codingSpecialized, repeatable
  --min-context <tokens>    e.g. 200k           --max-price <usd>       blended USD per 1M tokens

cost:
  --input <tokens> --output <tokens> [--cache-read <tokens>] [--cache-write <tokens>]
  [--cache-write-1h <tokens>] [--batch] [--at <ISO time>] [--by cost|score|value] [--limit <n>] [--all]

changes:
  --limit <n>               releases to show (default 5)

global:
  --base-url <url>          API site or base (default $AI_CODING_MODELS_BASE_URL, else ${DEFAULT_BASE_URL})
  --json                    machine-readable output
  --help, --version

exit status: 0 ok, 1 unknown id/alias/use case/platform, 2 bad usage, 3 the API could not be read`;

const OPTIONS = {
  'base-url': { type: 'string' },
  json: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
  version: { type: 'boolean', default: false },
  provider: { type: 'string', multiple: true },
  category: { type: 'string', multiple: true },
  platform: { type: 'string' },
  status: { type: 'string', multiple: true },
  capability: { type: 'string', multiple: true },
  'min-context': { type: 'string' },
  'max-price': { type: 'string' },
  input: { type: 'string' },
  output: { type: 'string' },
  'cache-read': { type: 'string' },
  'cache-write': { type: 'string' },
  'cache-write-1h': { type: 'string' },
  batch: { type: 'boolean', default: false },
  at: { type: 'string' },
  by: { type: 'string' },
  limit: { type: 'string' },
  all: { type: 'boolean', default: false },
} as const;

const STATUSES: readonly ToolStatus[] = ['active', 'preview', 'deprecated', 'retired'];

function version(): string {
  for (const relative of ['../package.json', '../../../../package.json']) {
    try {
      const json = JSON.parse(readFileSync(new URL(relative, import.meta.url), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (json.name === '@ai-coding-models/client') return json.version ?? 'unknown';
    } catch {
      // try the other layout (source or built)
    }
  }
  return 'unknown';
}

type Values = {
  [K in keyof typeof OPTIONS]?: (typeof OPTIONS)[K] extends { multiple: true }
    ? string[]
    : (typeof OPTIONS)[K] extends { type: 'boolean' }
      ? boolean
      : string;
};

function positiveInteger(text: string | undefined, flag: string): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text) || Number(text) < 1)
    throw new UsageError(`${flag} must be a positive whole number (got "${text}")`);
  return Number(text);
}

function filterOf(values: Values): ToolFilter {
  for (const status of values.status ?? [])
    if (!STATUSES.includes(status as ToolStatus))
      throw new UsageError(`--status must be one of ${STATUSES.join(', ')} (got "${status}")`);
  for (const capability of values.capability ?? [])
    if (!CAPABILITIES.includes(capability as Capability))
      throw new UsageError(`--capability must be one of ${CAPABILITIES.join(', ')} (got "${capability}")`);
  let maxPrice: number | undefined;
  if (values['max-price'] !== undefined) {
    maxPrice = Number(values['max-price']);
    if (!/^\d+(\.\d+)?$/.test(values['max-price']) || !Number.isFinite(maxPrice))
      throw new UsageError(`--max-price must be a number of USD per 1M tokens (got "${values['max-price']}")`);
  }
  return {
    provider: values.provider,
    category: values.category,
    platform: values.platform,
    status: values.status as ToolStatus[] | undefined,
    capability: values.capability as Capability[] | undefined,
    minContext: values['min-context'] === undefined ? undefined : parseTokens(values['min-context'], '--min-context'),
    maxPrice,
  };
}

function print(text: string): void {
  process.stdout.write(`${text}\n`);
}

function printJson(value: unknown): void {
  print(JSON.stringify(value, (_key, v) => (v === Number.POSITIVE_INFINITY ? 'Infinity' : v), 2));
}

const scoreLabel = (b: BenchmarkModel | undefined) =>
  b ? `${score(b.overallScore)}${b.measuredCount < 4 ? '*' : ''}` : '-';
const ESTIMATE_NOTE = '* some of the four seed scores are estimated by the scoring model (see `show <id>`)';

/** A parsed command line: the flags, the command and the command's own arguments. */
interface CommandLine {
  values: Values;
  command: string | undefined;
  args: string[];
}

/** What a command runs with: its flags and arguments, and a client of the chosen API. */
interface Invocation {
  command: string;
  args: string[];
  values: Values;
  client: DirectoryClient;
}

/** Flags and positionals; a leading `models` only namespaces the command (`ai-coding-models models list`). */
function parseCommandLine(argv: string[]): CommandLine {
  let parsed: ReturnType<
    typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true; strict: true; args: string[] }>
  >;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const positionals = parsed.positionals[0] === 'models' ? parsed.positionals.slice(1) : parsed.positionals;
  const [command, ...args] = positionals;
  return { values: parsed.values as Values, command, args };
}

/** The API to read: --base-url, else $AI_CODING_MODELS_BASE_URL, else the default; only http(s). */
function baseUrlOf(values: Values): string {
  const baseUrl = values['base-url'] ?? process.env.AI_CODING_MODELS_BASE_URL ?? DEFAULT_BASE_URL;
  if (!/^https?:\/\/\S+$/i.test(baseUrl)) throw new UsageError(`--base-url must be an http(s) URL (got "${baseUrl}")`);
  return baseUrl;
}

async function run(argv: string[]): Promise<number> {
  const { values, command, args } = parseCommandLine(argv);
  if (values.version) {
    print(version());
    return 0;
  }
  if (values.help || command === undefined || command === 'help') {
    print(USAGE);
    return command === undefined && !values.help ? 2 : 0;
  }
  // The base URL is checked before the command is known, so a bad one is reported whatever the command.
  const client = createClient({ baseUrl: baseUrlOf(values), validate: true });
  const invocation: Invocation = { command, args, values, client };
  switch (command) {
    case 'list':
      return listCommand(invocation);
    case 'show':
      return showCommand(invocation);
    case 'cost':
      return costCommand(invocation);
    case 'top':
      return topCommand(invocation);
    case 'changes':
      return changesCommand(invocation);
    default:
      throw new UsageError(
        `unknown command "${command}"${suggestIds(['list', 'show', 'cost', 'top', 'changes'], command, 1)
          .map((s) => `; did you mean "${s}"?`)
          .join('')}`,
      );
  }
}

/** Refuses a command given the wrong number of arguments; `what` names the one it needs. */
function expectArgs({ command, args }: Invocation, n: number, what: string): void {
  if (args.length !== n)
    throw new UsageError(
      n === 0 ? `${command} takes no argument (got "${args.join(' ')}")` : `${command} needs ${what}`,
    );
}

function scoresById(benchmarks: BenchmarksDocument): Map<string, BenchmarkModel> {
  return new Map(benchmarks.benchmarks.models.map((b) => [b.modelId, b]));
}

/** `list`: the models that pass the filters. */
async function listCommand(invocation: Invocation): Promise<number> {
  const { values, client } = invocation;
  expectArgs(invocation, 0, '');
  const filter = filterOf(values);
  const [{ tools }, benchmarks, platforms] = await Promise.all([
    client.getTools(),
    client.getBenchmarks(),
    filter.platform ? client.getPlatforms() : undefined,
  ]);
  const selected = filterTools(tools, filter, { platforms: platforms?.platforms });
  if (values.json) {
    printJson(selected);
    return 0;
  }
  const scores = scoresById(benchmarks);
  print(listTable(selected, scores));
  print(
    `${selected.length} of ${tools.length} models${selected.some((t) => (scores.get(t.id)?.measuredCount ?? 4) < 4) ? `\n${ESTIMATE_NOTE}` : ''}`,
  );
  return 0;
}

function listTable(selected: readonly Tool[], scores: Map<string, BenchmarkModel>): string {
  return table(selected, [
    { header: 'id', value: (t) => t.id },
    { header: 'provider', value: (t) => t.provider },
    { header: 'status', value: (t) => t.status },
    { header: 'context', value: (t) => tokens(t.contextTokens), align: 'right' },
    { header: 'input $/1M', value: (t) => rate(t.pricing.input), align: 'right' },
    { header: 'output $/1M', value: (t) => rate(t.pricing.output), align: 'right' },
    { header: 'score', value: (t) => scoreLabel(scores.get(t.id)), align: 'right' },
  ]);
}

/** `show <id|alias>`: one model with its scores, platforms and sources, and its successor if replaced. */
async function showCommand(invocation: Invocation): Promise<number> {
  const { values, client, args } = invocation;
  expectArgs(invocation, 1, 'an id or alias, e.g. `show gpt-5-4`');
  const [{ tools }, benchmarks, platforms] = await Promise.all([
    client.getTools(),
    client.getBenchmarks(),
    client.getPlatforms(),
  ]);
  const joined = joinTool(findTool(tools, args[0]!), {
    benchmarks: benchmarks.benchmarks.models,
    platforms: platforms.platforms,
  });
  const succession = resolveSuccessor(tools, joined.tool.id);
  if (values.json) {
    printJson({ ...joined, successor: succession.replaced ? succession.current.id : null });
    return 0;
  }
  print(showText(joined.tool, joined.benchmark, joined.platforms, succession.replaced ? succession.chain : null));
  return 0;
}

type Workload = ReturnType<typeof workloadOf>;

/** The workload `cost` prices, from --input, --output, the cache flags and --batch (checked in that order). */
function workloadOf(values: Values) {
  if (values.input === undefined || values.output === undefined)
    throw new UsageError('cost needs --input and --output, e.g. `cost --input 200k --output 20k`');
  return {
    input: parseTokens(values.input, '--input'),
    output: parseTokens(values.output, '--output'),
    cacheRead: values['cache-read'] === undefined ? 0 : parseTokens(values['cache-read'], '--cache-read'),
    cacheWrite: values['cache-write'] === undefined ? 0 : parseTokens(values['cache-write'], '--cache-write'),
    cacheWrite1h:
      values['cache-write-1h'] === undefined ? 0 : parseTokens(values['cache-write-1h'], '--cache-write-1h'),
    batch: values.batch ?? false,
  };
}

function rankByOf(values: Values): RankBy {
  const by = (values.by ?? 'cost') as RankBy;
  if (!['cost', 'score', 'value'].includes(by))
    throw new UsageError(`--by must be cost, score or value (got "${values.by}")`);
  return by;
}

/** The instant the workload is priced at (promotions and off-peak rates in force then): --at, else now. */
function instantOf(values: Values): string {
  const at = values.at ?? new Date().toISOString();
  if (Number.isNaN(Date.parse(at)) || !/(Z|[+-]\d{2}:?\d{2})$|^\d{4}-\d{2}-\d{2}$/.test(at))
    throw new UsageError(`--at must be an ISO 8601 time with a zone or a date (got "${values.at}")`);
  return at;
}

/** `cost`: models ranked by what the workload costs, its score or score per dollar. */
async function costCommand(invocation: Invocation): Promise<number> {
  const { values, client } = invocation;
  expectArgs(invocation, 0, '');
  const usage = workloadOf(values);
  const by = rankByOf(values);
  const at = instantOf(values);
  const limit = positiveInteger(values.limit, '--limit') ?? 10;
  const filter = filterOf(values);
  const [{ tools }, benchmarks, platforms] = await Promise.all([
    client.getTools(),
    client.getBenchmarks(),
    client.getPlatforms(),
  ]);
  const platform = filter.platform ? platformById(platforms.platforms, filter.platform) : undefined;
  const ranked = rankTools(tools, usage, {
    by,
    at,
    benchmarks: benchmarks.benchmarks.models,
    platform,
    platforms: platforms.platforms,
    filter: { ...filter, platform: undefined },
    includeInactive: values.all,
    limit,
  });
  if (values.json) {
    printJson(costJson(usage, at, by, platform, ranked));
    return 0;
  }
  print(workloadLine(usage, at, by, platform));
  print(costTable(ranked));
  if (ranked.some((r) => r.measuredCount !== null && r.measuredCount < 4)) print(ESTIMATE_NOTE);
  return 0;
}

function costJson(usage: Workload, at: string, by: RankBy, platform: Platform | undefined, ranked: RankedTool[]) {
  return {
    usage,
    at,
    by,
    platform: platform?.id ?? null,
    results: ranked.map((r) => ({
      rank: r.rank,
      id: r.tool.id,
      name: r.tool.name,
      usd: r.usd,
      kind: r.cost.kind,
      score: r.score,
      measuredCount: r.measuredCount,
      value: r.value,
      cost: r.cost,
    })),
  };
}

/** The heading of the cost table: the workload, the instant, the platform and the ranking. */
function workloadLine(usage: Workload, at: string, by: RankBy, platform: Platform | undefined): string {
  return `Workload: ${grouped(usage.input)} input, ${grouped(usage.output)} output${usage.cacheRead ? `, ${grouped(usage.cacheRead)} cache read` : ''}${usage.cacheWrite ? `, ${grouped(usage.cacheWrite)} cache write` : ''}${usage.cacheWrite1h ? `, ${grouped(usage.cacheWrite1h)} 1h cache write` : ''}${usage.batch ? ', batch' : ''} tokens at ${at}${platform ? ` on ${platform.name}` : ''}; ranked by ${by}`;
}

interface TopPick {
  rank: number;
  tool: Tool;
  scenarioCostUsd: number | null;
  benchmark: BenchmarkModel | undefined;
}

/** `top <use-case>`: a use case's top picks as the build computed them, with their scenario cost. */
async function topCommand(invocation: Invocation): Promise<number> {
  const { values, client, args } = invocation;
  expectArgs(invocation, 1, 'a use case, e.g. `top ai-code-review`');
  const [{ useCases }, { tools }, benchmarks] = await Promise.all([
    client.getUseCases(),
    client.getTools(),
    client.getBenchmarks(),
  ]);
  const useCase = findUseCase(useCases, args[0]!);
  const scores = scoresById(benchmarks);
  const picks: TopPick[] = useCase.topPicks.map((id, i) => ({
    rank: i + 1,
    tool: tools.find((t) => t.id === id)!,
    scenarioCostUsd: useCase.topPickCosts.find((c) => c.toolId === id)?.scenarioCostUsd ?? null,
    benchmark: scores.get(id),
  }));
  if (values.json) {
    printJson(topJson(useCase, picks));
    return 0;
  }
  printTop(useCase, picks);
  return 0;
}

/** A use case by id, slug or keyword (any case); unknown ones are refused with close ids suggested. */
function findUseCase(useCases: UseCase[], text: string): UseCase {
  const query = text.toLowerCase();
  const useCase = useCases.find((u) => u.id === query || u.slug === query || u.keyword.toLowerCase() === query);
  if (!useCase)
    throw new NotFoundError(
      'use case',
      text,
      suggestIds(
        useCases.map((u) => u.id),
        text,
      ),
    );
  return useCase;
}

function topJson(useCase: UseCase, picks: TopPick[]) {
  return {
    useCase: {
      id: useCase.id,
      title: useCase.title,
      sortBy: useCase.sortBy,
      scenario: useCase.scenario,
      filter: useCase.filter,
    },
    picks: picks.map((p) => ({
      rank: p.rank,
      id: p.tool.id,
      name: p.tool.name,
      scenarioCostUsd: p.scenarioCostUsd,
      score: p.benchmark?.overallScore ?? null,
      measuredCount: p.benchmark?.measuredCount ?? null,
    })),
  };
}

function printTop(useCase: UseCase, picks: TopPick[]): void {
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
      { header: 'scenario cost', value: (p) => usd(p.scenarioCostUsd), align: 'right' },
      { header: 'score', value: (p) => scoreLabel(p.benchmark), align: 'right' },
    ]),
  );
  if (picks.some((p) => p.benchmark && p.benchmark.measuredCount < 4)) print(ESTIMATE_NOTE);
}

/** `changes`: the newest releases and up to 50 changes of each. */
async function changesCommand(invocation: Invocation): Promise<number> {
  const { values, client } = invocation;
  expectArgs(invocation, 0, '');
  const limit = positiveInteger(values.limit, '--limit') ?? 5;
  const { releases } = await client.getChanges();
  const shown = releases.slice(0, limit);
  if (values.json) {
    printJson(shown);
    return 0;
  }
  for (const release of shown) {
    print(`${release.id}  ${release.summary}`);
    for (const change of release.changes.slice(0, 50)) print(changeLine(change));
    if (release.changes.length > 50)
      print(`  ... and ${release.changes.length - 50} more (${client.url(`v/${release.id}/release.json`)})`);
  }
  if (releases.length > shown.length)
    print(`(${releases.length - shown.length} older releases; --limit ${releases.length} shows all)`);
  return 0;
}

/** One change as a line: kind, model, field, old -> new value and the change in percent. */
function changeLine(change: Change): string {
  return `  ${change.kind.padEnd(20)} ${change.toolId}${change.field ? ` ${change.field}` : ''}${change.from !== null || change.to !== null ? ` ${change.from ?? '-'} -> ${change.to ?? '-'}` : ''}${change.percent !== null ? ` (${change.percent > 0 ? '+' : ''}${change.percent}%)` : ''}`;
}

function costTable(ranked: readonly RankedTool[]): string {
  const columns: Column<RankedTool>[] = [
    { header: '#', value: (r) => String(r.rank), align: 'right' },
    { header: 'id', value: (r) => r.tool.id },
    { header: 'cost', value: (r) => (r.cost.kind === 'usd' ? usd(r.usd) : r.cost.kind), align: 'right' },
    {
      header: 'rate applied',
      value: (r) =>
        r.cost.modifier
          ? `${r.cost.modifier.kind}${r.cost.modifier.until ? ` until ${r.cost.modifier.until}` : ''}`
          : r.cost.tier
            ? `tier > ${tokens(r.cost.tier.aboveTokens)}`
            : r.cost.free
              ? 'free'
              : r.cost.kind === 'unpriced'
                ? `no price: ${r.cost.missing.join(', ')}`
                : 'list',
    },
    {
      header: 'score',
      value: (r) =>
        r.score === null ? '-' : `${score(r.score)}${r.measuredCount !== null && r.measuredCount < 4 ? '*' : ''}`,
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

function showText(
  tool: Tool,
  benchmark: BenchmarkModel | null,
  platforms: ReturnType<typeof joinTool>['platforms'],
  chain: Tool[] | null,
): string {
  const lines = [`${tool.name} (${tool.id}), ${tool.provider}`];
  lines.push(
    `status ${tool.status}, released ${tool.releaseDate}, context ${tokens(tool.contextTokens)} tokens${tool.maxOutputTokens ? `, max output ${tokens(tool.maxOutputTokens)}` : ''}`,
  );
  if (chain) lines.push(`replaced: ${chain.map((t) => t.id).join(' -> ')} (use ${chain.at(-1)!.id})`);
  if (tool.aliases.length) lines.push(`aliases: ${tool.aliases.join(', ')}`);
  const p = tool.pricing;
  lines.push(
    `price (USD per 1M tokens): input ${rate(p.input)}, output ${rate(p.output)}, cache read ${rate(p.cacheRead)}, cache write ${rate(p.cacheCreate)} (caching: ${tool.pricingDetails.caching}${tool.pricingDetails.free ? ', free' : ''})`,
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
      `overall score ${score(benchmark.overallScore)} (${benchmark.measuredCount} of 4 seed scores measured, the rest estimated)`,
    );
    for (const [field, detail] of Object.entries(benchmark.scoreDetails))
      lines.push(
        `  ${field.padEnd(14)} ${score(detail.value).padStart(5)}  ${detail.kind === 'measured' ? `measured: ${detail.source ?? 'source not named'}${detail.date ? ` (${detail.date})` : ''}` : 'estimated by the scoring model'}`,
      );
  } else lines.push('not scored (no published benchmark result)');
  lines.push(
    `platforms: ${platforms.length ? platforms.map(({ platform, billing }) => `${platform.id} (${billing.billing}${billing.multiplier !== null ? ` x${billing.multiplier}` : ''})`).join(', ') : 'none listed'}`,
  );
  lines.push('sources:');
  for (const [fact, source] of Object.entries(tool.sources))
    if (source)
      lines.push(`  ${fact}: ${source.name}, ${source.url} (as of ${source.asOf}, checked ${source.verified})`);
  lines.push(`pricing page: ${tool.url}`);
  return lines.join('\n');
}

run(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof UsageError) {
      process.stderr.write(`error: ${error.message}\nrun \`ai-coding-models --help\` for usage\n`);
      process.exitCode = 2;
    } else if (error instanceof CostError) {
      // A workload the cost rules cannot mean (usage, instant) is a usage mistake; broken pricing data is the API's.
      process.stderr.write(`error: ${error.message}\n`);
      process.exitCode = error.code === 'invalid-data' ? 3 : 2;
    } else if (error instanceof DirectoryError && error.kind === 'not-found') {
      process.stderr.write(`error: ${error.message}\n`);
      process.exitCode = 1;
    } else if (error instanceof DirectoryError) {
      process.stderr.write(`error: ${error.message}\n`);
      process.exitCode = 3;
    } else {
      process.stderr.write(`error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 1;
    }
  },
);
