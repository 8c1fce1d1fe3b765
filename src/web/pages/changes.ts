/**
 * The change log at /changes/: the digest of the week up to the dataset's date first (counts, then one table the
 * page script filters by kind, provider and model, its state in the address), then every release: the newest with
 * their changes (the routine updates counted and left to release.json), the rest of changes.json one line each, and the monthly archive documents that hold them all.
 */
import {
  byChangeKind,
  type Change,
  type ChangesDocument,
  isRefit,
  type Release,
  refitsPhrase,
} from '../../schema/api.ts';
import {
  changeKindWords,
  fieldWords,
  REMOVED_MEANING,
  STATUS_MEANING,
  STATUS_WORDS,
} from '../../schema/change-words.ts';
import {
  changeDigest,
  DIGEST_DAYS,
  DIGEST_KINDS,
  daysBefore,
  type Digest,
  type DigestKind,
  type DigestRow,
} from '../digest.ts';
import { day, grouped, money, price, score, tokens } from '../format.ts';
import { esc, fieldPath, relativeApi } from '../html.ts';
import { shareControl } from '../share.ts';
import type { Site } from '../view.ts';

/**
 * The releases the page shows change by change: every release of the digest's week, and at least the newest
 * RELEASES_IN_FULL when the week had fewer. Older ones are one line each, linked to their record.
 */
export const RELEASES_IN_FULL = 8;

export function releasesInFull(changes: ChangesDocument, until: string): readonly Release[] {
  const since = daysBefore(until, DIGEST_DAYS);
  const week = changes.releases.filter((r) => r.date > since && r.date <= until).length;
  return changes.releases.slice(0, Math.max(RELEASES_IN_FULL, week));
}

/** Each digest kind as the digest's counts and filter name it. */
export const DIGEST_KIND_WORDS: Readonly<Record<DigestKind, string>> = {
  new: 'New models',
  retired: 'Retired (no longer served)',
  deprecated: 'Deprecated (shutdown scheduled)',
  removed: 'Removed from the directory',
  price: 'Price changes',
  'first-score': 'First scores',
  rank: 'Rank moves',
};

const PRICE_PATHS = /^pricing\.|^pricingDetails\.cacheCreate1h$/;
const SCORE_PATHS = /^benchmarks\.(overallScore|sweBench|liveCodeBench|humanEval|bigCodeBench|scoreDetails\.)/;

/** A value of a changed field as a reader reads it: prices in dollars, sizes in tokens, statuses in words. */
export function changeValue(field: string | null, value: number | string | null): string {
  if (value === null) return '—';
  if (typeof value === 'number') {
    if (field && PRICE_PATHS.test(field)) return `${price(value)} per 1M tokens`;
    if (field === 'contextTokens' || field === 'maxOutputTokens') return `${tokens(value)} tokens`;
    if (field === 'benchmarks.taskCost.costPerSolvedTaskUsd') return money(value);
    if (field && SCORE_PATHS.test(field)) return score(value);
    if (field === 'benchmarks.rank') return `#${value}`;
    return grouped(value);
  }
  if (field === 'status') return STATUS_WORDS[value] ?? value;
  if (field === 'lifecycle.shutdown.date' || field === 'releaseDate') return day(value);
  if (
    field === 'openWeights' ||
    field === 'reasoning' ||
    field === 'toolCalling' ||
    field === 'imageInput' ||
    field === 'codingSpecialized'
  )
    return value === 'true' ? 'yes' : value === 'false' ? 'no' : value;
  return value;
}

/** A field in words; an unknown path shows as the path itself, marked, so nothing is hidden or breaks the page. */
function fieldHtml(field: string | null): string {
  const { words, known } = fieldWords(field);
  if (known) return esc(words);
  return `<code class="field-path" title="No plain name for this field yet">${fieldPath(words)}</code>`;
}

function modelCell(site: Site, root: string, c: Change): string {
  return site.toolsById.has(c.toolId)
    ? `<a href="${root}models/${esc(c.toolId)}/">${esc(c.toolName)}</a>`
    : `${esc(c.toolName)} <span class="note">(not listed any more)</span>`;
}

