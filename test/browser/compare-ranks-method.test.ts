/**
 * Issue 18, the parts a reader relies on to trust a choice, in Debian's Chromium against the Node
 * server: every rank on the front page and the use-case pages carries the rank range the API
 * publishes and no "top N" claim outruns it; /method/ explains the method topic by topic with a
 * worked example that matches the API; the compare page removes a model, prices the workload its
 * address names (checked against the naive second cost implementation) and restores both; rows
 * chosen on a 375 px phone open the comparison.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { httpRequest } from '../support/http.ts';
import { type NaiveModel, naiveCost } from '../support/naive-cost.ts';
import { startTarget, type Target } from '../support/targets.ts';
import { openWatched, axeViolations, chromiumMissing, launchChromium } from './chromium.ts';

interface ToolLite extends NaiveModel {
  id: string;
  name: string;
  status: string;
  contextTokens: number;
  maxOutputTokens: number | null;
}

interface ModelLite {
  modelId: string;
  overallScore: number;
  rank: number;
  rankRange: { best: number; worst: number };
  strengths: string[];
}

describe.skipIf(chromiumMissing() !== null)('ranks, the method and the comparison', () => {
  let browser: Browser;
  let target: Target;
  let tools: ToolLite[];
  let models: Map<string, ModelLite>;
  let lastUpdated: string;
  const problems: string[] = [];

  const get = async (p: string) => (await httpRequest(`${target.baseUrl}${p}`)).body.toString();
  const json = async <T>(p: string) => JSON.parse(await get(p)) as T;

  const open = (ctx: BrowserContext, urlPath: string): Promise<Page> =>
    openWatched(ctx, target.baseUrl, urlPath, problems);

  const shownColumns = (page: Page) =>
    page.$$eval('#compare thead th[data-id]', (ths) =>
      ths.filter((th) => !th.hasAttribute('hidden')).map((th) => (th as HTMLElement).dataset.id),
    );

  beforeAll(async () => {
    browser = await launchChromium();
    target = await startTarget('node', inject('distPath'));
    const doc = await json<{ lastUpdated: string; tools: ToolLite[] }>('/api/tools.json');
    tools = doc.tools;
    lastUpdated = doc.lastUpdated;
    const benchmarks = await json<{ benchmarks: { models: ModelLite[] } }>('/api/benchmarks.json');
    models = new Map(benchmarks.benchmarks.models.map((m) => [m.modelId, m]));
  });
  afterAll(async () => {
    await browser?.close();
    await target?.stop();
  });

  const rankText = (m: ModelLite) =>
    `rank ${m.rank}${m.rankRange.best === m.rankRange.worst ? '' : ` (${m.rankRange.best}–${m.rankRange.worst})`}`;

  it('shows every rank in the front table and the use-case picks with the rank range the API publishes', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await open(ctx, '/?all=1');
    const ranks = await page.$$eval('#models tbody tr', (rows) =>
      rows.map((r) => [(r as HTMLElement).dataset.id!, r.querySelector('.c-score .rk')?.textContent ?? null]),
    );
    expect(ranks.length).toBe(tools.length);
    for (const [id, text] of ranks) {
      const m = models.get(id!);
      expect(text, id!).toBe(m ? rankText(m) : null);
    }
    const useCases = (await json<{ useCases: { id: string; topPicks: string[] }[] }>('/api/use-cases.json')).useCases;
    const useCase = useCases.find((u) => u.topPicks.some((id) => models.has(id)))!;
    await page.goto(`${target.baseUrl}/use-cases/${useCase.id}/`);
    const picks = await page.$$eval('#picks-h ~ .scroll tbody tr', (rows) =>
      rows.map((r) => [r.querySelector('th a')!.getAttribute('href')!, r.querySelector('.rk')?.textContent ?? null]),
    );
    expect(picks.length).toBe(useCase.topPicks.length);
    picks.forEach(([, text], i) => {
      const m = models.get(useCase.topPicks[i]!);
      expect(text).toBe(m ? rankText(m) : null);
    });
    await ctx.close();
  });

  it('never claims "top N" on a model page unless the whole rank range is inside the top N', async () => {
    let checked = 0;
    for (const m of models.values()) {
      const claims = m.strengths.map((s) => /^Top-(\d+) overall/.exec(s)).filter((x) => x !== null);
      if (!claims.length) continue;
      const html = await get(`/models/${m.modelId}/`);
      for (const [, n] of claims) {
        checked += 1;
        expect(html.includes(`Top-${n} overall`), m.modelId).toBe(m.rankRange.worst <= Number(n));
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('explains the method on /method/, its own navigation item, in short sections with a worked example that matches the API', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const about = await open(ctx, '/about/');
    await about.click('nav[aria-label=Site] a:text-is("Method")');
    await about.waitForURL(/\/method\/$/);
    expect(await about.getAttribute('nav[aria-label=Site] a[aria-current=page]', 'href')).toBe('../method/');
    await about.close();
    const page = await open(ctx, '/method/');
    const headings = await page.$$eval('.method h3', (hs) => hs.map((h) => h.textContent!.trim()));
    for (const topic of [
      'Where the results come from',
      'Which series count, and why',
      'How an overall score is computed',
      'Estimates and intervals',
      'Rank ranges',
      'Picks and categories',
      'Prices and costs',
    ])
      expect(headings).toContain(topic);
    const paragraphs = await page.$$eval('.method > .topic p', (ps) =>
      ps.map((p) => p.textContent!.split(/\s+/).length),
    );
    expect(Math.max(...paragraphs)).toBeLessThanOrEqual(90);

    const example = await page.locator('.example').textContent();
    const name = /Worked example: (.+)/.exec(headings.find((h) => h.startsWith('Worked example'))!)![1]!;
    const tool = tools.find((t) => t.name === name)!;
    const m = models.get(tool.id)!;
    expect(example).toContain(`Weighted mean: ${m.overallScore.toFixed(1)}`);
    expect(example).toContain(`rank range is ${m.rankRange.best}–${m.rankRange.worst}`);
    await ctx.close();
  });

  it('removes a model from a comparison and prices the workload its address names, restored on reload', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const usage = { input: 50_000, output: 3_000 };
    const requests = 300;
    const ids = tools
      .filter((t) => models.has(t.id) && usage.input + usage.output <= t.contextTokens)
      .slice(0, 3)
      .map((t) => t.id);
    const page = await open(ctx, `/compare/?ids=${ids.join(',')}&in=${usage.input}&out=${usage.output}&n=${requests}`);
    expect(await shownColumns(page)).toEqual(ids);
    expect(await page.inputValue('#cmp-in')).toBe(String(usage.input));
    expect(await page.textContent('#cmp-work')).toBe(`A month of 300 requests (50,000 in, 3,000 out per request)`);
    const costOf = async (id: string) =>
      Number(await page.locator(`#compare td[data-id="${id}"] .cost`).getAttribute('data-usd'));
    for (const id of ids) {
      const answer = naiveCost(tools.find((t) => t.id === id)!, usage, lastUpdated);
      expect(answer.usd).not.toBeNull();
      await expect.poll(() => costOf(id)).toBeCloseTo(answer.usd! * requests, 3);
    }

    await page.click(`#compare a[data-rm="${ids[1]}"]`);
    expect(await shownColumns(page)).toEqual([ids[0], ids[2]]);
    expect(new URL(page.url()).searchParams.get('ids')).toBe(`${ids[0]},${ids[2]}`);
    expect(new URL(page.url()).searchParams.get('n')).toBe(String(requests));

    await page.fill('#cmp-n', '20');
    await expect.poll(() => new URL(page.url()).searchParams.get('n')).toBe('20');
    await page.reload();
    expect(await shownColumns(page)).toEqual([ids[0], ids[2]]);
    expect(await page.textContent('#cmp-work')).toContain('A month of 20 requests');
    await ctx.close();
  });

  it('chooses rows on a 375 px phone and opens them side by side in three taps', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      const ctx = await browser.newContext({
        viewport: { width: 375, height: 812 },
        isMobile: true,
        hasTouch: true,
        colorScheme: scheme,
      });
      const page = await open(ctx, '/');
      const boxes = page.locator('#models tbody tr:not([hidden]) input.pick');
      const rows = page.locator('#models tbody tr:not([hidden])');
      const chosen = [await rows.nth(0).getAttribute('data-id'), await rows.nth(2).getAttribute('data-id')];
      await boxes.nth(0).tap();
      await boxes.nth(2).tap();
      const go = page.locator('#compare-go');
      expect(await go.isEnabled()).toBe(true);
      const box = await go.boundingBox();
      expect(box!.y + box!.height, 'the compare button stays on screen').toBeLessThanOrEqual(812);
      expect(await axeViolations(page)).toEqual([]);
      await go.tap();
      await page.waitForURL(/\/compare\/\?ids=/);
      expect(await shownColumns(page)).toEqual(chosen);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      ).toBeLessThanOrEqual(0);
      expect(await axeViolations(page)).toEqual([]);
      await ctx.close();
    }
  }, 240_000);

  it('logged no console error or uncaught exception', () => {
    expect(problems).toEqual([]);
  });
});
