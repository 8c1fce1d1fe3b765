/**
 * DIRECTORY_BROTLI_QUALITY: the artifact's brotli quality is 11 unless an operator (or a refresh suite) trades
 * size for build time; a bad value is refused naming the variable and the value, and copies made at another
 * quality never reach the file cache a real build links from.
 */
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { brotli, brotliQuality } from '../../src/artifact/compress.ts';
import { PATHS } from '../../src/fs/paths.ts';
import { fileCache } from '../../src/history/publish.ts';

const saved = process.env.DIRECTORY_BROTLI_QUALITY;
afterEach(() => {
  if (saved === undefined) delete process.env.DIRECTORY_BROTLI_QUALITY;
  else process.env.DIRECTORY_BROTLI_QUALITY = saved;
});

const body = Buffer.from(
  JSON.stringify({ models: Array.from({ length: 400 }, (_, i) => ({ id: `model-${i}`, price: i / 7 })) }),
);

describe('DIRECTORY_BROTLI_QUALITY', () => {
  it('is 11 when unset or empty, and the file cache is the shared one', () => {
    delete process.env.DIRECTORY_BROTLI_QUALITY;
    expect(brotliQuality()).toBe(11);
    expect(fileCache().dir).toBe(PATHS.cache);
    process.env.DIRECTORY_BROTLI_QUALITY = '';
    expect(brotliQuality()).toBe(11);
  });

  it('at 9 compresses to bytes that decompress to the body, cached in a folder of their own', () => {
    process.env.DIRECTORY_BROTLI_QUALITY = '9';
    const fast = brotli(body);
    expect(brotliDecompressSync(fast).equals(body)).toBe(true);
    expect(fileCache().dir).toBe(path.join(PATHS.cache, 'brotli-q9'));
    delete process.env.DIRECTORY_BROTLI_QUALITY;
    expect(brotli(body).equals(fast)).toBe(false);
  });

  it.each(['12', '-1', '9.5', 'fast'])('refuses %j, naming the variable and the value', (value) => {
    process.env.DIRECTORY_BROTLI_QUALITY = value;
    expect(() => brotliQuality()).toThrow(
      `DIRECTORY_BROTLI_QUALITY must be a whole number from 0 to 11 (got "${value}")`,
    );
  });
});
