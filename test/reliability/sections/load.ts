/**
 * Mixed load: 60 s at 256 keep-alive connections against the Node server, every request one of
 * the published documents as identity, gzip or br, a third of them revalidations with the ETag
 * the connection saw last (304). Every body is checked against the artifact; the server's RSS is
 * sampled from /proc twice a second, and compared after the warm-up and at the end.
 */
import net from 'node:net';
import type { Artifact } from '../harness.ts';
import { judge, rssMb, sleep } from '../harness.ts';
import type { RawHttpResponse } from '../raw-http.ts';
import type { Row } from '../report.ts';
import type { Section, SectionContext } from '../section.ts';

const DURATION_MS = 60_000;
const WARM_UP_MS = 20_000;
/**
 * RSS rises and falls with V8's major collections (a sawtooth of some 20 MB whose period, 20 to
 * 60 s under this load, varies from run to run), so a single sample or a short median lands
 * anywhere on it. Compared instead: the highest RSS of the 20 s after the warm-up and of the last
 * 20 s; memory that is retained raises the second.
 */
const RSS_WINDOW_MS = 20_000;
const CONNECTIONS = 256;

type Coding = 'identity' | 'gzip' | 'br';

interface Tally {
  requests: number;
  responses: number;
  notModified: number;
  fiveXx: number;
  outside: number;
  noShape: number;
  examples: string[];
}

const CRLF2 = Buffer.from('\r\n\r\n');

/**
 * A keep-alive connection sending one request at a time and parsing Content-Length framed
 * responses, until `until`; resolves with how many responses it got.
 */
function connection(
  port: number,
  artifact: Artifact,
  bodies: ReadonlySet<string>,
  paths: readonly string[],
  etags: Map<string, string>,
  tally: Tally,
  until: number,
): Promise<number> {
  return new Promise((resolve) => {
    let answered = 0;
    const socket = net.connect({ host: '127.0.0.1', port });
    let chunks: Buffer[] = [];
    let buffered = 0;
    let head: { status: number; headers: Record<string, string>; length: number; bodyStart: number } | null = null;
    let current: { key: string; coding: Coding; path: string } | null = null;
    let n = Math.floor(Math.random() * 1000);

    const send = () => {
      if (Date.now() >= until) {
        socket.end();
        return;
      }
      n += 1;
      const path = paths[n % paths.length]!;
      const coding: Coding = n % 10 < 2 ? 'identity' : n % 10 < 5 ? 'gzip' : 'br';
      const key = `${path} ${coding}`;
      const etag = n % 3 === 0 ? etags.get(key) : undefined;
      current = { key, coding, path };
      tally.requests += 1;
      socket.write(
        `GET ${path} HTTP/1.1\r\nHost: localhost\r\nAccept-Encoding: ${coding}\r\n${etag ? `If-None-Match: ${etag}\r\n` : ''}\r\n`,
      );
    };

    const finish = (response: RawHttpResponse) => {
      tally.responses += 1;
      answered += 1;
      if (response.status === 304) tally.notModified += 1;
      const files = artifact.files.get(current!.path);
      const verdict = judge(response, bodies, { expected: files?.[current!.coding] ?? files?.identity });
      if (verdict.fiveXx) tally.fiveXx += 1;
      if (verdict.outsideArtifact) tally.outside += 1;
      if (verdict.noErrorShape) tally.noShape += 1;
      if (verdict.why && tally.examples.length < 10) tally.examples.push(`${current!.key}: ${verdict.why}`);
      if (response.headers.etag && response.status === 200) etags.set(current!.key, response.headers.etag);
      if (response.close) socket.end();
      else send();
    };

    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      buffered += chunk.length;
      for (;;) {
        if (head === null) {
          const all = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
          chunks = [all];
          const end = all.indexOf(CRLF2);
          if (end === -1) return;
          const lines = all.subarray(0, end).toString('latin1').split('\r\n');
          const headers: Record<string, string> = {};
          for (const line of lines.slice(1)) {
            const colon = line.indexOf(':');
            headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
          }
          const status = Number(lines[0]!.split(' ')[1]);
          const length = status === 304 || status === 204 ? 0 : Number(headers['content-length'] ?? Number.NaN);
          if (!Number.isFinite(length)) {
            tally.noShape += 1;
            tally.examples.push(`${current?.key}: response without Content-Length: ${lines[0]}`);
            socket.destroy();
            return;
          }
          head = { status, headers, length, bodyStart: end + 4 };
        }
        if (buffered < head.bodyStart + head.length) return;
        const all = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
        const body = all.subarray(head.bodyStart, head.bodyStart + head.length);
        const rest = all.subarray(head.bodyStart + head.length);
        const connectionHeader = (head.headers.connection ?? '').toLowerCase();
        const response: RawHttpResponse = {
          version: 'HTTP/1.1',
          status: head.status,
          headers: head.headers,
          body,
          close: connectionHeader.includes('close'),
        };
        head = null;
        chunks = rest.length ? [rest] : [];
        buffered = rest.length;
        finish(response);
        if (buffered === 0) return;
      }
    });
    socket.on('connect', send);
    socket.on('error', () => {});
    socket.on('close', () => resolve(answered));
  });
}

