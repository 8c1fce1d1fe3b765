/**
 * Aider's polyglot leaderboard (Aider-AI/aider `aider/website/_data/polyglot_leaderboard.yml`):
 * a YAML list of runs with `dirname`, `test_cases`, `model`, `edit_format`, `pass_rate_1`,
 * `pass_rate_2`, `command`, `date`, `versions`, `total_cost`, and optional `reasoning_effort`,
 * `thinking_tokens`, `editor_model`. The score is `pass_rate_2` (percent solved within two tries),
 * as the leaderboard ranks. A run is matched by its `model` wording only: the `--model` of its
 * command is often a moving alias (`deepseek/deepseek-chat` named several models over time). Pure.
 */
import type { DataIssue } from '../../compile/errors.ts';
import { parseFlatYaml, type FlatEntry } from './flat-yaml.ts';
import {
  finish,
  optionalAmount,
  percentScore,
  protocol,
  requiredText,
  resultDate,
  type UpstreamResult,
  type UpstreamResults,
  type UpstreamTaskRun,
} from './results.ts';

const NUMBER = /^-?\d+(\.\d+)?$/;

const numberOf = (text: string | undefined) => (text !== undefined && NUMBER.test(text) ? Number(text) : text);

function cost(text: string | undefined): string {
  const value = Number(text);
  return text === undefined || !Number.isFinite(value) || value === 0
    ? 'cost not recorded (0 or absent)'
    : `total_cost $${value.toFixed(2)}`;
}

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

/** The run id data/task-runs/ records an Aider run under: `aider-` and its dirname as a slug. */
export function aiderRunId(dirname: string): string {
  return `aider-${dirname
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`;
}

/**
 * What the run spent per task: its totals (total_cost, prompt_tokens, completion_tokens) over its test cases, and
 * seconds_per_case. A total_cost of 0 means aider recorded none, so it is no cost; dollars are at the prices of the
 * run date (aider prices tokens as it runs). The effort is what the entry or its command states, never guessed.
 */
function taskRunOf(
  v: FlatEntry['values'],
  run: { dirname: string; model: string; date: string },
  where: string,
  issues: DataIssue[],
): UpstreamTaskRun | undefined {
  const tasks = optionalAmount(v.get('test_cases'), where, 'test_cases', issues);
  const cost = optionalAmount(v.get('total_cost'), where, 'total_cost', issues);
  const seconds = optionalAmount(v.get('seconds_per_case'), where, 'seconds_per_case', issues);
  const prompt = optionalAmount(v.get('prompt_tokens'), where, 'prompt_tokens', issues);
  const completion = optionalAmount(v.get('completion_tokens'), where, 'completion_tokens', issues);
  if (!tasks || !Number.isInteger(tasks)) return undefined;
  const tokens = prompt !== null && completion !== null;
  const paid = cost !== null && cost > 0;
  if (!paid && seconds === null && !tokens) return undefined;
  const effortFromCommand = /--reasoning-effort\s+(\S+)/.exec(v.get('command') ?? '')?.[1];
  const thinking = v.get('thinking_tokens');
  const effort = v.get('reasoning_effort')
    ? `reasoning_effort ${v.get('reasoning_effort')}`
    : thinking !== undefined
      ? `thinking_tokens ${thinking}`
      : effortFromCommand
        ? `--reasoning-effort ${effortFromCommand} (command)`
        : null;
  return {
    id: aiderRunId(run.dirname),
    benchmark: 'Aider Polyglot',
    taskSet: { name: 'Aider polyglot (Exercism exercises in 6 languages)', tasks },
    taskKind: 'code-edit',
    configuration: {
      harness: `aider ${v.get('versions') ?? '(version not stated)'}, edit format ${v.get('edit_format') ?? '(not stated)'}`,
      reasoningEffort: effort,
      mode: `model as run: ${run.model}`,
    },
    attemptsPerTask: 1,
    triesPerAttempt: 2,
    runner: 'Aider polyglot leaderboard (Aider-AI)',
    perTask: {
      inputTokens: tokens ? Math.round(prompt / tasks) : null,
      outputTokens: tokens ? Math.round(completion / tasks) : null,
      cachedInputTokens: null,
      reasoningTokens: null,
      costUsd: paid ? round6(cost / tasks) : null,
      pricesAsOf: paid ? run.date : null,
      costFromTokens: paid ? tokens : null,
      seconds,
    },
  };
}

function entryResult(
  entry: FlatEntry,
  context: { label: string; origin: string; row: number },
  issues: DataIssue[],
): UpstreamResult | undefined {
  const v = entry.values;
  const where = `${context.label} line ${entry.line}${v.has('dirname') ? ` (${v.get('dirname')})` : ''}`;
  const before = issues.length;
  const model = requiredText(v.get('model'), where, 'model', issues);
  const dirname = requiredText(v.get('dirname'), where, 'dirname', issues);
  const score = percentScore(numberOf(v.get('pass_rate_2')), where, 'pass_rate_2', issues);
  const date = resultDate(v.get('date'), where, 'date', issues);
  if (issues.length > before || !model || !dirname || score === undefined || !date) return undefined;
  const fields = protocol({
    model,
    dirname,
    testCases: v.get('test_cases'),
    editFormat: v.get('edit_format'),
    editorModel: v.get('editor_model'),
    reasoningEffort: v.get('reasoning_effort'),
    thinkingTokens: v.get('thinking_tokens'),
    versions: v.get('versions'),
    command: v.get('command'),
    cost: cost(v.get('total_cost')),
  });
  const taskRun = taskRunOf(v, { dirname, model, date }, where, issues);
  if (issues.length > before) return undefined;
  return {
    row: context.row,
    name: model,
    keys: [model],
    fields,
    score,
    date,
    source: `${context.origin} (run ${dirname})`,
    ...(taskRun ? { taskRun } : {}),
  };
}

export function readAiderPolyglot(body: Buffer, origin: string, label = 'aider-polyglot upstream'): UpstreamResults {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return { ok: false, issues: [{ file: label, field: '', value: undefined, message: 'is not valid UTF-8' }] };
  }
  const parsed = parseFlatYaml(text, label);
  if (!parsed.ok) return parsed;
  const issues: DataIssue[] = [];
  const results: UpstreamResult[] = [];
  for (const entry of parsed.entries) {
    const result = entryResult(entry, { label, origin, row: results.length + 1 }, issues);
    if (result) results.push(result);
  }
  return finish(results, issues);
}
