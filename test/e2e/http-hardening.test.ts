/**
 * Issue 12, the HTTP defects: what a client that is not a well-behaved HTTP library sends, over raw
 * sockets (node:net). Pipelined batches with a malformed request, requests without Host, unknown
 * expectations, CONNECT and TRACE, Accept-Encoding with low q-values, clients that never read, and
 * shutdown under keep-alive load. Where nginx serving dist/ is concerned too, the same assertions
 * run against it.
 */
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/server/server.ts';
import { negotiateEncoding } from '../../src/server/negotiate.ts';
import { startNginx } from '../support/nginx.ts';
import { busyConnection } from '../support/keep-alive.ts';
import { runnableTargets, startTarget, type Target } from '../support/targets.ts';
import { errorShapeProblem, exchange, get, parseResponses, type RawHttpResponse } from '../reliability/raw-http.ts';

const distPath = () => inject('distPath');
const portOf = (baseUrl: string) => Number(new URL(baseUrl).port);
const artifactFile = (urlPath: string) => readFileSync(path.join(distPath(), urlPath));
const expectErrorShape = (response: RawHttpResponse | undefined, status: number) => {
  expect(response?.status).toBe(status);
  expect(errorShapeProblem(response!)).toBeNull();
  expect(Number(response!.headers['content-length'])).toBe(response!.body.length);
  expect(response!.headers['cache-control']).toBe('no-store');
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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

  it('answers pipelined requests in order when the last one is malformed: 200, 200, then the JSON 400 and close', async () => {
    const payload = `${get('/api/tools.json', { 'Accept-Encoding': 'identity' })}${get('/api/categories.json')}GET /api/providers.json HTTP/1.1\r\nHost: localhost\r\nNot a header\r\n\r\n`;
    const result = await exchange(port, payload);
    expect(result.responses.map((r) => r.status)).toEqual([200, 200, 400]);
    expect(result.responses[0]!.body.equals(artifactFile('api/tools.json'))).toBe(true);
    expect(result.responses[1]!.body.equals(artifactFile('api/categories.json'))).toBe(true);
    expectErrorShape(result.responses[2], 400);
    expect(result.responses[2]!.close).toBe(true);
    expect(result.closed).toBe(true);
  });

  it('answers a request that arrives byte by byte after a pipelined one in order too', async () => {
    const payload = `${get('/api/categories.json')}${get('/api/platforms.json')}GET /api/providers.json HTTP/1.1\r\nHost: localhost\r\n\x01\r\n\r\n`;
    const result = await exchange(port, payload, { fragment: 7 });
    expect(result.responses.map((r) => r.status)).toEqual([200, 200, 400]);
    expectErrorShape(result.responses[2], 400);
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
    const payload = `${get('/api/categories.json')}CONNECT example.test:443 HTTP/1.1\r\nHost: example.test:443\r\n\r\n`;
    const result = await exchange(port, payload);
    expect(result.responses.map((r) => r.status)).toEqual([200, targetName === 'node' ? 405 : 400]);
    expectErrorShape(result.responses[1], targetName === 'node' ? 405 : 400);
    expect(result.responses[1]!.close).toBe(true);
    expect(result.closed).toBe(true);
  });

  it.each(['2030', '99999', '2030-01-01', '2030-01-01T00:00:00Z'])(
    'If-Modified-Since %j is not an HTTP date: ignored, the full 200',
    async (value) => {
      const result = await exchange(port, get('/api/tools.json', { 'If-Modified-Since': value }), { responses: 1 });
      expect(result.responses[0]!.status).toBe(200);
    },
  );

  it('If-Modified-Since as an HTTP date after the data (IMF-fixdate, with any zone read as GMT, and asctime) gets 304', async () => {
    for (const value of [
      'Sat, 01 Jan 2050 00:00:00 GMT',
      'Sat, 01 Jan 2050 00:00:00 +0000',
      'Sat Jan  1 00:00:00 2050',
    ]) {
      const result = await exchange(port, get('/api/tools.json', { 'If-Modified-Since': value }), { responses: 1 });
      expect(result.responses[0]!.status, value).toBe(304);
    }
  });

  it('a request body over 1 KiB gets a JSON error: 413 on a GET, 405 on a POST', async () => {
    const body = 'x'.repeat(2048);
    const request = (method: string) =>
      `${method} /api/tools.json HTTP/1.1\r\nHost: localhost\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`;
    expectErrorShape((await exchange(port, request('GET'), { responses: 1 })).responses[0], 413);
    expectErrorShape((await exchange(port, request('POST'), { responses: 1 })).responses[0], 405);
  });

  it('a POST with a malformed chunked body gets a JSON error, not an HTML page', async () => {
    const payload =
      'POST /api/tools.json HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\nzz\r\nabc\r\n0\r\n\r\n';
    const response = (await exchange(port, payload, { responses: 1 })).responses[0];
    expect([400, 405]).toContain(response?.status);
    expectErrorShape(response, response!.status);
  });

  it('header fields: about 9 KB in 800 small fields are served, four 15 KB fields get the JSON 431 (docs/reliability-followers.md: limits)', async () => {
    const small = Object.fromEntries(Array.from({ length: 800 }, (_, i) => [`X-F${i}`, 'v']));
    expect((await exchange(port, get('/api/tools.json', small), { responses: 1 })).responses[0]!.status).toBe(200);
    const large = Object.fromEntries([1, 2, 3, 4].map((i) => [`X-Large-${i}`, 'a'.repeat(15_000)]));
    expectErrorShape((await exchange(port, get('/api/tools.json', large), { responses: 1 })).responses[0], 431);
  });

  it('Accept-Encoding with only low q-values gets the compressed body, not the identity one', async () => {
    const result = await exchange(port, get('/api/tools.json', { 'Accept-Encoding': 'gzip;q=0.8, deflate;q=0.6' }), {
      responses: 1,
    });
    const response = result.responses[0]!;
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.body).equals(artifactFile('api/tools.json'))).toBe(true);
    const br = (await exchange(port, get('/api/tools.json', { 'Accept-Encoding': 'br;q=0.5' }), { responses: 1 }))
      .responses[0]!;
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).equals(artifactFile('api/tools.json'))).toBe(true);
  });

  it('answers requests pipelined behind one that asks to upgrade, in order (Node ends with that one, saying Connection: close)', async () => {
    const payload =
      get('/api/categories.json') +
      get('/api/providers.json', { Upgrade: 'websocket', Connection: 'Upgrade' }) +
      get('/api/platforms.json');
    const result = await exchange(port, payload, { responses: 3 });
    expect(result.responses.map((r) => r.status)).toEqual(targetName === 'node' ? [200, 200] : [200, 200, 200]);
    expect(result.responses[1]!.body.equals(artifactFile('api/providers.json'))).toBe(true);
    // Nothing the client sent goes unanswered without it being told.
    if (result.responses.length < 3) expect(result.responses.at(-1)!.close).toBe(true);
  });

  it('answers a pipelined request that expects 100-continue with an intact response', async () => {
    const payload =
      get('/api/providers.json') + get('/api/categories.json', { Expect: '100-continue' }) + get('/api/platforms.json');
    const result = await exchange(port, payload, { responses: 3 });
    expect(result.parseError).toBeUndefined();
    const names = ['providers', 'categories', 'platforms'].slice(0, result.responses.length);
    expect(result.responses.length).toBeGreaterThanOrEqual(2);
    expect(
      result.responses.map((r, i) => r.status === 200 && r.body.equals(artifactFile(`api/${names[i]}.json`))),
    ).toEqual(names.map(() => true));
    // Node closes after answering without the interim 100 (it did not read the body it did not ask for), and says so.
    if (result.responses.length < 3) expect(result.responses.at(-1)!.close).toBe(true);
  });

  it.each(['gzip', 'identity', 'chunked, gzip'])(
    'Transfer-Encoding: %s (chunked not last) gets the JSON 400 and close (RFC 9112 6.3)',
    async (codings) => {
      const result = await exchange(
        port,
        `GET /api/providers.json HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: ${codings}\r\n\r\n${get('/api/categories.json')}`,
      );
      expect(result.responses.map((r) => r.status)).toEqual([400]);
      expectErrorShape(result.responses[0], 400);
      expect(result.closed).toBe(true);
    },
  );

  it.each(['HTTP/2.0', 'HTTP/9.9'])('a request line with %s gets the JSON 400', async (version) => {
    const result = await exchange(port, `GET /api/providers.json ${version}\r\nHost: localhost\r\n\r\n`);
    expectErrorShape(result.responses[0], 400);
  });

  it('POST to the Atom feed gets the JSON 405, not a body typed as the feed', async () => {
    const result = await exchange(port, get('/api/changes.xml', { 'Content-Length': '0' }, 'POST'), { responses: 1 });
    expectErrorShape(result.responses[0], 405);
  });

  it('a failing If-Match is answered with the JSON 412 (nginx) or ignored (Node)', async () => {
    const result = await exchange(port, get('/api/providers.json', { 'If-Match': '"nope"' }), { responses: 1 });
    if (targetName === 'node') expect(result.responses[0]?.status).toBe(200);
    else expectErrorShape(result.responses[0], 412);
  });

  it('a response that closes the connection still reaches a client that keeps sending (no reset)', async () => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.pause();
    const closed = new Promise((resolve) => socket.once('close', resolve));
    await new Promise((resolve) => socket.once('connect', resolve));
    const errors: string[] = [];
    socket.on('error', (error: NodeJS.ErrnoException) => errors.push(error.code ?? error.message));
    socket.write('GET /api/providers.json HTTP/1.1\r\nAccept: */*\r\n\r\n'); // no Host: 400 and close
    for (let i = 0; i < 10 && !socket.destroyed; i++) {
      await sleep(30);
      socket.write(get('/api/categories.json'));
    }
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.resume();
    await closed;
    const responses = parseResponses(Buffer.concat(chunks), [], true).responses;
    expect(errors.filter((code) => code !== 'EPIPE')).toEqual([]);
    expect(responses.map((r) => r.status)).toEqual([400]);
    expectErrorShape(responses[0], 400);
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

/**
 * A client that pipelines `count` requests and then does not read for `stallMs`; then it reads
 * what the server left it. Resolves with the responses it got and whether the server ended the
 * connection.
 */
function neverReader(
  port: number,
  count: number,
  stallMs: number,
): Promise<{ responses: number; bytes: number; closed: boolean }> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.pause();
    const chunks: Buffer[] = [];
    let bytes = 0;
    let done = false;
    const finish = (closed: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(giveUp);
      socket.destroy();
      resolve({ responses: parseResponses(Buffer.concat(chunks)).responses.length, bytes, closed });
    };
    let giveUp: NodeJS.Timeout;
    socket.on('connect', () => {
      socket.write(get('/api/tools.json', { 'Accept-Encoding': 'identity' }).repeat(count));
      setTimeout(() => {
        giveUp = setTimeout(() => finish(false), 10_000);
        socket.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          bytes += chunk.length;
        });
        socket.resume();
      }, stallMs);
    });
    socket.on('end', () => finish(true));
    socket.on('close', () => finish(true));
    socket.on('error', () => finish(true));
  });
}

