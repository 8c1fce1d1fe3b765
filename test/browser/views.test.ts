/**
 * Issue 18: the page a person chooses over the leaderboards, checked in Debian's Chromium against
 * the Node server: every page type at 1440x900 and 375x812, light and dark, without serious or
 * critical axe violations and without sideways scrolling on the phone; the score beside the name
 * in the first desktop viewport; the chart following the table's filters; a compare URL restoring
 * its models; the calculator's minimum-score and fit filters; the front page's size on the wire.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { STYLESHEET } from '../../src/web/styles.ts';
import { httpRequest } from '../support/http.ts';
import { startTarget, type Target } from '../support/targets.ts';
import { openWatched, axeViolations, chromiumMissing, launchChromium } from './chromium.ts';

interface ToolLite {
  id: string;
  name: string;
  status: string;
  contextTokens: number;
  maxOutputTokens: number | null;
}

const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900, phone: false },
  { name: 'phone', width: 375, height: 812, phone: true },
] as const;
const SCHEMES = ['light', 'dark'] as const;
/** axe's rules that read colours: what the dark scheme can change. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

describe.skipIf(chromiumMissing() !== null)('the pages people use to choose a model', () => {
  let browser: Browser;
  let target: Target;
  let tools: ToolLite[];
  let scores: Map<string, number>;
  let pages: string[];
  const problems: string[] = [];

  const json = async <T>(p: string) => JSON.parse((await httpRequest(`${target.baseUrl}${p}`)).body.toString()) as T;

  async function open(ctx: BrowserContext, urlPath: string): Promise<Page> {
    const page = await openWatched(ctx, target.baseUrl, urlPath, problems);
    if (urlPath.startsWith('/calculator/'))
      await page.waitForFunction(() => !document.querySelector('#calc-status')?.textContent?.startsWith('Loading'));
    return page;
  }

  beforeAll(async () => {
    browser = await launchChromium();
    target = await startTarget('node', inject('distPath'));
    tools = (await json<{ tools: ToolLite[] }>('/api/tools.json')).tools;
    const benchmarks = await json<{ benchmarks: { models: { modelId: string; overallScore: number }[] } }>(
      '/api/benchmarks.json',
    );
    scores = new Map(benchmarks.benchmarks.models.map((m) => [m.modelId, m.overallScore]));
    const useCase = (await json<{ useCases: { id: string }[] }>('/api/use-cases.json')).useCases[0]!.id;
    const scored = tools.find((t) => scores.has(t.id))!.id;
    const ids = tools.slice(0, 2).map((t) => t.id);
    pages = [
      '/',
      `/models/${scored}/`,
      `/compare/?ids=${ids.join(',')}`,
      '/calculator/',
      '/use-cases/',
      `/use-cases/${useCase}/`,
      '/platforms/',
      '/platforms/cursor/',
      '/changes/',
      '/method/',
      '/about/',
    ];
  });
  afterAll(async () => {
    await browser?.close();
    await target?.stop();
  });

  // The dark scheme changes colours only (one media query that sets the colour custom properties: checked below), so
  // of axe's rules only those that read colours can judge it differently; the light scheme runs every rule. Each full
  // pass over the eleven pages took over a minute of a 2-core runner.
  const rulesFor = (scheme: (typeof SCHEMES)[number]) => (scheme === 'dark' ? COLOUR_RULES : undefined);
  it('the dark scheme sets colours and nothing else', () => {
    const dark = [...STYLESHEET.matchAll(/@media \(prefers-color-scheme:dark\)\{(.*?\})\}/g)].map((m) => m[1]!);
    expect(dark).toHaveLength(1);
    expect(dark[0]).toMatch(/^:root\{(--[\w-]+:[^;{}]+;?)+\}$/);
    expect(STYLESHEET.match(/prefers-color-scheme/g)).toHaveLength(1);
  });

  for (const viewport of VIEWPORTS)
    for (const scheme of SCHEMES)
      it(`has no serious ${scheme === 'dark' ? 'colour' : 'axe'} violation and ${viewport.phone ? 'no sideways scroll' : 'fits'} on any page at ${viewport.width}x${viewport.height}, ${scheme}`, async () => {
        const ctx = await browser.newContext({
          viewport: { width: viewport.width, height: viewport.height },
          colorScheme: scheme,
          isMobile: viewport.phone,
          hasTouch: viewport.phone,
        });
        const found: string[] = [];
        for (const urlPath of pages) {
          const page = await open(ctx, urlPath);
          for (const violation of await axeViolations(page, rulesFor(scheme))) found.push(`${urlPath}: ${violation}`);
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          if (overflow > 0) found.push(`${urlPath}: scrolls sideways by ${overflow} px`);
          await page.close();
        }
        await ctx.close();
        expect(found).toEqual([]);
      }, 240_000);

  it('shows the score beside the name inside the first desktop viewport, and name, score, price and context on a phone', async () => {
    const desktop = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await open(desktop, '/');
    const header = await page.locator('#models thead th[data-key="score"]').boundingBox();
    expect(header).not.toBeNull();
    expect(header!.x + header!.width).toBeLessThanOrEqual(1440);
    const table = await page.evaluate(() => {
      const scroller = document.querySelector('#models')!.parentElement!;
      return scroller.scrollWidth - scroller.clientWidth;
    });
    expect(table, 'the default columns fit without sideways scrolling').toBeLessThanOrEqual(0);
    await desktop.close();

    const phone = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
    const small = await open(phone, '/');
    const visible = await small.$$eval('#models thead th', (ths) =>
      ths.filter((th) => (th as HTMLElement).offsetWidth > 0).map((th) => (th as HTMLElement).dataset.key),
    );
    expect(visible).toEqual(['name', 'score', 'blended', 'context']);
    const row = await small.locator('#models tbody tr:not([hidden])').first().boundingBox();
    expect(row!.x + row!.width).toBeLessThanOrEqual(375);
    await phone.close();
  });

  it('names every changed field on /changes/ in words, and wraps a field it has no words for only between its parts', async () => {
    const phone = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
    const page = await open(phone, '/changes/');
    const report = await page.$$eval('table', (tables) => {
      const split: string[] = [];
      let named = 0;
      let paths = 0;
      for (const table of tables) {
        const headers = [...table.querySelectorAll('thead th')].map((th) => th.textContent);
        const column = headers.indexOf('What');
        if (column < 0) continue;
        for (const row of table.querySelectorAll('tbody tr')) {
          const cell = row.children[column];
          if (!cell?.textContent) continue;
          named += 1;
          const code = cell.querySelector('code.field-path');
          if (!code) continue;
          paths += 1;
          // A fallback path keeps one part per text node (the page puts a break opportunity between parts).
          for (const node of code.childNodes) {
            if (node.nodeType !== Node.TEXT_NODE) continue;
            const range = document.createRange();
            range.selectNodeContents(node);
            if (range.getClientRects().length > 1) split.push(`${code.textContent}: "${node.textContent}"`);
          }
        }
      }
      return { named, paths, split };
    });
    expect(report.named, 'the latest releases change named fields').toBeGreaterThan(0);
    expect(report.paths, 'every field the releases name has words (src/schema/change-words.ts)').toBe(0);
    expect(report.split).toEqual([]);
    await phone.close();
  });

  it('hides deprecated and retired models by default, in the table and the chart, and follows every filter in the chart', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await open(ctx, '/');
    const inactive = new Set(tools.filter((t) => t.status === 'deprecated' || t.status === 'retired').map((t) => t.id));
    expect(inactive.size).toBeGreaterThan(0);
    const shownRows = () =>
      page.$$eval('#models tbody tr:not([hidden])', (rows) => rows.map((r) => (r as HTMLElement).dataset.id!));
    const shownPoints = () =>
      page.$$eval('#chart a.pt', (pts) =>
        pts
          .filter((p) => (p as SVGGraphicsElement).getBBox().width > 0 && !p.hasAttribute('hidden'))
          .map((p) => (p as SVGElement).dataset.id!),
      );
    expect((await shownRows()).some((id) => inactive.has(id))).toBe(false);
    expect((await shownPoints()).some((id) => inactive.has(id))).toBe(false);

    await page.selectOption('#f-provider', 'anthropic');
    const rows = await shownRows();
    const points = await shownPoints();
    expect(points.length).toBeGreaterThan(0);
    expect(points.length).toBeLessThan(scores.size);
    expect(new Set(points)).toEqual(new Set(rows.filter((id) => scores.has(id))));
    // Labels go with their points.
    const labels = await page.$$eval('#chart a.pt:not([hidden]) text.pl', (ts) => ts.length);
    expect(labels).toBeGreaterThan(0);

    await page.fill('#f-q', 'no model is called this');
    expect(await page.isVisible('#empty')).toBe(true);
    expect(await page.textContent('#count')).toContain('No model matches');
    expect(await shownPoints()).toEqual([]);
    await ctx.close();
  });

  it('restores a compare URL: its models, in its order', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const ids = [...scores.keys()].slice(0, 3).reverse();
    const page = await open(ctx, `/compare/?ids=${ids.join(',')}`);
    const shown = await page.$$eval('#compare thead th[data-id]', (ths) =>
      ths.filter((th) => !th.hasAttribute('hidden')).map((th) => (th as HTMLElement).dataset.id),
    );
    expect(shown).toEqual(ids);
    const firstScore = await page.locator(`#compare tbody tr:first-child td[data-id="${ids[0]}"] .sc`).textContent();
    expect(Number(firstScore)).toBe(scores.get(ids[0]!));
    await ctx.close();
  });

  it('keeps only models scoring at least the minimum that fit the request, cheapest first', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await open(ctx, '/calculator/?in=300000&out=2000&min=60&fit=1');
    const shown = await page.$$eval('#calc-results tbody tr', (rows) =>
      rows.map((r) => (r as HTMLElement).dataset.tool!),
    );
    const expected = tools.filter(
      (t) =>
        t.status !== 'deprecated' &&
        t.status !== 'retired' &&
        (scores.get(t.id) ?? -1) >= 60 &&
        300_000 + 2_000 <= t.contextTokens &&
        (t.maxOutputTokens === null || 2_000 <= t.maxOutputTokens),
    );
    expect(new Set(shown)).toEqual(new Set(expected.map((t) => t.id)));
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThan(tools.length);
    const costs = await page.$$eval('#calc-results tbody td[data-usd]', (cells) =>
      cells
        .map((c) => (c as HTMLElement).dataset.usd)
        .filter((v) => v !== '')
        .map(Number),
    );
    expect(costs).toEqual([...costs].sort((a, b) => a - b));
    await page.selectOption('#c-sort', 'score');
    const byScore = await page.$$eval('#calc-results tbody td[data-score]', (cells) =>
      cells.map((c) => Number((c as HTMLElement).dataset.score)),
    );
    expect(byScore).toEqual([...byScore].sort((a, b) => b - a));
    expect(page.url()).toContain('sort=score');
    await ctx.close();
  });

  it('sends the front page in at most 60 KB compressed: its HTML (stylesheet inlined) and script', async () => {
    const dist = inject('distPath');
    const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
    expect(html).toMatch(/<style>[^<]+<\/style>/);
    const assets = [...html.matchAll(/(?:href|src)="\.\/(assets\/[^"]+\.(?:css|js))"/g)].map((m) => m[1]!);
    expect(assets).toEqual([expect.stringMatching(/^assets\/app\.[0-9a-f]+\.js$/)]);
    const size = (file: string) => {
      const sizes = ['.br', '.gz'].map((ext) => {
        try {
          return statSync(path.join(dist, `${file}${ext}`)).size;
        } catch {
          return Infinity;
        }
      });
      return Math.min(...sizes);
    };
    const total = [size('index.html'), ...assets.map(size)].reduce((a, b) => a + b, 0);
    expect(total).toBeLessThanOrEqual(60 * 1024);
  });

  it('logged no console error or uncaught exception', () => {
    expect(problems).toEqual([]);
  });
});
