/**
 * What overallScore aggregates: six benchmarks, each expressed on one reference series (one
 * protocol), with its weight. The four specification fields take their reference series from
 * series.json (`seedField`); SWE-bench Pro and Terminal-Bench 4.0 are extensions.
 */
import { SEED_FIELDS } from '../../schema/common.ts';
import type { SeriesFile } from '../../schema/source.ts';

type Series = SeriesFile['series'][number];

export { SEED_FIELDS };
export type SeedField = (typeof SEED_FIELDS)[number];
export const COMPONENT_KEYS = [...SEED_FIELDS, 'sweBenchPro', 'terminalBench'] as const;
export type ComponentKey = (typeof COMPONENT_KEYS)[number];

/**
 * Weights of overallScore (they sum to 1). The score is meant to say how well a model does
 * real software-engineering work as of the data date, so it weighs the benchmarks that still
 * separate current models:
 * - SWE-bench Pro 30%: resolving issues in real repositories, the harder successor of Verified
 *   and the one labs now report; current models spread from about 40 to 80.
 * - SWE-bench Verified 25%: the same kind of task, with the widest coverage of models, but close
 *   to saturation at the top (best developer-reported 96) and with contamination concerns.
 * - Terminal-Bench 4.0 25%: agentic work in a terminal, run independently by the benchmark's
 *   maintainers for every model (12 to 52 for the models measured).
 * - LiveCodeBench 20%: contest-style code generation on problems newer than training data
 *   (Artificial Analysis runs): the only independent, single-protocol measure of writing code
 *   from a specification that covers most models; less weight because it measures algorithmic
 *   puzzles rather than work in a codebase, and it is no longer run for new models.
 * - HumanEval and BigCodeBench 0%: saturated or retired (best published 96.3 and 62.2, no new
 *   results since 2024-12 and 2025-04). Their fields stay in the document for the
 *   specification, but a score no current model was measured on must not move the ranking.
 */
export const COMPONENT_WEIGHTS: Readonly<Record<ComponentKey, number>> = Object.freeze({
  sweBenchPro: 0.3,
  sweBench: 0.25,
  terminalBench: 0.25,
  liveCodeBench: 0.2,
  humanEval: 0,
  bigCodeBench: 0,
});

export const COMPONENT_LABELS: Readonly<Record<ComponentKey, string>> = Object.freeze({
  sweBench: 'SWE-bench Verified',
  liveCodeBench: 'LiveCodeBench',
  humanEval: 'HumanEval',
  bigCodeBench: 'BigCodeBench',
  sweBenchPro: 'SWE-bench Pro',
  terminalBench: 'Terminal-Bench 4.0',
});

/** Reference series of the extension components (the seed fields' come from series.json). */
const EXTENSION_SERIES: Readonly<Record<Exclude<ComponentKey, SeedField>, string>> = Object.freeze({
  sweBenchPro: 'swe-bench-pro-vendor',
  terminalBench: 'terminal-bench-4',
});

export interface Component {
  key: ComponentKey;
  label: string;
  weight: number;
  /** Reference series: a value is measured only when the model has a result in it. */
  series: string;
}

/** The six components with their reference series; throws when one has none. */
export function aggregateComponents(series: readonly Series[]): Component[] {
  const ids = new Set(series.map((s) => s.id));
  return COMPONENT_KEYS.map((key) => {
    const reference = (SEED_FIELDS as readonly string[]).includes(key)
      ? series.find((s) => s.seedField === key)?.id
      : EXTENSION_SERIES[key as Exclude<ComponentKey, SeedField>];
    if (!reference || !ids.has(reference)) throw new Error(`no reference series for ${key} in benchmarks/series.json`);
    return { key, label: COMPONENT_LABELS[key], weight: COMPONENT_WEIGHTS[key], series: reference };
  });
}
