/**
 * The one rule by which a name from outside (a leaderboard's model name, a model id in a request) is compared with
 * the names the directory records. Every recorded name and id is printable ASCII (the schema's slug, and a test over
 * the data), so a name can only equal one of them if it is printable ASCII itself: after Unicode normalization (NFKC)
 * and case folding, a KELVIN SIGN, a full-width letter, a Cyrillic "а" or a non-breaking space would turn into a
 * different, plausible name and match a model it does not name. Such a name is refused with the reason, never
 * matched. What is compared is the name with spaces and tabs trimmed and ASCII letters lower-cased.
 *
 * Pure and dependency-free (it runs in the client and the browser too); the refresh names, for its report, which
 * letter a refused character imitates (src/refresh/match.ts, from Unicode's confusables data).
 */

/** Why a name cannot be compared: the first character outside printable ASCII, by class. */
export type NameRefusal = {
  /** The offending character as U+XXXX. */
  codePoint: string;
  /** `control` (C0, DEL, C1), `invisible` (zero-width, BOM, soft hyphen and other format characters), `bidi` (direction overrides and isolates), `space` (a space other than U+0020 or tab), `non-ascii` (any other character beyond ASCII). */
  kind: 'control' | 'invisible' | 'bidi' | 'space' | 'non-ascii';
};

export type NameKey = { ok: true; key: string } | { ok: false; refusal: NameRefusal };

const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
const INVISIBLE = /\p{Cf}/u;
const SPACE = /\p{Zs}|[\u2028\u2029]/u;

function classify(char: string): NameRefusal['kind'] {
  const code = char.codePointAt(0)!;
  if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return 'control';
  if (BIDI.test(char)) return 'bidi';
  if (INVISIBLE.test(char)) return 'invisible';
  if (SPACE.test(char)) return 'space';
  return 'non-ascii';
}

const TRIMMED = /^[ \t]+|[ \t]+$/g;

/** The key a name is compared by, or why it is refused. */
export function nameKey(name: string): NameKey {
  const trimmed = name.replace(TRIMMED, '');
  for (const char of trimmed) {
    const code = char.codePointAt(0)!;
    if (code < 0x20 || code > 0x7e) {
      return {
        ok: false,
        refusal: { codePoint: `U+${code.toString(16).toUpperCase().padStart(4, '0')}`, kind: classify(char) },
      };
    }
  }
  return { ok: true, key: trimmed.toLowerCase() };
}

/** The refusal in words, for an error or a report line. */
export function refusalText(refusal: NameRefusal): string {
  const what = {
    control: 'a control character',
    invisible: 'an invisible character',
    bidi: 'a text-direction control',
    space: 'a space other than U+0020',
    'non-ascii': 'a character outside ASCII',
  }[refusal.kind];
  return `holds ${what} (${refusal.codePoint}); names and ids are compared only when they are printable ASCII`;
}