function beforeAfter(c: Change): string {
  if (c.field === null) return '';
  const percent = c.percent !== null ? ` (${c.percent > 0 ? '+' : ''}${c.percent}%)` : '';
  const basis = c.basis ? ` (${esc(c.basis.from ?? 'none')} → ${esc(c.basis.to ?? 'none')})` : '';
  return `${esc(changeValue(c.field, c.from))} → ${esc(changeValue(c.field, c.to))}${percent}${basis}`;
}

/** A release's anchor on this page when it is shown in full, else its record. */
function releaseLink(root: string, id: string, full: ReadonlySet<string>, url: string): string {
  return full.has(id)
    ? `<a href="#r-${esc(id)}">${esc(id)}</a>`
    : `<a href="${esc(relativeApi(`${url}release.json`, root))}">${esc(id)}</a>`;
}

function digestRow(site: Site, root: string, row: DigestRow, full: ReadonlySet<string>, urls: Map<string, string>) {
  const c = row.change;
  const provider = row.provider;
  const what = c.field === null ? '' : fieldHtml(c.field);
  return `<tr data-kind="${esc(row.kind)}" data-provider="${esc(provider?.id ?? '')}" data-model="${esc(c.toolId)}"><td>${esc(changeKindWords(c.kind))}</td><th scope="row">${modelCell(site, root, c)}</th><td>${provider ? esc(provider.name) : '—'}</td><td>${what}</td><td>${beforeAfter(c)}</td><td>${releaseLink(root, row.releaseId, full, urls.get(row.releaseId) ?? '')} <span class="note">${esc(day(row.date))}</span></td></tr>`;
}

function select(id: string, name: string, label: string, values: [string, string][], all: string): string {
  const options = [
    `<option value="">${esc(all)}</option>`,
    ...values.map(([v, l]) => `<option value="${esc(v)}">${esc(l)}</option>`),
  ];
  return `<div class="field"><label for="${id}">${esc(label)}</label><select id="${id}" name="${name}">${options.join('')}</select></div>`;
}

/** The filters: providers and models are those the week's rows name, so every choice shows at least one row. */
function digestFilters(digest: Digest): string {
  const kinds: [string, string][] = DIGEST_KINDS.filter((k) => digest.counts[k] > 0).map((k) => [
    k,
    `${DIGEST_KIND_WORDS[k]} (${digest.counts[k]})`,
  ]);
  const providers = new Map<string, string>();
  const models = new Map<string, string>();
  for (const row of digest.rows) {
    if (row.provider) providers.set(row.provider.id, row.provider.name);
    models.set(row.change.toolId, row.change.toolName);
  }
  const sorted = (m: Map<string, string>) =>
    [...m].sort((a, b) => a[1].localeCompare(b[1]) || a[0].localeCompare(b[0]));
  return `<form id="digest-filters" class="filters needs-js" aria-label="Filter the week's changes">
${select('d-kind', 'kind', 'Kind of change', kinds, 'Every kind')}
${select('d-provider', 'provider', 'Provider', sorted(providers), 'Every provider')}
${select('d-model', 'model', 'Model', sorted(models), 'Every model')}
</form>`;
}

function countsList(digest: Digest): string {
  const items = DIGEST_KINDS.map(
    (k) =>
      `<li>${digest.counts[k] > 0 ? `<a href="?kind=${esc(k)}#digest-h"><strong>${digest.counts[k]}</strong> ${esc(DIGEST_KIND_WORDS[k].toLowerCase())}</a>` : `<strong>0</strong> ${esc(DIGEST_KIND_WORDS[k].toLowerCase())}`}</li>`,
  );
  return `<ul class="digest-counts" aria-label="The week in numbers">${items.join('')}</ul>`;
}

