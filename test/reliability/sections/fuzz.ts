/**
 * Fuzz: at least 10 000 requests over raw sockets against each server: every method, path
 * traversal in many encodings, malformed and duplicated headers, Expect, missing Host, odd
 * request lines, request bodies (over 1 KiB on other methods too), pipelined batches with a bad request somewhere, garbage bytes,
 * some of it written a few bytes at a time. Counted: 5xx, 2xx bodies that are not a published
 * file, errors without the JSON error shape, and requests the server owed an answer but dropped.
 */
import { exchange } from '../raw-http.ts';
import { judge, random, sha256 } from '../harness.ts';
import type { Row } from '../report.ts';
import type { Section, SectionContext, TargetName } from '../section.ts';

const MIN_REQUESTS = 10_000;
const CONCURRENCY = 48;
/** How long a connection may take to answer what it owes (generous: the machine may be shared). */
const TIMEOUT_MS = 5_000;

interface Request {
  text: string;
  /** An HTTP/0.9 request line: the answer may be the bare body, then close. */
  http09?: boolean;
  /** HEAD: the answer has no body. */
  head: boolean;
  /** Anything but a plain GET/HEAD: the server must answer it, and may close the connection after it. */
  suspect: boolean;
}

interface Case {
  label: string;
  requests: Request[];
  /** Bytes that are not requests at all (garbage), sent instead of `requests`. */
  raw?: string;
  /** Responses the server owes for `raw`. */
  rawOwed?: number;
  fragment?: number;
}

const METHODS_OTHER = [
  'OPTIONS',
  'POST',
  'PUT',
  'DELETE',
  'PATCH',
  'TRACE',
  'CONNECT',
  'PROPFIND',
  'MKCOL',
  'COPY',
  'MOVE',
  'LOCK',
  'UNLOCK',
  'SEARCH',
  'QUERY',
  'PURGE',
  'LINK',
  'REPORT',
  'FOO',
  'get',
  'Get',
  'G-ET',
  'X'.repeat(300),
];

const TRAVERSALS = [
  '/../package.json',
  '/api/../package.json',
  '/api/../../etc/passwd',
  '/api/%2e%2e/package.json',
  '/api/%2E%2E/%2E%2E/etc/passwd',
  '/api/..%2fpackage.json',
  '/api/..%2Fartifact.json',
  '/api/%252e%252e/package.json',
  '/api/%252e%252e%252fpackage.json',
  '/api/..%5cpackage.json',
  '/api/..\\package.json',
  '/api/%c0%ae%c0%ae/package.json',
  '/api/%e0%80%ae%e0%80%ae/package.json',
  '/api/%c0%2e%c0%2e/package.json',
  '/api/.%2e/package.json',
  '/api/%2e./package.json',
  '/api/....//....//package.json',
  '/api/./tools.json',
  '/api//tools.json',
  '/api/tools.json/',
  '/api/tools.json/..',
  '/api/tools.json%00',
  '/api/tools.json%00.html',
  '/api/tools.json;.html',
  '/api/%74ools.json',
  '/API/TOOLS.JSON',
  '/api/tools.json.br',
  '/api/tools.json.gz',
  '/artifact.json',
  '/_headers',
  '/_redirects',
  '/404.json',
  '/.git/config',
  '/.artifacts/',
  '/src/server/server.ts',
  '/%2e%2e/%2e%2e/etc/passwd',
  '/..%252f..%252fetc%252fpasswd',
  '//etc/passwd',
  '/api/v/../../package.json',
  '/api/v/2026-11-22/../../../artifact.json',
  '/api/schemas/../../artifact.json',
  '/api/%u002e%u002e/package.json',
  '/api/\xff\xfe',
  '/api/tools.json?../../package.json',
  '/api/tools.json#frag',
  '*',
  'http://localhost/api/tools.json',
  'http://evil.example/../../package.json',
  'https://localhost/api/%2e%2e/package.json',
  'localhost/api/tools.json',
  `/${'a/'.repeat(2000)}`,
  `/api/${'%2e%2e/'.repeat(200)}etc/passwd`,
  `/api/tools.json?${'x'.repeat(6000)}`,
  '/api/%',
  '/api/%zz',
  '/api/%2',
  '/api/tools.json%2f..%2f..%2fpackage.json',
  '/api/v/',
  '/api/v/2026-11-22/',
  '/api/schemas/',
  '/assets/',
  '/models/',
  '/models',
  '/index.html',
  '/%00',
  '/api/%0d%0aSet-Cookie:x=1',
];

