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
 * by the model's label and the last segment of its page URL (`…/models/gpt-6-astra`). Pure.
 */
import type { DataIssue } from '../../compile/errors.ts';
import { parseJsonGuarded } from '../../compile/json-guard.ts';
import * as check from './results.ts';
import type { UpstreamResult, UpstreamResults } from './results.ts';

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
