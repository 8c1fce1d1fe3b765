/**
 * Spawning the project's command lines the way the end-to-end tests and the reliability suite
 * do: from the source under tsx, with pipes, and with the upstream and schedule settings of the
 * calling shell blanked, so that a test reaches nothing beyond the loopback servers it starts.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT } from '../../src/fs/paths.ts';

export interface Stores {
  dataDir: string;
  releasesDir: string;
  stateDir: string;
  distPath: string;
}

/** The process environment with every setting that could point a child at a real upstream or schedule blanked. */
export function isolatedEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DIRECTORY_PRICING_SOURCE: '',
    DIRECTORY_BENCHMARKS_SOURCE: '',
    DIRECTORY_REFRESH_CRON: '',
    ...extra,
  };
}

/** `--data … --releases … --state … --dist …` for a workspace. */
export function storeArgs(stores: Stores): string[] {
  return [
    '--data',
    stores.dataDir,
    '--releases',
    stores.releasesDir,
    '--state',
    stores.stateDir,
    '--dist',
    stores.distPath,
  ];
}

/** Runs `src/cli/<cli>.ts` under tsx in the repository root. */
export function spawnCli(cli: 'serve' | 'refresh' | 'build', args: readonly string[]): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'src/cli', `${cli}.ts`), ...args], {
    cwd: ROOT,
    stdio: 'pipe',
    env: isolatedEnv(),
  });
}

export interface Serving {
  child: ChildProcessWithoutNullStreams;
  /** Origin the server printed, e.g. http://127.0.0.1:43210 */
  url: string;
  /** Everything it wrote to stdout and stderr so far. */
  output: () => string;
}

/**
 * Starts `src/cli/serve.ts` on a free loopback port and resolves once it says what it serves;
 * rejects with its output if it exits before that.
 */
export function startServe(args: readonly string[], label = 'server'): Promise<Serving> {
  const child = spawnCli('serve', ['--port', '0', '--host', '127.0.0.1', ...args]);
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /serving artifact \w+ at (http:\/\/\S+)\/api\//.exec(output);
      if (match) resolve({ child, url: match[1]!, output: () => output });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${label} exited (${code}):\n${output}`)));
  });
}
