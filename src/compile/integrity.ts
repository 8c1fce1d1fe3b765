/**
 * Cross-file rules the schema alone cannot express. Each check names the file, the field and
 * the value, so a failing build says exactly what to fix.
 */
import path from 'node:path';
import type { DocumentName, Documents } from '../schema/api.ts';
import { DOCUMENTS } from '../schema/api.ts';
import { IssueCollector } from './errors.ts';
import { parseWith, type Located, type SourceData } from './load.ts';
import { checkSourceKinds } from './source-kinds.ts';

type ToolData = SourceData['tools'][number]['data'];

/** The ids each kind of file declares, for the rules that check references between files. */
interface SourceIds {
  providers: Set<string>;
  tools: Set<string>;
  categories: Set<string>;
  platforms: Set<string>;
}

/** Ids that left the directory, and the sentence that says when, for messages about them. */
interface RemovedIds {
  has(id: string): boolean;
  note(id: string): string;
}

function checkUniqueIds<T extends { id: string }>(items: Located<T>[], issues: IssueCollector): Set<string> {
  const seen = new Map<string, string>();
  for (const { file, data } of items) {
    const previous = seen.get(data.id);
    if (previous) issues.add(file, 'id', data.id, `duplicates the id of ${previous}`);
    else seen.set(data.id, file);
    if (path.posix.basename(file, '.json') !== data.id) issues.add(file, 'id', data.id, 'must equal the file name');
  }
  return new Set(seen.keys());
}

function checkSlugMatchesId(items: Located<{ id: string; slug: string }>[], issues: IssueCollector): void {
  for (const { file, data } of items)
    if (data.slug !== data.id) issues.add(file, 'slug', data.slug, `must equal id "${data.id}"`);
}

function checkIds(source: SourceData, issues: IssueCollector): SourceIds {
  const ids = {
    providers: checkUniqueIds(source.providers, issues),
    tools: checkUniqueIds(source.tools, issues),
    categories: checkUniqueIds(source.categories, issues),
    platforms: checkUniqueIds(source.platforms, issues),
  };
  checkUniqueIds(source.useCases, issues);
  checkSlugMatchesId(source.categories, issues);
  checkSlugMatchesId(source.useCases, issues);
  return ids;
}

function removedIdsOf(source: SourceData): RemovedIds {
  const removed = new Map(source.removedIds.data.removed.map((r) => [r.id, r]));
  return {
    has: (id) => removed.has(id),
    note: (id) => `was removed from the directory on ${removed.get(id)!.removedOn} (data/removed-ids.json)`,
  };
}

function checkRemovedNotReused(source: SourceData, removed: RemovedIds, issues: IssueCollector): void {
  for (const { file, data: tool } of source.tools)
    if (removed.has(tool.id))
      issues.add(file, 'id', tool.id, `${removed.note(tool.id)}; a removed id is never reused, so pick another id`);
}

function checkReplacedBy(file: string, tool: ToolData, ids: SourceIds, removed: RemovedIds, issues: IssueCollector) {
  if (tool.replacedBy === undefined) return;
  if (!ids.tools.has(tool.replacedBy))
    issues.add(
      file,
      'replacedBy',
      tool.replacedBy,
      removed.has(tool.replacedBy)
        ? `points nowhere: ${removed.note(tool.replacedBy)}`
        : 'points nowhere: it is not a tool id',
    );
  if (tool.replacedBy === tool.id) issues.add(file, 'replacedBy', tool.replacedBy, 'must not point to the tool itself');
}

