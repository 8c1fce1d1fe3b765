/**
 * Issue 5: fast, cacheable and CDN-ready. The static export (dist/) as a static host or CDN
 * gets it, and the HTTP caching and compression rules that the Node server and nginx serving
 * dist/ (deploy/nginx.conf) both follow. Where the two differ, the test says so and asserts
 * what each one does.
 */
import type { ManifestEntry } from '../../src/artifact/manifest.ts';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { prepareArtifact, publishArtifact, type ArtifactManifest } from '../../src/artifact/artifact.ts';
import { CACHE_CONTROL, JSON_CONTENT_TYPE } from '../../src/artifact/http-policy.ts';
import { httpRequest, json, type RawResponse } from '../support/http.ts';
import {
  brotliSkipReason,
  runnableTargets,
  skipNote,
  startNodeTarget,
  startTarget,
  type Target,
  type TargetName,
} from '../support/targets.ts';

const COMPRESSED_MIN_BYTES = 256;
/** Headers a static host or server computes per representation; `_headers` cannot and need not fix them. */
const PER_RESPONSE_HEADERS = new Set([
  'content-length',
  'etag',
  'last-modified',
  'vary',
  'content-encoding',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
]);

const distPath = () => inject('distPath');
const manifestOf = (dist: string) =>
  JSON.parse(readFileSync(path.join(dist, 'artifact.json'), 'utf8')) as ArtifactManifest;
const header = (response: RawResponse, name: string) => {
  const value = response.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : value;
};

/**
 * The brotli CLI is required under CI (.ci/run installs it) and optional locally: without it the
 * comparison is a declared skip that says what to install, never a silent pass.
 */
const BROTLI_CLI_MISSING = !process.env.CI && spawnSync('brotli', ['--version']).status !== 0;

interface HeaderRule {
  pattern: string;
  set: [string, string][];
  detach: string[];
}

/** Parses a Netlify / Cloudflare Pages `_headers` file. */
function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ pattern: line.trim(), set: [], detach: [] });
      continue;
    }
    const rule = rules.at(-1);
    if (!rule) throw new Error(`_headers: header line before any path: ${line}`);
    const trimmed = line.trim();
    if (trimmed.startsWith('!')) {
      rule.detach.push(trimmed.slice(1).trim().toLowerCase());
      continue;
    }
    const colon = trimmed.indexOf(':');
    if (colon <= 0) throw new Error(`_headers: not a header: ${line}`);
    rule.set.push([trimmed.slice(0, colon).trim().toLowerCase(), trimmed.slice(colon + 1).trim()]);
  }
  return rules;
}

/** The headers a host applies to `urlPath`: every matching rule in order; repeated headers are joined with ", " as both hosts do. */
function headersForPath(rules: HeaderRule[], urlPath: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const rule of rules) {
    const matches = rule.pattern.endsWith('*')
      ? urlPath.startsWith(rule.pattern.slice(0, -1))
      : rule.pattern === urlPath;
    if (!matches) continue;
    for (const name of rule.detach) out.delete(name);
    for (const [name, value] of rule.set) out.set(name, out.has(name) ? `${out.get(name)}, ${value}` : value);
  }
  return out;
}

function policyHeaders(response: RawResponse): Map<string, string> {
  const out = new Map<string, string>();
  for (const [name, value] of Object.entries(response.headers))
    if (!PER_RESPONSE_HEADERS.has(name) && value !== undefined) out.set(name, String(value));
  return out;
}

