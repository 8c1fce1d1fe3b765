/**
 * The scores part of `npm run report` and what the build prints about the scoring method:
 * measured vs estimated per field, interval coverage per series, extrapolated estimates,
 * unused results, unscored tools, and the new method against the previous one.
 */
import type { BenchmarksDocument } from '../schema/api.ts';
import type { ResultsFile, SeriesFile } from '../schema/source.ts';
import { COMPONENT_KEYS } from './derive/benchmark-components.ts';
import { chooseObservations, toolIdOfResults } from './derive/benchmark-results.ts';
import {
  calibrate,
  COVERAGE_TARGET,
  type CrossValidationResult,
  coverageVerdict,
  MIN_HELD_OUT_FOR_COVERAGE,
} from './scoring/index.ts';

type Body = BenchmarksDocument['benchmarks'];

export function table(title: string, rows: (string | number)[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => String(row[column]).length)));
  const lines = rows.map((row) => row.map((cell, column) => String(cell).padEnd(widths[column]!)).join('  '));
  return `\n${title}\n${lines.join('\n')}`;
}

const pct = (share: number) => (Number.isFinite(share) ? `${(100 * share).toFixed(1)}%` : 'n/a');
const points = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : 'n/a');

/** Leave-one-out error, interval coverage and the previous method, per reference series: printed by every build. */
export function scoringSummary(cv: CrossValidationResult): string {
  const calibration = calibrate(cv.heldOut);
  const previous = new Map((cv.comparison ?? []).map((c) => [c.series, c]));
  const rows: (string | number)[][] = [
    ['series', 'n', 'MAE model', 'MAE baseline', 'MAE previous (n)', '80% coverage'],
  ];
  for (const s of cv.perSeries) {
    const before = previous.get(s.series);
    const coverage = calibration.perSeries.find((c) => c.series === s.series);
    rows.push([
      s.series,
      s.n,
      points(s.maeModel),
      points(s.maeBaseline),
      before ? `${points(before.maeOther)} (${before.n})` : '-',
      coverage
        ? `${pct(coverage.share)} ${coverageVerdict(coverage) === 'small' ? '(small)' : coverageVerdict(coverage)}`
        : '-',
    ]);
  }
  rows.push([
    'overall',
    cv.overall.n,
    points(cv.overall.maeModel),
    points(cv.overall.maeBaseline),
    '',
    pct(calibration.overall.share),
  ]);
  const verdict = calibration.passes ? 'within' : 'OUTSIDE';
  return [
    table(
      'scoring: leave-one-out over the reference series (points; baseline = series mean; previous = the method before the series split, on the same held-out values)',
      rows,
    ),
    `per-series coverage is judged from ${MIN_HELD_OUT_FOR_COVERAGE} held-out values on (small series borrow the pooled width); interval calibration: nominal 80% intervals cover ${pct(calibration.overall.share)} of ${calibration.overall.n} held-out values (cross-fitted over 5 folds by model), ${verdict} the ${pct(COVERAGE_TARGET.low)}-${pct(COVERAGE_TARGET.high)} target; held-out values outside their series' range: ${pct(calibration.outsideRange.share)} of ${calibration.outsideRange.n}; models with at most 2 other results: ${pct(calibration.littleEvidence.share)} of ${calibration.littleEvidence.n}`,
  ].join('\n');
}

/** Tables of the scores section of the coverage report. */
export function scoresReport(body: Body): string {
  const unused = body.models.flatMap((m) =>
    m.results
      .filter((r) => r.runClass === 'nonstandard')
      .map((r) => [m.modelId, r.series, r.value, r.variant.slice(0, 70)]),
  );
  return [
    fieldsTable(body),
    evidenceTable(body),
    coverageTable(body),
    extrapolatedTable(body),
    unused.length > 0
      ? table(
          `Non-standard results never used (several attempts, parallel compute, modified benchmark): ${unused.length}`,
          [['model', 'series', 'value', 'variant'], ...unused],
        )
      : '\nNo non-standard result recorded for a scored tool.',
    table(`Unscored tools: ${body.unscored.length}`, [
      ['tool', 'reason'],
      ...body.unscored.map((u) => [u.toolId, u.reason]),
    ]),
  ].join('\n');
}

/** What the top 20 ranks rest on (issue 34: at least 8 of the top 10 on an independent measurement, the rest provisional). */
function evidenceTable(body: Body): string {
  const top = [...body.models].sort((a, b) => a.rank - b.rank).slice(0, 20);
  const independentTop10 = top.slice(0, 10).filter((m) => m.evidence === 'independent-measured').length;
  return table(
    `Evidence of the top 20 (top 10 on an independent measurement: ${independentTop10} of ${Math.min(10, top.length)}; provisional in the top 20: ${top.filter((m) => m.provisional).length})`,
    [
      ['rank', 'model', 'score', 'evidence', 'provisional'],
      ...top.map((m) => [m.rank, m.modelId, m.overallScore, m.evidence, m.provisional ? 'yes' : '']),
    ],
  );
}

function fieldsTable(body: Body): string {
  const { models } = body;
  return table(`Measured vs estimated per field (scored models: ${models.length})`, [
    ['field', 'weight', 'reference series', 'measured', 'estimated', 'extrapolated', 'measured in top 10'],
    ...COMPONENT_KEYS.map((f) => {
      const details = models.map((m) => m.scoreDetails[f]);
      const aggregate = body.aggregate.find((a) => a.field === f);
      return [
        f,
        aggregate?.weight ?? 0,
        aggregate?.series ?? '',
        details.filter((d) => d.kind === 'measured').length,
        details.filter((d) => d.kind === 'estimated').length,
        details.filter((d) => d.extrapolated).length,
        models.filter((m) => m.rank <= 10 && m.scoreDetails[f].kind === 'measured').length,
      ];
    }),
  ]);
}

