// Issue 11 §5: the embedded database's folder stays near the size of its data under writes.
// 100,000 user writes (2,000 bulk comment changes of 50 users, through the API as the grid sends
// them) on a seed:large school in PGlite, with the checkpoints the server runs (every 64 MB of
// log, looked at every 2 s). Before them, 40,000 such changes left pg_wal at 1.3 GB.
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { resolveEnv } from '../apps/server/src/platform/config/env.js';
import { openDatabase } from '../apps/server/src/platform/db/client.js';
import { createSession } from './support/session.js';
import { seedSchool } from './support/seeded-school.js';

const BULK_CHANGES = 2_000;
const USERS_PER_CHANGE = 50;
/** pg_wal past a checkpoint: at most max_wal_size (64 MB) kept for reuse plus up to 64 MB written since. */
const WAL_TARGET_MB = 160;

function megabytes(folder: string): number {
  const bytes = readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .reduce((total, entry) => total + statSync(path.join(entry.parentPath, entry.name)).size, 0);
  return bytes / 1024 / 1024;
}

export async function runEmbeddedWalBench(): Promise<{ lines: string[]; passed: boolean }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'console-bench-wal-'));
  try {
    seedSchool({ dataDir });
    const handle = await openDatabase({ dataDir });
    const env = resolveEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SESSION_CACHE_MS: '60000' });
    const app = await buildApp({ db: handle.db, env, engine: handle.engine });
    await app.ready();
    const admin = (await handle.db.execute<{ id: number }>(sql`select id from users where profile_id = 3 limit 1`)).rows[0]!;
    const cookie = await createSession(handle.db, admin.id);
    const school = (
      await handle.db.execute<{ uai: string }>(sql`select uai from users group by uai order by count(*) desc limit 1`)
    ).rows[0]!;
    const ids = (
      await handle.db.execute<{ id: number }>(sql`select id from users where uai = ${school.uai} order by id`)
    ).rows.map((row) => row.id);
    const wal = path.join(dataDir, 'db', 'pg_wal');
    const startedMb = megabytes(path.join(dataDir, 'db'));
    let largestWal = 0;
    const startedAt = performance.now();
    for (let change = 0; change < BULK_CHANGES; change++) {
      const start = (change * USERS_PER_CHANGE) % (ids.length - USERS_PER_CHANGE);
      const response = await app.inject({
        method: 'PATCH',
        url: '/api/users/',
        headers: { cookie },
        payload: { type: 'std', ids: ids.slice(start, start + USERS_PER_CHANGE), column: 'comment', value: `Écriture ${change}` },
      });
      if (response.statusCode !== 200)
        throw new Error(`bulk change ${change}: ${response.statusCode} ${response.body.slice(0, 200)}`);
      if (change % 100 === 0) largestWal = Math.max(largestWal, megabytes(wal));
    }
    const seconds = (performance.now() - startedAt) / 1000;
    const finalWal = megabytes(wal);
    largestWal = Math.max(largestWal, finalWal);
    const folder = megabytes(path.join(dataDir, 'db'));
    await app.close();
    await handle.close();
    return {
      lines: [
        `${(BULK_CHANGES * USERS_PER_CHANGE).toLocaleString('en')} user writes (${BULK_CHANGES} bulk changes of ${USERS_PER_CHANGE}) in ${seconds.toFixed(1)} s`,
        `database folder: ${startedMb.toFixed(0)} MB after seeding, ${folder.toFixed(0)} MB after the writes`,
        `pg_wal: ${finalWal.toFixed(0)} MB at the end, largest seen ${largestWal.toFixed(0)} MB (target ≤ ${WAL_TARGET_MB} MB)`,
      ],
      passed: largestWal <= WAL_TARGET_MB,
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
