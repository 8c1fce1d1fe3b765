/**
 * stdin for the MCP transport, one bounded line at a time. The SDK's stdio transport buffers up to 10 MiB and,
 * past that, closes, so one oversized request would end the server for every later call. Here a line longer than
 * the limit is dropped as it streams in (never held whole) and answered with a JSON-RPC error; every other line
 * passes through unchanged, and the server goes on.
 */
import { Transform, type TransformCallback } from 'node:stream';

/** The largest request line accepted: the largest real call (a cost request with its usage) is a few kilobytes. */
export const MAX_REQUEST_BYTES = 1024 * 1024;

const NEWLINE = 0x0a;

/** The JSON-RPC error for a refused request: the request was not read, so its id is unknown (null, as the spec says). */
export function oversizedAnswer(limit: number): string {
  return `${JSON.stringify({
    jsonrpc: '2.0',
    id: null,
    error: { code: -32600, message: `request refused: larger than ${limit} bytes` },
  })}\n`;
}

export class BoundedLines extends Transform {
  #held: Buffer[] = [];
  #heldBytes = 0;
  #dropping = false;

  constructor(
    private readonly limit: number,
    private readonly refuse: (answer: string) => void,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    let start = 0;
    for (let at = chunk.indexOf(NEWLINE); at !== -1; at = chunk.indexOf(NEWLINE, start)) {
      this.#take(chunk.subarray(start, at + 1), true);
      start = at + 1;
    }
    if (start < chunk.length) this.#take(chunk.subarray(start), false);
    done();
  }

  #take(part: Buffer, endsLine: boolean): void {
    if (!this.#dropping) {
      this.#held.push(part);
      this.#heldBytes += part.length;
      if (this.#heldBytes > this.limit) {
        this.#held = [];
        this.#heldBytes = 0;
        this.#dropping = true;
      }
    }
    if (!endsLine) return;
    if (this.#dropping) {
      this.#dropping = false;
      this.refuse(oversizedAnswer(this.limit));
      return;
    }
    this.push(Buffer.concat(this.#held, this.#heldBytes));
    this.#held = [];
    this.#heldBytes = 0;
  }
}