/** Each tool's references: its provider (and folder), its successor, its lifecycle platforms, its aliases. */
function checkToolReferences(source: SourceData, ids: SourceIds, removed: RemovedIds, issues: IssueCollector): void {
  const aliasOwner = new Map<string, string>();
  for (const { file, data: tool } of source.tools) {
    if (!ids.providers.has(tool.provider))
      issues.add(file, 'provider', tool.provider, 'is not the id of a file in data/providers/');
    const folder = file.split('/')[1];
    if (folder !== tool.provider)
      issues.add(file, 'provider', tool.provider, `must match the folder the file is in ("${folder}")`);
    checkReplacedBy(file, tool, ids, removed, issues);
    tool.lifecycle?.events.forEach((event, index) => {
      if (event.platform !== undefined && !ids.platforms.has(event.platform))
        issues.add(
          file,
          `lifecycle.events.${index}.platform`,
          event.platform,
          'is not the id of a file in data/platforms/',
        );
    });
    for (const alias of tool.aliases) {
      const owner = aliasOwner.get(alias);
      if (owner && owner !== tool.id) issues.add(file, 'aliases', alias, `is already an alias of ${owner}`);
      aliasOwner.set(alias, tool.id);
    }
  }
}

/** A zero price means free at list price, and only then. */
function checkFreePricing(file: string, tool: ToolData, issues: IssueCollector): void {
  const prices = Object.entries(tool.pricing) as [keyof ToolData['pricing'], number][];
  for (const [field, value] of prices) {
    if (tool.pricingDetails.free && value !== 0)
      issues.add(file, `pricing.${field}`, value, 'must be 0 when pricingDetails.free is true');
    if (!tool.pricingDetails.free && value === 0)
      issues.add(
        file,
        `pricing.${field}`,
        value,
        'is 0 but pricingDetails.free is false (publish 0 only for a model free at list price)',
      );
  }
}

/** Cache prices agree with the caching mode. */
function checkCachePricing(file: string, tool: ToolData, issues: IssueCollector): void {
  const { pricing } = tool;
  const caching = tool.pricingDetails.caching;
  if (caching === 'unavailable') {
    for (const field of ['cacheRead', 'cacheCreate'] as const)
      if (pricing[field] !== pricing.input)
        issues.add(
          file,
          `pricing.${field}`,
          pricing[field],
          `must equal input (${pricing.input}) when caching is unavailable`,
        );
    return;
  }
  // Each mode states where the write price sits against the input price: above it, equal to it, or below it.
  const rule = {
    'write-premium': { holds: pricing.cacheCreate > pricing.input, words: 'exceed' },
    'no-write-premium': { holds: pricing.cacheCreate === pricing.input, words: 'equal' },
    'write-discount': { holds: pricing.cacheCreate < pricing.input, words: 'be below' },
  }[caching];
  if (!rule.holds)
    issues.add(
      file,
      'pricing.cacheCreate',
      pricing.cacheCreate,
      `must ${rule.words} input (${pricing.input}) when caching is ${caching}`,
    );
  if (pricing.cacheRead > pricing.input)
    issues.add(file, 'pricing.cacheRead', pricing.cacheRead, 'must not exceed the input price');
}

/** Tiers ascend below the context window; a promotion says when it ends. */
function checkTiersAndModifiers(file: string, tool: ToolData, issues: IssueCollector): void {
  const details = tool.pricingDetails;
  details.tiers.forEach((tier, index) => {
    const previous = details.tiers[index - 1];
    if (previous && tier.aboveTokens <= previous.aboveTokens)
      issues.add(
        file,
        `pricingDetails.tiers.${index}.aboveTokens`,
        tier.aboveTokens,
        `must be greater than the previous tier's ${previous.aboveTokens} (tiers are ordered by ascending threshold)`,
      );
    if (tier.aboveTokens >= tool.contextTokens)
      issues.add(
        file,
        `pricingDetails.tiers.${index}.aboveTokens`,
        tier.aboveTokens,
        `must be below contextTokens (${tool.contextTokens})`,
      );
  });
  details.modifiers.forEach((modifier, index) => {
    if (modifier.kind === 'promotion' && !modifier.until)
      issues.add(file, `pricingDetails.modifiers.${index}.until`, modifier.until, 'a promotion needs its end date');
  });
}

function checkToolPricing(source: SourceData, issues: IssueCollector): void {
  for (const { file, data: tool } of source.tools) {
    checkFreePricing(file, tool, issues);
    checkCachePricing(file, tool, issues);
    checkTiersAndModifiers(file, tool, issues);
  }
}

