/**
 * `changes`: the releases that match (--since, --model, --kind), newest first, and up to 50 changes of each;
 * refitted estimates are counted unless --refits. The selection is the client's (changes.ts), as in the MCP server.
 */
import { type ChangeKind, selectChanges } from '../../changes.ts';
import { UsageError } from '../../format.ts';
import { findTool } from '../../query.ts';
import { CHANGE_KINDS } from '../../types.generated.ts';
import { isIsoDate } from '../../../../../src/schema/calendar.ts';
import { refitsPhrase } from '../../../../../src/schema/refit.ts';
import { positiveInteger } from '../arguments.ts';
import { changeLine, print, printJson } from '../output.ts';
import { expectArgs, type Invocation } from './invocation.ts';

function kindsOf(values: readonly string[] | undefined): ChangeKind[] | undefined {
  for (const kind of values ?? [])
    if (!(CHANGE_KINDS as readonly string[]).includes(kind))
      throw new UsageError(`--kind must be one of ${CHANGE_KINDS.join(', ')} (got "${kind}")`);
  return values as ChangeKind[] | undefined;
}

export async function changesCommand(invocation: Invocation): Promise<number> {
  const { values, client } = invocation;
  expectArgs(invocation, 0, '');
  const limit = positiveInteger(values.limit, '--limit') ?? 5;
  const since = values.since;
  if (since !== undefined && !isIsoDate(since))
    throw new UsageError(`--since must be a date YYYY-MM-DD (got "${since}")`);
  const kinds = kindsOf(values.kind);
  const [{ releases }, tools] = await Promise.all([
    client.getReleases(since),
    values.model ? client.getTools() : undefined,
  ]);
  const toolId = values.model ? findTool(tools!.tools, values.model).id : undefined;
  const selected = selectChanges(releases, { since, toolId, kinds, refits: values.refits, limit });
  if (values.json) {
    printJson({
      releases: selected.releases.map(({ release, changes, refitsLeftOut }) => ({
        ...release,
        changes,
        refitsLeftOut,
      })),
      count: selected.count,
    });
    return 0;
  }
  for (const { release, changes, refitsLeftOut } of selected.releases) {
    print(`${release.id}  ${release.summary}`);
    for (const change of changes.slice(0, 50)) print(changeLine(change));
    if (changes.length > 50)
      print(`  ... and ${changes.length - 50} more (${client.url(`v/${release.id}/release.json`)})`);
    if (refitsLeftOut > 0) print(`  ${refitsPhrase(refitsLeftOut)} (--refits lists them)`);
  }
  const hidden = selected.count - selected.releases.length;
  if (selected.count === 0) print('no release matches');
  else if (hidden > 0) print(`(${hidden} more matching releases; --limit ${selected.count} shows all)`);
  return 0;
}
