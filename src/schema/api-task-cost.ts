/**
 * [extension] What a coding task costs and how long it takes, as benchmarks.json publishes it per scored model
 * (`taskCost`) and for the whole dataset (`taskCostMethod`): the published runs grouped by configuration, the
 * figures the build derives from them at the prices in force, and estimates for models without evidence.
 * Declared apart from api.ts so the original documents stay readable against the specification.
 */
import { z } from 'zod';
import { dateOrMonth, factSource, isoDate, reportedBy } from './common.ts';
import { taskKind, taskRunPerTask } from './source-task-runs.ts';

const ext = (text: string) => `[extension] ${text}`;

/** An 80% interval of a derived figure; its basis says where the spread comes from. */
export const taskInterval = z
  .object({
    low: z.number().min(0).describe('Lower end of the 80% interval, in the unit of the value.'),
    high: z.number().min(0).describe('Upper end of the 80% interval, in the unit of the value.'),
  })
  .strict()
  .describe('80% interval (low <= value <= high).');

const figure = (what: string) =>
  z
    .object({
      value: z.number().min(0).describe(what),
      interval: taskInterval.nullable().describe('80% interval; null where the evidence gives no spread (basis).'),
    })
    .strict();

export const TASK_INTERVAL_BASES = ['spread-of-runs', 'binomial-success', 'estimate-leave-one-out'] as const;

const figures = {
  costPerAttemptUsd: figure('USD one attempt at one task costs (all its tries).')
    .nullable()
    .describe('Cost of one attempt at a task in USD; null when no cost can be given (costBasis).'),
  costBasis: z
    .enum(['tokens-at-prices-in-force', 'dollars-as-published', 'estimated'])
    .nullable()
    .describe(
      '`tokens-at-prices-in-force`: the published tokens per task priced by the cost rules on the build date (promotions in force count; the cached share at the cache-read rate where the run publishes it; long-context tiers and cache writes are not applied, because the runs publish per-task totals, not per-request prompts). `dollars-as-published`: only dollars are published; they are kept as the source computed them at the prices of `pricesAsOf`, not rescaled. `estimated`: from the stated estimate model (taskCostMethod). Null without a cost.',
    ),
  pricesAsOf: z
    .string()
    .nullable()
    .describe('Date of the prices the cost is at: the build date, or the source date for dollars as published.'),
  successPercent: figure('Share of attempts that solved their task, percent.').nullable(),
  costPerSolvedTaskUsd: figure('Cost per attempt divided by the success rate of the same run(s).')
    .nullable()
    .describe('Expected USD per solved task; null without a cost or with a success rate of 0.'),
  solvedTasksPer100Usd: figure('Solved tasks 100 USD buys: 100 / costPerSolvedTaskUsd.').nullable(),
  secondsPerTask: figure('Mean wall-clock seconds per task as the source measured them.').nullable(),
  intervalBasis: z
    .enum(TASK_INTERVAL_BASES)
    .describe(
      '`spread-of-runs`: several runs of this configuration; intervals span their values (10th to 90th percentile, min to max for two). `binomial-success`: one run; the cost and time of a run are means with no published spread, so only the success rate carries an interval (Wilson, 80%) and the per-solved-task figures follow from it. `estimate-leave-one-out`: an estimate; its interval comes from leave-one-out errors (taskCostMethod).',
    ),
};

/** One published run of a configuration, as its file records it. */
export const taskRunEvidence = z
  .object({
    id: z.string(),
    date: dateOrMonth.describe('Date of the run as the source states it.'),
    runner: z.string(),
    reportedBy,
    tasks: z.number().int().positive(),
    attemptsPerTask: z.number().int().positive(),
    triesPerAttempt: z.number().int().positive(),
    successPercent: z.number().min(0).max(100),
    perTask: taskRunPerTask,
    source: factSource,
  })
  .strict();

export const taskConfiguration = z
  .object({
    id: z.string().describe('Id of the configuration: its first run id.'),
    taskKind,
    benchmark: z.string(),
    taskSet: z.string(),
    harness: z.string(),
    reasoningEffort: z.string().nullable().describe('As the source states it; null when it does not.'),
    mode: z.string().nullable(),
    evidence: z.literal('measured'),
    tokensPerTask: z
      .object({
        input: z.number().min(0),
        output: z.number().min(0),
        cachedInput: z.number().min(0).nullable(),
        reasoning: z.number().min(0).nullable(),
      })
      .strict()
      .nullable()
      .describe('Mean tokens per task over its runs where published; null when no run publishes tokens.'),
    ...figures,
    runs: z.array(taskRunEvidence).min(1),
  })
  .strict()
  .describe(
    ext(
      'One configuration (benchmark and task set, harness, reasoning effort, mode) with its own evidence; configurations are never merged.',
    ),
  );

