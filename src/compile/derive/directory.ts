/** tools.json, providers.json, categories.json and platforms.json from the curated files. */
import type { Category, Platform, Provider, Tool, ToolRecord } from '../../schema/api.ts';
import type { CategoryFile, PlatformFile, ProviderFile, ToolFile } from '../../schema/source.ts';
import { blendedPrice, contextWindowText } from './pricing.ts';

/** Every tool with all that is recorded about it (the per-model documents publish these whole). */
export function deriveToolRecords(
  tools: readonly ToolFile[],
  providers: ReadonlyMap<string, ProviderFile>,
  membership: ReadonlyMap<string, string[]>,
): ToolRecord[] {
  const categoriesOf = (toolId: string) =>
    [...membership.entries()]
      .filter(([, ids]) => ids.includes(toolId))
      .map(([categoryId]) => categoryId)
      .sort();
  return [...tools]
    .sort((a, b) => a.id.localeCompare(b.id))
    .map((tool) => {
      const provider = providers.get(tool.provider)!;
      return {
        id: tool.id,
        name: tool.name,
        provider: provider.name,
        category: categoriesOf(tool.id),
        pricing: { ...tool.pricing },
        description: tool.description,
        features: [...tool.features],
        bestFor: tool.bestFor,
        contextWindow: contextWindowText(tool.contextTokens),
        releaseDate: tool.releaseDate,
        url: tool.url ?? provider.pricingUrl,
        providerId: tool.provider,
        contextTokens: tool.contextTokens,
        maxOutputTokens: tool.maxOutputTokens ?? null,
        status: tool.status,
        replacedBy: tool.replacedBy ?? null,
        lifecycle: tool.lifecycle
          ? {
              announced: tool.lifecycle.announced ?? null,
              shutdown: tool.lifecycle.shutdown ?? null,
              events: tool.lifecycle.events.map((e) => ({
                kind: e.kind,
                date: e.date,
                scope: e.scope,
                platform: e.platform ?? null,
                summary: e.summary,
                successor: e.successor ?? null,
                source: e.source,
              })),
            }
          : null,
        aliases: [...tool.aliases],
        openWeights: tool.openWeights,
        reasoning: tool.reasoning,
        toolCalling: tool.toolCalling,
        imageInput: tool.imageInput,
        codingSpecialized: tool.codingSpecialized,
        blendedPrice: blendedPrice(tool.pricing),
        pricingDetails: tool.pricingDetails,
        sources: {
          ...tool.sources,
          capabilities: tool.sources.capabilities ?? null,
          imageInput: tool.sources.imageInput ?? null,
          batch: tool.sources.batch ?? null,
          cacheCreate1h: tool.sources.cacheCreate1h ?? null,
        },
        conflicts: tool.conflicts,
        crossRefs: { modelsDev: tool.upstream.modelsDev, openRouter: openRouterSlug(tool.upstream) },
      };
    });
}

/** The OpenRouter slug: stated in the tool file, or implied by a models.dev key under the openrouter provider. */
type SourceRef = Tool['sources']['pricing'];
const sourceRef = (source: { kind: SourceRef['kind']; asOf: string; verified: string }): SourceRef => ({
  kind: source.kind,
  asOf: source.asOf,
  verified: source.verified,
});

function lifecycleRef(lifecycle: NonNullable<ToolRecord['lifecycle']>): NonNullable<Tool['lifecycle']> {
  const dated = (d: { date: string; source: SourceRef } | null) => d && { date: d.date, source: sourceRef(d.source) };
  return {
    announced: dated(lifecycle.announced),
    shutdown: dated(lifecycle.shutdown),
    events: lifecycle.events.map((e) => ({
      kind: e.kind,
      date: e.date,
      scope: e.scope,
      platform: e.platform,
      successor: e.successor,
      source: sourceRef(e.source),
    })),
  };
}

/**
 * The tool as tools.json lists it: the record without what only a reader of one model needs (source names,
 * URLs and notes, conflicts, lifecycle summaries, the notes of alternative rates), which stay in its
 * per-model document. Keys keep the record's order.
 */
