/**
 * The `benchmarks` arrays of the models.dev `api.json` model entries (the pricing upstream's own
 * document): `{ name, score, metric?, harness?, variant?, dataset?, version?, source?, date? }`
 * as `BenchmarkResult` in anomalyco/models.dev packages/core/src/schema.ts defines it. Only the
 * models a tool maps to (`upstream.modelsDev`) are read, and matched by that key; their entries
 * are checked strictly. An entry without a date keeps an empty date: it is reported, not used.
 * Pure.
 */
import { isDateOrMonth } from '../../schema/common.ts';
import type { DataIssue } from '../../compile/errors.ts';
import * as check from './results.ts';
import type { UpstreamResult, UpstreamResults } from './results.ts';

function hostOf(source: string): string {
  try {
    return new URL(source).hostname;
  } catch {
    return '';
  }
}

function entryResult(
  key: string,
  raw: unknown,
  index: number,
  context: { label: string; origin: string; row: number },
  issues: DataIssue[],
): UpstreamResult | undefined {
  const { label, origin, row } = context;
  const where = `${label} ${key} benchmarks[${index}]`;
  const before = issues.length;
  const entry = check.objectAt(raw, where, '', issues);
  const name = check.requiredText(entry.name, where, 'name', issues);
  const score = check.percentScore(entry.score, where, 'score', issues);
  const date = entry.date === undefined ? '' : entry.date;
  if (typeof date !== 'string' || (date !== '' && !isDateOrMonth(date)))
    issues.push({ file: where, field: 'date', value: entry.date, message: 'must be a date YYYY-MM or YYYY-MM-DD' });
  const source = entry.source === undefined ? '' : entry.source;
  if (typeof source !== 'string')
    issues.push({ file: where, field: 'source', value: source, message: 'must be a URL' });
  if (issues.length > before || name === undefined || score === undefined) return undefined;
  const fields = check.protocol({
    benchmark: name,
    metric: entry.metric,
    harness: entry.harness,
    variant: entry.variant,
    dataset: entry.dataset,
    version: entry.version,
    sourceHost: hostOf(source as string),
    source,
    key,
  });
  const quoted = source ? `${source as string} as quoted in ${origin} ${key}` : `${origin} ${key}`;
  return { row, name: key, keys: [key], fields, score, date: date as string, source: quoted };
}

/** Results of the wanted models' `benchmarks` arrays, in document order. */
export function readModelsDevBenchmarks(
  raw: unknown,
  wanted: ReadonlySet<string>,
  origin: string,
  label = 'models.dev benchmarks',
): UpstreamResults {
  const issues: DataIssue[] = [];
  const results: UpstreamResult[] = [];
  const document = check.objectAt(raw, label, '', issues);
  for (const [providerId, providerRaw] of Object.entries(document)) {
    const models = check.objectAt(
      check.objectAt(providerRaw, label, providerId, issues).models,
      label,
      `${providerId}.models`,
      issues,
    );
    for (const [modelId, modelRaw] of Object.entries(models)) {
      const key = `${providerId}/${modelId}`;
      if (!wanted.has(key)) continue;
      const list = check.objectAt(modelRaw, label, key, issues).benchmarks;
      if (list === undefined) continue;
      check.arrayAt(list, `${label} ${key}`, 'benchmarks', issues).forEach((entry, index) => {
        const result = entryResult(key, entry, index, { label, origin, row: results.length + 1 }, issues);
        if (result) results.push(result);
      });
    }
  }
  return check.finish(results, issues);
}
