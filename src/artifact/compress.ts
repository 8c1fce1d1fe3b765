/**
 * The artifact's compression settings, defined once: brotli as `brotli -q 11` (window 24) so a
 * shipped body is as small as the command line's, and gzip at level 9. The same settings give
 * the same bytes, whether a body is compressed now, on another thread or in an earlier build.
 */
import { promisify } from 'node:util';
import {
  brotliCompress,
  brotliCompressSync,
  type BrotliOptions,
  constants as zlibConstants,
  gzip as gzipCallback,
  gzipSync,
} from 'node:zlib';

/** The quality of `brotli -q 11`, the artifact's unless DIRECTORY_BROTLI_QUALITY says otherwise. */
export const BROTLI_QUALITY_DEFAULT = 11;

/**
 * Brotli's quality for this process: 11 unless DIRECTORY_BROTLI_QUALITY sets 0 to 10, which compresses a whole
 * build's documents several times faster into bodies some 10% larger (the refresh suites set it: what they test is
 * the publishing, not the ratio). Read at each call, so a test file can set it before it publishes.
 */
export function brotliQuality(): number {
  const raw = process.env.DIRECTORY_BROTLI_QUALITY;
  if (raw === undefined || raw === '') return BROTLI_QUALITY_DEFAULT;
  const quality = Number(raw);
  if (!Number.isInteger(quality) || quality < 0 || quality > 11)
    throw new Error(`DIRECTORY_BROTLI_QUALITY must be a whole number from 0 to 11 (got ${JSON.stringify(raw)})`);
  return quality;
}

const brotliOptions = (body: Buffer): BrotliOptions => ({
  params: {
    [zlibConstants.BROTLI_PARAM_QUALITY]: brotliQuality(),
    [zlibConstants.BROTLI_PARAM_LGWIN]: 24,
    [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
    [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
  },
});
const GZIP_LEVEL = 9;

export function brotli(body: Buffer): Buffer {
  return brotliCompressSync(body, brotliOptions(body));
}

export function gzip(body: Buffer): Buffer {
  return gzipSync(body, { level: GZIP_LEVEL });
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzipCallback);

/** brotli() on libuv's thread pool: a build compresses several bodies at once on every core. */
export function brotliOffThread(body: Buffer): Promise<Buffer> {
  return brotliAsync(body, brotliOptions(body));
}

/** gzip() on libuv's thread pool. */
export function gzipOffThread(body: Buffer): Promise<Buffer> {
  return gzipAsync(body, { level: GZIP_LEVEL });
}
