/**
 * Issue 21: what keeps upstream text and redirects from turning a refresh against its publisher.
 * Redirects followed for real against a loopback upstream (fetch.ts), the address rules, and the
 * text rules: control characters refused and escaped, public error text without upstream values
 * or local paths.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readUpstream } from '../../src/refresh/fetch.ts';
import { isInternalAddress, redirectPolicy } from '../../src/refresh/redirect-policy.ts';
import { controlCharacterOffset, escapeControls, publicErrorText } from '../../src/refresh/text-guard.ts';
import { startUpstream, type Upstream } from '../fixtures/upstream/server.ts';
import { TEST_LIMITS } from '../fixtures/upstream/workspace.ts';

describe('upstream redirects', () => {
  let upstream: Upstream;
  beforeAll(async () => {
    upstream = await startUpstream();
    upstream.set('/ok.json', { body: '{"ok":true}', headers: { 'content-type': 'application/json' } });
  });
  afterAll(async () => {
    await upstream?.close();
  });
  const read = (file: string, redirectHosts?: string[]) =>
    readUpstream('pricing upstream', `${upstream.url}/${file}`, ['application/json'], {
      ...TEST_LIMITS,
      redirectHosts,
    });

  it('follows a redirect on the same host, refuses another host unless the configuration allows it', async () => {
    const port = new URL(upstream.url).port;
    upstream.set('/same.json', { status: 302, headers: { location: '/ok.json' } });
    expect((await read('same.json')).body.toString()).toBe('{"ok":true}');
    upstream.set('/other.json', { status: 302, headers: { location: `http://localhost:${port}/ok.json` } });
    await expect(read('other.json')).rejects.toThrow(/refused a redirect to localhost:\d+/);
    // An allowed host is allowed on its default port, or on the port it names.
    await expect(read('other.json', ['localhost'])).rejects.toThrow(/refused a redirect to localhost:\d+/);
    expect((await read('other.json', [`localhost:${port}`])).body.toString()).toBe('{"ok":true}');
    // Another port of the upstream's own host is another service: what it answers is never read.
    const host = new URL(upstream.url).hostname;
    upstream.set('/port.json', { status: 302, headers: { location: `http://${host}:${Number(port) + 1}/admin` } });
    await expect(read('port.json')).rejects.toThrow(/refused a redirect to .*:\d+: not the upstream's host and port/);
    upstream.set('/https.json', { status: 302, headers: { location: `https://127.0.0.1:${port}/ok.json` } });
    await expect(read('https.json')).rejects.toThrow(/from http to https: redirects keep the scheme/);
  });

  it('never leads inward from an upstream that is not internal itself', async () => {
    const policy = redirectPolicy(new URL('http://upstream.example.invalid/'), ['127.0.0.1', '169.254.169.254']);
    const from = new URL('http://upstream.example.invalid/a.json');
    expect(await policy.refusal(from, new URL('http://127.0.0.1/creds'))).toMatch(/internal address/);
    expect(await policy.refusal(from, new URL('http://169.254.169.254/latest/meta-data/'))).toMatch(/internal/);
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
    ])
      expect(isInternalAddress(address), address).toBe(true);
    for (const address of ['8.8.8.8', '172.32.0.1', '2001:4860:4860::8888'])
      expect(isInternalAddress(address), address).toBe(false);
  });

  it('refuses upstream text with control characters, raw or escaped in JSON', async () => {
    upstream.set('/esc.json', { body: '{"name":"\\u001b[31mred"}', headers: { 'content-type': 'application/json' } });
    await expect(read('esc.json')).rejects.toThrow(/control character/);
    expect(controlCharacterOffset(Buffer.from('{"a":"\\\\n is text"}\n'))).toBe(-1);
    expect(controlCharacterOffset(Buffer.from('a,b\r\nc\u0007,d\n'))).toBe(6);
  });

  it('refuses a text-direction control in upstream text, raw or as a JSON escape (it would reach a model page)', async () => {
    upstream.set('/rtl.json', {
      body: '{"name":"gpt-5 \\u202Egnp.exe"}',
      headers: { 'content-type': 'application/json' },
    });
    await expect(read('rtl.json')).rejects.toThrow(/control character/);
    for (const code of ['202a', '202e', '2066', '2069', '200e', '200f', '061c'])
      expect(controlCharacterOffset(Buffer.from(`{"a":"x\\u${code}y"}`)), code).toBe(7);
    expect(controlCharacterOffset(Buffer.from('{"a":"x\u202ey"}'))).toBe(7);
    // Other escapes beyond ASCII are text: an accented name is not refused.
    expect(controlCharacterOffset(Buffer.from('{"a":"caf\\u00e9 \\u2014"}'))).toBe(-1);
  });

  it('accepts a tab in upstream text (models.dev has one in a model name) and escapes it where a report prints it', async () => {
    upstream.set('/tab.json', {
      body: '{"name":"DeepSeek R1\\t(Turbo)"}',
      headers: { 'content-type': 'application/json' },
    });
    await expect(read('tab.json')).resolves.toBeDefined();
    expect(controlCharacterOffset(Buffer.from('{"name":"a\\u0009b"}'))).toBe(-1);
    expect(controlCharacterOffset(Buffer.from('{"name":"a\\u000ab"}'))).toBe(10);
    expect(escapeControls('a\tb')).toBe('a\\u0009b');
  });
});

describe('text shown and published', () => {
  it('escapes control characters so one line stays one line', () => {
    expect(escapeControls('a\u001b[2K\rb\nc')).toBe('a\\u001b[2K\\u000db\\u000ac');
  });

  it('keeps what failed and drops what the upstream said and local paths', () => {
    const text =
      'rejected: 2 problem(s): pricing upstream: x.cost: must be a number (got "AKIA(SECRET)") | cannot read /srv/acmd/data/tools/x.json (EACCES)';
    expect(publicErrorText(text)).toBe(
      'rejected: 2 problem(s): pricing upstream: x.cost: must be a number | cannot read …/x.json (EACCES)',
    );
  });
});