/** Every series: alive or not (and the recent models behind it), its weight, and its interval coverage with the verdict. */
function coverageTable(body: Body): string {
  const { calibration } = body;
  const verdictOf = (n: number, share: number) => {
    const verdict = coverageVerdict({ n, share });
    return verdict === 'small' ? `small (< ${MIN_HELD_OUT_FOR_COVERAGE} held out)` : verdict;
  };
  return table(
    `Interval coverage per series, with whether it is alive and its weight (target ${pct(calibration.target.low)}-${pct(calibration.target.high)} per series with ${MIN_HELD_OUT_FOR_COVERAGE}+ held-out values; overall ${pct(calibration.coverage)} of ${calibration.n}, ${calibration.passes ? 'passes' : 'FAILS'})`,
    [
      ['series', 'alive', 'recent models', 'weight', 'held out', 'coverage', 'verdict', 'MAE model', 'MAE baseline'],
      ...body.sources.map((s) => {
        const cv = s.crossValidation;
        const weight = s.aggregateWeight === null ? '-' : s.aggregateWeight.toFixed(3);
        const alive = s.alive ? 'yes' : 'no';
        if (!cv) return [s.id, alive, s.recentModels, weight, '-', '-', '-', '-', '-'];
        return [
          s.id,
          alive,
          s.recentModels,
          weight,
          cv.n,
          pct(cv.coverage),
          verdictOf(cv.n, cv.coverage),
          cv.maeModel,
          cv.maeBaseline,
        ];
      }),
    ],
  );
}

function extrapolatedTable(body: Body): string {
  const weight = new Map(body.aggregate.map((a) => [a.field, a.weight]));
  const rows = body.models.flatMap((m) =>
    COMPONENT_KEYS.filter((f) => m.scoreDetails[f].extrapolated).map((f) => {
      const d = m.scoreDetails[f];
      return [m.modelId, f, d.value, d.interval ? `${d.interval.low}-${d.interval.high}` : ''];
    }),
  );
  const weighted = rows.filter((row) => (weight.get(String(row[1])) ?? 0) > 0);
  return table(
    `Extrapolated estimates in weighted fields: ${weighted.length} (all fields: ${rows.length}; value capped at the series' best measured value when above it; interval at least as wide as an in-range one)`,
    [['model', 'field', 'published', '80% interval'], ...weighted],
  );
}

/**
 * Unscored tools that have a result recorded anyway, in any series, weighted or not (target: none):
 * each is either a result the scoring should use or one it rightly refuses (several attempts, a
 * modified benchmark), and the curator decides which.
 */
export function unscoredWithResults(body: Body, results: readonly ResultsFile[]): string {
  const unscored = new Set(body.unscored.map((u) => u.toolId));
  const rows = results.flatMap((file) => {
    const toolId = toolIdOfResults(file, unscored);
    if (!toolId || file.results.length === 0) return [];
    const series = [...new Set(file.results.map((r) => r.series))].sort();
    return [[toolId, file.results.length, series.join(', ')]];
  });
  rows.sort((a, b) => String(a[0]).localeCompare(String(b[0])));
  if (rows.length === 0) return '\nUnscored tools with a citable result: 0 (target 0)';
  return table(
    `Unscored tools with a citable result: ${rows.length} (target 0; a result in any series, weighted or not)`,
    [['tool', 'results', 'series'], ...rows],
  );
}

/**
 * How far developer-reported values sit from independent ones for the same models on the same
 * benchmark: for each pair of a vendor series and an independent series of one benchmark, the
 * mean and median of (vendor − independent) over the models with a value in both. This is why
 * the two are never one series.
 */
export function reporterGaps(series: SeriesFile['series'], results: readonly ResultsFile[]): string {
  const chosen = chooseObservations(results);
  const reporter = new Map(series.map((s) => [s.id, s.reportedBy]));
  const benchmark = new Map(chosen.map((c) => [c.series, c.benchmark]));
  const values = new Map<string, Map<string, number>>();
  for (const c of chosen) values.set(c.series, (values.get(c.series) ?? new Map()).set(c.model, c.value));
  const ids = [...values.keys()].sort();
  const rows: (string | number)[][] = [];
  for (const vendor of ids.filter((id) => reporter.get(id) === 'vendor'))
    for (const independent of ids.filter(
      (id) => reporter.get(id) === 'independent' && benchmark.get(id) === benchmark.get(vendor),
    )) {
      const other = values.get(independent)!;
      const gaps = [...values.get(vendor)!]
        .flatMap(([model, v]) => (other.has(model) ? [v - other.get(model)!] : []))
        .sort((a, b) => a - b);
      if (gaps.length < 3) continue;
      const mean = gaps.reduce((sum, g) => sum + g, 0) / gaps.length;
      rows.push([vendor, independent, gaps.length, mean.toFixed(1), gaps[Math.floor(gaps.length / 2)]!.toFixed(1)]);
    }
  return table(
    'Developer-reported minus independent, same models and benchmark (points; pairs with at least 3 models)',
    [['vendor series', 'independent series', 'models', 'mean', 'median'], ...rows],
  );
}
