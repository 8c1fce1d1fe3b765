/**
 * Rules on the kind of each source of a tool file: a catalogue is never the provider's own page. The list of
 * aggregators is defined here once; the kinds themselves and their meanings are in src/schema/common.ts.
 */
import type { FactSource, ToolFile } from '../schema/source.ts';
import type { IssueCollector } from './errors.ts';
import { toolSourcePlaces } from './shared-sources.ts';

/**
 * Catalogues that compile many providers' facts: a source at one of these addresses is an `aggregator`, whatever
 * provider page it quotes. A host covers its subdomains; a `github.com/<owner>/<repo>` entry covers that
 * repository on github.com and raw.githubusercontent.com.
 */
export const AGGREGATORS: readonly string[] = [
  'models.dev',
  'github.com/anomalyco/models.dev',
  'github.com/sst/models.dev',
  'openrouter.ai',
  'litellm.ai',
  'github.com/BerriAI/litellm',
  'portkey.ai',
  'github.com/Portkey-AI/models',
  'github.com/pydantic/genai-prices',
  'big-agi.com',
  'github.com/enricoros/big-AGI',
  'github.com/charmbracelet/catwalk',
  'llmgateway.io',
  'github.com/theopenco/llmgateway',
  'getmaxim.ai',
  'github.com/Lore-Hex/quill-router',
  'github.com/Prajwalsrinvas/token-tariff',
  'github.com/anuran-roy/unified-llm-pricing',
  'github.com/arimxyer/models',
];

const GITHUB_HOSTS = new Set(['github.com', 'raw.githubusercontent.com']);

/** The aggregator entry a URL belongs to, or null when it is none of them. */
export function aggregatorOf(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const host = parsed.hostname.toLowerCase();
  const repo = parsed.pathname.split('/').slice(1, 3).join('/').toLowerCase();
  for (const entry of AGGREGATORS) {
    const [entryHost, ...path] = entry.toLowerCase().split('/');
    if (
      path.length === 0
        ? host === entryHost || host.endsWith(`.${entryHost}`)
        : GITHUB_HOSTS.has(host) && repo === path.join('/')
    )
      return entry;
  }
  return null;
}

/** Every source of a tool file with the field it sits in, e.g. `sources.pricing` or `lifecycle.events.0.source`. */
export function toolFileSources(tool: ToolFile): [string, FactSource][] {
  // The build's record holds every source in full (shared-sources.ts resolved the keys of the file).
  return toolSourcePlaces(tool).flatMap(({ field, value }): [string, FactSource][] =>
    typeof value === 'string' ? [] : [[field, value]],
  );
}

/** A first-party label on an aggregator's address, and the legacy `third-party` kind, fail the build. */
export function checkSourceKinds(file: string, tool: ToolFile, issues: IssueCollector): void {
  for (const [field, source] of toolFileSources(tool)) {
    const aggregator = aggregatorOf(source.url);
    if (aggregator !== null && (source.kind === 'first-party' || source.kind === 'first-party-copy'))
      issues.add(
        file,
        `${field}.kind`,
        source.kind,
        `must be "aggregator": ${source.url} is the catalogue ${aggregator}, not the provider's own page`,
      );
    if (source.kind === 'third-party')
      issues.add(
        file,
        `${field}.kind`,
        source.kind,
        'is a legacy kind kept for old releases: say first-party-copy, leaderboard, paper or quote',
      );
  }
}
