/**
 * The hosted copy: the static export built with --base-url for a project site under a sub-path (as GitHub
 * Pages serves https://<owner>.github.io/<repo>/) works on a plain static host that knows nothing of it.
 * Every link and asset of every page type resolves inside the sub-path, and the absolute URLs (Atom feed,
 * OpenAPI servers) name the site.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../src/fs/paths.ts';
import { freePort, nginxUnavailableReason, type RunningNginx, startNginx } from '../support/nginx.ts';

const SUB = '/ai-coding-models/';
const TEMPLATE = path.join(ROOT, 'test/fixtures/hosting/subpath-nginx.conf');
const PAGES = ['', 'about/', 'calculator/', 'changes/', 'use-cases/', 'platforms/'];
const unavailable = process.env.CI ? null : nginxUnavailableReason();

describe.skipIf(unavailable)(
  `the static export under a sub-path ${unavailable ? `(skipped: ${unavailable})` : ''}`,
  () => {
    let work: string;
    let host: RunningNginx;
    let site: string;

    beforeAll(async () => {
      work = await mkdtemp(path.join(os.tmpdir(), 'acmd-subpath-'));
      const port = await freePort();
      site = `http://127.0.0.1:${port}${SUB}`;
      const dist = path.join(work, 'dist');
      const build = spawnSync(
        process.execPath,
        ['scripts/run.mjs', 'build', '--dist', dist, '--base-url', site.replace(/\/$/, '')],
        { cwd: ROOT, encoding: 'utf8' },
      );
      expect(build.status, build.stderr).toBe(0);
      host = await startNginx({ distPath: await realpath(dist), port, template: TEMPLATE, brotli: false });
    });

    afterAll(async () => {
      await host?.stop();
      if (work) await rm(work, { recursive: true, force: true });
    });

    async function get(url: string): Promise<Response> {
      return fetch(url, { redirect: 'manual' });
    }

    /** Same-site links and assets of a page (href and src), resolved against the page's URL. */
    function localLinks(html: string, pageUrl: string): string[] {
      const found = new Set<string>();
      for (const [, , value] of html.matchAll(/\b(href|src)="([^"#][^"]*)"/g)) {
        const url = new URL(value!.replaceAll('&amp;', '&'), pageUrl);
        if (url.origin === new URL(site).origin) found.add(url.href.split('#')[0]!);
      }
      return [...found];
    }

    it.each(PAGES)('page %s: every same-site link and asset stays under the sub-path and answers 200', async (page) => {
      const response = await get(site + page);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      const links = localLinks(await response.text(), site + page);
      expect(links.length).toBeGreaterThan(3);
      for (const link of links) {
        expect(new URL(link).pathname, `${page}: ${link}`).toMatch(new RegExp(`^${SUB}`));
        const answer = await get(link);
        // Read to the end, so the connection goes back to the pool: an unread body holds its connection until
        // garbage collection, and the home page's hundreds of links would open that many at once.
        await answer.arrayBuffer();
        expect(answer.status, `${page}: ${link}`).toBe(200);
      }
    });

    it('a model page links back to the home page and its documents inside the sub-path', async () => {
      const home = await (await get(site)).text();
      const model = localLinks(home, site).find((link) => /\/models\/[^/]+\/$/.test(link))!;
      expect(model).toBeDefined();
      const page = await get(model);
      expect(page.status).toBe(200);
      const links = localLinks(await page.text(), model);
      expect(links).toContain(site);
      expect(links).toContain(`${site}api/tools.json`);
    });

    it('the API documents are served as JSON under the sub-path', async () => {
      for (const doc of ['tools', 'benchmarks', 'providers', 'categories', 'platforms', 'use-cases', 'freshness']) {
        const response = await get(`${site}api/${doc}.json`);
        expect(response.status, doc).toBe(200);
        expect(response.headers.get('content-type'), doc).toMatch(/application\/json/);
        expect(typeof (await response.json())).toBe('object');
      }
    });

    it('absolute URLs name the hosted site: the Atom feed links and the OpenAPI server', async () => {
      const feed = await (await get(`${site}api/changes.xml`)).text();
      const hrefs = [...feed.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!);
      expect(hrefs.length).toBeGreaterThan(0);
      for (const href of hrefs) expect(href.startsWith(site), href).toBe(true);
      const openapi = (await (await get(`${site}api/openapi.json`)).json()) as { servers: { url: string }[] };
      expect(openapi.servers[0]!.url).toBe(site.replace(/\/$/, ''));
    });
  },
);
