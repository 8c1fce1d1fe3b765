/**
 * Schema of data/task-runs/<tool-id>.json: what one model spent per coding task in published benchmark runs
 * (tokens, dollars, seconds), with the configuration it ran in and who ran it. The file's name is the tool id
 * (identity from the path, so a file cannot claim another model). The speed of its provider endpoints is in
 * data/speed/ (source-speed.ts). Re-exported by source.ts.
 */
import { z } from 'zod';
import { dateOrMonth, factSource, percent, reportedBy, slug } from './common.ts';

/**
 * Kinds of coding task a run measures; each use case maps onto one. `code-edit`: a self-contained exercise
 * edited in place (Aider polyglot). `repo-issue`: an issue resolved in a real repository (SWE-bench style).
 * `terminal`: an end-to-end job in a shell (Terminal-Bench).
 */
export const TASK_KINDS = ['code-edit', 'repo-issue', 'terminal'] as const;
export const taskKind = z
  .enum(TASK_KINDS)
  .describe(
    '`code-edit`: a self-contained exercise edited in place (Aider polyglot). `repo-issue`: an issue resolved in a real repository (SWE-bench style). `terminal`: an end-to-end job in a shell (Terminal-Bench).',
  );
export type TaskKind = z.infer<typeof taskKind>;

export const amount = (unit: string) =>
  z
    .number({ error: `must be a number (${unit})` })
    .finite(`must be a finite number (${unit})`)
    .min(0, `must be >= 0 (${unit})`);

/** Means per task as the run publishes them (or as its totals divided by its tasks); null where not published. */
export const taskRunPerTask = z
  .object({
    inputTokens: amount('tokens').nullable().describe('Mean prompt tokens per task (cached ones included).'),
    outputTokens: amount('tokens').nullable().describe('Mean output tokens per task, reasoning tokens included.'),
    cachedInputTokens: amount('tokens')
      .nullable()
      .describe('Mean prompt tokens per task read from a cache (part of inputTokens).'),
    reasoningTokens: amount('tokens').nullable().describe('Mean reasoning tokens per task (part of outputTokens).'),
    costUsd: amount('USD').nullable().describe('Mean cost per task in USD, as the source computed it.'),
    pricesAsOf: dateOrMonth
      .nullable()
      .describe(
        'Date of the prices costUsd was computed at (the run date when the source bills as it runs); null without costUsd.',
      ),
    costFromTokens: z
      .boolean()
      .nullable()
      .describe(
        'costUsd is backed by token counts this file records (true), or only dollars are published (false); null without costUsd.',
      ),
    seconds: amount('seconds').nullable().describe('Mean wall-clock seconds per task, as the source measured them.'),
  })
  .strict()
  .refine(
    (p) =>
      p.costUsd !== null ||
      p.seconds !== null ||
      p.inputTokens !== null ||
      p.outputTokens !== null ||
      p.reasoningTokens !== null,
    { message: 'must give at least one of tokens, costUsd or seconds per task' },
  )
  .refine((p) => (p.costUsd === null) === (p.pricesAsOf === null), {
    message: 'pricesAsOf is required with costUsd and only with it',
    path: ['pricesAsOf'],
  })
  .refine((p) => (p.costUsd === null) === (p.costFromTokens === null), {
    message: 'costFromTokens is required with costUsd and only with it',
    path: ['costFromTokens'],
  })
  .refine((p) => p.costFromTokens !== true || (p.inputTokens !== null && p.outputTokens !== null), {
    message: 'costFromTokens true needs inputTokens and outputTokens',
    path: ['costFromTokens'],
  });

export const taskRun = z
  .object({
    id: slug.describe('Id of the run, unique in its file.'),
    benchmark: z.string().min(1).describe('Benchmark name as published.'),
    taskSet: z
      .object({
        name: z.string().min(1).describe('The set of tasks as the source names it, with its version.'),
        tasks: z.number().int('must be a whole number of tasks').positive('must be > 0 tasks'),
      })
      .strict(),
    taskKind,
    configuration: z
      .object({
        harness: z.string().min(1).describe('Agent or harness the model ran in, with its edit format or version.'),
        reasoningEffort: z
          .string()
          .min(1)
          .nullable()
          .describe('Reasoning effort or thinking budget as the source states it; null when it does not.'),
        mode: z
          .string()
          .min(1)
          .nullable()
          .describe('Other mode the source states (a snapshot, thinking on or off); null when none.'),
      })
      .strict(),
    attemptsPerTask: z
      .number()
      .int()
      .positive()
      .describe('Independent attempts per task the success rate is averaged over (Terminal-Bench 4.0: 5).'),
    triesPerAttempt: z
      .number()
      .int()
      .positive()
      .describe('Tries inside one attempt, the later ones seeing the test output (Aider polyglot: 2).'),
    reportedBy,
    runner: z.string().min(1).describe('Who ran it.'),
    successPercent: percent.describe('Share of attempts that solved their task, percent.'),
    perTask: taskRunPerTask,
    date: dateOrMonth.describe('Date of the run as the source states it.'),
    source: factSource,
  })
  .strict();

/** data/task-runs/<tool-id>.json */
export const taskRunsFile = z
  .object({
    runs: z.array(taskRun).min(1),
  })
  .strict()
  .refine((f) => new Set(f.runs.map((r) => r.id)).size === f.runs.length, {
    message: 'has two runs with the same id',
    path: ['runs'],
  });

export type TaskRun = z.infer<typeof taskRun>;
export type TaskRunsFile = z.infer<typeof taskRunsFile>;
