/**
 * Terminal-Bench's official leaderboard rows as Harbor Hub publishes them (the board tbench.ai
 * shows): each row `{ id, leaderboard_id, metadata: { date, model_display: { label, url },
 * agent_display: { label }, reasoning_effort }, metrics: { accuracy, n_trials, successes,
 * accuracy_ci95_half_width }, status }`. The rows come in the Hub's read response
 * `{ leaderboard: { id, title, … }, rows: [...] }`, or in a capture of the page data
 * `{ live: { url, sha256, entries: [...] } }` (densa-labs/benchmark-registry keeps such captures);
 * both are read. `accuracy` is a percentage; only rows the board displays (`status` `display`)
 * are results, `hide` rows are left out, and any other status refuses the file. The Terminal-Bench
 * team runs every row itself, so they are independent whoever makes the agent. A row is matched
 * by the model's label and the last segment of its page URL (`…/models/gpt-6-astra`).
 *
 * Where a row publishes what its trials spent (`total_cost_usd`, `uncached_input_tokens`, `cached_input_tokens`,
 * `output_tokens`, `avg_trial_duration_sec`), the result carries it as a task run, per attempt (one trial).
 * - Tokens: the board's `uncached_input_tokens` is the whole input (cached part included) in most rows and only
 *   the uncached part in others; `total_tokens` tells which (it is that count plus `output_tokens`, or plus the
 *   cached and output tokens). A row where neither sum holds keeps no tokens.
 * - Dollars are at the run's prices. A cost of 0 is no cost recorded (a run is never free), and a cost the board
 *   marks `partial: n/m` covers n trials: it is divided by n, and the row keeps no tokens (the board does not say
 *   which trials they cover).
 * - Attempts per task are the largest k of the row's `pass_at_k` (a pass@5 needs five trials of a task); a row
 *   without one has no task count, so no task run. Pure.
 */
import type { DataIssue } from '../../compile/errors.ts';
import { parseJsonGuarded } from '../../compile/json-guard.ts';
import * as check from './results.ts';
import type { UpstreamResult, UpstreamResults, UpstreamTaskRun } from './results.ts';

/** The row list and the board's title, wherever the document keeps them. */
function boardRows(
  root: Record<string, unknown>,
  label: string,
  issues: DataIssue[],
): { rows: unknown[]; field: string; title: string | undefined } {
  if (Array.isArray(root.rows)) {
    const board = root.leaderboard === undefined ? {} : check.objectAt(root.leaderboard, label, 'leaderboard', issues);
    return { rows: root.rows, field: 'rows', title: typeof board.title === 'string' ? board.title : undefined };
  }
  if (root.live !== undefined) {
    const live = check.objectAt(root.live, label, 'live', issues);
    return {
      rows: check.arrayAt(live.entries, label, 'live.entries', issues),
      field: 'live.entries',
      title: undefined,
    };
  }
  issues.push({ file: label, field: 'rows', value: undefined, message: 'must be an array (or live.entries)' });
  return { rows: [], field: 'rows', title: undefined };
}

