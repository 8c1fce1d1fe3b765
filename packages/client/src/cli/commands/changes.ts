/** `changes`: the newest releases and up to 50 changes of each. */
import { positiveInteger } from '../arguments.ts';
import { changeLine, print, printJson } from '../output.ts';
import { expectArgs, type Invocation } from './invocation.ts';

export async function changesCommand(invocation: Invocation): Promise<number> {
  const { values, client } = invocation;
  expectArgs(invocation, 0, '');
  const limit = positiveInteger(values.limit, '--limit') ?? 5;
  const { releases } = await client.getChanges();
  const shown = releases.slice(0, limit);
  if (values.json) {
    printJson(shown);
    return 0;
  }
  for (const release of shown) {
    print(`${release.id}  ${release.summary}`);
    for (const change of release.changes.slice(0, 50)) print(changeLine(change));
    if (release.changes.length > 50)
      print(`  ... and ${release.changes.length - 50} more (${client.url(`v/${release.id}/release.json`)})`);
  }
  if (releases.length > shown.length)
    print(`(${releases.length - shown.length} older releases; --limit ${releases.length} shows all)`);
  return 0;
}
