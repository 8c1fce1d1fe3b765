/**
 * BigCodeBench's leaderboard files (bigcode-bench/bigcode-bench.github.io `results.json` for the
 * full set, `results-hard.json` for the hard set): an object keyed by the leaderboard's model
 * name, each `{ link, "pass@1": { complete, instruct }, date, prompted, moe, size, ... }`. Each
 * split with a number is one result (`split` complete or instruct); a null split is not run.
 * The set is the file's, so the source names it (`set` in the feed rules). `date` is the date the
 * leaderboard lists for the entry. Pure.
 */
import type { DataIssue } from '../../compile/errors.ts';
import { parseJsonGuarded } from '../../compile/json-guard.ts';
import {
  finish,
  objectAt,
  percentScore,
  protocol,
  resultDate,
  type UpstreamResult,
  type UpstreamResults,
} from './results.ts';

const SPLITS = ['complete', 'instruct'] as const;

export function readBigCodeBench(body: Buffer, origin: string, label = 'bigcodebench upstream'): UpstreamResults {
  const parsed = parseJsonGuarded(body, label);
  if (!parsed.ok) return parsed;
  const issues: DataIssue[] = [];
  const results: UpstreamResult[] = [];
  for (const [name, raw] of Object.entries(objectAt(parsed.value, label, '', issues))) {
    const where = `${label} "${name}"`;
    const entry = objectAt(raw, where, '', issues);
    const pass = objectAt(entry['pass@1'], where, 'pass@1', issues);
    const date = resultDate(entry.date, where, 'date', issues);
    for (const split of SPLITS) {
      if (pass[split] === null || pass[split] === undefined) continue;
      const score = percentScore(pass[split], where, `pass@1.${split}`, issues);
      if (score === undefined || !date) continue;
      const fields = protocol({ model: name, split, prompted: entry.prompted, link: entry.link });
      results.push({
        row: results.length + 1,
        name,
        keys: [name],
        fields,
        score,
        date,
        source: `${origin} ["${name}" pass@1.${split}]`,
      });
    }
  }
  return finish(results, issues);
}
