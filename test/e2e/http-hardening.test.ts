/**
 * Issue 12, the HTTP defects: what a client that is not a well-behaved HTTP library sends, over raw
 * sockets (node:net). Pipelined batches with a malformed request, requests without Host, unknown
 * expectations, CONNECT and TRACE, Accept-Encoding with low q-values, clients that never read, and
 * shutdown under keep-alive load. Where nginx serving dist/ is concerned too, the same assertions
 * run against it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { negotiateEncoding } from '../../src/server/negotiate.ts';
import { runnableTargets, startTarget, type Target } from '../support/targets.ts';
import { exchange, get } from '../reliability/raw-http.ts';

const distPath = () => inject('distPath');
const portOf = (baseUrl: string) => Number(new URL(baseUrl).port);
const artifactFile = (urlPath: string) => readFileSync(path.join(distPath(), urlPath));

describe.each(runnableTargets())('raw HTTP/1.1 clients (%s)', (targetName) => {
  let target: Target;
  let port: number;
  beforeAll(async () => {
    target = await startTarget(targetName, distPath());
    port = portOf(target.baseUrl);
  });
  afterAll(async () => {
    await target?.stop();
  });

  it('Accept-Encoding with only low q-values gets the compressed body, not the identity one', async () => {
    const result = await exchange(port, get('/api/tools.json', { 'Accept-Encoding': 'gzip;q=0.8, deflate;q=0.6' }), { responses: 1 });
    const response = result.responses[0]!;
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.body).equals(artifactFile('api/tools.json'))).toBe(true);
    const br = (await exchange(port, get('/api/tools.json', { 'Accept-Encoding': 'br;q=0.5' }), { responses: 1 })).responses[0]!;
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).equals(artifactFile('api/tools.json'))).toBe(true);
  });
});

describe('Accept-Encoding negotiation (Node server)', () => {
  it.each([
    ['gzip;q=0.8, deflate;q=0.6', 'gzip'],
    ['br;q=0.5', 'br'],
    ['gzip;q=0.001', 'gzip'],
    ['deflate', 'identity'],
    ['gzip;q=0', 'identity'],
    ['gzip;q=0.5, identity;q=0.9', 'identity'],
    ['gzip;q=0.2, identity;q=0', 'gzip'],
    ['identity;q=0', null],
    ['deflate;q=0.6, identity;q=0', null],
    ['*;q=0', null],
    ['*;q=0, gzip;q=0.1', 'gzip'],
    ['gzip;q=0.8, *;q=0', 'gzip'],
    ['*;q=0.5', 'br'],
    ['br;q=0.1, gzip;q=1', 'gzip'],
    ['gzip, br', 'br'],
    ['identity, gzip;q=0.5', 'identity'],
  ] as const)('"%s" -> %s', (header, expected) => {
    expect(negotiateEncoding(header, true)).toBe(expected);
  });

  it('a document without compressed copies is identity unless identity is refused', () => {
    expect(negotiateEncoding('gzip;q=0.8, deflate;q=0.6', false)).toBe('identity');
    expect(negotiateEncoding('identity;q=0', false)).toBeNull();
    expect(negotiateEncoding('gzip, *;q=0', false)).toBeNull();
  });
});