function digestSection(site: Site, root: string, changes: ChangesDocument, full: ReadonlySet<string>): string {
  const until = site.lastUpdated.slice(0, 10);
  const digest = changeDigest(
    changes.releases,
    until,
    (id) => {
      const t = site.toolsById.get(id);
      return t ? { id: t.providerId, name: t.provider } : null;
    },
    { totalReleases: changes.totalReleases },
  );
  const urls = new Map(changes.releases.map((r) => [r.id, r.url]));
  const first = digest.releases.at(-1)?.date;
  const span = digest.releases.length
    ? `${digest.releases.length} ${digest.releases.length === 1 ? 'release' : 'releases'} from ${esc(day(first ?? until))} to ${esc(day(digest.releases[0]!.date))}`
    : 'no release';
  const partial = digest.complete
    ? ''
    : `<p class="note">The week reaches past the releases changes.json holds; the older ones are in the <a href="#archive-h">monthly archive</a> and are not counted here.</p>`;
  const rows = digest.rows.map((row) => digestRow(site, root, row, full, urls)).join('');
  const total = digest.rows.length;
  const table = total
    ? `${digestFilters(digest)}
<p id="digest-count" class="count" role="status">Showing ${total} of ${total} changes.</p>
${shareControl('these changes')}
<div class="scroll" role="region" aria-label="The week's changes" tabindex="0"><table id="digest"><caption>What changed in the seven days to ${esc(day(until))}</caption><thead><tr><th scope="col">Change</th><th scope="col">Model</th><th scope="col">Provider</th><th scope="col">What</th><th scope="col">Before → after</th><th scope="col">Release</th></tr></thead><tbody>${rows}</tbody></table></div>
<p id="digest-empty" class="note" hidden>No change of the week matches these filters.</p>`
    : '<p>No release of the week changed a model, a price, a first score or a rank.</p>';
  return `<section aria-labelledby="digest-h"><h2 id="digest-h">The week to ${esc(day(until))}</h2>
<p>The seven days up to the data’s date (${esc(day(until))}; this page is built with the data, so the week does not move with your clock): ${span}.</p>
${countsList(digest)}${partial}
${table}
<p class="note">Retired means no longer served by its provider (${esc(STATUS_MEANING.retired ?? '')}); deprecated means ${esc(STATUS_MEANING.deprecated ?? '')}; removed from the directory means ${esc(REMOVED_MEANING)}. Prices are list prices in USD per 1M tokens. Rank moves are those the releases record: a new overall rank outside the rank range the previous release published for the model (a move within that plausible range is not counted); the page does not compare the whole ranking of a week ago with today’s.</p>
</section>`;
}

/** One table of a release's changes, in words, each linked to its model's page while the model is listed. */
function changeTable(site: Site, root: string, changes: readonly Change[], caption: string, label: string): string {
  const rows = changes
    .map(
      (c) =>
        `<tr><th scope="row">${modelCell(site, root, c)}</th><td>${esc(changeKindWords(c.kind))}</td><td>${fieldHtml(c.field)}</td><td>${beforeAfter(c)}</td></tr>`,
    )
    .join('');
  return `<div class="scroll" role="region" aria-label="${esc(label)}" tabindex="0"><table><caption>${esc(caption)}</caption><thead><tr><th scope="col">Model</th><th scope="col">Change</th><th scope="col">What</th><th scope="col">Before → after</th></tr></thead><tbody>${rows}</tbody></table></div>`;
}

/**
 * Kinds a reader rarely acts on (a score refitted, a source re-read, a task cost re-estimated): counted and linked to
 * the release's record, not listed. Listed in full (folded) they were 514 KB of the page's 632 KB at the week of
 * 2026-12-01, for rows a reader reads in release.json as well.
 */
const FOLDED = new Set<Change['kind']>(['score-changed', 'source-changed', 'task-cost-changed']);

function fullRelease(site: Site, root: string, r: Release): string {
  const docs = r.documents
    .map((d) => `<a href="${esc(relativeApi(d.path, root))}">${esc(d.path.split('/').pop() ?? d.path)}</a>`)
    .join(', ');
  const record = esc(relativeApi(`${r.url}release.json`, root));
  const refits = r.changes.filter(isRefit).length;
  // Retirements and price changes lead; the updates a reader rarely acts on are counted, with their record.
  const news = r.changes.filter((c) => !isRefit(c) && !FOLDED.has(c.kind)).sort(byChangeKind);
  const folded = r.changes.filter((c) => !isRefit(c) && FOLDED.has(c.kind));
  const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;
  const rest = [
    folded.length ? count(folded.length, 'score, source or task-cost update') : '',
    refits ? refitsPhrase(refits) : '',
  ].filter(Boolean);
  const list = [
    news.length ? changeTable(site, root, news, count(news.length, 'change'), `Changes in ${r.id}`) : '',
    rest.length
      ? `<p class="note">Also ${esc(rest.join('; '))}: listed in <a href="${record}">release.json</a>.</p>`
      : '',
  ].join('');
  return `<article class="release"><h3 id="r-${esc(r.id)}">Release ${esc(r.id)}</h3><p>${esc(day(r.date))}. ${esc(r.summary)}</p>${list || '<p>No change to the data.</p>'}<p>Snapshot: ${docs}, <a href="${record}">release.json</a>.</p></article>`;
}

