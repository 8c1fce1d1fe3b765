/**
 * Screenshots of every page type, desktop (1440x900) and phone (375x812), light and dark, into
 * docs/screenshots/, and docs/page.png from the desktop light front page. Builds nothing: it
 * serves an artifact that exists (dist/ by default, or --dist <dir>, such as a test build) with
 * the project's own server on loopback and drives Debian's Chromium (CHROMIUM_PATH overrides).
 *
 *   npm run build -- --preview && npm run screenshots
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { PATHS, ROOT } from '../src/fs/paths.ts';
import { startServer } from '../src/server/server.ts';
import { pageTypes } from './page-types.ts';

const { values } = parseArgs({ options: { dist: { type: 'string', default: PATHS.dist } } });
const dist = path.resolve(values.dist);
if (!existsSync(path.join(dist, 'index.html')))
  throw new Error(`${dist}/index.html is missing: build the artifact first (npm run build -- --preview)`);
const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!existsSync(executablePath))
  throw new Error(`Chromium is not installed at ${executablePath} (apt-get install chromium)`);

const PAGES = pageTypes(dist);
const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900, mobile: false },
  { name: 'phone', width: 375, height: 812, mobile: true },
];

const out = path.join(ROOT, 'docs', 'screenshots');
mkdirSync(out, { recursive: true });
const server = await startServer({ distPath: dist, host: '127.0.0.1', port: 0, watchIntervalMs: 0 });
const browser = await chromium.launch({ executablePath, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
try {
  for (const viewport of VIEWPORTS)
    for (const scheme of ['light', 'dark'] as const) {
      const context = await browser.newContext({
        viewport: { width: viewport.width, height: viewport.height },
        colorScheme: scheme,
        isMobile: viewport.mobile,
        hasTouch: viewport.mobile,
      });
      for (const [name, urlPath] of PAGES) {
        const page = await context.newPage();
        await page.goto(`${server.url}${urlPath}`, { waitUntil: 'networkidle' });
        const file = path.join(out, `${name}-${viewport.name}-${scheme}.png`);
        await page.screenshot({ path: file });
        if (name === 'home' && viewport.name === 'desktop' && scheme === 'light')
          await page.screenshot({ path: path.join(ROOT, 'docs', 'page.png') });
        await page.close();
      }
      await context.close();
    }
  console.log(`${PAGES.length * 4} screenshots in ${path.relative(ROOT, out)}/ and docs/page.png, from ${dist}`);
} finally {
  await browser.close();
  await server.close(1000);
}
