/**
 * The refresh half of `npm run test:reliability`, on a throwaway copy of the stores (data/,
 * releases/, state, dist) and a programmable upstream on loopback:
 *
 * - upstream-faults: every kind of bad upstream (slow, truncated, oversized, wrong content type,
 *   invalid JSON, schema-invalid values, an out-of-bounds price jump, duplicate keys, credentials
 *   the upstream refuses, a gzip bomb) is injected into a refresh while `npm start` serves the
 *   stores' artifact; each must be rejected, and after the server picked up the republished
 *   freshness document every other served document must have the same bytes and ETag. Then
 *   credentials (user, password, api_key, fragment) go into the upstream locations of failing, an
 *   unreachable and a published refresh, and every file of the stores, every served document and
 *   every line the processes printed is searched for them.
 * - publish-kill: the refresh CLI publishing a release is killed with SIGKILL at random moments
 *   (at least 50 kills, two lanes at a time, each on a fresh copy); after each kill the artifact
 *   `dist` points to is verified in full (every file against the manifest's SHA-256, every JSON
 *   document parses, brotli and gzip copies decompress to the identity bytes) and is wholly the
 *   old or the new dataset, never ahead of data/; then `npm start` starts on those stores (which
 *   completes a committed publish first) and what it serves is verified again.
 */
import { spawn } from 'node:child_process';
import { cp, mkdir, readdir, readFile, readlink, realpath, rm, stat } from 'node:fs/promises';
import type { Dirent } from 'node:fs';
import path from 'node:path';
import { createGzip, brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { ArtifactManifest } from '../../src/artifact/artifact.ts';
import { loadSourceData } from '../../src/compile/load.ts';
import { newestRelease, refreshClock } from '../support/releases.ts';
import { ROOT } from '../../src/fs/paths.ts';
import { runRefresh } from '../../src/refresh/pipeline.ts';
import type { FreshnessDocument } from '../../src/schema/api.ts';
import { httpRequest } from '../support/http.ts';
import {
  entryOf,
  modelsDevFromSource,
  withDuplicateModel,
  type ModelsDevDoc,
} from '../fixtures/upstream/models-dev.ts';
import { startUpstream, type Route, type Upstream } from '../fixtures/upstream/server.ts';
import { createWorkspace, TEST_LIMITS } from '../fixtures/upstream/workspace.ts';
import { parseRefreshConfig } from '../../src/refresh/config.ts';
import { random, sha256, sleep } from './harness.ts';
import type { Row } from './report.ts';
import type { Section, SectionContext } from './section.ts';
import { compileOut, isolatedEnv, type Serving, startServe, storeArgs } from '../support/processes.ts';

const OUT = path.join(ROOT, 'out', 'cli');
const GPT = 'tools/openai/gpt-5-4.json';

/** `npm start`'s program, compiled, on a copy of the stores (default role: serves and follows its dist; recovers a committed publish first). */
const serveStores = (stores: Omit<Stores, 'root'>): Promise<Serving> =>
  startServe(storeArgs(stores), { compiled: true, nodeArgs: ['--max-semi-space-size=2'], timeoutMs: 120_000 });

interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  ms: number;
  output: string;
}

/** When to kill: a time after the start, or a delay after the publish committed (its journal appeared). */
type KillPlan = { afterStartMs: number } | { afterCommitMs: number };

/** What a probe of the stores saw during a run: when the journal appeared, `dist` switched, the journal went (ms after start). */
interface Phases {
  commit?: number;
  switched?: number;
  finish?: number;
}

