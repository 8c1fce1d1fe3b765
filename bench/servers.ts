/**
 * The three servers the benchmark compares, each in its own process so its RSS and CPU are
 * measured alone: ours and bare (bench/server.ts) and nginx (test/support/nginx.ts). Each is
 * registered with bench/cleanup.ts as soon as it is up, so an interrupted run stops it too.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT } from '../src/fs/paths.ts';
import { startNginx } from '../test/support/nginx.ts';
import { stopChild, stopOnExit } from './cleanup.ts';
import { OPTIONS, TSX } from './options.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));

export type TargetName = 'ours' | 'bare' | 'nginx' | 'ours-all' | 'nginx-all';
/**
 * One process each, and (with --workers n > 1) the same two with every core: ours with n workers
 * (`npm start -- --workers n`) and nginx with n worker processes.
 */
export const TARGETS: readonly TargetName[] = [
  'ours',
  'bare',
  'nginx',
  ...(OPTIONS.workers > 1 ? (['ours-all', 'nginx-all'] as const) : []),
];

export interface Target {
  name: TargetName;
  url: string;
  pids(): Promise<number[]>;
  stop(): Promise<void>;
}

export function ensureArtifact(): void {
  if (existsSync(path.join(OPTIONS.dist, 'artifact.json'))) return;
  console.log(`no artifact at ${OPTIONS.dist}: building it (npm run build)`);
  const built = spawnSync(process.execPath, [...TSX, path.join(ROOT, 'src/cli/build.ts')], {
    stdio: 'inherit',
    cwd: ROOT,
    env: { ...process.env, DIRECTORY_DIST: OPTIONS.dist },
  });
  if (built.status !== 0) throw new Error('the build failed');
}

async function startNodeChild(name: 'ours' | 'bare' | 'ours-all'): Promise<Target> {
  const script = path.join(HERE, 'server.ts');
  const mode = name === 'ours-all' ? ['cluster', OPTIONS.dist, String(OPTIONS.workers)] : [name, OPTIONS.dist];
  const child = spawn(process.execPath, [...OPTIONS.nodeFlags, ...TSX, script, ...mode], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const stop = stopOnExit(() => stopChild(child));
  const { port, workerPids } = await new Promise<{ port: number; workerPids: number[] }>((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`${name} server exited with ${code} before listening`)));
  });
  return { name, url: `http://127.0.0.1:${port}`, pids: async () => [child.pid!, ...workerPids], stop };
}

/**
 * nginx, and a guard (bench/orphan-guard.mjs) that stops it if this process dies without doing
 * so; the Node servers need none, they exit when their IPC channel to this process closes.
 */
async function startNginxTarget(name: 'nginx' | 'nginx-all'): Promise<Target> {
  const nginx = await startNginx({ distPath: OPTIONS.dist, workerProcesses: name === 'nginx' ? 1 : OPTIONS.workers });
  const guard = spawn(process.execPath, [path.join(HERE, 'orphan-guard.mjs'), String(nginx.pid), nginx.prefix], {
    stdio: ['pipe', 'ignore', 'inherit'],
  });
  const stop = stopOnExit(async () => {
    await nginx.stop();
    guard.kill('SIGKILL');
  });
  if (!nginx.brotli)
    console.warn('warning: nginx has no brotli_static module; the brotli scenarios get gzip from nginx');
  return { name, url: nginx.url, pids: async () => [nginx.pid, ...(await nginx.workerPids())], stop };
}

/** Starts the three targets and says where they listen and which processes they are. */
export async function startTargets(): Promise<Map<TargetName, Target>> {
  const targets = new Map<TargetName, Target>();
  for (const name of TARGETS)
    targets.set(
      name,
      name === 'nginx' || name === 'nginx-all' ? await startNginxTarget(name) : await startNodeChild(name),
    );
  const described = await Promise.all(
    [...targets.values()].map(async (t) => `${t.name} ${t.url} (pids ${(await t.pids()).join(' ')})`),
  );
  console.log(`targets up (benchmark pid ${process.pid}): ${described.join('; ')}`);
  return targets;
}
