/**
 * `npm start -- --workers 2`: two worker processes behind one port. Under continuous load on
 * keep-alive connections, each worker in turn is killed with SIGKILL. What the operator relies on:
 * a request fails only on a connection the killed worker held (its requests in flight die with
 * it); every request on the other worker's connections is answered whole; the primary starts a
 * replacement, and the replacements serve new connections. Which worker holds a connection is
 * read from /proc (the worker's socket inodes and /proc/net/tcp), not inferred from timing.
 * Then a publish to `dist` reaches every worker, the replacements included.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, readlink, realpath, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import type { Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { servedIndexFiles } from '../../src/artifact/served-index.ts';
import { ROOT } from '../../src/fs/paths.ts';
import { compileOut, startServe, type Serving, waitForOutput } from '../support/processes.ts';

const CLIENTS = 8;
const PATH = '/api/tools.json';

/** The client ports of the loopback connections `pid` holds to `serverPort` (Linux /proc). */
async function connectionsOf(pid: number, serverPort: number): Promise<Set<number>> {
  const inodes = new Set<string>();
  for (const fd of await readdir(`/proc/${pid}/fd`).catch(() => [])) {
    const target = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
    const match = /^socket:\[(\d+)\]$/.exec(target);
    if (match) inodes.add(match[1]!);
  }
  const ports = new Set<number>();
  for (const line of (await readFile('/proc/net/tcp', 'utf8')).split('\n').slice(1)) {
    const fields = line.trim().split(/\s+/);
    if (fields.length < 10 || !inodes.has(fields[9]!)) continue;
    const local = Number.parseInt(fields[1]!.split(':')[1]!, 16);
    if (local === serverPort) ports.add(Number.parseInt(fields[2]!.split(':')[1]!, 16));
  }
  return ports;
}

interface Outcome {
  /** The client port of the connection the request went out on. */
  port: number;
  ok: boolean;
  error?: string;
}

/** One GET on `agent`'s connection: ok when the status is 200 and the body is as long as it says. */
function fetchOnce(agent: Agent, port: number): Promise<Outcome & { etag?: string }> {
  return new Promise((resolve) => {
    let clientPort = 0;
    const req = request({ host: '127.0.0.1', port, path: PATH, agent, headers: { 'Accept-Encoding': 'br' } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () =>
        resolve({
          port: clientPort,
          etag: res.headers.etag,
          ok: res.statusCode === 200 && bytes === Number(res.headers['content-length']),
          error: `status ${res.statusCode}, ${bytes} of ${res.headers['content-length']} bytes`,
        }),
      );
      res.on('error', (error) => resolve({ port: clientPort, ok: false, error: error.message }));
    });
    req.on('socket', (socket: Socket) => {
      const note = () => (clientPort = socket.localPort ?? 0);
      if (socket.localPort) note();
      else socket.once('connect', note);
    });
    req.on('error', (error) => resolve({ port: clientPort, ok: false, error: error.message }));
    // A hang is a failure to report, not a test timeout: nothing here takes seconds unless stuck (a connection
    // handed to a worker as it died once waited here for ever), however busy the machine.
    req.setTimeout(30_000, () => req.destroy(new Error('no answer within 30 s')));
    req.end();
  });
}

/**
 * Clients that each keep one connection busy until stopped, recording every outcome. While
 * `rotating`, each opens a new connection every ROTATE_EVERY requests, so connections spread over
 * the workers alive (a replacement too), not only over those alive when the clients connected.
 */