export const taskEstimate = z
  .object({
    taskKind,
    evidence: z.literal('estimated'),
    ...figures,
    successFrom: z
      .string()
      .nullable()
      .describe('Where the success rate of costPerSolvedTaskUsd comes from (a benchmarks.json scoreDetails field).'),
    reason: z.string().nullable().describe('Why a figure is null, when one is.'),
  })
  .strict();

export const taskCostHeadline = z
  .object({
    taskKind,
    evidence: z.enum(['measured', 'estimated']),
    configurationId: z
      .string()
      .nullable()
      .describe('The configuration it describes (configurations[].id); null for an estimate.'),
    configuration: z.string().describe('The configuration in words: benchmark, harness, effort.'),
    costPerAttemptUsd: figure('USD per attempt.').nullable(),
    costPerSolvedTaskUsd: figure('USD per solved task.').nullable(),
    solvedTasksPer100Usd: figure('Solved tasks per 100 USD.').nullable(),
    secondsPerTask: figure('Seconds per task.').nullable(),
    outputTokensPerSecond: z
      .number()
      .min(0)
      .nullable()
      .describe('Median output tokens per second over its published provider endpoints; null when none is published.'),
    pricesAsOf: z.string().nullable(),
  })
  .strict();

export const taskCost = z
  .object({
    headline: taskCostHeadline
      .nullable()
      .describe(
        'The figures a table shows: the measured configuration chosen by the rule in taskCostMethod.headlineRule, else the estimate; null with `reason` when there is neither.',
      ),
    reason: z.string().nullable().describe('Why there is no headline; null when there is one.'),
    configurations: z.array(taskConfiguration).describe('Every configuration with published evidence.'),
    estimates: z
      .array(taskEstimate)
      .describe(
        'Per task kind without measured cost evidence for this model: the estimate, or null figures with the reason.',
      ),
    endpoints: z
      .array(
        z
          .object({
            provider: z.string(),
            outputTokensPerSecond: z.number().min(0).nullable(),
            timeToFirstTokenSeconds: z.number().min(0).nullable(),
            date: isoDate,
            conditions: z.string(),
            source: factSource,
          })
          .strict(),
      )
      .describe('Speed per provider endpoint where a source publishes it.'),
  })
  .strict()
  .describe(
    ext(
      'What one coding task costs and takes on this model: runs by configuration, derived figures at the prices in force, estimates where there is no evidence.',
    ),
  );

export const taskCostMethod = z
  .object({
    pricesAt: isoDate.describe('The date the prices in force are taken on (the build date).'),
    headlineRule: z.string(),
    estimateModel: z.string(),
    kinds: z.array(
      z
        .object({
          taskKind,
          measuredModels: z.number().int().min(0).describe('Scored models with a measured cost per attempt.'),
          estimatedModels: z.number().int().min(0),
          heldOut: z
            .object({
              n: z.number().int().min(0),
              coverage: z.number().min(0).max(1).nullable(),
              target: z.object({ low: z.number(), high: z.number() }).strict(),
            })
            .strict()
            .nullable()
            .describe(
              'Leave-one-out check of the estimate: share of held-out measured models inside their 80% interval; null when there are too few to estimate.',
            ),
          reason: z.string().nullable().describe('Why this kind has no estimates, when it has none.'),
        })
        .strict(),
    ),
  })
  .strict()
  .describe(
    ext(
      'How the per-task figures of benchmarks.json models[].taskCost are derived, and how well the estimates held out.',
    ),
  );

export type TaskCost = z.infer<typeof taskCost>;
export type TaskCostMethod = z.infer<typeof taskCostMethod>;
export type TaskConfiguration = z.infer<typeof taskConfiguration>;
export type TaskEstimate = z.infer<typeof taskEstimate>;
export type TaskCostHeadline = z.infer<typeof taskCostHeadline>;
export type TaskFigure = z.infer<ReturnType<typeof figure>>;

/** Beside one top pick of a use case with a taskKind: the tokens, cost and time its figures rest on. */
export const pickTaskCost = z
  .object({
    toolId: z.string(),
    evidence: z
      .enum(['measured', 'estimated'])
      .nullable()
      .describe('Measured (its own runs of this kind) or estimated; null when it has neither.'),
    configurationId: z.string().nullable().describe('The measured configuration (taskCost.configurations[].id).'),
    tokensPerTask: taskConfiguration.shape.tokensPerTask,
    costPerAttemptUsd: figure('USD per attempt.').nullable(),
    costPerSolvedTaskUsd: figure('USD per solved task.').nullable(),
    secondsPerTask: figure('Seconds per task.').nullable(),
  })
  .strict();

export type PickTaskCost = z.infer<typeof pickTaskCost>;
