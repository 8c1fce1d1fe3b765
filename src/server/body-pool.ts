/**
 * Reusable buffers for the bodies read from disk per request (releases, per-model documents, the other pages).
 *
 * Why: a body read whole into a fresh buffer is garbage once sent, and V8 collects buffers' memory lazily (it
 * counts it as external memory and collects when that has grown by tens of megabytes). Under the bench's load,
 * 16 clients reading releases whose benchmarks.json is about 1 MB, those dead bodies were most of the server's
 * peak RSS. A body read into a pooled buffer goes back to the pool when its response has finished, so memory
 * under load is the bodies in flight, whatever the number of releases. A response that never finishes (the
 * client went away) keeps its buffer, which the garbage collector then frees: a buffer libuv may still be
 * writing from is never handed out again.
 */
import { open } from 'node:fs/promises';

/** Buffers are allocated in multiples of this, so one buffer fits most documents. */
const GRANULE = 1 << 20;

export class BodyPool {
  readonly #free: Buffer[] = [];
  #freeBytes = 0;

  /**
   * @param keepBytes at most this many bytes of free buffers are kept
   * @param largest bodies over this many bytes are not pooled (read into a buffer of their own)
   */
  constructor(
    readonly keepBytes: number,
    readonly largest: number,
  ) {}

  /** A buffer of at least `bytes`: a free one that fits, else a new one (its size rounded up to 1 MB). */
  take(bytes: number): Buffer {
    const index = this.#free.findIndex((buffer) => buffer.length >= bytes);
    if (index !== -1) {
      const [buffer] = this.#free.splice(index, 1);
      this.#freeBytes -= buffer!.length;
      return buffer!;
    }
    // allocUnsafeSlow: a buffer of its own, outside Node's shared 8 KB slabs, so giving it back frees nothing else.
    return Buffer.allocUnsafeSlow(Math.max(GRANULE, Math.ceil(bytes / GRANULE) * GRANULE));
  }

  /** Returns a buffer taken from this pool, once nothing refers to its bytes any more. */
  give(buffer: Buffer): void {
    if (buffer.length > this.largest || this.#freeBytes + buffer.length > this.keepBytes) return;
    this.#free.push(buffer);
    this.#freeBytes += buffer.length;
  }

  /** The bytes of free buffers held now (for tests). */
  get freeBytes(): number {
    return this.#freeBytes;
  }
}

/** A body read from disk, and the pool its buffer goes back to when the response has finished. */
export interface ReadBody {
  body: Buffer;
  /** Call once the response that sent `body` has finished (never when it was cut short). */
  release(): void;
}

/** A body being read or sent, shared by every response that asked for its file meanwhile. */
interface SharedRead {
  reading: Promise<ReadBody>;
  /** Responses holding the body. */
  holders: number;
  /** Whether the buffer may go back to the pool: not once a response holding it was cut short. */
  reusable: boolean;
}

/** A body one response holds: `done(finished)` once it has closed, saying whether it finished sending. */
export interface HeldBody {
  body: Buffer;
  done(finished: boolean): void;
}

/**
 * Reads bodies from disk, one read per file at a time: a request for a file that is being read or sent already
 * gets the same buffer. Why: many clients asking at once for one large document (a latest document's identity body
 * is 0.6 to 1.1 MB; the reliability suite's load runs 256 connections) would otherwise each hold a copy, and memory
 * would follow the number of connections. The buffer goes back to the pool when the last response holding it has
 * finished; if any of them was cut short, libuv may still be writing from it, so it is left to the garbage collector.
 * Files are immutable (an artifact's files never change under the same path), so sharing never serves stale bytes.
 */
export class BodyReader {
  readonly #shared = new Map<string, SharedRead>();

  constructor(readonly pool: BodyPool) {}

  async read(file: string, bytes: number): Promise<HeldBody> {
    let shared = this.#shared.get(file);
    if (shared === undefined) {
      const created: SharedRead = { reading: readBody(this.pool, file, bytes), holders: 0, reusable: true };
      created.reading.catch(() => this.#forget(file, created));
      this.#shared.set(file, created);
      shared = created;
    }
    shared.holders += 1;
    const entry = shared;
    let read: ReadBody;
    try {
      read = await entry.reading;
    } catch (error) {
      entry.holders -= 1;
      throw error;
    }
    let held = true;
    return {
      body: read.body,
      done: (finished) => {
        if (!held) return;
        held = false;
        if (!finished) entry.reusable = false;
        entry.holders -= 1;
        if (entry.holders > 0) return;
        this.#forget(file, entry);
        if (entry.reusable) read.release();
      },
    };
  }

  /** How many files are being read or sent now (for tests). */
  get sharedFiles(): number {
    return this.#shared.size;
  }

  #forget(file: string, entry: SharedRead): void {
    if (this.#shared.get(file) === entry) this.#shared.delete(file);
  }
}

/**
 * Reads the file at `file`, which the manifest says is `bytes` long, into a pooled buffer. A file of another length
 * is an error naming the file and both lengths (the artifact is not what its manifest says), before anything is sent.
 */
export async function readBody(pool: BodyPool, file: string, bytes: number): Promise<ReadBody> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    if (size !== bytes) throw new Error(`${file}: ${size} bytes on disk, manifest says ${bytes}`);
    const pooled = bytes <= pool.largest;
    const buffer = pooled ? pool.take(bytes) : Buffer.allocUnsafeSlow(bytes);
    let filled = 0;
    while (filled < bytes) {
      const { bytesRead } = await handle.read(buffer, filled, bytes - filled, filled);
      if (bytesRead === 0) throw new Error(`${file}: ended after ${filled} bytes, manifest says ${bytes}`);
      filled += bytesRead;
    }
    const body = buffer.subarray(0, bytes);
    return { body, release: pooled ? () => pool.give(buffer) : () => {} };
  } finally {
    await handle.close();
  }
}