const ACCEPT_ENCODINGS = [
  'br',
  'gzip',
  'identity',
  'gzip, deflate, br',
  'br;q=0.1, gzip;q=1',
  'gzip;q=0.8, deflate;q=0.6',
  '*',
  '*;q=0',
  'identity;q=0',
  '*;q=0, identity',
  'gzip;q=abc',
  'br;q=1.5',
  'BR',
  'x-gzip',
  '',
  ',,,',
  'gzip;q=0, br;q=0',
  `${'gzip, '.repeat(300)}br`,
  'deflate',
  'compress;q=0.5',
];
const EXTRA_HEADERS = [
  'If-None-Match: *',
  'If-None-Match: "nope"',
  'If-None-Match: W/"x", "y"',
  `If-None-Match: ${'"a", '.repeat(400)}"b"`,
  'If-Modified-Since: Sat, 01 Jan 2000 00:00:00 GMT',
  'If-Modified-Since: garbage',
  'If-Modified-Since: Tue, 01 Jan 2999 00:00:00 GMT',
  'If-Range: "x"',
  'Range: bytes=0-10',
  'Range: bytes=100-',
  'Range: bytes=-5',
  'Range: bytes=5-1',
  'Range: lines=1-2',
  'Range: bytes=0-1,2-3,4-5',
  'Connection: keep-alive',
  'Upgrade: websocket\r\nConnection: Upgrade',
  'Upgrade: h2c\r\nConnection: Upgrade, HTTP2-Settings\r\nHTTP2-Settings: AAMAAABkAARAAAAAAAIAAAAA',
  'Origin: https://example.test',
  'Accept: text/html',
  'Accept: */*;q=0',
  'Accept-Language: de',
  `Cookie: ${'c=1; '.repeat(500)}`,
  'X-Forwarded-For: 1.2.3.4',
  'Forwarded: for=1.2.3.4',
  'Via: 1.1 cdn',
  'Cache-Control: no-cache',
  'Pragma: no-cache',
  'TE: trailers',
  'Max-Forwards: 0',
  'Content-Type: text/plain',
  'Accept-Encoding: gzip\r\nAccept-Encoding: br',
];
/**
 * Preconditions that fail. nginx answers them 412 and then closes the connection at once (its
 * not-modified filter finalizes the request as an error), without saying so, and the reset can
 * destroy responses a pipelining client has not read yet; so these go on connections of their own.
 */
