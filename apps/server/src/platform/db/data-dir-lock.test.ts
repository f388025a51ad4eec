import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, LOCK_FILE, lockDataDir } from './data-dir-lock.js';

let folder: string;
const children: ChildProcess[] = [];

beforeEach(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'console-lock-'));
});
afterEach(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(folder, { recursive: true, force: true });
});

/** A live process of this machine that is not this one. */
async function startOtherProcess(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  children.push(child);
  await new Promise((resolve) => child.once('spawn', resolve));
  return child;
}

function writeLock(holder: object, ageMs = 0): void {
  const file = path.join(folder, LOCK_FILE);
  writeFileSync(file, JSON.stringify(holder));
  const at = new Date(Date.now() - ageMs);
  utimesSync(file, at, at);
}

function lockError(): DataDirLockedError {
  try {
    lockDataDir(folder);
  } catch (error) {
    if (error instanceof DataDirLockedError) return error;
    throw error;
  }
  throw new Error('the lock was granted');
}

describe('the data folder lock (one writer per embedded database)', () => {
  it('writes this process in the lock and deletes it on release', () => {
    const release = lockDataDir(folder);
    expect(JSON.parse(readFileSync(path.join(folder, LOCK_FILE), 'utf8'))).toMatchObject({
      pid: process.pid,
      hostname: hostname(),
    });
    release();
    expect(existsSync(path.join(folder, LOCK_FILE))).toBe(false);
  });

  it('refuses a second open in this process while the first holds it, and grants it after the release', () => {
    const release = lockDataDir(folder);
    expect(lockError().message).toContain(`pid ${process.pid}`);
    release();
    lockDataDir(folder)();
  });

  it('refuses a folder held by another live process, naming the folder and that process', async () => {
    const other = await startOtherProcess();
    writeLock({ pid: other.pid, hostname: hostname(), startedAt: '2026-11-25T08:00:00.000Z' });
    const error = lockError();
    expect(error.message).toContain(folder);
    expect(error.message).toContain(`pid ${other.pid} on ${hostname()}, started 2026-11-25T08:00:00.000Z`);
    expect(error.message).toContain('another DATA_DIR');
    // The holder's lock is left as it was.
    expect(JSON.parse(readFileSync(path.join(folder, LOCK_FILE), 'utf8')).pid).toBe(other.pid);
  });

  it('takes over the lock of a process that is gone (killed with -9)', async () => {
    const other = await startOtherProcess();
    writeLock({ pid: other.pid, hostname: hostname(), startedAt: '2026-11-25T08:00:00.000Z' });
    const exited = new Promise((resolve) => other.once('exit', resolve));
    other.kill('SIGKILL');
    await exited;
    const release = lockDataDir(folder);
    expect(JSON.parse(readFileSync(path.join(folder, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    release();
  });

  it('takes over a lock with our own pid that this process does not hold (a container restarted as pid 1)', () => {
    writeLock({ pid: process.pid, hostname: hostname(), startedAt: '2026-11-24T08:00:00.000Z' });
    lockDataDir(folder)();
  });

  it("judges another machine's lock by its heartbeat: refused while fresh, taken over once a minute old", () => {
    writeLock({ pid: 1, hostname: 'other-machine', startedAt: '2026-11-25T08:00:00.000Z' });
    expect(lockError().message).toContain('pid 1 on other-machine');
    writeLock({ pid: 1, hostname: 'other-machine', startedAt: '2026-11-25T08:00:00.000Z' }, 61_000);
    lockDataDir(folder)();
  });

  it('treats an unreadable lock as held while fresh and as stale once old', () => {
    writeFileSync(path.join(folder, LOCK_FILE), '{"pid":');
    expect(lockError()).toBeInstanceOf(DataDirLockedError);
    writeLock({ broken: true }, 61_000);
    lockDataDir(folder)();
  });

  it('never deletes a lock that another process took since (release after a takeover)', () => {
    const release = lockDataDir(folder);
    writeLock({ pid: 424242, hostname: 'other-machine', startedAt: '2026-11-25T09:00:00.000Z' });
    release();
    expect(existsSync(path.join(folder, LOCK_FILE))).toBe(true);
  });
});
