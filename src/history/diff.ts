/**
 * Field-level differences between two published datasets (a release and the one before it),
 * computed on the published documents so every kind of change is caught, whether it came
 * from upstream or from a curated edit. Pure.
 */
import { valueText } from '../compile/errors.ts';
import {
  byChangeKind,
  type BenchmarkModel,
  type Change,
  type ChangeKind,
  changeKind,
  isRefit,
  refitsPhrase,
  type Tool,
} from '../schema/api.ts';

/** The tool fields a diff compares (and the price history reads): all a release made under an older schema must have. */
export const DIFFED_TOOL_FIELDS = {
  id: true,
  name: true,
  status: true,
  pricing: true,
  pricingDetails: true,
  contextTokens: true,
  maxOutputTokens: true,
  releaseDate: true,
  replacedBy: true,
} as const;
/**
 * The sourced facts whose source a diff compares (other entries of `sources` came and went over time), on the
 * fields every release publishes: kind and asOf (releases cut before tools.json went lean carry name and URL too).
 */
export const DIFFED_SOURCE_FIELDS = { pricing: true, contextWindow: true, releaseDate: true } as const;
export const DIFFED_SCORE_FIELDS = {
  modelId: true,
  modelName: true,
  overallScore: true,
  sweBench: true,
  liveCodeBench: true,
  humanEval: true,
  bigCodeBench: true,
} as const;

/** Capability flags a diff compares; releases made before a flag was published lack it, and say nothing about it. */
const CAPABILITY_FIELDS = ['openWeights', 'reasoning', 'toolCalling', 'imageInput', 'codingSpecialized'] as const;

export type DiffedTool = Pick<Tool, keyof typeof DIFFED_TOOL_FIELDS> &
  Partial<Pick<Tool, (typeof CAPABILITY_FIELDS)[number]>> & {
    sources: Pick<Tool['sources'], keyof typeof DIFFED_SOURCE_FIELDS>;
    /** Absent in a release published before tools carried a lifecycle: its shutdown date is then unknown, not null. */
    lifecycle?: { shutdown: { date: string } | null } | null;
  };
export type DiffedScores = Pick<BenchmarkModel, keyof typeof DIFFED_SCORE_FIELDS>;

export interface DatasetView {
  tools: readonly DiffedTool[];
  benchmarks: readonly DiffedScores[];
}

const PRICE_FIELDS = ['input', 'output', 'cacheRead', 'cacheCreate'] as const;
const CONTEXT_FIELDS = ['contextTokens', 'maxOutputTokens'] as const;
const SCORE_FIELDS = ['overallScore', 'sweBench', 'liveCodeBench', 'humanEval', 'bigCodeBench'] as const;
const SOURCED_FACTS = [
  'pricing',
  'contextWindow',
  'releaseDate',
] as const satisfies readonly (keyof typeof DIFFED_SOURCE_FIELDS)[];

function percentChange(from: number | null, to: number | null): number | null {
  if (from === null || to === null || from === 0) return null;
  return Math.round(((to - from) / from) * 1000) / 10;
}

function tiersText(tool: DiffedTool): string {
  if (tool.pricingDetails.tiers.length === 0) return 'none';
  return tool.pricingDetails.tiers.map((t) => `above ${t.aboveTokens}: ${ratesText(t)}`).join('; ');
}

function ratesText(r: { input: number; output: number; cacheRead?: number; cacheCreate?: number }): string {
  return `${r.input}/${r.output}${r.cacheRead !== undefined ? `/${r.cacheRead}` : ''}${r.cacheCreate !== undefined ? `/${r.cacheCreate}` : ''}`;
}

/** Batch, promotion and off-peak rates, each with its dates: a new batch rate or promotion is a price change too. */
function modifiersText(tool: DiffedTool): string {
  // A view of an older release may carry no modifiers at all: the same as none.
  const modifiers = tool.pricingDetails.modifiers ?? [];
  if (modifiers.length === 0) return 'none';
  return modifiers
    .map((m) => {
      const dates = `${m.from ? ` from ${m.from}` : ''}${m.until ? ` until ${m.until}` : ''}`;
      const hours = m.windowsUtc?.length ? ` ${m.windowsUtc.map((w) => `${w.start}-${w.end}`).join(',')} UTC` : '';
      return `${m.kind}${dates}${hours}: ${ratesText(m)}`;
    })
    .join('; ');
}

// Changes sort and summarise in the order the schema declares their kinds.
const KIND_ORDER: readonly ChangeKind[] = changeKind.options;

