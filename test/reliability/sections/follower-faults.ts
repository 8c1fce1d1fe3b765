/**
 * Follower faults (issue 21): `npm start -- --follow <origin>` against an origin that misbehaves
 * (fault-origin.ts). Each fault is injected while the origin offers a newer artifact: a file
 * longer than its manifest entry (announced, and unannounced on a chunked response), shorter
 * (then closed, or then silent: a hung connection), a manifest with header metadata HTTP does not
 * allow, an older artifact, an origin flapping between the served and an older artifact. After
 * each, the follower must still run and serve what it served, and, once the origin is healthy,
 * switch to the newer artifact. Then the follower is killed with SIGKILL at random moments while
 * it switches; after each kill its `dist` must load and verify in full, and a restarted follower
 * must converge.
 */
import { createHash } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import { serializeJson } from '../../../src/artifact/artifact.ts';
import { loadArtifact } from '../../../src/server/store.ts';
import { startServe, type Serving, waitUntil } from '../../support/processes.ts';
import { artifact, type Fault, type Spoilable, startFaultOrigin } from '../fault-origin.ts';
import { random, sleep } from '../harness.ts';
import type { Row } from '../report.ts';
import type { Section, SectionContext } from '../section.ts';

const KILLS = 12;
const POLL_S = 0.2;
/** Longer than the follower's idle timeout (15 s), so a hung request has failed and the next poll got through. */
const RECOVER_MS = 30_000;

const generation = (n: number) =>
  artifact(`2026-12-${String(n).padStart(2, '0')}`, `2026-12-${String(n).padStart(2, '0')}T06:00:00Z`, n);

const spoiled = (n: number, spoil: (m: Spoilable) => void) => {
  const manifest = structuredClone(generation(n).manifest) as unknown as Spoilable;
  spoil(manifest);
  return serializeJson(manifest);
};

/** The faults, each with the newer generation the origin offers meanwhile. */
function faults(): [string, Fault | 'older' | 'flap'][] {
  return [
    ['a longer file (announced)', { kind: 'longer', file: 'api/tools.json', chunked: false }],
    ['a longer file (chunked)', { kind: 'longer', file: 'api/tools.json', chunked: true }],
    ['a shorter file, then close', { kind: 'shorter', file: 'api/tools.json', close: true }],
    ['a shorter file, then silence', { kind: 'shorter', file: 'api/tools.json.br', close: false }],
    ['a hung connection', { kind: 'hang' }],
    ['an ETag with CR/LF', { kind: 'manifest', body: Buffer.alloc(0) }],
    ['no contentType', { kind: 'manifest', body: Buffer.alloc(0) }],
    ['U+2028 in cacheControl', { kind: 'manifest', body: Buffer.alloc(0) }],
    ['an older artifact (rollback)', 'older'],
    ['an origin flapping between two artifacts', 'flap'],
  ];
}

const SPOILERS: Record<string, (m: Spoilable) => void> = {
  'an ETag with CR/LF': (m) => {
    m.files['/api/tools.json']!.identity.etag = '"a"\r\nX-Evil: 1';
  },
  'no contentType': (m) => {
    m.files['/api/tools.json']!.contentType = undefined;
  },
  'U+2028 in cacheControl': (m) => {
    m.files['/api/tools.json']!.cacheControl = 'public,\u2028max-age=1';
  },
};

interface Follower {
  serving: Serving;
  tools(): Promise<string | null>;
}

/** Every follower process started, so the section stops them whatever happens. */
const started = new Set<Serving>();

async function startFollower(originUrl: string, root: string): Promise<Follower> {
  const dist = path.join(root, 'dist');
  const serving = await startServe(
    ['--follow', originUrl, '--follow-interval', String(POLL_S), '--dist', dist, '--state', path.join(root, 'state')],
    'follower',
  );
  started.add(serving);
  return {
    serving,
    async tools() {
      try {
        const response = await fetch(`${serving.url}/api/tools.json`, { headers: { 'accept-encoding': 'identity' } });
        return response.ok
          ? createHash('sha256')
              .update(Buffer.from(await response.arrayBuffer()))
              .digest('hex')
          : null;
      } catch {
        return null;
      }
    },
  };
}

const toolsSha = (n: number) =>
  createHash('sha256').update(generation(n).contents.get('api/tools.json')!).digest('hex');