describe('the static export (dist/)', () => {
  it('holds every document with .br and .gz copies (files of 256 bytes or more), a JSON 404, _headers, _redirects and the manifest', async () => {
    const dist = distPath();
    const manifest = manifestOf(dist);
    for (const name of [
      '404.json',
      '_headers',
      '_redirects',
      'artifact.json',
      'api/tools.json',
      'api/tools.json.br',
      'api/tools.json.gz',
      'api/providers.json.br',
      'api/index.json.gz',
    ])
      expect(existsSync(path.join(dist, name)), name).toBe(true);
    expect(JSON.parse(readFileSync(path.join(dist, '404.json'), 'utf8'))).toEqual({
      error: { status: 404, message: expect.any(String) },
    });
    // Netlify: unknown paths get the JSON 404 body with status 404.
    expect(readFileSync(path.join(dist, '_redirects'), 'utf8').trim().split(/\s+/)).toEqual(['/*', '/404.json', '404']);
    for (const [urlPath, entry] of Object.entries(manifest.files)) {
      const identity = readFileSync(path.join(dist, entry.identity.file));
      expect(identity.length, urlPath).toBe(entry.identity.bytes);
      expect(createHash('sha256').update(identity).digest('hex'), urlPath).toBe(entry.sha256);
      if (identity.length < COMPRESSED_MIN_BYTES) continue;
      expect(entry.br && entry.gzip, `${urlPath} has compressed copies`).toBeTruthy();
      const br = readFileSync(path.join(dist, entry.br!.file));
      const gz = readFileSync(path.join(dist, entry.gzip!.file));
      expect(br.length).toBe(entry.br!.bytes);
      expect(gz.length).toBe(entry.gzip!.bytes);
      expect(brotliDecompressSync(br).equals(identity), `${urlPath}.br decodes to the document`).toBe(true);
      expect(gunzipSync(gz).equals(identity), `${urlPath}.gz decodes to the document`).toBe(true);
    }
  });

  it('gives every file of the artifact one modification time, and a release document its own publication time, so static servers send one Last-Modified per document', () => {
    const dist = distPath();
    const manifest = manifestOf(dist);
    const filesOf = (entries: ManifestEntry[]) =>
      entries.flatMap((e) => [e.identity, e.br, e.gzip].filter((r) => r !== undefined).map((r) => r.file));
    const mtimeOf = (file: string) => statSync(path.join(dist, file)).mtimeMs;
    const entries = Object.values(manifest.files);
    const own = entries.filter((e) => e.lastModified === undefined);
    const mtimes = new Set(['artifact.json', '_headers', '_redirects', ...filesOf(own)].map(mtimeOf));
    expect(mtimes.size).toBe(1);
    // Release documents are linked from the file cache, modified when their release was published.
    const released = entries.filter((e) => e.lastModified !== undefined);
    expect(released.length).toBeGreaterThan(0);
    for (const entry of released)
      for (const file of filesOf([entry])) expect(mtimeOf(file), file).toBe(Date.parse(entry.lastModified!));
  });

  it.skipIf(BROTLI_CLI_MISSING)(
    'ships a tools.json brotli body no larger than 1.01x what `brotli -q 11` produces (skipped without the brotli CLI: apt-get install brotli)',
    () => {
      const file = path.join(distPath(), 'api/tools.json');
      const reference = spawnSync('brotli', ['-q', '11', '-c', file]);
      expect(reference.status).toBe(0);
      const shipped = readFileSync(`${file}.br`).length;
      expect(shipped / reference.stdout.length).toBeLessThanOrEqual(1.01);
    },
  );

  describe("_headers (Netlify / Cloudflare Pages) reproduces the Node server's headers", () => {
    let node: Target;
    beforeAll(async () => {
      node = await startNodeTarget(distPath());
    });
    afterAll(async () => {
      await node?.stop();
    });

    it('for every published path, and the 404 body for unknown paths', async () => {
      const dist = distPath();
      const rules = parseHeadersFile(await readFile(path.join(dist, '_headers'), 'utf8'));
      // No header may be set by two matching rules: hosts would join the values.
      const paths = Object.keys(manifestOf(dist).files);
      expect(paths.length).toBeGreaterThan(10);
      for (const urlPath of paths) {
        const fromFile = headersForPath(rules, urlPath);
        const served =
          urlPath === '/404.json'
            ? await httpRequest(`${node.baseUrl}/api/no-such-document.json`)
            : await httpRequest(`${node.baseUrl}${urlPath}`);
        expect(served.status).toBe(urlPath === '/404.json' ? 404 : 200);
        expect(Object.fromEntries(fromFile), urlPath).toEqual(Object.fromEntries(policyHeaders(served)));
      }
    });
  });
});

