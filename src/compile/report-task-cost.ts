/** The task-cost part of `npm run report`: per source of task runs, what it gave, and how the estimates held out. */
import type { BenchmarksDocument } from '../schema/api.ts';
import { type SourceData, taskRunsToolId } from './load.ts';
import { table } from './report-scores.ts';

type Benchmarks = BenchmarksDocument['benchmarks'];

/** Per benchmark the runs come from: runs, models, configurations, and which models have a cost, scored or not. */
function perSource(source: SourceData, benchmarks: Benchmarks): (string | number)[][] {
  const scored = new Map(benchmarks.models.map((m) => [m.modelId, m]));
  const rows = new Map<string, { runs: number; models: Set<string>; configs: Set<string>; withCost: Set<string> }>();
  for (const { file, data } of source.taskRuns) {
    const toolId = taskRunsToolId(file);
    for (const run of data.runs) {
      const row = rows.get(run.benchmark) ?? { runs: 0, models: new Set(), configs: new Set(), withCost: new Set() };
      row.runs += 1;
      row.models.add(toolId);
      const config = scored.get(toolId)?.taskCost.configurations.find((c) => c.runs.some((r) => r.id === run.id));
      if (config) row.configs.add(`${toolId}\u0000${config.id}`);
      if (config?.costPerSolvedTaskUsd) row.withCost.add(toolId);
      rows.set(run.benchmark, row);
    }
  }
  return [...rows.entries()]
    .sort((a, b) => a[0].localeCompare(b[0]))
    .map(([benchmark, r]) => [
      benchmark,
      r.runs,
      r.models.size,
      [...r.models].filter((id) => scored.has(id)).length,
      r.configs.size,
      r.withCost.size,
    ]);
}

/** Per kind of speed source: endpoints and tools, so a reader sees what the speed column rests on. */
function speedLine(source: SourceData, benchmarks: Benchmarks): string {
  const scored = new Set(benchmarks.models.map((m) => m.modelId));
  const tools = source.speeds.map((s) => taskRunsToolId(s.file));
  const kinds = new Map<string, number>();
  for (const { data } of source.speeds)
    for (const e of data.endpoints) kinds.set(e.source.kind, (kinds.get(e.source.kind) ?? 0) + 1);
  const byKind = [...kinds.entries()].sort((a, b) => b[1] - a[1]).map(([kind, n]) => `${n} ${kind}`);
  return `\nSpeed (data/speed/): ${tools.length} tools, ${tools.filter((id) => scored.has(id)).length} of them scored; endpoints by source kind: ${byKind.join(', ') || 'none'}.`;
}

export function taskCostReport(source: SourceData, benchmarks: Benchmarks): string {
  const headlines = benchmarks.models.map((m) => m.taskCost.headline);
  const measured = headlines.filter((h) => h?.evidence === 'measured' && h.costPerSolvedTaskUsd).length;
  const measuredNoCost = headlines.filter((h) => h?.evidence === 'measured' && !h.costPerSolvedTaskUsd).length;
  const estimated = headlines.filter((h) => h?.evidence === 'estimated').length;
  const none = headlines.filter((h) => h === null).length;
  const top20 = benchmarks.models
    .filter((m) => m.rank <= 20)
    .filter((m) => m.taskCost.headline?.evidence === 'measured' && m.taskCost.headline.costPerSolvedTaskUsd).length;
  return [
    table('Task runs per source (data/task-runs/)', [
      ['benchmark', 'runs', 'models', 'scored', 'configurations', 'scored with cost per solved task'],
      ...perSource(source, benchmarks),
    ]),
    speedLine(source, benchmarks),
    `\nCost per task of the ${benchmarks.models.length} scored models (headline): ${measured} measured (${top20} of the top 20), ${measuredNoCost} measured time only, ${estimated} estimated, ${none} without (reason in taskCost.reason).`,
    table('Task-cost estimates per kind (held-out coverage of the 80% interval; target 75-85%)', [
      ['task kind', 'measured models', 'estimated models', 'held out', 'coverage', 'why none'],
      ...benchmarks.taskCostMethod.kinds.map((k) => [
        k.taskKind,
        k.measuredModels,
        k.estimatedModels,
        k.heldOut?.n ?? '-',
        k.heldOut?.coverage ?? '-',
        k.reason ?? '-',
      ]),
    ]),
  ].join('\n');
}
