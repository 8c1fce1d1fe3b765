/** get_model: one model with every fact's source, its successor if replaced, and the platforms that offer it. */
import { z } from 'zod';
import { findTool, joinTool, resolveSuccessor } from '../../../packages/client/src/index.ts';
import { statusPhrase, statusWord } from '../../schema/change-words.ts';
import { dataSource, type Directory, loadCore, summary } from '../answers.ts';
import { DATA_SOURCE } from '../outputs.ts';
import { defineTool, type InputOf } from '../tool.ts';

const INPUT = {
  id: z.string().min(1).max(200).describe('Model id, API alias or dated snapshot, e.g. "claude-haiku-4-5-20251001".'),
};

const OUTPUT = z.looseObject({
  model: z.looseObject({ id: z.string(), name: z.string(), provider: z.string(), status: z.string() }),
  successor: z.looseObject({ id: z.string(), chain: z.array(z.string()) }).nullable(),
  platforms: z.array(z.looseObject({ id: z.string(), name: z.string() })),
  sources: z.looseObject({}),
  benchmarkResults: z.array(z.looseObject({})),
  dataSource: DATA_SOURCE,
});

/**
 * get_model: one model with every fact's source, its successor if replaced, and the platforms that offer it.
 * The sources in full (names, URLs, notes) and the conflicts come from the model's own document.
 */
async function getModel(directory: Directory, { id }: InputOf<typeof INPUT>) {
  const data = await loadCore(directory.client);
  const tool = findTool(data.tools, id);
  const record = (await directory.client.model(tool.id)).tool;
  const joined = joinTool(tool, { benchmarks: data.benchmarks, platforms: data.platforms });
  const succession = resolveSuccessor(data.tools, tool.id);
  return {
    model: {
      ...summary(tool, joined.benchmark, data),
      aliases: tool.aliases,
      pricingDetails: tool.pricingDetails,
      conflicts: record.conflicts,
      description: tool.description,
      features: tool.features,
      bestFor: tool.bestFor,
    },
    successor: succession.replaced
      ? {
          id: succession.current.id,
          chain: succession.chain.map((t) => t.id),
          // Prose, so the status in the directory's words (change-words.ts); model.status keeps the schema's value.
          note: `${tool.id} is ${statusPhrase(tool.status)}; use ${succession.current.id}.`,
        }
      : null,
    platforms: joined.platforms.map(({ platform, billing }) => ({
      id: platform.id,
      name: platform.name,
      billing: billing.billing,
      multiplier: billing.multiplier,
      note: billing.note,
      asOf: billing.asOf,
    })),
    sources: record.sources,
    lifecycle: record.lifecycle,
    benchmarkResults: joined.benchmark?.results ?? [],
    // Cost and time per task as published: the headline, every configuration with its runs, the estimates.
    taskCost: joined.benchmark?.taskCost ?? null,
    dataSource: dataSource(directory, data.lastUpdated, [
      `models/${tool.id}.json`,
      'tools.json',
      'benchmarks.json',
      'platforms.json',
    ]),
  };
}

function summarizeModel(v: Awaited<ReturnType<typeof getModel>>): string {
  const m = v.model;
  const score = m.score?.overallScore == null ? 'not scored' : `overallScore ${m.score.overallScore}`;
  // A model no longer to be chosen says why, in the directory's words: the successor's note, or what its status means.
  const inactive = m.status === 'deprecated' || m.status === 'retired';
  const successor = v.successor ? ` ${v.successor.note}` : inactive ? ` ${m.id} is ${statusPhrase(m.status)}.` : '';
  return `${m.id} (${m.name}, ${m.provider}, ${statusWord(m.status)}): context ${m.contextTokens} tokens, ${score}.${successor} Prices, scores, platforms and sources in structuredContent.`;
}

export const getModelTool = defineTool({
  name: 'get_model',
  title: 'Get one AI coding model with its sources',
  description:
    'Everything about one model by id, API alias or dated snapshot: prices with tiers and promotions, context, lifecycle and successor, every benchmark score (measured with its source, or estimated), the platforms that offer it and how they bill it, and the source of every fact.',
  input: INPUT,
  output: OUTPUT,
  run: getModel,
  summary: summarizeModel,
});
