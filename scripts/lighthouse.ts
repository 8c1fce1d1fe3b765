/**
 * Lighthouse on every page type, mobile and desktop presets, against an artifact that exists (dist/, or
 * --dist <dir>) served by the project's own server on loopback, in Debian's Chromium (CHROMIUM_PATH overrides).
 * Prints a table per page and preset: cumulative layout shift and the accessibility score, which it asserts
 * (CLS at most 0.05, accessibility 100; the exit code says whether they held), and the timings, which it only
 * reports. Lighthouse comes from npm through npx (LIGHTHOUSE overrides the command), so it is no dependency.
 *
 *   npm run build && npm run lighthouse            (every page type; --only home,changes for some)
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { parseArgs } from 'node:util';
import { PATHS } from '../src/fs/paths.ts';
import { startServer } from '../src/server/server.ts';
import { pageTypes } from './page-types.ts';

const run = promisify(execFile);
const { values } = parseArgs({
  options: { dist: { type: 'string', default: PATHS.dist }, only: { type: 'string' } },
});
const dist = path.resolve(values.dist);
if (!existsSync(path.join(dist, 'index.html'))) throw new Error(`${dist}/index.html is missing: build first`);
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!existsSync(chromium)) throw new Error(`Chromium is not installed at ${chromium} (apt-get install chromium)`);

// The chart is the front page scrolled: the same load, so the same figures.
const PAGES = pageTypes(dist).filter(([name]) => name !== 'chart');
const MAX_CLS = 0.05;

interface Report {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number }>;
}

const command = (process.env.LIGHTHOUSE ?? 'npx --yes lighthouse@12').split(' ');
const server = await startServer({ distPath: dist, host: '127.0.0.1', port: 0, watchIntervalMs: 0 });
const scratch = await mkdtemp(path.join(os.tmpdir(), 'lighthouse-'));
const failures: string[] = [];
try {
  console.log('| page | preset | CLS | accessibility | performance | FCP ms | LCP ms | TBT ms |');
  console.log('|---|---|---:|---:|---:|---:|---:|---:|');
  for (const [name, urlPath] of PAGES.filter(([n]) => !values.only || values.only.split(',').includes(n)))
    for (const preset of ['mobile', 'desktop'] as const) {
      const out = path.join(scratch, `${name}-${preset}.json`);
      await run(
        command[0]!,
        [
          ...command.slice(1),
          `${server.url}${urlPath}`,
          '--output=json',
          `--output-path=${out}`,
          '--quiet',
          '--only-categories=performance,accessibility',
          `--chrome-path=${chromium}`,
          '--chrome-flags=--headless --no-sandbox --disable-gpu',
          ...(preset === 'desktop' ? ['--preset=desktop'] : []),
        ],
        { maxBuffer: 64 * 1024 * 1024, env: { ...process.env, CHROME_PATH: chromium } },
      );
      const report = JSON.parse(await readFile(out, 'utf8')) as Report;
      const cls = report.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN;
      const a11y = Math.round((report.categories.accessibility?.score ?? 0) * 100);
      const perf = Math.round((report.categories.performance?.score ?? 0) * 100);
      const ms = (id: string) => Math.round(report.audits[id]?.numericValue ?? Number.NaN);
      console.log(
        `| ${name} | ${preset} | ${cls.toFixed(3)} | ${a11y} | ${perf} | ${ms('first-contentful-paint')} | ${ms('largest-contentful-paint')} | ${ms('total-blocking-time')} |`,
      );
      if (!(cls <= MAX_CLS)) failures.push(`${name} (${preset}): CLS ${cls.toFixed(3)} > ${MAX_CLS}`);
      if (a11y < 100) failures.push(`${name} (${preset}): accessibility ${a11y} < 100`);
    }
} finally {
  await server.close();
  await rm(scratch, { recursive: true, force: true });
}
if (failures.length) {
  console.error(`\n${failures.length} failed:\n${failures.join('\n')}`);
  process.exitCode = 1;
} else console.log(`\nCLS <= ${MAX_CLS} and accessibility 100 on every page, both presets.`);
