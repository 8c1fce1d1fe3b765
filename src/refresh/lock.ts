/**
 * One refresh at a time per state directory: an exclusive lock file holding the owner's pid.
 * A lock left by a process that no longer exists (kill -9, power loss) is taken over.
 */
import { mkdir, open, readFile, rm } from 'node:fs/promises';
import path from 'node:path';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export class LockedError extends Error {
  override name = 'LockedError';
}

export async function acquireLock(stateDir: string): Promise<() => Promise<void>> {
  await mkdir(stateDir, { recursive: true });
  const file = path.join(stateDir, 'refresh.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const handle = await open(file, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return async () => {
        await rm(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number((await readFile(file, 'utf8').catch(() => '')).trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && alive(owner))
        throw new LockedError(`another refresh is running (pid ${owner}, lock ${file})`);
      await rm(file, { force: true });
    }
  }
  throw new LockedError(`could not take the refresh lock ${file}`);
}