/** The last path segment of a model page URL, a name the maker publishes for the model. */
function urlSlug(url: unknown): string {
  if (typeof url !== 'string' || !URL.canParse(url)) return '';
  return new URL(url).pathname.split('/').filter(Boolean).at(-1) ?? '';
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** A metric that is absent (null), or a finite number >= 0, or an issue naming the place and value. */
function metricAmount(metrics: Record<string, unknown>, key: string, where: string, issues: DataIssue[]) {
  const value = metrics[key];
  if (value === undefined || value === null) return null;
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return value;
  issues.push({ file: where, field: `metrics.${key}`, value, message: 'must be a number >= 0' });
  return null;
}

/** The largest k of the row's pass_at_k metrics: the trials each task had. */
function attemptsOf(metrics: Record<string, unknown>): number | null {
  const ks = Object.keys(metrics).flatMap((key) => {
    const k = /^pass_at_(\d+)$/.exec(key)?.[1];
    return k === undefined ? [] : [Number(k)];
  });
  return ks.length === 0 ? null : Math.max(...ks);
}

/**
 * The row's tokens, the input with its cached part included, when total_tokens says how to read them; else null.
 * Each metric is read (and checked) once.
 */
function tokensOf(
  amount: (key: string) => number | null,
): { input: number; cached: number | null; output: number } | null {
  const [total, input, cached, output] = [
    amount('total_tokens'),
    amount('uncached_input_tokens'),
    amount('cached_input_tokens'),
    amount('output_tokens'),
  ];
  if (total === null || input === null || output === null) return null;
  if (input + output === total) return { input, cached, output };
  if (cached !== null && input + cached + output === total) return { input: input + cached, cached, output };
  return null;
}

/** Trials a partial cost covers (`display_total_cost_usd` "... (partial: 324/330 trials)"), else null. */
function partialTrials(metrics: Record<string, unknown>): number | null {
  const display = typeof metrics.display_total_cost_usd === 'string' ? metrics.display_total_cost_usd : '';
  const covered = /partial:\s*(\d+)\s*\/\s*\d+/.exec(display)?.[1];
  return covered === undefined || Number(covered) === 0 ? null : Number(covered);
}

/** What one trial of the row spent (see the module comment). */
function taskRunOf(
  row: { id: string; board: string; title: string | undefined; agent: string; effort: string | null; date: string },
  metrics: Record<string, unknown>,
  trials: number,
  where: string,
  issues: DataIssue[],
): UpstreamTaskRun | undefined {
  const amount = (key: string) => metricAmount(metrics, key, where, issues);
  const total = amount('total_cost_usd');
  const seconds = amount('avg_trial_duration_sec');
  const partial = partialTrials(metrics);
  const tokens = partial === null ? tokensOf(amount) : null;
  const cost = total === null || total === 0 ? null : round(total / (partial ?? trials), 6);
  const attempts = attemptsOf(metrics);
  if (attempts === null || trials % attempts !== 0 || (cost === null && seconds === null && tokens === null))
    return undefined;
  const perTrial = (sum: number | null) => (sum === null ? null : Math.round(sum / trials));
  const costWords =
    cost === null
      ? 'no cost recorded'
      : partial === null
        ? 'total_cost_usd over the trials, at the prices of the run'
        : `total_cost_usd over the ${partial} trials it covers (the board marks it partial), at the prices of the run`;
  return {
    id: `tbench-${row.id}`,
    ...(row.title ? { benchmark: row.title } : {}),
    taskSet: { name: `Harbor Hub leaderboard ${row.board}`, tasks: trials / attempts },
    taskKind: 'terminal',
    configuration: { harness: row.agent, reasoningEffort: row.effort, mode: null },
    attemptsPerTask: attempts,
    triesPerAttempt: 1,
    runner: 'Terminal-Bench team (Harbor Hub leaderboard run)',
    perTask: {
      inputTokens: perTrial(tokens?.input ?? null),
      outputTokens: perTrial(tokens?.output ?? null),
      cachedInputTokens: perTrial(tokens?.cached ?? null),
      reasoningTokens: null,
      costUsd: cost,
      pricesAsOf: cost === null ? null : row.date,
      costFromTokens: cost === null ? null : tokens !== null,
      seconds,
    },
    note: `Per attempt = one of the row's ${trials} trials (${trials / attempts} tasks, ${attempts} trials each, from its pass@${attempts}): ${costWords}; tokens ${tokens === null ? 'not kept (total_tokens does not say how to read them, or the cost is partial)' : 'are the totals over the trials, the input with its cached part'}; avg_trial_duration_sec as published. Priced from tokens at today's rates, what the tokens do not separate (cache writes) is left out.`,
  };
}

function rowResult(
  raw: unknown,
  context: { where: string; origin: string; row: number; title: string | undefined },
  issues: DataIssue[],
): UpstreamResult | undefined {
  const { where, origin, row, title } = context;
  const before = issues.length;
  const entry = check.objectAt(raw, where, '', issues);
  if (entry.status === 'hide') return undefined;
  if (entry.status !== 'display')
    issues.push({ file: where, field: 'status', value: entry.status, message: 'must be "display" or "hide"' });
  const id = check.requiredText(entry.id, where, 'id', issues);
  const board = check.requiredText(entry.leaderboard_id, where, 'leaderboard_id', issues);
  const meta = check.objectAt(entry.metadata, where, 'metadata', issues);
  const metrics = check.objectAt(entry.metrics, where, 'metrics', issues);
  const model = check.objectAt(meta.model_display, where, 'metadata.model_display', issues);
  const agent = check.objectAt(meta.agent_display, where, 'metadata.agent_display', issues);
  const modelLabel = check.requiredText(model.label, where, 'metadata.model_display.label', issues);
  const agentLabel = check.requiredText(agent.label, where, 'metadata.agent_display.label', issues);
  const score = check.percentScore(metrics.accuracy, where, 'metrics.accuracy', issues);
  const date = check.resultDate(meta.date, where, 'metadata.date', issues);
  const trials = metrics.n_trials ?? entry.n_trials;
  if (!Number.isInteger(trials) || (trials as number) <= 0)
    issues.push({ file: where, field: 'metrics.n_trials', value: trials, message: 'must be a positive whole number' });
  const ci = metrics.accuracy_ci95_half_width;
  if (ci !== undefined && ci !== null) check.percentScore(ci, where, 'metrics.accuracy_ci95_half_width', issues);
  if (issues.length > before || !id || !board || !modelLabel || !agentLabel || score === undefined || !date)
    return undefined;
  const effort = text(meta.reasoning_effort) ?? 'not stated';
  const slug = urlSlug(model.url);
  const taskRun = taskRunOf(
    { id, board, title, agent: agentLabel, effort: text(meta.reasoning_effort) ?? null, date },
    metrics,
    trials as number,
    where,
    issues,
  );
  if (issues.length > before) return undefined;
  return {
    row,
    name: `${modelLabel} / ${agentLabel} / ${effort} [entry ${id}]`,
    keys: [modelLabel, ...(slug ? [slug] : [])],
    fields: check.protocol({
      leaderboardId: board,
      board: title,
      model: modelLabel,
      agent: agentLabel,
      effort,
      trials: trials as number,
      solved: Number.isInteger(metrics.successes)
        ? `${metrics.successes} of ${trials} trials solved`
        : 'trials solved not stated',
      ci95: typeof ci === 'number' ? `95% CI +/-${ci} pp` : '95% CI not stated',
      entry: id,
    }),
    score,
    date,
    source: `${origin} (Harbor Hub leaderboard ${board}, entry ${id})`,
    ...(taskRun ? { taskRun } : {}),
  };
}

export function readHarborLeaderboard(
  body: Buffer,
  origin: string,
  label = 'harbor-leaderboard upstream',
): UpstreamResults {
  const parsed = parseJsonGuarded(body, label);
  if (!parsed.ok) return parsed;
  const issues: DataIssue[] = [];
  const results: UpstreamResult[] = [];
  const { rows, field, title } = boardRows(check.objectAt(parsed.value, label, '', issues), label, issues);
  rows.forEach((raw, index) => {
    const where = `${label} ${field}[${index}]`;
    const result = rowResult(raw, { where, origin, row: index + 1, title }, issues);
    if (result) results.push(result);
  });
  return check.finish(results, issues);
}
