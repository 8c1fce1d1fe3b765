/** The coverage report of `npm run report`: what the data covers and where it is thin or old. */
import type { BenchmarkModel } from '../schema/api.ts';
import type { Documents } from './documents.ts';
import type { SourceData } from './load.ts';
import { SEED_FIELDS } from './derive/benchmarks.ts';

const STALE_DAYS = 120;

function table(title: string, rows: (string | number)[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => String(row[column]).length)));
  const lines = rows.map((row) => row.map((cell, column) => String(cell).padEnd(widths[column]!)).join('  '));
  return `\n${title}\n${lines.join('\n')}`;
}

export function coverageReport(source: SourceData, documents: Documents, now: Date): string {
  const out: string[] = [];
  const perProvider = new Map<string, number>();
  for (const { data } of source.tools) perProvider.set(data.provider, (perProvider.get(data.provider) ?? 0) + 1);
  out.push(table('Tools per provider', [['provider', 'tools'], ...[...perProvider.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))]));

  const kinds = new Map<string, number>();
  for (const { data } of source.tools)
    for (const [fact, src] of Object.entries(data.sources)) kinds.set(`${fact} ${src.kind}`, (kinds.get(`${fact} ${src.kind}`) ?? 0) + 1);
  out.push(table('Values per source type', [['fact', 'kind', 'values'], ...[...kinds.entries()].sort().map(([k, n]) => [...k.split(' '), n])]));

  const models = (documents['benchmarks.json'] as { benchmarks: { models: BenchmarkModel[] } }).benchmarks.models;
  out.push(
    table('Measured vs estimated seed scores (scored models: ' + models.length + ')', [
      ['benchmark', 'measured', 'estimated'],
      ...SEED_FIELDS.map((f) => [f, models.filter((m) => m.scoreDetails[f].kind === 'measured').length, models.filter((m) => m.scoreDetails[f].kind === 'estimated').length]),
    ]),
  );
  const unscored = source.tools.map((t) => t.data.id).filter((id) => !models.some((m) => m.modelId === id));
  out.push(`\nUnscored tools (no published result): ${unscored.length}\n  ${unscored.join(', ')}`);

  const stale: (string | number)[][] = [];
  for (const { file, data } of source.tools)
    for (const [fact, src] of Object.entries(data.sources)) {
      const ageDays = Math.floor((now.getTime() - Date.parse(`${src.asOf}T00:00:00Z`)) / 86_400_000);
      if (ageDays > STALE_DAYS) stale.push([file, fact, src.asOf, ageDays]);
    }
  out.push(stale.length ? table(`Facts older than ${STALE_DAYS} days (${stale.length})`, [['file', 'fact', 'asOf', 'days'], ...stale]) : `\nNo facts older than ${STALE_DAYS} days.`);
  return out.join('\n');
}
