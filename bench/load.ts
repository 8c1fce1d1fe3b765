/**
 * One load-generator run in its own process: `fork('bench/load.ts')`, send it a LoadRequest,
 * it runs autocannon for the warm-up (discarded), says 'measuring', runs the measured period
 * and sends back a LoadResult. A fresh process per run gives every target the same client
 * (same JIT and GC state), and keeps the client's CPU out of the parent that samples the
 * servers' RSS and CPU.
 */
import autocannon from 'autocannon';

export interface LoadRequest {
  url: string;
  headers: Record<string, string>;
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
}

export interface LoadResult {
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyMaxMs: number;
  bytesPerResponse: number;
  requests: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  durationSeconds: number;
}

export type LoadMessage =
  | { type: 'measuring' }
  | { type: 'result'; result: LoadResult }
  | { type: 'error'; message: string };

async function run(request: LoadRequest): Promise<LoadResult> {
  const options = {
    url: request.url,
    headers: request.headers,
    connections: request.connections,
    pipelining: 1,
    timeout: 10,
  };
  if (request.warmupSeconds > 0) await autocannon({ ...options, duration: request.warmupSeconds });
  process.send!({ type: 'measuring' } satisfies LoadMessage);
  const result = await autocannon({ ...options, duration: request.durationSeconds });
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, Number(count)]),
  );
  const responses = Object.values(statusCodes).reduce((sum, count) => sum + count, 0);
  return {
    requestsPerSecond: responses / result.duration,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    latencyMaxMs: result.latency.max,
    bytesPerResponse: responses > 0 ? result.throughput.total / responses : 0,
    requests: responses,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
    durationSeconds: result.duration,
  };
}

process.once('message', (request: LoadRequest) => {
  run(request)
    .then((result) => process.send!({ type: 'result', result } satisfies LoadMessage, () => process.exit(0)))
    .catch((error: unknown) =>
      process.send!({ type: 'error', message: String(error) } satisfies LoadMessage, () => process.exit(1)),
    );
});