/** Injects every fault once; counts those the follower survived without switching, and recoveries that did not happen. */
async function injectFaults(
  origin: Awaited<ReturnType<typeof startFaultOrigin>>,
  follower: Follower,
  row: Required<Pick<Row, 'faultsInjected' | 'faultsRejected' | 'failures'>>,
): Promise<number> {
  let current = 1;
  const switches = () => (follower.serving.output().match(/follow: switched/g) ?? []).length;
  for (const [name, fault] of faults()) {
    const next = current + 1;
    const switchesBefore = switches();
    if (fault === 'older' || fault === 'flap') {
      origin.serve(generation(current - 1)); // (the rollback cases come after several switches: current > 1)
      for (let i = 0; fault === 'flap' && i < 15; i++) {
        origin.serve(generation(i % 2 ? current : current - 1));
        await sleep(200);
      }
    } else {
      origin.serve(generation(next));
      origin.fault(fault.kind === 'manifest' ? { kind: 'manifest', body: spoiled(next, SPOILERS[name]!) } : fault);
    }
    await sleep(1_500);
    row.faultsInjected += 1;
    const switched = switches() > switchesBefore;
    const alive = follower.serving.child.exitCode === null && follower.serving.child.signalCode === null;
    if (alive && !switched && (await follower.tools()) === toolsSha(current)) row.faultsRejected += 1;
    else row.failures.push(`${name}: ${alive ? 'the follower switched' : 'the follower died'}`);
    origin.fault({ kind: 'none' });
    origin.serve(generation(next));
    if (await waitUntil(async () => (await follower.tools()) === toolsSha(next), RECOVER_MS)) current = next;
    else row.failures.push(`${name}: no switch within ${RECOVER_MS} ms of the origin healing`);
    // The follower serves the new artifact before it logs the switch; wait for that line, or the next
    // fault would count it as a switch of its own.
    await waitUntil(async () => switches() > switchesBefore, 5_000);
  }
  return current;
}

/** SIGKILL while the follower switches; every time, its dist must verify and a restart must converge. */
async function killDuringSwaps(
  origin: Awaited<ReturnType<typeof startFaultOrigin>>,
  root: string,
  first: Follower,
  from: number,
  rng: () => number,
): Promise<{ kills: number; corrupt: number; failures: string[] }> {
  const out = { kills: 0, corrupt: 0, failures: [] as string[] };
  let follower = first;
  for (let i = 1; i <= KILLS; i++) {
    const next = from + i;
    origin.serve(generation(next));
    await sleep(rng() * POLL_S * 2000);
    follower.serving.child.kill('SIGKILL');
    await new Promise((resolve) => follower.serving.child.once('exit', resolve));
    out.kills += 1;
    try {
      const loaded = await loadArtifact(path.join(root, 'dist'));
      for (const resource of loaded.resources.values())
        if (!resource.representations.identity) throw new Error('a resource without its identity body');
    } catch (error) {
      out.corrupt += 1;
      out.failures.push(`after kill ${i}: dist does not load (${(error as Error).message})`);
    }
    follower = await startFollower(origin.url, root);
    if (!(await waitUntil(async () => (await follower.tools()) === toolsSha(next), RECOVER_MS)))
      out.failures.push(`after kill ${i}: the restarted follower did not converge`);
  }
  return out;
}

export const followerFaults: Section = {
  name: 'follower-faults',
  machine: 'alone',
  summary:
    'npm start --follow against an origin with longer/shorter files, bad header metadata, rollbacks, flapping and hung connections; kill -9 mid-swap',
  async run(context: SectionContext): Promise<Row[]> {
    const root = await mkdtemp(path.join(context.root, 'follower-'));
    const origin = await startFaultOrigin();
    origin.serve(generation(1));
    const row = { faultsInjected: 0, faultsRejected: 0, failures: [] as string[] };
    try {
      const follower = await startFollower(origin.url, root);
      const reached = await injectFaults(origin, follower, row);
      context.log(`follower-faults: ${row.faultsRejected}/${row.faultsInjected} faults survived; kill -9 next`);
      const killed = await killDuringSwaps(origin, root, follower, reached, random(context.seed));
      return [
        {
          section: 'follower-faults',
          target: 'node',
          ...row,
          kills: killed.kills,
          corruptDatasets: killed.corrupt,
          failures: [...row.failures, ...killed.failures],
          note: `follower-faults: ${faults().length} kinds of origin fault, each followed by a recovery; ${killed.kills} SIGKILLs while switching`,
        },
      ];
    } finally {
      for (const serving of started) serving.child.kill('SIGKILL');
      started.clear();
      await origin.close();
    }
  },
};