function releasesSection(site: Site, root: string, changes: ChangesDocument, inFull: readonly Release[]): string {
  const full = inFull.map((r) => fullRelease(site, root, r));
  const rest = changes.releases.slice(inFull.length);
  const restTable = rest.length
    ? `<div class="scroll" role="region" aria-label="Older releases" tabindex="0"><table><caption>${rest.length} older releases in changes.json, newest first</caption><thead><tr><th scope="col">Release</th><th scope="col">Date</th><th scope="col">Changes</th><th scope="col">Summary</th></tr></thead><tbody>${rest
        .map(
          (r) =>
            `<tr><th scope="row"><a href="${esc(relativeApi(`${r.url}release.json`, root))}">${esc(r.id)}</a></th><td>${esc(day(r.date))}</td><td>${r.changes.length}</td><td>${esc(r.summary)}</td></tr>`,
        )
        .join('')}</tbody></table></div>`
    : '';
  const archive = changes.archive
    .map(
      (m) =>
        `<li><a href="${esc(relativeApi(m.url, root))}">${esc(m.month)}</a>: ${m.releases} ${m.releases === 1 ? 'release' : 'releases'}</li>`,
    )
    .join('');
  const held =
    changes.totalReleases > changes.releases.length
      ? `changes.json holds the newest ${changes.releases.length}; the monthly archive holds every one.`
      : 'changes.json holds every one, and so does the monthly archive.';
  return `<section aria-labelledby="releases-h"><h2 id="releases-h">Every release</h2>
<p>${changes.totalReleases} releases, newest first: the newest ${inFull.length} (the week’s and at least ${RELEASES_IN_FULL}) with their changes (score, source and task-cost updates and refitted estimates counted, and listed in each release’s record), the others one line each with their record. ${held}</p>
${full.join('')}${restTable}
<h3 id="archive-h">Monthly archive</h3><ul>${archive}</ul></section>`;
}

function removedSection(changes: ChangesDocument): string {
  if (!changes.removedIds.length) return '';
  const rows = changes.removedIds
    .map(
      (r) =>
        `<tr><th scope="row"><code>${esc(r.id)}</code></th><td>${esc(day(r.removedOn))}</td><td>${esc(r.reason)}</td></tr>`,
    )
    .join('');
  return `<section aria-labelledby="removed-h"><h2 id="removed-h">Removed from the directory</h2><p>These ids are ${esc(REMOVED_MEANING)}. Removed is not retired: a retired model stays listed.</p><div class="scroll" role="region" aria-label="Removed ids" tabindex="0"><table><caption>${changes.removedIds.length} removed ids</caption><thead><tr><th scope="col">Id</th><th scope="col">Removed</th><th scope="col">Why</th></tr></thead><tbody>${rows}</tbody></table></div></section>`;
}

export function renderChanges(site: Site, root: string): string {
  const changes = site.input.changes;
  if (!changes) return `<h1>Changes</h1><p>This build carries no release history.</p>`;
  const inFull = releasesInFull(changes, site.lastUpdated.slice(0, 10));
  const full = new Set(inFull.map((r) => r.id));
  const feed = esc(relativeApi(changes.feed, root));
  return `<h1>Changes</h1>
<p class="lead">Each weekly refresh that changes the data publishes a release: a dated, immutable snapshot of every document. Subscribe to the <a href="${feed}">Atom feed</a> to hear about new ones.</p>
${digestSection(site, root, changes, full)}
${releasesSection(site, root, changes, inFull)}
${removedSection(changes)}
<p class="data-links">From <a href="${root}api/changes.json">changes.json</a> (also as <a href="${feed}">an Atom feed</a>), its <a href="#archive-h">monthly archive</a> and <a href="${root}api/manifest.json">manifest.json</a>.</p>`;
}
