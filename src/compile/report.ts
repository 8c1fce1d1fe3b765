/** The coverage report of `npm run report`: what the data covers and where it is thin or old. */
import type { Documents } from './documents.ts';
import type { SourceData } from './load.ts';
import { reporterGaps, scoresReport } from './report-scores.ts';
import { lifecycleWarnings } from './integrity.ts';

const STALE_DAYS = 120;

function table(title: string, rows: (string | number)[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => String(row[column]).length)));
  const lines = rows.map((row) => row.map((cell, column) => String(cell).padEnd(widths[column]!)).join('  '));
  return `\n${title}\n${lines.join('\n')}`;
}

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

export function coverageReport(source: SourceData, documents: Documents, now: Date): string {
  const out: string[] = [];
  const perProvider = new Map<string, number>();
  for (const { data } of source.tools) perProvider.set(data.provider, (perProvider.get(data.provider) ?? 0) + 1);
  out.push(
    table('Tools per provider', [
      ['provider', 'tools'],
      ...[...perProvider.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])),
    ]),
  );

  const kinds = new Map<string, number>();
  for (const { data } of source.tools)
    for (const [fact, src] of Object.entries(data.sources))
      kinds.set(`${fact} ${src.kind}`, (kinds.get(`${fact} ${src.kind}`) ?? 0) + 1);
  out.push(
    table('Values per source type', [
      ['fact', 'kind', 'values'],
      ...[...kinds.entries()].sort().map(([k, n]) => [...k.split(' '), n]),
    ]),
  );

  out.push(categoryTable(documents));
  out.push(scoresReport(documents['benchmarks.json'].benchmarks));
  out.push(
    reporterGaps(
      source.series.data.series,
      source.results.map((r) => r.data),
    ),
  );

  const today = now.toISOString().slice(0, 10);
  const lifecycle = source.tools
    .filter(({ data }) => data.status === 'deprecated' || data.status === 'retired' || data.lifecycle?.shutdown)
    .map(({ data }) => [data.id, data.status, data.lifecycle?.shutdown?.date ?? '-', data.replacedBy ?? '-'])
    .sort((a, b) => String(a[2]).localeCompare(String(b[2])) || String(a[0]).localeCompare(String(b[0])));
  out.push(
    lifecycle.length
      ? table(`Deprecated and retired tools (${lifecycle.length})`, [
          ['tool', 'status', 'shutdown', 'replacedBy'],
          ...lifecycle,
        ])
      : '\nNo deprecated or retired tools.',
  );
  const warnings = lifecycleWarnings(source, today);
  if (warnings.length)
    out.push(
      `\nLifecycle warnings (${warnings.length}):\n${warnings.map((w) => `  ${w.file}: ${w.message}`).join('\n')}`,
    );

  // Staleness is the age of the source version a value was read from (asOf), not of the day someone last checked it (verified).
  const stale: (string | number)[][] = [];
  for (const { file, data } of source.tools)
    for (const [fact, src] of Object.entries(data.sources)) {
      const ageDays = Math.floor((now.getTime() - Date.parse(`${src.asOf}T00:00:00Z`)) / 86_400_000);
      if (ageDays > STALE_DAYS) stale.push([file, fact, src.asOf, src.verified, ageDays]);
    }
  out.push(
    stale.length
      ? table(`Facts whose source version (asOf) is older than ${STALE_DAYS} days (${stale.length})`, [
          ['file', 'fact', 'asOf', 'verified', 'days'],
          ...stale,
        ])
      : `\nNo fact's source version (asOf) is older than ${STALE_DAYS} days.`,
  );
  return out.join('\n');
}
