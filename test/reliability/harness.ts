/**
 * What every reliability section gets: the artifact built from data/ and releases/ (built into a
 * temporary directory, or the one .ci/run built for every suite), the set
 * of bodies a server may send, the real server process (`npm start` on a loopback port, serving
 * that artifact), nginx serving it, and the checks a response must pass.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ArtifactManifest } from '../../src/artifact/artifact.ts';
import { ROOT } from '../../src/fs/paths.ts';
import { buildTestArtifact, prebuiltArtifact } from '../support/test-artifact.ts';
import { errorShapeProblem, exchange, get, type RawHttpResponse } from './raw-http.ts';

export interface Artifact {
  distPath: string;
  manifest: ArtifactManifest;
  /** URL path and coding -> the exact bytes a server sends for it. */
  files: Map<string, { identity: Buffer; br?: Buffer; gzip?: Buffer }>;
  /** SHA-256 of every published body (every representation of every file). */
  bodies: Set<string>;
}

export const sha256 = (body: Buffer) => createHash('sha256').update(body).digest('hex');

/**
 * The artifact from data/ and releases/ as `npm run build` makes it: the one `.ci/run` built for every
 * suite (ACMD_TEST_ARTIFACT, test/support/test-artifact.ts), else built into `root`.
 */
export async function buildArtifact(root: string): Promise<Artifact> {
  const { distPath } = (await prebuiltArtifact()) ?? (await buildTestArtifact(root));
  const manifest = JSON.parse(await readFile(path.join(distPath, 'artifact.json'), 'utf8')) as ArtifactManifest;
  const files: Artifact['files'] = new Map();
  const bodies = new Set<string>();
  for (const [urlPath, entry] of Object.entries(manifest.files)) {
    const read = async (file: string | undefined) =>
      file === undefined ? undefined : readFile(path.join(distPath, file));
    const [identity, br, gzip] = await Promise.all([
      read(entry.identity.file),
      read(entry.br?.file),
      read(entry.gzip?.file),
    ]);
    files.set(urlPath, { identity: identity!, ...(br ? { br } : {}), ...(gzip ? { gzip } : {}) });
    for (const body of [identity, br, gzip]) if (body) bodies.add(sha256(body));
  }
  return { distPath, manifest, files, bodies };
}

/** What one response counts toward in the table. */
export interface Verdict {
  fiveXx: boolean;
  outsideArtifact: boolean;
  noErrorShape: boolean;
  /** Why, for the log. */
  why?: string;
}

/**
 * The rules every response follows: no 5xx; a 2xx body is byte-identical to a published body
 * (`expected` first, the cheap comparison, then any of them); an error has the one JSON error shape.
 */
export function judge(
  response: RawHttpResponse,
  bodies: ReadonlySet<string>,
  options: { head?: boolean; expected?: Buffer } = {},
): Verdict {
  const verdict: Verdict = { fiveXx: response.status >= 500, outsideArtifact: false, noErrorShape: false };
  if (response.status >= 200 && response.status < 300 && !options.head && response.status !== 204) {
    if (!(options.expected?.equals(response.body) ?? false) && !bodies.has(sha256(response.body))) {
      verdict.outsideArtifact = true;
      verdict.why = `${response.status} body of ${response.body.length} bytes is no published file`;
    }
  }
  if (response.status >= 400) {
    const problem = errorShapeProblem(response, options.head);
    if (problem) {
      verdict.noErrorShape = true;
      verdict.why = `${response.status}: ${problem}`;
    }
  }
  return verdict;
}

export interface ServerProcess {
  name: 'node';
  port: number;
  /** The node process that serves (not npm). */
  pid: number;
  /** The process started (npm, which execs node); signals go here, as a supervisor's would. */
  child: ChildProcess;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  output(): string;
  stop(): Promise<void>;
}

/**
 * The server as operators run it: `npm start -- --no-refresh` serving `distPath` on a free
 * loopback port, production limits. Its live freshness document (with the refresh status) is
 * the one body that is not a file of the artifact, so its bodies are added to `bodies`.
 */
