/**
 * The text block of each tool's answer: a line or two saying what the structuredContent holds
 * (and, for a page, how to get the next one), for a reader that shows text only. The facts are
 * sent once, in structuredContent; these never repeat them as JSON.
 */
import type { Summarize } from './answers.ts';
import { figureWords } from '../../packages/client/src/index.ts';

// biome-ignore lint/suspicious/noExplicitAny: summaries read the loose JSON a tool body returned
export type Json = any;

const ids = (rows: Json[]) => rows.map((r) => r.id).join(', ');

export const summarizeSearch: Summarize = (v: Json) => {
  if (v.count === 0) return 'No model matches these filters.';
  const last = v.offset + v.models.length;
  const page = `Models ${v.offset + 1}-${last} of ${v.count}, best overallScore first: ${ids(v.models)}.`;
  return `${page} ${v.nextOffset === null ? 'Last page.' : `Next page: offset ${v.nextOffset}.`} Rows in structuredContent; get_model has every fact of one.`;
};

export const summarizeModel: Summarize = (v: Json) => {
  const m = v.model;
  const score = m.score?.overallScore == null ? 'not scored' : `overallScore ${m.score.overallScore}`;
  const successor = v.successor ? ` ${v.successor.note}` : '';
  return `${m.id} (${m.name}, ${m.provider}, ${m.status}): context ${m.contextTokens} tokens, ${score}.${successor} Prices, scores, platforms and sources in structuredContent.`;
};

export const summarizeEstimate: Summarize = (v: Json) =>
  `${v.model.id}${v.platform ? ` on ${v.platform}` : ''} at ${v.at}: ${v.explanation} Breakdown in structuredContent.`;

export const summarizeRecommend: Summarize = (v: Json) =>
  v.results.length === 0
    ? 'No model fits these constraints.'
    : `${v.results.length} model${v.results.length === 1 ? '' : 's'}, best first: ${withEvidence(v.results)}. Costs, scores, evidence and sources in structuredContent.`;

/** Each id with what its rank rests on, so a text-only reader sees a provisional pick as one. */
const withEvidence = (rows: Json[]) =>
  rows
    .map(
      // The first few rows' per-task figures in words; the summary stays short, structuredContent has every row's.
      (r, i) =>
        `${r.evidence ? `${r.id} (${r.evidence}${r.provisional ? ', provisional' : ''})` : r.id}${r.taskCost && i < 3 ? ` ${taskWords(r.taskCost)}` : ''}`,
    )
    .join(', ');

/** A row's per-task figures in words: cost per solved task and seconds, each with its interval and evidence. */
const taskWords = (t: Json) =>
  `[${t.taskKind}: ${figureWords(t.costPerSolvedTaskUsd, t.evidence, 'usd')} per solved task, ${figureWords(t.secondsPerTask, t.evidence, 'seconds')} per task]`;

export const summarizeChanges: Summarize = (v: Json) =>
  `${v.releases.length} of ${v.matching} matching releases (${v.totalReleases} in all)${v.releases.length ? `: ${v.releases.map((r: Json) => `${r.id} (${r.changes.length} changes${r.refitsLeftOut ? `, ${r.refitsLeftOut} refitted estimates left out` : ''})`).join(', ')}` : ''}. Changes in structuredContent.`;
