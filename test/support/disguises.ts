/**
 * Each way an attacker dressed a real model name (issue 37): what was done, the disguise, the class the name rule
 * (src/cost/name-key.ts) refuses it as and the code point it names ('' when it varies). The unit tests and the
 * reliability suite inject the same list.
 */
export const KELVIN = '\u212a';

/** Each way an attacker dressed a real name, the class it is refused as, and the code point named. */
export const DISGUISES: [string, (name: string) => string, string, string][] = [
  ['KELVIN SIGN for k', (name) => name.replace(/k/i, KELVIN), 'non-ascii', 'U+212A'],
  ['a Cyrillic i', (name) => name.replace(/i/, '\u0456'), 'non-ascii', 'U+0456'],
  [
    'full-width letters',
    (name) => name.replace(/[a-z]/i, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)),
    'non-ascii',
    '',
  ],
  ['a leading byte-order mark', (name) => `\ufeff${name}`, 'invisible', 'U+FEFF'],
  ['a zero-width space inside', (name) => `${name.slice(0, 2)}\u200b${name.slice(2)}`, 'invisible', 'U+200B'],
  ['a trailing no-break space', (name) => `${name}\u00a0`, 'space', 'U+00A0'],
  ['a right-to-left override', (name) => `\u202e${name}`, 'bidi', 'U+202E'],
  ['an escape sequence', (name) => `${name}\u001b[2J`, 'control', 'U+001B'],
];