const PRECONDITIONS = [
  'If-Unmodified-Since: Sat, 01 Jan 2000 00:00:00 GMT',
  'If-Match: "x"',
  'If-Match: *',
  'If-Match: "x", W/"y"',
  'If-Unmodified-Since: garbage',
];
const MALFORMED_HEADERS = [
  'Bad Header',
  'Host : localhost',
  'X-Fold: a\r\n b',
  'X Y: z',
  'X\x00: z',
  'X: a\x00b',
  'X: a\rb',
  ': empty',
  'X-\x7f: y',
  '\x01: x',
  'Content-Length: 1\r\nContent-Length: 2',
  'Content-Length: abc',
  'Content-Length: -1',
  'Content-Length: 1e3',
  `Content-Length: ${'9'.repeat(30)}`,
  'Transfer-Encoding: gzip',
  'Transfer-Encoding: chunked, gzip',
  'Transfer-Encoding: identity',
  'Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked',
  `X-Big: ${'a'.repeat(20_000)}`,
  Array.from({ length: 300 }, (_, i) => `X-H${i}: ${i}`).join('\r\n'),
  'Host: other.example',
  'Host:',
  'Host: a b',
  'Expect: foo',
  'Expect: ',
  'Expect: 100-continue, foo',
  'Expect: 100-CONTINUE',
  'Expect: 100-continue\r\nContent-Length: 0',
];
const REQUEST_LINES = [
  'GET /api/tools.json HTTP/1.0',
  'GET /api/tools.json',
  'GET /api/tools.json HTTP/2.0',
  'GET /api/tools.json HTTP/1.2',
  'GET /api/tools.json HTTP/9.9',
  'GET  /api/tools.json  HTTP/1.1',
  'GET\t/api/tools.json\tHTTP/1.1',
  'GET /api/tools.json http/1.1',
  'GET /api/tools.json HTTP/1.1 extra',
  ' GET /api/tools.json HTTP/1.1',
  'GET HTTP/1.1',
  'GET /api/tools.json HTTP/',
  'GET /api/tools.json HTTP/1',
  'GET /api/to ols.json HTTP/1.1',
  'GET /api/tools.json HTTP/1.1\x00',
  'GET /api/tools.json HTTP/01.1',
];
const BODIES = [
  'Content-Length: 5\r\n\r\nhello',
  'Transfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n',
  'Transfer-Encoding: chunked\r\n\r\nzz\r\nhello\r\n0\r\n\r\n',
  'Transfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n0\r\n\r\n',
  `Content-Length: 2000\r\n\r\n${'b'.repeat(2000)}`,
  'Transfer-Encoding: chunked\r\n\r\n5;ext=1\r\nhello\r\n0\r\nX-Trailer: 1\r\n\r\n',
];
const GARBAGE_FIXED = [
  '\x16\x03\x01\x00\xa5\x01\x00\x00\xa1\x03\x03\x00\x01\x02\x03\x04\x05\x06\x07\r\n\r\n',
  'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n',
  'SSH-2.0-OpenSSH_9.6\r\n\r\n',
  `${'\x00'.repeat(100)}\r\n\r\n`,
  `${'A'.repeat(70_000)}\r\n\r\n`,
  'HTTP/1.1 200 OK\r\n\r\n',
  '\xff\xfe\xfd\r\n\r\n',
  '{"json": true}\r\n\r\n',
];

/**
 * What follows the headers of a request with another method: nothing, a small body, or a body
 * over 1 KiB (nginx's client_max_body_size) with a Content-Length or chunked, which both servers
 * must answer with the JSON error shape (issue 21: nginx sent its own HTML pages for these).
 */
function otherMethodBody(rng: () => number): string {
  const kind = rng();
  const bytes = 1025 + Math.floor(rng() * 7000);
  if (kind < 0.25) return 'Content-Length: 3\r\n\r\nabc';
  if (kind < 0.5) return `Content-Length: ${bytes}\r\n\r\n${'b'.repeat(bytes)}`;
  if (kind < 0.65)
    return `Transfer-Encoding: chunked\r\n\r\n${bytes.toString(16)}\r\n${'c'.repeat(bytes)}\r\n0\r\n\r\n`;
  return '\r\n';
}

