/**
 * Abusive clients, run in a child process of the reliability runner (so their work does not
 * delay the normal client it measures): slowloris (a request head dribbled one byte a second,
 * reconnecting whenever the server closes it), never-reading (pipelines large responses and
 * stops reading), and connect-and-drop. Started with fork(); says 'ready', gets its plan as a
 * message and answers with what happened to every connection, and what the kernel held for
 * the connections the server had cut off.
 */
import { execFile } from 'node:child_process';
import net from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { errorShapeProblem, get, parseResponses } from './raw-http.ts';

export interface AttackPlan {
  port: number;
  /** How long slowloris reconnects and connect-and-drop runs. */
  attackMs: number;
  /** After the attack: how long to wait for the server to close what is left. */
  drainMs: number;
  slowloris: number;
  neverReading: number;
  /** The attack builds up: slowloris and never-reading clients connect evenly over this long. */
  rampMs: number;
  /** Requests each never-reading client pipelines (tools.json, identity). */
  pipelined: number;
  /** Bytes of the responses a never-reading client asked for; fewer received means the server cut it. */
  pipelinedBytes: number;
  connectDropPerSecond: number;
  /** When to look at what the kernel holds for connections the server closed (see unsentKb). */
  probeKernelAtMs: number;
}

export interface AttackResult {
  slowloris: { opened: number; closedByServer: number; answers: number; answersWithoutErrorShape: number };
  neverReading: { opened: number; closedByServer: number };
  connectDrop: { opened: number };
  /** Connections still open when the drain ended (destroyed by the attacker). */
  stillOpen: number;
  /** unsentKb at probeKernelAtMs; null where `ss` is missing. */
  unsentKb: number | null;
}

/**
 * What the kernel still holds unsent on the server's side of connections it has closed (KB):
 * the Send-Q of its sockets on `port` in FIN-WAIT-1, CLOSING or LAST-ACK. A server that cut a
 * never-reading client off gracefully leaves the rest of the response there, megabytes per
 * socket; a reset frees it. Probed from this process, not the runner: starting `ss` there
 * would stall the normal client whose latency is being measured.
 */
function unsentKb(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    execFile(
      'ss',
      ['-tnH', 'state', 'fin-wait-1', 'state', 'closing', 'state', 'last-ack', `( sport = :${port} )`],
      (error, stdout) => {
        if (error) return resolve(null);
        const bytes = stdout
          .split('\n')
          .map((line) => Number(line.trim().split(/\s+/)[1] ?? 0))
          .reduce((sum, n) => sum + (Number.isFinite(n) ? n : 0), 0);
        resolve(Math.round(bytes / 1024));
      },
    );
  });
}

function attack(plan: AttackPlan): Promise<AttackResult> {
  const result: Omit<AttackResult, 'unsentKb'> = {
    slowloris: { opened: 0, closedByServer: 0, answers: 0, answersWithoutErrorShape: 0 },
    neverReading: { opened: 0, closedByServer: 0 },
    connectDrop: { opened: 0 },
    stillOpen: 0,
  };
  const probe = delay(plan.probeKernelAtMs).then(() => unsentKb(plan.port));
  const open = new Set<net.Socket>();
  let attacking = true;

  const slowloris = () => {
    if (!attacking) return;
    result.slowloris.opened += 1;
    const socket = net.connect({ host: '127.0.0.1', port: plan.port });
    open.add(socket);
    let received = Buffer.alloc(0);
    const head = `GET /api/tools.json HTTP/1.1\r\nHost: localhost\r\nX-Slow: ${'s'.repeat(100_000)}`;
    let sent = 0;
    const timer = setInterval(() => {
      if (socket.writable && sent < head.length) socket.write(head[sent++]!);
    }, 1_000);
    socket.on('connect', () => {
      sent = 40;
      socket.write(head.slice(0, sent));
    });
    socket.on('data', (chunk: Buffer) => (received = Buffer.concat([received, chunk])));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      if (!open.delete(socket)) return; // we closed it
      result.slowloris.closedByServer += 1;
      for (const response of parseResponses(received, [], true).responses) {
        result.slowloris.answers += 1;
        if (errorShapeProblem(response)) result.slowloris.answersWithoutErrorShape += 1;
      }
      slowloris();
    });
  };

  const neverReaders: { socket: net.Socket; bytes: number; closed: boolean }[] = [];
  const neverReading = () => {
    result.neverReading.opened += 1;
    const socket = net.connect({ host: '127.0.0.1', port: plan.port });
    socket.pause();
    const reader = { socket, bytes: 0, closed: false };
    neverReaders.push(reader);
    open.add(socket);
    socket.on('connect', () =>
      socket.write(get('/api/tools.json', { 'Accept-Encoding': 'identity' }).repeat(plan.pipelined)),
    );
    socket.on('error', () => {});
    // Closed by the server before it sent what was asked for: cut off for not reading.
    socket.on('close', () => {
      if (open.delete(socket) && reader.bytes < plan.pipelinedBytes) reader.closed = true;
    });
  };

  const ramp = (count: number, open: () => void) => {
    for (let i = 0; i < count; i++) setTimeout(open, (plan.rampMs * i) / count);
  };
  ramp(plan.neverReading, neverReading);
  ramp(plan.slowloris, slowloris);
  const dropper = setInterval(() => {
    for (let i = 0; i < plan.connectDropPerSecond / 20; i++) {
      result.connectDrop.opened += 1;
      const socket = net.connect({ host: '127.0.0.1', port: plan.port });
      socket.on('error', () => {});
      socket.on('connect', () => socket.destroy());
    }
  }, 50);

  return new Promise((resolve) => {
    setTimeout(() => {
      attacking = false;
      clearInterval(dropper);
      // Read what never-reading clients were left: a server that closed them leaves fewer bytes than asked for, then EOF.
      for (const reader of neverReaders) {
        reader.socket.on('data', (chunk: Buffer) => (reader.bytes += chunk.length));
        reader.socket.resume();
      }
      const deadline = Date.now() + plan.drainMs;
      const poll = setInterval(() => {
        if (open.size > 0 && Date.now() < deadline) return;
        clearInterval(poll);
        result.neverReading.closedByServer = neverReaders.filter((r) => r.closed).length;
        result.stillOpen = open.size;
        for (const socket of open) {
          open.delete(socket);
          socket.destroy();
        }
        void probe.then((kb) => resolve({ ...result, unsentKb: kb }));
      }, 100);
    }, plan.attackMs);
  });
}

process.once('message', (plan: AttackPlan) => {
  void attack(plan).then((result) => {
    process.send!(result, () => process.exit(0));
  });
});
process.send!('ready');
