/**
 * Fills `imageInput` (and, where it sets a value from the catalogue, `sources.imageInput`) in every tool file that
 * has no `imageInput` yet. Rerunnable and idempotent: a file that already has the field is left exactly as it is,
 * so running it again after new tool files arrive fills only those.
 *
 * Where the value comes from, in this order:
 * 1. the file's own `sources.capabilities`, when its note states image input (the source then covers the flag and
 *    no new source is written);
 * 2. the models.dev catalogue at snapshot f3fc692 (2026-07-02), read from the api.json built from that snapshot
 *    (`--reference`, by default ../shared/reference/models-dev-api.json beside the repository): the entry of the
 *    file's `upstream.modelsDev` key, whose `modalities.input` lists "image" (true) or does not (false), cited as an
 *    `aggregator` source naming the provider's model file at that commit;
 * 3. otherwise null: no entry, or an entry without input modalities (rows added after the snapshot carry none).
 *
 * The field goes right after `toolCalling`, its source right after `sources.capabilities` (else after
 * `sources.releaseDate`). Usage: npx tsx scripts/fill-image-input.ts [--reference <api.json>] [--data <dir>]
 * [--verified YYYY-MM-DD] [--dry-run]
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const SNAPSHOT = 'f3fc692299671838c7c65fd8126bf84d81a2e817';
const SNAPSHOT_DATE = '2026-07-02';

/** A capabilities note that lists image among the inputs ("input text, image and video", "text and image input"). */
const STATES_IMAGE_INPUT =
  /\binputs?\b[^.;]{0,40}\bimages?\b|\b(text|and|,)\s+images?\b[^.;]{0,30}\binputs?\b|\bvision-language model\b/i;

type Json = Record<string, unknown>;
type Decision = { value: boolean; source: Json | null; why: string } | { value: null; source: null; why: string };

interface Catalogue {
  [provider: string]: { models?: Record<string, { modalities?: { input?: unknown } }> } | undefined;
}

/** What the file's sources and the catalogue say about image input, per the order above. */
export function decide(tool: Json, catalogue: Catalogue, verified: string): Decision {
  const sources = (tool.sources ?? {}) as Json;
  // A source written once in `sharedSources` is named there by its key.
  const written = sources.capabilities;
  const capabilities = (typeof written === 'string' ? (tool.sharedSources as Json | undefined)?.[written] : written) as
    | Json
    | undefined;
  if (capabilities && typeof capabilities.note === 'string' && STATES_IMAGE_INPUT.test(capabilities.note))
    return { value: true, source: null, why: 'sources.capabilities states image input' };
  const key = (tool.upstream as Json | undefined)?.modelsDev;
  if (typeof key !== 'string') return { value: null, source: null, why: 'no models.dev key' };
  const slash = key.indexOf('/');
  const provider = key.slice(0, slash);
  const model = key.slice(slash + 1);
  const entry = catalogue[provider]?.models?.[model];
  if (!entry) return { value: null, source: null, why: `no catalogue entry ${key}` };
  const input = entry.modalities?.input;
  if (!Array.isArray(input) || !input.every((m) => typeof m === 'string'))
    return { value: null, source: null, why: `${key} lists no input modalities` };
  const value = input.includes('image');
  const file = `providers/${provider}/models/${model}.toml`;
  return {
    value,
    why: `${key} input ${input.join(', ')}`,
    source: {
      name: `models.dev ${file} (snapshot ${SNAPSHOT.slice(0, 7)}), input modalities`,
      url: `https://github.com/anomalyco/models.dev/blob/${SNAPSHOT}/${file}`,
      kind: 'aggregator',
      asOf: SNAPSHOT_DATE,
      verified,
      note: `The catalogue's entry ${key} (the provider's model file merged over its base model, as the catalogue's own generator does) lists the input modalities ${input.join(', ')}${value ? '' : ': no image'}.`,
    },
  };
}

/** The object with `value` under `key`, placed right after `after` (or after `fallback`, else last). */
function insertAfter(object: Json, key: string, value: unknown, after: string, fallback?: string): Json {
  const anchor = after in object ? after : fallback !== undefined && fallback in object ? fallback : null;
  const out: Json = {};
  for (const [k, v] of Object.entries(object)) {
    if (k === key) continue;
    out[k] = v;
    if (k === anchor) out[key] = value;
  }
  if (anchor === null) out[key] = value;
  return out;
}

/** The tool file with the decision written in; the file unchanged when it already has `imageInput`. */
export function fill(tool: Json, decision: Decision): Json {
  if ('imageInput' in tool) return tool;
  let next = insertAfter(tool, 'imageInput', decision.value, 'toolCalling', 'reasoning');
  if (decision.source)
    next = {
      ...next,
      sources: insertAfter(next.sources as Json, 'imageInput', decision.source, 'capabilities', 'releaseDate'),
    };
  return next;
}

function toolFiles(dataDir: string): string[] {
  const root = path.join(dataDir, 'tools');
  return readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) =>
      readdirSync(path.join(root, d.name))
        .filter((f) => f.endsWith('.json'))
        .map((f) => path.join(root, d.name, f)),
    )
    .sort();
}

function main(): void {
  const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const { values } = parseArgs({
    options: {
      reference: { type: 'string', default: path.resolve(repo, '..', 'shared', 'reference', 'models-dev-api.json') },
      data: { type: 'string', default: path.join(repo, 'data') },
      verified: { type: 'string', default: new Date().toISOString().slice(0, 10) },
      'dry-run': { type: 'boolean', default: false },
    },
  });
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.verified))
    throw new Error(`--verified must be YYYY-MM-DD: ${values.verified}`);
  const catalogue = JSON.parse(readFileSync(values.reference, 'utf8')) as Catalogue;
  const counts = { skipped: 0, true: 0, false: 0, null: 0 };
  for (const file of toolFiles(values.data)) {
    const tool = JSON.parse(readFileSync(file, 'utf8')) as Json;
    const name = path.relative(values.data, file);
    if ('imageInput' in tool) {
      counts.skipped += 1;
      continue;
    }
    const decision = decide(tool, catalogue, values.verified);
    counts[String(decision.value) as 'true' | 'false' | 'null'] += 1;
    console.log(`${name}: ${decision.value} (${decision.why})`);
    if (!values['dry-run']) writeFileSync(file, `${JSON.stringify(fill(tool, decision), null, 2)}\n`);
  }
  console.log(
    `${values['dry-run'] ? 'would fill' : 'filled'} ${counts.true + counts.false + counts.null} file(s): ${counts.true} true, ${counts.false} false, ${counts.null} null; ${counts.skipped} already had imageInput`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
