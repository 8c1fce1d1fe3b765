/** The coverage report of `npm run report`: what the data covers and where it is thin or old. */
import type { Documents } from './documents.ts';
import type { SourceData } from './load.ts';
import { type RefreshFindings, refreshSection } from './report-refresh.ts';
import { reporterGaps, scoresReport, table, unscoredWithResults } from './report-scores.ts';
import { taskCostReport } from './report-task-cost.ts';
import { lifecycleWarnings } from './integrity.ts';
import { toolFileSources } from './source-kinds.ts';
import { SOURCE_KINDS } from '../schema/common.ts';

const STALE_DAYS = 120;

function categoryTable(documents: Documents): string {
  const status = new Map(documents['tools.json'].tools.map((tool) => [tool.id, tool.status]));
  return table('Tools per category', [
    ['category', 'tools', 'retired', 'admitted as flagship'],
    ...documents['categories.json'].categories.map((category) => [
      category.id,
      category.toolIds.length,
      category.toolIds.filter((id) => status.get(id) === 'retired').length,
      category.flagships.length,
    ]),
  ]);
}

/** Every source of the curated data by kind (src/schema/common.ts SOURCE_KINDS), and the tool facts by kind. */
function sourcesTables(source: SourceData): string[] {
  const perProvider = new Map<string, number>();
  for (const { data } of source.tools) perProvider.set(data.provider, (perProvider.get(data.provider) ?? 0) + 1);
  const perKind = new Map<string, number>(Object.keys(SOURCE_KINDS).map((kind) => [kind, 0]));
  const kinds = new Map<string, number>();
  for (const { data } of source.tools)
    for (const [field, src] of toolFileSources(data)) {
      perKind.set(src.kind, (perKind.get(src.kind) ?? 0) + 1);
      const fact = field.startsWith('sources.') ? field.slice('sources.'.length) : field.split('.')[0]!;
      kinds.set(`${fact} ${src.kind}`, (kinds.get(`${fact} ${src.kind}`) ?? 0) + 1);
    }
  const total = [...perKind.values()].reduce((a, b) => a + b, 0);
  return [
    table('Tools per provider', [
      ['provider', 'tools'],
      ...[...perProvider.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])),
    ]),
    table(`Tool-file sources per kind (${total})`, [
      ['kind', 'sources'],
      ...[...perKind.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])),
    ]),
    table('Values per source type', [
      ['fact', 'kind', 'values'],
      ...[...kinds.entries()].sort().map(([k, n]) => [...k.split(' '), n]),
    ]),
  ];
}

function lifecycleTables(source: SourceData, today: string): string[] {
  const lifecycle = source.tools
    .filter(({ data }) => data.status === 'deprecated' || data.status === 'retired' || data.lifecycle?.shutdown)
    .map(({ data }) => [data.id, data.status, data.lifecycle?.shutdown?.date ?? '-', data.replacedBy ?? '-'])
    .sort((a, b) => String(a[2]).localeCompare(String(b[2])) || String(a[0]).localeCompare(String(b[0])));
  const out = [
    lifecycle.length
      ? table(`Deprecated and retired tools (${lifecycle.length})`, [
          ['tool', 'status', 'shutdown', 'replacedBy'],
          ...lifecycle,
        ])
      : '\nNo deprecated or retired tools.',
  ];
  const warnings = lifecycleWarnings(source, today);
  if (warnings.length)
    out.push(
      `\nLifecycle warnings (${warnings.length}):\n${warnings.map((w) => `  ${w.file}: ${w.message}`).join('\n')}`,
    );
  return out;
}

// Staleness is the age of the source version a value was read from (asOf), not of the day someone last checked it
// (verified). A release month never changes once published, so an old source for it is not stale.
const TIMELESS_FACTS: ReadonlySet<string> = new Set(['releaseDate']);

/**
 * The day a tool's facts are aged against: today, or for a retired tool the day it stopped being served. Its price
 * page no longer lists it, so nobody can re-check its facts; a fact that was current when it retired stays current.
 */
function agedAgainst(data: SourceData['tools'][number]['data'], now: Date): Date {
  const shutdown = data.status === 'retired' ? data.lifecycle?.shutdown?.date : undefined;
  if (!shutdown) return now;
  const retiredOn = new Date(`${shutdown}T00:00:00Z`);
  return retiredOn < now ? retiredOn : now;
}

export function staleFacts(source: SourceData, now: Date): (string | number)[][] {
  const stale: (string | number)[][] = [];
  for (const { file, data } of source.tools) {
    const asAt = agedAgainst(data, now);
    for (const [fact, src] of Object.entries(data.sources)) {
      if (TIMELESS_FACTS.has(fact)) continue;
      const ageDays = Math.floor((asAt.getTime() - Date.parse(`${src.asOf}T00:00:00Z`)) / 86_400_000);
      if (ageDays > STALE_DAYS) stale.push([file, fact, src.asOf, src.verified, ageDays]);
    }
  }
  return stale;
}

function staleTable(source: SourceData, now: Date): string {
  const stale = staleFacts(source, now);
  return stale.length
    ? table(
        `Facts whose source version (asOf) is older than ${STALE_DAYS} days (${stale.length}; a retired tool's facts are aged to the day it retired)`,
        [['file', 'fact', 'asOf', 'verified', 'days'], ...stale],
      )
    : `\nNo fact's source version (asOf) is older than ${STALE_DAYS} days.`;
}

/**
 * `refresh`: what the last refresh found upstream (read by the caller from the state directory);
 * without it the report says no refresh has run and how to run one.
 */
export function coverageReport(
  source: SourceData,
  documents: Documents,
  now: Date,
  refresh: RefreshFindings = { file: '.state/refresh-report.json', report: null },
): string {
  const benchmarks = documents['benchmarks.json'].benchmarks;
  const results = source.results.map((r) => r.data);
  return [
    ...sourcesTables(source),
    categoryTable(documents),
    scoresReport(benchmarks),
    unscoredWithResults(benchmarks, results),
    taskCostReport(source, benchmarks),
    refreshSection(refresh),
    reporterGaps(source.series.data.series, results),
    ...lifecycleTables(source, now.toISOString().slice(0, 10)),
    staleTable(source, now),
  ].join('\n');
}
