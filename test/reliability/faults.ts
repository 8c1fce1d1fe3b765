/**
 * Sections that inject faults into the real code and count the refusals: each fault is a name and an attempt that
 * resolves to true when the code refused it (or answered with a flag). One row per group of faults.
 */
import { DataError } from '../../src/compile/errors.ts';
import type { Row } from './report.ts';

/** One fault: its name and an attempt that resolves to true when the code refused it. */
export type Fault = [string, () => Promise<boolean>];

/** True when the attempt throws: the code refused the input. */
export const refusedBy = async (attempt: () => unknown): Promise<boolean> => {
  try {
    await attempt();
    return false;
  } catch {
    return true;
  }
};

/** Each group's faults tried in turn, as one row of the table per group. */
export function faultRows(section: string, groups: [string, Fault[]][]): Promise<Row[]> {
  return Promise.all(
    groups.map(async ([target, faults]): Promise<Row> => {
      const failures: string[] = [];
      let rejected = 0;
      for (const [name, attempt] of faults) {
        const refused = await attempt().catch((error: unknown) => {
          failures.push(`${name}: threw ${error instanceof DataError ? 'a DataError' : String(error)}`);
          return false;
        });
        if (refused) rejected += 1;
        else failures.push(`${name}: accepted`);
      }
      return { section, target, faultsInjected: faults.length, faultsRejected: rejected, failures };
    }),
  );
}
