/**
 * First paint of the front page on a throttled phone, and the bytes it costs (issue 18, check 9).
 * Serves an artifact that exists (dist/ by default, or --dist <dir>) with the project's own server
 * on loopback, opens / in Debian's Chromium (CHROMIUM_PATH overrides) with a cold cache for each
 * run under a Slow-4G-like network (1.6 Mbps down, 750 kbps up, 150 ms round trip), a 4x slower
 * CPU and a 375x812 phone viewport, and prints first paint and first contentful paint (the
 * browser's own paint timing entries), median of --runs (5), and the compressed size of the
 * page's own HTML, stylesheet and script as the server sends them with brotli. Writes nothing.
 *
 *   npm run build -- --preview && npm run measure:page [-- --runs 7 --dist <dir>]
 *
 * A measurement to read, not a test: a shared machine's load moves the numbers.
 */
import { existsSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type Browser, chromium } from 'playwright-core';
import { PATHS } from '../src/fs/paths.ts';
import { startServer } from '../src/server/server.ts';

const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;
const BUDGET_BYTES = 60 * 1024;

const { values } = parseArgs({
  options: { dist: { type: 'string', default: PATHS.dist }, runs: { type: 'string', default: '5' } },
});
const dist = path.resolve(values.dist);
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1)
  throw new Error(`--runs: expected a whole number of 1 or more, got "${values.runs}"`);
if (!existsSync(path.join(dist, 'index.html')))
  throw new Error(`${dist}/index.html is missing: build the artifact first (npm run build -- --preview)`);
const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!existsSync(executablePath))
  throw new Error(`Chromium is not installed at ${executablePath} (apt-get install chromium)`);

/** The body size of one URL as sent with brotli (what crosses the wire, headers aside). */
function wireBytes(url: string): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
      if (res.statusCode !== 200) reject(new Error(`${url}: HTTP ${res.statusCode}`));
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on('end', () => resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? 'identity') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Milliseconds from navigation start: the HTML fully received, first paint, first contentful paint. */
interface Sample {
  html: number;
  fp: number;
  fcp: number;
}

/** One cold load of the page under the phone profile: its paint timings in milliseconds. */
async function paintOnce(browser: Browser, url: string): Promise<Sample> {
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForFunction(() => performance.getEntriesByType('paint').length >= 2);
  const entries = await page.evaluate(() => [
    ...performance.getEntriesByType('paint').map((e) => ({ name: e.name, at: e.startTime })),
    ...performance.getEntriesByType('navigation').map((e) => ({
      name: 'html',
      at: (e as PerformanceNavigationTiming).responseEnd,
    })),
  ]);
  await context.close();
  const at = (name: string) => entries.find((e) => e.name === name)?.at ?? Number.NaN;
  return { html: at('html'), fp: at('first-paint'), fcp: at('first-contentful-paint') };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const assets = [...html.matchAll(/(?:href|src)="\.\/(assets\/[^"]+\.(?:css|js))"/g)].map((m) => m[1]!);
const server = await startServer({ distPath: dist, host: '127.0.0.1', port: 0, watchIntervalMs: 0 });
const browser = await chromium.launch({ executablePath, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
try {
  const files = ['', ...assets];
  const sizes = await Promise.all(files.map((f) => wireBytes(`${server.url}/${f}`)));
  const samples: Sample[] = [];
  for (let i = 0; i < runs; i += 1) samples.push(await paintOnce(browser, `${server.url}/`));
  const total = sizes.reduce((sum, s) => sum + s.bytes, 0);
  const rows: [string, string][] = [
    ...files.map((f, i): [string, string] => [`/${f}`, `${kb(sizes[i]!.bytes)} (${sizes[i]!.encoding})`]),
    ['page total (budget 60 KB)', `${kb(total)}${total <= BUDGET_BYTES ? '' : ' OVER BUDGET'}`],
    [`HTML received, median of ${runs}`, `${Math.round(median(samples.map((s) => s.html)))} ms`],
    [`first paint, median of ${runs}`, `${Math.round(median(samples.map((s) => s.fp)))} ms`],
    [`first contentful paint, median of ${runs}`, `${Math.round(median(samples.map((s) => s.fcp)))} ms`],
    ['each run (HTML / FP / FCP, ms)', samples.map((s) => [s.html, s.fp, s.fcp].map(Math.round).join('/')).join(' ')],
  ];
  console.log(
    `Front page on a throttled phone: 375x812, ${CPU_SLOWDOWN}x CPU slowdown, 1.6 Mbps down, 750 kbps up, 150 ms RTT (${dist})`,
  );
  const width = Math.max(...rows.map(([label]) => label.length));
  for (const [label, value] of rows) console.log(`${label.padEnd(width)}  ${value}`);
} finally {
  await browser.close();
  await server.close(1000);
}
