/** list_changes: the releases that match, newest first, each with its matching changes. */
import { z } from 'zod';
import { CHANGE_KINDS, findTool, selectChanges } from '../../../packages/client/src/index.ts';
import { cite, dataSource, type Directory } from '../answers.ts';
import { calendarDate } from '../inputs.ts';
import { DATA_SOURCE } from '../outputs.ts';
import { defineTool, type InputOf } from '../tool.ts';

const INPUT = {
  limit: z
    .number()
    .int()
    .min(1)
    .max(50)
    .default(3)
    .describe('Releases to return, newest first, of those that match (`count` says how many do).'),
  model: z
    .string()
    .min(1)
    .optional()
    .describe('Only releases that changed this model (id, alias or snapshot), with only its changes.'),
  since: calendarDate(
    'Only releases on or after this date (YYYY-MM-DD); older months are read from the archive, so nothing is cut.',
  ).optional(),
  kinds: z
    .array(z.enum(CHANGE_KINDS))
    .min(1)
    .optional()
    .describe('Only changes of these kinds (e.g. price-changed, model-added), and only releases with one.'),
  refits: z
    .boolean()
    .default(false)
    .describe(
      "Also return score changes that are estimates moving within the previous release's 80% interval (refits after new results elsewhere); left out by default and counted in refitsLeftOut.",
    ),
};

const OUTPUT = z.looseObject({
  releases: z.array(
    z.looseObject({
      id: z.string(),
      date: z.string(),
      summary: z.string(),
      url: z.string(),
      changes: z.array(z.looseObject({})),
      refitsLeftOut: z
        .number()
        .int()
        .describe('Estimates that moved within their previous interval, left out of changes.'),
    }),
  ),
  count: z.number().int().describe('Releases that match the filters, before limit.'),
  totalReleases: z.number().int().describe('Every release the directory has published.'),
  dataSource: DATA_SOURCE,
});

/**
 * list_changes: the releases that match (since a date, to one model, of some kinds), newest first, each with its
 * matching changes; `count` counts them all before `limit`, following the monthly archive back to `since`.
 */
async function listChanges(directory: Directory, input: InputOf<typeof INPUT>) {
  const { client } = directory;
  const [{ releases, totalReleases }, { lastUpdated }, tools] = await Promise.all([
    client.getReleases(input.since),
    client.getChanges(),
    input.model ? client.getTools() : undefined,
  ]);
  const toolId = input.model ? findTool(tools!.tools, input.model).id : undefined;
  const selected = selectChanges(releases, {
    since: input.since,
    toolId,
    kinds: input.kinds,
    refits: input.refits,
    limit: input.limit,
  });
  return {
    releases: selected.releases.map(({ release, changes, refitsLeftOut }) => ({
      id: release.id,
      date: release.date,
      summary: release.summary,
      url: cite(directory, `v/${release.id}/release.json`),
      changes,
      refitsLeftOut,
    })),
    count: selected.count,
    totalReleases,
    dataSource: dataSource(directory, lastUpdated, ['changes.json']),
  };
}

const summarizeChanges = (v: Awaited<ReturnType<typeof listChanges>>): string =>
  `${v.releases.length} of ${v.count} matching releases (${v.totalReleases} in all)${v.releases.length ? `: ${v.releases.map((r) => `${r.id} (${r.changes.length} changes${r.refitsLeftOut ? `, ${r.refitsLeftOut} refitted estimates left out` : ''})`).join(', ')}` : ''}. Changes in structuredContent.`;

export const listChangesTool = defineTool({
  name: 'list_changes',
  title: 'List recent changes to the directory',
  description:
    'Recent data releases, newest first, with their per-field changes (prices, context windows, scores, models added, deprecated or retired).',
  input: INPUT,
  output: OUTPUT,
  run: listChanges,
  summary: summarizeChanges,
});