interface EncodingCase {
  acceptEncoding: string;
  expected: Record<TargetName, 'br' | 'gzip' | 'identity' | 406>;
  note?: string;
}

const ENCODING_CASES: EncodingCase[] = [
  { acceptEncoding: 'br;q=1, gzip;q=0.5', expected: { node: 'br', nginx: 'br' } },
  { acceptEncoding: 'gzip, deflate, br', expected: { node: 'br', nginx: 'br' } },
  { acceptEncoding: 'gzip', expected: { node: 'gzip', nginx: 'gzip' } },
  { acceptEncoding: 'br;q=0, gzip', expected: { node: 'gzip', nginx: 'gzip' } },
  { acceptEncoding: 'identity', expected: { node: 'identity', nginx: 'identity' } },
  { acceptEncoding: '*;q=0, identity', expected: { node: 'identity', nginx: 'identity' } },
  { acceptEncoding: 'gzip;q=0, br;q=0', expected: { node: 'identity', nginx: 'identity' } },
  { acceptEncoding: '', expected: { node: 'identity', nginx: 'identity' } },
  // RFC 9110 12.1 lets a server either answer 406 or disregard the header: Node answers 406,
  // nginx disregards it and sends the identity body.
  { acceptEncoding: 'identity;q=0', expected: { node: 406, nginx: 'identity' }, note: 'no acceptable coding' },
  // Node weighs q-values; nginx takes br whenever it is acceptable at all, then gzip.
  {
    acceptEncoding: 'br;q=0.1, gzip;q=1',
    expected: { node: 'gzip', nginx: 'br' },
    note: 'q-values weighed only by Node',
  },
  // Node reads "*" as every coding; nginx only looks for the names br and gzip.
  { acceptEncoding: '*', expected: { node: 'br', nginx: 'identity' }, note: '"*" honoured only by Node' },
];