function checkPlatforms(source: SourceData, ids: SourceIds, removed: RemovedIds, issues: IssueCollector): void {
  for (const { file, data: platform } of source.platforms) {
    const listed = new Set<string>();
    platform.models.forEach((model, index) => {
      if (!ids.tools.has(model.toolId))
        issues.add(
          file,
          `models.${index}.toolId`,
          model.toolId,
          removed.has(model.toolId) ? `${removed.note(model.toolId)}; drop the entry` : 'is not a tool id',
        );
      if (listed.has(model.toolId)) issues.add(file, `models.${index}.toolId`, model.toolId, 'is listed twice');
      listed.add(model.toolId);
    });
    platform.byok.providers.forEach((providerId, index) => {
      if (!ids.providers.has(providerId))
        issues.add(file, `byok.providers.${index}`, providerId, 'is not a provider id');
    });
    if (!platform.byok.supported && platform.byok.providers.length > 0)
      issues.add(file, 'byok.providers', platform.byok.providers, 'must be empty when byok.supported is false');
  }
}

function checkUseCases(source: SourceData, ids: SourceIds, issues: IssueCollector): void {
  for (const { file, data: useCase } of source.useCases) {
    useCase.filter.categories?.forEach((categoryId, index) => {
      if (!ids.categories.has(categoryId))
        issues.add(file, `filter.categories.${index}`, categoryId, 'is not a category id');
    });
  }
}

function checkResults(source: SourceData, ids: SourceIds, removed: RemovedIds, issues: IssueCollector): void {
  const seriesIds = new Set(source.series.data.series.map((series) => series.id));
  const seenModels = new Set<string>();
  for (const { file, data: results } of source.results) {
    if (path.posix.basename(file, '.json') !== results.model)
      issues.add(file, 'model', results.model, 'must equal the file name');
    if (seenModels.has(results.model)) issues.add(file, 'model', results.model, 'has results in more than one file');
    seenModels.add(results.model);
    // Results of a removed tool stay: like a reference model, it still anchors the scoring fit but is not published.
    if (results.toolId !== null && !ids.tools.has(results.toolId) && !removed.has(results.toolId))
      issues.add(
        file,
        'toolId',
        results.toolId,
        'is not a tool id (use null for a reference model outside the directory)',
      );
    results.results.forEach((result, index) => {
      if (!seriesIds.has(result.series))
        issues.add(file, `results.${index}.series`, result.series, 'is not a series id in benchmarks/series.json');
    });
  }
}

/**
 * How far after the build's clock an observed date may be: a contributor east of UTC writes tomorrow's date for
 * today, so one day; anything later has not happened yet.
 */
export const FUTURE_TOLERANCE_DAYS = 1;

/** Keys whose dates say when something was observed (read, checked, released, measured), never a plan. */
const OBSERVED_DATE_KEYS = new Set(['asOf', 'verified', 'releaseDate']);

/**
 * Observed dates later than the clock allows: a source read or verified, a model released, a result measured in the
 * future is a typo or a forgery. Planned dates (a shutdown, a promotion's end) may be later and are not checked.
 */
/**
 * Whether an observed date (a day, or a month) is later than `now` allows, with the tolerance: the one rule for
 * curated dates here and upstream dates in the refresh.
 */
export function isAfterClock(date: string, now: Date): boolean {
  const latest = new Date(now.getTime() + FUTURE_TOLERANCE_DAYS * 86_400_000).toISOString().slice(0, 10);
  return date.slice(0, 10) > latest.slice(0, date.length);
}

