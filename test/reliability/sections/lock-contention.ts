/**
 * Lock contention (issue 21): several processes (lock-contender.ts) take the refresh lock of one
 * state directory over and over, starting from no lock, from a stale lock left by a dead process
 * and from a lock naming a live pid whose process started later (pid reuse). Each holder claims
 * a marker file exclusively while it holds the lock; a second holder at the same moment would
 * find it taken. Reported: acquisitions, and moments with two holders (the goal: none).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ROOT } from '../../../src/fs/paths.ts';
import { processStart } from '../../../src/refresh/lock.ts';
import type { Row } from '../report.ts';
import type { Section, SectionContext } from '../section.ts';

const CONTENDER = path.join(ROOT, 'test/reliability/lock-contender.ts');

export interface Contention {
  held: number;
  overlaps: number;
  refused: number;
}

function runContender(stateDir: string, rounds: number): Promise<Contention> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CONTENDER, stateDir, String(rounds)], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(JSON.parse(out.trim())) : reject(new Error(`exit ${code}`))));
  });
}

/** `processes` contenders at once on `stateDir`, each taking the lock `rounds` times; their totals. */
export async function contend(stateDir: string, processes: number, rounds: number): Promise<Contention> {
  const results = await Promise.all(Array.from({ length: processes }, () => runContender(stateDir, rounds)));
  return results.reduce((sum, r) => ({
    held: sum.held + r.held,
    overlaps: sum.overlaps + r.overlaps,
    refused: sum.refused + r.refused,
  }));
}

/** The pid of a process that has exited. */
export function deadPid(): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['-e', '0']);
    child.on('close', () => resolve(child.pid!));
  });
}

const STARTS: [string, (file: string) => Promise<void>][] = [
  ['no lock', async () => {}],
  ['a stale lock (dead pid)', async (file) => writeFile(file, `${await deadPid()} 1\n`)],
  [
    'a reused pid (live, other start time)',
    async (file) => writeFile(file, `${process.pid} ${Number(processStart('self')) + 1}\n`),
  ],
];

export const lockContention: Section = {
  name: 'lock-contention',
  machine: 'shared',
  summary: '6 processes take the refresh lock 20 times each, from no lock, a stale lock and a reused pid',
  async run(context: SectionContext): Promise<Row[]> {
    const rows: Row[] = [];
    for (const [name, setUp] of STARTS) {
      const stateDir = await mkdtemp(path.join(context.root, 'lock-'));
      await setUp(path.join(stateDir, 'refresh.lock'));
      const result = await contend(stateDir, 6, 20);
      context.log(`lock-contention from ${name}: ${result.held} acquisitions, ${result.overlaps} with two holders`);
      rows.push({
        section: 'lock-contention',
        target: name,
        requests: result.held,
        doubleHolders: result.overlaps,
        failures: result.held === 120 ? [] : [`${name}: ${result.held} of 120 acquisitions`],
      });
    }
    return rows;
  },
};