describe.each(runnableTargets())('HTTP caching and compression (%s)', (targetName) => {
  const noBrotli = brotliSkipReason(targetName);
  let target: Target;
  const get = (urlPath: string, headers: Record<string, string> = {}, method = 'GET') =>
    httpRequest(`${target.baseUrl}${urlPath}`, { method, headers });
  let identityBody: Buffer;

  beforeAll(async () => {
    target = await startTarget(targetName, distPath());
    identityBody = readFileSync(path.join(distPath(), 'api/tools.json'));
  });
  afterAll(async () => {
    await target?.stop();
  });

  describe('conditional requests', () => {
    it.each(['br', 'gzip', 'identity'])(
      'If-None-Match with the %s ETag answers 304 with no body and the same validators and policy headers',
      async (coding) => {
        const first = await get('/api/tools.json', { 'Accept-Encoding': coding });
        expect(first.status).toBe(200);
        const etag = header(first, 'etag')!;
        expect(etag).toMatch(/^"[^"]+"$/); // strong
        for (const ifNoneMatch of [etag, `W/${etag}`, `"nope", ${etag}`, '*']) {
          const second = await get('/api/tools.json', { 'Accept-Encoding': coding, 'If-None-Match': ifNoneMatch });
          expect(second.status, ifNoneMatch).toBe(304);
          expect(second.body.length).toBe(0);
          expect(header(second, 'etag')).toBe(etag);
          expect(header(second, 'cache-control')).toBe(CACHE_CONTROL.latest);
          expect(header(second, 'vary')).toContain('Accept-Encoding');
          expect(header(second, 'access-control-allow-origin')).toBe('*');
          expect(header(second, 'content-encoding')).toBeUndefined();
        }
      },
    );

    it.skipIf(noBrotli)(
      skipNote('each encoding has its own ETag, so a validator of one encoding does not match another', noBrotli),
      async () => {
        const etags = await Promise.all(
          ['br', 'gzip', 'identity'].map(async (coding) =>
            header(await get('/api/tools.json', { 'Accept-Encoding': coding }), 'etag'),
          ),
        );
        expect(new Set(etags).size).toBe(3);
        const other = await get('/api/tools.json', { 'Accept-Encoding': 'gzip', 'If-None-Match': etags[0]! });
        expect(other.status).toBe(200);
        expect(header(other, 'content-encoding')).toBe('gzip');
      },
    );

    it('If-Modified-Since answers 304 when the document is not newer, 200 when it is', async () => {
      const first = await get('/api/tools.json', { 'Accept-Encoding': 'br' });
      const lastModified = header(first, 'last-modified')!;
      expect(Number.isNaN(Date.parse(lastModified))).toBe(false);
      const notModified = await get('/api/tools.json', { 'Accept-Encoding': 'br', 'If-Modified-Since': lastModified });
      expect(notModified.status).toBe(304);
      expect(notModified.body.length).toBe(0);
      const later = new Date(Date.parse(lastModified) + 3_600_000).toUTCString();
      expect((await get('/api/tools.json', { 'Accept-Encoding': 'br', 'If-Modified-Since': later })).status).toBe(304);
      const earlier = new Date(Date.parse(lastModified) - 86_400_000).toUTCString();
      const modified = await get('/api/tools.json', { 'Accept-Encoding': 'br', 'If-Modified-Since': earlier });
      expect(modified.status).toBe(200);
      expect(modified.body.length).toBe(Number(header(modified, 'content-length')));
    });

    it('a non-matching If-None-Match wins over a matching If-Modified-Since (200)', async () => {
      const first = await get('/api/providers.json');
      const response = await get('/api/providers.json', {
        'If-None-Match': '"something-else"',
        'If-Modified-Since': header(first, 'last-modified')!,
      });
      expect(response.status).toBe(200);
    });
  });

  describe('Accept-Encoding negotiation over the precompressed bodies', () => {
    for (const { acceptEncoding, expected, note } of ENCODING_CASES) {
      // Without nginx's brotli module the cases that can answer br are not what nginx is configured to send.
      const skip = /\bbr\b/.test(acceptEncoding) ? noBrotli : null;
      it.skipIf(skip)(skipNote(`Accept-Encoding: "${acceptEncoding}" ${note ?? ''}`.trim(), skip), async () => {
        const want = expected[targetName];
        const response = await get('/api/tools.json', { 'Accept-Encoding': acceptEncoding });
        expect(header(response, 'vary')).toContain('Accept-Encoding');
        expect(response.body.length).toBe(Number(header(response, 'content-length')));
        if (want === 406) {
          expect(response.status).toBe(406);
          expect(header(response, 'content-type')).toBe(JSON_CONTENT_TYPE);
          expect(json(response)).toEqual({ error: { status: 406, message: expect.any(String) } });
          return;
        }
        expect(response.status).toBe(200);
        expect(header(response, 'content-encoding')).toBe(want === 'identity' ? undefined : want);
        const decoded =
          want === 'br'
            ? brotliDecompressSync(response.body)
            : want === 'gzip'
              ? gunzipSync(response.body)
              : response.body;
        expect(decoded.equals(identityBody)).toBe(true);
      });
    }

    for (const coding of ['br', 'gzip', 'identity']) {
      const skip = coding === 'br' ? noBrotli : null;
      it.skipIf(skip)(
        skipNote(`Content-Length is the body length for ${coding}, for GET and HEAD, on every document`, skip),
        async () => {
          const manifest = manifestOf(distPath());
          for (const urlPath of Object.keys(manifest.files).filter((p) => p.startsWith('/api/'))) {
            const response = await get(urlPath, { 'Accept-Encoding': coding });
            expect(response.status).toBe(200);
            expect(Number(header(response, 'content-length')), urlPath).toBe(response.body.length);
            const rep =
              coding === 'identity'
                ? manifest.files[urlPath]!.identity
                : (manifest.files[urlPath]![coding as 'br' | 'gzip'] ?? manifest.files[urlPath]!.identity);
            expect(response.body.length, `${urlPath} as ${coding}`).toBe(rep.bytes);
            // Vary only where there is something to negotiate, as on the Node server.
            const compressed = manifest.files[urlPath]!.br !== undefined;
            expect(header(response, 'vary')?.includes('Accept-Encoding') ?? false, urlPath).toBe(compressed);
            const head = await get(urlPath, { 'Accept-Encoding': coding }, 'HEAD');
            expect(head.body.length).toBe(0);
            expect(header(head, 'content-length')).toBe(header(response, 'content-length'));
            expect(header(head, 'etag')).toBe(header(response, 'etag'));
          }
        },
      );
    }

    it('error bodies have a correct Content-Length too', async () => {
      for (const [urlPath, method] of [
        ['/api/nope.json', 'GET'],
        ['/api/tools.json', 'POST'],
        ['/nope', 'DELETE'],
      ] as const) {
        const response = await get(urlPath, {}, method);
        expect(response.status).toBeGreaterThanOrEqual(400);
        expect(Number(header(response, 'content-length'))).toBe(response.body.length);
      }
    });
  });

  describe('headers', () => {
    it('documents are application/json; charset=utf-8 with the documented Cache-Control, CORS, nosniff and CORP', async () => {
      for (const urlPath of [
        '/api/tools.json',
        '/api/providers.json',
        '/api/index.json',
        '/api/schemas/tools.schema.json',
        '/api',
        '/api/',
      ]) {
        const response = await get(urlPath, { 'Accept-Encoding': 'gzip, br' });
        expect(response.status, urlPath).toBe(200);
        expect(header(response, 'content-type')).toBe(JSON_CONTENT_TYPE);
        expect(header(response, 'cache-control')).toBe(CACHE_CONTROL.latest);
        expect(header(response, 'access-control-allow-origin')).toBe('*');
        expect(header(response, 'x-content-type-options')).toBe('nosniff');
        expect(header(response, 'cross-origin-resource-policy')).toBe('cross-origin');
        expect(header(response, 'access-control-expose-headers')).toContain('ETag');
      }
    });

    it('the aliases /api and /api/ serve the endpoint index (/ is the web page: test/browser/)', async () => {
      const index = await get('/api/index.json');
      for (const alias of ['/api', '/api/']) expect((await get(alias)).body.equals(index.body), alias).toBe(true);
    });

    it('errors are never cached and still carry CORS, nosniff and CORP', async () => {
      const responses = [
        await get('/api/nope.json'),
        await get('/artifact.json'),
        await get('/api/tools.json', {}, 'PUT'),
      ];
      for (const response of responses) {
        expect(header(response, 'cache-control')).toBe(CACHE_CONTROL.error);
        expect(header(response, 'access-control-allow-origin')).toBe('*');
        expect(header(response, 'x-content-type-options')).toBe('nosniff');
        expect(header(response, 'cross-origin-resource-policy')).toBe('cross-origin');
        expect(header(response, 'content-type')).toBe(JSON_CONTENT_TYPE);
      }
      expect(responses.map((r) => r.status)).toEqual([404, 404, 405]);
      expect(header(responses[2]!, 'allow')).toBe('GET, HEAD, OPTIONS');
    });

    it('a CORS preflight on any path gets 204 with the allowed methods and the requested headers', async () => {
      const response = await get(
        '/api/anything',
        {
          Origin: 'https://example.test',
          'Access-Control-Request-Method': 'GET',
          'Access-Control-Request-Headers': 'if-none-match, if-modified-since',
        },
        'OPTIONS',
      );
      expect(response.status).toBe(204);
      expect(response.body.length).toBe(0);
      expect(header(response, 'access-control-allow-origin')).toBe('*');
      expect(header(response, 'access-control-allow-methods')).toBe('GET, HEAD, OPTIONS');
      expect(header(response, 'access-control-allow-headers')).toBe('if-none-match, if-modified-since');
      expect(header(response, 'access-control-max-age')).toBe('86400');
    });

    it('sends no framework banner and no server version', async () => {
      for (const response of [
        await get('/api/tools.json'),
        await get('/api/nope.json'),
        await get('/api/tools.json', {}, 'POST'),
      ]) {
        expect(header(response, 'x-powered-by')).toBeUndefined();
        const server = header(response, 'server');
        // nginx with server_tokens off says just "nginx"; the Node server sends no Server header.
        if (server !== undefined) expect(server).not.toMatch(/\d/);
        if (targetName === 'node') expect(server).toBeUndefined();
      }
    });

    it('Range is either ignored (200, full body) or answered correctly (206)', async () => {
      for (const coding of ['identity', 'br']) {
        const full = await get('/api/tools.json', { 'Accept-Encoding': coding });
        const response = await get('/api/tools.json', { 'Accept-Encoding': coding, Range: 'bytes=100-199' });
        if (response.status === 200) {
          expect(response.body.equals(full.body)).toBe(true);
        } else {
          expect(response.status).toBe(206);
          expect(header(response, 'content-range')).toBe(`bytes 100-199/${full.body.length}`);
          expect(response.body.equals(full.body.subarray(100, 200))).toBe(true);
        }
        // Both servers ignore Range today; a change here should be deliberate.
        expect(response.status).toBe(200);
      }
    });

    it('an oversized request header gets 431 with a JSON body', async () => {
      const response = await get('/api/tools.json', { 'X-Oversized': 'a'.repeat(20_000) });
      expect(response.status).toBe(431);
      expect(header(response, 'content-type')).toBe(JSON_CONTENT_TYPE);
      expect(json(response)).toEqual({ error: { status: 431, message: expect.any(String) } });
      expect(header(response, 'access-control-allow-origin')).toBe('*');
    });
  });
});