type Push = (
  kind: ChangeKind,
  tool: { id: string; name: string },
  field: string | null,
  from: number | string | null,
  to: number | string | null,
  percent?: number | null,
  score?: ScoreExtras,
) => void;

/** What a score change says beyond from and to: whether it was a refit, and what each value rests on. */
type ScoreExtras = Pick<Change, 'withinPreviousInterval' | 'basis'>;

function statusKind(status: DiffedTool['status']): ChangeKind {
  if (status === 'deprecated') return 'model-deprecated';
  return status === 'retired' ? 'model-retired' : 'status-changed';
}

/** Status, prices, context, release date and sources of one tool present in both datasets. */
function diffTool(old: DiffedTool, tool: DiffedTool, push: Push): void {
  if (old.status !== tool.status) push(statusKind(tool.status), tool, 'status', old.status, tool.status);
  // A successor can be named while the model stays active (superseded, not deprecated): news for a picker all the same.
  const successor = (t: DiffedTool) => t.replacedBy ?? null;
  if (successor(old) !== successor(tool)) push('successor-named', tool, 'replacedBy', successor(old), successor(tool));
  // A client planning a migration needs the day the model stops answering, and a date can move without a status change.
  const shutdown = (t: DiffedTool) => t.lifecycle?.shutdown?.date ?? null;
  if (old.lifecycle !== undefined && shutdown(old) !== shutdown(tool))
    push('shutdown-changed', tool, 'lifecycle.shutdown.date', shutdown(old), shutdown(tool));
  for (const field of PRICE_FIELDS)
    if (old.pricing[field] !== tool.pricing[field])
      push(
        'price-changed',
        tool,
        `pricing.${field}`,
        old.pricing[field],
        tool.pricing[field],
        percentChange(old.pricing[field], tool.pricing[field]),
      );
  if (tiersText(old) !== tiersText(tool))
    push('price-changed', tool, 'pricingDetails.tiers', tiersText(old), tiersText(tool));
  if (modifiersText(old) !== modifiersText(tool))
    push('price-changed', tool, 'pricingDetails.modifiers', modifiersText(old), modifiersText(tool));
  // Releases made before one-hour cache writes were published have no such field: no price, as now.
  const oneHour = (t: DiffedTool) => t.pricingDetails.cacheCreate1h ?? null;
  if (oneHour(old) !== oneHour(tool))
    push(
      'price-changed',
      tool,
      'pricingDetails.cacheCreate1h',
      oneHour(old),
      oneHour(tool),
      percentChange(oneHour(old), oneHour(tool)),
    );
  for (const field of CONTEXT_FIELDS)
    if (old[field] !== tool[field])
      push('context-changed', tool, field, old[field], tool[field], percentChange(old[field], tool[field]));
  if (old.releaseDate !== tool.releaseDate)
    push('release-date-changed', tool, 'releaseDate', old.releaseDate, tool.releaseDate);
  // A flag decides filters and categories (open-weight, coding-specialist, image input), so a corrected one is news,
  // and so is one that became known (null, unknown, to a value: the model now passes or fails the filter) or
  // unknown again. A release made before the flag was published has no value for it (undefined): nothing to compare.
  for (const field of CAPABILITY_FIELDS) {
    const [was, now] = [old[field], tool[field]];
    if (was !== undefined && now !== undefined && was !== now)
      push('capability-changed', tool, field, was === null ? null : String(was), now === null ? null : String(now));
  }
  // Only what every release publishes of a source is compared: its kind and the date of the version read. A
  // release cut before tools.json went lean also has the source's name and URL, which a later one has only in
  // /api/models/<id>.json, so comparing those would report every source as changed.
  for (const fact of SOURCED_FACTS) {
    const [a, b] = [sourceText(old.sources[fact]), sourceText(tool.sources[fact])];
    if (a !== b) push('source-changed', tool, `sources.${fact}`, a, b);
  }
}

/** A source as a change reports it: `<kind>, as of <asOf>`. */
const sourceText = (source: DiffedTool['sources']['pricing']) => `${source.kind}, as of ${source.asOf}`;

function diffTools(before: DatasetView, after: DatasetView, push: Push): void {
  const oldTools = new Map(before.tools.map((t) => [t.id, t]));
  const newTools = new Map(after.tools.map((t) => [t.id, t]));
  for (const [id, tool] of newTools) {
    const old = oldTools.get(id);
    if (old) diffTool(old, tool, push);
    else push('model-added', tool, null, null, null);
  }
  for (const [id, tool] of oldTools) if (!newTools.has(id)) push('model-removed', tool, null, null, null);
}

interface RankView {
  rank: number;
  rankRange: { best: number; worst: number } | null;
}

