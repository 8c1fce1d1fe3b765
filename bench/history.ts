/**
 * `npm run bench -- --history <n>`: what the release history costs as it grows. In a scratch copy
 * of data/ and releases/, it measures today's history and then the same with synthetic releases
 * added until there are <n>, side by side:
 *
 *   build      a build after a one-field edit (a price in one tool file), the file cache warm,
 *              as a maintainer's or the refresh's next build runs (`npm run build -- --preview`)
 *   first      time from starting the compiled server to its first answered request
 *   idle RSS   the server's VmRSS once it has answered and settled
 *   load RSS   peak VmRSS while clients fetch the latest tools.json and release documents
 *
 * Each synthetic release follows the newest like a real weekly release: the same documents with a
 * new version and date and one price moved, stored as text (a patch against the release before),
 * with a release record made by the same code as a real one (makeRelease). Nothing outside the
 * scratch directory changes: the file cache is a scratch one too (hard links to the machine's),
 * filled by an untimed first build.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import { sha256Hex } from '../src/artifact/artifact.ts';
import { FileCache } from '../src/artifact/file-cache.ts';
import { PATHS, ROOT } from '../src/fs/paths.ts';
import {
  DOCUMENT_NAMES,
  loadReleases,
  makeRelease,
  releaseIdAt,
  releaseFiles,
  writeReleaseDir,
  type StoredRelease,
} from '../src/history/releases.ts';
import type { DocumentName, Documents } from '../src/schema/api.ts';
import { stopChild, stopOnExit } from './cleanup.ts';
import { answers, rssMb, sleep, startCommand } from './startup.ts';

export const HISTORY_TARGETS = { buildRatio: 1.2, firstAnswerMs: 300, idleRssMb: 70, loadedRssMb: 100 };

interface Figures {
  releases: number;
  buildMs: number;
  firstAnswerMs: number;
  idleRssMb: number;
  loadedRssMb: number;
}

function run(args: string[], env: NodeJS.ProcessEnv): number {
  const started = performance.now();
  const result = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'run.mjs'), ...args], {
    env,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  return performance.now() - started;
}

/** Appends releases to `releasesDir` until it holds `count`: each moves one price and the version. */
async function addReleases(releasesDir: string, cacheDir: string, count: number): Promise<void> {
  // Synthetic releases are compressed fast (brotli quality 1) to keep generation within minutes: the
  // timed build finds them in the cache like any other, so only their size on disk differs.
  const fast = new FileCache(cacheDir, async (body) => ({
    br: brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 1 } }),
    gz: gzipSync(body, { level: 1 }),
  }));
  const history = await loadReleases(releasesDir, new FileCache(cacheDir));
  let previous: StoredRelease = history.newest!;
  const ids = history.records.map((r) => r.id);
  const documents = Object.fromEntries(
    DOCUMENT_NAMES.map((name) => [name, JSON.parse(previous.bodies.get(name)!.toString('utf8'))]),
  ) as Documents;
  let day = Date.parse(`${previous.record.date}T06:00:00Z`);
  for (let made = 0; ids.length < count; made++) {
    // A few releases a day, as this week's pace: the date moves every third release, from the day after the newest
    // real one (which can be late in its day: a synthetic release must come after it).
    if (made % 3 === 0) day += 86_400_000;
    const lastUpdated = new Date(day + (made % 3) * 60_000).toISOString().replace(/\.\d+Z$/, 'Z');
    const id = releaseIdAt(lastUpdated, ids);
    const version = id.replace(/-/g, '.');
    const tools = documents['tools.json'].tools;
    const tool = tools[ids.length % tools.length]!;
    tool.pricing.input =
      Math.round((tool.pricing.input * (ids.length % 2 ? 1.1 : 1 / 1.1) + Number.EPSILON) * 1e4) / 1e4;
    for (const name of DOCUMENT_NAMES) (documents[name] as { lastUpdated: string }).lastUpdated = lastUpdated;
    const meta = { lastUpdated, datasetVersion: version, benchmarkVersion: previous.record.benchmarkVersion };
    const stored = makeRelease({ id, meta, documents, upstreams: [], previous });
    await writeReleaseDir(releasesDir, id, releaseFiles(stored, previous));
    for (const body of stored.bodies.values()) await fast.put(sha256Hex(body), body, lastUpdated);
    ids.push(id);
    previous = stored;
  }
}

/** The compiled server on `dist`: first answer, idle RSS, and peak RSS under a mixed load. */
async function serve(
  dist: string,
  releaseIds: readonly string[],
  port: number,
): Promise<Omit<Figures, 'releases' | 'buildMs'>> {
  const args = await startCommand();
  const started = performance.now();
  // One process: the figures are one server's (the bench's start command measures workers).
  const serveArgs = ['--dist', dist, '--port', String(port), '--host', '127.0.0.1', '--workers', '1'];
  const child = spawn(process.execPath, [...args, ...serveArgs], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // What it said, for the error when it does not answer (the last few KB).
  let said = '';
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => (said = (said + chunk).slice(-4000)));
  const stop = stopOnExit(() => stopChild(child));
  try {
    while (!(await answers(port, '/api/tools.json'))) {
      if (performance.now() - started > 30_000)
        throw new Error(`the server on ${dist} did not answer within 30 s; it said:\n${said}`);
      await sleep(5);
    }
    const firstAnswerMs = performance.now() - started;
    await sleep(2000);
    const idleRssMb = await rssMb(child.pid!);
    // 16 clients for 5 s: the latest documents and every release's documents in turn.
    let peak = idleRssMb;
    const until = performance.now() + 5000;
    const paths = ['/api/tools.json', '/api/benchmarks.json', '/api/changes.json'];
    let next = 0;
    const client = async () => {
      while (performance.now() < until) {
        const id = releaseIds[next++ % releaseIds.length]!;
        const doc = DOCUMENT_NAMES[next % DOCUMENT_NAMES.length] as DocumentName;
        await answers(port, next % 2 ? paths[next % paths.length]! : `/api/v/${id}/${doc}`);
      }
    };
    const sampler = (async () => {
      while (performance.now() < until) {
        peak = Math.max(peak, await rssMb(child.pid!));
        await sleep(100);
      }
    })();
    await Promise.all([...Array.from({ length: 16 }, client), sampler]);
    return { firstAnswerMs, idleRssMb, loadedRssMb: peak };
  } finally {
    await stop();
  }
}