/** Sends the request head one byte at a time; resolves when the server closes the connection. */
function dribble(
  baseUrl: string,
  intervalMs: number,
  maxMs: number,
): Promise<{ closedAfterMs: number | null; received: string; bytesSent: number }> {
  const { hostname, port } = new URL(baseUrl);
  const head = Buffer.from(`GET /api/tools.json HTTP/1.1\r\nHost: ${hostname}\r\nX-Slow: ${'s'.repeat(200)}\r\n\r\n`);
  return new Promise((resolve) => {
    const started = Date.now();
    let received = '';
    let sent = 0;
    let done = false;
    const socket = net.connect({ host: hostname, port: Number(port) });
    const finish = (closed: boolean) => {
      if (done) return;
      done = true;
      clearInterval(timer);
      socket.destroy();
      resolve({ closedAfterMs: closed ? Date.now() - started : null, received, bytesSent: sent });
    };
    const timer = setInterval(() => {
      if (Date.now() - started > maxMs) return finish(false);
      if (sent < head.length && socket.writable) socket.write(head.subarray(sent, ++sent));
    }, intervalMs);
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.on('close', () => finish(true));
    socket.on('error', () => finish(true));
  });
}

describe.each(runnableTargets())('slow clients (%s)', (targetName) => {
  const HEADERS_TIMEOUT_MS = 500;
  let target: Target;
  beforeAll(async () => {
    target = await startTarget(targetName, distPath(), { headersTimeoutMs: HEADERS_TIMEOUT_MS });
  });
  afterAll(async () => {
    await target?.stop();
  });

  it('a connection that sends its headers slower than the header timeout is closed', async () => {
    // 20 bytes/s: the ~250-byte head would take over 12 s.
    const result = await dribble(target.baseUrl, 50, 8_000);
    expect(result.closedAfterMs, 'the server kept the connection open').not.toBeNull();
    expect(result.closedAfterMs!).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 50);
    expect(result.closedAfterMs!).toBeLessThan(4_000);
    expect(result.received).not.toMatch(/^HTTP\/1\.1 200/);
    // Node says 408 before closing; nginx closes without a response.
    if (targetName === 'node') expect(result.received).toMatch(/^HTTP\/1\.1 408 /);
  });
});

