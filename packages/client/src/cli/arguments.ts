/**
 * The command line's grammar: the usage text, the flags, and the checks that turn flag values
 * into a filter, a workload, a ranking, an instant and a base URL. A bad one is a UsageError
 * (exit status 2) naming the flag and the value.
 */
import { parseArgs } from 'node:util';
import { isIsoDate } from '../../../../src/schema/calendar.ts';
import { DEFAULT_BASE_URL } from '../client.ts';
import { parseTokens, UsageError } from '../format.ts';
import { CAPABILITIES, type Capability, type RankBy, suggestIds, type ToolFilter, type ToolStatus } from '../query.ts';
import {
  impliedRanking,
  TASK_KINDS,
  TASK_RANK_BY,
  type TaskKind,
  type TaskQuery,
  type TaskRankBy,
} from '../task-cost.ts';

/** How long a request may take before the CLI gives up (a stalled server must not hang a script). */
export const DEFAULT_TIMEOUT_MS = 10_000;

export const USAGE = `usage: ai-coding-models [models] <command> [options]

commands:
  list                      models matching the filters
  show <id|alias>           one model: prices, context, scores (measured or estimated), platforms, sources
  compare <id> <id> [...]   2 to 4 models side by side: prices, context, score and its interval, rank range
  cost                      rank models by what a workload costs (--input and --output required)
  cost <id|alias>           what the workload costs on that one model, line by line
  top <use-case>            a use case's top picks with their scenario cost and cost per solved task
  changes                   recent data releases and what changed
  resolve <model id>        the model any id names: API id, snapshot, Bedrock, Vertex, Azure, OpenRouter
  usage < response.json     what one provider response cost (OpenAI, Anthropic, Gemini, OpenRouter)

filters (list, cost):
  --provider <name|id>      repeatable          --category <slug>       repeatable
  --platform <id>           offered there (cost: priced as that platform bills it)
  --status <status>         active|preview|deprecated|retired, repeatable
  --capability <name>       reasoning|toolCalling|imageInput|openWeights|codingSpecialized, repeatable
  --min-context <tokens>    e.g. 200k           --max-price <usd>       blended USD per 1M tokens
  --min-score <field>=<n>   a benchmark score at least n, e.g. sweBenchPro=50 (fields: benchmarks.json
                            scoreDetails), repeatable; a model without that score is left out
  --measured                with --min-score: only measured scores count, never an estimate
  --limit <n>               at most n rows (list, top: all by default; cost: 10 by default); cost and top
                            --json say how many match before it (count)

cost:
  --input <tokens> --output <tokens> [--cache-read <tokens>] [--cache-write <tokens>]
  [--cache-write-1h <tokens>] [--batch] [--at <ISO time>] [--by cost|score|value] [--limit <n>] [--all]
  [--requests <n>]          the token counts are per request; n requests (default 1), each priced alone
  --all                     deprecated and retired models too (left out by default)
  models one request does not fit (context window, output limit) are left out of the ranking

cost per task (cost, top; list filters by each model's headline figures; as benchmarks.json publishes them, with
their 80% interval, measured or estimated):
  --by solved-task-cost     rank by cost per solved task (cost: no --input/--output needed)
  --by task-seconds         rank by wall-clock seconds per task
  --by output-speed         rank by output tokens per second (median over published endpoints), fastest first
  --task-kind <kind>        code-edit|repo-issue|terminal (default: each model's headline; top: the use case's)
  --max-task-cost <usd>     only models whose cost per solved task is at most this
  --max-seconds <s>         only models whose seconds per task is at most this
  --min-speed <tokens/s>    only models whose output tokens per second is at least this
  a model without the figure ranked or limited by is left out (unknown is not within a limit)

changes:
  --since <YYYY-MM-DD>      only releases on or after that day (older months are read from the archive)
  --model <id|alias>        only releases that changed that model, with only its changes
  --kind <kind>             only changes of that kind (e.g. price-changed, model-added), repeatable
  --limit <n>               releases to show (default 5 of those that match)
  --refits                  also list estimates that moved within their previous 80% interval (counted otherwise)

usage:
  --model <id>              the model, when the response names none   --format <format>  when not detected

global:
  --base-url <url>          API site or base (default $AI_CODING_MODELS_BASE_URL, else ${DEFAULT_BASE_URL})
  --timeout <ms>            give up on a request after this long (default ${DEFAULT_TIMEOUT_MS})
  --json                    machine-readable output
  --help, --version

token counts: 200000, 200_000, 200,000, 200k (thousand), 1.5m (million); never negative

exit status: 0 ok, 1 unknown id/alias/provider/category/use case/platform (close names suggested),
2 bad usage (flag, argument or value), 3 the API could not be read (no server, timeout, HTTP error,
not the document it should be), 4 an internal error (a bug: please report it)`;

