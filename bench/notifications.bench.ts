// Issue 37's audience figure: the count of a notification's audience for every school
// (POST /api/devices/notifications, count 1, as an Administrateur) on PostgreSQL filled by
// `seed:large` (1,000,000 users): target ≤ 300 ms. A school administrator's count (one school)
// and a filtered count (pupils with one application, a subject term) are printed beside it.
// Needs --large-database-url URL. The bench gives four pupils or teachers in five a device with a
// push token (installation 'bench-<user>', so a second run adds none), a tenth of them dead, and
// brings the database's migrations up to date; it changes no other data.
import { PROFILES } from '@console/contract';
import { sql } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.js';
import { resolveEnv } from '../apps/server/src/platform/config/env.js';
import { openDatabase, runMigrations } from '../apps/server/src/platform/db/client.js';
import { formatMs, percentile } from './support/measure.js';
import { createSession } from './support/session.js';

const COUNT_TARGET_MS = 300;
const ROUNDS = 15;

type Result = { lines: string[]; passed: boolean };

export async function runNotificationsBench(options: { databaseUrl: string | undefined }): Promise<Result> {
  if (!options.databaseUrl) {
    return {
      lines: ['skipped: needs --large-database-url (a PostgreSQL database filled by `npm run seed:large`)'],
      passed: true,
    };
  }
  const lines: string[] = [];
  const handle = await openDatabase({ databaseUrl: options.databaseUrl, poolSize: 4 });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'console-bench-notifications-'));
  try {
    // The audience's index came after the data may have been seeded.
    await runMigrations(handle);
    const db = handle.db;
    const users = (await db.execute<{ count: number }>(sql`select count(*)::int as count from users`)).rows[0]!.count;
    if (users < 100_000) return { lines: [`only ${users} users: run \`npm run seed:large\` first`], passed: false };
    await db.execute(sql`
      insert into devices (user_id, installation_id, model, operating_system, available_space, application_version, token, provider, dead_at)
      select u.id, 'bench-' || u.id, 'iPad (9e génération)', 'iPadOS 17.6', 20000, '3.2.1', md5('bench-token-' || u.id), 'fcm',
             case when u.id % 10 = 0 then now() end
      from users u where u.profile_id in (${PROFILES.Eleve}, ${PROFILES.Enseignant}) and u.id % 5 <> 0
      on conflict do nothing`);
    await db.execute(sql`vacuum analyze devices`);
    await db.execute(sql`vacuum analyze users`);
    const devices = (await db.execute<{ count: number }>(sql`select count(*)::int as count from devices`)).rows[0]!.count;

    const env = resolveEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SESSION_CACHE_MS: '60000' });
    const app = await buildApp({ db, env, engine: handle.engine });
    await app.ready();
    const idOf = async (profile: number) =>
      (
        await db.execute<{ id: number; uai: string | null }>(
          sql`select id, uai from users where profile_id = ${profile} and not disabled and uai is not distinct from (select uai from users where profile_id = ${profile} and not disabled order by id limit 1) order by id limit 1`,
        )
      ).rows[0]!;
    const admin = await idOf(PROFILES.Administrateur);
    const direction = await idOf(PROFILES['Administrateur établissement']);
    // The school administrator's profile may not have the right by default: the bench asks as one who has it.
    await db.execute(
      sql`update profile_rights set lecture = 1 where profile_id = ${PROFILES['Administrateur établissement']} and area = 'notifications'`,
    );
    const application = (
      await db.execute<{ id: number }>(
        sql`select application_id as id from user_applications group by application_id order by count(*) desc limit 1`,
      )
    ).rows[0]!;

    const measure = async (label: string, cookie: string, payload: object) => {
      const times: number[] = [];
      let answer = '';
      for (let round = 0; round < ROUNDS + 2; round += 1) {
        const response = await app.inject({ method: 'POST', url: '/api/devices/notifications', headers: { cookie }, payload });
        if (response.statusCode !== 200) throw new Error(`${label}: ${response.statusCode} ${response.body}`);
        answer = response.body;
        // Two rounds warm the caches and the session.
        if (round >= 2) times.push(Number(/app;dur=([\d.]+)/.exec(String(response.headers['server-timing']))?.[1] ?? NaN));
      }
      const median = percentile(times, 0.5);
      lines.push(`${label}: median ${formatMs(median)}, p95 ${formatMs(percentile(times, 0.95))} (${answer})`);
      return median;
    };
    const adminCookie = await createSession(db, admin.id);
    const directionCookie = await createSession(db, direction.id);
    lines.push(`${users.toLocaleString('en')} users, ${devices.toLocaleString('en')} devices; server time over ${ROUNDS} rounds`);
    const all = await measure('every school, Administrateur (target ≤ 300 ms)', adminCookie, { count: 1 });
    await measure('every school, pupils with one application and subject "math"', adminCookie, {
      count: 1,
      arrayProfiles: ['Eleve'],
      arrayApplications: [application.id],
      subject: 'math',
    });
    await measure('one school, its administrator', directionCookie, { count: 1 });
    await app.close();
    return { lines, passed: all <= COUNT_TARGET_MS };
  } finally {
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