const ROTATE_EVERY = 10;
function startLoad(port: number) {
  const outcomes: Outcome[] = [];
  let running = true;
  const control = { rotating: true };
  const answered = new Array<number>(CLIENTS).fill(0);
  const loops = answered.map(async (_, client) => {
    let agent = new Agent({ keepAlive: true, maxSockets: 1 });
    for (let n = 1; running; n += 1) {
      outcomes.push(await fetchOnce(agent, port));
      answered[client] = n;
      if (control.rotating && n % ROTATE_EVERY === 0) {
        agent.destroy();
        agent = new Agent({ keepAlive: true, maxSockets: 1 });
      }
    }
    agent.destroy();
  });
  return {
    outcomes,
    control,
    /** Resolves once every client has completed `n` more requests. */
    async progress(n: number) {
      const targets = answered.map((count) => count + n);
      while (answered.some((count, client) => count < targets[client]!))
        await new Promise((resolve) => setTimeout(resolve, 20));
    },
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

/**
 * Publishes a copy of the artifact `dist` points to (its files hard-linked) under a new build id,
 * in which tools.json's brotli ETag differs: what every worker serves tells which artifact it has.
 */
async function republish(dist: string, root: string): Promise<{ buildId: string; etag: string }> {
  const current = await realpath(dist);
  const next = path.join(root, 'republished');
  execFileSync('cp', ['-al', current, next]);
  const manifest = JSON.parse(await readFile(path.join(next, 'artifact.json'), 'utf8'));
  manifest.buildId = `${manifest.buildId}0000`;
  const br = manifest.files[PATH].br;
  br.etag = br.etag.replace(/"$/, '-republished"');
  // New files, not writes through the hard links into the artifact being served; the server's
  // index of the artifact (what it reads at start) follows the manifest, as a build writes it.
  const files = new Map([['artifact.json', Buffer.from(JSON.stringify(manifest))], ...servedIndexFiles(manifest)]);
  for (const [file, body] of files) {
    await rm(path.join(next, file), { force: true });
    await writeFile(path.join(next, file), body);
  }
  await symlink(next, `${dist}.next`);
  await rename(`${dist}.next`, dist);
  return { buildId: manifest.buildId, etag: br.etag };
}

describe('npm start --workers 2: a worker killed under load', () => {
  let serving: Serving;
  let serverPort: number;
  let workers: number[];
  let root: string;
  let dist: string;

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'acmd-workers-'));
    dist = path.join(root, 'dist');
    await symlink(await realpath(inject('distPath')), dist);
    // The compiled server, as `npm start` runs it.
    await compileOut();
    serving = await startServe(['--dist', dist, '--workers', '2', '--no-refresh'], {
      label: 'two workers',
      compiled: true,
      timeoutMs: 120_000,
    });
    serverPort = Number(new URL(serving.url).port);
    const pids = /from 2 workers \(pids (\d+) (\d+)\)/.exec(serving.output());
    expect(pids, serving.output()).not.toBeNull();
    workers = [Number(pids![1]), Number(pids![2])];
  });
  afterAll(async () => {
    await serving?.stop();
    await rm(root, { recursive: true, force: true });
  });

  it('loses only requests on the killed worker’s connections, and the replacements serve', async () => {
    const load = startLoad(serverPort);
    const replacements: number[] = [];
    const kills: { pid: number; held: Set<number>; others: Set<number>; failed: Outcome[] }[] = [];
    try {
      await load.progress(20);
      const beforeKills = load.outcomes.filter((o) => !o.ok);
      expect(beforeKills, 'failures before any worker was killed').toEqual([]);
      for (const victim of workers) {
        // Which connections the victim holds, read just before it dies: no client opens a new one
        // from here until the replacement serves, and each has been answered on the one it has.
        load.control.rotating = false;
        await load.progress(ROTATE_EVERY + 1);
        const held = await connectionsOf(victim, serverPort);
        // And which the workers that stay alive hold: a request that fails on one of those is the fault to catch.
        // (A connection a client had to open again in between may be handed to either worker, so it proves nothing.)
        const alive = [...workers.slice(workers.indexOf(victim) + 1), ...replacements];
        const others = new Set<number>();
        for (const pid of alive) for (const port of await connectionsOf(pid, serverPort)) others.add(port);
        const from = load.outcomes.length;
        const replaced = waitForOutput(serving.child, /worker (\d+) serving \(a replacement\)/, 'two workers');
        process.kill(victim, 'SIGKILL');
        // A primary that does not replace the worker would leave this waiting: say so instead of hanging.
        const noReplacement = new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error(`no replacement for worker ${victim} within 60 s`)), 60_000).unref(),
        );
        const replacement = Number((await Promise.race([replaced, noReplacement]))[1]);
        replacements.push(replacement);
        load.control.rotating = true;
        await load.progress(3 * ROTATE_EVERY);
        kills.push({ pid: victim, held, others, failed: load.outcomes.slice(from).filter((o) => !o.ok) });
      }
    } finally {
      await load.stop();
    }

    for (const kill of kills) {
      // Failures are the killed worker's requests in flight (at most one per connection it held), none on a
      // connection another worker held.
      const onOthers = kill.failed.filter((o) => kill.others.has(o.port));
      expect(onOthers, `failed on connections the workers left alive held`).toEqual([]);
      const reopened = kill.failed.filter((o) => !kill.held.has(o.port) && !kill.others.has(o.port));
      console.info(`worker ${kill.pid}: ${reopened.length} failure(s) on connections opened during the kill`);
      expect(kill.failed.filter((o) => kill.held.has(o.port)).length).toBeLessThanOrEqual(kill.held.size);
      console.info(
        `worker ${kill.pid} killed holding ${kill.held.size} of ${CLIENTS} connections: ${kill.failed.length} request(s) in flight on them failed (${[...new Set(kill.failed.map((o) => o.error))].join('; ') || 'none'})`,
      );
    }
    expect(replacements.filter((pid) => !workers.includes(pid))).toHaveLength(2);

    // New connections go to the workers alive now: both replacements hold some. (The kernel spreads them by a
    // hash of the client's address and port, so 24 connections all land on one worker once in 2^23 runs.)
    const owners = new Set<number>();
    for (let i = 0; i < 24; i += 1) {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      const outcome = await fetchOnce(agent, serverPort);
      expect(outcome.ok, `fresh connection ${i}: ${outcome.error}`).toBe(true);
      for (const pid of replacements) if ((await connectionsOf(pid, serverPort)).has(outcome.port)) owners.add(pid);
      agent.destroy();
    }
    expect([...owners].sort()).toEqual([...replacements].sort());
  });

  it('a publish to dist reaches every worker, the replacements included', async () => {
    const workerPids = [...serving.output().matchAll(/worker (\d+) serving \(a replacement\)/g)].map((m) => m[1]);
    const swapped = workerPids.map((pid) =>
      waitForOutput(serving.child, new RegExp(`\\[worker ${pid}\\] serving artifact (\\w+)`), `worker ${pid}`),
    );
    const published = await republish(dist, root);
    for (const swap of swapped) expect((await swap)[1]).toBe(published.buildId);
    // New connections go to each worker in turn: all of them now serve the new artifact.
    for (let i = 0; i < 8; i += 1) {
      const agent = new Agent({ keepAlive: false });
      const outcome = await fetchOnce(agent, serverPort);
      expect(outcome.etag, `fresh connection ${i}`).toBe(published.etag);
    }
  });

  it('a second npm start on the same port fails with EADDRINUSE instead of sharing the port', async () => {
    const second = spawn(
      process.execPath,
      [path.join(ROOT, 'out/cli/serve.js'), '--dist', dist, '--workers', '2', '--no-refresh', '--host', '127.0.0.1'],
      { env: { ...process.env, PORT: String(serverPort), WORKERS: '2' }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    second.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    second.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    // One that shares the port serves on instead of exiting: stopped after 30 s, it fails the test below.
    const timer = setTimeout(() => second.kill('SIGKILL'), 30_000);
    const code = await new Promise<number | null>((resolve) => second.once('exit', resolve));
    clearTimeout(timer);
    expect(code, output).toBe(1);
    expect(output).toMatch(new RegExp(`EADDRINUSE.*${serverPort}`));
    expect(output).not.toMatch(/serving artifact/);
  });

  it('stops every worker on SIGTERM and exits 0', async () => {
    const running = [...serving.output().matchAll(/worker (\d+) serving \(a replacement\)/g)].map((m) => Number(m[1]));
    const exit = new Promise<number | null>((resolve) => serving.child.once('exit', (code) => resolve(code)));
    serving.child.kill('SIGTERM');
    expect(await exit).toBe(0);
    for (const pid of running) expect(() => process.kill(pid, 0), `worker ${pid} still runs`).toThrow();
  });
});