/** Build (after a one-field edit) and serve the history in `root`; the file cache is filled first. */
async function measure(root: string, port: number): Promise<Figures> {
  const env = { ...process.env, DIRECTORY_CACHE_DIR: path.join(root, 'cache') };
  const locations = ['--data', path.join(root, 'data'), '--releases', path.join(root, 'releases')];
  const dist = path.join(root, 'dist');
  run(['build', ...locations, '--dist', dist, '--preview'], env);
  // The one-field edit: the first tool file's output price moves by a cent.
  const toolFile = spawnSync('sh', ['-c', `ls ${path.join(root, 'data', 'tools')}/*/*.json | head -1`], {
    encoding: 'utf8',
  }).stdout.trim();
  const tool = JSON.parse(await readFile(toolFile, 'utf8'));
  tool.pricing.output += 0.01;
  await writeFile(toolFile, `${JSON.stringify(tool, null, 2)}\n`);
  const buildMs = run(['build', ...locations, '--dist', dist, '--preview'], env);
  const history = await loadReleases(path.join(root, 'releases'), new FileCache(path.join(root, 'cache')));
  const ids = history.records.map((r) => r.id);
  return { releases: ids.length, buildMs, ...(await serve(dist, ids, port)) };
}

const pad = (text: string, width: number) => text.padStart(width);

export async function measureHistory(count: number, keep = false): Promise<string[]> {
  run(['--compile-only'], process.env);
  const today = await mkdtemp(path.join(os.tmpdir(), 'acmd-history-today-'));
  const grown = await mkdtemp(path.join(os.tmpdir(), 'acmd-history-grown-'));
  try {
    for (const root of [today, grown]) {
      await cp(path.join(ROOT, 'data'), path.join(root, 'data'), { recursive: true });
      await cp(path.join(ROOT, 'releases'), path.join(root, 'releases'), { recursive: true });
      // The machine's file cache, hard-linked (its entries never change): today's releases need not be compressed again.
      if (existsSync(PATHS.cache)) spawnSync('cp', ['-al', PATHS.cache, path.join(root, 'cache')]);
    }
    console.log(`generating releases up to ${count} in ${grown} ...`);
    const generating = performance.now();
    await addReleases(path.join(grown, 'releases'), path.join(grown, 'cache'), count);
    console.log(`  done in ${((performance.now() - generating) / 1000).toFixed(0)} s`);
    const base = await measure(today, 39_131);
    const large = await measure(grown, 39_132);
    const rows: [string, (f: Figures) => string][] = [
      ['releases', (f) => String(f.releases)],
      ['build after a one-field edit (s)', (f) => (f.buildMs / 1000).toFixed(1)],
      ['first answer (ms)', (f) => f.firstAnswerMs.toFixed(0)],
      ['idle RSS (MB)', (f) => f.idleRssMb.toFixed(1)],
      ['RSS under load (MB)', (f) => f.loadedRssMb.toFixed(1)],
    ];
    console.log(`\n${pad('', 34)}${pad('today', 10)}${pad(`${count}`, 10)}`);
    for (const [label, value] of rows)
      console.log(`${label.padEnd(34)}${pad(value(base), 10)}${pad(value(large), 10)}`);
    const failures: string[] = [];
    const ratio = large.buildMs / base.buildMs;
    console.log(`build time ratio ${ratio.toFixed(2)} (target <= ${HISTORY_TARGETS.buildRatio})`);
    if (ratio > HISTORY_TARGETS.buildRatio)
      failures.push(`build with ${count} releases took ${ratio.toFixed(2)}x today's`);
    for (const figures of [base, large]) {
      const at = `with ${figures.releases} releases`;
      if (figures.firstAnswerMs > HISTORY_TARGETS.firstAnswerMs)
        failures.push(
          `first answer ${figures.firstAnswerMs.toFixed(0)} ms ${at} (target ${HISTORY_TARGETS.firstAnswerMs})`,
        );
      if (figures.idleRssMb > HISTORY_TARGETS.idleRssMb)
        failures.push(`idle RSS ${figures.idleRssMb.toFixed(1)} MB ${at} (target ${HISTORY_TARGETS.idleRssMb})`);
      if (figures.loadedRssMb > HISTORY_TARGETS.loadedRssMb)
        failures.push(
          `RSS under load ${figures.loadedRssMb.toFixed(1)} MB ${at} (target ${HISTORY_TARGETS.loadedRssMb})`,
        );
    }
    return failures;
  } finally {
    if (keep) console.log(`kept the scratch copies: ${today} (today) and ${grown} (grown)`);
    else await Promise.all([today, grown].map((dir) => rm(dir, { recursive: true, force: true })));
  }
}