describe('clients that stop reading', () => {
  const SEND_TIMEOUT_MS = 400;
  const COUNT = 24; // under the pipelining bound, 24 x 244 KB: far more than the socket buffers hold

  it('Node closes a connection whose client stops reading once the send timeout passes', async () => {
    const running = await startServer({
      distPath: distPath(),
      host: '127.0.0.1',
      port: 0,
      watchIntervalMs: 0,
      limits: { sendTimeoutMs: SEND_TIMEOUT_MS },
    });
    try {
      const connections = () => new Promise<number>((resolve) => running.server.getConnections((_, n) => resolve(n)));
      const reader = neverReader(portOf(running.url), COUNT, 3_000);
      await sleep(300);
      expect(await connections()).toBe(1);
      await sleep(SEND_TIMEOUT_MS * 2 + 1_000);
      expect(await connections(), 'the stalled connection is still open').toBe(0);
      const result = await reader;
      expect(result.closed).toBe(true);
      expect(result.responses).toBeLessThan(COUNT);
    } finally {
      await running.close(1000);
    }
  });

  it.runIf(runnableTargets().includes('nginx'))('nginx closes it too (send_timeout)', async () => {
    const nginx = await startNginx({ distPath: distPath(), sendTimeoutMs: SEND_TIMEOUT_MS });
    try {
      const result = await neverReader(nginx.port, COUNT, 3_000);
      expect(result.closed).toBe(true);
      expect(result.responses).toBeLessThan(COUNT);
    } finally {
      await nginx.stop();
    }
  });

  it('Node bounds pipelining: after 32 queued responses the connection is answered with close', async () => {
    const running = await startServer({ distPath: distPath(), host: '127.0.0.1', port: 0, watchIntervalMs: 0 });
    try {
      const result = await exchange(portOf(running.url), get('/api/categories.json').repeat(100));
      expect(result.closed).toBe(true);
      const statuses = result.responses.map((r) => r.status);
      expect(statuses.length).toBeGreaterThan(1);
      expect(statuses.length).toBeLessThanOrEqual(33);
      expect(new Set(statuses)).toEqual(new Set([200]));
      expect(result.responses.at(-1)!.close).toBe(true);
      expect(result.responses.slice(0, -1).every((r) => !r.close)).toBe(true);
    } finally {
      await running.close(1000);
    }
  });
});