/** The refresh CLI on `stores`; with a plan, SIGKILLed then (unless it ended first). Watches the stores every 10 ms. */
function refreshCli(
  stores: Omit<Stores, 'root'>,
  args: string[],
  plan?: KillPlan,
): Promise<CliRun & { phases: Phases }> {
  const started = Date.now();
  const phases: Phases = {};
  const pendingDir = path.join(stores.stateDir, 'refresh', 'pending');
  let link: string | undefined;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(OUT, 'refresh.js'), ...storeArgs(stores), ...args], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: isolatedEnv(),
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    let timer: NodeJS.Timeout | undefined =
      plan && 'afterStartMs' in plan ? setTimeout(() => child.kill('SIGKILL'), plan.afterStartMs) : undefined;
    let probing = true;
    void (async () => {
      link = await readlink(stores.distPath).catch(() => undefined);
      while (probing) {
        const at = Date.now() - started;
        const pending = await stat(pendingDir).then(
          () => true,
          () => false,
        );
        if (pending && phases.commit === undefined) {
          phases.commit = at;
          if (plan && 'afterCommitMs' in plan) timer = setTimeout(() => child.kill('SIGKILL'), plan.afterCommitMs);
        }
        if (!pending && phases.commit !== undefined && phases.finish === undefined) phases.finish = at;
        if (phases.switched === undefined && (await readlink(stores.distPath).catch(() => undefined)) !== link)
          phases.switched = at;
        // Closer watch while a kill waits for the commit: the publish after it takes only tens of ms.
        await sleep(plan && 'afterCommitMs' in plan && phases.commit === undefined ? 2 : 10);
      }
    })();
    child.on('error', reject);
    child.on('close', (code, signal) => {
      probing = false;
      if (timer) clearTimeout(timer);
      resolve({ code, signal, ms: Date.now() - started, output, phases });
    });
  });
}

/** Status, ETag and body hash of every path, except the freshness document (it reports each refresh). */
async function servedSnapshot(url: string, paths: readonly string[]): Promise<Map<string, string>> {
  const snapshot = new Map<string, string>();
  for (const urlPath of paths) {
    if (urlPath === '/api/freshness.json') continue;
    const response = await httpRequest(`${url}${urlPath}`);
    snapshot.set(urlPath, `${response.status} ${response.headers.etag ?? '-'} ${sha256(response.body)}`);
  }
  return snapshot;
}

async function freshnessOf(url: string): Promise<FreshnessDocument> {
  return JSON.parse((await httpRequest(`${url}/api/freshness.json`)).body.toString('utf8')) as FreshnessDocument;
}

/** A gzip body that inflates to `inflated` bytes of spaces (a compression bomb), made without holding them. */
async function gzipBomb(inflated: number): Promise<Buffer> {
  const gzip = createGzip({ level: 9 });
  const chunks: Buffer[] = [];
  gzip.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve) => gzip.on('end', resolve));
  const block = Buffer.alloc(16 * 1024 * 1024, 0x20);
  for (let written = 0; written < inflated; written += block.length)
    if (!gzip.write(block)) await new Promise((resolve) => gzip.once('drain', resolve));
  gzip.end();
  await done;
  return Buffer.concat(chunks);
}

interface Stores {
  root: string;
  dataDir: string;
  releasesDir: string;
  stateDir: string;
  distPath: string;
}
const storesIn = (at: string): Stores => ({
  root: at,
  dataDir: path.join(at, 'data'),
  releasesDir: path.join(at, 'releases'),
  stateDir: path.join(at, 'state'),
  distPath: path.join(at, 'dist'),
});

/** One copy of the stores per run (data/, an initial release, the cross-validation cache, a published dist), shared by both sections. */
const bases = new Map<string, Promise<Stores>>();
function baseStores(context: SectionContext): Promise<Stores> {
  let base = bases.get(context.root);
  if (!base) {
    base = (async () => {
      await compileOut();
      const ws = await createWorkspace();
      const at = path.join(context.root, 'refresh-base');
      await cp(ws.root, at, { recursive: true, verbatimSymlinks: true });
      await ws.remove();
      return storesIn(at);
    })();
    bases.set(context.root, base);
  }
  return base;
}

async function cloneStores(base: Stores, at: string): Promise<Stores> {
  await cp(base.root, at, { recursive: true, verbatimSymlinks: true });
  return storesIn(at);
}

/**
 * Every file under `dir`. A directory that goes while it is walked (a pruned artifact, removed by a detached
 * process) is skipped: what is gone can leak nothing.
 */
