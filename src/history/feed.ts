/**
 * The release history as an Atom 1.0 feed (RFC 4287): one entry per release, linking to the
 * dated release and listing its changes, and one per removed tool id, newest first. Ids are stable name-based URNs, so
 * a feed reader recognises entries across rebuilds and base-URL changes. Pure.
 */
import { createHash } from 'node:crypto';
import type { Release, RemovedId } from '../schema/api.ts';
import { describeChanges } from './diff.ts';

export const ATOM_CONTENT_TYPE = 'application/atom+xml; charset=utf-8';
const MAX_LINES_PER_ENTRY = 200;

/** Escapes text for XML element content and attribute values; drops characters XML 1.0 forbids. */
export function escapeXml(text: string): string {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the class lists the characters XML 1.0 allows, so that every other one is dropped
      .replace(/[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}

/** A name-based UUID (version 5 layout over SHA-256) as an Atom id. */
export function stableUrn(name: string): string {
  const hex = createHash('sha256').update(name).digest('hex').slice(0, 32).split('');
  hex[12] = '5';
  hex[16] = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  const h = hex.join('');
  return `urn:uuid:${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

export interface FeedOptions {
  /** Absolute base URL of the site (no trailing slash) for absolute links, or null for links relative to `xml:base="/"`. */
  baseUrl: string | null;
  /** Used as the feed's updated time when there is no release. */
  lastUpdated: string;
  /** Ids that left the directory, newest first: one entry each, so a reader sees removals made before the first release too. */
  removedIds: readonly RemovedId[];
}

function entry(release: Release, base: string): string {
  const details = `${base}/api/v/${release.id}/release.json`;
  const content = [release.summary, '', ...describeChanges(release.changes, details, MAX_LINES_PER_ENTRY)].join('\n');
  return [
    '  <entry>',
    `    <id>${stableUrn(`ai-coding-models-directory:release:${release.id}`)}</id>`,
    `    <title>${escapeXml(`Release ${release.id}: ${release.summary}`)}</title>`,
    `    <published>${release.publishedAt}</published>`,
    `    <updated>${release.publishedAt}</updated>`,
    `    <link rel="alternate" type="application/json" href="${escapeXml(`${base}/api/v/${release.id}/release.json`)}"/>`,
    `    <link rel="related" type="application/json" href="${escapeXml(`${base}/api/v/${release.id}/tools.json`)}"/>`,
    `    <summary type="text">${escapeXml(release.summary)}</summary>`,
    `    <content type="text">${escapeXml(content)}</content>`,
    '  </entry>',
  ].join('\n');
}

function removalEntry(removed: RemovedId, base: string): string {
  const at = `${removed.removedOn}T00:00:00Z`;
  const title = `Removed from the directory: ${removed.id}`;
  return [
    '  <entry>',
    `    <id>${stableUrn(`ai-coding-models-directory:removed:${removed.id}`)}</id>`,
    `    <title>${escapeXml(title)}</title>`,
    `    <published>${at}</published>`,
    `    <updated>${at}</updated>`,
    `    <link rel="alternate" type="application/json" href="${escapeXml(`${base}/api/changes.json`)}"/>`,
    `    <summary type="text">${escapeXml(`${title}. The id is never given to another model.`)}</summary>`,
    `    <content type="text">${escapeXml(removed.reason)}</content>`,
    '  </entry>',
  ].join('\n');
}

/** `releases` newest first; removals interleave with them by date. */
export function atomFeed(releases: readonly Release[], options: FeedOptions): string {
  const base = options.baseUrl?.replace(/\/+$/, '') ?? '';
  const entries = [
    ...releases.map((r) => ({ at: r.publishedAt, xml: entry(r, base) })),
    ...options.removedIds.map((r) => ({ at: `${r.removedOn}T00:00:00Z`, xml: removalEntry(r, base) })),
  ].sort((a, b) => (a.at === b.at ? 0 : a.at < b.at ? 1 : -1));
  const updated = entries[0]?.at ?? options.lastUpdated;
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    // xml:base makes every link resolvable by a reader that does not know the feed's own URL:
    // the public site URL when one is configured, else the root of the origin that served it.
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:base="${escapeXml(`${base}/`)}">`,
    `  <id>${stableUrn('ai-coding-models-directory:changes')}</id>`,
    '  <title>AI Coding Models Directory: data releases</title>',
    '  <subtitle>Every data release of the directory with its per-field changes: prices, context windows, scores, models added or deprecated.</subtitle>',
    `  <updated>${updated}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(`${base}/api/changes.xml`)}"/>`,
    `  <link rel="alternate" type="application/json" href="${escapeXml(`${base}/api/changes.json`)}"/>`,
    '  <author><name>AI Coding Models Directory</name></author>',
    '  <rights>Data: CC0 1.0 Universal</rights>',
    '  <generator>ai-coding-models-directory refresh</generator>',
    ...entries.map((e) => e.xml),
    '</feed>',
    '',
  ].join('\n');
}
