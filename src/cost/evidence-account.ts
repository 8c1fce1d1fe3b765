/**
 * What a model's overall score rests on, in one wording for every face (the model page, the
 * command line, the MCP server and the client): how many of the benchmarks the score weighs are
 * measured, by whom, and which are estimated. Built only from fields benchmarks.json publishes
 * (`aggregate[]` with its weights, `models[].scoreDetails`), so a reader of the API gets the same
 * counts as `models[].measuredCount`, and a benchmark with weight 0 is never counted.
 */

/** One entry of benchmarks.json `aggregate`: a benchmark field and its weight in overallScore. */
export interface AggregateEntryLike {
  readonly field: string;
  readonly benchmark: string;
  readonly weight: number;
}

/** The part of a scoreDetails entry the account reads. */
export interface ScoreDetailLike {
  readonly kind: 'measured' | 'estimated';
  readonly evidence: 'independent-measured' | 'developer-reported' | 'estimated';
}

export interface EvidenceAccount {
  /** Benchmarks overallScore weighs (aggregate entries with weight > 0). */
  readonly weighted: number;
  /** Of those, how many are measured: equals benchmarks.json models[].measuredCount. */
  readonly measured: number;
  /** Fields of the weighted benchmarks measured by someone other than the model's developer. */
  readonly independent: readonly string[];
  /** Fields of the weighted benchmarks measured and published by a model developer. */
  readonly developerReported: readonly string[];
  /** Fields of the weighted benchmarks the scoring model estimates. */
  readonly estimated: readonly string[];
  /** The same in one sentence, with the benchmarks' names. */
  readonly text: string;
}

function list(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

function sentence(
  weighted: number,
  measured: number,
  named: { independent: string[]; developer: string[]; estimated: string[] },
): string {
  const whole = `the ${weighted} benchmark${weighted === 1 ? '' : 's'} the overall score weighs`;
  const head =
    measured === weighted
      ? `All of ${whole} ${weighted === 1 ? 'is' : 'are'} measured`
      : measured === 0
        ? `None of ${whole} is measured`
        : `${measured} of ${whole} ${measured === 1 ? 'is' : 'are'} measured`;
  const by: string[] = [];
  if (named.independent.length > 0) by.push(`${list(named.independent)} independently`);
  if (named.developer.length > 0) by.push(`${list(named.developer)} by the model's developer`);
  const estimated =
    named.estimated.length > 0
      ? `${list(named.estimated)} ${named.estimated.length === 1 ? 'is' : 'are'} estimated by the scoring model from the model's other results`
      : '';
  return `${head}${by.length > 0 ? ` (${by.join('; ')})` : ''}${estimated ? `; ${estimated}` : ''}.`;
}

/**
 * The account of one scored model. A weighted field missing from `details` throws: the two come
 * from the same document, so a gap means the caller mixed documents of different releases.
 */
export function evidenceAccount(
  details: Readonly<Record<string, ScoreDetailLike>>,
  aggregate: readonly AggregateEntryLike[],
): EvidenceAccount {
  const independent: string[] = [];
  const developerReported: string[] = [];
  const estimated: string[] = [];
  const named = { independent: [] as string[], developer: [] as string[], estimated: [] as string[] };
  const weightedEntries = aggregate.filter((a) => a.weight > 0);
  for (const entry of weightedEntries) {
    const detail = details[entry.field];
    if (!detail) throw new Error(`scoreDetails has no ${entry.field}, which aggregate weighs ${entry.weight}`);
    if (detail.kind === 'estimated') {
      estimated.push(entry.field);
      named.estimated.push(entry.benchmark);
    } else if (detail.evidence === 'developer-reported') {
      developerReported.push(entry.field);
      named.developer.push(entry.benchmark);
    } else {
      independent.push(entry.field);
      named.independent.push(entry.benchmark);
    }
  }
  const measured = independent.length + developerReported.length;
  return {
    weighted: weightedEntries.length,
    measured,
    independent,
    developerReported,
    estimated,
    text: sentence(weightedEntries.length, measured, named),
  };
}