async function* filesUnder(dir: string): AsyncGenerator<string> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (const entry of entries) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(file);
    else if (entry.isFile()) yield file;
  }
}

// ---------------------------------------------------------------------------------------------
// upstream-faults

interface Fault {
  name: string;
  /** The route the pricing upstream answers with, or none when `location` is the whole fault. */
  route?: () => Route | Promise<Route>;
  location?: (upstream: Upstream) => string;
  /** What the rejection must say. */
  expected: RegExp;
}

export const upstreamFaults: Section = {
  name: 'upstream-faults',
  machine: 'shared',
  summary:
    '11 kinds of bad upstream rejected with every served document unchanged; credentials in upstream URLs found nowhere',
  async run(context: SectionContext): Promise<Row[]> {
    const ws = await cloneStores(await baseStores(context), path.join(context.root, 'upstream-faults'));
    const config = (pricing: string) =>
      parseRefreshConfig({
        upstreams: { pricing: { location: pricing }, benchmarks: { location: 'skip' } },
        limits: TEST_LIMITS,
      });
    const upstream = await startUpstream();
    let server: Serving | undefined;
    const faultsRow: Row = {
      section: 'upstream-faults',
      target: 'refresh',
      faultsInjected: 0,
      faultsRejected: 0,
      requests: 0,
      failures: [],
    };
    const secretsRow: Row = { section: 'upstream-faults', target: 'secrets', secretsFound: 0, failures: [] };
    try {
      server = await serveStores(ws);
      const source = await loadSourceData(ws.dataDir);
      const good = modelsDevFromSource(source);
      const edited = (edit: (doc: ModelsDevDoc) => void) => {
        const doc = structuredClone(good);
        edit(doc);
        return JSON.stringify(doc);
      };
      const faults: Fault[] = [
        {
          name: 'slow: no answer within the timeout',
          route: () => ({ hang: true }),
          expected: /did not answer completely within/,
        },
        {
          name: 'slow: a body that stalls halfway',
          location: (u) => `${u.url}/stall.json`,
          expected: /did not answer completely within/,
        },
        {
          name: 'truncated body',
          route: () => ({ body: JSON.stringify(good), cutAfterBytes: 20_000 }),
          expected: /could not be read|did not answer completely/,
        },
        {
          name: 'oversized body',
          route: () => ({ streamBytes: TEST_LIMITS.maxBytes * 3 }),
          expected: /more than the limit of/,
        },
        {
          name: 'wrong content type',
          route: () => ({ body: '<html>maintenance</html>', headers: { 'content-type': 'text/html' } }),
          expected: /sent content type "text\/html"/,
        },
        {
          name: 'invalid JSON',
          route: () => ({ body: JSON.stringify(good).slice(0, -7) }),
          expected: /is not valid JSON/,
        },
        {
          name: 'schema-invalid values',
          route: () => ({
            body: edited((d) => {
              d.openai!.models['gpt-5.4']!.cost = { input: '2.50', output: -15 };
            }),
          }),
          expected: /cost\.input: must be a number/,
        },
        {
          name: 'out-of-bounds price jump (10x)',
          route: () => ({
            body: edited((d) => {
              (d.openai!.models['gpt-5.4']!.cost as Record<string, number>).input = 25;
            }),
          }),
          expected: /10\.0x change, more than the 5x bound/,
        },
        {
          name: 'duplicate keys (second copy 20% cheaper)',
          route: () => ({ body: withDuplicateModel(good) }),
          expected: /duplicate key "gpt-5\.4"/,
        },
        {
          name: 'credentials in the URL, refused by the upstream',
          location: (u) =>
            `http://acmd-rel-user:wrong-pw-7731@${new URL(u.url).host}/private.json?api_key=REL-TOKEN-4410`,
          expected: /answered HTTP 401/,
        },
        {
          name: 'gzip bomb (1 GiB inflated)',
          route: async () => ({ body: await gzipBomb(1024 ** 3), headers: { 'content-encoding': 'gzip' } }),
          expected: /more than the limit of/,
        },
      ];
      // Headers and half the document, then nothing.
      upstream.set('/stall.json', (_req, res) => {
        const body = JSON.stringify(good);
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(body.length) });
        res.write(body.slice(0, body.length >> 1));
      });
      upstream.set('/private.json', (req, res) => {
        res.writeHead(req.headers.authorization ? 401 : 400, { 'content-type': 'text/plain' }).end('unauthorized');
      });

      const manifest = JSON.parse(
        await readFile(path.join(await realpath(ws.distPath), 'artifact.json'), 'utf8'),
      ) as ArtifactManifest;
      const paths = Object.keys(manifest.files);
      const baseline = await servedSnapshot(server.url, paths);
      const baselineFreshness = await freshnessOf(server.url);
      faultsRow.requests = baseline.size + 1;
      let minute = 0;
      for (const fault of faults) {
        const now = new Date(Date.UTC(2026, 10, 29, 6, minute++));
        const stamp = now.toISOString().replace(/\.\d{3}Z$/, 'Z');
        let location: string;
        if (fault.location) location = fault.location(upstream);
        else {
          upstream.set('/fault.json', await fault.route!());
          location = `${upstream.url}/fault.json`;
        }
        faultsRow.faultsInjected! += 1;
        const report = await runRefresh({ ...ws, config: config(location), now: () => now });
        const said = report.errors.join('\n');
        if (report.outcome === 'rejected' && fault.expected.test(said)) faultsRow.faultsRejected! += 1;
        else
          faultsRow.failures!.push(
            `${fault.name}: ${report.outcome}, expected a rejection matching ${fault.expected} (${said.slice(0, 200)})`,
          );
        // The server swaps to the republished artifact (freshness says this attempt); nothing else moved. The bound
        // only stops a hang: CI runs this section beside the slow suites, where a swap can take seconds.
        let fresh = await freshnessOf(server.url);
        for (const deadline = Date.now() + 60_000; fresh.refresh.lastAttempt !== stamp && Date.now() < deadline; ) {
          await sleep(100);
          fresh = await freshnessOf(server.url);
        }
        if (fresh.refresh.lastAttempt !== stamp || fresh.refresh.lastOutcome !== 'rejected')
          faultsRow.failures!.push(
            `${fault.name}: the served freshness does not report the rejected attempt (${fresh.refresh.lastAttempt} ${fresh.refresh.lastOutcome})`,
          );
        if (
          fresh.buildId !== baselineFreshness.buildId ||
          JSON.stringify(fresh.endpoints) !== JSON.stringify(baselineFreshness.endpoints)
        )
          faultsRow.failures!.push(`${fault.name}: the dataset in freshness.json changed`);
        const after = await servedSnapshot(server.url, paths);
        faultsRow.requests! += after.size + 1;
        const changed = paths.filter((p) => baseline.get(p) !== after.get(p));
        if (changed.length > 0)
          faultsRow.failures!.push(
            `${fault.name}: ${changed.length} served document(s) changed bytes or ETag: ${changed.slice(0, 3).join(', ')}`,
          );
        context.log(`upstream-faults: ${fault.name}: ${report.outcome}; ${changed.length} served document(s) changed`);
      }
      faultsRow.note = `${faults.length} faults; after each, ${baseline.size} served documents compared (status, ETag, SHA-256) once the server served the republished freshness`;

      // Credentials in every location of failing, unreachable and published refreshes.
      const user = 'acmd-rel-user-9d3e';
      const password = 'rel-PASSW0RD-62b1';
      const token = 'REL-API-TOKEN-c0a8';
      const fragment = 'rel-frag-71fe';
      const basic = Buffer.from(`${user}:${password}`).toString('base64');
      const secrets = [user, password, token, fragment, basic, 'wrong-pw-7731', 'REL-TOKEN-4410'];
      const host = new URL(upstream.url).host;
      const secretUrl = (route: string) => `http://${user}:${password}@${host}${route}?api_key=${token}#${fragment}`;
      const changedDoc = modelsDevFromSource(source);
      entryOf(changedDoc, source, 'gpt-5-4').cost.input = 3;
      upstream.set('/secret/api.json', (req, res) => {
        const ok = req.headers.authorization === `Basic ${basic}` && req.url?.includes(`api_key=${token}`);
        res
          .writeHead(ok ? 200 : 401, { 'content-type': 'application/json' })
          .end(ok ? JSON.stringify(changedDoc) : '{}');
      });
      upstream.set('/secret/down.json', { status: 503 });
      const outputs: string[] = [];
      const stamp = ['--now', refreshClock(6, 2)];
      for (const args of [
        ['--pricing-source', secretUrl('/secret/down.json'), '--benchmarks-source', secretUrl('/secret/missing.csv')],
        [
          '--pricing-source',
          `http://${user}:${password}@127.0.0.1:1/x.json?api_key=${token}#${fragment}`,
          '--benchmarks-source',
          'skip',
        ],
        ['--pricing-source', secretUrl('/secret/api.json'), '--benchmarks-source', 'skip', '--json'],
      ]) {
        const run = await refreshCli(ws, [...args, ...stamp]);
        outputs.push(run.output);
      }
      if (!/"outcome":"published"/.test(outputs.at(-1)!))
        secretsRow.failures!.push(`the refresh with credentials did not publish: ${outputs.at(-1)!.slice(-300)}`);
      const hits: string[] = [];
      const scan = (where: string, text: string) => {
        for (const secret of secrets) if (text.includes(secret)) hits.push(`${where}: ${secret}`);
      };
      let files = 0;
      for await (const file of filesUnder(ws.root)) {
        // An artifact pruned by an earlier publish is removed by a detached process: a file listed and then gone
        // can leak nothing.
        const bytes = await readFile(file).catch((error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return undefined;
          throw error;
        });
        if (bytes === undefined) continue;
        files += 1;
        scan(file, bytes.toString('latin1'));
        if (file.endsWith('.br')) scan(`${file} (decompressed)`, brotliDecompressSync(bytes).toString('utf8'));
        if (file.endsWith('.gz')) scan(`${file} (decompressed)`, gunzipSync(bytes).toString('utf8'));
      }
      // The server follows dist: wait for the published release (a hang limit, not a speed goal), then read
      // everything it serves.
      for (
        const deadline = Date.now() + 60_000;
        (await freshnessOf(server.url)).refresh.lastOutcome !== 'published' && Date.now() < deadline;
      )
        await sleep(100);
      const served = Object.keys(
        JSON.parse(await readFile(path.join(await realpath(ws.distPath), 'artifact.json'), 'utf8')).files as Record<
          string,
          unknown
        >,
      );
      for (const urlPath of served)
        scan(`GET ${urlPath}`, (await httpRequest(`${server.url}${urlPath}`)).body.toString('utf8'));
      for (const [index, text] of outputs.entries()) scan(`refresh output ${index}`, text);
      scan('server output', server.output());
      secretsRow.secretsFound = hits.length;
      if (hits.length > 0) secretsRow.failures!.push(...hits.slice(0, 5));
      secretsRow.note = `credentials in 3 refreshes (rejected, unreachable, published); searched ${files} files (compressed ones decompressed), ${served.length} served documents and every output line`;
    } finally {
      await server?.stop();
      await upstream.close();
      await rm(ws.root, { recursive: true, force: true });
    }
    return [faultsRow, secretsRow];
  },
};

