/**
 * Shutdown under keep-alive load: 64 busy keep-alive connections (48 sending one request at a
 * time, 16 pipelining three) against `npm start`, then SIGTERM to the npm process, as a
 * supervisor sends it. Counted: requests written on a connection that closed before answering
 * them (in flight, lost), whether every connection was told `Connection: close`, and whether the
 * process exited, with 0, within its grace period.
 */
import { busyConnection, type BusyConnection } from '../../support/keep-alive.ts';
import { exchange, get } from '../raw-http.ts';
import { judge, sleep } from '../harness.ts';
import type { Row } from '../report.ts';
import type { Section, SectionContext } from '../section.ts';

const CLIENTS = 64;
const PIPELINING = 16;
/** The server's grace period (src/server/server.ts close()), and what the exit may take beyond it. */
const GRACE_MS = 10_000;

const PATHS = ['/api/providers.json', '/api/categories.json', '/api/tools.json', '/api/nope.json'];

interface Client extends BusyConnection {
  /** Responses judged wrong: 5xx, a body outside the artifact, an error without the JSON shape. */
  counts: { fiveXx: number; outside: number; noShape: number };
}

/** Connection `n`: `depth` requests at a time (GET and HEAD, br and gzip, a 404 among them), every response judged. */
async function busyClient(port: number, bodies: ReadonlySet<string>, depth: number, n: number): Promise<Client> {
  const counts = { fiveXx: 0, outside: 0, noShape: 0 };
  const batch = (sent: number) => {
    const heads = Array.from({ length: depth }, (_, i) => (n + sent + i) % 7 === 0);
    const text = heads
      .map((head, i) =>
        get(
          PATHS[(n + sent + i) % PATHS.length]!,
          { 'Accept-Encoding': (n + sent + i) % 2 ? 'br' : 'gzip' },
          head ? 'HEAD' : 'GET',
        ),
      )
      .join('');
    return { text, heads };
  };
  const connection = await busyConnection(port, batch, (response, head) => {
    const verdict = judge(response, bodies, { head });
    if (verdict.fiveXx) counts.fiveXx += 1;
    if (verdict.outsideArtifact) counts.outside += 1;
    if (verdict.noErrorShape) counts.noShape += 1;
  });
  return Object.assign(connection, { counts });
}

export const shutdown: Section = {
  name: 'shutdown',
  machine: 'alone',
  summary: `SIGTERM to npm start under ${CLIENTS} busy keep-alive connections: in-flight requests lost, exit within the grace period`,
  async run(context: SectionContext): Promise<Row[]> {
    const { server, bodies } = await context.startServer();
    const clients = await Promise.all(
      Array.from({ length: CLIENTS }, (_, i) => busyClient(server.port, bodies, i < PIPELINING ? 3 : 1, i)),
    );
    // Every connection accepted and busy, then a while of load.
    for (let waited = 0; clients.some((c) => c.answered < 3) && waited < 20_000; waited += 50) await sleep(50);
    await sleep(2_000);
    const answeredBefore = clients.reduce((sum, c) => sum + c.answered, 0);
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    await sleep(300);
    const late = await exchange(server.port, get('/api/index.json'), { timeoutMs: 2_000 });
    const exit = await Promise.race([server.exit, sleep(GRACE_MS + 5_000).then(() => null)]);
    await Promise.race([Promise.all(clients.map((c) => c.closed)), sleep(2_000)]);
    const exitMs = exit ? exit.at - signalled : null;
    const sent = clients.reduce((sum, c) => sum + c.sent, 0);
    const answered = clients.reduce((sum, c) => sum + c.answered, 0);
    const lost = sent - answered;
    const notTold = clients.filter((c) => !c.toldToClose).length;
    const failures: string[] = [];
    if (exit === null) failures.push(`the server had not exited ${(GRACE_MS + 5_000) / 1000} s after SIGTERM`);
    else if (exit.code !== 0) failures.push(`the server exited with ${exit.code ?? exit.signal} after SIGTERM`);
    if (late.responses.length > 0) failures.push('a connection made after SIGTERM was still answered');
    if (notTold > 0)
      failures.push(`${notTold} of ${CLIENTS} connections were closed without a response saying Connection: close`);
    context.log(
      `shutdown node: ${answeredBefore} answered before SIGTERM, ${answered - answeredBefore} after; ${lost} lost; ${CLIENTS - notTold}/${CLIENTS} connections told to close; ` +
        `exit ${exit ? `${exit.code ?? exit.signal} after ${exitMs} ms` : 'none'}; new connection after SIGTERM: ${late.error ?? `${late.responses.length} responses`}`,
    );
    if (exit === null) await server.stop();
    return [
      {
        section: 'shutdown',
        target: 'node',
        requests: sent,
        fiveXx: clients.reduce((sum, c) => sum + c.counts.fiveXx, 0),
        outsideArtifact: clients.reduce((sum, c) => sum + c.counts.outside, 0),
        noErrorShape: clients.reduce((sum, c) => sum + c.counts.noShape, 0),
        inFlightLost: lost,
        failures,
        note: `${CLIENTS} connections (${PIPELINING} pipelining 3); SIGTERM to npm; exit ${exit ? `${exit.code ?? exit.signal} ${exitMs} ms after SIGTERM` : 'missing'}; ${CLIENTS - notTold} connections told Connection: close`,
      },
    ];
  },
};
