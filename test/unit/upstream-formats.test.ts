/**
 * Benchmark upstream formats are a typed registry (src/refresh/upstream/formats.ts) keyed by the config's format
 * names: a fake format added through a registry alone is read with its own media types and reader, every name
 * the config accepts has its reader (none falls through to another's), and a registry that misses one fails to
 * compile (the `@ts-expect-error` below fails `npm run typecheck` the day it compiles).
 */
import { describe, expect, it } from 'vitest';
import { BENCHMARK_FORMATS } from '../../src/refresh/config-benchmarks.ts';
import { readerOf, UPSTREAM_FORMATS, type UpstreamFormats } from '../../src/refresh/upstream/formats.ts';

const context = { origin: 'https://example.test/board.txt', wanted: new Set<string>(), label: 'fake upstream' };

describe('the upstream format registry', () => {
  it('reads a fake format added through a registry alone', () => {
    const formats: UpstreamFormats<keyof typeof UPSTREAM_FORMATS | 'fake-lines'> = {
      ...UPSTREAM_FORMATS,
      'fake-lines': { kind: 'results', mediaTypes: ['text/plain'], read: () => ({ ok: false, issues: [] }) },
    };
    const reader = readerOf(formats, 'fake-lines');
    expect(reader.mediaTypes).toEqual(['text/plain']);
    expect(reader.kind === 'results' && reader.read(Buffer.from('x'), context)).toEqual({ ok: false, issues: [] });
  });

  it('has a reader of its own for every format the config accepts', () => {
    expect(Object.keys(UPSTREAM_FORMATS).sort()).toEqual([...BENCHMARK_FORMATS].sort());
    // A harbor leaderboard is not read as models.dev's document (the fall-through this registry replaced).
    const harbor = readerOf(UPSTREAM_FORMATS, 'harbor-leaderboard');
    const modelsDev = readerOf(UPSTREAM_FORMATS, 'models-dev');
    expect(harbor).not.toBe(modelsDev);
  });

  it('refuses to compile a registry without a reader for a config format', () => {
    const { 'harbor-leaderboard': _left, ...withoutOne } = UPSTREAM_FORMATS;
    // @ts-expect-error harbor-leaderboard has no reader
    const missing: UpstreamFormats = withoutOne;
    expect(Object.keys(missing)).toHaveLength(BENCHMARK_FORMATS.length - 1);
  });
});