describe.each(runnableTargets())('dated release paths are immutable (%s)', (targetName) => {
  const noBrotli = brotliSkipReason(targetName);
  // Without nginx's brotli module br is not served there; the other codings are still checked.
  const codings = noBrotli ? ['gzip', 'identity'] : ['br', 'gzip', 'identity'];
  let root: string;
  let target: Target;
  const releaseBody = Buffer.from(
    `${JSON.stringify({ tools: Array.from({ length: 40 }, (_, i) => ({ id: `tool-${i}`, name: `Tool ${i}` })) })}\n`,
  );

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'acmd-release-'));
    const files = [
      { urlPath: '/api/index.json', contentType: JSON_CONTENT_TYPE, body: Buffer.from('{"name":"test"}\n') },
      { urlPath: '/api/v/2026-01-05/tools.json', contentType: JSON_CONTENT_TYPE, body: releaseBody, immutable: true },
      {
        urlPath: '/404.json',
        contentType: JSON_CONTENT_TYPE,
        body: Buffer.from('{"error":{"status":404,"message":"Not found."}}\n'),
      },
    ];
    await publishArtifact(prepareArtifact(files, '2026-01-05T00:00:00Z'), path.join(root, 'dist'));
    target = await startTarget(targetName, path.join(root, 'dist'));
  });
  afterAll(async () => {
    await target?.stop();
    if (root) await rm(root, { recursive: true, force: true });
  });

  it(
    skipNote(
      '/api/v/<date>/ documents are cached for a year as immutable, in every encoding and on 304',
      noBrotli && `br part: ${noBrotli}`,
    ),
    async () => {
      for (const coding of codings) {
        const response = await httpRequest(`${target.baseUrl}/api/v/2026-01-05/tools.json`, {
          headers: { 'Accept-Encoding': coding },
        });
        expect(response.status).toBe(200);
        expect(header(response, 'cache-control')).toBe(CACHE_CONTROL.immutable);
        expect(header(response, 'content-encoding')).toBe(coding === 'identity' ? undefined : coding);
        const revalidated = await httpRequest(`${target.baseUrl}/api/v/2026-01-05/tools.json`, {
          headers: { 'Accept-Encoding': coding, 'If-None-Match': header(response, 'etag')! },
        });
        expect(revalidated.status).toBe(304);
        expect(header(revalidated, 'cache-control')).toBe(CACHE_CONTROL.immutable);
      }
      const latest = await httpRequest(`${target.baseUrl}/api/index.json`);
      expect(header(latest, 'cache-control')).toBe(CACHE_CONTROL.latest);
      const missing = await httpRequest(`${target.baseUrl}/api/v/2026-01-05/nope.json`);
      expect(missing.status).toBe(404);
      expect(header(missing, 'cache-control')).toBe(CACHE_CONTROL.error);
    },
  );

  it('_headers gives them the immutable policy too', async () => {
    const rules = parseHeadersFile(await readFile(path.join(root, 'dist', '_headers'), 'utf8'));
    expect(headersForPath(rules, '/api/v/2026-01-05/tools.json').get('cache-control')).toBe(CACHE_CONTROL.immutable);
    expect(headersForPath(rules, '/api/index.json').get('cache-control')).toBe(CACHE_CONTROL.latest);
  });
});
