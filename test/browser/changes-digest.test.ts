/**
 * Issue 35 item 4: /changes/ opens on the week's digest, in Debian's Chromium against the Node server (and nginx
 * where installed). The digest's counts are checked against /api/changes.json, counted here from the feed itself;
 * each filter's count matches the rows left shown; the filter state survives in the address (the copy-link
 * button's link restores it); every release of changes.json and every archive month is linked from the page.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeServed } from '../support/browser-suite.ts';
import { httpRequest } from '../support/http.ts';

interface FeedChange {
  kind: string;
  toolId: string;
}
interface FeedRelease {
  id: string;
  date: string;
  url: string;
  changes: FeedChange[];
}
interface Feed {
  releases: FeedRelease[];
  archive: { month: string; url: string }[];
  lastUpdated: string;
}

/** The feed's kinds behind each kind of the digest's filter. */
const KINDS: Record<string, string> = {
  new: 'model-added',
  retired: 'model-retired',
  deprecated: 'model-deprecated',
  removed: 'model-removed',
  price: 'price-changed',
  'first-score': 'first-score',
  rank: 'rank-moved',
};

describeServed('the change digest on /changes/', { viewport: { width: 1440, height: 900 } }, (served) => {
  let feed: Feed;
  let week: FeedRelease[];
  const problems: string[] = [];

  beforeAll(async () => {
    feed = await served.json<Feed>('/api/changes.json');
    // The seven days up to the dataset's date: after the day seven days before it, up to and including it.
    const until = feed.lastUpdated.slice(0, 10);
    const since = new Date(Date.parse(`${until}T00:00:00Z`) - 7 * 86_400_000).toISOString().slice(0, 10);
    week = feed.releases.filter((r) => r.date > since && r.date <= until);
  });
  afterAll(() => {
    expect(problems).toEqual([]);
  });

  const inWeek = (kind: string) => week.flatMap((r) => r.changes.filter((c) => c.kind === KINDS[kind]));

  /** Rows a reader sees: not hidden and laid out. */
  const shown = (page: Page) =>
    page.$$eval('#digest tbody tr', (rows) =>
      rows
        .filter((r) => !(r as HTMLElement).hidden && (r as HTMLElement).getClientRects().length > 0)
        .map((r) => ({ ...(r as HTMLElement).dataset })),
    );
  const countLine = (page: Page) => page.locator('#digest-count').innerText();
  const choose = async (page: Page, name: string, value: string) => {
    await page.selectOption(`#digest-filters select[name="${name}"]`, value);
    await page.waitForFunction(([n, v]) => new URLSearchParams(location.search).get(n!) === (v || null), [
      name,
      value,
    ] as const);
  };

  it('answers "what changed this week?" with no step: each kind counted as changes.json records it, and as many rows', async () => {
    const page = await served.open('/changes/', problems);
    expect(inWeek('price').length, 'the week has price changes to count').toBeGreaterThan(0);
    const counts = await page.$$eval('.digest-counts li', (items) => items.map((li) => (li.textContent ?? '').trim()));
    const all = await shown(page);
    for (const kind of Object.keys(KINDS)) {
      const expected = inWeek(kind).length;
      expect(
        all.filter((r) => r.kind === kind),
        kind,
      ).toHaveLength(expected);
      expect(
        counts.some((c) => c.startsWith(`${expected} `)),
        `a count of ${expected} for ${kind}`,
      ).toBe(true);
    }
    const total = Object.keys(KINDS).reduce((n, k) => n + inWeek(k).length, 0);
    expect(await countLine(page)).toBe(`Showing ${total} of ${total} changes.`);
    await page.close();
  });

  it('answers "which price changes did one provider make this week, to one model?" in three steps, with a count of the rows shown and a link that restores the view', async () => {
    const page = await served.open('/changes/', problems);
    const total = (await shown(page)).length;
    await choose(page, 'kind', 'price');
    let rows = await shown(page);
    expect(rows).toHaveLength(inWeek('price').length);
    expect(rows.every((r) => r.kind === 'price')).toBe(true);
    expect(await countLine(page)).toBe(`Showing ${rows.length} of ${total} changes.`);

    const provider = rows.find((r) => r.provider)?.provider;
    expect(provider, 'a price change of a listed model').toBeDefined();
    await choose(page, 'provider', provider!);
    rows = await shown(page);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.kind === 'price' && r.provider === provider)).toBe(true);
    expect(await countLine(page)).toBe(`Showing ${rows.length} of ${total} changes.`);

    const model = rows[0]!.model!;
    await choose(page, 'model', model);
    rows = await shown(page);
    const expected = inWeek('price').filter((c) => c.toolId === model).length;
    expect(rows).toHaveLength(expected);
    expect(await countLine(page)).toBe(`Showing ${expected} of ${total} changes.`);

    // The copy-link button copies the address; opening it again restores the same rows and choices.
    await page.locator('.share-btn').click();
    const link = await page.locator('#share-status a.share-link').getAttribute('href');
    expect(link).toContain('kind=price');
    const again = await served.context.newPage();
    await again.goto(link!, { waitUntil: 'load' });
    expect(await again.locator('select[name="kind"]').inputValue()).toBe('price');
    expect(await again.locator('select[name="provider"]').inputValue()).toBe(provider);
    expect(await again.locator('select[name="model"]').inputValue()).toBe(model);
    expect(await shown(again)).toHaveLength(expected);
    expect(await countLine(again)).toBe(`Showing ${expected} of ${total} changes.`);
    await again.close();

    // Back to every kind: the count follows.
    await choose(page, 'kind', '');
    rows = await shown(page);
    expect(rows.every((r) => r.model === model)).toBe(true);
    expect(await countLine(page)).toBe(`Showing ${rows.length} of ${total} changes.`);
    await page.close();
  });

  it('keeps the page small: the routine updates are linked, not inlined (it was 632 KB at the week of 2026-12-01)', async () => {
    const page = await httpRequest(`${served.target.baseUrl}/changes/`);
    expect(page.body.length).toBeLessThan(250_000);
  });

  it('links every release of changes.json and every month of the archive', async () => {
    const page = await served.open('/changes/', problems);
    const hrefs = new Set(await page.$$eval('a[href]', (as) => as.map((a) => (a as HTMLAnchorElement).href)));
    const anchors = new Set(await page.$$eval('h3[id^="r-"]', (hs) => hs.map((h) => h.id)));
    const base = `${served.target.baseUrl}`;
    for (const r of feed.releases) {
      const record = `${base}${r.url}release.json`;
      expect(hrefs.has(record) || anchors.has(`r-${r.id}`), `release ${r.id}`).toBe(true);
    }
    for (const r of week) expect(anchors.has(`r-${r.id}`), `the week's release ${r.id} in full`).toBe(true);
    for (const m of feed.archive) expect(hrefs.has(`${base}${m.url}`), `archive ${m.month}`).toBe(true);
    // Each of the week's releases accounts for every change it made: a row on the page, or counted in the line
    // that links its release.json (the routine updates, which are left out of the page to keep it small).
    for (const r of week) {
      const article = page.locator('article.release').filter({ has: page.locator(`h3[id="r-${r.id}"]`) });
      const rows = await article.locator('tbody tr').count();
      const also = article.locator('p.note', { hasText: /^Also / });
      let counted = 0;
      if (await also.count()) {
        const text = await also.innerText();
        counted = [...text.matchAll(/(?:^Also |; )(\d+) /g)].reduce((n, m) => n + Number(m[1]), 0);
        expect(await also.locator('a').getAttribute('href'), r.id).toMatch(/release\.json$/);
        expect(new URL(await also.locator('a').evaluate((a) => (a as HTMLAnchorElement).href)).pathname).toBe(
          `${r.url}release.json`,
        );
      }
      expect(rows + counted, `release ${r.id}: rows and counted updates`).toBe(r.changes.length);
    }
    await page.close();
  });
});
