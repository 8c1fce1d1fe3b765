/**
 * Matching a leaderboard's model name to a tool, without guessing: a name matches only when it
 * equals, by the one name rule (src/cost/name-key.ts: printable ASCII only, spaces and tabs around
 * it trimmed, letter case ignored), one of a tool's names the data records: its id,
 * its name, a provider API id or dated snapshot (`aliases`), its models.dev key or that key's
 * model part, its OpenRouter slug, or the upstream's explicit alias map (config `aliases`). A
 * name that two tools share matches neither. A name that matches nothing is reported with the
 * closest tools by spelling, as suggestions only: similarity never makes a match. A name the rule
 * refuses (a look-alike letter, an invisible or direction character, a non-breaking space) matches
 * nothing and is reported with the character and, from Unicode's confusables data (TR39, through
 * the unhomoglyph package), the letter it imitates. Pure.
 */
import unhomoglyph from 'unhomoglyph';
import type { SourceData } from '../compile/load.ts';
import { type NameRefusal, nameKey, refusalText } from '../cost/name-key.ts';

export interface ToolIndex {
  /** Normalised name -> tool ids that carry it. */
  byName: Map<string, Set<string>>;
  tools: { id: string; name: string }[];
}

/** The key a recorded name is indexed by; recorded names are printable ASCII (checked by the schema and a test). */
export const normaliseName = (name: string) => {
  const key = nameKey(name);
  return key.ok ? key.key : undefined;
};

function add(index: ToolIndex, name: string | null | undefined, id: string): void {
  if (!name) return;
  const key = normaliseName(name);
  if (!key) return;
  const ids = index.byName.get(key) ?? new Set<string>();
  ids.add(id);
  index.byName.set(key, ids);
}

export function toolIndex(source: SourceData): ToolIndex {
  const index: ToolIndex = { byName: new Map(), tools: [] };
  for (const { data: tool } of source.tools) {
    index.tools.push({ id: tool.id, name: tool.name });
    const modelsDev = tool.upstream.modelsDev;
    for (const name of [tool.id, tool.name, ...tool.aliases, modelsDev, tool.upstream.openRouter])
      add(index, name, tool.id);
    if (modelsDev?.includes('/')) add(index, modelsDev.slice(modelsDev.indexOf('/') + 1), tool.id);
  }
  return index;
}

export type MatchOutcome =
  | { kind: 'matched'; toolId: string; by: string }
  | { kind: 'ambiguous'; name: string; toolIds: string[] }
  | { kind: 'refused'; name: string; refusal: NameRefusal; reason: string }
  | { kind: 'unmatched' };

/** Why a refused name cannot be matched, naming the letter a look-alike imitates when Unicode's data knows it. */
function refusedReason(refusal: NameRefusal): string {
  const char = String.fromCodePoint(Number.parseInt(refusal.codePoint.slice(2), 16));
  const skeleton = unhomoglyph(char);
  const imitates =
    skeleton !== char && /^[\x21-\x7e]+$/.test(skeleton) ? `; it looks like "${skeleton}" (Unicode confusables)` : '';
  return `${refusalText(refusal)}${imitates}`;
}

/**
 * The tool the names identify: the explicit alias map first, then the recorded names, in the
 * order the reader gives them (its most specific name first).
 */
export function matchTool(
  index: ToolIndex,
  names: readonly string[],
  aliases: Readonly<Record<string, string>>,
): MatchOutcome {
  const keyed: { name: string; key: string }[] = [];
  for (const name of names) {
    const key = nameKey(name);
    // One look-alike among a result's names refuses the result: which of its names to believe cannot be told.
    if (!key.ok) return { kind: 'refused', name, refusal: key.refusal, reason: refusedReason(key.refusal) };
    keyed.push({ name, key: key.key });
  }
  const aliasMap = new Map<string | undefined, string>(
    Object.entries(aliases).map(([name, id]) => [normaliseName(name), id]),
  );
  for (const { name, key } of keyed) {
    const aliased = aliasMap.get(key);
    if (aliased !== undefined && index.tools.some((t) => t.id === aliased))
      return { kind: 'matched', toolId: aliased, by: `alias "${name}"` };
  }
  for (const { name, key } of keyed) {
    const ids = index.byName.get(key);
    if (!ids) continue;
    if (ids.size > 1) return { kind: 'ambiguous', name, toolIds: [...ids].sort() };
    return { kind: 'matched', toolId: [...ids][0]!, by: `"${name}"` };
  }
  return { kind: 'unmatched' };
}

const letters = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '');

function bigrams(text: string): Map<string, number> {
  const grams = new Map<string, number>();
  for (let i = 0; i < text.length - 1; i += 1) {
    const gram = text.slice(i, i + 2);
    grams.set(gram, (grams.get(gram) ?? 0) + 1);
  }
  return grams;
}

/** Dice coefficient of character bigrams of the letters and digits: 1 for the same spelling. */
export function similarity(a: string, b: string): number {
  const x = bigrams(letters(a));
  const y = bigrams(letters(b));
  let shared = 0;
  let total = 0;
  for (const [gram, count] of x) shared += Math.min(count, y.get(gram) ?? 0);
  for (const count of x.values()) total += count;
  for (const count of y.values()) total += count;
  return total === 0 ? 0 : (2 * shared) / total;
}

/** Up to `limit` tools spelled most like the name (suggestions for a maintainer, never a match). */
export function closestTools(index: ToolIndex, name: string, limit = 3, floor = 0.5): string[] {
  return index.tools
    .map((t) => ({ id: t.id, score: Math.max(similarity(name, t.id), similarity(name, t.name)) }))
    .filter((t) => t.score >= floor)
    .sort((a, b) => b.score - a.score || a.id.localeCompare(b.id))
    .slice(0, limit)
    .map((t) => t.id);
}
