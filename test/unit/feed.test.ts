/**
 * The Atom feed read the way a feed reader reads it: every link resolved against `xml:base`
 * (itself resolved against the feed's own URL), then fetched. Without a public base URL the
 * links are relative and `xml:base` is the origin's root; with one (refresh.config.json
 * `publicBaseUrl`, `--base-url` or DIRECTORY_PUBLIC_BASE_URL) every link is absolute.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { atomFeed } from '../../src/history/feed.ts';
import { envOverrides, parseRefreshConfig, withOverrides } from '../../src/refresh/config.ts';
import type { Release } from '../../src/schema/api.ts';
import { httpRequest } from '../support/http.ts';
import { startNodeTarget, type Target } from '../support/targets.ts';

interface Link {
  rel: string;
  type: string;
  href: string;
}

/** What a reader needs: the feed's xml:base and every link with its context (feed or entry id). */
function readFeed(xml: string): { base: string | undefined; links: (Link & { where: string })[]; entries: number } {
  expect(XMLValidator.validate(xml)).toBe(true);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    isArray: (name) => name === 'entry' || name === 'link',
  });
  const feed = parser.parse(xml).feed as { 'xml:base'?: string; link: Link[]; entry?: { id: string; link: Link[] }[] };
  const links = [
    ...feed.link.map((l) => ({ ...l, where: 'feed' })),
    ...(feed.entry ?? []).flatMap((e) => e.link.map((l) => ({ ...l, where: e.id }))),
  ];
  return { base: feed['xml:base'], links, entries: feed.entry?.length ?? 0 };
}

/** RFC 4287 section 1.2 / XML Base: a relative href resolves against xml:base, which resolves against the document URL. */
const resolve = (href: string, base: string | undefined, documentUrl: string) =>
  new URL(href, base ? new URL(base, documentUrl) : documentUrl).href;

describe('Atom feed links', () => {
  let target: Target;
  beforeAll(async () => {
    target = await startNodeTarget(inject('distPath'));
  });
  afterAll(async () => {
    await target?.stop();
  });

  it('without a public base URL: relative links under xml:base that a reader resolves to served documents', async () => {
    const response = await httpRequest(`${target.baseUrl}/api/changes.xml`);
    expect(response.status).toBe(200);
    const xml = response.body.toString('utf8');
    expect(xml).toBe(readFileSync(path.join(inject('distPath'), 'api', 'changes.xml'), 'utf8'));
    const { base, links, entries } = readFeed(xml);
    expect(base).toBe('/');
    const changes = JSON.parse((await httpRequest(`${target.baseUrl}/api/changes.json`)).body.toString('utf8'));
    expect(entries).toBe(changes.releases.length + changes.removedIds.length);
    // two links per release entry (record, documents), one per removal (the change list)
    expect(links.length).toBe(2 + 2 * changes.releases.length + changes.removedIds.length);
    const feedUrl = `${target.baseUrl}/api/changes.xml`;
    for (const link of links) {
      expect(link.href, link.href).not.toMatch(/^[a-z]+:/);
      const url = resolve(link.href, base, feedUrl);
      expect(url.startsWith(`${target.baseUrl}/api/`), url).toBe(true);
      const fetched = await httpRequest(url);
      expect(fetched.status, `${link.where} ${link.rel} ${url}`).toBe(200);
      expect(String(fetched.headers['content-type'])).toContain(link.type);
    }
    expect(resolve(links.find((l) => l.rel === 'self')!.href, base, feedUrl)).toBe(feedUrl);
  });

  it('with a public base URL: every link is absolute on that site, also for a reader that resolves xml:base', () => {
    const release: Release = {
      id: '2026-11-29',
      date: '2026-11-29',
      publishedAt: '2026-11-29T06:00:00Z',
      lastUpdated: '2026-11-29T06:00:00Z',
      datasetVersion: '2026.11.29',
      benchmarkVersion: '2026.11.29',
      initial: false,
      url: '/api/v/2026-11-29/',
      documents: [],
      upstreams: [],
      summary: '1 price change',
      changes: [
        { kind: 'price-changed', toolId: 'a', toolName: 'A', field: 'pricing.input', from: 1, to: 2, percent: 100 },
      ],
    };
    const base = 'https://models.example.test/mirror';
    const { base: xmlBase, links } = readFeed(
      atomFeed([release], { baseUrl: `${base}/`, lastUpdated: release.lastUpdated, removedIds: [] }),
    );
    expect(xmlBase).toBe(`${base}/`);
    expect(links).toHaveLength(4);
    for (const link of links) {
      expect(link.href.startsWith(`${base}/api/`), link.href).toBe(true);
      expect(resolve(link.href, xmlBase, 'https://elsewhere.example/feed.xml')).toBe(link.href);
    }
    expect(links.map((l) => l.href)).toContain(`${base}/api/v/2026-11-29/release.json`);
  });

  it('the base URL comes from the config, overridden by DIRECTORY_PUBLIC_BASE_URL, overridden by --base-url', () => {
    const config = parseRefreshConfig({ publicBaseUrl: 'https://config.example.test' });
    expect(config.publicBaseUrl).toBe('https://config.example.test');
    const env = envOverrides({ DIRECTORY_PUBLIC_BASE_URL: 'https://env.example.test/' });
    expect(withOverrides(config, env).publicBaseUrl).toBe('https://env.example.test');
    expect(withOverrides(config, env, { publicBaseUrl: 'https://flag.example.test' }).publicBaseUrl).toBe(
      'https://flag.example.test',
    );
    expect(() => withOverrides(config, { publicBaseUrl: 'not a url' })).toThrow(/publicBaseUrl/);
  });
});