function checkObservedDates(source: SourceData, now: Date, issues: IssueCollector): void {
  const late = (date: string) => isAfterClock(date, now);
  const message = `is after the build's clock (${now.toISOString().slice(0, 10)}, ${FUTURE_TOLERANCE_DAYS} day allowed): an observed date cannot be in the future`;
  const visit = (file: string, node: unknown, field: string) => {
    if (Array.isArray(node)) {
      for (const [index, item] of node.entries()) visit(file, item, `${field}${field ? '.' : ''}${index}`);
    } else if (node !== null && typeof node === 'object')
      for (const [key, value] of Object.entries(node)) {
        const at = `${field}${field ? '.' : ''}${key}`;
        if (OBSERVED_DATE_KEYS.has(key) && typeof value === 'string') {
          if (late(value)) issues.add(file, at, value, message);
        } else visit(file, value, at);
      }
  };
  for (const { file, data } of [...source.tools, ...source.taskRuns, ...source.speeds]) visit(file, data, '');
  for (const { file, data } of source.results)
    data.results.forEach((result, index) => {
      if (late(result.date)) issues.add(file, `results.${index}.date`, result.date, message);
    });
}

/** A task-runs or speed file belongs to a listed tool: its file name is the tool id. */
function checkTaskRuns(source: SourceData, ids: SourceIds, issues: IssueCollector): void {
  for (const { file } of [...source.taskRuns, ...source.speeds]) {
    const toolId = path.posix.basename(file, '.json');
    if (!ids.tools.has(toolId)) issues.add(file, '', toolId, 'file name is not a tool id in data/tools/');
  }
  for (const { file, data } of source.taskRuns) {
    data.runs.forEach((run, index) => {
      if (run.source.kind === 'third-party')
        issues.add(file, `runs.${index}.source.kind`, run.source.kind, 'is a legacy kind, refused in curated files');
    });
  }
}

/** Rules on the curated files, checked before anything is derived, in the order the README states them. */
export function checkSourceIntegrity(source: SourceData, now: Date = new Date()): void {
  const issues = new IssueCollector();
  checkObservedDates(source, now, issues);
  const ids = checkIds(source, issues);
  const removed = removedIdsOf(source);
  checkRemovedNotReused(source, removed, issues);
  checkToolReferences(source, ids, removed, issues);
  checkToolPricing(source, issues);
  for (const { file, data } of source.tools) checkSourceKinds(file, data, issues);
  checkPlatforms(source, ids, removed, issues);
  checkUseCases(source, ids, issues);
  checkResults(source, ids, removed, issues);
  checkTaskRuns(source, ids, issues);
  issues.throwIfAny();
}

/** A lifecycle fact the build reports but does not refuse: the data may simply be waiting for a source. */
export interface LifecycleWarning {
  file: string;
  message: string;
}

/**
 * Warnings about lifecycle data that has gone stale: a shutdown date that has passed while the status
 * still says the model is callable, and a replacedBy chain that ends at a retired model.
 */
export function lifecycleWarnings(source: SourceData, today: string): LifecycleWarning[] {
  const warnings: LifecycleWarning[] = [];
  const byId = new Map(source.tools.map((t) => [t.data.id, t.data]));
  for (const { file, data: tool } of source.tools) {
    const shutdown = tool.lifecycle?.shutdown;
    if (shutdown && shutdown.date < today && tool.status !== 'retired')
      warnings.push({
        file,
        message: `lifecycle.shutdown.date ${shutdown.date} has passed but status is "${tool.status}": check the source and set status to retired, or record a later shutdown date`,
      });
    // A retired successor is a historical fact worth keeping when the chain goes on to a callable
    // model (clients follow it); it is stale only when the chain ends at a model nobody can call.
    const chain: string[] = [];
    let last = tool;
    for (
      let next = byId.get(tool.replacedBy ?? '');
      next && !chain.includes(next.id);
      next = byId.get(next.replacedBy ?? '')
    ) {
      chain.push(next.id);
      last = next;
    }
    if (chain.length > 0 && last.status === 'retired')
      warnings.push({
        file,
        message: `replacedBy leads only to retired models (${chain.join(' -> ')}): name a callable successor, or remove replacedBy if the provider names none`,
      });
  }
  return warnings;
}

type ToolIds = ReadonlySet<string>;

