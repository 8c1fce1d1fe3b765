/**
 * /llms.txt: a short plain-text guide to the API for language models: what each endpoint holds and
 * how big it is (bytes and rough tokens, measured on the files of this build, so an agent can pick
 * what fits its context), how to compute a cost from the documents alone, and the MCP server, CLI
 * and client that do it for you. The endpoint list is the one of /api/index.json, so it never names
 * a path the artifact does not serve.
 */
export interface LlmsTxtInput {
  endpoints: readonly { path: string; summary: string }[];
  /** Size in bytes of each file of the artifact by URL path (uncompressed). */
  sizes: ReadonlyMap<string, number>;
  totalTools: number;
  lastUpdated: string;
  baseUrl: string | null;
}

export const LLMS_TXT_CONTENT_TYPE = 'text/plain; charset=utf-8';

/** Roughly how many tokens of a JSON document: about four bytes a token for English and JSON punctuation. */
const BYTES_PER_TOKEN = 4;

/** "95 KB, ~24K tokens": the size an agent weighs before fetching a document. */
export function sizeNote(bytes: number): string {
  const round = (n: number) => (n >= 100 ? Math.round(n).toString() : n.toFixed(1).replace(/\.0$/, ''));
  const size =
    bytes >= 1_000_000
      ? `${round(bytes / 1_000_000)} MB`
      : bytes >= 1000
        ? `${round(bytes / 1000)} KB`
        : `${bytes} bytes`;
  const tokens = bytes / BYTES_PER_TOKEN;
  return `${size}, ~${tokens >= 1000 ? `${round(tokens / 1000)}K` : Math.max(1, Math.round(tokens))} tokens`;
}

function endpointLines(input: LlmsTxtInput): string[] {
  const base = input.baseUrl ?? '';
  return input.endpoints.map((e) => {
    const bytes = input.sizes.get(e.path);
    return `- [${e.path}](${base}${e.path}): ${e.summary}${bytes === undefined ? '' : ` (${sizeNote(bytes)})`}`;
  });
}

const COST_RULES = [
  '## Computing what a workload costs',
  '',
  '- Prices are USD per 1M tokens (= micro-dollars per token). tools[].pricing holds the list rates: input,',
  '  output, cacheRead, cacheCreate (cache writes); pricingDetails holds one-hour cache writes (cacheCreate1h),',
  '  long-context tiers, batch, promotion and off-peak modifiers; none is folded into the list price.',
  '- Usage classes: input = uncached prompt tokens only (a provider count that includes cached tokens must have',
  '  them subtracted), output (reasoning included), cacheRead, cacheWrite, cacheWrite1h.',
  '- Price each request on its own: its prompt = input + cacheRead + cacheWrite + cacheWrite1h; the tier in',
  '  force is the last whose aboveTokens the prompt strictly exceeds, and with semantics "whole-request" every',
  '  token of that request, output included, is billed at the tier rates. A month of N requests is N such costs,',
  '  never one request of the summed tokens. A prompt above contextTokens cannot be sent at all.',
  '- A modifier replaces the list rates for the whole request when in force: batch only when asked for (then',
  '  promotions and off-peak are ignored); a promotion from its `from` day through its `until` day (UTC); off-peak',
  '  only inside its windowsUtc. Only the first modifier in force counts; a tier in force beats it.',
  '- Per class: tokens x rate, rounded half up to a micro-dollar, computed in decimal; the total is their sum.',
  '  A class with tokens and no published rate means no total ("unpriced"), never the list price. Free models',
  '  cost 0. Through a platform (platforms.json toolBilling): per-token billing multiplies by priceFactor when set.',
  '- Check an implementation against /api/cost-vectors.json: worked examples (usage, model, instant, platform,',
  '  expected USD to the micro-dollar); reproducing every vector is the definition of correct.',
];

function toolLines(base: string): string[] {
  const api = base || 'https://<host>';
  return [
    '## Tools that read this API for you',
    '',
    '- MCP server (stdio) for coding agents: search_models (paged), get_model, estimate_cost, recommend_models,',
    '  list_changes, resolve_model (any provider, platform or aggregator id to its model) and price_usage (prices a',
    "  provider response's usage object), each read-only with an outputSchema. Configure the command",
    `  npx -y @ai-coding-models/mcp --base-url ${api}`,
    '  (from a repository checkout before it is published: `npm pack` in packages/mcp, then',
    `  npx -y ./ai-coding-models-mcp-0.1.0.tgz --base-url ${api}).`,
    '- Command line: npx @ai-coding-models/client list | show <id> | cost --input 200k --output 20k | top | changes,',
    `  with --base-url ${api} and --json (from a checkout: npm pack in packages/client, then`,
    '  npx -y ./ai-coding-models-client-0.1.0.tgz list).',
    '- TypeScript/JavaScript client, no dependencies, import or require(): npm install @ai-coding-models/client;',
    `  createClient({ baseUrl: '${api}' }) has one method per endpoint, lookups by any id, filters, rankings and the`,
    '  cost engine above (costOf).',
  ];
}

export function llmsTxt(input: LlmsTxtInput): string {
  const base = input.baseUrl ?? '';
  const lines = [
    '# AI Coding Models Directory',
    '',
    `> An open, read-only JSON API of ${input.totalTools} AI models for coding: list prices, context windows,`,
    '> release months, benchmark scores with their uncertainty, the coding platforms that offer them and',
    `> use cases with computed picks. Every fact carries its source and date. Data as of ${input.lastUpdated}.`,
    '',
    'All endpoints are GET, take no parameters and return one complete JSON document; filter client-side.',
    'Sizes are uncompressed (the server also sends gzip and brotli); tokens are estimated at 4 bytes a token.',
    'Poll /api/freshness.json (or send If-None-Match with the ETag you have) to know when to refetch.',
    '',
    '## Endpoints',
    '',
    ...endpointLines(input),
    '',
    ...COST_RULES,
    '',
    ...toolLines(base),
    '',
    '## Scores',
    '',
    '- benchmarks.models[].overallScore aggregates comparable benchmark series; scoreDetails says per field',
    '  whether a value is measured (with its source) or estimated, with an 80% interval; rankRange tells a real',
    '  lead from noise. Unscored tools are listed with the reason in benchmarks.unscored.',
    '',
    '## Schemas',
    '',
    `- [OpenAPI 3.1](${base}/api/openapi.json); JSON Schemas under ${base}/api/schemas/ (tolerant of added`,
    '  fields; .strict.schema.json variants reject them).',
    '- Fields of the original specification keep their names, types and meanings; additions are extensions.',
    '',
  ];
  return lines.join('\n');
}
