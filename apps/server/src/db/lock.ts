import fs from 'node:fs';
import path from 'node:path';

export class DatabaseLockedError extends Error {}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite gives one process exclusive use of its directory and nothing stops a second one from
 * opening it and corrupting it, so we hold a lock file naming our pid. A lock left by a process
 * that no longer runs (a crash, a kill -9) is taken over.
 */
export function acquireDirectoryLock(dir: string): () => void {
  const file = path.join(dir, '..', 'tightlines.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    // The pid is written to a file of our own first and then linked into place, which fails if the
    // lock exists: nobody can ever read a lock file that exists but does not name its owner yet.
    const mine = `${file}.${process.pid}`;
    fs.writeFileSync(mine, String(process.pid));
    try {
      fs.linkSync(mine, file);
      return () => fs.rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(owner) && owner !== process.pid && isRunning(owner)) {
        throw new DatabaseLockedError(
          `The database in ${path.dirname(file)} is in use by another Tightlines process (pid ${owner}). ` +
            'Stop it first, or start this one with another DATA_DIR.',
        );
      }
      fs.rmSync(file, { force: true });
    } finally {
      fs.rmSync(mine, { force: true });
    }
  }
  throw new DatabaseLockedError(`Could not take the database lock ${file}.`);
}
