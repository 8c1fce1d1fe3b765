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

const brotliOptions = (body: Buffer): BrotliOptions => ({
  params: {
    [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
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
