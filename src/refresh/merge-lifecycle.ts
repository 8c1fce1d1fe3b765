/**
 * Lifecycle facts that arrive by refresh. Two things happen here, both reported line by line:
 *
 * - Rows of a lifecycle list (a platform's retirement table) are matched to tools with the same
 *   never-guess rules as results (match.ts: names the data records, or the source's alias map).
 *   A matched row adds a platform-scoped event (`retired` once its date has passed, else
 *   `shutdown-scheduled`) with the successor as the list names it; an event the tool already has
 *   for that platform and day is the same fact, and a scheduled one whose day has passed becomes
 *   `retired`. A row that matches no tool, or matches a tool whose recorded event for that platform
 *   gives another day, is reported and changes nothing. Platform events never change `status`.
 * - A scheduled provider retirement takes effect on its day: a deprecated tool whose
 *   `lifecycle.shutdown.date` is on or before the refresh date becomes `retired` (the build derives
 *   the same from the data's date, compile/derive/effective-status.ts; writing it here is what makes
 *   the refresh publish the change on the day).
 *
 * Pure: works on the SourceData it is given (the caller passes its own copy).
 */
import type { SourceData } from '../compile/load.ts';
import type { LifecycleEvent, ToolFile } from '../schema/source.ts';
import type { LifecycleSource } from './config-lifecycle.ts';
import { closestTools, matchTool, type ToolIndex } from './match.ts';
import type { LifecycleRow } from './upstream/copilot-retirements.ts';

export interface LifecycleMergeReport {
  name: string;
  read: number;
  matched: number;
  /** Rows no tool carries the name of, with the closest tools (suggestions only): nothing applied. */
  unmatched: string[];
  /** Matched rows that disagree with what the tool records: nothing applied. */
  conflicts: string[];
  added: string[];
  updated: string[];
}

function newEvent(row: LifecycleRow, source: LifecycleSource, origin: string, readOn: string): LifecycleEvent {
  const passed = row.date <= readOn;
  return {
    kind: passed ? 'retired' : 'shutdown-scheduled',
    date: row.date,
    scope: 'platform',
    platform: source.platform,
    summary: `${source.sourceName} lists ${row.name} as ${passed ? 'retired' : 'to be retired'} from ${source.platform} on ${row.date}${row.successor ? `, with ${row.successor} as the suggested alternative` : ''}; the provider API is not affected.`,
    ...(row.successor ? { successor: row.successor } : {}),
    source: {
      name: source.sourceName,
      url: origin,
      kind: source.sourceKind,
      asOf: readOn,
      verified: readOn,
      note: 'Imported by the weekly refresh; the list carries no date of its own, so asOf is the day it was read.',
    },
  };
}

/** Keeps the events oldest first, as the schema documents them. */
function insertByDate(events: LifecycleEvent[], event: LifecycleEvent): void {
  const at = events.findIndex((e) => e.date > event.date);
  events.splice(at === -1 ? events.length : at, 0, event);
}

function applyRow(
  tool: ToolFile,
  row: LifecycleRow,
  context: { source: LifecycleSource; origin: string; readOn: string },
  report: LifecycleMergeReport,
): void {
  const { source, origin, readOn } = context;
  const onPlatform = (tool.lifecycle?.events ?? []).filter(
    (e) =>
      e.scope === 'platform' &&
      e.platform === source.platform &&
      (e.kind === 'retired' || e.kind === 'shutdown-scheduled'),
  );
  const same = onPlatform.find((e) => e.date === row.date);
  if (same) {
    if (same.kind === 'shutdown-scheduled' && row.date <= readOn) {
      same.kind = 'retired';
      report.updated.push(
        `${tool.id}: ${source.platform} event of ${row.date} shutdown-scheduled -> retired (the day has passed)`,
      );
    }
    return;
  }
  if (onPlatform.length > 0) {
    report.conflicts.push(
      `${tool.id} ("${row.name}", row ${row.row}): the list says ${row.date}; the tool records ${onPlatform.map((e) => `${e.kind} ${e.date}`).join(', ')} for ${source.platform} (check both at the source)`,
    );
    return;
  }
  const event = newEvent(row, source, origin, readOn);
  if (tool.lifecycle) insertByDate(tool.lifecycle.events, event);
  else tool.lifecycle = { events: [event] };
  report.added.push(
    `${tool.id}: ${event.kind} from ${source.platform} on ${row.date}${row.successor ? ` (successor "${row.successor}")` : ''}`,
  );
}

/** Rows of one lifecycle upstream over `next` (changed in place), reported. */
export function mergeLifecycleRows(
  next: SourceData,
  index: ToolIndex,
  source: LifecycleSource,
  rows: readonly LifecycleRow[],
  context: { origin: string; readOn: string },
): LifecycleMergeReport {
  const report: LifecycleMergeReport = {
    name: source.name,
    read: rows.length,
    matched: 0,
    unmatched: [],
    conflicts: [],
    added: [],
    updated: [],
  };
  const tools = new Map(next.tools.map((t) => [t.data.id, t.data]));
  for (const row of rows) {
    const match = matchTool(index, [row.name], source.aliases);
    if (match.kind !== 'matched') {
      const why =
        match.kind === 'ambiguous'
          ? `a name of several tools (${match.toolIds.join(', ')})`
          : `closest tools ${closestTools(index, row.name).join(', ') || 'none'}`;
      report.unmatched.push(`"${row.name}" (${row.date}, row ${row.row}): ${why}`);
      continue;
    }
    report.matched += 1;
    applyRow(tools.get(match.toolId)!, row, { source, ...context }, report);
  }
  return report;
}

/** Deprecated tools whose provider shutdown day has come, set to retired (the build's own rule, in the file); one line per tool. */
export function applyScheduledRetirements(next: SourceData, readOn: string): string[] {
  const retired: string[] = [];
  for (const { data: tool } of next.tools) {
    const shutdown = tool.lifecycle?.shutdown?.date;
    if (tool.status !== 'deprecated' || !shutdown || shutdown > readOn) continue;
    tool.status = 'retired';
    retired.push(`${tool.id}: status deprecated -> retired (provider shutdown ${shutdown} has passed)`);
  }
  return retired;
}
