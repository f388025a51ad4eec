import type { PGlite } from '@electric-sql/pglite';

/**
 * Settings the embedded PostgreSQL starts with: past a checkpoint it keeps at most this much
 * write-ahead log for reuse (the default, 1 GB, left `pg_wal` at 1.3 GB in a measured run).
 */
export const EMBEDDED_WAL_SETTINGS = ['-c', 'max_wal_size=64MB', '-c', 'min_wal_size=32MB'];

export type CheckpointOptions = {
  /** How often the log's growth is looked at. */
  pollMs?: number;
  /** A checkpoint follows once this much log was written since the last one. */
  maxWalBytes?: number;
  /** And at least this often while anything is written. */
  maxIntervalMs?: number;
  /** Told of a failed look or checkpoint, once until one succeeds. */
  onError?: (error: unknown) => void;
};

export type Checkpointer = {
  /** Checkpoints done by the timer or the volume so far. */
  count: () => number;
  stop: () => void;
};

/**
 * Embedded PostgreSQL runs as a single backend, without the background checkpointer: its
 * write-ahead log would grow without end (23 GB after 51 minutes of writes), and a restart would
 * replay all of it. This timer checkpoints after every `maxWalBytes` of log and at least every
 * `maxIntervalMs` while writes happen, so the folder stays near the size of its data. A look
 * costs one query that writes nothing; a checkpoint about 0.1 s, during which queries wait.
 */
export function startCheckpoints(pglite: PGlite, options: CheckpointOptions = {}): Checkpointer {
  const pollMs = options.pollMs ?? 2_000;
  const maxWalBytes = options.maxWalBytes ?? 64 * 1024 * 1024;
  const maxIntervalMs = options.maxIntervalMs ?? 5 * 60_000;
  let lastCheckpointAt = Date.now();
  let done = 0;
  let failing = false;
  let running = false;

  const look = async () => {
    if (running || pglite.closed) return;
    running = true;
    try {
      const result = await pglite.query<{ written: string }>(
        'select pg_wal_lsn_diff(pg_current_wal_lsn(), redo_lsn)::bigint::text as written from pg_control_checkpoint()',
      );
      const written = Number(result.rows[0]?.written ?? 0);
      // A checkpoint writes its own record (about 100 bytes): only more than that is a write.
      const due = written >= maxWalBytes || (written > 4096 && Date.now() - lastCheckpointAt >= maxIntervalMs);
      if (due && !pglite.closed) {
        await pglite.exec('checkpoint');
        lastCheckpointAt = Date.now();
        done += 1;
      }
      failing = false;
    } catch (error) {
      if (!failing && !pglite.closed) options.onError?.(error);
      failing = true;
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void look(), pollMs);
  timer.unref();
  return { count: () => done, stop: () => clearInterval(timer) };
}
