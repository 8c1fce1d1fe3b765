/**
 * Slow clients: slowloris, never-reading and connect-and-drop clients (attackers.ts, in a child
 * process) against each server with its production limits, while a normal client requests a
 * document on a new connection every few milliseconds. Reported: the normal client's p50/p99
 * quiet (before and after the attack) and under attack, and how many of the abusive connections
 * the server closed by itself (slowloris by the header timeout, never-reading by the send timeout).
 */
import { fork } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import type { AttackPlan, AttackResult } from '../attackers.ts';
import { exchange, get } from '../raw-http.ts';
import { foreignCpu, judge, percentile, sleep } from '../harness.ts';
import type { Row } from '../report.ts';
import type { Section, SectionContext } from '../section.ts';

/** Each of the two quiet windows, before the attack and after it: some 800 requests each, so the quiet p99 is the 16th slowest of 1 600. */
const QUIET_MS = 4_000;
/** Abusive clients connect evenly over this long: an attack that builds up, not one synchronized burst of 100 clients each filling megabytes of socket buffers at the same instant. */
const RAMP_MS = 5_000;
/** Longer than the ramp plus the Node server's send timeout (15-30 s), so every never-reading client is cut off within it. */
const ATTACK_MS = 40_000;
/** After the attack, slowloris connections still need up to the header timeout (10 s) to be closed. */
const DRAIN_MS = 15_000;
const INTERVAL_MS = 5;
const ATTACKERS_FILE = fileURLToPath(new URL('../attackers.ts', import.meta.url));

interface Sample {
  at: number;
  ms: number;
}

/** One GET on a new connection every INTERVAL_MS until `stop()`; latencies and verdicts. */
function normalClient(port: number, bodies: ReadonlySet<string>, expected: Buffer) {
  const samples: Sample[] = [];
  const tally = { requests: 0, fiveXx: 0, outside: 0, noShape: 0, failed: 0 };
  let running = true;
  const request = get('/api/providers.json', { 'Accept-Encoding': 'br', Connection: 'close' });
  const loop = (async () => {
    const inFlight = new Set<Promise<void>>();
    while (running) {
      const started = performance.now();
      tally.requests += 1;
      const one: Promise<void> = exchange(port, request, { responses: 1, timeoutMs: 10_000 }).then((result) => {
        const response = result.responses[0];
        if (!response) {
          tally.failed += 1;
          return;
        }
        samples.push({ at: Date.now(), ms: performance.now() - started });
        const verdict = judge(response, bodies, { expected });
        if (verdict.fiveXx) tally.fiveXx += 1;
        if (verdict.outsideArtifact) tally.outside += 1;
        if (verdict.noErrorShape) tally.noShape += 1;
      });
      inFlight.add(one);
      void one.finally(() => inFlight.delete(one));
      await sleep(INTERVAL_MS);
    }
    await Promise.all(inFlight);
  })();
  return {
    samples,
    tally,
    stop: async () => {
      running = false;
      await loop;
    },
  };
}

/** Starts the attackers' process (before the quiet phase: its start-up is not part of the attack); `attack` runs a plan. */
async function attackers(): Promise<{ pid: number; attack(plan: AttackPlan): Promise<AttackResult> }> {
  const child = fork(ATTACKERS_FILE, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  // Real attackers spend their own machines' CPU, not the server's: on this shared 2-core runner
  // they yield to the server and to the normal client, so what the client measures is the
  // server's handling of the attack rather than the scheduler sharing cores with the attacker.
  os.setPriority(child.pid!, 19);
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => code !== 0 && reject(new Error(`the attackers exited with ${code}`))),
  );
  exited.catch(() => {}); // reported through the races below
  await Promise.race([new Promise((resolve) => child.once('message', resolve)), exited]);
  return {
    pid: child.pid!,
    attack(plan) {
      const result = new Promise<AttackResult>((resolve) =>
        child.once('message', (message) => resolve(message as AttackResult)),
      );
      child.send(plan);
      return Promise.race([result, exited]);
    },
  };
}

const stats = (samples: readonly Sample[], from: number, to: number) => {
  const sorted = samples
    .filter((s) => s.at >= from && s.at < to)
    .map((s) => s.ms)
    .sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), n: sorted.length };
};

