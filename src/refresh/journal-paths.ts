/**
 * Where the refresh journal lives, and the one question a starting server asks of it. Kept apart
 * from journal.ts, whose imports (releases, schemas) a server that only serves never needs.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';

export const journalDir = (stateDir: string) => path.join(stateDir, 'refresh');
export const pendingDir = (stateDir: string) => path.join(journalDir(stateDir), 'pending');

/** Whether a committed publish waits to be completed (cheap: one stat). */
export async function hasPending(stateDir: string): Promise<boolean> {
  return stat(pendingDir(stateDir)).then(
    () => true,
    () => false,
  );
}
