/**
 * Runs the refresh CLI in a child process for the server: the refresh's CPU work (building,
 * compressing) never blocks the event loop that answers requests, and a crash or kill of the
 * refresh cannot take the server down. The child publishes; the server then reloads.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT } from '../fs/paths.ts';
import type { RefreshReport } from './report.ts';

// Compiled (out/refresh/child.js) the child runs out/cli/refresh.js with plain node; run from
// source under a TypeScript loader (tests, development) it runs src/cli/refresh.ts the same way.
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const CLI = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'cli',
  FROM_SOURCE ? 'refresh.ts' : 'refresh.js',
);

export interface ChildResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  report: RefreshReport | null;
}

/** `args` are refresh CLI flags; `--json` is added. Resolves when the child exits. `env` adds to this process's environment. */
export function runRefreshProcess(
  args: readonly string[],
  log: (line: string) => void = () => {},
  env: NodeJS.ProcessEnv = {},
): Promise<ChildResult> {
  return new Promise((resolve, reject) => {
    // From source the CLI needs a TypeScript loader: reuse this process's when it has one,
    // else load tsx (a development dependency, resolved from the project root).
    const loader = !FROM_SOURCE
      ? []
      : process.execArgv.some((arg) => arg.includes('tsx'))
        ? process.execArgv
        : ['--import', 'tsx'];
    const child = spawn(process.execPath, [...loader, CLI, '--json', ...args], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    let stdout = '';
    let stderrTail = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderrTail = (stderrTail + chunk).slice(-20_000);
      for (const line of chunk.split('\n')) if (line.trim()) log(`refresh: ${line}`);
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      const last = stdout.trim().split('\n').at(-1);
      let report: RefreshReport | null = null;
      try {
        report = last ? (JSON.parse(last) as RefreshReport) : null;
      } catch {
        report = null;
      }
      resolve({ code, signal, report });
    });
  });
}
