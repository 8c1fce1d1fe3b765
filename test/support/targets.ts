/**
 * The servers an end-to-end suite runs against. Every target serves the same artifact, so the
 * same assertions hold for each: the embedded Node server, and nginx serving dist/ with
 * deploy/nginx.conf (test/support/nginx.ts).
 *
 * nginx missing: under CI (process.env.CI) the nginx suites fail; locally they are skipped
 * with a message saying what to install.
 */
import { startServer, type Limits, type RunningServer } from '../../src/server/server.ts';
import { findBrotliModule, nginxUnavailableReason, startNginx, type RunningNginx } from './nginx.ts';

export type TargetName = 'node' | 'nginx';
export const TARGET_NAMES: readonly TargetName[] = ['node', 'nginx'];

export interface Target {
  name: TargetName;
  baseUrl: string;
  stop(): Promise<void>;
}

export interface TargetOptions {
  /** Header timeout for slow-client tests (Node: headersTimeout; nginx: client_header_timeout). */
  headersTimeoutMs?: number;
}

export async function startNodeTarget(
  distPath: string,
  options: TargetOptions = {},
): Promise<Target & { running: RunningServer }> {
  const limits: Partial<Limits> = {};
  if (options.headersTimeoutMs !== undefined) {
    limits.headersTimeoutMs = options.headersTimeoutMs;
    limits.requestTimeoutMs = options.headersTimeoutMs * 2;
    limits.connectionsCheckingIntervalMs = Math.max(10, Math.floor(options.headersTimeoutMs / 5));
  }
  const running = await startServer({ distPath, host: '127.0.0.1', port: 0, watchIntervalMs: 0, limits });
  return { name: 'node', baseUrl: running.url, running, stop: () => running.close(1000) };
}

export async function startNginxTarget(
  distPath: string,
  options: TargetOptions = {},
): Promise<Target & { nginx: RunningNginx }> {
  const nginx = await startNginx({ distPath, clientHeaderTimeoutMs: options.headersTimeoutMs });
  return { name: 'nginx', baseUrl: nginx.url, nginx, stop: () => nginx.stop() };
}

export function startTarget(name: TargetName, distPath: string, options: TargetOptions = {}): Promise<Target> {
  return name === 'node' ? startNodeTarget(distPath, options) : startNginxTarget(distPath, options);
}

/**
 * Why a target's suite is skipped here, or null to run it. Never skips under CI: there a
 * missing nginx makes the suite fail when it tries to start it.
 */
export function skipReason(name: TargetName): string | null {
  if (name !== 'nginx' || process.env.CI) return null;
  const reason = nginxUnavailableReason();
  if (reason) console.warn(`skipping the nginx target: ${reason}`);
  return reason;
}

/** The targets to run here: all of them under CI, else those installed (with a warning for the others). */
export function runnableTargets(): TargetName[] {
  return TARGET_NAMES.filter((name) => skipReason(name) === null);
}

/**
 * Why brotli assertions are skipped on a target, or null to run them. The Node server always
 * serves the build's brotli bodies; nginx needs its brotli_static module. A machine with nginx
 * but without the module still passes `npm test` (those assertions skip, saying why); under CI,
 * where .ci/run installs the module, its absence fails instead.
 */
export function brotliSkipReason(name: TargetName): string | null {
  if (name !== 'nginx' || findBrotliModule()) return null;
  const reason = 'nginx has no brotli_static module (apt-get install libnginx-mod-http-brotli-static)';
  if (process.env.CI && process.env.NGINX_BROTLI_MODULE !== 'none') throw new Error(`under CI ${reason}`);
  return reason;
}

/** The test name, with the skip reason appended when the assertion is skipped. */
export const skipNote = (name: string, reason: string | null) => (reason ? `${name} (skipped: ${reason})` : name);