function checkToolsAndBenchmarks(documents: Documents, toolIds: ToolIds, issues: IssueCollector): void {
  const { tools, totalTools } = documents['tools.json'];
  if (totalTools !== tools.length)
    issues.add('dist/api/tools.json', 'totalTools', totalTools, `must equal the number of tools (${tools.length})`);
  documents['benchmarks.json'].benchmarks.models.forEach((model, index) => {
    if (!toolIds.has(model.modelId))
      issues.add(
        'dist/api/benchmarks.json',
        `benchmarks.models.${index}.modelId`,
        model.modelId,
        'is not the id of a tool (rule 3)',
      );
  });
}

function checkProviders(documents: Documents, toolIds: ToolIds, issues: IssueCollector): void {
  documents['providers.json'].providers.forEach((provider, index) => {
    if (provider.toolCount !== provider.tools.length)
      issues.add(
        'dist/api/providers.json',
        `providers.${index}.toolCount`,
        provider.toolCount,
        `must equal the length of tools (${provider.tools.length}) (rule 4)`,
      );
    provider.tools.forEach((tool, toolIndex) => {
      if (!toolIds.has(tool.id))
        issues.add('dist/api/providers.json', `providers.${index}.tools.${toolIndex}.id`, tool.id, 'is not a tool id');
    });
  });
}

/** Categories and tools name each other: both sides must agree. */
function checkCategories(documents: Documents, toolIds: ToolIds, issues: IssueCollector): void {
  const tools = documents['tools.json'].tools;
  const categories = documents['categories.json'].categories;
  const categorySlugs = new Set(categories.map((category) => category.slug));
  for (const tool of tools)
    for (const slug of tool.category)
      if (!categorySlugs.has(slug))
        issues.add('dist/api/tools.json', `tools[${tool.id}].category`, slug, 'is not a category slug');
  categories.forEach((category, index) => {
    const members = new Set(category.toolIds);
    category.toolIds.forEach((id, toolIndex) => {
      if (!toolIds.has(id))
        issues.add('dist/api/categories.json', `categories.${index}.toolIds.${toolIndex}`, id, 'is not a tool id');
    });
    for (const tool of tools) {
      if (tool.category.includes(category.slug) !== members.has(tool.id))
        issues.add(
          'dist/api/categories.json',
          `categories.${index}.toolIds`,
          tool.id,
          `disagrees with tools.json: tool.category ${tool.category.includes(category.slug) ? 'includes' : 'omits'} "${category.slug}"`,
        );
    }
  });
}

function checkPlatformsAndUseCases(documents: Documents, toolIds: ToolIds, issues: IssueCollector): void {
  documents['platforms.json'].platforms.forEach((platform, index) => {
    platform.toolIds.forEach((id, toolIndex) => {
      if (!toolIds.has(id))
        issues.add('dist/api/platforms.json', `platforms.${index}.toolIds.${toolIndex}`, id, 'is not a tool id');
    });
  });
  documents['use-cases.json'].useCases.forEach((useCase, index) => {
    useCase.topPicks.forEach((id, pickIndex) => {
      if (!toolIds.has(id))
        issues.add('dist/api/use-cases.json', `useCases.${index}.topPicks.${pickIndex}`, id, 'is not a tool id');
    });
  });
}

/**
 * Rules on the derived documents: the published schema plus the specification's consistency
 * rules. They hold by construction today; checking them guards every future change of the
 * derivation code.
 */
export function checkDocumentIntegrity(documents: Documents): void {
  const issues = new IssueCollector();
  for (const [name, { schema }] of Object.entries(DOCUMENTS))
    parseWith(schema, documents[name as DocumentName], `dist/api/${name}`, issues);
  issues.throwIfAny();

  const toolIds = new Set(documents['tools.json'].tools.map((tool) => tool.id));
  checkToolsAndBenchmarks(documents, toolIds, issues);
  checkProviders(documents, toolIds, issues);
  checkCategories(documents, toolIds, issues);
  checkPlatformsAndUseCases(documents, toolIds, issues);
  issues.throwIfAny();
}
