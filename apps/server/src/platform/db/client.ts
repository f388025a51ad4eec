import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.js';
import { EMBEDDED_WAL_SETTINGS, startCheckpoints, type CheckpointOptions } from './embedded-checkpoints.js';
import * as schema from './schema/index.js';

/**
 * One type for both engines. Drizzle's PGlite and node-postgres databases share the PostgreSQL
 * query builder; the PGlite one is typed as the node-postgres one, which it matches for every
 * call this code makes (queries, `execute`, `transaction`).
 */
export type Database = NodePgDatabase<typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Executor = Database | Transaction;

export type DatabaseHandle = {
  db: Database;
  engine: 'pglite' | 'postgres';
  /** The PGlite instance, when embedded (tests dump it as a template). */
  pglite?: PGlite;
  close: () => Promise<void>;
};

/** The migrations folder: beside this file in the sources, beside the bundle once built. */
export function resolveMigrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, 'migrations'), path.join(here, 'platform/db/migrations')];
  const found = candidates.find((candidate) => existsSync(path.join(candidate, 'meta', '_journal.json')));
  if (!found) throw new Error(`migrations folder not found (looked in ${candidates.join(', ')})`);
  return found;
}

/** The embedded database folder could not be opened: the message says which and what to do. */
export class EmbeddedDatabaseError extends Error {
  constructor(folder: string, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(
      `The embedded database in ${folder} could not be opened (${reason || 'PGlite stopped without a reason'}). ` +
        'The folder may be damaged, for example by two processes having written to it. Restore it from your backup ' +
        '(docs/deploy.md, "Backing up the embedded database"), or move it aside to start on an empty database.',
      { cause },
    );
    this.name = 'EmbeddedDatabaseError';
  }
}

/**
 * Opens PostgreSQL when a URL is given, else PGlite in `dataDir/db` (or in memory for `memory://`).
 * An on-disk PGlite is this process's alone (DataDirLockedError when another live process holds
 * `dataDir`), starts with a bounded write-ahead log and is checkpointed on a timer (see
 * embedded-checkpoints.ts). Throws EmbeddedDatabaseError when the folder cannot be opened.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir?: string;
  pgliteDump?: Blob;
  poolSize?: number;
  checkpoints?: CheckpointOptions;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    // A database that does not answer fails a request after 10 s rather than holding it forever.
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 10_000,
    });
    pool.on('error', () => {
      // An idle client lost its connection; the pool replaces it on next use.
    });
    const db = drizzlePg({ client: pool, schema });
    return { db, engine: 'postgres', close: () => pool.end() };
  }
  if (!options.dataDir || options.dataDir === 'memory://') {
    const pglite = new PGlite({ loadDataDir: options.pgliteDump });
    await pglite.waitReady;
    const db = drizzlePglite({ client: pglite, schema }) as unknown as Database;
    return { db, engine: 'pglite', pglite, close: () => pglite.close() };
  }
  const dataPath = path.join(options.dataDir, 'db');
  mkdirSync(dataPath, { recursive: true });
  const unlock = lockDataDir(options.dataDir);
  let pglite: PGlite;
  try {
    pglite = new PGlite({
      dataDir: dataPath,
      loadDataDir: options.pgliteDump,
      startParams: [...PGlite.defaultStartParams, ...EMBEDDED_WAL_SETTINGS],
    });
    await pglite.waitReady;
  } catch (error) {
    unlock();
    throw new EmbeddedDatabaseError(dataPath, error);
  }
  const checkpoints = startCheckpoints(pglite, options.checkpoints);
  const db = drizzlePglite({ client: pglite, schema }) as unknown as Database;
  return {
    db,
    engine: 'pglite',
    pglite,
    close: async () => {
      checkpoints.stop();
      try {
        await pglite.close();
      } finally {
        unlock();
      }
    },
  };
}

/** Applies the drizzle-kit migrations not yet applied. Idempotent. */
export async function runMigrations(handle: DatabaseHandle): Promise<void> {
  const migrationsFolder = resolveMigrationsFolder();
  if (handle.engine === 'postgres') {
    await migratePg(handle.db, { migrationsFolder });
  } else {
    await migratePglite(handle.db as never, { migrationsFolder });
  }
}

export { schema };
