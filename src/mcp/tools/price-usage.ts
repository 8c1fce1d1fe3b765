/** price_usage: a provider response or its usage object, as the agent received it, to what it cost. */
import { z } from 'zod';
import { USAGE_FORMATS } from '../../../packages/client/src/index.ts';
import { dataSource, type Directory } from '../answers.ts';
import { MATCH, USAGE_DATA_SOURCE } from '../outputs.ts';
import { defineTool, type InputOf } from '../tool.ts';
import { DOCUMENTS, modelString } from './model-strings.ts';

const INPUT = {
  response: z
    .record(z.string(), z.unknown())
    .describe(
      'The provider response as received (OpenAI Chat Completions or Responses, Anthropic Messages, Gemini generateContent, OpenRouter), or only its usage object.',
    ),
  model: modelString.optional().describe('The model, when the response names none or names a deployment.'),
  format: z
    .enum(USAGE_FORMATS as unknown as [string, ...string[]])
    .optional()
    .describe('The response format, when it cannot be told from the fields (a bare { input_tokens, output_tokens }).'),
  at: z.iso
    .datetime({ offset: true })
    .optional()
    .describe('ISO 8601 instant of the request (promotions and off-peak rates in force then); default: now.'),
};

const OUTPUT = z.looseObject({
  model: z.looseObject({ id: z.string(), name: z.string() }),
  match: MATCH,
  format: z.string().describe('The provider format the usage was read as.'),
  usage: z
    .looseObject({ input: z.number(), output: z.number() })
    .describe('Token classes of the request: input is uncached prompt tokens.'),
  cost: z.looseObject({ kind: z.string(), usd: z.number().nullable() }),
  pricingSource: z.string(),
  dataSource: USAGE_DATA_SOURCE,
});

async function priceUsage(directory: Directory, input: InputOf<typeof INPUT>) {
  const [priced, { lastUpdated }] = await Promise.all([
    directory.client.priceResponse(input.response, {
      model: input.model,
      format: input.format as (typeof USAGE_FORMATS)[number] | undefined,
      at: input.at ?? new Date().toISOString(),
    }),
    directory.client.getTools(),
  ]);
  // The price's source is named in the model's own document (tools.json gives its kind and dates only).
  const model = await directory.client.model(priced.tool.id);
  return {
    model: { id: priced.tool.id, name: priced.tool.name },
    match: priced.match,
    format: priced.format,
    usage: priced.usage,
    cost: priced.cost,
    pricingSource: model.tool.sources.pricing.url,
    dataSource: dataSource(directory, lastUpdated, [...DOCUMENTS, `models/${model.id}.json`]),
  };
}

const summarizePriceUsage = (v: Awaited<ReturnType<typeof priceUsage>>): string =>
  `${v.model.id}, read as ${v.format}: ${v.cost.kind === 'usd' ? `$${v.cost.usd}` : v.cost.kind} for ${v.usage.input} uncached input, ${v.usage.cacheRead ?? 0} cache-read, ${v.usage.output} output tokens. Breakdown in structuredContent.`;

export const priceUsageTool = defineTool({
  name: 'price_usage',
  title: 'Price a provider response from its usage',
  description:
    'What one request cost, from the response (or usage object) the provider returned: OpenAI Chat Completions or Responses, Anthropic Messages, Gemini, OpenRouter. Cached tokens are taken out of the prompt count where the provider counts them in; reasoning tokens are output. The model comes from the response or the model argument.',
  input: INPUT,
  output: OUTPUT,
  run: priceUsage,
  summary: summarizePriceUsage,
});
