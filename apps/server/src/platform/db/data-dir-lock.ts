import { closeSync, openSync, readFileSync, rmSync, statSync, utimesSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/** The lock's file, in the data folder it guards. */
export const LOCK_FILE = 'console.lock';

/** The holder touches its lock this often... */
const HEARTBEAT_MS = 10_000;
/** ...so that a lock untouched this long is known stale even when its pid cannot be checked. */
const STALE_AFTER_MS = 60_000;

/** What the lock file holds: who writes to the folder. */
type Holder = { pid: number; hostname: string; startedAt: string };

/** Thrown when another live process holds the folder: the message names both and what to do. */
export class DataDirLockedError extends Error {
  constructor(
    readonly folder: string,
    readonly holder: Holder,
  ) {
    super(
      `The data folder ${folder} is in use by another console process (pid ${holder.pid} on ${holder.hostname}, started ${holder.startedAt}). ` +
        'Two processes writing one embedded database would corrupt it: stop that process first, or give this one another DATA_DIR.',
    );
    this.name = 'DataDirLockedError';
  }
}

/** Folders this process holds: opening one twice would be a second writer too. */
const heldHere = new Set<string>();

function readHolder(file: string): Holder | undefined {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<Holder>;
    if (typeof parsed.pid !== 'number' || typeof parsed.hostname !== 'string') return undefined;
    return { pid: parsed.pid, hostname: parsed.hostname, startedAt: String(parsed.startedAt ?? 'at an unknown time') };
  } catch {
    return undefined;
  }
}

/** Whether the process still runs (EPERM: it runs, under another user). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether the holder still writes. On this machine its pid says so at once (our own pid counts
 * only if this process holds the folder: a container restarted keeps pid 1). Elsewhere (a folder
 * shared over the network, a container re-created under a new hostname) the heartbeat says so.
 */
function isHeld(file: string, holder: Holder, folder: string): boolean {
  const untouchedMs = Date.now() - statSync(file).mtimeMs;
  if (holder.hostname !== hostname()) return untouchedMs < STALE_AFTER_MS;
  if (holder.pid === process.pid) return heldHere.has(folder);
  return isAlive(holder.pid);
}

/**
 * Takes the data folder for this process: creates `console.lock` exclusively, with its pid, and
 * touches it every 10 s. Throws DataDirLockedError when a live process holds it. A lock left by a
 * process that is gone (killed, crashed, a machine rebooted) is taken over. Answers the release,
 * which deletes the file if it is still this process's.
 */
export function lockDataDir(folder: string): () => void {
  const resolved = path.resolve(folder);
  const file = path.join(resolved, LOCK_FILE);
  const own: Holder = { pid: process.pid, hostname: hostname(), startedAt: new Date().toISOString() };
  for (let attempt = 0; ; attempt++) {
    try {
      const descriptor = openSync(file, 'wx');
      try {
        writeSync(descriptor, JSON.stringify(own));
      } finally {
        closeSync(descriptor);
      }
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // Unreadable: a holder between creating and writing it, or a broken file (then stale by its age).
      const holder = readHolder(file) ?? { pid: 0, hostname: 'an unknown machine', startedAt: 'at an unknown time' };
      if (attempt >= 2 || isHeld(file, holder, resolved)) throw new DataDirLockedError(resolved, holder);
      rmSync(file, { force: true });
    }
  }
  heldHere.add(resolved);
  const heartbeat = setInterval(() => {
    const now = new Date();
    try {
      utimesSync(file, now, now);
    } catch {
      // The folder went away: the release has nothing left to delete.
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();
  return () => {
    clearInterval(heartbeat);
    heldHere.delete(resolved);
    const holder = readHolder(file);
    if (holder?.pid === own.pid && holder.startedAt === own.startedAt) rmSync(file, { force: true });
  };
}