/**
 * Rank and rank range of a scored model where the release published them; releases made before
 * ranks were published (and other shapes) give null, and a rank move is then not judged.
 */
function rankOf(scores: DiffedScores): RankView | null {
  const { rank, rankRange } = scores as { rank?: unknown; rankRange?: unknown };
  if (typeof rank !== 'number') return null;
  const range = rankRange as { best?: unknown; worst?: unknown } | undefined;
  return typeof range?.best === 'number' && typeof range.worst === 'number'
    ? { rank, rankRange: { best: range.best, worst: range.worst } }
    : { rank, rankRange: null };
}

type Interval = { low: number; high: number };

function asInterval(value: unknown): Interval | null {
  const { low, high } = (value ?? {}) as { low?: unknown; high?: unknown };
  return typeof low === 'number' && typeof high === 'number' ? { low, high } : null;
}

/** Weighted components published only in scoreDetails (extensions); the others are top-level fields. */
const DETAIL_ONLY_FIELDS = ['sweBenchPro', 'terminalBench'] as const;
type TopLevelScore = (typeof SCORE_FIELDS)[number];
type ScoreKey = TopLevelScore | (typeof DETAIL_ONLY_FIELDS)[number];
type Details = Record<string, { kind?: unknown; value?: unknown; interval?: unknown } | undefined>;

const isTopLevel = (key: ScoreKey): key is TopLevelScore => (SCORE_FIELDS as readonly string[]).includes(key);
const detailsOf = (scores: DiffedScores): Details | undefined => (scores as { scoreDetails?: Details }).scoreDetails;

/** A score as published: null when the tool is not scored, undefined when the release did not publish the field. */
function scoreValue(scores: DiffedScores, key: ScoreKey): number | null | undefined {
  if (isTopLevel(key)) return scores[key];
  const value = detailsOf(scores)?.[key]?.value;
  return typeof value === 'number' ? value : undefined;
}

const scorePath = (key: ScoreKey) => (isTopLevel(key) ? `benchmarks.${key}` : `benchmarks.scoreDetails.${key}`);

/**
 * The 80% interval a release published for one score: overallInterval for overallScore, the
 * estimate's interval in scoreDetails for a benchmark, and null for a measured value (it has
 * none) or a release made before intervals were published.
 */
function publishedInterval(scores: DiffedScores, key: ScoreKey): Interval | null {
  if (key === 'overallScore') return asInterval((scores as { overallInterval?: unknown }).overallInterval);
  return asInterval(detailsOf(scores)?.[key]?.interval);
}

/**
 * Whether a changed score is an estimate that stayed inside the interval the previous release
 * published for it: a refit of the estimates moves most of them a little each time a result
 * arrives, and a reader of the feed needs those told apart from a new measurement (even one that
 * lands inside the old interval) or a move the uncertainty did not allow.
 */
function withinInterval(before: DiffedScores, after: DiffedScores, key: ScoreKey): boolean {
  const interval = publishedInterval(before, key);
  const to = scoreValue(after, key);
  if (interval === null || to === null || to === undefined || basisIn(after, key) === 'measured') return false;
  return to >= interval.low && to <= interval.high;
}

type Basis = 'measured' | 'estimated';

function basisIn(scores: DiffedScores | undefined, key: ScoreKey): Basis | null {
  const kind = scores && detailsOf(scores)?.[key]?.kind;
  return kind === 'measured' || kind === 'estimated' ? kind : null;
}

/** Measured or estimated, before and after, for a benchmark (overallScore mixes both, so it has none). */
function basisOf(a: DiffedScores | undefined, b: DiffedScores | undefined, key: ScoreKey): Pick<Change, 'basis'> {
  if (key === 'overallScore') return {};
  const basis = { from: basisIn(a, key), to: basisIn(b, key) };
  return basis.from === null && basis.to === null ? {} : { basis };
}

/** score-changed for every published score that differs; a field one release did not publish is not compared. */
function diffScoreValues(
  a: DiffedScores | undefined,
  b: DiffedScores | undefined,
  tool: { id: string; name: string },
  push: Push,
): void {
  for (const key of [...SCORE_FIELDS, ...DETAIL_ONLY_FIELDS]) {
    const from = a ? scoreValue(a, key) : null;
    const to = b ? scoreValue(b, key) : null;
    if (from === undefined || to === undefined || from === to) continue;
    push('score-changed', tool, scorePath(key), from, to, null, {
      withinPreviousInterval: a && b ? withinInterval(a, b, key) : false,
      ...basisOf(a, b, key),
    });
  }
}