/** A keep-alive client that sends its next request as soon as a response arrives, keeping those after `markShutdown()`. */
async function busyClient(port: number, request: string) {
  let shuttingDown = false;
  const afterShutdown: RawHttpResponse[] = [];
  const connection = await busyConnection(
    port,
    () => ({ text: request, heads: [false] }),
    (response) => {
      if (shuttingDown) afterShutdown.push(response);
    },
  );
  return Object.assign(connection, {
    afterShutdown,
    markShutdown: () => {
      shuttingDown = true;
    },
  });
}

describe('graceful shutdown (Node server)', () => {
  let running: RunningServer;
  beforeAll(async () => {
    running = await startServer({ distPath: distPath(), host: '127.0.0.1', port: 0, watchIntervalMs: 0 });
  });
  afterAll(async () => {
    await running?.close(1000);
  });

  it('answers the request in flight on every busy keep-alive connection, with Connection: close, and exits in time', async () => {
    const port = portOf(running.url);
    const clients = await Promise.all(
      Array.from({ length: 64 }, (_, i) =>
        busyClient(port, get(i % 2 ? '/api/providers.json' : '/api/categories.json', { 'Accept-Encoding': 'br' })),
      ),
    );
    // Every connection accepted and busy (node:http accepts a burst of connections over a few hundred ms).
    for (let waited = 0; clients.some((c) => c.answered < 2) && waited < 10_000; waited += 50) await sleep(50);
    for (const client of clients) client.markShutdown();
    const started = Date.now();
    await running.close(5_000);
    const elapsed = Date.now() - started;
    await Promise.all(clients.map((c) => c.closed));
    const lost = clients.reduce((sum, c) => sum + (c.sent - c.answered), 0);
    expect(
      clients.map((c) => c.answered).filter((n) => n < 2),
      'clients that got fewer than 2 answers',
    ).toEqual([]);
    expect(lost, 'requests sent on a connection that closed before answering them').toBe(0);
    for (const client of clients) {
      expect(client.afterShutdown.length).toBeGreaterThan(0);
      expect(client.afterShutdown.at(-1)!.close).toBe(true);
    }
    expect(elapsed).toBeLessThan(5_000);
    await expect(exchange(port, get('/api/index.json'), { timeoutMs: 1000 })).resolves.toMatchObject({
      responses: [],
      error: 'ECONNREFUSED',
    });
  });
});

