/**
 * `npm run refresh -- [--pricing-source <url|file|skip>] [--benchmarks-source <url|file|skip>]`
 *
 * Runs one refresh. A source not given comes from the environment (DIRECTORY_PRICING_SOURCE,
 * DIRECTORY_BENCHMARKS_SOURCE), then refresh.config.json; `skip` leaves that part of the data
 * as it is. Exit status: 0 published or unchanged, 2 rejected, 1 failed; the report goes to
 * stdout on success and to stderr otherwise (`--json` prints the report as JSON on stdout).
 */
import path from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { PATHS } from '../fs/paths.ts';
import { loadSourceData } from '../compile/load.ts';
import { envOverrides, loadRefreshConfig, withOverrides, type RefreshConfig } from '../refresh/config.ts';
import { bootstrapRelease, recoverInterrupted, runRefresh, type Checkpoint } from '../refresh/pipeline.ts';
import { listReleaseIds, unreleasedStamp } from '../history/releases.ts';
import { formatReport } from '../refresh/report.ts';

const USAGE = `usage: npm run refresh -- [options]
  --pricing-source <url|file|skip>     models.dev api.json document (default: refresh.config.json)
  --benchmarks-source <url|file|skip>  benchmark results, CSV or JSON (default: refresh.config.json)
  --allow <tool-id>                    accept a price change beyond the bound for this tool (repeatable)
  --dry-run                            fetch, merge, validate and report; write nothing
  --json                               print the report as JSON on stdout
  --bootstrap                          record the current data as the initial release if there is none, then exit
  --recover                            only complete a publish a crash interrupted after its commit, clean up, exit
  --base-url <url>                     public site URL for absolute links (default: publicBaseUrl in refresh.config.json)
  --data <dir> --dist <path> --releases <dir> --state <dir> --config <file>
  --now <ISO timestamp>                the refresh time (reproducible runs and tests)`;

export const EXIT = { ok: 0, failed: 1, rejected: 2 } as const;

const OPTIONS = {
  'pricing-source': { type: 'string' },
  'benchmarks-source': { type: 'string' },
  allow: { type: 'string', multiple: true, default: [] as string[] },
  'dry-run': { type: 'boolean', default: false },
  json: { type: 'boolean', default: false },
  bootstrap: { type: 'boolean', default: false },
  recover: { type: 'boolean', default: false },
  data: { type: 'string', default: PATHS.data },
  dist: { type: 'string', default: PATHS.dist },
  releases: { type: 'string', default: PATHS.releases },
  state: { type: 'string', default: PATHS.state },
  config: { type: 'string', default: PATHS.refreshConfig },
  'base-url': { type: 'string' },
  now: { type: 'string' },
  help: { type: 'boolean', default: false },
} as const satisfies ParseArgsConfig['options'];

type Locations = { dataDir: string; distPath: string; releasesDir: string; stateDir: string };

async function bootstrap(locations: Locations): Promise<number> {
  if ((await listReleaseIds(locations.releasesDir)).length > 0) {
    console.log(`releases exist in ${locations.releasesDir}; nothing to bootstrap`);
    return EXIT.ok;
  }
  const source = await loadSourceData(locations.dataDir, {
    releasesDir: locations.releasesDir,
    unreleased: unreleasedStamp(new Date().toISOString()),
  });
  const initial = await bootstrapRelease(source, locations);
  console.log(`recorded initial release ${initial.record.id} in ${locations.releasesDir}`);
  return EXIT.ok;
}

/** What every refresh does first, alone: the server runs this when it starts. */
async function recover(locations: Locations, config: RefreshConfig, json: boolean): Promise<number> {
  const recovery = await recoverInterrupted({ ...locations, config, log: (line) => console.error(line) });
  if (recovery.locked)
    console.error(`nothing recovered: ${recovery.locked}; that run completes any interrupted publish itself`);
  else if (recovery.recovered) console.error(`completed the interrupted publish of release ${recovery.recovered}`);
  else console.error('no interrupted publish to complete');
  if (recovery.removed.length > 0)
    console.error(`removed ${recovery.removed.length} stale temporary file(s) of an interrupted run`);
  if (json) console.log(JSON.stringify(recovery));
  return EXIT.ok;
}

function fixedTime(now: string | undefined): Date | undefined {
  if (now === undefined) return undefined;
  const fixed = new Date(now);
  if (Number.isNaN(fixed.getTime())) throw new Error(`--now must be an ISO timestamp (got ${JSON.stringify(now)})`);
  return fixed;
}

/** Fault injection for the crash tests: SIGKILL ourselves at a named step. */
function crashCheckpoint(): ((name: Checkpoint) => void) | undefined {
  const crashAt = process.env.DIRECTORY_REFRESH_CRASH_AT;
  return crashAt
    ? (name: Checkpoint) => {
        if (name === crashAt) process.kill(process.pid, 'SIGKILL');
      }
    : undefined;
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: OPTIONS });
  if (values.help) {
    console.log(USAGE);
    return EXIT.ok;
  }
  const locations = {
    dataDir: path.resolve(values.data),
    distPath: path.resolve(values.dist),
    releasesDir: path.resolve(values.releases),
    stateDir: path.resolve(values.state),
  };
  if (values.bootstrap) return bootstrap(locations);
  const config = withOverrides(await loadRefreshConfig(path.resolve(values.config)), envOverrides(), {
    pricingSource: values['pricing-source'],
    benchmarksSource: values['benchmarks-source'],
    publicBaseUrl: values['base-url'],
  });
  if (values.recover) return recover(locations, config, values.json);
  const fixedNow = fixedTime(values.now);
  const report = await runRefresh({
    ...locations,
    config,
    now: fixedNow ? () => fixedNow : undefined,
    allow: values.allow,
    dryRun: values['dry-run'],
    checkpoint: crashCheckpoint(),
    log: (line) => console.error(line),
  });
  const text = formatReport(report);
  const ok = report.outcome === 'published' || report.outcome === 'unchanged';
  if (values.json) {
    console.error(text);
    console.log(JSON.stringify(report));
  } else if (ok) console.log(text);
  else console.error(text);
  return ok ? EXIT.ok : report.outcome === 'rejected' ? EXIT.rejected : EXIT.failed;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`refresh failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = EXIT.failed;
  },
);
