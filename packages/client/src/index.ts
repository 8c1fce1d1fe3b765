/**
 * @ai-coding-models/client: a typed, dependency-free client of the AI Coding Models Directory.
 *
 *   import { createClient } from '@ai-coding-models/client';
 *   const directory = createClient({ baseUrl: 'http://localhost:3000' });
 *   const ranked = await directory.rank({ input: 200_000, output: 20_000 }, { by: 'value', limit: 5 });
 */
export {
  apiBaseOf,
  type ClientOptions,
  createClient,
  DEFAULT_BASE_URL,
  DirectoryClient,
  type Fetched,
  type StaleAnswer,
  type IndexDocument,
  platformById,
} from './client.ts';
export {
  DirectoryError,
  type DirectoryErrorKind,
  HttpError,
  InvalidInputError,
  NetworkError,
  NotFoundError,
  SchemaError,
} from './errors.ts';
export {
  CAPABILITIES,
  type Capability,
  type ClientCostOptions,
  costOf,
  filterTools,
  findTool,
  type JoinedTool,
  joinTool,
  type MatchKind,
  matchTool,
  type RankBy,
  type RankedTool,
  type RankOptions,
  rankTools,
  resolveSuccessor,
  type Succession,
  suggestIds,
  type ToolFilter,
  type ToolMatch,
  type ToolStatus,
} from './query.ts';
export {
  isReleaseDocumentName,
  type ReleaseDocument,
  type ReleaseDocumentName,
  releaseDocumentIssues,
} from './release-documents.ts';
export { type CachedDocument, type CacheStore, MemoryStore } from './store.ts';
/** Which releases and changes answer "what changed" (changes.ts): one rule for the client, CLI and MCP server. */
export {
  type ChangeFilter,
  type ChangeKind,
  type Release,
  type SelectedChanges,
  type SelectedRelease,
  selectChanges,
} from './changes.ts';
/** Text from the API made safe for a terminal or an agent's context (control and text-direction characters escaped). */
export { printable } from './format.ts';
export * from './types.generated.ts';
/** Cost and time per coding task as published (benchmarks.json models[].taskCost): select, filter, rank. */
export {
  figureWords,
  type RankedTask,
  rankByTask,
  solvedTaskCeiling,
  TASK_KINDS,
  impliedRanking,
  TASK_RANK_BY,
  TASK_RANK_WORDS,
  type TaskConfiguration,
  type TaskCost,
  type TaskFigure,
  type TaskFigures,
  type TaskKind,
  type TaskQuery,
  type TaskRankBy,
  type TaskBilling,
  taskFiguresOf,
  taskFiguresOnPlatform,
  taskBillingOn,
} from './task-cost.ts';
export { structuralIssues, type Validator } from './validate.ts';
/** The directory's cost engine itself (src/cost), for callers that work with their own data. */
export {
  billingOn,
  buildCostVectors,
  CostError,
  type CostErrorCode,
  type CostKind,
  type CostLine,
  type CostOptions,
  type CostResult,
  costOf as engineCostOf,
  type EvidenceAccount,
  evidenceAccount,
  type PlatformBillingLike,
  type PricedModel,
  ratesAt,
  type Rates,
  TOKEN_CLASSES,
  type TokenClass,
  type Usage,
} from '../../../src/cost/index.ts';
/** Any model id to its tool, and a provider response to its cost (resolve.ts, src/cost/provider-usage.ts). */
export {
  type ModelIdEntry,
  type ModelIdForm,
  type ModelIdMatch,
  type PriceResponseOptions,
  priceResponse,
  type ResolvedModel,
  resolveModel,
} from './resolve.ts';
export * from '../../../src/cost/provider-usage.ts';
/** Whether a change of changes.json is an estimate refitted within its previous interval (src/schema/refit.ts). */
export { isRefit } from '../../../src/schema/refit.ts';