describe('graceful shutdown: idle, pipelining and slow connections (Node server)', () => {
  it('keeps answering a request that arrives on an idle connection just after shutdown began, then closes idle connections', async () => {
    const running = await startServer({ distPath: distPath(), host: '127.0.0.1', port: 0, watchIntervalMs: 0 });
    const port = portOf(running.url);
    const socket = net.connect({ host: '127.0.0.1', port });
    await new Promise((resolve) => socket.once('connect', resolve));
    let received: Buffer = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => (received = Buffer.concat([received, chunk])));
    const closed = new Promise((resolve) => socket.once('close', resolve));
    socket.write(get('/api/categories.json'));
    await sleep(100);
    const idle = net.connect({ host: '127.0.0.1', port });
    await new Promise((resolve) => idle.once('connect', resolve));
    const idleClosed = new Promise((resolve) => idle.once('close', resolve));
    idle.resume();
    const closing = running.close(5_000);
    await sleep(20);
    // Pipelined, on a connection that was idle when shutdown began: every request is answered.
    socket.write(get('/api/providers.json') + get('/api/platforms.json') + get('/api/use-cases.json'));
    await closed;
    const responses = parseResponses(received).responses;
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(responses.map((r) => r.close)).toEqual([false, false, false, true]);
    const started = Date.now();
    await idleClosed;
    await closing;
    expect(Date.now() - started).toBeLessThan(4_000);
  });

  it('ends within the grace period even when a client never reads its response', async () => {
    const running = await startServer({ distPath: distPath(), host: '127.0.0.1', port: 0, watchIntervalMs: 0 });
    const reader = neverReader(portOf(running.url), 8, 4_000);
    await sleep(300);
    const started = Date.now();
    await running.close(1_000);
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(900);
    expect(elapsed).toBeLessThan(3_000);
    expect((await reader).closed).toBe(true);
  });
});
