/**
 * `npm run test:reliability`: the reliability suite. Builds the artifact into a temporary
 * directory (or takes the one .ci/run built for every suite, test/support/test-artifact.ts), runs
 * each section of sections/index.ts against the real server (`npm start`) and, where installed,
 * nginx serving the same artifact, all on loopback; prints one table and exits non-zero when a
 * goal is missed (report.ts), or 2 when the time limit ends the run.
 *
 *   npm run test:reliability [-- --only fuzz,shutdown] [--seed 7] [--no-nginx] [--list] [--time-limit 900]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PREBUILT_ENV } from '../support/test-artifact.ts';
import { nginxUnavailableReason, startNginx, type RunningNginx } from '../support/nginx.ts';
import { buildArtifact, startServerProcess, type ServerProcess } from './harness.ts';
import { formatTable, missedGoals, missedTargets, type Row, STALL_MS } from './report.ts';
import type { SectionContext, TargetName } from './section.ts';
import { SECTIONS } from './sections/index.ts';

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    // `alone` or `shared`: only the sections that need the machine to themselves, or only those that may share it
    // (section.ts; .ci/run runs the shared ones beside the slow suites and the others after them).
    machine: { type: 'string' },
    seed: { type: 'string', default: '1' },
    'no-nginx': { type: 'boolean', default: false },
    list: { type: 'boolean', default: false },
    'time-limit': { type: 'string', default: '900' },
  },
});

if (values.list) {
  for (const section of SECTIONS)
    console.log(`${section.name.padEnd(16)} ${section.machine.padEnd(7)}${section.summary}`);
  process.exit(0);
}

const only = values.only?.split(',').map((name) => name.trim());
const unknown = only?.filter((name) => !SECTIONS.some((s) => s.name === name)) ?? [];
if (unknown.length) {
  console.error(`unknown section(s) ${unknown.join(', ')}; --list shows them`);
  process.exit(2);
}
const machine = values.machine;
if (machine !== undefined && machine !== 'alone' && machine !== 'shared') {
  console.error(`--machine must be alone or shared (got ${JSON.stringify(machine)})`);
  process.exit(2);
}
const sections = SECTIONS.filter((s) => (!only || only.includes(s.name)) && (!machine || s.machine === machine));
const began = Date.now();
const log = (line: string) => console.log(`[${((Date.now() - began) / 1000).toFixed(0).padStart(4)} s] ${line}`);

const servers: ServerProcess[] = [];
const nginxes: RunningNginx[] = [];
let root: string | undefined;

async function stopAll(): Promise<void> {
  await Promise.all([...servers.splice(0).map((s) => s.stop()), ...nginxes.splice(0).map((n) => n.stop())]);
}

async function cleanUp(): Promise<void> {
  await stopAll();
  if (root) await rm(root, { recursive: true, force: true });
}

const limitMs = Number(values['time-limit']) * 1000;
const watchdog = setTimeout(() => {
  console.error(`time limit of ${values['time-limit']} s reached; stopping`);
  void cleanUp().finally(() => process.exit(2));
}, limitMs);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void cleanUp().finally(() => process.exit(130));
  });
}

const loadAtStart = os.loadavg()[0]!;

async function main(): Promise<number> {
  root = await mkdtemp(path.join(os.tmpdir(), 'acmd-reliability-'));
  const nginxMissing = values['no-nginx'] ? 'not asked for (--no-nginx)' : nginxUnavailableReason();
  if (nginxMissing && process.env.CI && !values['no-nginx'])
    throw new Error(`nginx is needed under CI: ${nginxMissing}`);
  const targets: TargetName[] = nginxMissing ? ['node'] : ['node', 'nginx'];
  if (nginxMissing) log(`nginx target skipped: ${nginxMissing}`);
  log(process.env[PREBUILT_ENV] ? `the artifact ${PREBUILT_ENV} names` : `building the artifact into ${root}`);
  const artifact = await buildArtifact(root);
  log(`artifact ${artifact.manifest.buildId}: ${artifact.files.size} files`);
  const workDir = root;
  let serverCount = 0;
  const context: SectionContext = {
    root: workDir,
    artifact,
    seed: Number(values.seed),
    targets,
    log,
    async startServer() {
      const bodies = new Set(artifact.bodies);
      const server = await startServerProcess(artifact, path.join(workDir, `state-${++serverCount}`), bodies);
      servers.push(server);
      log(`npm start: pid ${server.pid}, port ${server.port}`);
      return { server, bodies };
    },
    async startNginx() {
      const nginx = await startNginx({ distPath: artifact.distPath });
      nginxes.push(nginx);
      return nginx;
    },
  };

  const rows: Row[] = [];
  for (const section of sections) {
    log(`${section.name}: ${section.summary}`);
    try {
      rows.push(...(await section.run(context)));
    } catch (error) {
      log(`${section.name} failed: ${(error as Error).stack ?? error}`);
      rows.push({ section: section.name, target: '–', failures: [`the section failed: ${(error as Error).message}`] });
    } finally {
      await stopAll();
    }
  }

  console.log(
    `\nReliability, ${new Date().toISOString()}, Node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ` +
      `load average ${loadAtStart.toFixed(1)} at the start and ${os.loadavg()[0]!.toFixed(1)} at the end (latencies are noisy when other processes use the CPU):\n`,
  );
  console.log(formatTable(rows));
  const missed = missedGoals(rows);
  const latencyMisses = missedTargets(rows);
  console.log(
    latencyMisses.length
      ? `\nLatency targets missed (reported, not gated: a p99 under attack of ${STALL_MS} ms or more is the gate):\n${latencyMisses.map((m) => `- ${m}`).join('\n')}`
      : '\nEvery latency target met (reported, not gated).',
  );
  console.log(missed.length ? `\nGoals missed:\n${missed.map((m) => `- ${m}`).join('\n')}` : '\nEvery goal met.');
  return missed.length ? 1 : 0;
}

main()
  .then(async (code) => {
    clearTimeout(watchdog);
    await cleanUp();
    process.exit(code);
  })
  .catch(async (error: unknown) => {
    console.error(error instanceof Error ? error.stack : error);
    clearTimeout(watchdog);
    await cleanUp();
    process.exit(1);
  });
