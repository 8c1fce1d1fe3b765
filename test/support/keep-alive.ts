/**
 * A busy keep-alive connection for the shutdown tests (test/e2e/http-hardening.test.ts and the
 * reliability suite's shutdown section): it writes a batch of requests and the next batch as soon
 * as every one is answered, until stopped or told `Connection: close`, and counts what it sent and
 * what was answered; the caller judges each response.
 */
import net from 'node:net';
import { parseResponses, type RawHttpResponse } from '../reliability/raw-http.ts';

export interface BusyConnection {
  sent: number;
  answered: number;
  /** A response said Connection: close (the connection then ends). */
  toldToClose: boolean;
  closed: Promise<void>;
  /** No batch after the ones in flight. */
  stop(): void;
}

/** One batch: the raw requests written together, and which of them are HEAD (their responses have no body). */
export interface Batch {
  text: string;
  heads: boolean[];
}

/** Resolves once connected; `batch(sent)` makes the next batch, `onResponse` sees each response with whether it answered a HEAD. */
export function busyConnection(
  port: number,
  batch: (sent: number) => Batch,
  onResponse: (response: RawHttpResponse, head: boolean) => void = () => {},
): Promise<BusyConnection> {
  return new Promise((resolveStarted, rejectStarted) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    let buffer: Buffer = Buffer.alloc(0);
    const outstanding: boolean[] = [];
    let stopped = false;
    let resolveClosed!: () => void;
    const connection: BusyConnection = {
      sent: 0,
      answered: 0,
      toldToClose: false,
      closed: new Promise<void>((resolve) => (resolveClosed = resolve)),
      stop: () => {
        stopped = true;
      },
    };
    const write = () => {
      const next = batch(connection.sent);
      outstanding.push(...next.heads);
      connection.sent += next.heads.length;
      socket.write(next.text);
    };
    socket.on('connect', () => {
      write();
      resolveStarted(connection);
    });
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      const parsed = parseResponses(buffer, outstanding);
      buffer = parsed.rest;
      for (const response of parsed.responses) {
        const head = outstanding.shift()!;
        connection.answered += 1;
        onResponse(response, head);
        if (response.close) {
          connection.toldToClose = true;
          socket.end();
        }
      }
      if (outstanding.length === 0 && !connection.toldToClose && !stopped) write();
    });
    socket.on('error', rejectStarted);
    socket.on('close', () => resolveClosed());
  });
}