/**
 * Score changes of one tool. A tool scored for the first time gets one `first-score` change (its
 * overallScore); a rank outside the range of ranks the previous release published for it gets
 * `rank-moved` (a move within that range is what the intervals already allowed). `shift` converts
 * the new rank to the previous release's field of tools: places taken by newly scored tools above
 * it, and freed by tools no longer scored that were above it, are not a move of its own.
 */
function diffScores(
  a: DiffedScores | undefined,
  b: DiffedScores | undefined,
  tool: { id: string; name: string },
  push: Push,
  shift: (before: RankView, after: RankView) => number,
): void {
  if (!a && b) {
    push('first-score', tool, 'benchmarks.overallScore', null, b.overallScore);
    return;
  }
  diffScoreValues(a, b, tool, push);
  const before = a && rankOf(a);
  const after = b && rankOf(b);
  if (!before?.rankRange || !after) return;
  const comparable = after.rank + shift(before, after);
  if (comparable < before.rankRange.best || comparable > before.rankRange.worst)
    push('rank-moved', tool, 'benchmarks.rank', before.rank, after.rank);
}

/** Ranks of the scored tools that are in `scores` but not in `other`. */
function ranksOnlyIn(scores: ReadonlyMap<string, DiffedScores>, other: ReadonlyMap<string, DiffedScores>): number[] {
  return [...scores].flatMap(([id, m]) => {
    const rank = other.has(id) ? undefined : rankOf(m)?.rank;
    return rank === undefined ? [] : [rank];
  });
}

/** The measured headline cost per solved task a release published (absent in releases before taskCost). */
function measuredTaskCost(scores: DiffedScores | undefined): number | null {
  const headline = (scores as { taskCost?: { headline?: unknown } } | undefined)?.taskCost?.headline as
    | { evidence?: unknown; costPerSolvedTaskUsd?: { value?: unknown } | null }
    | null
    | undefined;
  const value = headline?.evidence === 'measured' ? headline.costPerSolvedTaskUsd?.value : undefined;
  return typeof value === 'number' ? value : null;
}

/**
 * task-cost-changed when the measured cost per solved task of the headline changed, appeared or went. Estimates
 * are left out: they move on every refit, like the refits of scores, and are no news about the model.
 */
function diffTaskCost(
  a: DiffedScores | undefined,
  b: DiffedScores | undefined,
  tool: { id: string; name: string },
  push: Push,
): void {
  if (!b || (a && !(a as { taskCost?: unknown }).taskCost)) return;
  const from = measuredTaskCost(a);
  const to = measuredTaskCost(b);
  if (from !== to)
    push('task-cost-changed', tool, 'benchmarks.taskCost.costPerSolvedTaskUsd', from, to, percentChange(from, to));
}

function diffBenchmarks(before: DatasetView, after: DatasetView, push: Push): void {
  // The newer name wins; a removed tool keeps its last one.
  const toolOf = new Map([...before.tools, ...after.tools].map((t) => [t.id, t]));
  // A tool that left the directory has its model-removed change; its scores going to none would only repeat it.
  const stays = new Set(after.tools.map((t) => t.id));
  const left = (id: string) => toolOf.has(id) && !stays.has(id);
  const oldScores = new Map(before.benchmarks.map((m) => [m.modelId, m]));
  const newScores = new Map(after.benchmarks.map((m) => [m.modelId, m]));
  const entrants = ranksOnlyIn(newScores, oldScores);
  const leavers = ranksOnlyIn(oldScores, newScores);
  const shift = (old: RankView, now: RankView) =>
    leavers.filter((r) => r < old.rank).length - entrants.filter((r) => r < now.rank).length;
  for (const id of new Set([...oldScores.keys(), ...newScores.keys()])) {
    if (left(id)) continue;
    const a = oldScores.get(id);
    const b = newScores.get(id);
    const tool = toolOf.get(id) ?? { id, name: (b ?? a)!.modelName };
    diffScores(a, b, tool, push, shift);
    diffTaskCost(a, b, tool, push);
  }
}

export function diffDatasets(before: DatasetView, after: DatasetView): Change[] {
  const changes: Change[] = [];
  const push: Push = (kind, tool, field, from, to, percent = null, score) =>
    changes.push({
      kind,
      toolId: tool.id,
      toolName: tool.name,
      field,
      from,
      to,
      percent,
      ...score,
    });
  diffTools(before, after, push);
  diffBenchmarks(before, after, push);
  return changes.sort(
    (x, y) => x.toolId.localeCompare(y.toolId) || byChangeKind(x, y) || (x.field ?? '').localeCompare(y.field ?? ''),
  );
}

