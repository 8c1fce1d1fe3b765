/**
 * JSON from outside: strict UTF-8, a parse error that says where, no key stated twice in one
 * object (JSON.parse would silently keep the last copy, so an upstream could publish either
 * value), and no key that could reach an object prototype if the data were ever merged naively
 * (`__proto__`, `constructor`, `prototype`). Pure.
 */
import type { DataIssue } from './errors.ts';

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const MAX_DEPTH = 64;

export type JsonResult = { ok: true; value: unknown } | { ok: false; issues: DataIssue[] };

/** Every forbidden key (and excessive nesting) in a parsed JSON value, with its path. */
export function unsafeKeys(root: unknown, label: string): DataIssue[] {
  const issues: DataIssue[] = [];
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: root, path: '', depth: 0 }];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!;
    if (value === null || typeof value !== 'object') continue;
    if (depth > MAX_DEPTH) {
      issues.push({ file: label, field: path, value: depth, message: `nests deeper than ${MAX_DEPTH} levels` });
      continue;
    }
    if (Array.isArray(value)) {
      value.forEach((item, index) => {
        stack.push({ value: item, path: `${path}[${index}]`, depth: depth + 1 });
      });
      continue;
    }
    for (const key of Object.keys(value)) {
      const childPath = path ? `${path}.${key}` : key;
      if (FORBIDDEN_KEYS.has(key)) {
        issues.push({
          file: label,
          field: childPath,
          value: (value as Record<string, unknown>)[key],
          message: `forbidden key "${key}" (prototype pollution guard)`,
        });
        continue;
      }
      stack.push({ value: (value as Record<string, unknown>)[key], path: childPath, depth: depth + 1 });
    }
  }
  return issues;
}

const MAX_DUPLICATES_REPORTED = 20;

/**
 * Every key stated more than once in one object, with the object's path (the same path format
 * as unsafeKeys), found by one pass over `text`, which must already be valid JSON. Keys compare
 * as JSON.parse decodes them, so `"a"` and `"\u0061"` are the same key.
 */
export function duplicateKeys(text: string, label: string): DataIssue[] {
  interface Frame {
    /** Keys seen so far (objects) and how often; null for arrays. */
    keys: Map<string, number> | null;
    path: string;
    key: string | null;
    index: number;
  }
  const stack: Frame[] = [];
  const duplicates = new Map<string, { path: string; key: string; copies: number }>();
  const childPath = (): string => {
    const top = stack.at(-1);
    if (!top) return '';
    if (top.keys === null) return `${top.path}[${top.index}]`;
    return top.path ? `${top.path}.${top.key}` : (top.key ?? '');
  };
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      let end = i + 1;
      for (;;) {
        end = text.indexOf('"', end);
        let backslashes = 0;
        for (let j = end - 1; text.charCodeAt(j) === 0x5c; j--) backslashes++;
        if (backslashes % 2 === 0) break;
        end += 1;
      }
      const top = stack.at(-1);
      if (expectKey && top?.keys) {
        const raw = text.slice(i + 1, end);
        const key = raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw;
        const copies = (top.keys.get(key) ?? 0) + 1;
        top.keys.set(key, copies);
        top.key = key;
        if (copies > 1) duplicates.set(`${top.path}\u0000${key}`, { path: top.path, key, copies });
        expectKey = false;
      }
      i = end;
    } else if (c === 0x7b /* { */) {
      stack.push({ keys: new Map(), path: childPath(), key: null, index: 0 });
      expectKey = true;
    } else if (c === 0x5b /* [ */) {
      stack.push({ keys: null, path: childPath(), key: null, index: 0 });
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      stack.pop();
      expectKey = false;
    } else if (c === 0x2c /* , */) {
      const top = stack.at(-1);
      if (top?.keys) expectKey = true;
      else if (top) top.index += 1;
    }
  }
  const found = [...duplicates.values()];
  const issues: DataIssue[] = found.slice(0, MAX_DUPLICATES_REPORTED).map(({ path, key, copies }) => ({
    file: label,
    field: path,
    value: key,
    message: `duplicate key ${JSON.stringify(key)} (${copies} copies in one object; JSON.parse would silently keep the last, so the document is ambiguous)`,
  }));
  if (found.length > MAX_DUPLICATES_REPORTED)
    issues.push({
      file: label,
      field: '',
      value: undefined,
      message: `... and ${found.length - MAX_DUPLICATES_REPORTED} more duplicate keys`,
    });
  return issues;
}

export function decodeUtf8(
  body: Buffer,
  label: string,
): { ok: true; text: string } | { ok: false; issues: DataIssue[] } {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(body);
    return { ok: true, text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text };
  } catch {
    return { ok: false, issues: [{ file: label, field: '', value: undefined, message: 'is not valid UTF-8' }] };
  }
}

export function parseJsonGuarded(body: Buffer, label: string): JsonResult {
  const decoded = decodeUtf8(body, label);
  if (!decoded.ok) return decoded;
  let value: unknown;
  try {
    value = JSON.parse(decoded.text);
  } catch (error) {
    return {
      ok: false,
      issues: [
        {
          file: label,
          field: '',
          value: undefined,
          message: `is not valid JSON (${(error as Error).message}; ${body.length} bytes received)`,
        },
      ],
    };
  }
  const issues = [...duplicateKeys(decoded.text, label), ...unsafeKeys(value, label)];
  return issues.length > 0 ? { ok: false, issues } : { ok: true, value };
}
