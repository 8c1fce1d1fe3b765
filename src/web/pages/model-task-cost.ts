/**
 * The model page's "Cost per task" section: benchmarks.json models[].taskCost as published, never recomputed. The
 * headline in words, one row per configuration (never merged: each has its own harness, effort and runs), the
 * estimates per kind of task or why there is none, and the provider endpoints' speed, each with its source.
 */
import type { BenchmarkModel } from '../../schema/api.ts';
import { grouped } from '../format.ts';
import { esc, linkify } from '../html.ts';
import { taskFigureHtml } from '../marks.ts';

type TaskCost = NonNullable<BenchmarkModel['taskCost']>;

const COST_BASIS: Record<string, string> = {
  'tokens-at-prices-in-force': 'published tokens at the prices in force',
  'dollars-as-published': 'dollars as the source published them',
  estimated: 'estimated',
};

function configurationRows(taskCost: TaskCost): string {
  return taskCost.configurations
    .map((c) => {
      const tokensPerTask = c.tokensPerTask
        ? `${grouped(Math.round(c.tokensPerTask.input))} in, ${grouped(Math.round(c.tokensPerTask.output))} out`
        : 'not published';
      const runs = c.runs
        .map((r) => `${esc(r.date)} by ${esc(r.runner)} (${r.tasks} tasks): ${linkify(r.source.url)}`)
        .join('<br>');
      return `<tr><th scope="row">${esc(c.taskKind)}: ${esc(c.taskSet)}</th><td>${esc(c.harness)}; effort ${esc(c.reasoningEffort ?? 'not stated')}${c.mode ? `; ${esc(c.mode)}` : ''}</td><td>${tokensPerTask}</td><td>${taskFigureHtml(c.costPerAttemptUsd, 'measured', 'usd')}</td><td>${taskFigureHtml(c.successPercent, 'measured', 'count')}</td><td>${taskFigureHtml(c.costPerSolvedTaskUsd, 'measured', 'usd')}</td><td>${taskFigureHtml(c.secondsPerTask, 'measured', 'seconds')}</td><td>${esc(c.costBasis ? (COST_BASIS[c.costBasis] ?? c.costBasis) : 'no cost published')}${c.pricesAsOf ? `, prices of ${esc(c.pricesAsOf)}` : ''}</td><td class="src">${runs}</td></tr>`;
    })
    .join('');
}

function estimateItems(taskCost: TaskCost): string {
  return taskCost.estimates
    .map((e) =>
      e.costPerAttemptUsd
        ? `<li>${esc(e.taskKind)}: ${taskFigureHtml(e.costPerAttemptUsd, 'estimated', 'usd')} per attempt, ${taskFigureHtml(e.costPerSolvedTaskUsd, 'estimated', 'usd')} per solved task${e.reason ? ` (${esc(e.reason)})` : ''}</li>`
        : `<li>${esc(e.taskKind)}: unknown. ${esc(e.reason ?? '')}</li>`,
    )
    .join('');
}

function endpointItems(taskCost: TaskCost): string {
  return taskCost.endpoints
    .map(
      (p) =>
        `<li>${esc(p.provider)}: ${p.outputTokensPerSecond === null ? 'output speed not published' : `${grouped(Math.round(p.outputTokensPerSecond))} output tokens per second`}${p.timeToFirstTokenSeconds === null ? '' : `, first token after ${p.timeToFirstTokenSeconds.toFixed(2)} s`} (${esc(p.date)}, ${esc(p.conditions)}; ${linkify(p.source.url)})</li>`,
    )
    .join('');
}

/** What a coding task costs and takes on this model, by configuration, with intervals and estimates marked. */
export function taskCostSection(m: BenchmarkModel | undefined): string {
  const taskCost = m?.taskCost;
  if (!taskCost) return '<p>No cost per task is published for this model (it is not scored).</p>';
  const h = taskCost.headline;
  const headline = h
    ? `<p class="big">${taskFigureHtml(h.costPerSolvedTaskUsd, h.evidence, 'usd')} per solved ${esc(h.taskKind)} task, ${taskFigureHtml(h.costPerAttemptUsd, h.evidence, 'usd')} per attempt${h.secondsPerTask ? `, ${taskFigureHtml(h.secondsPerTask, h.evidence, 'seconds')} per task` : ''}: ${esc(h.evidence === 'estimated' ? 'an estimate' : h.configuration)}${h.pricesAsOf ? `, prices of ${esc(h.pricesAsOf)}` : ''}. Intervals are 80%.</p>`
    : `<p>Cost per task unknown: ${esc(taskCost.reason ?? '')}</p>`;
  const configurations = taskCost.configurations.length
    ? `<div class="scroll" role="region" aria-label="Cost per task by configuration" tabindex="0"><table><caption>Each configuration with its own published runs; configurations are never merged</caption><thead><tr><th scope="col">Kind and task set</th><th scope="col">Harness and effort</th><th scope="col">Tokens per task</th><th scope="col">Per attempt</th><th scope="col">Solved (%)</th><th scope="col">Per solved task</th><th scope="col">Time per task</th><th scope="col">Cost basis</th><th scope="col">Runs</th></tr></thead><tbody>${configurationRows(taskCost)}</tbody></table></div>`
    : '<p>No published run of this model records its cost or time per task.</p>';
  const estimates = taskCost.estimates.length
    ? `<h3>Estimates by kind of task</h3><ul>${estimateItems(taskCost)}</ul>`
    : '';
  const endpoints = taskCost.endpoints.length
    ? `<h3>Speed by provider endpoint</h3><ul>${endpointItems(taskCost)}</ul>`
    : '';
  return `${headline}${configurations}${estimates}${endpoints}`;
}
