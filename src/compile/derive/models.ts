/**
 * The per-model documents (/api/models/<id>.json): everything known about one model, gathered from the
 * documents as published, so that one request answers what a client would otherwise join from six. The tool
 * comes with its full provenance (the record tools.json is made lean from). Pure.
 */
import { billingOn } from '../../cost/index.ts';
import type { CostVectorsDocument, Documents, ModelDocument, ToolRecord } from '../../schema/api.ts';

export interface ModelDocumentsInput {
  /** Every tool with its full provenance, as the build derived it. */
  records: readonly ToolRecord[];
  documents: Documents;
  /** The worked cost examples of cost-vectors.json. */
  costVectors: CostVectorsDocument['vectors'];
  lastUpdated: string;
}

type Categories = Documents['categories.json']['categories'];
type UseCases = Documents['use-cases.json']['useCases'];
type Platforms = Documents['platforms.json']['platforms'];

function categoriesOf(record: ToolRecord, categories: Categories): ModelDocument['categories'] {
  return record.category.flatMap((slug) => {
    const category = categories.find((c) => c.slug === slug);
    if (!category) return [];
    const flagship = category.flagships.find((f) => f.toolId === record.id);
    const superseded = category.superseded.find((s) => s.toolId === record.id);
    return [
      {
        slug,
        name: category.name,
        flagship: flagship ? { statement: flagship.statement, source: flagship.source } : null,
        supersededBy: superseded?.supersededBy ?? null,
        supersessionNote: superseded?.note ?? null,
      },
    ];
  });
}

function picksOf(id: string, useCases: UseCases): ModelDocument['useCases'] {
  return useCases.flatMap((useCase) => {
    const index = useCase.topPicks.indexOf(id);
    if (index === -1) return [];
    const evidence = useCase.topPickEvidence.find((e) => e.toolId === id);
    const cost = useCase.topPickCosts.find((c) => c.toolId === id);
    return [
      {
        slug: useCase.slug,
        title: useCase.title,
        rank: index + 1,
        rankedBy: evidence?.rankedBy ?? useCase.sortBy,
        value: evidence?.value ?? null,
        scenarioCostUsd: cost?.scenarioCostUsd ?? 0,
      },
    ];
  });
}

/** The platforms that offer the tool, with how each bills it (a bring-your-own-key provider's model: `byok`). */
function platformsOf(record: ToolRecord, platforms: Platforms): ModelDocument['platforms'] {
  return platforms.flatMap((platform) => {
    if (!platform.toolIds.includes(record.id)) return [];
    const entry = platform.toolBilling.find((b) => b.toolId === record.id);
    return [
      {
        id: platform.id,
        name: platform.name,
        billing: billingOn(platform, record)?.billing ?? null,
        multiplier: entry?.multiplier ?? null,
        priceFactor: entry?.priceFactor ?? null,
        asOf: entry?.asOf ?? platform.asOf,
        note: entry?.note ?? null,
      },
    ];
  });
}

/** One document per tool, in the order of tools.json. */
export function deriveModelDocuments(input: ModelDocumentsInput): ModelDocument[] {
  const { documents } = input;
  const benchmarks = documents['benchmarks.json'].benchmarks;
  const scores = new Map(benchmarks.models.map((m) => [m.modelId, m]));
  const unscored = new Map(benchmarks.unscored.map((u) => [u.toolId, u.reason]));
  return input.records.map((record) => ({
    id: record.id,
    tool: record,
    benchmark: scores.get(record.id) ?? null,
    unscored: scores.has(record.id) ? null : (unscored.get(record.id) ?? null),
    categories: categoriesOf(record, documents['categories.json'].categories),
    useCases: picksOf(record.id, documents['use-cases.json'].useCases),
    platforms: platformsOf(record, documents['platforms.json'].platforms),
    costVectors: input.costVectors.filter((v) => v.toolId === record.id),
    lastUpdated: input.lastUpdated,
  }));
}
