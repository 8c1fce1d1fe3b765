/** Schema of data/use-cases/<id>.json: a task, the models that fit it and how its picks are ranked. Re-exported by source.ts. */
import { z } from 'zod';
import { slug, sortBy, tokenCount } from './common.ts';
import { taskKind } from './source-task-runs.ts';

/** The benchmarks of the aggregate a use case can rank by (scoreDetails fields of benchmarks.json). */
export const scoreComponent = z
  .enum(['sweBench', 'liveCodeBench', 'humanEval', 'bigCodeBench', 'sweBenchPro', 'terminalBench'])
  .describe('A scoreDetails field of benchmarks.json: one benchmark, measured or estimated on its reference series.');

/** Which measured results make a score-based pick defensible for the task, and what `taskScoreDesc` ranks by. */
export const useCaseEvidence = z
  .object({
    measuredIn: z
      .array(
        z
          .string()
          .regex(
            /^(\*|[a-z0-9]+(?:-[a-z0-9]+)*(-\*)?)$/,
            'must be a series id, a series-id prefix ending in "-*", or "*" (every series)',
          ),
      )
      .min(1)
      .describe(
        'Series relevant to the task: a score-based pick needs a used (measured) result in at least one. A series id, a prefix such as "swe-bench-*", or "*" for every coding benchmark.',
      ),
    components: z
      .array(scoreComponent)
      .min(1)
      .optional()
      .describe('For sortBy `taskScoreDesc`: the benchmarks whose mean ranks the picks.'),
    why: z.string().min(20).describe('Why these benchmarks stand for the task, in a sentence.'),
  })
  .strict()
  .describe('[extension] The measured results a score-based pick needs, and the benchmarks `taskScoreDesc` ranks by.');

/** data/use-cases/<id>.json */
export const useCaseFile = z
  .object({
    id: slug,
    title: z.string().min(5),
    slug,
    keyword: z.string().min(3).describe('A real search phrase people use.'),
    description: z.string().min(20),
    sortBy,
    taskKind: taskKind
      .optional()
      .describe(
        "[extension] The kind of task the use case's scenario stands for: its picks are charged each model's own tokens, cost and time for this kind (benchmarks.json models[].taskCost), and sortBy `solvedTaskCostAsc` ranks by it.",
      ),
    scenario: z
      .object({ inputTokens: tokenCount, outputTokens: tokenCount })
      .strict()
      .describe('Token counts of one typical task, used for cost estimation.'),
    filter: z
      .object({
        categories: z.array(slug).optional().describe('Tool must be in at least one of these categories.'),
        minContextTokens: tokenCount.optional(),
        openWeights: z.literal(true).optional(),
        maxScenarioCostUsd: z.number().positive().optional(),
        includePreview: z
          .boolean()
          .optional()
          .describe('Preview tools are excluded unless true. Deprecated and retired tools are always excluded.'),
        autocompleteFact: z
          .literal(true)
          .optional()
          .describe(
            'Tool must have a fill-in-the-middle or low-latency fact stated by a source (tool file `autocomplete`).',
          ),
      })
      .strict()
      .describe('Which tools may be picked.'),
    evidence: useCaseEvidence.optional(),
    topPicksCount: z.number().int().min(3).max(10),
    intro: z
      .string()
      .min(200)
      .describe('Several paragraphs; may contain {placeholders} resolved from the data at build time.'),
    faq: z
      .array(z.object({ q: z.string().min(5), a: z.string().min(20) }).strict())
      .min(3)
      .max(6),
  })
  .strict()
  .refine((u) => !['scoreDesc', 'valueDesc', 'taskScoreDesc'].includes(u.sortBy) || u.evidence !== undefined, {
    message: 'a score-based sortBy needs evidence.measuredIn: the series in which a pick must have a measured result',
    path: ['evidence'],
  })
  .refine((u) => u.sortBy !== 'solvedTaskCostAsc' || u.taskKind !== undefined, {
    message: 'sortBy solvedTaskCostAsc needs taskKind: the kind of task whose cost per solved task ranks the picks',
    path: ['taskKind'],
  })
  .refine((u) => u.sortBy !== 'taskScoreDesc' || (u.evidence?.components?.length ?? 0) > 0, {
    message: 'sortBy taskScoreDesc needs evidence.components: the benchmarks to rank by',
    path: ['evidence', 'components'],
  });

export type UseCaseFile = z.infer<typeof useCaseFile>;
export type UseCaseEvidence = z.infer<typeof useCaseEvidence>;
export type ScoreComponent = z.infer<typeof scoreComponent>;
