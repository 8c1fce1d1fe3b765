/**
 * Say so, don't guess (issue 37): requests the cost engine could answer with a plausible list price, made against
 * the published tools.json of the artifact under test. Each must come back refused or flagged:
 *  - an evaluation instant in 1999 (before the model's release) and in 9999 (far past the last check of its price);
 *  - a batch request, and an Anthropic response through the batch interface, for a model with no batch rate;
 *  - a provider response naming `some-host/gpt-5`, a host the id table does not know.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { costOf, priceResponse } from '../../../src/cost/index.ts';
import type { Tool, ToolsDocument } from '../../../src/schema/api.ts';
import { type Fault, faultRows, refusedBy } from '../faults.ts';
import type { Row } from '../report.ts';
import type { Section, SectionContext } from '../section.ts';

const USAGE = { input: 10_000, output: 2_000 };
const flagged = (warnings: readonly string[]) => warnings.some((w) => /no price was in force|records no price/.test(w));

function priceFaults(tools: readonly Tool[]): Fault[] {
  const gpt = tools.find((t) => t.id === 'gpt-5')!;
  // A model billed per token with no batch rate: a batch request for it has no total.
  const noBatch = tools.find(
    (t) => !t.pricingDetails.free && !t.pricingDetails.modifiers.some((m) => m.kind === 'batch'),
  )!;
  const batchResponse = {
    type: 'message',
    model: noBatch.id,
    usage: { input_tokens: 1_000, output_tokens: 500, service_tier: 'batch' },
  };
  const unknownHost = {
    object: 'chat.completion',
    model: 'some-host/gpt-5',
    usage: { prompt_tokens: 10, completion_tokens: 5 },
  };
  return [
    ['an instant in 1999', async () => flagged(costOf(gpt, USAGE, { at: '1999-06-01T00:00:00Z' }).warnings)],
    ['an instant in 9999', async () => flagged(costOf(gpt, USAGE, { at: '9999-01-01T00:00:00Z' }).warnings)],
    [
      '(control) the day the price was checked',
      async () => !flagged(costOf(gpt, USAGE, { at: gpt.sources.pricing.verified }).warnings),
    ],
    [
      'a batch request with no batch rate',
      async () => costOf(noBatch, { ...USAGE, batch: true }, { at: noBatch.sources.pricing.verified }).usd === null,
    ],
    [
      'a batch-tier response with no batch rate',
      async () => {
        const priced = priceResponse({ tools }, batchResponse, { at: noBatch.sources.pricing.verified });
        return priced.cost.usd === null && priced.cost.unknownBatchRate;
      },
    ],
    ['a host prefix the table does not know', () => refusedBy(() => priceResponse({ tools }, unknownHost))],
  ];
}

export const saySo: Section = {
  name: 'say-so',
  machine: 'shared',
  summary: 'instants outside the recorded price, batch without a batch rate, an unknown host prefix on an id',
  async run(context: SectionContext): Promise<Row[]> {
    const tools = (
      JSON.parse(await readFile(path.join(context.artifact.distPath, 'api', 'tools.json'), 'utf8')) as ToolsDocument
    ).tools;
    return faultRows('say-so', [['cost engine', priceFaults(tools)]]);
  },
};
