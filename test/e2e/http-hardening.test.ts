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
import { errorShapeProblem, exchange, get, type RawHttpResponse } from '../reliability/raw-http.ts';

const distPath = () => inject('distPath');
const portOf = (baseUrl: string) => Number(new URL(baseUrl).port);
const artifactFile = (urlPath: string) => readFileSync(path.join(distPath(), urlPath));
const expectErrorShape = (response: RawHttpResponse | undefined, status: number) => {
  expect(response?.status).toBe(status);
  expect(errorShapeProblem(response!)).toBeNull();
  expect(Number(response!.headers['content-length'])).toBe(response!.body.length);
  expect(response!.headers['cache-control']).toBe('no-store');
};

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

  it('an HTTP/1.1 request without Host gets the JSON 400 and close', async () => {
    const result = await exchange(port, 'GET /api/providers.json HTTP/1.1\r\nAccept: */*\r\n\r\n');
    expect(result.responses).toHaveLength(1);
    expectErrorShape(result.responses[0], 400);
    expect(result.responses[0]!.close).toBe(true);
    // HTTP/1.0 has no Host requirement.
    const old = await exchange(port, 'GET /api/providers.json HTTP/1.0\r\n\r\n');
    expect(old.responses[0]?.status).toBe(200);
  });

  it('an expectation other than 100-continue gets the JSON 417 (Node) or is ignored (nginx; RFC 9110 10.1.1 allows both)', async () => {
    const result = await exchange(port, get('/api/providers.json', { Expect: 'foo' }), { responses: 1 });
    if (targetName === 'node') expectErrorShape(result.responses[0], 417);
    else expect(result.responses[0]?.body.equals(artifactFile('api/providers.json'))).toBe(true);
    const continued = await exchange(port, get('/api/providers.json', { Expect: '100-continue' }), { responses: 1 });
    expect(continued.responses[0]?.status).toBe(200);
  });

  it.each(['TRACE', 'CONNECT', 'PROPFIND'])('%s /api/tools.json gets the JSON 405 with Allow', async (method) => {
    const result = await exchange(port, get('/api/tools.json', {}, method), { responses: 1 });
    expectErrorShape(result.responses[0], 405);
    expect(result.responses[0]!.headers.allow).toBe('GET, HEAD, OPTIONS');
    expect(result.responses[0]!.headers['x-content-type-options']).toBe('nosniff');
  });


  it('CONNECT host:port gets a JSON error instead of a dropped connection (405 from Node; 400 from nginx, which cannot parse the authority form)', async () => {
    const result = await exchange(port, 'CONNECT example.test:443 HTTP/1.1\r\nHost: example.test:443\r\n\r\n');
    expect(result.responses.map((r) => r.status)).toEqual([targetName === 'node' ? 405 : 400]);
    expectErrorShape(result.responses[0], targetName === 'node' ? 405 : 400);
    expect(result.responses[0]!.close).toBe(true);
    expect(result.closed).toBe(true);
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
