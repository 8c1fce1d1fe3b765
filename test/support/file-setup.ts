/**
 * Runs before each test file. The fast suites share worker processes (vitest.config.ts: loading the modules once
 * per worker instead of once per file takes a third off `npm test`), so what one file sets in process.env (a
 * refresh fixture's brotli quality, say) would otherwise reach the files after it. Each file starts with the
 * environment its worker started with.
 */
const worker = globalThis as { acmdStartEnv?: Record<string, string | undefined> };
worker.acmdStartEnv ??= { ...process.env };
const started = worker.acmdStartEnv;
for (const name of Object.keys(process.env)) if (!(name in started)) delete process.env[name];
for (const [name, value] of Object.entries(started)) if (process.env[name] !== value) process.env[name] = value;