/** One client: a connection, and a new one whenever the server closes it (e.g. after maxRequestsPerSocket), until `until`. */
async function client(...args: Parameters<typeof connection>): Promise<void> {
  const until = args[6];
  while (Date.now() < until) if ((await connection(...args)) === 0) await sleep(100);
}

const peak = (values: number[]) => Math.max(...values.filter(Number.isFinite));

export const mixedLoad: Section = {
  name: 'load',
  machine: 'alone',
  summary: `${DURATION_MS / 1000} s of mixed load at ${CONNECTIONS} connections (identity/gzip/br, If-None-Match), server RSS after warm-up vs at the end`,
  async run(context: SectionContext): Promise<Row[]> {
    const { server, bodies } = await context.startServer();
    const paths = [...context.artifact.files.keys()].filter((p) => p.startsWith('/api/'));
    const tally: Tally = { requests: 0, responses: 0, notModified: 0, fiveXx: 0, outside: 0, noShape: 0, examples: [] };
    const etags = new Map<string, string>();
    const started = Date.now();
    const until = started + DURATION_MS;
    const rss: { at: number; mb: number }[] = [];
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        rss.push({ at: Date.now() - started, mb: await rssMb(server.pid) });
        await sleep(500);
      }
    })();
    await Promise.all(
      Array.from({ length: CONNECTIONS }, () =>
        client(server.port, context.artifact, bodies, paths, etags, tally, until),
      ),
    );
    sampling = false;
    await sampler;
    const elapsed = Date.now() - started;
    const warm = peak(rss.filter((s) => s.at >= WARM_UP_MS && s.at < WARM_UP_MS + RSS_WINDOW_MS).map((s) => s.mb));
    const end = peak(rss.filter((s) => s.at >= elapsed - RSS_WINDOW_MS).map((s) => s.mb));
    const missing = tally.requests - tally.responses;
    context.log(
      `load node: ${tally.requests} requests in ${(elapsed / 1000).toFixed(1)} s (${Math.round(tally.responses / (elapsed / 1000))}/s), ${tally.notModified} 304, ` +
        `${missing} unanswered; RSS peak after warm-up ${warm.toFixed(1)} MB, in the last ${RSS_WINDOW_MS / 1000} s ${end.toFixed(1)} MB`,
    );
    context.log(
      `  RSS every 5 s (MB): ${rss
        .filter((_, i) => i % 10 === 0)
        .map((s) => s.mb.toFixed(1))
        .join(' ')}`,
    );
    for (const example of tally.examples) context.log(`  ${example}`);
    return [
      {
        section: 'load',
        target: 'node',
        requests: tally.requests,
        fiveXx: tally.fiveXx,
        outsideArtifact: tally.outside,
        noErrorShape: tally.noShape + missing,
        rssWarmMb: warm,
        rssEndMb: end,
        note: `${CONNECTIONS} connections for ${DURATION_MS / 1000} s, ${Math.round(tally.responses / (elapsed / 1000))} responses/s (${tally.notModified} of them 304); RSS = the highest sample (twice a second) of the ${RSS_WINDOW_MS / 1000} s after a ${WARM_UP_MS / 1000} s warm-up, and of the last ${RSS_WINDOW_MS / 1000} s`,
      },
    ];
  },
};
