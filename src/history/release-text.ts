/**
 * How a release's documents are stored in the repository: as reviewable text, never as
 * compressed binaries. Each document is the served JSON pretty-printed (two-space indent, one
 * value a line), written either whole or as a unified diff against the same document of the
 * release before it, whichever is smaller. So the files a release adds are the change it records,
 * a reviewer reads them as any diff, and the repository grows by about the size of that change.
 *
 *   releases/<id>/tools.json         the whole document (the first release, or a large change)
 *   releases/<id>/tools.json.patch   the change from the previous release's tools.json
 *
 * The served bytes are the compact form (serializeJson); parsing the pretty text and serializing
 * it again gives them back exactly, which the reader checks against the SHA-256 in release.json.
 * Pure: no I/O.
 */
import { applyPatch, createTwoFilesPatch } from 'diff';
import { serializeJson } from '../artifact/artifact.ts';

export type StoredDocument =
  | { kind: 'whole'; file: string; text: string }
  | { kind: 'patch'; file: string; text: string };

/** The suffix of a document stored as a diff against the previous release's. */
export const PATCH_SUFFIX = '.patch';

/** Diffs whose edit distance exceeds this many lines are not worth computing: the document is stored whole. */
const MAX_EDIT_LINES = 20_000;

/** The reviewable text of a served body: its JSON pretty-printed with a final newline. */
export function prettyText(body: Buffer): string {
  return `${JSON.stringify(JSON.parse(body.toString('utf8')), null, 2)}\n`;
}

/** The served bytes of a stored text. */
export function servedBody(text: string): Buffer {
  return serializeJson(JSON.parse(text));
}

/**
 * The file a release stores for one document: a patch against `previous` (the previous release's
 * text of the same document) when that is smaller than the document, else the whole text.
 */
export function storedDocument(name: string, text: string, previous: string | undefined): StoredDocument {
  if (previous !== undefined) {
    const patch = createTwoFilesPatch(`a/${name}`, `b/${name}`, previous, text, undefined, undefined, {
      context: 3,
      maxEditLength: MAX_EDIT_LINES,
    });
    if (patch !== undefined && patch.length < text.length)
      return { kind: 'patch', file: `${name}${PATCH_SUFFIX}`, text: patch };
  }
  return { kind: 'whole', file: name, text };
}

/** The text of a stored document, given the previous release's text when it is a patch. */
export function documentText(stored: StoredDocument, previous: () => string | undefined, where: string): string {
  if (stored.kind === 'whole') return stored.text;
  const base = previous();
  if (base === undefined) throw new Error(`${where}: a patch, but the previous release has no such document`);
  const text = applyPatch(base, stored.text);
  if (text === false) throw new Error(`${where}: does not apply to the previous release's document`);
  return text;
}
