/**
 * The words every face of the directory uses for a model's lifecycle and for the change feed: the page, the client's
 * command line and the MCP server read them here, so "retired" means one thing everywhere (the schema's `status`:
 * no longer served by its provider), apart from a model removed from the directory (no longer listed here at all).
 * Dependency-free (the client package ships this file as it ships refit.ts), so it takes changes by their shape.
 */

/** A status as a label, by the schema's `status` values. */
export const STATUS_WORDS: Readonly<Record<string, string>> = {
  active: 'Active',
  preview: 'Preview',
  deprecated: 'Deprecated',
  retired: 'Retired',
};

/** What each status means, in the schema's lifecycle terms (src/schema/common.ts `status`). */
export const STATUS_MEANING: Readonly<Record<string, string>> = {
  active: 'generally available on the provider’s API',
  preview: 'offered, but labelled preview or beta by the provider',
  deprecated: 'still served by its provider, with a shutdown scheduled',
  retired: 'no longer served by its provider (its requests fail or go to another model)',
};

/**
 * A status as running text says it ("retired"), for the command line and the MCP server's summaries; JSON keeps the
 * schema's value. A status this file does not know yet (a newer release's) is shown as published, never dropped.
 */
export function statusWord(status: string): string {
  return (STATUS_WORDS[status] ?? status).toLowerCase();
}

/** A status with what it means, "retired (no longer served by its provider ...)", for a sentence about one model. */
export function statusPhrase(status: string): string {
  const meaning = STATUS_MEANING[status];
  return meaning === undefined ? statusWord(status) : `${statusWord(status)} (${meaning})`;
}

/** What leaving the directory means: not a status, and not the same as retired. */
export const REMOVED_MEANING = 'no longer listed in this directory (its id is never given to another model)';

/** Each change kind of the feed (`changeKind` in api.ts) as a reader says it. */
export const CHANGE_KIND_WORDS: Readonly<Record<string, string>> = {
  'model-added': 'New model',
  'model-removed': 'Removed from the directory',
  'model-deprecated': 'Deprecated (shutdown scheduled)',
  'model-retired': 'Retired (no longer served)',
  'status-changed': 'Status changed',
  'successor-named': 'Successor named',
  'shutdown-changed': 'Shutdown date changed',
  'price-changed': 'Price changed',
  'context-changed': 'Limit changed',
  'release-date-changed': 'Release date corrected',
  'capability-changed': 'Capability corrected',
  'first-score': 'First score',
  'score-changed': 'Score changed',
  'rank-moved': 'Rank moved',
  'task-cost-changed': 'Cost per solved task changed',
  'source-changed': 'Source updated',
};

/** A change kind in words; a kind this file does not know yet is shown as it is published, never dropped. */
export function changeKindWords(kind: string): string {
  return CHANGE_KIND_WORDS[kind] ?? kind;
}

/** Field paths of the change feed (`change.field`) in words, e.g. `pricing.cacheRead` -> "cache read price". */
export const FIELD_WORDS: Readonly<Record<string, string>> = {
  status: 'status',
  replacedBy: 'successor',
  'lifecycle.shutdown.date': 'shutdown date',
  'pricing.input': 'input price',
  'pricing.output': 'output price',
  'pricing.cacheRead': 'cache read price',
  'pricing.cacheCreate': 'cache write price',
  'pricingDetails.cacheCreate1h': 'one-hour cache write price',
  'pricingDetails.tiers': 'long-context prices',
  'pricingDetails.modifiers': 'promotion, batch and off-peak prices',
  contextTokens: 'context window',
  maxOutputTokens: 'output limit',
  releaseDate: 'release month',
  openWeights: 'open weights',
  reasoning: 'reasoning',
  toolCalling: 'tool calling',
  imageInput: 'image input',
  codingSpecialized: 'built for coding',
  'benchmarks.overallScore': 'overall score',
  'benchmarks.rank': 'overall rank',
  'benchmarks.sweBench': 'SWE-bench Verified score',
  'benchmarks.liveCodeBench': 'LiveCodeBench score',
  'benchmarks.humanEval': 'HumanEval score',
  'benchmarks.bigCodeBench': 'BigCodeBench score',
  'benchmarks.scoreDetails.sweBenchPro': 'SWE-bench Pro score',
  'benchmarks.scoreDetails.terminalBench': 'Terminal-Bench score',
  'benchmarks.taskCost.costPerSolvedTaskUsd': 'cost per solved task',
  'sources.pricing': 'source of the prices',
  'sources.contextWindow': 'source of the context window',
  'sources.releaseDate': 'source of the release month',
};

/**
 * A changed field in words, and whether this file knew it: an unknown path (a field a newer release publishes) is
 * returned as it is, marked unknown, so a face shows the path rather than failing or hiding the change.
 */
export function fieldWords(path: string | null): { words: string; known: boolean } {
  if (path === null) return { words: '', known: true };
  const words = FIELD_WORDS[path];
  return words === undefined ? { words: path, known: false } : { words, known: true };
}
