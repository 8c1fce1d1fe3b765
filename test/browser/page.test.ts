/**
 * Issue 10: the web page, driven in Debian's Chromium (playwright-core, no bundled browser)
 * against the real Node server and against nginx serving the same built artifact.
 *
 * Chromium missing: under CI (process.env.CI) the suite fails; locally it is skipped with the
 * reason. CHROMIUM_PATH overrides /usr/bin/chromium. Screenshots (desktop 1280 px, phone 375 px)
 * go to test-output/screenshots/; UPDATE_DOCS_SCREENSHOT=1 also refreshes docs/page.png.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, HTML_CONTENT_TYPE } from '../../src/artifact/http-policy.ts';
import { ROOT } from '../../src/fs/paths.ts';
import { httpRequest } from '../support/http.ts';
import { describeServed } from '../support/browser-suite.ts';

const SCREENSHOTS = path.join(ROOT, 'test-output', 'screenshots');

interface ToolLite {
  id: string;
  providerId: string;
  status: string;
}
interface Vector {
  id: string;
  toolId: string;
  usage: { input: number; output: number; cacheRead: number; cacheWrite: number; cacheWrite1h: number; batch: boolean };
  /** Requests of that usage the expected amount is for. */
  requests: number;
  at: string;
  platform: { id: string } | null;
  expectedKind: string;
  expectedUsd: number | null;
}

