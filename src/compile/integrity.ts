/**
 * Cross-file rules the schema alone cannot express. Each check names the file, the field and
 * the value, so a failing build says exactly what to fix.
 */
import path from 'node:path';
import type { DocumentName, Documents } from '../schema/api.ts';
import { DOCUMENTS } from '../schema/api.ts';
import { IssueCollector } from './errors.ts';
import { parseWith, type Located, type SourceData } from './load.ts';

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

function checkToolPricing(source: SourceData, issues: IssueCollector): void {
  for (const { file, data: tool } of source.tools) {
    const { pricing, pricingDetails: details } = tool;
    const prices = Object.entries(pricing) as [keyof typeof pricing, number][];
    if (details.free) {
      for (const [field, value] of prices)
        if (value !== 0) issues.add(file, `pricing.${field}`, value, 'must be 0 when pricingDetails.free is true');
    } else {
      for (const [field, value] of prices)
        if (value === 0)
          issues.add(
            file,
            `pricing.${field}`,
            value,
            'is 0 but pricingDetails.free is false (publish 0 only for a model free at list price)',
          );
    }
    if (details.caching === 'unavailable') {
      for (const field of ['cacheRead', 'cacheCreate'] as const)
        if (pricing[field] !== pricing.input)
          issues.add(
            file,
            `pricing.${field}`,
            pricing[field],
            `must equal input (${pricing.input}) when caching is unavailable`,
          );
    } else if (details.caching === 'no-write-premium') {
      if (pricing.cacheCreate !== pricing.input)
        issues.add(
          file,
          'pricing.cacheCreate',
          pricing.cacheCreate,
          `must equal input (${pricing.input}) when caching is no-write-premium`,
        );
      if (pricing.cacheRead > pricing.input)
        issues.add(file, 'pricing.cacheRead', pricing.cacheRead, 'must not exceed the input price');
    } else {
      if (pricing.cacheCreate <= pricing.input)
        issues.add(
          file,
          'pricing.cacheCreate',
          pricing.cacheCreate,
          `must exceed input (${pricing.input}) when caching is write-premium`,
        );
      if (pricing.cacheRead > pricing.input)
        issues.add(file, 'pricing.cacheRead', pricing.cacheRead, 'must not exceed the input price');
    }
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
}

/** Rules on the curated files, checked before anything is derived. */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: one flat list of cross-file rules, each a few lines, in the order the README states them
export function checkSourceIntegrity(source: SourceData): void {
  const issues = new IssueCollector();
  const providerIds = checkUniqueIds(source.providers, issues);
  const toolIds = checkUniqueIds(source.tools, issues);
  const categoryIds = checkUniqueIds(source.categories, issues);
  const platformIds = checkUniqueIds(source.platforms, issues);
  checkUniqueIds(source.useCases, issues);
  checkSlugMatchesId(source.categories, issues);
  checkSlugMatchesId(source.useCases, issues);

  const removed = new Map(source.removedIds.data.removed.map((r) => [r.id, r]));
  const removedNote = (id: string) =>
    `was removed from the directory on ${removed.get(id)!.removedOn} (data/removed-ids.json)`;
  for (const { file, data: tool } of source.tools)
    if (removed.has(tool.id))
      issues.add(file, 'id', tool.id, `${removedNote(tool.id)}; a removed id is never reused, so pick another id`);

  const aliasOwner = new Map<string, string>();
  for (const { file, data: tool } of source.tools) {
    if (!providerIds.has(tool.provider))
      issues.add(file, 'provider', tool.provider, 'is not the id of a file in data/providers/');
    const folder = file.split('/')[1];
    if (folder !== tool.provider)
      issues.add(file, 'provider', tool.provider, `must match the folder the file is in ("${folder}")`);
    if (tool.replacedBy !== undefined) {
      if (!toolIds.has(tool.replacedBy))
        issues.add(
          file,
          'replacedBy',
          tool.replacedBy,
          removed.has(tool.replacedBy)
            ? `points nowhere: ${removedNote(tool.replacedBy)}`
            : 'points nowhere: it is not a tool id',
        );
      if (tool.replacedBy === tool.id)
        issues.add(file, 'replacedBy', tool.replacedBy, 'must not point to the tool itself');
    }
    tool.lifecycle?.events.forEach((event, index) => {
      if (event.platform !== undefined && !platformIds.has(event.platform))
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
  checkToolPricing(source, issues);

  for (const { file, data: platform } of source.platforms) {
    const listed = new Set<string>();
    platform.models.forEach((model, index) => {
      if (!toolIds.has(model.toolId))
        issues.add(
          file,
          `models.${index}.toolId`,
          model.toolId,
          removed.has(model.toolId) ? `${removedNote(model.toolId)}; drop the entry` : 'is not a tool id',
        );
      if (listed.has(model.toolId)) issues.add(file, `models.${index}.toolId`, model.toolId, 'is listed twice');
      listed.add(model.toolId);
    });
    platform.byok.providers.forEach((providerId, index) => {
      if (!providerIds.has(providerId)) issues.add(file, `byok.providers.${index}`, providerId, 'is not a provider id');
    });
    if (!platform.byok.supported && platform.byok.providers.length > 0)
      issues.add(file, 'byok.providers', platform.byok.providers, 'must be empty when byok.supported is false');
  }

  for (const { file, data: useCase } of source.useCases) {
    useCase.filter.categories?.forEach((categoryId, index) => {
      if (!categoryIds.has(categoryId))
        issues.add(file, `filter.categories.${index}`, categoryId, 'is not a category id');
    });
  }

  const seriesIds = new Set(source.series.data.series.map((series) => series.id));
  const seenModels = new Set<string>();
  for (const { file, data: results } of source.results) {
    if (path.posix.basename(file, '.json') !== results.model)
      issues.add(file, 'model', results.model, 'must equal the file name');
    if (seenModels.has(results.model)) issues.add(file, 'model', results.model, 'has results in more than one file');
    seenModels.add(results.model);
    // Results of a removed tool stay: like a reference model, it still anchors the scoring fit but is not published.
    if (results.toolId !== null && !toolIds.has(results.toolId) && !removed.has(results.toolId))
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

  const tools = documents['tools.json'].tools;
  const totalTools = documents['tools.json'].totalTools;
  const toolIds = new Set(tools.map((tool) => tool.id));
  if (totalTools !== tools.length)
    issues.add('dist/api/tools.json', 'totalTools', totalTools, `must equal the number of tools (${tools.length})`);

  const models = documents['benchmarks.json'].benchmarks.models;
  models.forEach((model, index) => {
    if (!toolIds.has(model.modelId))
      issues.add(
        'dist/api/benchmarks.json',
        `benchmarks.models.${index}.modelId`,
        model.modelId,
        'is not the id of a tool (rule 3)',
      );
  });

  const providers = documents['providers.json'].providers;
  providers.forEach((provider, index) => {
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

  const platforms = documents['platforms.json'].platforms;
  platforms.forEach((platform, index) => {
    platform.toolIds.forEach((id, toolIndex) => {
      if (!toolIds.has(id))
        issues.add('dist/api/platforms.json', `platforms.${index}.toolIds.${toolIndex}`, id, 'is not a tool id');
    });
  });
  const useCases = documents['use-cases.json'].useCases;
  useCases.forEach((useCase, index) => {
    useCase.topPicks.forEach((id, pickIndex) => {
      if (!toolIds.has(id))
        issues.add('dist/api/use-cases.json', `useCases.${index}.topPicks.${pickIndex}`, id, 'is not a tool id');
    });
  });
  issues.throwIfAny();
}