export const OPTIONS = {
  'base-url': { type: 'string' },
  timeout: { type: 'string' },
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
  'min-score': { type: 'string', multiple: true },
  measured: { type: 'boolean', default: false },
  input: { type: 'string' },
  output: { type: 'string' },
  'cache-read': { type: 'string' },
  'cache-write': { type: 'string' },
  'cache-write-1h': { type: 'string' },
  batch: { type: 'boolean', default: false },
  requests: { type: 'string' },
  at: { type: 'string' },
  by: { type: 'string' },
  limit: { type: 'string' },
  all: { type: 'boolean', default: false },
  refits: { type: 'boolean', default: false },
  model: { type: 'string' },
  format: { type: 'string' },
  since: { type: 'string' },
  kind: { type: 'string', multiple: true },
  'task-kind': { type: 'string' },
  'max-task-cost': { type: 'string' },
  'max-seconds': { type: 'string' },
  'min-speed': { type: 'string' },
} as const;

const STATUSES: readonly ToolStatus[] = ['active', 'preview', 'deprecated', 'retired'];

export type Values = {
  [K in keyof typeof OPTIONS]?: (typeof OPTIONS)[K] extends { multiple: true }
    ? string[]
    : (typeof OPTIONS)[K] extends { type: 'boolean' }
      ? boolean
      : string;
};

/** A parsed command line: the flags, the command and the command's own arguments. */
export interface CommandLine {
  values: Values;
  command: string | undefined;
  args: string[];
}

/** Flags and positionals; a leading `models` only namespaces the command (`ai-coding-models models list`). */
export function parseCommandLine(argv: string[]): CommandLine {
  let parsed: ReturnType<
    typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true; strict: true; args: string[] }>
  >;
  try {
    parsed = parseArgs({ args: joinNegativeValues(argv), options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw parseFailure(error as Error & { code?: string });
  }
  const positionals = parsed.positionals[0] === 'models' ? parsed.positionals.slice(1) : parsed.positionals;
  const [command, ...args] = positionals;
  return { values: parsed.values as Values, command, args };
}

/**
 * `--input -5` as `--input=-5`: parseArgs takes a value starting with `-` for a flag ("ambiguous"),
 * which hides the real mistake; joined, the value reaches its own check and is refused by name.
 */
function joinNegativeValues(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const name = argv[i]!.startsWith('--') ? argv[i]!.slice(2) : null;
    const option = name && Object.hasOwn(OPTIONS, name) ? OPTIONS[name as keyof typeof OPTIONS] : null;
    if (option?.type === 'string' && /^-\d/.test(argv[i + 1] ?? '')) out.push(`${argv[i]}=${argv[++i]}`);
    else out.push(argv[i]!);
  }
  return out;
}

/** parseArgs' error as a UsageError; an unknown flag gets the closest known ones. */
function parseFailure(error: Error & { code?: string }): UsageError {
  const flag = /'(-{1,2}[^'\s=]+)/.exec(error.message)?.[1];
  if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && flag) {
    const close = suggestIds(Object.keys(OPTIONS), flag.replace(/^-+/, ''), 2);
    return new UsageError(
      `unknown flag "${flag}"${close.length ? `; did you mean ${close.map((c) => `"--${c}"`).join(' or ')}?` : ''}`,
    );
  }
  return new UsageError(error.message);
}

/** The per-request timeout: --timeout in milliseconds, else DEFAULT_TIMEOUT_MS. */
export function timeoutOf(values: Values): number {
  return positiveInteger(values.timeout, '--timeout') ?? DEFAULT_TIMEOUT_MS;
}

/** The API to read: --base-url, else $AI_CODING_MODELS_BASE_URL, else the default; only http(s). */
export function baseUrlOf(values: Values): string {
  const baseUrl = values['base-url'] ?? process.env.AI_CODING_MODELS_BASE_URL ?? DEFAULT_BASE_URL;
  if (!/^https?:\/\/\S+$/i.test(baseUrl)) throw new UsageError(`--base-url must be an http(s) URL (got "${baseUrl}")`);
  return baseUrl;
}

