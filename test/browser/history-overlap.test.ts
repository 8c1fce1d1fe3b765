/**
 * Issue 35 items 7 and 3 in Debian's Chromium against the Node server and nginx: the price history across models
 * (/prices/) lists every list-price change and promotion that price-history.json records, a promotion as a
 * promotion with its days and never as a list change, filtered by provider with a count of the rows shown and a
 * link that restores the filter; a model page lists its promotions too; the calculator's results start on the first
 * screen of a laptop; and a model page says who ran each benchmark value and whether its score and rank overlap
 * those of the models ranked just above and below it, in overlap.ts's words on the API's intervals.
 */
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { costOf, type PricedModel } from '../../src/cost/index.ts';
import { type Figure, pairSentence } from '../../src/web/overlap.ts';
import { describeServed } from '../support/browser-suite.ts';
import { openWatched } from './chromium.ts';

interface Modifier {
  kind: string;
  input: number;
  output: number;
  from?: string;
  until?: string;
}
interface Point {
  effectiveFrom: string;
  effectiveUntil: string | null;
  pricing: { input: number; output: number; cacheRead: number; cacheCreate: number };
  pricingDetails: { modifiers: Modifier[] };
}
interface HistoryTool {
  toolId: string;
  name: string;
  history: Point[];
}
interface ModelLite {
  modelId: string;
  overallScore: number;
  overallInterval: { low: number; high: number } | null;
  rank: number;
  rankRange: { best: number; worst: number } | null;
  scoreDetails: Record<string, { kind: string; evidence: string } | undefined>;
}

/** A row of the events table as the reader sees it. */
interface Row {
  tool: string;
  provider: string;
  kind: string;
  date: string;
  text: string;
}

const rowsOf = (page: Page, onlyShown: boolean) =>
  page.$$eval(
    '#price-events tbody tr',
    (trs, shown) =>
      trs
        .filter((r) => !shown || (!(r as HTMLElement).hidden && (r as HTMLElement).getClientRects().length > 0))
        .map((r) => {
          const d = (r as HTMLElement).dataset;
          return { tool: d.tool!, provider: d.provider!, kind: d.kind!, date: d.date!, text: r.textContent ?? '' };
        }),
    onlyShown,
  ) as Promise<Row[]>;

const sameBase = (a: Point, b: Point) =>
  a.pricing.input === b.pricing.input &&
  a.pricing.output === b.pricing.output &&
  a.pricing.cacheRead === b.pricing.cacheRead &&
  a.pricing.cacheCreate === b.pricing.cacheCreate;