export async function startServerProcess(
  artifact: Artifact,
  stateDir: string,
  bodies: Set<string>,
): Promise<ServerProcess> {
  const child = spawn(
    'npm',
    [
      'start',
      '--silent',
      '--',
      '--no-refresh',
      '--host',
      '127.0.0.1',
      '--port',
      '0',
      '--dist',
      artifact.distPath,
      '--state',
      stateDir,
    ],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      // One process: the pid it prints is the one whose memory and stalls the suite measures.
      env: { ...process.env, WORKERS: '1' },
    },
  );
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  const started = Date.now();
  const urlLine = /serving artifact \S+ at http:\/\/127\.0\.0\.1:(\d+)\/api\/ \(pid (\d+)\)/;
  // The first start compiles out/ (npm start does when src/ is newer).
  for (;;) {
    if (urlLine.test(output)) break;
    if (child.exitCode !== null || Date.now() - started > 180_000) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const line = urlLine.exec(output)!;
  const port = Number(line[1]);
  for (const coding of ['identity', 'br', 'gzip']) {
    const response = await exchange(port, get('/api/freshness.json', { 'Accept-Encoding': coding }), { responses: 1 });
    if (response.responses[0]?.status === 200) bodies.add(sha256(response.responses[0].body));
  }
  return {
    name: 'node',
    port,
    pid: Number(line[2]),
    child,
    exit,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exit;
        clearTimeout(force);
      }
    },
  };
}

/** Resident set size of a process in MB (VmRSS), or NaN once it is gone. */
export async function rssMb(pid: number): Promise<number> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1]);
    return kb / 1024;
  } catch {
    return Number.NaN;
  }
}

/** Sockets a process holds open (its fds that are sockets), or NaN once it is gone. */
export async function openSockets(pid: number): Promise<number> {
  const { readdir, readlink } = await import('node:fs/promises');
  try {
    let sockets = 0;
    for (const fd of await readdir(`/proc/${pid}/fd`)) {
      const target = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
      if (target.startsWith('socket:')) sockets += 1;
    }
    return sockets;
  } catch {
    return Number.NaN;
  }
}

/** Kernel clock ticks per second (USER_HZ), the unit of /proc CPU times. */
const CLOCK_TICKS = 100;

/** CPU time of a process in ticks (utime + stime from /proc/<pid>/stat), 0 once it is gone. */
async function cpuTicks(pid: number): Promise<number> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/**
 * CPU ticks the whole machine (all cores) spent running processes, from /proc/stat: user, nice,
 * system and steal; not interrupts, which on loopback are mostly this run's own traffic.
 */
async function machineBusyTicks(): Promise<number> {
  const [user, nice, system, , , , , steal] = (await readFile('/proc/stat', 'utf8'))
    .split('\n')[0]!
    .trim()
    .split(/\s+/)
    .slice(1, 9)
    .map(Number);
  return user! + nice! + system! + steal!;
}

/**
 * Starts measuring how much CPU other processes use (the machine's busy time less that of `pids`
 * and of this process); `stop()` says how many cores they used on average. Latencies measured
 * while other processes compete for the CPU say more about the machine than about the server.
 */
export async function foreignCpu(pids: readonly number[]): Promise<{ stop(): Promise<number> }> {
  const ours = async () => (await Promise.all(pids.map(cpuTicks))).reduce((a, b) => a + b, 0);
  const [machineStart, oursStart] = await Promise.all([machineBusyTicks(), ours()]);
  const selfStart = process.cpuUsage();
  const from = Date.now();
  return {
    async stop() {
      const [machineEnd, oursEnd] = await Promise.all([machineBusyTicks(), ours()]);
      const self = process.cpuUsage(selfStart);
      const seconds = (Date.now() - from) / 1000;
      const foreign =
        (machineEnd - machineStart - (oursEnd - oursStart)) / CLOCK_TICKS - (self.user + self.system) / 1e6;
      return Math.max(0, foreign / seconds);
    },
  };
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A small seeded PRNG (mulberry32), so a fuzz run can be repeated with --seed. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
