/**
 * SWE-bench's leaderboards file (SWE-bench/swe-bench.github.io `data/leaderboards.json`):
 * `{ "leaderboards": [{ "name": "Verified" | "bash-only" | ..., "results": [{ name, folder,
 * resolved, date, os_model, os_system, checked, tags: ["Model: <api id>", "Org: <org>",
 * "System: Attempts - 1"], warning, "mini-swe-agent_version"? }] }] }`. A result is matched by
 * its `Model:` tags (an entry that names several models is a system, matched to none) and its
 * display name. The result date is the submission date the folder name starts with, else `date`.
 * Pure.
 */
import type { DataIssue } from '../../compile/errors.ts';
import { parseJsonGuarded } from '../../compile/json-guard.ts';
import * as check from './results.ts';
import type { UpstreamResult, UpstreamResults } from './results.ts';

const tagValues = (tags: unknown[], prefix: string) =>
  tags
    .filter((t): t is string => typeof t === 'string' && t.startsWith(prefix))
    .map((t) => t.slice(prefix.length).trim());

function entryResult(
  board: string,
  raw: unknown,
  context: { where: string; origin: string; row: number },
  issues: DataIssue[],
): UpstreamResult | undefined {
  const { where, origin, row } = context;
  const before = issues.length;
  const entry = check.objectAt(raw, where, '', issues);
  const name = check.requiredText(entry.name, where, 'name', issues);
  const folder = check.requiredText(entry.folder, where, 'folder', issues);
  const score = check.percentScore(entry.resolved, where, 'resolved', issues);
  // The folder's leading YYYYMMDD is the submission date; `date` is sometimes the model's. Either is checked
  // by resultDate, with the schema's rule for a date.
  const submitted = typeof entry.folder === 'string' ? /^(\d{4})(\d{2})(\d{2})_/.exec(entry.folder) : null;
  const date = check.resultDate(submitted ? submitted.slice(1).join('-') : entry.date, where, 'date', issues);
  const tags = check.arrayAt(entry.tags ?? [], where, 'tags', issues);
  if (issues.length > before || !name || !folder || score === undefined || !date) return undefined;
  const models = tagValues(tags, 'Model:');
  const fields = check.protocol({
    leaderboard: board,
    folder,
    models: models.join(', '),
    modelCount: models.length,
    org: tagValues(tags, 'Org:').join(', '),
    attempts: tagValues(tags, 'System: Attempts -').join(', '),
    checked: entry.checked === true,
    miniSweAgentVersion: entry['mini-swe-agent_version'],
    warning: entry.warning,
  });
  const keys = models.length === 1 ? [folder, models[0]!, name] : [folder];
  return {
    row,
    name: `${board}: ${name} [${folder}]`,
    keys,
    fields,
    score,
    date,
    source: `${origin} (leaderboard ${board}, ${folder})`,
  };
}

export function readSweBench(body: Buffer, origin: string, label = 'swe-bench upstream'): UpstreamResults {
  const parsed = parseJsonGuarded(body, label);
  if (!parsed.ok) return parsed;
  const issues: DataIssue[] = [];
  const results: UpstreamResult[] = [];
  const boards = check.arrayAt(
    check.objectAt(parsed.value, label, '', issues).leaderboards,
    label,
    'leaderboards',
    issues,
  );
  boards.forEach((boardRaw, b) => {
    const board = check.objectAt(boardRaw, label, `leaderboards[${b}]`, issues);
    const boardName = check.requiredText(board.name, label, `leaderboards[${b}].name`, issues) ?? '';
    check.arrayAt(board.results, label, `leaderboards[${b}].results`, issues).forEach((entry, r) => {
      const where = `${label} leaderboards[${b}] (${boardName}) results[${r}]`;
      const result = entryResult(boardName, entry, { where, origin, row: results.length + 1 }, issues);
      if (result) results.push(result);
    });
  });
  return check.finish(results, issues);
}
