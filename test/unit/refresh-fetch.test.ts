/**
 * The guarded reader against a loopback upstream: status, timeout, byte cap (declared and
 * streamed), redirects, content type, truncated bodies, files.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readUpstream, UpstreamError, type FetchLimits } from '../../src/refresh/fetch.ts';
import { startUpstream, type Upstream } from '../fixtures/upstream/server.ts';

const LIMITS: FetchLimits = { timeoutMs: 800, maxBytes: 100_000, maxRedirects: 2 };
const JSON_TYPES = ['application/json', 'text/plain'];

async function refusal(location: string, limits = LIMITS, types = JSON_TYPES): Promise<string> {
  try {
    await readUpstream('pricing upstream', location, types, limits);
  } catch (error) {
    if (error instanceof UpstreamError) return error.message;
    throw error;
  }
  throw new Error('expected the upstream to be refused');
}

describe('guarded upstream reads', () => {
  let upstream: Upstream;
  beforeAll(async () => {
    upstream = await startUpstream();
  });
  afterAll(async () => {
    await upstream.close();
  });

  it('reads a JSON body and hashes it', async () => {
    upstream.set('/ok.json', { body: '{"a":1}', headers: { 'content-type': 'application/json; charset=utf-8' } });
    const fetched = await readUpstream('pricing upstream', `${upstream.url}/ok.json`, JSON_TYPES, LIMITS);
    expect(fetched.body.toString()).toBe('{"a":1}');
    expect(fetched.mediaType).toBe('application/json');
    expect(fetched.sha256).toBe('015abd7f5cc57a2dd94b7590f04ad8084273905ee33ec5cebeae62276a97f862');
  });

  it('refuses an HTTP error status', async () => {
    upstream.set('/500.json', { status: 500, body: 'oops' });
    expect(await refusal(`${upstream.url}/500.json`)).toBe(
      `pricing upstream: ${upstream.url}/500.json answered HTTP 500 Internal Server Error`,
    );
  });

  it('gives up after the timeout, whether the headers or the body are slow', async () => {
    upstream.set('/hang.json', { hang: true });
    const started = Date.now();
    expect(await refusal(`${upstream.url}/hang.json`)).toContain('did not answer completely within 800 ms');
    expect(Date.now() - started).toBeLessThan(3000);
    upstream.set('/slow-body.json', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"a":');
    });
    expect(await refusal(`${upstream.url}/slow-body.json`)).toContain('did not answer completely within 800 ms');
  });

  it('refuses a body over the byte cap, by Content-Length and while streaming', async () => {
    upstream.set('/big-declared.json', { body: Buffer.alloc(200_000, 0x20) });
    expect(await refusal(`${upstream.url}/big-declared.json`)).toContain(
      'declares 200000 bytes (Content-Length), more than the limit of 100000',
    );
    upstream.set('/big-streamed.json', { streamBytes: 10_000_000 });
    expect(await refusal(`${upstream.url}/big-streamed.json`)).toContain('sent more than the limit of 100000 bytes');
  });

  it('follows a limited number of redirects and refuses a loop', async () => {
    upstream.set('/moved.json', { status: 301, headers: { location: '/ok.json' } });
    expect(
      (await readUpstream('pricing upstream', `${upstream.url}/moved.json`, JSON_TYPES, LIMITS)).finalLocation,
    ).toBe(`${upstream.url}/ok.json`);
    upstream.set('/loop.json', { status: 302, headers: { location: '/loop.json' } });
    expect(await refusal(`${upstream.url}/loop.json`)).toContain('redirected more than 2 times');
    upstream.set('/nowhere.json', { status: 302 });
    expect(await refusal(`${upstream.url}/nowhere.json`)).toContain('without a Location header');
    upstream.set('/ftp.json', { status: 302, headers: { location: 'ftp://example.test/x' } });
    expect(await refusal(`${upstream.url}/ftp.json`)).toContain('unsupported scheme ftp:');
  });

  it('refuses an unexpected content type', async () => {
    upstream.set('/page.html', { body: '<html></html>', headers: { 'content-type': 'text/html' } });
    expect(await refusal(`${upstream.url}/page.html`)).toContain(
      'sent content type "text/html"; expected one of application/json, text/plain',
    );
  });

  it('refuses a body cut short of its Content-Length', async () => {
    upstream.set('/cut.json', { body: `{"a":"${'x'.repeat(5000)}"}`, cutAfterBytes: 1000 });
    expect(await refusal(`${upstream.url}/cut.json`)).toMatch(/could not be read|did not answer completely/);
  });

  it('refuses a server that is not there', async () => {
    const gone = await startUpstream();
    await gone.close();
    expect(await refusal(`${gone.url}/api.json`)).toContain('could not be read (ECONNREFUSED)');
  });

  it('reads files, with the same byte cap', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'acmd-fetch-'));
    await writeFile(path.join(dir, 'small.json'), '{}');
    await writeFile(path.join(dir, 'big.json'), Buffer.alloc(200_000, 0x20));
    expect(
      (await readUpstream('pricing upstream', path.join(dir, 'small.json'), JSON_TYPES, LIMITS)).body.toString(),
    ).toBe('{}');
    expect(await refusal(path.join(dir, 'big.json'))).toContain('is 200000 bytes, more than the limit of 100000');
    expect(await refusal(path.join(dir, 'absent.json'))).toContain('cannot read');
  });
});
