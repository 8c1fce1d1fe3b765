/**
 * Curated data in, the six published documents out: validate, derive, score, check. Pure; the
 * artifact around the documents (history, schemas, index) is composed in src/history/.
 */
import type { Documents, ToolRecord } from '../schema/api.ts';
import type { CrossValidationResult } from './scoring/index.ts';
import { deriveBenchmarks } from './derive/benchmarks.ts';
import type { TaskRunsOfTool } from './derive/task-cost.ts';
import {
  checkCategoryCoverage,
  computeMembership,
  flagshipMembers,
  provisionalMembers,
  supersededMembers,
} from './derive/categories.ts';
import { deriveCategories, derivePlatforms, deriveProviders, deriveToolRecords, leanTool } from './derive/directory.ts';
import { withStatusOn } from './derive/effective-status.ts';
import { deriveUseCases, type PickEvidence } from './derive/use-cases.ts';
import { checkDocumentIntegrity, checkSourceIntegrity } from './integrity.ts';
import { type SourceData, taskRunsToolId } from './load.ts';

export type { Documents };

export interface BuildResult {
  documents: Documents;
  /** Every tool with its full provenance, in the order of tools.json: the per-model documents publish these. */
  records: ToolRecord[];
  crossValidation: CrossValidationResult;
  lastUpdated: string;
}

export interface BuildOptions {
  crossValidation?: CrossValidationResult;
  /** The clock observed dates are checked against (integrity.ts); now when absent. */
  now?: Date;
}

/** What picks are judged on besides the published tool facts: scores with intervals, measured series, autocomplete facts. */
/** Per tool, its task runs (data/task-runs/) and endpoint speeds (data/speed/), either of which may be absent. */
function taskEvidenceOf(source: SourceData): TaskRunsOfTool[] {
  const byTool = new Map<string, TaskRunsOfTool>();
  const of = (file: string) => {
    const toolId = taskRunsToolId(file);
    const entry = byTool.get(toolId) ?? { toolId, runs: [], endpoints: [] };
    byTool.set(toolId, entry);
    return entry;
  };
  for (const t of source.taskRuns) of(t.file).runs = t.data.runs;
  for (const s of source.speeds) of(s.file).endpoints = s.data.endpoints;
  return [...byTool.values()];
}

function pickEvidenceOf(
  benchmarks: ReturnType<typeof deriveBenchmarks>,
  source: SourceData,
  toolFiles: readonly SourceData['tools'][number]['data'][],
): PickEvidence {
  return {
    scores: benchmarks.overallScores,
    models: new Map(benchmarks.document.models.map((m) => [m.modelId, m])),
    measuredSeries: benchmarks.measuredSeries,
    seriesIds: source.series.data.series.map((s) => s.id),
    seriesTasks: new Map(source.series.data.series.flatMap((s) => (s.tasks ? [[s.id, s.tasks] as const] : []))),
    autocomplete: new Map(toolFiles.flatMap((t) => (t.autocomplete ? [[t.id, t.autocomplete] as const] : []))),
    liveSeries: new Map(benchmarks.document.aggregate.filter((a) => a.weight > 0).map((a) => [a.field, a.series])),
  };
}

export function buildDocuments(source: SourceData, options: BuildOptions = {}): BuildResult {
  checkSourceIntegrity(source, options.now);
  const { meta } = source;
  const lastUpdated = meta.data.lastUpdated;
  // Every derivation sees the status on the data's date: a scheduled retirement that has come is in force.
  const toolFiles = withStatusOn(
    source.tools.map((t) => t.data),
    lastUpdated.slice(0, 10),
  );
  const providersById = new Map(source.providers.map((p) => [p.data.id, p.data]));
  const providerNames = new Map(source.providers.map((p) => [p.data.id, p.data.name]));

  const benchmarks = deriveBenchmarks({
    tools: toolFiles,
    providerNames,
    series: source.series.data.series,
    results: source.results.map((r) => r.data),
    version: meta.data.benchmarkVersion,
    runDate: lastUpdated,
    crossValidation: options.crossValidation,
    taskRuns: taskEvidenceOf(source),
  });
  const categoryFiles = source.categories.map((c) => c.data);
  const membershipInput = { tools: toolFiles, overallScores: benchmarks.overallScores };
  const membership = computeMembership(categoryFiles, membershipInput);
  checkCategoryCoverage(toolFiles, membership);
  const flagships = flagshipMembers(categoryFiles, membershipInput);
  const superseded = supersededMembers(categoryFiles, membershipInput, membership);
  const scoreEvidence = new Map(benchmarks.document.models.map((m) => [m.modelId, m]));
  const provisional = provisionalMembers(categoryFiles, membership, scoreEvidence);
  const records = deriveToolRecords(toolFiles, providersById, membership);
  const tools = records.map(leanTool);

  const pickEvidence = pickEvidenceOf(benchmarks, source, toolFiles);
  const providers = deriveProviders(
    source.providers.map((p) => p.data),
    tools,
  );
  const documents: Documents = {
    'tools.json': { tools, lastUpdated, totalTools: tools.length },
    'benchmarks.json': { benchmarks: benchmarks.document, lastUpdated },
    'providers.json': { providers, lastUpdated },
    'categories.json': {
      categories: deriveCategories(categoryFiles, membership, flagships, superseded, provisional),
      lastUpdated,
    },
    'platforms.json': {
      platforms: derivePlatforms(
        source.platforms.map((p) => p.data),
        tools,
      ),
      lastUpdated,
    },
    // Scenario costs follow the cost rules on the build date: a promotion running that day counts.
    'use-cases.json': {
      useCases: deriveUseCases(source.useCases, tools, pickEvidence, lastUpdated.slice(0, 10)),
      lastUpdated,
    },
  };
  checkDocumentIntegrity(documents);
  return { documents, records, crossValidation: benchmarks.crossValidation, lastUpdated };
}
