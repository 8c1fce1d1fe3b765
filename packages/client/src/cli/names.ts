/**
 * Names a filter uses that the data does not know. The client's filterTools treats an unknown
 * provider or category as matching nothing (right for a library); on the command line a typo
 * answering "0 models" with status 0 reads as a fact, so it is refused with the closest names.
 */
import { NotFoundError } from '../errors.ts';
import { suggestIds, type ToolFilter } from '../query.ts';
import type { Tool } from '../types.generated.ts';

const asList = (value: string | readonly string[] | undefined): readonly string[] =>
  value === undefined ? [] : typeof value === 'string' ? [value] : value;

function refuseUnknown(what: string, asked: readonly string[], known: ReadonlySet<string>): void {
  for (const name of asked)
    if (!known.has(name.toLowerCase())) throw new NotFoundError(what, name, suggestIds([...known], name));
}

/** Throws NotFoundError (exit 1) for a --provider or --category that no tool has. */
export function checkFilterNames(filter: ToolFilter, tools: readonly Tool[]): void {
  const providers = new Set(tools.flatMap((t) => [t.providerId, t.provider.toLowerCase()]));
  refuseUnknown('provider', asList(filter.provider), providers);
  refuseUnknown('category', asList(filter.category), new Set(tools.flatMap((t) => t.category)));
}
