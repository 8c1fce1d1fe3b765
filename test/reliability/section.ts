/**
 * A reliability section: one independent experiment that returns rows of the table
 * (report.ts). Sections are listed in sections/index.ts; `npm run test:reliability -- --only
 * <name>` runs some of them. A section starts what it needs through the context (so the runner
 * stops it whatever happens), must end by itself in bounded time, and uses loopback only.
 */
import type { RunningNginx } from '../support/nginx.ts';
import type { Artifact, ServerProcess } from './harness.ts';
import type { Row } from './report.ts';

export type TargetName = 'node' | 'nginx';

export interface SectionContext {
  /** A temporary directory the section may write to (removed at the end). */
  root: string;
  /** The artifact every server serves, built fresh for this run. */
  artifact: Artifact;
  /** Seed for anything random, so a run can be repeated (--seed). */
  seed: number;
  /** The servers to run against: node always, nginx when installed (and not --no-nginx). */
  targets: readonly TargetName[];
  log(line: string): void;
  /**
   * Starts `npm start` serving the artifact on a free loopback port; `bodies` is every body it may
   * send (the artifact's, and its live freshness document's).
   */
  startServer(): Promise<{ server: ServerProcess; bodies: Set<string> }>;
  startNginx(): Promise<RunningNginx>;
}

export interface Section {
  name: string;
  /** One line for --list and the log. */
  summary: string;
  /**
   * `alone`: a gate of the section reads time (a stall under attack, a grace period, a follower's switch), so it
   * runs with the machine to itself. `shared`: it proves what survives faults whatever the timing, so CI runs it
   * beside the slow suites (`--machine shared`).
   */
  machine: 'alone' | 'shared';
  run(context: SectionContext): Promise<Row[]>;
}
