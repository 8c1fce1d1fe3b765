/**
 * Text from upstreams, checked and made safe to show. Upstream documents are not trusted: a
 * control character in a text field (ESC, BEL, CR, LF...) could forge lines in the refresh
 * report or a terminal, so such values are refused; whatever a report prints is escaped; and
 * what the public freshness document says about a failure names what failed, never the values
 * an upstream sent nor paths of the publishing machine.
 */
import type { DataIssue } from '../compile/errors.ts';

/**
 * Text-direction controls: embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069) and the marks
 * (U+200E, U+200F, U+061C). An override turns `gpt-5` into what reads as another name on a page or a terminal.
 */
const isBidi = (code: number) =>
  (code >= 0x202a && code <= 0x202e) ||
  (code >= 0x2066 && code <= 0x2069) ||
  code === 0x200e ||
  code === 0x200f ||
  code === 0x061c;

/** C0 controls, DEL, C1 controls, the Unicode line and paragraph separators and the text-direction controls. */
const isControl = (code: number) =>
  code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029 || isBidi(code);

function hasControl(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (isControl(text.charCodeAt(i))) return true;
  return false;
}

// A tab forges no line and real upstreams have them (models.dev names "DeepSeek R1\t(Turbo)"): it is accepted
// as text, and escaped like every control character wherever a report prints it.
const TAB = 0x09;

function hasForbiddenControl(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code !== TAB && isControl(code)) return true;
  }
  return false;
}

/** `text` with every control character written as \uXXXX: one line of a report stays one line. */
export function escapeControls(text: string): string {
  if (!hasControl(text)) return text;
  let out = '';
  for (const char of text) {
    const code = char.charCodeAt(0);
    out += isControl(code) ? `\\u${code.toString(16).padStart(4, '0')}` : char;
  }
  return out;
}

/** Every string (keys included) in a parsed upstream value that holds a control character, as issues naming where. */
export function controlCharacterIssues(value: unknown, label: string, limit = 20): DataIssue[] {
  const issues: DataIssue[] = [];
  const visit = (node: unknown, where: string) => {
    if (issues.length >= limit) return;
    if (typeof node === 'string') {
      if (hasForbiddenControl(node))
        issues.push({
          file: label,
          field: where,
          value: escapeControls(node),
          message: 'holds a control or text-direction character (refused: upstream text must be printable)',
        });
      return;
    }
    if (Array.isArray(node)) for (const [index, item] of node.entries()) visit(item, `${where}[${index}]`);
    else if (node !== null && typeof node === 'object')
      for (const [key, item] of Object.entries(node)) {
        visit(key, `${where}${where ? '.' : ''}(key)`);
        visit(item, `${where}${where ? '.' : ''}${escapeControls(key)}`);
      }
  };
  visit(value, '');
  return issues;
}

/** Drops each ` (got …)` quotation of a value (formatIssue's), whose JSON may hold parentheses in strings. */
function withoutQuotedValues(text: string): string {
  let out = '';
  let at = 0;
  for (let start = text.indexOf(' (got ', at); start !== -1; start = text.indexOf(' (got ', at)) {
    out += text.slice(at, start);
    let depth = 1;
    let inString = false;
    let i = start + 6;
    for (; i < text.length && depth > 0; i++) {
      const char = text[i];
      if (inString) {
        if (char === '\\') i++;
        else if (char === '"') inString = false;
      } else if (char === '"') inString = true;
      else if (char === '(') depth++;
      else if (char === ')') depth--;
      else if (text.startsWith(' | ', i)) break; // a value cut short: the next problem starts here
    }
    at = i;
  }
  return out + text.slice(at);
}

/** An absolute local path (not the path of a URL, which follows its host). */
const LOCAL_PATH = /(?<![\w.:/@-])\/(?:[\w.@+~-]+\/)+([\w.@+~-]+)/g;

/** What the public freshness document may say about a failure: what failed, without upstream values or local paths. */
export function publicErrorText(text: string): string {
  return escapeControls(withoutQuotedValues(text).replace(LOCAL_PATH, '…/$1'));
}

/**
 * A JSON escape that decodes to a control character other than the tab: \b \f \n \r, or \u for C0, DEL, C1,
 * U+2028/9 and the text-direction controls (U+202A-E, U+2066-9, U+200E/F, U+061C), which would otherwise reach a
 * page as a decoded right-to-left override from any upstream whose values are not scanned after parsing.
 */
const CONTROL_ESCAPE =
  /^(?:[bfnr]|u(?:000[0-8a-f]|001[0-9a-f]|007f|008[0-9a-f]|009[0-9a-f]|202[89a-e]|206[6-9]|200[ef]|061c))/i;

/**
 * Where raw upstream bytes hold a control character in text: a raw control byte other than the
 * tab, line feed and carriage return that separate tokens and rows, a C1 or line separator
 * character, or a JSON escape of one (a JSON string cannot hold raw controls, so this is how
 * one would arrive). Returns the offset of the first, or -1. Every upstream passes here.
 */
export function controlCharacterOffset(body: Buffer): number {
  const text = body.toString('utf8');
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x5c) {
      if (CONTROL_ESCAPE.test(text.slice(i + 1, i + 6))) return i;
      i++; // an escaped character, a backslash included, is not the start of another escape
      continue;
    }
    if (code === 0x09 || code === 0x0a || code === 0x0d) continue;
    if (isControl(code)) return i;
  }
  return -1;
}
