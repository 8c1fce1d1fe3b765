/** The command line of `npm run bench` (bench/run.ts describes each option), parsed once. */
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PATHS } from '../src/fs/paths.ts';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '7' },
    duration: { type: 'string', default: '3' },
    warmup: { type: 'string', default: '1' },
    connections: { type: 'string', default: '64' },
    dist: { type: 'string', default: PATHS.dist },
    client: { type: 'string' },
    /** V8/Node flags of both Node servers; production should start the server with the same (`npm start` does; README, Deployment). */
    'node-flags': { type: 'string', default: '--max-semi-space-size=2' },
    'max-other': { type: 'string', default: '0.2' },
    retries: { type: 'string', default: '3' },
    json: { type: 'string' },
    /** Rounds of the start-command measurement (compiled vs the tsx loader); 0 skips it. */
    'startup-rounds': { type: 'string', default: '5' },
    /** `startup`: only the start-command measurement. */
    only: { type: 'string' },
    /** Instead of the load benchmark: build and serve today's history against one grown to this many releases (bench/history.ts). */
    history: { type: 'string' },
    /** With --history: leave its two scratch copies (data, releases, cache, dist) behind, to profile a build there. */
    keep: { type: 'boolean', default: false },
    /** Workers of the "all cores" targets (ours with --workers, nginx with worker_processes); 1 leaves them out. */
    workers: { type: 'string', default: String(os.availableParallelism()) },
  },
});

const hasWrk = spawnSync('sh', ['-c', 'command -v wrk'], { encoding: 'utf8' }).status === 0;
const client = (args.client ?? (hasWrk ? 'wrk' : 'autocannon')) as 'wrk' | 'autocannon';
if (client !== 'wrk' && client !== 'autocannon')
  throw new Error(`--client must be wrk or autocannon (got ${String(args.client)})`);
if (client === 'wrk' && !hasWrk)
  throw new Error('wrk is not installed (apt-get install wrk); or run with --client autocannon');

export const OPTIONS = {
  rounds: Number(args.rounds),
  durationSeconds: Number(args.duration),
  warmupSeconds: Number(args.warmup),
  connections: Number(args.connections),
  dist: path.resolve(args.dist),
  nodeFlags: args['node-flags'].split(/\s+/).filter(Boolean),
  maxOtherCores: Number(args['max-other']),
  retries: Number(args.retries),
  client,
  json: args.json,
  startupRounds: Number(args['startup-rounds']),
  only: args.only,
  history: args.history === undefined ? undefined : Number(args.history),
  keep: args.keep,
  workers: Number(args.workers),
} as const;
if (!Number.isInteger(OPTIONS.workers) || OPTIONS.workers < 1)
  throw new Error(`--workers must be a whole number of at least 1 (got ${JSON.stringify(args.workers)})`);

/** Node servers and the load generator run from source with the tsx loader. */
export const TSX = ['--import', 'tsx'];