export function leanTool(record: ToolRecord): Tool {
  const { conflicts: _conflicts, ...kept } = record;
  const { sources } = record;
  return {
    ...kept,
    lifecycle: record.lifecycle && lifecycleRef(record.lifecycle),
    pricingDetails: {
      ...record.pricingDetails,
      modifiers: record.pricingDetails.modifiers.map(({ note: _note, ...rates }) => rates),
    },
    sources: {
      pricing: sourceRef(sources.pricing),
      contextWindow: sourceRef(sources.contextWindow),
      releaseDate: sourceRef(sources.releaseDate),
      ...(sources.capabilities && { capabilities: sourceRef(sources.capabilities) }),
      ...(sources.batch && { batch: sourceRef(sources.batch) }),
      ...(sources.cacheCreate1h && { cacheCreate1h: sourceRef(sources.cacheCreate1h) }),
    },
  };
}

function openRouterSlug(upstream: ToolFile['upstream']): string | null {
  if (upstream.openRouter) return upstream.openRouter;
  return upstream.modelsDev?.startsWith('openrouter/') ? upstream.modelsDev.slice('openrouter/'.length) : null;
}

export function deriveProviders(providers: readonly ProviderFile[], tools: readonly Tool[]): Provider[] {
  return [...providers]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((provider) => {
      const own = tools
        .filter((tool) => tool.providerId === provider.id)
        .map((tool) => ({ id: tool.id, name: tool.name }));
      return {
        name: provider.name,
        toolCount: own.length,
        tools: own,
        id: provider.id,
        website: provider.website,
        pricingUrl: provider.pricingUrl,
      };
    });
}

export function deriveCategories(
  categories: readonly CategoryFile[],
  membership: ReadonlyMap<string, string[]>,
  flagships: ReadonlyMap<string, Category['flagships']> = new Map(),
  superseded: ReadonlyMap<string, Category['superseded']> = new Map(),
  provisional: ReadonlyMap<string, Category['provisional']> = new Map(),
): Category[] {
  return [...categories]
    .sort((a, b) => a.id.localeCompare(b.id))
    .map((category) => ({
      id: category.id,
      name: category.name,
      description: category.description,
      slug: category.slug,
      toolIds: [...(membership.get(category.id) ?? [])],
      rule: category.ruleText,
      flagships: [...(flagships.get(category.id) ?? [])],
      superseded: [...(superseded.get(category.id) ?? [])],
      provisional: [...(provisional.get(category.id) ?? [])],
    }));
}

/**
 * A platform offers the models in its own catalogue plus, through bring-your-own-key, every
 * model of each provider it supports; the catalogue's billing wins where both apply. A retired
 * model is offered by none: platforms reach models through the provider's API, which no longer
 * serves it, whatever an older catalogue snapshot lists.
 */
export function derivePlatforms(platforms: readonly PlatformFile[], tools: readonly Tool[]): Platform[] {
  const retired = new Set(tools.filter((tool) => tool.status === 'retired').map((tool) => tool.id));
  return [...platforms]
    .sort((a, b) => a.id.localeCompare(b.id))
    .map((platform) => {
      const billing = new Map(
        platform.models
          .filter((m) => !retired.has(m.toolId))
          .map((m) => [
            m.toolId,
            {
              toolId: m.toolId,
              billing: m.billing,
              multiplier: m.multiplier ?? null,
              priceFactor: m.priceFactor ?? null,
              asOf: m.asOf,
              note: m.note ?? null,
            },
          ]),
      );
      for (const tool of tools) {
        if (billing.has(tool.id) || retired.has(tool.id) || !platform.byok.providers.includes(tool.providerId))
          continue;
        billing.set(tool.id, {
          toolId: tool.id,
          billing: 'byok',
          multiplier: null,
          priceFactor: null,
          asOf: platform.asOf,
          note: 'Any model of this provider with your own API key.',
        });
      }
      const toolBilling = [...billing.values()].sort((a, b) => a.toolId.localeCompare(b.toolId));
      return {
        id: platform.id,
        name: platform.name,
        description: platform.description,
        pricing: platform.pricing,
        url: platform.url,
        toolIds: toolBilling.map((b) => b.toolId),
        kind: platform.kind,
        asOf: platform.asOf,
        byok: {
          supported: platform.byok.supported,
          providers: [...platform.byok.providers],
          note: platform.byok.note ?? null,
        },
        toolBilling,
        sources: platform.sources.map((s) => ({ name: s.name, url: s.url ?? null, asOf: s.asOf })),
      };
    });
}