function build(rng: () => number, paths: readonly string[]): Case {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;
  const host = 'Host: localhost\r\n';
  // After a suspect request the server may read what follows differently (as its body, say), so
  // which answer belongs to which request is unknown: only GETs follow one (no bodiless HEAD answers).
  const validRequest = (afterSuspect = false): Request => {
    const head = !afterSuspect && rng() < 0.15;
    const path = rng() < 0.85 ? pick(paths) : `/api/nope-${Math.floor(rng() * 1000)}.json`;
    const headers: string[] = [];
    if (rng() < 0.7) headers.push(`Accept-Encoding: ${pick(ACCEPT_ENCODINGS)}`);
    if (rng() < 0.35) headers.push(pick(EXTRA_HEADERS));
    if (rng() < 0.1) headers.push(pick(EXTRA_HEADERS));
    return {
      text: `${head ? 'HEAD' : 'GET'} ${path} HTTP/1.1\r\n${host}${headers.map((h) => `${h}\r\n`).join('')}\r\n`,
      head,
      suspect: false,
    };
  };
  const suspectRequest = (): Request => {
    const kind = rng();
    const path = pick(paths);
    let text: string;
    if (kind < 0.2)
      text = `${pick(METHODS_OTHER)} ${rng() < 0.5 ? path : pick(TRAVERSALS)} HTTP/1.1\r\n${host}${otherMethodBody(rng)}`;
    else if (kind < 0.45) text = `GET ${pick(TRAVERSALS)} HTTP/1.1\r\n${host}\r\n`;
    else if (kind < 0.7) text = `GET ${path} HTTP/1.1\r\n${host}${pick(MALFORMED_HEADERS)}\r\n\r\n`;
    else if (kind < 0.8) {
      const line = pick(REQUEST_LINES);
      return {
        text: `${line}\r\n${rng() < 0.5 ? host : ''}\r\n`,
        head: false,
        suspect: true,
        http09: line === 'GET /api/tools.json',
      };
    } else if (kind < 0.88)
      text = `GET ${path} HTTP/1.1\r\n${rng() < 0.5 ? 'Accept: */*\r\n' : ''}\r\n`; // no Host
    else if (kind < 0.94) text = `GET ${path} HTTP/1.1\r\nHost: localhost\r\nHost: localhost\r\n\r\n`;
    else text = `GET ${path} HTTP/1.1\r\n${host}${pick(BODIES)}`;
    return { text, head: false, suspect: true };
  };

  const shape = rng();
  const fragment = rng() < 0.1 ? 1 + Math.floor(rng() * 16) : undefined;
  if (shape < 0.27) return { label: 'valid', requests: [validRequest()], fragment };
  if (shape < 0.3) {
    const request = validRequest();
    return {
      label: 'precondition',
      requests: [{ ...request, text: request.text.replace(/\r\n\r\n$/, `\r\n${pick(PRECONDITIONS)}\r\n\r\n`) }],
      fragment,
    };
  }
  if (shape < 0.65) return { label: 'odd', requests: [suspectRequest()], fragment };
  if (shape < 0.93) {
    // A pipelined batch: valid requests, maybe one suspect somewhere.
    const n = 2 + Math.floor(rng() * 9);
    const bad = rng() < 0.5 ? Math.floor(rng() * n) : -1;
    return {
      label: 'pipelined',
      requests: Array.from({ length: n }, (_, i) =>
        i === bad ? suspectRequest() : validRequest(bad !== -1 && i > bad),
      ),
      fragment,
    };
  }
  if (shape < 0.97) {
    const random = Array.from({ length: 1 + Math.floor(rng() * 300) }, () =>
      String.fromCharCode(Math.floor(rng() * 256)),
    ).join('');
    return {
      label: 'garbage',
      requests: [],
      raw: `${random.replace(/\r\n\r\n/g, '')}\r\n\r\n`,
      rawOwed: random.replace(/[\r\n]/g, '') === '' ? 0 : 1,
      fragment,
    };
  }
  return { label: 'garbage', requests: [], raw: pick(GARBAGE_FIXED), rawOwed: 1, fragment };
}

interface Tally {
  requests: number;
  fiveXx: number;
  outside: number;
  noShape: number;
  examples: string[];
}