describeServed(
  'price history, the calculator on a laptop and overlap on model pages',
  { viewport: { width: 1440, height: 900 } },
  (served) => {
    let history: HistoryTool[];
    let providerOf: Map<string, string>;
    const problems: string[] = [];
    const json = served.json;

    beforeAll(async () => {
      history = (await json<{ tools: HistoryTool[] }>('/api/price-history.json')).tools;
      const tools = (await json<{ tools: { id: string; providerId: string }[] }>('/api/tools.json')).tools;
      providerOf = new Map(tools.map((t) => [t.id, t.providerId]));
    });

    it('lists every list-price change and every promotion of price-history.json across models, promotions apart', async () => {
      const page = await served.open('/prices/?kind=list,promotion', problems);
      const rows = await rowsOf(page, true);
      // List changes: each point whose base price differs from the point before it, on the day it took effect.
      const expectedList = history.flatMap((t) =>
        t.history.flatMap((p, i) =>
          i > 0 && !sameBase(t.history[i - 1]!, p) ? [`${t.toolId} ${p.effectiveFrom}`] : [],
        ),
      );
      const list = rows.filter((r) => r.kind === 'list').map((r) => `${r.tool} ${r.date}`);
      expect(list.sort()).toEqual(expectedList.sort());
      // Promotions: each distinct promotional rate the history carries, from its stated first day (or the first
      // point that carried it) through its stated last day.
      const expectedPromotions = new Map<string, string | null>();
      for (const t of history) {
        const firstSeen = new Map<string, string>();
        for (const p of t.history)
          for (const m of p.pricingDetails.modifiers.filter((x) => x.kind === 'promotion')) {
            const rate = `${m.from ?? 'unstated'} ${m.input}/${m.output}`;
            if (!firstSeen.has(rate)) firstSeen.set(rate, m.from ?? p.effectiveFrom);
            expectedPromotions.set(`${t.toolId} ${firstSeen.get(rate)} ${m.input}/${m.output}`, m.until ?? null);
          }
      }
      const promotions = rows.filter((r) => r.kind === 'promotion');
      expect(promotions.length).toBe(expectedPromotions.size);
      for (const r of promotions) {
        const match = [...expectedPromotions.entries()].find(([key]) => key.startsWith(`${r.tool} ${r.date} `));
        expect(match, `${r.tool} ${r.date}`).toBeDefined();
        const until = match![1];
        expect(r.text).toMatch(until ? /through \d+ \w+ \d{4} \(UTC\)/ : /no end date stated/);
        expect(r.text).toContain('Promotion');
      }
      // A model whose only recorded difference is a promotion beside an unchanged list price has no list change.
      for (const t of history.filter((h) => h.history.every((p) => sameBase(p, h.history[0]!))))
        expect(rows.some((r) => r.tool === t.toolId && r.kind === 'list')).toBe(false);
      expect(await page.textContent('#prices-count')).toContain(`Showing ${rows.length} of `);
      await page.close();
    });

    it('filters by provider with a count of the rows shown, and the link restores the filter', async () => {
      const page = await served.open('/prices/', problems);
      const all = await rowsOf(page, false);
      const listed = all.filter((r) => r.kind === 'list');
      expect(listed.length).toBeGreaterThan(0);
      const provider = providerOf.get(listed[0]!.tool)!;
      await page.selectOption('#p-provider', provider);
      const shown = await rowsOf(page, true);
      expect(shown.length).toBeGreaterThan(0);
      expect(shown.every((r) => r.provider === provider && r.kind !== 'first')).toBe(true);
      expect(shown.length).toBe(all.filter((r) => r.provider === provider && r.kind !== 'first').length);
      expect(await page.textContent('#prices-count')).toMatch(new RegExp(`^Showing ${shown.length} of ${all.length} `));
      expect(page.url()).toContain(`provider=${provider}`);
      const again = await served.open(new URL(page.url()).pathname + new URL(page.url()).search, problems);
      expect((await rowsOf(again, true)).map((r) => `${r.tool} ${r.kind} ${r.date}`)).toEqual(
        shown.map((r) => `${r.tool} ${r.kind} ${r.date}`),
      );
      await again.close();
      await page.close();
    });

    it('answers "which models are on a promotion, until when, and at what price today?" in two steps, as the cost engine charges', async () => {
      const page = await served.open('/prices/', problems);
      // 1-2: leave only the promotions ticked (list changes and other terms are shown by default).
      await page.uncheck('#p-k-list');
      await page.uncheck('#p-k-terms');
      const rows = await page.$$eval('#price-events tbody tr', (trs) =>
        trs
          .filter((r) => !(r as HTMLElement).hidden && (r as HTMLElement).getClientRects().length > 0)
          .map((r) => ({
            tool: (r as HTMLElement).dataset.tool!,
            kind: (r as HTMLElement).dataset.kind!,
            input: (r as HTMLTableRowElement).cells[4]!.textContent ?? '',
            text: r.textContent ?? '',
          })),
      );
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.kind === 'promotion')).toBe(true);
      // Every model price-history.json records a promotion of, and no other.
      const promoted = history.filter((t) =>
        t.history.some((p) => p.pricingDetails.modifiers.some((m) => m.kind === 'promotion')),
      );
      expect(new Set(rows.map((r) => r.tool))).toEqual(new Set(promoted.map((t) => t.toolId)));
      expect(await page.textContent('#prices-count')).toMatch(new RegExp(`^Showing ${rows.length} of `));
      // Running on the data's date or not, and at what input price: what the cost engine charges for 1M input tokens.
      const all = await json<{ lastUpdated: string; tools: (PricedModel & { id: string })[] }>('/api/tools.json');
      const today = all.lastUpdated.slice(0, 10);
      const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
      let running = 0;
      for (const r of rows) {
        const through = /through (\d+) (\w+) (\d{4}) \(UTC\)/.exec(r.text);
        const last = through
          ? `${through[3]}-${String(MONTHS.indexOf(through[2]!) + 1).padStart(2, '0')}-${through[1]!.padStart(2, '0')}`
          : null;
        const tool = all.tools.find((t) => t.id === r.tool);
        if (!tool) continue; // a model no longer listed keeps its history
        const cost = costOf(tool, { input: 1_000_000, output: 0 }, { at: all.lastUpdated });
        const promotionNow = cost.modifier?.kind === 'promotion';
        const rate = Number(/\$([\d.]+)/.exec(r.input)![1]);
        if (last === null || last >= today) {
          // A promotion the page shows as still running: the engine applies it, at the rate and to the day shown.
          running += 1;
          expect(promotionNow, `${r.tool} runs a promotion on ${today}`).toBe(true);
          expect(cost.modifier!.until, r.tool).toBe(last);
          expect(cost.microUsd! / 1e6, r.tool).toBeCloseTo(rate, 9);
        } else if (promotionNow) {
          // Ended by the page's dates: the engine must not still charge this rate.
          expect(Math.abs(cost.microUsd! / 1e6 - rate), `${r.tool}'s promotion ended ${last}`).toBeGreaterThan(1e-9);
        }
      }
      expect(running, "a promotion runs on the data's date").toBeGreaterThan(0);
      await page.close();
    });

    it('lists a model’s promotions with their last day in its own price history', async () => {
      const promoted = history.find((t) =>
        t.history.some((p) => p.pricingDetails.modifiers.some((m) => m.kind === 'promotion' && m.until)),
      );
      if (!promoted) return void console.warn('no promotion with an end date in the price history');
      const m = promoted.history
        .flatMap((p) => p.pricingDetails.modifiers)
        .find((x) => x.kind === 'promotion' && x.until)!;
      const page = await served.open(`/models/${promoted.toolId}/`, problems);
      const rows = await rowsOf(page, true);
      const promo = rows.find((r) => r.kind === 'promotion');
      expect(promo?.text).toContain('Promotion');
      const [y, mo, d] = m.until!.split('-').map(Number);
      const month = new Date(Date.UTC(y!, mo! - 1, d!)).toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' });
      expect(promo?.text).toContain(`through ${d} ${month} ${y} (UTC)`);
      await page.close();
    });

    it.each([
      [1366, 768],
      [1440, 900],
    ])('starts the calculator’s results on the first screen at %ix%i', async (width, height) => {
      const laptop = await served.browser.newContext({ viewport: { width, height } });
      const page = await openWatched(laptop, served.target.baseUrl, '/calculator/', problems);
      await page.waitForFunction(() => !document.querySelector('#calc-status')?.textContent?.startsWith('Loading'));
      const box = await page.$eval('#calc-results tbody tr', (r) => r.getBoundingClientRect().toJSON());
      expect(box.bottom).toBeLessThanOrEqual(height);
      // Nothing is hidden to get there: the collapsed options are one click away and every field is in the form.
      await page.click('#c-more > summary');
      for (const id of ['#c-cw', '#c-cw1h', '#c-uc', '#c-platform', '#c-at', '#c-min', '#c-dep', '#c-only'])
        expect(await page.isVisible(id), id).toBe(true);
      await laptop.close();
    });

    it('says who ran each benchmark value and whether the score and rank overlap the neighbours’, as overlap.ts does', async () => {
      const benchmarks = await json<{ benchmarks: { models: ModelLite[]; aggregate: { field: string }[] } }>(
        '/api/benchmarks.json',
      );
      const names = new Map(
        (await json<{ tools: { id: string; name: string }[] }>('/api/tools.json')).tools.map((t) => [t.id, t.name]),
      );
      const ranked = [...benchmarks.benchmarks.models].sort((a, b) => a.rank - b.rank);
      const middle = Math.floor(ranked.length / 2);
      const self = ranked[middle]!;
      const page = await served.open(`/models/${self.modelId}/`, problems);
      const score = (m: ModelLite): Figure => ({
        name: names.get(m.modelId)!,
        value: m.overallScore,
        low: m.overallInterval?.low ?? null,
        high: m.overallInterval?.high ?? null,
      });
      const rank = (m: ModelLite): Figure => ({
        name: names.get(m.modelId)!,
        value: m.rank,
        low: m.rankRange?.best ?? null,
        high: m.rankRange?.worst ?? null,
      });
      for (const [side, other] of [
        ['above', ranked[middle - 1]!],
        ['below', ranked[middle + 1]!],
      ] as const) {
        const item = page.locator(`#neighbours li[data-side="${side}"]`);
        expect(await item.getAttribute('data-pair')).toBe(other.modelId);
        expect(await item.locator('[data-what="score"]').textContent()).toBe(pairSentence(score(self), score(other)));
        expect(await item.locator('[data-what="rank"]').textContent()).toBe(
          pairSentence(rank(self), rank(other), true),
        );
      }
      const evidence = await page.$$eval('tr[data-evidence]', (trs) =>
        trs.map((r): [string, string, string] => [
          (r as HTMLElement).dataset.field!,
          (r as HTMLElement).dataset.evidence!,
          (r as HTMLTableRowElement).cells[3]!.textContent!,
        ]),
      );
      const words: Record<string, RegExp> = {
        'independent-measured': /^Measured independently/,
        'developer-reported': /^Reported by the model’s developer/,
        estimated: /^Estimated/,
      };
      expect(evidence.length).toBeGreaterThan(0);
      for (const [field, shown, text] of evidence) {
        expect(shown, field).toBe(self.scoreDetails[field]!.evidence);
        expect(text, field).toMatch(words[shown]!);
      }
      await page.close();
    });

    it('logged no console error or uncaught exception', () => {
      expect(problems).toEqual([]);
    });
  },
);
