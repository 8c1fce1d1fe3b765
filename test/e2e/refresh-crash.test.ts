/**
 * kill -9 at every step boundary of a refresh (the CLI SIGKILLs itself at a named checkpoint).
 * Kills at random moments of whole publishing runs (at least 50, each followed by a full verification
 * and a fresh start) are the reliability suite's publish-kill section (test/reliability/refresh-sections.ts):
 * timed kills need the run's length, which a busy runner stretches, so they are counted there rather than
 * asserted here. After each kill `dist` is a complete artifact, wholly old or wholly new, the served data is
 * never newer than data/, and no half release is visible; the next run recovers: it completes
 * or redoes the publish and removes every stale temporary.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, realpath, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ArtifactManifest } from '../../src/artifact/artifact.ts';
import { loadSourceData } from '../../src/compile/load.ts';
import { ROOT } from '../../src/fs/paths.ts';
import { startServe, storeArgs } from '../support/processes.ts';
import { listReleaseIds, loadReleases, releaseIdAt } from '../../src/history/releases.ts';
import { newestRelease, REPOSITORY_STAMP, refreshClock } from '../support/releases.ts';
import { FileCache } from '../../src/artifact/file-cache.ts';
import type { FreshnessDocument } from '../../src/schema/api.ts';
import { httpRequest, json } from '../support/http.ts';
import { entryOf, modelsDevFromSource } from '../fixtures/upstream/models-dev.ts';
import { startUpstream, type Upstream } from '../fixtures/upstream/server.ts';
import { createWorkspace, type Workspace } from '../fixtures/upstream/workspace.ts';

const NOW = refreshClock(6);
// The dataset the workspace starts from: the repository's data and releases, as committed.
const ORIGINAL_LAST_UPDATED = REPOSITORY_STAMP;
// The workspace records that data as its first release, stamped as the repository's newest release is; the refresh
// at NOW publishes the release named by that time.
const INITIAL_RELEASE = releaseIdAt(ORIGINAL_LAST_UPDATED, []);
const FIRST = releaseIdAt(NOW, [INITIAL_RELEASE]);
const GPT = 'tools/openai/gpt-5-4.json';

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
}

describe('kill -9 during a refresh', () => {
  let root: string;
  let base: Workspace;
  let upstream: Upstream;
  let oldBuildId: string;
  let newBuildId: string;
  let cloneCount = 0;

  const dirs = (at: string) => ({
    dataDir: path.join(at, 'data'),
    releasesDir: path.join(at, 'releases'),
    stateDir: path.join(at, 'state'),
    distPath: path.join(at, 'dist'),
  });

  async function clone(): Promise<string> {
    const target = path.join(root, `run-${++cloneCount}`);
    await cp(base.root, target, { recursive: true, verbatimSymlinks: true });
    return target;
  }

  function refresh(at: string, options: { crashAt?: string } = {}): Promise<Run> {
    const d = dirs(at);
    return new Promise((resolve, reject) => {
      const child = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          path.join(ROOT, 'src/cli/refresh.ts'),
          ...storeArgs(d),
          '--pricing-source',
          `${upstream.url}/changed.json`,
          '--benchmarks-source',
          'skip',
          '--now',
          NOW,
        ],
        {
          cwd: ROOT,
          stdio: ['ignore', 'ignore', 'pipe'],
          env: { ...process.env, DIRECTORY_REFRESH_CRASH_AT: options.crashAt ?? '' },
        },
      );
      let stderr = '';
      child.stderr.on('data', (chunk) => (stderr += chunk));
      child.on('error', reject);
      child.on('close', (code, signal) => {
        resolve({ code, signal, stderr });
      });
    });
  }

  /**
   * The served artifact is complete: every file of its manifest exists with its size. Returns the
   * identity of what it serves apart from /api/freshness.json, whose `refresh` block records each
   * run's outcome (a recovery run that finds nothing new republishes it as `unchanged`).
   */
  async function servedBuildId(at: string): Promise<string> {
    const dir = await realpath(dirs(at).distPath);
    const manifest = JSON.parse(await readFile(path.join(dir, 'artifact.json'), 'utf8')) as ArtifactManifest;
    expect(path.basename(dir)).toBe(manifest.buildId);
    for (const entry of Object.values(manifest.files))
      for (const rep of [entry.identity, entry.br, entry.gzip])
        if (rep) expect((await stat(path.join(dir, rep.file))).size, rep.file).toBe(rep.bytes);
    const content = Object.entries(manifest.files)
      .filter(([urlPath]) => urlPath !== '/api/freshness.json')
      .map(([urlPath, entry]) => `${urlPath} ${entry.sha256}`);
    return createHash('sha256').update(content.join('\n')).digest('hex').slice(0, 16);
  }

  async function gptInput(at: string): Promise<number> {
    return JSON.parse(await readFile(path.join(dirs(at).dataDir, GPT), 'utf8')).pricing.input as number;
  }

  async function pendingExists(at: string): Promise<boolean> {
    return stat(path.join(dirs(at).stateDir, 'refresh', 'pending')).then(
      () => true,
      () => false,
    );
  }

  /** Everything a crash can leave half-written, by name. */
  async function temporaries(at: string): Promise<string[]> {
    const found: string[] = [];
    for (const dir of [
      at,
      path.join(at, '.artifacts'),
      dirs(at).releasesDir,
      path.join(dirs(at).stateDir, 'refresh'),
    ]) {
      const names = await readdir(dir).catch(() => [] as string[]);
      found.push(...names.filter((n) => /\.tmp-|^pending\.(tmp|done)-/.test(n)).map((n) => path.join(dir, n)));
    }
    const data = await readdir(dirs(at).dataDir, { recursive: true });
    found.push(...data.filter((n) => /\.tmp-\d+-\d+$/.test(n)));
    return found;
  }

  /** The invariants that must hold after any kill. */
  async function assertConsistent(at: string): Promise<'old' | 'new'> {
    const buildId = await servedBuildId(at);
    expect([oldBuildId, newBuildId]).toContain(buildId);
    const served = buildId === newBuildId ? 'new' : 'old';
    const input = await gptInput(at);
    // The dataset's date is its newest release's.
    const meta = await newestRelease(dirs(at).releasesDir);
    if (!(await pendingExists(at))) {
      // Without a journal, data/ is wholly old or wholly new.
      expect([input, meta.lastUpdated]).toEqual(input === 3 ? [3, NOW] : [2.5, ORIGINAL_LAST_UPDATED]);
    }
    // The served dataset is never newer than the repository that must reproduce it.
    if (served === 'new') expect(input).toBe(3);
    // A release directory is complete or absent.
    await loadReleases(dirs(at).releasesDir, new FileCache(path.join(at, 'file-cache')));
    return served;
  }

  async function assertRecovered(at: string): Promise<void> {
    const run = await refresh(at);
    expect(run.code, run.stderr).toBe(0);
    expect(await servedBuildId(at)).toBe(newBuildId);
    expect(await gptInput(at)).toBe(3);
    expect(await listReleaseIds(dirs(at).releasesDir)).toEqual([INITIAL_RELEASE, FIRST]);
    expect(await pendingExists(at)).toBe(false);
    expect(await temporaries(at)).toEqual([]);
  }

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'acmd-crash-'));
    base = await createWorkspace(inject('crossValidation'));
    upstream = await startUpstream();
    const source = await loadSourceData(base.dataDir);
    const doc = modelsDevFromSource(source);
    entryOf(doc, source, 'gpt-5-4').cost.input = 3;
    upstream.set('/changed.json', { body: JSON.stringify(doc) });
    oldBuildId = await servedBuildId(base.root);
    // A reference run to completion: the new buildId.
    const reference = await clone();
    const run = await refresh(reference);
    expect(run.code, run.stderr).toBe(0);
    newBuildId = await servedBuildId(reference);
    expect(newBuildId).not.toBe(oldBuildId);
  }, 300_000);

  afterAll(async () => {
    await upstream?.close();
    await base?.remove();
    if (root) await rm(root, { recursive: true, force: true });
  });

  const CHECKPOINTS: [string, 'old' | 'new', boolean][] = [
    ['fetched', 'old', false],
    ['artifact-written', 'old', false],
    ['committed', 'old', true],
    ['data-file-1', 'old', true],
    ['release-written', 'old', true],
    ['published', 'new', true],
    ['finished', 'new', false],
  ];

  // Deterministic (the CLI kills itself at the checkpoint), so they may share the CPU.
  it.concurrent.each(CHECKPOINTS)(
    'killed at checkpoint "%s": serves the %s dataset, then the next run recovers',
    async (checkpoint, expected, journal) => {
      const at = await clone();
      const run = await refresh(at, { crashAt: checkpoint });
      expect(run.signal, run.stderr).toBe('SIGKILL');
      expect(await assertConsistent(at)).toBe(expected);
      expect(await pendingExists(at)).toBe(journal);
      await assertRecovered(at);
    },
    // Seven refreshes and their recoveries share two cores (and a second test file): a hang, not a busy runner, fails it.
    300_000,
  );

  it('a publish killed after its commit is completed by the next server start, before the server answers', async () => {
    const at = await clone();
    const run = await refresh(at, { crashAt: 'committed' });
    expect(run.signal, run.stderr).toBe('SIGKILL');
    expect(await pendingExists(at)).toBe(true);
    const d = dirs(at);
    const server = await startServe(storeArgs(d));
    try {
      const { url } = server;
      const tools = json<{ tools: { id: string; pricing: { input: number } }[] }>(
        await httpRequest(`${url}/api/tools.json`),
      ).tools;
      expect(tools.find((t) => t.id === 'gpt-5-4')!.pricing.input).toBe(3);
      const freshness = json<FreshnessDocument>(await httpRequest(`${url}/api/freshness.json`));
      expect(freshness.release).toBe(FIRST);
      expect(freshness.refresh).toMatchObject({
        lastOutcome: 'published',
        lastAttempt: NOW,
        lastSuccess: NOW,
        lastError: null,
      });
      expect(await pendingExists(at)).toBe(false);
      expect(await listReleaseIds(d.releasesDir)).toEqual([INITIAL_RELEASE, FIRST]);
      expect(await temporaries(at)).toEqual([]);
      expect(server.output()).toContain(`completed the interrupted publish of release ${FIRST}`);
    } finally {
      server.child.kill('SIGKILL');
    }
  }, 300_000);
});
