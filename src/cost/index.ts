/**
 * The one implementation of the cost rules (README "Cost rules"). Self-contained: no imports from
 * outside this folder, no packages and no Node built-ins, so the same files run in the build, a
 * zero-dependency client package and a browser.
 */
export { checkPricedModel } from './check.ts';
export {
  type AggregateEntryLike,
  type EvidenceAccount,
  evidenceAccount,
  type ScoreDetailLike,
} from './evidence-account.ts';
export { costOf, ratesAt } from './engine.ts';
export { type HeadlineRates, type PriceInForce, priceInForce } from './in-force.ts';
export { billingOn } from './platform.ts';
export { CostError, type CostErrorCode } from './errors.ts';
export { buildCostVectors, type VectorModel } from './vectors.ts';
export { TOKEN_CLASSES } from './types.ts';
export type {
  AppliedModifier,
  AppliedTier,
  BillingKind,
  CachingMode,
  CostBasis,
  CostKind,
  CostLine,
  CostOptions,
  CostResult,
  CostVector,
  LimitExcess,
  ModifierKind,
  ModifierLike,
  PlatformBillingLike,
  PlatformLike,
  PricedModel,
  RateOptions,
  Rates,
  RateSetLike,
  TierLike,
  TierSemantics,
  TimedModifierKind,
  TokenClass,
  Usage,
  UtcWindowLike,
} from './types.ts';
export {
  ALIAS_POINTERS,
  type AliasPointer,
  aliasPointerOn,
  closestModelIds,
  isMovingAlias,
  lookupModelId,
  type ModelIdEntry,
  type ModelIdForm,
  type ModelIdKind,
  type ModelIdMatch,
  modelIdCandidates,
  modelIdEntries,
  movingAliasReason,
  type NamedTool,
  type ProviderOf,
  providerPrefixes,
  quotedQuery,
  type ReleaseOf,
  resolveModelId,
  SNAPSHOT_RULES,
  type Snapshot,
  type SnapshotRule,
  snapshotSuffix,
  UnknownModelIdError,
} from './model-id.ts';
export { type NameKey, type NameRefusal, nameKey, refusalText } from './name-key.ts';
export {
  type PriceableTool,
  type PricedResponse,
  type PriceResponseData,
  type PriceResponseOptions,
  priceResponse,
} from './price-response.ts';
export {
  type ProviderUsage,
  ProviderUsageError,
  type ProviderUsageOptions,
  USAGE_FORMATS,
  type UsageFormat,
  usageFromResponse,
} from './provider-usage.ts';
export { type ScenarioTokens, scenarioCostOf } from './scenario.ts';