const LABELS: Record<ChangeKind, [string, string]> = {
  'model-added': ['model added', 'models added'],
  'model-removed': ['model removed', 'models removed'],
  'model-deprecated': ['model deprecated', 'models deprecated'],
  'model-retired': ['model retired', 'models retired'],
  'status-changed': ['status change', 'status changes'],
  'successor-named': ['successor named', 'successors named'],
  'shutdown-changed': ['shutdown date change', 'shutdown date changes'],
  'price-changed': ['price change', 'price changes'],
  'context-changed': ['context change', 'context changes'],
  'release-date-changed': ['release date change', 'release date changes'],
  'capability-changed': ['capability change', 'capability changes'],
  'first-score': ['first score', 'first scores'],
  'score-changed': ['score change', 'score changes'],
  'rank-moved': ['rank moved beyond its range', 'ranks moved beyond their range'],
  'task-cost-changed': ['cost per solved task change', 'cost per solved task changes'],
  'source-changed': ['source change', 'source changes'],
};

export function summarize(changes: readonly Change[], initial = false): string {
  if (initial) return 'Initial release: the first recorded snapshot of the dataset.';
  if (changes.length === 0) return 'No field-level changes (documents changed in wording or derivation only).';
  const counts = new Map<ChangeKind, number>();
  for (const change of changes) counts.set(change.kind, (counts.get(change.kind) ?? 0) + 1);
  const refits = changes.filter(isRefit).length;
  return KIND_ORDER.filter((k) => counts.has(k))
    .map((k) => {
      const count = `${counts.get(k)} ${LABELS[k][counts.get(k) === 1 ? 0 : 1]}`;
      return k === 'score-changed' && refits > 0 ? `${count} (${refits} within the previous 80% interval)` : count;
    })
    .join(', ');
}

/** One line per change, for the Atom feed and the refresh report. */
export function describeChange(change: Change): string {
  const who = `${change.toolName} (${change.toolId})`;
  switch (change.kind) {
    case 'model-added':
      return `${who}: added`;
    case 'model-removed':
      return `${who}: removed`;
    case 'model-deprecated':
      return `${who}: deprecated (was ${valueText(change.from)})`;
    case 'model-retired':
      return `${who}: retired (was ${valueText(change.from)})`;
    case 'successor-named':
      return change.to === null
        ? `${who}: no successor named any more (was ${valueText(change.from)})`
        : `${who}: its maker names ${valueText(change.to)} as successor${change.from === null ? '' : ` (was ${valueText(change.from)})`}`;
    case 'shutdown-changed':
      if (change.to === null) return `${who}: no shutdown date any more (was ${valueText(change.from)})`;
      return change.from === null
        ? `${who}: shutdown on the provider API set for ${valueText(change.to)}`
        : `${who}: shutdown on the provider API moved to ${valueText(change.to)} (was ${valueText(change.from)})`;
    case 'capability-changed':
      return `${who}: ${change.field} is now ${valueText(change.to)} (was ${valueText(change.from)})`;
    case 'first-score':
      return `${who}: scored for the first time, overallScore ${valueText(change.to)}`;
    case 'rank-moved':
      return `${who}: rank ${valueText(change.from)} -> ${valueText(change.to)}, outside its previous rank range`;
    case 'task-cost-changed':
      return `${who}: measured cost per solved task ${change.from === null ? 'none' : `$${change.from}`} -> ${change.to === null ? 'none' : `$${change.to}`}`;
    default: {
      const pct = change.percent === null ? '' : ` (${change.percent > 0 ? '+' : ''}${change.percent}%)`;
      const basis = change.basis ? ` (${change.basis.from ?? 'none'} -> ${change.basis.to ?? 'none'})` : '';
      return `${who}: ${change.field} ${valueText(change.from)} -> ${valueText(change.to)}${pct}${basis}`;
    }
  }
}

/**
 * Lines for a reader (feed, refresh report): every change that matters one by one, and the
 * estimates that moved inside their previous interval as one line pointing at where they are listed.
 */
export function describeChanges(
  changes: readonly Change[],
  listedIn: string,
  limit = Number.POSITIVE_INFINITY,
): string[] {
  const refits = changes.filter(isRefit).length;
  const described = changes.filter((c) => !isRefit(c)).map(describeChange);
  const lines = described.slice(0, limit);
  if (described.length > lines.length) lines.push(`... and ${described.length - lines.length} more (see ${listedIn})`);
  // After the cut, so that a release with many changes still says how many estimates were refitted.
  if (refits > 0) lines.push(`${refitsPhrase(refits)} (listed in ${listedIn})`);
  return lines;
}
