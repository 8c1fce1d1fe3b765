/**
 * The YAML subset leaderboards such as Aider's publish: a top-level list of flat mappings with
 * scalar values (`- key: value` opens an entry, `  key: value` continues it; blank and comment
 * lines are skipped). Anything else (nesting, block scalars, anchors, flow collections) is
 * refused with its line number rather than guessed at. Numbers stay text: the reader converts
 * the fields it knows. Pure.
 */
import { type DataIssue, MAX_ISSUES_KEPT } from '../../compile/errors.ts';

export type FlatEntry = { line: number; values: Map<string, string> };
export type FlatYaml = { ok: true; entries: FlatEntry[] } | { ok: false; issues: DataIssue[] };

const LINE = /^(- | {2})([A-Za-z0-9_.-]+):(?: (.*))?$/;

/** A plain or quoted scalar; a trailing " # comment" of a plain scalar is dropped. */
function scalar(raw: string): string | undefined {
  const text = raw.trim();
  if (text.startsWith('"')) {
    if (!/^"(?:[^"\\]|\\.)*"$/.test(text)) return undefined;
    // YAML escapes JSON lacks (\x41, \e, \N) and ones neither has (\q) are refused as the line's problem.
    try {
      return JSON.parse(text) as string;
    } catch {
      return undefined;
    }
  }
  if (text.startsWith("'")) return /^'(?:[^']|'')*'$/.test(text) ? text.slice(1, -1).replace(/''/g, "'") : undefined;
  const plain = text.replace(/\s+#.*$/, '');
  return /^[[{&*!|>]/.test(plain) ? undefined : plain;
}

export function parseFlatYaml(text: string, label: string): FlatYaml {
  const issues: DataIssue[] = [];
  const entries: FlatEntry[] = [];
  let refused = 0;
  text.split(/\r?\n/).forEach((line, index) => {
    const lineNo = index + 1;
    if (refused > MAX_ISSUES_KEPT) return;
    if (line.trim() === '' || /^\s*#/.test(line)) return;
    const match = LINE.exec(line);
    const value = match ? scalar(match[3] ?? '') : undefined;
    if (!match || value === undefined || (match[1] === '  ' && entries.length === 0)) {
      issues.push({
        file: `${label} line ${lineNo}`,
        field: '',
        value: line.slice(0, 120),
        message: 'is not a flat "key: value" list entry',
      });
      refused += 1;
      return;
    }
    if (match[1] === '- ') entries.push({ line: lineNo, values: new Map() });
    const entry = entries.at(-1)!;
    if (entry.values.has(match[2]!))
      issues.push({
        file: `${label} line ${lineNo}`,
        field: match[2]!,
        value,
        message: 'repeats a key of the same entry',
      });
    entry.values.set(match[2]!, value);
  });
  if (refused > MAX_ISSUES_KEPT) {
    issues.length = MAX_ISSUES_KEPT;
    issues.push({
      file: label,
      field: '',
      value: undefined,
      message: `has more than ${MAX_ISSUES_KEPT} lines that are not flat "key: value" list entries; reading stopped there`,
    });
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, entries };
}