describeServed(
  'the web page in Chromium',
  { viewport: { width: 1280, height: 900 }, setup: () => mkdir(SCREENSHOTS, { recursive: true }) },
  (served) => {
    const targetName = served.name;
    let tools: ToolLite[];
    let totalTools: number;
    let scoredIds: Set<string>;
    const problems: string[] = [];

    /** A page that records console errors, uncaught exceptions and failed requests. */
    async function open(urlPath: string, ctx: BrowserContext = served.context): Promise<Page> {
      const page = await ctx.newPage();
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(`${urlPath}: console error: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`${urlPath}: uncaught: ${error.message}`));
      page.on('requestfailed', (request) =>
        problems.push(`${urlPath}: request failed: ${request.url()} ${request.failure()?.errorText ?? ''}`),
      );
      const response = await page.goto(`${served.target.baseUrl}${urlPath}`, { waitUntil: 'load' });
      expect(response?.status(), urlPath).toBe(200);
      return page;
    }

    const visibleValues = (page: Page, column: number) =>
      page.$$eval(
        '#models tbody tr:not([hidden])',
        (rows, index) => rows.map((row) => (row as HTMLTableRowElement).cells[index]!.dataset.v ?? ''),
        column,
      );

    function expectOrdered(values: string[], direction: 'ascending' | 'descending') {
      const present = values.filter((v) => v !== '').map(Number);
      const firstEmpty = values.indexOf('');
      if (firstEmpty !== -1)
        expect(
          values.slice(firstEmpty).every((v) => v === ''),
          'empty values sort last',
        ).toBe(true);
      const sorted = [...present].sort((a, b) => (direction === 'ascending' ? a - b : b - a));
      expect(present).toEqual(sorted);
    }

    beforeAll(async () => {
      const toolsDocument = await served.json<{ tools: ToolLite[]; totalTools: number }>('/api/tools.json');
      tools = toolsDocument.tools;
      totalTools = toolsDocument.totalTools;
      const benchmarks = await served.json<{ benchmarks: { models: { modelId: string }[] } }>('/api/benchmarks.json');
      const ids = new Set(tools.map((t) => t.id));
      scoredIds = new Set(benchmarks.benchmarks.models.map((m) => m.modelId).filter((id) => ids.has(id)));
    });

    it('serves the page as HTML with the CSP, ETags, 304 and precompressed bodies; a page URL without its slash redirects', async () => {
      for (const urlPath of ['/', `/models/${tools[0]!.id}/`, '/calculator/']) {
        const first = await httpRequest(`${served.target.baseUrl}${urlPath}`, { headers: { 'Accept-Encoding': 'br' } });
        expect(first.status, urlPath).toBe(200);
        expect(first.headers['content-type']).toBe(HTML_CONTENT_TYPE);
        expect(first.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
        expect(first.headers['content-encoding']).toBe('br');
        expect(first.headers['x-content-type-options']).toBe('nosniff');
        const etag = String(first.headers.etag);
        const again = await httpRequest(`${served.target.baseUrl}${urlPath}`, {
          headers: { 'Accept-Encoding': 'br', 'If-None-Match': etag },
        });
        expect(again.status).toBe(304);
        expect(again.body.length).toBe(0);
      }
      const redirect = await httpRequest(`${served.target.baseUrl}/models/${tools[0]!.id}`);
      expect(redirect.status).toBe(301);
      expect(redirect.headers.location).toBe(`/models/${tools[0]!.id}/`);
      expect((await httpRequest(`${served.target.baseUrl}/models/no-such-model/`)).status).toBe(404);
    });

    it('lists every model, sorts by price and by score, and filters', async () => {
      const page = await open('/');
      expect(await page.locator('#models tbody tr').count()).toBe(totalTools);
      const headerIndex = async (key: string) =>
        page.$$eval('#models thead th', (ths, k) => ths.findIndex((th) => (th as HTMLElement).dataset.key === k), key);

      // Sort by input price, with the keyboard: focus the header button and press Enter.
      const input = await headerIndex('input');
      await page.locator('#models thead th[data-key="input"] button').focus();
      await page.keyboard.press('Enter');
      expect(await page.getAttribute('#models thead th[data-key="input"]', 'aria-sort')).toBe('ascending');
      expectOrdered(await visibleValues(page, input), 'ascending');
      await page.locator('#models thead th[data-key="input"] button').click();
      expect(await page.getAttribute('#models thead th[data-key="input"]', 'aria-sort')).toBe('descending');
      expectOrdered(await visibleValues(page, input), 'descending');

      // Sort by score: the first click on another column sorts it best first.
      const score = await headerIndex('score');
      await page.locator('#models thead th[data-key="score"] button').click();
      expect(await page.getAttribute('#models thead th[data-key="score"]', 'aria-sort')).toBe('descending');
      const scores = await visibleValues(page, score);
      expectOrdered(scores, 'descending');
      // Deprecated and retired models are hidden by default, scored or not.
      const current = tools.filter((t) => t.status !== 'deprecated' && t.status !== 'retired');
      expect(scores.filter((v) => v !== '').length).toBe(current.filter((t) => scoredIds.has(t.id)).length);

      // A filter narrows the rows to exactly the matching tools, and the URL keeps it.
      const anthropic = current.filter((t) => t.providerId === 'anthropic').length;
      await page.selectOption('#f-provider', 'anthropic');
      expect(await page.locator('#models tbody tr:not([hidden])').count()).toBe(anthropic);
      expect(anthropic).toBeLessThan(totalTools);
      expect(await page.textContent('#count')).toContain(`${anthropic} of ${totalTools}`);
      expect(page.url()).toContain('provider=anthropic');
      await page.fill('#f-q', 'opus');
      const opus = await page.locator('#models tbody tr:not([hidden])').count();
      expect(opus).toBeGreaterThan(0);
      expect(opus).toBeLessThan(anthropic);
      await page.click('button[type=reset]');
      await page.waitForFunction(
        (n) => document.querySelectorAll('#models tbody tr:not([hidden])').length === n,
        current.length,
      );
      // A limit on cost per solved task and on output speed keeps only the models whose published figure is within
      // it; a model without the figure is left out.
      await page.fill('#f-maxtask', '5');
      await page.fill('#f-minspeed', '50');
      const limited = await page.$$eval('#models tbody tr:not([hidden])', (rows) =>
        rows.map((r) => [(r as HTMLElement).dataset.task ?? '', (r as HTMLElement).dataset.speed ?? '']),
      );
      expect(limited.length).toBeGreaterThan(0);
      expect(limited.length).toBeLessThan(current.length);
      for (const [task, speed] of limited) {
        expect(task === '' ? Number.NaN : Number(task)).toBeLessThanOrEqual(5);
        expect(speed === '' ? Number.NaN : Number(speed)).toBeGreaterThanOrEqual(50);
      }
      expect(page.url()).toContain('maxtask=5');
      await page.click('button[type=reset]');
      await page.waitForFunction(
        (n) => document.querySelectorAll('#models tbody tr:not([hidden])').length === n,
        current.length,
      );
      // One switch shows the deprecated and retired models too.
      await page.check('#f-all');
      expect(await page.locator('#models tbody tr:not([hidden])').count()).toBe(totalTools);
      expect(page.url()).toContain('all=1');
      await page.close();
    });

    it('draws one chart point per scored model, each keyboard-reachable, with the unscored listed beside it', async () => {
      const page = await open('/');
      expect(await page.locator('#chart a.pt').count()).toBe(scoredIds.size);
      const points = page.locator('#chart a.pt:not([hidden])');
      expect((await page.locator('#chart a.pt.pm').count()) + (await page.locator('#chart a.pt.pe').count())).toBe(
        scoredIds.size,
      );
      expect(await page.locator('#chart .frontier').count()).toBe(1);
      expect(await page.locator('.unscored li').count()).toBe(totalTools - scoredIds.size);
      // One tab stop; arrow keys move between points and the tooltip names the focused one.
      await points.first().focus();
      await page.keyboard.press('ArrowRight');
      const focused = await page.evaluate(() => (document.activeElement as Element | null)?.getAttribute('data-id'));
      expect(focused).toBe(await points.nth(1).getAttribute('data-id'));
      expect(await page.isVisible('#chart-tip')).toBe(true);
      expect(await page.textContent('#chart-tip')).toContain(':');
      // Activating a point opens its model.
      await page.keyboard.press('Enter');
      await page.waitForURL(`**/models/${focused}/`);
      await page.close();
    });

    it('opens a model from the table and shows its facts with their sources', async () => {
      const page = await open('/');
      const link = page.locator('#models tbody tr th a').first();
      const href = (await link.getAttribute('href'))!;
      const id = /models\/([^/]+)\//.exec(href)![1]!;
      await link.click();
      await page.waitForURL(`**/models/${id}/`);
      // The page names each source as the model's own document does (tools.json gives only kind and dates).
      const model = JSON.parse(
        (await httpRequest(`${served.target.baseUrl}/api/models/${id}.json`)).body.toString('utf8'),
      ) as { tool: { sources: { pricing: { url: string } } } };
      expect(await page.locator(`a[href="${model.tool.sources.pricing.url}"]`).count()).toBeGreaterThan(0);
      for (const heading of ['Facts and sources', 'Prices', 'Benchmarks', 'Lifecycle', 'Platforms', 'Price history'])
        expect(await page.locator('h2', { hasText: heading }).count(), heading).toBe(1);
      expect(await page.locator('a[href$="api/tools.json"]').count()).toBeGreaterThan(0);
      await page.close();
    });

    // Once, on the Node server: either server sends the same files of one artifact (the page's script and the cost
    // vectors among them), and what this checks is the page's arithmetic over some 1,600 vectors, which took 20 to
    // 30 s of a 2-core runner for each server.
    if (served.name === 'node')
      it('computes the published cost vectors in the calculator', async () => {
        const response = await httpRequest(`${served.target.baseUrl}/api/cost-vectors.json`);
        if (response.status === 404) {
          console.warn(
            'no /api/cost-vectors.json in this artifact: the calculator is checked only against its own rendering',
          );
          return;
        }
        const vectors = (JSON.parse(response.body.toString('utf8')) as { vectors: Vector[] }).vectors;
        const usable = vectors;
        expect(usable.length).toBeGreaterThan(50);
        const page = await open('/calculator/');
        await page.waitForFunction(() => !document.querySelector('#calc-status')?.textContent?.startsWith('Loading'));

        // One through the visible controls...
        const first = usable.find(
          (v) => v.platform === null && v.expectedUsd !== null && !v.usage.batch && v.usage.cacheWrite1h === 0,
        )!;
        await page.fill('#c-in', String(first.usage.input));
        await page.fill('#c-out', String(first.usage.output));
        await page.fill('#c-cr', String(first.usage.cacheRead));
        // Cache writes, the instant and the inactive models are in the form's collapsed "More options".
        await page.click('#c-more > summary');
        await page.fill('#c-cw', String(first.usage.cacheWrite));
        await page.fill('#c-n', '1');
        await page.fill('#c-at', first.at);
        await page.check('#c-dep');
        expect(
          Number(await page.getAttribute(`#calc-results tr[data-tool="${first.toolId}"] td[data-usd]`, 'data-usd')),
        ).toBe(first.expectedUsd);

        // ...and every other one by setting the form and reading the row, in the page. Vectors that share a
        // workload (about ten tools each) are read from one rendering: one per vector grew past the test's time.
        const mismatches = await page.evaluate((list: Vector[]) => {
          const form = document.querySelector<HTMLFormElement>('#calc')!;
          const set = (name: string, value: string) => {
            (form.elements.namedItem(name) as HTMLInputElement).value = value;
          };
          const workload = (v: Vector) => JSON.stringify([v.usage, v.requests, v.at, v.platform?.id ?? '']);
          const check = (v: Vector): string[] => {
            const cell = document.querySelector<HTMLElement>(`#calc-results tr[data-tool="${v.toolId}"] td[data-usd]`);
            if (!cell) return [`${v.id}: no row`];
            const shown = cell.dataset.usd === '' ? null : Number(cell.dataset.usd);
            const expected = v.expectedKind === 'usd' ? v.expectedUsd : null;
            return shown === expected ? [] : [`${v.id}: page ${shown}, published ${expected}`];
          };
          const out: string[] = [];
          let shownWorkload = '';
          for (const v of [...list].sort((a, b) => workload(a).localeCompare(workload(b)))) {
            if (workload(v) !== shownWorkload) {
              shownWorkload = workload(v);
              set('in', String(v.usage.input));
              set('out', String(v.usage.output));
              set('cr', String(v.usage.cacheRead));
              set('cw', String(v.usage.cacheWrite));
              set('cw1h', String(v.usage.cacheWrite1h));
              (form.elements.namedItem('batch') as HTMLInputElement).checked = v.usage.batch;
              set('n', String(v.requests));
              set('at', v.at);
              set('platform', v.platform?.id ?? '');
              (form.elements.namedItem('all') as HTMLInputElement).checked = true;
              form.dispatchEvent(new Event('change'));
            }
            out.push(...check(v));
          }
          return out;
        }, usable);
        expect(mismatches).toEqual([]);
        await page.close();
      });

    it('prices a month of coding tasks of one kind from the published cost per solved task', async () => {
      type Models = {
        modelId: string;
        taskCost: { configurations: { taskKind: string; costPerSolvedTaskUsd: { value: number } | null }[] };
      }[];
      const published = (
        JSON.parse((await httpRequest(`${served.target.baseUrl}/api/benchmarks.json`)).body.toString('utf8')) as {
          benchmarks: { models: Models };
        }
      ).benchmarks.models;
      const page = await open('/calculator/');
      await page.waitForFunction(
        () => !document.querySelector('#task-status')?.textContent?.includes('Without JavaScript'),
      );
      await page.selectOption('#t-kind', 'terminal');
      await page.check('#t-measured');
      await page.fill('#t-n', '10');
      const rows = await page.$$eval('#task-results tbody tr', (trs) =>
        trs.map(
          (tr) => [tr.dataset.tool!, Number(tr.querySelector<HTMLElement>('td[data-usd]')!.dataset.usd)] as const,
        ),
      );
      expect(rows.length).toBeGreaterThan(5);
      for (const [id, usd] of rows) {
        // Ten solved tasks cost ten times one of the model's measured terminal configurations' cost per solved task.
        const costs = published
          .find((m) => m.modelId === id)!
          .taskCost.configurations.filter((c) => c.taskKind === 'terminal' && c.costPerSolvedTaskUsd)
          .map((c) => 10 * c.costPerSolvedTaskUsd!.value);
        expect(
          costs.some((c) => Math.abs(c - usd) < 1e-9),
          id,
        ).toBe(true);
      }
      const months = rows.map(([, usd]) => usd);
      expect(months).toEqual([...months].sort((a, b) => a - b));
      expect(await page.textContent('#task-status')).toContain('10 solved terminal tasks a month');
      // Through a platform that bills per request or within a plan, those models have no dollar figure and are
      // counted, not priced; the ones it bills per token keep their published cost.
      await page.selectOption('#t-platform', 'claude-code');
      await page.uncheck('#t-measured');
      expect(await page.textContent('#task-status')).toContain('on Claude Code');
      expect(await page.textContent('#task-status')).toMatch(
        /\d+ models it offers are billed per request, in credits or within a plan/,
      );
      await page.close();
    });

    it('reads correctly without JavaScript: every row and link is in the HTML', async () => {
      const noScript = await served.browser.newContext({
        javaScriptEnabled: false,
        viewport: { width: 1280, height: 900 },
      });
      const page = await open('/', noScript);
      expect(await page.locator('#models tbody tr').count()).toBe(totalTools);
      expect(await page.locator('#models tbody tr:not([hidden])').count()).toBe(totalTools);
      expect(await page.isVisible('#filters')).toBe(false); // controls that need the script are not offered
      expect(await page.locator('#models thead th[scope=col]').count()).toBeGreaterThan(10);
      expect(await page.locator('#models tbody th[scope=row] a').count()).toBe(totalTools);
      expect(await page.locator('#chart a.pt').count()).toBe(scoredIds.size);
      const calculator = await open('/calculator/', noScript);
      expect(await calculator.locator('#calc-results tbody tr').count()).toBeGreaterThan(10);
      await noScript.close();
    });

    it('works on a 375 px phone and saves screenshots', async () => {
      const phone = await served.browser.newContext({
        viewport: { width: 375, height: 812 },
        deviceScaleFactor: 1,
        isMobile: true,
        hasTouch: true,
      });
      const page = await open('/', phone);
      // Nothing but the table's own scroller is wider than the screen.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: path.join(SCREENSHOTS, `${targetName}-phone-375.png`) });
      await page.goto(`${served.target.baseUrl}/calculator/`);
      await page.waitForFunction(() => !document.querySelector('#calc-status')?.textContent?.startsWith('Loading'));
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      ).toBeLessThanOrEqual(0);
      await page.screenshot({ path: path.join(SCREENSHOTS, `${targetName}-phone-375-calculator.png`) });
      await phone.close();

      const desktop = await open('/');
      await desktop.screenshot({ path: path.join(SCREENSHOTS, `${targetName}-desktop-1280.png`) });
      await desktop.locator('#chart-h').scrollIntoViewIfNeeded();
      await desktop.locator('#chart a.pt').last().hover();
      await desktop.screenshot({ path: path.join(SCREENSHOTS, `${targetName}-desktop-1280-chart.png`) });
      const model = tools.find((t) => scoredIds.has(t.id))!.id;
      await desktop.goto(`${served.target.baseUrl}/models/${model}/`);
      await desktop.screenshot({
        path: path.join(SCREENSHOTS, `${targetName}-desktop-1280-model.png`),
        fullPage: true,
      });
      if (process.env.UPDATE_DOCS_SCREENSHOT && targetName === 'node') {
        const shot = await served.browser.newContext({ viewport: { width: 1100, height: 820 } });
        const docs = await open('/#chart-h', shot);
        await docs.screenshot({ path: path.join(ROOT, 'docs', 'page.png') });
        await shot.close();
      }
      await desktop.close();
    });

    it('logged no console error, uncaught exception or failed request on any page', () => {
      expect(problems).toEqual([]);
    });
  },
);
