/**
 * JSON from outside: strict UTF-8, a parse error that says where, and no key that could
 * reach an object prototype if the data were ever merged naively (`__proto__`,
 * `constructor`, `prototype`). Pure.
 */
import type { DataIssue } from '../compile/errors.ts';

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
      issues.push({ file: label, field: path, value: undefined, message: `nests deeper than ${MAX_DEPTH} levels` });
      continue;
    }
    if (Array.isArray(value)) {
      value.forEach((item, index) => stack.push({ value: item, path: `${path}[${index}]`, depth: depth + 1 }));
      continue;
    }
    for (const key of Object.keys(value)) {
      const childPath = path ? `${path}.${key}` : key;
      if (FORBIDDEN_KEYS.has(key)) {
        issues.push({ file: label, field: childPath, value: (value as Record<string, unknown>)[key], message: `forbidden key "${key}" (prototype pollution guard)` });
        continue;
      }
      stack.push({ value: (value as Record<string, unknown>)[key], path: childPath, depth: depth + 1 });
    }
  }
  return issues;
}

export function decodeUtf8(body: Buffer, label: string): { ok: true; text: string } | { ok: false; issues: DataIssue[] } {
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
    return { ok: false, issues: [{ file: label, field: '', value: undefined, message: `is not valid JSON (${(error as Error).message}; ${body.length} bytes received)` }] };
  }
  const issues = unsafeKeys(value, label);
  return issues.length > 0 ? { ok: false, issues } : { ok: true, value };
}
