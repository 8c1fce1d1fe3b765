/**
 * What each score, rank and pick rests on (issue 34 item 2): an independent measurement, a
 * developer's own figure, or the scoring model's estimate. A rank that rests on no independent
 * measurement is provisional, and says why in a sentence built from the data.
 */
import type { BenchmarkModel, EvidenceClass, ScoreDetail, UseCase } from '../../schema/api.ts';
import { COMPONENT_KEYS, COMPONENT_LABELS, type ComponentKey } from './benchmark-components.ts';

export type { EvidenceClass };

/** Strongest first: one independent measurement outweighs any number of vendor figures or estimates. */
const STRENGTH: Readonly<Record<EvidenceClass, number>> = {
  'independent-measured': 0,
  'developer-reported': 1,
  estimated: 2,
};

/** The class of values taken together: the strongest of them (an empty set has only estimates to offer). */
export function strongestEvidence(classes: Iterable<EvidenceClass>): EvidenceClass {
  let best: EvidenceClass = 'estimated';
  for (const c of classes) if (STRENGTH[c] < STRENGTH[best]) best = c;
  return best;
}

type Details = Readonly<Record<ComponentKey, Pick<ScoreDetail, 'evidence'>>>;
type UsedResult = Pick<BenchmarkModel['results'][number], 'used' | 'reportedBy' | 'series'>;

export interface Evidence {
  evidence: EvidenceClass;
  /** The reason a rank on these components is provisional; null when one of them is an independent measurement. */
  provisional: string | null;
}

/**
 * The evidence of a value built from `keys` (the weighted components of overallScore, or the
 * components a use case ranks by), with the reason it is provisional when none of them is an
 * independent measurement. `results` are the model's published results: independent ones in other
 * series inform its estimates only, and the reason says so, since a reader would otherwise think
 * nobody independent ever ran the model.
 */
export function evidenceOf(details: Details, keys: readonly ComponentKey[], results: readonly UsedResult[]): Evidence {
  const classes = keys.map((key) => [key, details[key].evidence] as const);
  const evidence = strongestEvidence(classes.map(([, c]) => c));
  if (evidence === 'independent-measured') return { evidence, provisional: null };
  const names = (wanted: EvidenceClass) => classes.filter(([, c]) => c === wanted).map(([k]) => COMPONENT_LABELS[k]);
  const vendor = names('developer-reported');
  const estimated = names('estimated');
  const parts: string[] = [];
  if (vendor.length > 0) parts.push(`${list(vendor)} ${vendor.length > 1 ? 'are' : 'is'} a model developer's figure`);
  if (estimated.length > 0) parts.push(`${list(estimated)} ${estimated.length > 1 ? 'are' : 'is'} estimated`);
  const independentElsewhere = new Set(
    results.filter((r) => r.used && r.reportedBy === 'independent').map((r) => r.series),
  ).size;
  const elsewhere =
    independentElsewhere > 0
      ? ` Independent results in ${independentElsewhere} other series inform the estimates only.`
      : ' No independent result of it is recorded.';
  return { evidence, provisional: `Provisional: no independent measurement; ${parts.join('; ')}.${elsewhere}` };
}

function list(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

const isComponent = (key: string): key is ComponentKey => (COMPONENT_KEYS as readonly string[]).includes(key);

/**
 * The evidence of a use-case pick: of overallScore for `scoreDesc` and `valueDesc` (as benchmarks.json
 * states it), of the named components for `taskScoreDesc`; none for an order that uses no benchmark
 * (price, context window, autocomplete facts), or for a tool without a score.
 */
export function pickEvidence(
  sortBy: UseCase['sortBy'],
  components: readonly string[] | null | undefined,
  model: Pick<BenchmarkModel, 'evidence' | 'provisional' | 'scoreDetails' | 'results'> | undefined,
): { evidence: EvidenceClass | null; provisional: string | null } {
  if (!model) return { evidence: null, provisional: null };
  if (sortBy === 'scoreDesc' || sortBy === 'valueDesc')
    return { evidence: model.evidence, provisional: model.provisional };
  if (sortBy !== 'taskScoreDesc' || !components) return { evidence: null, provisional: null };
  return evidenceOf(model.scoreDetails, components.filter(isComponent), model.results);
}
