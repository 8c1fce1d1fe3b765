/** `changes`: the newest releases and up to 50 changes of each; refitted estimates are counted unless --refits. */
import { isRefit, refitsPhrase } from '../../../../../src/schema/refit.ts';
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
    const listed = values.refits ? release.changes : release.changes.filter((c) => !isRefit(c));
    for (const change of listed.slice(0, 50)) print(changeLine(change));
    if (listed.length > 50)
      print(`  ... and ${listed.length - 50} more (${client.url(`v/${release.id}/release.json`)})`);
    const refits = release.changes.length - listed.length;
    if (refits > 0) print(`  ${refitsPhrase(refits)} (--refits lists them)`);
  }
  if (releases.length > shown.length)
    print(`(${releases.length - shown.length} older releases; --limit ${releases.length} shows all)`);
  return 0;
}