/** One measurement against a running server: quiet, attack, quiet again. */
async function measure(
  context: SectionContext,
  target: string,
  port: number,
  serverPids: number[],
  bodies: ReadonlySet<string>,
): Promise<{ row: Row; foreign: number }> {
  const expected = context.artifact.files.get('/api/providers.json')!.br!;
  const attack = await attackers();
  const foreign = await foreignCpu([...serverPids, attack.pid]);
  const client = normalClient(port, bodies, expected);
  await sleep(1_000); // warm-up, not measured
  const quietFrom = Date.now();
  await sleep(QUIET_MS);
  const attackFrom = Date.now();
  const plan: AttackPlan = {
    port,
    attackMs: ATTACK_MS,
    drainMs: DRAIN_MS,
    slowloris: 200,
    neverReading: 100,
    rampMs: RAMP_MS,
    pipelined: 24,
    pipelinedBytes: 24 * context.artifact.files.get('/api/tools.json')!.identity.length,
    connectDropPerSecond: 100,
    // Near the end of the attack every never-reading client has been cut off (send timeout) while
    // it still holds its socket open: what the kernel keeps for those connections then.
    probeKernelAtMs: ATTACK_MS - 2_000,
  };
  const result = await attack.attack(plan);
  const attackTo = attackFrom + ATTACK_MS;
  // Quiet again (every abusive connection is gone after the drain): a second quiet window, so
  // the baseline is not one stretch of time other processes on the machine may have disturbed.
  const afterFrom = Date.now();
  await sleep(QUIET_MS);
  const afterTo = Date.now();
  await client.stop();
  const foreignCores = await foreign.stop();
  const quiet = stats(
    client.samples.filter((sample) => sample.at < attackFrom || sample.at >= afterFrom),
    quietFrom,
    afterTo,
  );
  const underAttack = stats(client.samples, attackFrom, attackTo);
  context.log(
    `slow-clients ${target}: quiet n=${quiet.n} p50 ${quiet.p50.toFixed(2)} p99 ${quiet.p99.toFixed(2)} ms; attack n=${underAttack.n} p50 ${underAttack.p50.toFixed(2)} p99 ${underAttack.p99.toFixed(2)} ms; ` +
      `slowloris ${result.slowloris.closedByServer}/${result.slowloris.opened} closed (${result.slowloris.answers} answered), never-reading ${result.neverReading.closedByServer}/${result.neverReading.opened} closed, ` +
      `${result.connectDrop.opened} connect-and-drop, ${result.stillOpen} still open after the drain, normal client: ${client.tally.failed} failed`,
  );
  const row: Row = {
    section: 'slow-clients',
    target,
    requests: client.tally.requests,
    fiveXx: client.tally.fiveXx,
    outsideArtifact: client.tally.outside,
    // A normal request that got no answer at all counts as one without the error shape, like the 408s slowloris got.
    noErrorShape: client.tally.noShape + client.tally.failed + result.slowloris.answersWithoutErrorShape,
    slowHeld: result.slowloris.opened + result.neverReading.opened,
    slowClosed: result.slowloris.closedByServer + result.neverReading.closedByServer,
    p50Quiet: quiet.p50,
    p99Quiet: quiet.p99,
    p50Attack: underAttack.p50,
    p99Attack: underAttack.p99,
    ...(result.unsentKb === null ? {} : { unsentKb: result.unsentKb }),
    note: `${result.slowloris.opened} slowloris, ${result.neverReading.opened} never-reading (24 pipelined GETs of tools.json, identity, each), ${result.connectDrop.opened} connect-and-drop, connecting over the first ${RAMP_MS / 1000} s; normal client: a GET on a new connection every ${INTERVAL_MS} ms`,
  };
  return { row, foreign: foreignCores };
}

export const slowClients: Section = {
  name: 'slow-clients',
  machine: 'alone',
  summary: 'slowloris, never-reading and connect-and-drop clients; a normal client p50/p99 quiet vs under attack',
  async run(context: SectionContext): Promise<Row[]> {
    const rows: Row[] = [];
    for (const target of context.targets) {
      let port: number;
      let pids: number[];
      let bodies: ReadonlySet<string> = context.artifact.bodies;
      if (target === 'node') {
        const started = await context.startServer();
        port = started.server.port;
        pids = [started.server.pid];
        bodies = started.bodies;
      } else {
        const nginx = await context.startNginx();
        port = nginx.port;
        pids = [nginx.pid, ...(await nginx.workerPids())];
      }
      // Measured once: latency is reported, not gated (only a stall fails, report.ts), so repeating a
      // measurement that other processes disturbed would sharpen a figure, not prove anything more. The
      // row says how busy the machine was (for a quiet figure, run `--only slow-clients` on a quiet machine).
      const measured = await measure(context, target, port, pids, bodies);
      context.log(`slow-clients ${target}: other processes used ${measured.foreign.toFixed(2)} cores`);
      rows.push({
        ...measured.row,
        note: `${measured.row.note}; other processes used ${measured.foreign.toFixed(2)} cores meanwhile`,
      });
    }
    return rows;
  },
};