// ---------------------------------------------------------------------------------------------
// publish-kill

const MIN_KILLS = 50;
/** Of them, kills timed from the publish's commit (the rest are spread over the whole run). */
const AFTER_COMMIT_KILLS = 10;
const LANES = 2;

interface Verified {
  problems: string[];
  /** Identity of everything served apart from freshness.json (which records each run). */
  contentId: string;
}

/** The whole artifact `dist` points to, file by file. */
async function verifyArtifact(distPath: string): Promise<Verified> {
  const problems: string[] = [];
  let dir: string;
  let manifest: ArtifactManifest;
  try {
    dir = await realpath(distPath);
    manifest = JSON.parse(await readFile(path.join(dir, 'artifact.json'), 'utf8')) as ArtifactManifest;
  } catch (error) {
    return { problems: [`dist has no readable artifact (${(error as Error).message})`], contentId: '' };
  }
  if (path.basename(dir) !== manifest.buildId)
    problems.push(`dist points to ${path.basename(dir)}, its manifest says ${manifest.buildId}`);
  for (const [urlPath, entry] of Object.entries(manifest.files)) {
    let identity: Buffer;
    try {
      identity = await readFile(path.join(dir, entry.identity.file));
    } catch {
      problems.push(`${urlPath}: missing`);
      continue;
    }
    if (identity.length !== entry.identity.bytes || sha256(identity) !== entry.sha256)
      problems.push(`${urlPath}: does not match the manifest's SHA-256`);
    if (entry.contentType.startsWith('application/json')) {
      try {
        JSON.parse(identity.toString('utf8'));
      } catch {
        problems.push(`${urlPath}: does not parse`);
      }
    }
    for (const [coding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const rep = entry[coding];
      if (!rep) continue;
      try {
        const body = await readFile(path.join(dir, rep.file));
        if (body.length !== rep.bytes || !decode(body).equals(identity))
          problems.push(`${rep.file}: does not decompress to the identity bytes`);
      } catch (error) {
        problems.push(`${rep.file}: ${(error as Error).message}`);
      }
    }
  }
  const content = Object.entries(manifest.files)
    .filter(([urlPath]) => urlPath !== '/api/freshness.json')
    .map(([urlPath, entry]) => `${urlPath} ${entry.sha256}`);
  return { problems, contentId: sha256(Buffer.from(content.join('\n'))).slice(0, 16) };
}

async function dataState(stores: Stores): Promise<{ input: number; lastUpdated: string; pending: boolean }> {
  const tool = JSON.parse(await readFile(path.join(stores.dataDir, GPT), 'utf8')) as { pricing: { input: number } };
  // The dataset's date is its newest release's.
  const meta = await newestRelease(stores.releasesDir);
  const pending = await stat(path.join(stores.stateDir, 'refresh', 'pending')).then(
    () => true,
    () => false,
  );
  return { input: tool.pricing.input, lastUpdated: meta.lastUpdated, pending };
}

export const publishKills: Section = {
  name: 'publish-kill',
  machine: 'shared',
  summary: `kill -9 of a publishing refresh at >= ${MIN_KILLS} random moments; each time a full artifact verification and a fresh npm start`,
  async run(context: SectionContext): Promise<Row[]> {
    const row: Row = { section: 'publish-kill', target: 'refresh', kills: 0, corruptDatasets: 0, failures: [] };
    const base = await baseStores(context);
    const upstream = await startUpstream();
    const work = path.join(context.root, 'publish-kill');
    await mkdir(work, { recursive: true });
    const NOW = refreshClock(6);
    try {
      const source = await loadSourceData(base.dataDir);
      const doc = modelsDevFromSource(source);
      entryOf(doc, source, 'gpt-5-4').cost.input = 3;
      upstream.set('/changed.json', { body: JSON.stringify(doc) });
      const args = ['--pricing-source', `${upstream.url}/changed.json`, '--benchmarks-source', 'skip', '--now', NOW];
      const before = await dataState(base);
      const oldId = (await verifyArtifact(base.distPath)).contentId;
      let clones = 0;
      const clone = async () => (await cloneStores(base, path.join(work, `run-${++clones}`))).root;
      // Reference runs to completion, one per lane at once (the same contention as the kills): the new dataset and a run's length.
      const references = await Promise.all(
        Array.from({ length: LANES }, async () => {
          const at = await clone();
          const run = await refreshCli(storesIn(at), args);
          if (run.code !== 0) throw new Error(`the reference refresh failed: ${run.output.slice(-500)}`);
          const verified = await verifyArtifact(storesIn(at).distPath);
          await rm(at, { recursive: true, force: true });
          return { ms: run.ms, id: verified.contentId, problems: verified.problems, phases: run.phases };
        }),
      );
      const newId = references[0]!.id;
      const runMs = Math.max(...references.map((r) => r.ms));
      if (references.some((r) => r.id !== newId || r.problems.length > 0) || newId === oldId)
        throw new Error('the reference runs disagree or did not publish');
      // The publish proper: from its commit (journal written) to the journal's removal after dist switched.
      const windowMs = Math.max(...references.map((r) => (r.phases.finish ?? r.ms) - (r.phases.commit ?? r.ms)), 30);
      context.log(
        `publish-kill: a whole publishing run takes ${runMs} ms with ${LANES} at once; commit at ${references.map((r) => r.phases.commit).join('/')} ms, dist switched at ${references.map((r) => r.phases.switched).join('/')} ms, journal gone at ${references.map((r) => r.phases.finish).join('/')} ms`,
      );

      // Stratified random moments: the run's length cut in MIN_KILLS slices, one random moment in each
      // (taken in a shuffled order), so the short publish at the end of a run is hit as often as its length says.
      const rand = random(context.seed);
      // The span the moments are drawn over: the reference run's length, shortened to a run that ended before its
      // kill (the machine got quieter: CI runs this section beside the slow suites, which may finish meanwhile).
      let span = runMs;
      const shuffled = (n: number) => {
        const order = Array.from({ length: n }, (_, i) => i);
        for (let i = order.length - 1; i > 0; i--) {
          const j = Math.floor(rand() * (i + 1));
          [order[i], order[j]] = [order[j]!, order[i]!];
        }
        return order;
      };
      const overRun = shuffled(MIN_KILLS - AFTER_COMMIT_KILLS);
      const overPublish = shuffled(AFTER_COMMIT_KILLS);
      let planned = 0;
      // Interleaved: every few kills one timed from the commit, within the measured window (+10%).
      const nextPlan = (): KillPlan => {
        planned += 1;
        if (overPublish.length && (planned % Math.round(MIN_KILLS / AFTER_COMMIT_KILLS) === 0 || !overRun.length))
          return { afterCommitMs: Math.round(((overPublish.pop()! + rand()) * (windowMs * 1.1)) / AFTER_COMMIT_KILLS) };
        const slice = overRun.length ? overRun.pop()! : Math.floor(rand() * (MIN_KILLS - AFTER_COMMIT_KILLS));
        return { afterStartMs: Math.round(((slice + rand()) * span) / (MIN_KILLS - AFTER_COMMIT_KILLS)) };
      };
      const seen = { old: 0, new: 0, completed: 0, recoveredOnStart: 0, beforeCommit: 0, committed: 0, switched: 0 };
      const iterationMs: number[] = [];
      // Bounded by runs, not by the clock: a busy runner takes longer to reach the kills but never fails
      // for it (the suite's --time-limit still stops a hung run). A run that ends before its kill moment
      // is counted too, so the loop ends even if every run were faster than planned.
      let runs = 0;
      const corrupt = (what: string) => {
        row.corruptDatasets! += 1;
        if (row.failures!.length < 8) row.failures!.push(what);
      };
      const lane = async () => {
        while (row.kills! < MIN_KILLS && runs < 2 * MIN_KILLS) {
          runs += 1;
          const began = Date.now();
          const at = await clone();
          const stores = storesIn(at);
          const plan = nextPlan();
          const run = await refreshCli(stores, args, plan);
          const killed = run.signal === 'SIGKILL';
          if (killed) row.kills! += 1;
          else {
            seen.completed += 1;
            if ('afterStartMs' in plan) span = Math.min(span, run.ms);
          }
          if (killed && run.phases.commit === undefined) seen.beforeCommit += 1;
          else if (killed && run.phases.switched === undefined) seen.committed += 1;
          else if (killed) seen.switched += 1;
          const label = `${killed ? 'kill' : 'run'} at ${run.ms} ms (${'afterStartMs' in plan ? 'timed from the start' : `${plan.afterCommitMs} ms after the commit`})`;
          // 1. What dist points to right after the kill.
          const afterKill = await verifyArtifact(stores.distPath);
          const dirAfterKill = await realpath(stores.distPath).catch(() => '');
          const data = await dataState(stores);
          const served = afterKill.contentId === newId ? 'new' : afterKill.contentId === oldId ? 'old' : 'neither';
          if (afterKill.problems.length > 0) corrupt(`${label}: ${afterKill.problems.slice(0, 2).join('; ')}`);
          else if (served === 'neither') corrupt(`${label}: dist serves neither the old nor the new dataset`);
          else if (served === 'new' && data.input !== 3)
            corrupt(`${label}: the new dataset is served while data/ is old`);
          else if (
            !data.pending &&
            !(
              (data.input === 3 && data.lastUpdated === NOW) ||
              (data.input === before.input && data.lastUpdated === before.lastUpdated)
            )
          )
            corrupt(`${label}: data/ is neither wholly old nor wholly new without a journal`);
          if (served === 'old' || served === 'new') seen[served] += 1;
          // 2. A fresh start on these stores: it completes a committed publish, then serves.
          let server: Serving | undefined;
          try {
            server = await serveStores(stores);
            if (data.pending) seen.recoveredOnStart += 1;
            // Without a journal the fresh start must serve the directory verified above; with one, the completed publish is verified again.
            const afterStart =
              data.pending || (await realpath(stores.distPath)) !== dirAfterKill
                ? await verifyArtifact(stores.distPath)
                : afterKill;
            const now = await dataState(stores);
            if (afterStart.problems.length > 0)
              corrupt(`${label}, after a fresh start: ${afterStart.problems.slice(0, 2).join('; ')}`);
            else if (data.pending && (afterStart.contentId !== newId || now.pending || now.input !== 3))
              corrupt(`${label}: the fresh start did not complete the committed publish`);
            else if (!data.pending && afterStart.contentId !== afterKill.contentId)
              corrupt(`${label}: the fresh start changed the served dataset without a committed publish`);
            const dir = await realpath(stores.distPath);
            for (const urlPath of ['/api/freshness.json', '/api/tools.json', '/api/manifest.json']) {
              const body = (await httpRequest(`${server.url}${urlPath}`)).body;
              if (!body.equals(await readFile(path.join(dir, urlPath.slice(1)))))
                corrupt(`${label}: the fresh server sends other bytes than dist for ${urlPath}`);
            }
          } catch (error) {
            corrupt(`${label}: the fresh start failed: ${(error as Error).message.slice(0, 300)}`);
          } finally {
            await server?.stop();
            await rm(at, { recursive: true, force: true });
            iterationMs.push(Date.now() - began);
          }
        }
      };
      await Promise.all(Array.from({ length: LANES }, lane));
      if (row.kills! < MIN_KILLS)
        row.failures!.push(
          `only ${row.kills} kills in ${runs} runs (goal: ${MIN_KILLS}): the runs ended before their kill moments`,
        );
      const meanS = iterationMs.reduce((a, b) => a + b, 0) / Math.max(1, iterationMs.length) / 1000;
      row.note =
        `${row.kills} kills (${row.kills! - seen.committed - seen.switched} before the commit, ${seen.committed} between the commit and the switch of dist, ${seen.switched} after it), ` +
        `at random moments over a ${runMs} ms publishing run and of its ${windowMs} ms publish window (${LANES} lanes at once), plus ${seen.completed} run(s) that ended first; ` +
        `after the kill dist served the old dataset ${seen.old}x and the new one ${seen.new}x; ${seen.recoveredOnStart} committed publish(es) completed by the fresh start; ${meanS.toFixed(1)} s per kill, verification and fresh start`;
    } finally {
      await upstream.close();
      await rm(work, { recursive: true, force: true });
    }
    return [row];
  },
};

export const REFRESH_SECTIONS: readonly Section[] = [upstreamFaults, publishKills];
