/**
 * The servers an end-to-end suite runs against. Every target serves the same artifact, so the
 * same assertions hold for each: the embedded Node server, and nginx serving dist/ (added in
 * test/support/nginx.ts when nginx is installed).
 */
import { startServer, type RunningServer } from '../../src/server/server.ts';

export interface Target {
  name: string;
  baseUrl: string;
  stop(): Promise<void>;
}

export async function startNodeTarget(distPath: string): Promise<Target & { running: RunningServer }> {
  const running = await startServer({ distPath, host: '127.0.0.1', port: 0, watchIntervalMs: 0 });
  return { name: 'node', baseUrl: running.url, running, stop: () => running.close(1000) };
}
