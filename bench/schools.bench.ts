// The schools issue's figures, on `seed:large` data:
// - user search p95 ≤ 100 ms on PostgreSQL; GET /schools/stats ≤ 200 ms on PostgreSQL;
// - GET /schools/{uai}/users for a school of 5,000 users ≤ 300 ms server time on PostgreSQL,
//   and on PGlite ≤ 4× PostgreSQL.
// Needs --database-url (a seed:large PostgreSQL database) and, for the PGlite figure,
// --pglite-dir (a data directory filled by `seed:large -- --schools 1 --users 5000 --data-dir DIR`).
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { resolveEnv } from '../apps/server/src/platform/config/env.js';
import { openDatabase, runMigrations, type DatabaseHandle } from '../apps/server/src/platform/db/client.js';
import { users } from '../apps/server/src/platform/db/schema/index.js';
import { seedProfiles } from '../apps/server/src/platform/db/seed/profiles.js';
import { seedSettings } from '../apps/server/src/platform/db/seed/settings.js';
import { createSession } from './support/session.js';
import { formatMs, percentile } from './support/measure.js';

const SEARCHES = [
  'mar',
  'dub',
  'ber',
  'lef',
  'rou',
  'jean',
  'dupont',
  'martin l',
  'thomas',
  'lucas.m',
  'gar',
  'chev',
  'a',
  'emma b',
  'nico',
];

type Timed = { serverMs: number[] };

async function openApp(handle: DatabaseHandle, dataDir: string) {
  await runMigrations(handle);
  await seedProfiles(handle.db);
  await seedSettings(handle.db);
  const env = resolveEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SESSION_CACHE_MS: '60000' });
  const app = await buildApp({ db: handle.db, env, engine: handle.engine });
  await app.ready();
  return app;
}

async function time(app: Awaited<ReturnType<typeof openApp>>, cookie: string, urls: string[], rounds: number): Promise<Timed> {
  const serverMs: number[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const url of urls) {
      const response = await app.inject({ method: 'GET', url, headers: { cookie, 'accept-encoding': 'gzip' } });
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body.slice(0, 200)}`);
      serverMs.push(Number(/dur=([\d.]+)/.exec(String(response.headers['server-timing']))![1]));
    }
  }
  return { serverMs };
}

/** The largest school of a database, by users. */
async function largestSchool(handle: DatabaseHandle): Promise<{ uai: string; users: number }> {
  const result = await handle.db.execute<{ uai: string; users: number }>(
    sql`select uai, count(*)::int as users from users where uai is not null group by uai order by users desc limit 1`,
  );
  return result.rows[0]!;
}

async function userOfProfile(handle: DatabaseHandle, profileId: number): Promise<number> {
  const rows = await handle.db.select({ id: users.id }).from(users).where(eq(users.profileId, profileId)).limit(1);
  if (!rows[0]) throw new Error(`no user of profile ${profileId} in this database`);
  return rows[0].id;
}

const adminOf = (handle: DatabaseHandle) => userOfProfile(handle, 3);

export async function runSchoolsBench(options: {
  databaseUrl?: string;
  pgliteDir?: string;
}): Promise<{ lines: string[]; passed: boolean }> {
  if (!options.databaseUrl) return { lines: ['skipped: needs --database-url of a seed:large database'], passed: true };
  const lines: string[] = [];
  let passed = true;
  const handle = await openDatabase({ databaseUrl: options.databaseUrl, poolSize: 10 });
  const app = await openApp(handle, '/tmp/console-bench-schools');
  const cookie = await createSession(handle.db, await adminOf(handle));
  const counts = await handle.db.execute<{ schools: number; users: number }>(
    sql`select (select count(*) from schools)::int as schools, (select count(*) from users)::int as users`,
  );
  lines.push(`PostgreSQL database: ${counts.rows[0]!.schools} schools, ${counts.rows[0]!.users} users`);

  const search = await time(
    app,
    cookie,
    SEARCHES.map((q) => `/api/users/search?q=${encodeURIComponent(q)}`),
    4,
  );
  const searchP95 = percentile(search.serverMs, 0.95);
  lines.push(
    `user search (Administrateur, all schools), ${search.serverMs.length} searches: p50 ${formatMs(percentile(search.serverMs, 0.5))}, p95 ${formatMs(searchP95)} (target ≤ 100 ms)`,
  );
  passed &&= searchP95 <= 100;
  for (const [label, profileId] of [
    ['Gestionnaire, assigned schools', 4],
    ['school administrator, one school', 6],
  ] as const) {
    const scopedCookie = await createSession(handle.db, await userOfProfile(handle, profileId));
    const scoped = await time(
      app,
      scopedCookie,
      SEARCHES.map((q) => `/api/users/search?q=${encodeURIComponent(q)}`),
      2,
    );
    const scopedP95 = percentile(scoped.serverMs, 0.95);
    lines.push(
      `user search (${label}), ${scoped.serverMs.length} searches: p50 ${formatMs(percentile(scoped.serverMs, 0.5))}, p95 ${formatMs(scopedP95)} (target ≤ 100 ms)`,
    );
    passed &&= scopedP95 <= 100;
  }

  const stats = await time(app, cookie, ['/api/schools/stats'], 10);
  const statsP95 = percentile(stats.serverMs, 0.95);
  lines.push(
    `GET /schools/stats (all schools), 10 calls: p50 ${formatMs(percentile(stats.serverMs, 0.5))}, p95 ${formatMs(statsP95)}, max ${formatMs(Math.max(...stats.serverMs))} (target ≤ 200 ms)`,
  );
  passed &&= statsP95 <= 200;

  const biggest = await largestSchool(handle);
  const pgUsers = await time(app, cookie, [`/api/schools/${biggest.uai}/users`], 10);
  const pgMedian = percentile(pgUsers.serverMs, 0.5);
  const pgP95 = percentile(pgUsers.serverMs, 0.95);
  lines.push(
    `GET /schools/${biggest.uai}/users (${biggest.users} users) on PostgreSQL, 10 calls: p50 ${formatMs(pgMedian)}, p95 ${formatMs(pgP95)} (target ≤ 300 ms)`,
  );
  passed &&= pgP95 <= 300 && biggest.users >= 4_900;
  await app.close();
  await handle.close();

  if (options.pgliteDir) {
    const embedded = await openDatabase({ dataDir: options.pgliteDir });
    const embeddedApp = await openApp(embedded, options.pgliteDir);
    const embeddedCookie = await createSession(embedded.db, await adminOf(embedded));
    const school = await largestSchool(embedded);
    const liteUsers = await time(embeddedApp, embeddedCookie, [`/api/schools/${school.uai}/users`], 10);
    const liteMedian = percentile(liteUsers.serverMs, 0.5);
    const ratio = liteMedian / pgMedian;
    lines.push(
      `GET /schools/${school.uai}/users (${school.users} users) on PGlite, 10 calls: p50 ${formatMs(liteMedian)}, p95 ${formatMs(percentile(liteUsers.serverMs, 0.95))}; PGlite/PostgreSQL median ratio ${ratio.toFixed(2)} (target ≤ 4)`,
    );
    passed &&= ratio <= 4 && school.users >= 4_900;
    await embeddedApp.close();
    await embedded.close();
  } else {
    lines.push('PGlite figure skipped: needs --pglite-dir');
  }
  return { lines, passed };
}
