/**
 * The status a tool has on the data's date. A deprecated tool whose provider shutdown date
 * (`lifecycle.shutdown.date`) is on or before that day is retired, whatever its file still says:
 * a scheduled retirement takes effect on its day without a hand edit, and a build of the same data
 * gives the same answer on any machine and any day, because the day is the data's
 * (`meta.lastUpdated`), not the clock's. Pure.
 */
import type { ToolFile } from '../../schema/source.ts';

export function withStatusOn(tools: readonly ToolFile[], day: string): ToolFile[] {
  return tools.map((tool) => {
    const shutdown = tool.lifecycle?.shutdown?.date;
    return tool.status === 'deprecated' && shutdown !== undefined && shutdown <= day
      ? { ...tool, status: 'retired' }
      : tool;
  });
}