export function positiveInteger(text: string | undefined, flag: string): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text) || Number(text) < 1)
    throw new UsageError(`${flag} must be a positive whole number (got "${text}")`);
  return Number(text);
}

export function filterOf(values: Values): ToolFilter {
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
    ...minScoresOf(values),
  };
}

/** --min-score field=value (repeatable) and --measured, as ToolFilter's minScores and measuredOnly. */
function minScoresOf(values: Values): Pick<ToolFilter, 'minScores' | 'measuredOnly'> {
  const minScores: Record<string, number> = {};
  for (const text of values['min-score'] ?? []) {
    const match = /^([A-Za-z][A-Za-z0-9]*)=(\d+(?:\.\d+)?)$/.exec(text);
    if (!match) throw new UsageError(`--min-score must be <field>=<number>, e.g. sweBenchPro=50 (got "${text}")`);
    minScores[match[1]!] = Number(match[2]);
  }
  if (values.measured && Object.keys(minScores).length === 0)
    throw new UsageError(
      '--measured applies to --min-score: name a benchmark minimum, e.g. --min-score sweBenchPro=50',
    );
  return Object.keys(minScores).length ? { minScores, measuredOnly: values.measured } : {};
}

export type Workload = ReturnType<typeof workloadOf>;

/** The workload `cost` prices, from --input, --output, the cache flags and --batch (checked in that order). */
export function workloadOf(values: Values) {
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
    /** How many requests of these counts (the counts are per request). */
    requests: positiveInteger(values.requests, '--requests') ?? 1,
  };
}

export function rankByOf(values: Values): RankBy | TaskRankBy {
  const by = (values.by ?? 'cost') as RankBy | TaskRankBy;
  if (!['cost', 'score', 'value', ...TASK_RANK_BY].includes(by))
    throw new UsageError(`--by must be cost, score, value, ${TASK_RANK_BY.join(' or ')} (got "${values.by}")`);
  return by;
}

export const isTaskRanking = (by: RankBy | TaskRankBy): by is TaskRankBy => TASK_RANK_BY.includes(by as TaskRankBy);

function nonNegative(text: string | undefined, flag: string, unit: string): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+(\.\d+)?$/.test(text)) throw new UsageError(`${flag} must be a number of ${unit} (got "${text}")`);
  return Number(text);
}

/** --max-task-cost, --max-seconds and --min-speed, each a number of 0 or more, or absent. */
export function taskLimitsOf(
  values: Values,
): Pick<TaskQuery, 'maxSolvedTaskUsd' | 'maxSecondsPerTask' | 'minOutputTokensPerSecond'> {
  return {
    maxSolvedTaskUsd: nonNegative(values['max-task-cost'], '--max-task-cost', 'USD'),
    maxSecondsPerTask: nonNegative(values['max-seconds'], '--max-seconds', 'seconds'),
    minOutputTokensPerSecond: nonNegative(values['min-speed'], '--min-speed', 'tokens per second'),
  };
}

/**
 * The per-task query of --task-kind, --max-task-cost, --max-seconds and --min-speed, ranked by `by`; null when none
 * is given and `by` is not a task ranking. A limit alone ranks by the figure it limits.
 */
export function taskQueryOf(values: Values, by: RankBy | TaskRankBy): TaskQuery | null {
  const kind = values['task-kind'];
  if (kind !== undefined && !TASK_KINDS.includes(kind as TaskKind))
    throw new UsageError(`--task-kind must be one of ${TASK_KINDS.join(', ')} (got "${kind}")`);
  const limits = taskLimitsOf(values);
  if (!isTaskRanking(by) && kind === undefined && Object.values(limits).every((v) => v === undefined)) return null;
  return { by: isTaskRanking(by) ? by : impliedRanking(limits), kind: kind as TaskKind | undefined, ...limits };
}

/** The instant the workload is priced at (promotions and off-peak rates in force then): --at, else now. */
export function instantOf(values: Values): string {
  const at = values.at ?? new Date().toISOString();
  if (Number.isNaN(Date.parse(at)) || !(/(Z|[+-]\d{2}:?\d{2})$/.test(at) || isIsoDate(at)))
    throw new UsageError(`--at must be an ISO 8601 time with a zone or a date (got "${values.at}")`);
  return at;
}
