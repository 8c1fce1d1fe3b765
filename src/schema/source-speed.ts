/**
 * Schema of data/speed/<tool-id>.json: how fast the model answers at the endpoints that serve it, as a source
 * publishes it (output tokens per second, seconds to the first token), each with its date and the conditions
 * of the measurement. The file's name is the tool id (identity from the path). Separate from data/task-runs/
 * because speed is measured per endpoint, not per coding task. Re-exported by source.ts.
 */
import { z } from 'zod';
import { factSource, isoDate } from './common.ts';
import { amount } from './source-task-runs.ts';

/** Speed of one provider endpoint serving the model, where a source publishes it. */
export const endpointSpeed = z
  .object({
    provider: z.string().min(1).describe('Who serves the endpoint (the model maker, a host, a router).'),
    outputTokensPerSecond: amount('tokens per second').nullable(),
    timeToFirstTokenSeconds: amount('seconds').nullable(),
    date: isoDate.describe('Day the figure describes: the end of its measurement period, or the page date.'),
    conditions: z
      .string()
      .min(1)
      .describe('How it was measured: prompt size, period, statistic (median, p50) and who measured it.'),
    source: factSource,
  })
  .strict()
  .refine((e) => e.outputTokensPerSecond !== null || e.timeToFirstTokenSeconds !== null, {
    message: 'must give outputTokensPerSecond or timeToFirstTokenSeconds',
  });

/** data/speed/<tool-id>.json */
export const speedFile = z
  .object({
    endpoints: z.array(endpointSpeed).min(1),
  })
  .strict();

export type EndpointSpeed = z.infer<typeof endpointSpeed>;
export type SpeedFile = z.infer<typeof speedFile>;