async function fuzzTarget(
  name: TargetName,
  port: number,
  bodies: ReadonlySet<string>,
  paths: readonly string[],
  seed: number,
  log: (line: string) => void,
): Promise<Tally> {
  const rng = random(seed);
  const cases: Case[] = [];
  let planned = 0;
  while (planned < MIN_REQUESTS) {
    const c = build(rng, paths);
    cases.push(c);
    planned += c.raw !== undefined ? 1 : c.requests.length;
  }
  const tally: Tally = { requests: planned, fiveXx: 0, outside: 0, noShape: 0, examples: [] };
  const note = (kind: string, c: Case, why: string) => {
    if (tally.examples.length < 12)
      tally.examples.push(
        `${kind} [${c.label}] ${why} <- ${JSON.stringify((c.raw ?? c.requests.map((r) => r.text).join('')).slice(0, 1_000))}`,
      );
  };
  let next = 0;
  const worker = async () => {
    while (next < cases.length) {
      const c = cases[next++]!;
      const payload = c.raw ?? c.requests.map((r) => r.text).join('');
      const bodiless = c.requests.map((r) => r.head);
      const total = c.raw !== undefined ? (c.rawOwed ?? 1) : c.requests.length;
      // A few bytes per event-loop turn: only for payloads short enough to arrive well within the timeout.
      const fragment = payload.length <= 4096 ? c.fragment : undefined;
      const result = await exchange(port, Buffer.from(payload, 'latin1'), {
        responses: Math.max(1, total),
        timeoutMs: c.rawOwed === 0 ? 500 : TIMEOUT_MS,
        bodiless,
        fragment,
      });
      // An HTTP/0.9 request answered the HTTP/0.9 way (nginx): the bare body, then close.
      const answered09 =
        result.parseError !== undefined &&
        c.requests[result.responses.length]?.http09 === true &&
        result.closed &&
        bodies.has(sha256(result.rest));
      if (answered09) {
        result.parseError = undefined;
        result.responses.push({ version: 'HTTP/0.9', status: 200, headers: {}, body: result.rest, close: true });
      }
      if (result.parseError) {
        tally.noShape += 1;
        note('unparseable', c, result.parseError);
      }
      // What the server owes: every request up to and including the first suspect one (after
      // which it may close), fewer if a response announced the close.
      const firstSuspect = c.requests.findIndex((r) => r.suspect);
      let owed = c.raw !== undefined ? (c.rawOwed ?? 1) : firstSuspect === -1 ? c.requests.length : firstSuspect + 1;
      result.responses.forEach((response, i) => {
        if (response.close) owed = Math.min(owed, i + 1);
        const request = c.requests[i];
        const verdict = judge(response, bodies, { head: request?.head ?? false });
        if (verdict.fiveXx) {
          tally.fiveXx += 1;
          note('5xx', c, `${response.status} ${response.body.subarray(0, 80).toString('latin1')}`);
        }
        if (verdict.outsideArtifact) {
          tally.outside += 1;
          note('outside', c, verdict.why!);
        }
        if (verdict.noErrorShape) {
          tally.noShape += 1;
          note('shape', c, verdict.why!);
        }
      });
      const missing = owed - result.responses.length;
      if (missing > 0 && !result.parseError) {
        tally.noShape += missing;
        note(
          'unanswered',
          c,
          `${missing} of ${owed} owed responses missing (${result.timedOut ? 'timed out' : (result.error ?? 'closed')})`,
        );
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  log(
    `fuzz ${name}: ${cases.length} connections, ${planned} requests; ${tally.fiveXx} 5xx, ${tally.outside} outside, ${tally.noShape} without the error shape`,
  );
  for (const example of tally.examples) log(`  ${example}`);
  return tally;
}

export const fuzz: Section = {
  name: 'fuzz',
  machine: 'alone',
  summary: `>= ${MIN_REQUESTS} malformed, odd and pipelined requests over raw sockets against each server`,
  async run(context: SectionContext): Promise<Row[]> {
    const paths = [...context.artifact.files.keys()].filter((p) => p !== '/404.json').concat(['/api', '/api/']);
    const rows: Row[] = [];
    for (const target of context.targets) {
      let port: number;
      let bodies: ReadonlySet<string> = context.artifact.bodies;
      if (target === 'node') {
        const started = await context.startServer();
        port = started.server.port;
        bodies = started.bodies;
      } else {
        port = (await context.startNginx()).port;
      }
      const tally = await fuzzTarget(target, port, bodies, paths, context.seed, context.log);
      rows.push({
        section: 'fuzz',
        target,
        requests: tally.requests,
        fiveXx: tally.fiveXx,
        outsideArtifact: tally.outside,
        noErrorShape: tally.noShape,
      });
    }
    return rows;
  },
};
