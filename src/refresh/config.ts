/**
 * Refresh settings: refresh.config.json (every field optional), overridden by environment
 * variables, overridden by command-line flags. Validated with zod, so a typo in the file is an
 * error that names the field, not a silent default.
 */
import { readFile } from 'node:fs/promises';
import { Cron } from 'croner';
import { z } from 'zod';
import { benchmarkUpstreams, withBenchmarksLocation } from './config-benchmarks.ts';
import { lifecycleSources } from './config-lifecycle.ts';

export const DEFAULT_SCHEDULE = '0 6 * * 1';
export const DEFAULT_PRICING_LOCATION = 'https://models.dev/api.json';

const cronExpression = z.string().refine(
  (expression) => {
    try {
      new Cron(expression, { paused: true }).stop();
      return true;
    } catch {
      return false;
    }
  },
  { message: 'must be a valid cron expression (e.g. "0 6 * * 1": Mondays 06:00)' },
);

export const refreshConfigSchema = z
  .object({
    schedule: cronExpression
      .default(DEFAULT_SCHEDULE)
      .describe('Cron expression of the automatic refresh (server and CI).'),
    timezone: z.string().min(1).default('UTC').describe('Time zone the schedule is read in.'),
    publicBaseUrl: z
      .string()
      .regex(/^https?:\/\/[^\s]+[^/]$/, 'must be an absolute URL without a trailing slash')
      .nullable()
      .default(null)
      .describe('Site URL used for absolute links in the Atom feed; null for root-relative links.'),
    upstreams: z
      .object({
        pricing: z
          .object({
            location: z
              .string()
              .min(1)
              .default(DEFAULT_PRICING_LOCATION)
              .describe('URL or file of a models.dev api.json document, or "skip".'),
            sourceUrl: z
              .string()
              .regex(/^https:\/\//)
              .default(DEFAULT_PRICING_LOCATION)
              .describe(
                'https URL recorded in tool sources for imported facts when the location is not itself an https URL.',
              ),
            sourceName: z.string().min(1).default('models.dev api.json'),
          })
          .strict()
          .prefault({}),
        benchmarks: benchmarkUpstreams.prefault([]),
        lifecycle: lifecycleSources.default([]),
      })
      .strict()
      .prefault({}),
    limits: z
      .object({
        timeoutMs: z.number().int().positive().default(30_000),
        maxBytes: z
          .number()
          .int()
          .positive()
          .default(64 * 1024 * 1024),
        maxRedirects: z.number().int().min(0).default(3),
        // Hosts an upstream may redirect to besides its own (e.g. a CDN), as `host` (the scheme's default port) or
        // `host:port`; never an internal address unless the upstream itself is one (redirect-policy.ts).
        redirectHosts: z
          .array(
            z
              .string()
              .min(1)
              .regex(/^[a-z0-9.-]+(:\d{1,5})?$/i, 'a host name, or host:port'),
          )
          .default([]),
      })
      .strict()
      .prefault({}),
    bounds: z
      .object({
        maxPriceRatio: z.number().gt(1).default(5),
        maxMissingFraction: z.number().min(0).max(1).default(0.1),
      })
      .strict()
      .prefault({}),
    candidates: z
      .object({
        windowDays: z.number().int().positive().default(180),
        excludeProviders: z
          .array(z.string())
          .default(['openrouter', 'azure', 'amazon-bedrock', 'vercel', 'aihubmix', 'github-copilot', 'groq']),
        ignore: z.array(z.string()).default([]),
      })
      .strict()
      .prefault({}),
  })
  .strict();

export type RefreshConfig = z.infer<typeof refreshConfigSchema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function parseRefreshConfig(raw: unknown, label = 'refresh config'): RefreshConfig {
  const parsed = refreshConfigSchema.safeParse(raw ?? {});
  if (!parsed.success)
    throw new ConfigError(
      `${label}: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`,
    );
  return parsed.data;
}

/** Reads the config file; a missing file means all defaults. */
export async function loadRefreshConfig(file: string): Promise<RefreshConfig> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return parseRefreshConfig({});
    throw new ConfigError(`${file}: ${(error as Error).message}`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`${file}: not valid JSON (${(error as Error).message})`);
  }
  return parseRefreshConfig(raw, file);
}

export interface Overrides {
  pricingSource?: string;
  benchmarksSource?: string;
  schedule?: string;
  /** Site URL for absolute links (Atom feed, schema $id, OpenAPI servers); a trailing slash is dropped. */
  publicBaseUrl?: string;
}

/** Environment variables that override the file (flags override both). */
export function envOverrides(env: NodeJS.ProcessEnv = process.env): Overrides {
  return {
    pricingSource: env.DIRECTORY_PRICING_SOURCE || undefined,
    benchmarksSource: env.DIRECTORY_BENCHMARKS_SOURCE || undefined,
    schedule: env.DIRECTORY_REFRESH_CRON || undefined,
    publicBaseUrl: env.DIRECTORY_PUBLIC_BASE_URL || undefined,
  };
}

/** Applies overrides in order (later wins) and re-validates. */
export function withOverrides(config: RefreshConfig, ...layers: Overrides[]): RefreshConfig {
  const next = structuredClone(config);
  for (const layer of layers) {
    if (layer.pricingSource) next.upstreams.pricing.location = layer.pricingSource;
    // A run pointed at one benchmarks file reaches nothing else: the lifecycle lists are not read either.
    if (layer.benchmarksSource) {
      next.upstreams.benchmarks = withBenchmarksLocation(layer.benchmarksSource);
      next.upstreams.lifecycle = [];
    }
    if (layer.schedule) next.schedule = layer.schedule;
    if (layer.publicBaseUrl) next.publicBaseUrl = layer.publicBaseUrl.replace(/\/+$/, '');
  }
  return parseRefreshConfig(next, 'refresh settings');
}
