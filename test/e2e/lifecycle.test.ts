/**
 * The server process as an operator runs it: `npm start` builds when dist/ is missing, listens on
 * PORT, logs one line with its URL, finishes in-flight requests on SIGTERM, and swaps to a newly
 * published artifact without a restart or a failed request.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp } from 'node:fs/promises';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { loadSourceData } from '../../src/compile/load.ts';
import { PATHS, ROOT } from '../../src/fs/paths.ts';
import { startServer } from '../../src/server/server.ts';
import { httpRequest, json } from '../support/http.ts';
import { freePort } from '../support/nginx.ts';
import { stillRunning, waitForOutput } from '../support/processes.ts';
import { publishDataset } from '../support/publish.ts';

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

function startCli(env: Record<string, string>): {
  child: ChildProcess;
  output: () => string;
  urlLine: Promise<string>;
  exit: Promise<number | null>;
} {
  // The real `npm start`: the process a supervisor starts and signals is npm itself.
  const child = spawn('npm', ['start', '--silent'], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  const collect = (chunk: Buffer) => (output += chunk.toString());
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const urlLine = waitForOutput(child, /^.*serving artifact \w+ at http:\/\/.*$/m, 'npm start').then((m) => m[0]);
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, urlLine, exit };
}

describe('npm start', () => {
  it('builds dist/ when it is missing, listens on PORT and logs one line with the URL', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'acmd-start-'));
    const port = await freePort();
    const server = startCli({ PORT: String(port), DIRECTORY_DIST: path.join(root, 'dist') });
    const line = await server.urlLine;
    expect(line).toContain(`http://127.0.0.1:${port}/api/`);
    expect(server.output()).toContain('no artifact at');
    // A first start says what it is doing, step by step, with the seconds since the build began (issue 36).
    const steps = [...server.output().matchAll(/^build \[(\d+\.\d) s\] (\w+)/gm)].map((m) => [Number(m[1]), m[2]]);
    // Reading the releases and compressing say how far along they are (a line a quarter), so repeated steps are
    // taken once here.
    const named = steps.map(([, step]) => step).filter((step, i, all) => step !== all[i - 1]);
    expect(named).toEqual(['reading', 'releases', 'deriving', 'writing', 'compressing', 'publishing', 'done']);
    expect(steps.map(([seconds]) => seconds)).toEqual(
      [...steps.map(([seconds]) => seconds)].sort((a, b) => Number(a) - Number(b)),
    );
    const response = await httpRequest(`http://127.0.0.1:${port}/api/tools.json`);
    expect(response.status).toBe(200);
    expect(json<{ totalTools: number }>(response).totalTools).toBe((await loadSourceData(PATHS.data)).tools.length);
    expect(
      server
        .output()
        .split('\n')
        .filter((l) => l.includes('serving artifact')),
    ).toHaveLength(1);
    server.child.kill('SIGTERM');
    expect(await server.exit).toBe(0);
  });

  it('SIGTERM to the npm process stops the server itself, so the next start can bind the same port', async () => {
    const port = await freePort();
    const first = startCli({ PORT: String(port), DIRECTORY_DIST: inject('distPath') });
    const pid = Number(/\(pid (\d+)\)/.exec(await first.urlLine)?.[1]);
    expect(pid).not.toBe(first.child.pid); // the server is npm's child, not npm
    first.child.kill('SIGTERM');
    await first.exit;
    expect(await stillRunning([pid], 10_000)).toEqual([]);
    const second = startCli({ PORT: String(port), DIRECTORY_DIST: inject('distPath') });
    const secondPid = Number(/\(pid (\d+)\)/.exec(await second.urlLine)?.[1]);
    expect(secondPid).toBeGreaterThan(0);
    second.child.kill('SIGTERM');
    await second.exit;
  });

  it('on SIGTERM stops accepting connections but finishes a request already in flight', async () => {
    const port = await freePort();
    const server = startCli({ PORT: String(port), DIRECTORY_DIST: inject('distPath') });
    await server.urlLine;
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    const closed = new Promise((resolve) => socket.once('close', resolve));
    socket.write('GET /api/providers.json HTTP/1.1\r\nHost: test\r\n'); // request started, headers not finished
    await new Promise((resolve) => setTimeout(resolve, 200));
    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(httpRequest(`http://127.0.0.1:${port}/api/providers.json`)).rejects.toThrow(); // no new connections
    socket.write('\r\n');
    await closed;
    expect(received.startsWith('HTTP/1.1 200 OK')).toBe(true);
    expect(received).toContain('"providers"');
    expect(await server.exit).toBe(0);
  });
});

describe('artifact swap', () => {
  it('serves a newly published artifact without a restart and without a failed request', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'acmd-swap-'));
    const distPath = path.join(root, 'dist');
    const dataDir = path.join(root, 'data');
    await cp(PATHS.data, dataDir, { recursive: true });
    const crossValidation = JSON.parse(inject('crossValidation'));
    const publish = (stamp?: { lastUpdated: string }) => publishDataset({ distPath, dataDir, crossValidation, stamp });
    await publish();
    const running = await startServer({ distPath, host: '127.0.0.1', port: 0, watchIntervalMs: 50 });
    try {
      const before = json<{ lastUpdated: string }>(await httpRequest(`${running.url}/api/tools.json`)).lastUpdated;
      let stop = false;
      const statuses: number[] = [];
      const hammer = (async () => {
        while (!stop) statuses.push((await httpRequest(`${running.url}/api/tools.json`)).status);
      })();
      await publish({ lastUpdated: '2026-11-29T06:00:00Z' });
      const deadline = Date.now() + 10_000;
      let after = before;
      while (after === before && Date.now() < deadline) {
        after = json<{ lastUpdated: string }>(await httpRequest(`${running.url}/api/tools.json`)).lastUpdated;
      }
      stop = true;
      await hammer;
      expect(after).toBe('2026-11-29T06:00:00Z');
      expect(statuses.length).toBeGreaterThan(10);
      expect(statuses.every((s) => s === 200)).toBe(true);
    } finally {
      await running.close(1000);
    }
  });
});
