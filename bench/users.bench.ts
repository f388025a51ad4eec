// The users actions issue's server figures, on a school of 5,000 users made by seed:large, on
// PGlite and (with --database-url) on PostgreSQL:
// - a bulk update of 5,000 users ≤ 1 s server time on PostgreSQL;
// - the add-user round trip ≤ 150 ms server time.
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { resolveEnv } from '../apps/server/src/platform/config/env.js';
import type { DatabaseHandle } from '../apps/server/src/platform/db/client.js';
import { openSeededPglite, openSeededPostgres } from './support/seeded-school.js';
import { createSession } from './support/session.js';
import { formatMs, percentile } from './support/measure.js';

const BULK_ROUNDS = 5;
const ADD_USER_ROUNDS = 40;

type App = Awaited<ReturnType<typeof buildApp>>;
type Engine = { label: string; handle: DatabaseHandle; dataDir: string; dispose: () => Promise<void> };

async function openPglite(): Promise<Engine> {
  return { label: 'PGlite', ...(await openSeededPglite('users')) };
}

async function openPostgres(adminUrl: string): Promise<Engine> {
  return { label: 'PostgreSQL', ...(await openSeededPostgres(adminUrl, 'users')) };
}

function serverTime(response: { headers: Record<string, unknown> }): number {
  return Number(/dur=([\d.]+)/.exec(String(response.headers['server-timing']))![1]);
}

async function send(app: App, cookie: string, method: 'PATCH' | 'POST', url: string, payload: unknown): Promise<number> {
  const response = await app.inject({ method, url, payload: payload as object, headers: { cookie } });
  if (response.statusCode !== 200) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body.slice(0, 300)}`);
  return serverTime(response);
}

async function measureEngine(engine: Engine): Promise<{ lines: string[]; bulkP50: number; bulkMax: number; addP95: number }> {
  const { handle } = engine;
  const env = resolveEnv({ DATA_DIR: engine.dataDir, LOG_LEVEL: 'silent', SESSION_CACHE_MS: '60000' });
  const app = await buildApp({ db: handle.db, env, engine: handle.engine });
  await app.ready();
  const school = (
    await handle.db.execute<{ uai: string; extension: string }>(sql`
      select s.uai, s.extension from schools s join users u on u.uai = s.uai group by s.uai order by count(*) desc limit 1`)
  ).rows[0]!;
  const admin = (await handle.db.execute<{ id: number }>(sql`select id from users where profile_id = 3 limit 1`)).rows[0]!;
  const cookie = await createSession(handle.db, admin.id);
  const ids = (await handle.db.execute<{ id: number }>(sql`select id from users where uai = ${school.uai} order by id`)).rows.map(
    (row) => row.id,
  );
  const application = (
    await handle.db.execute<{ id: number }>(sql`select a.id from applications a join platforms p on p.id = a.platform_id
      where not a.application_code_required and not p.platform_code_required and not p.url_scheme_code_required
        and not p.url_scheme_login_required and not p.url_scheme_pwd_required order by a.id limit 1`)
  ).rows[0]!;

  const lines: string[] = [];
  const bulk: Record<string, number[]> = { comment: [], class: [], option: [], application: [] };
  for (let round = 0; round < BULK_ROUNDS; round++) {
    bulk.comment!.push(
      await send(app, cookie, 'PATCH', '/api/users/', { type: 'std', ids, column: 'comment', value: `Banc d'essai ${round}` }),
    );
    bulk.class!.push(
      await send(app, cookie, 'PATCH', '/api/users/', {
        type: 'std',
        ids,
        column: 'className',
        value: `B${round}`,
        option: 'add',
      }),
    );
    bulk.option!.push(
      await send(app, cookie, 'PATCH', '/api/users/', {
        type: 'opt',
        ids,
        column: 'insert',
        value: { optionCible: `Atelier ${round}` },
      }),
    );
    bulk.application!.push(
      await send(app, cookie, 'PATCH', '/api/users/', {
        type: 'app',
        ids,
        column: round % 2 === 0 ? 'delete' : 'insert',
        idApp: application.id,
        value: [],
      }),
    );
  }
  for (const [label, times] of Object.entries(bulk)) {
    lines.push(
      `bulk ${label} on ${ids.length} users, ${BULK_ROUNDS} rounds: p50 ${formatMs(percentile(times, 0.5))}, max ${formatMs(Math.max(...times))}`,
    );
  }
  const allBulk = Object.values(bulk).flat();

  const addTimes: number[] = [];
  for (let round = 0; round < ADD_USER_ROUNDS; round++) {
    addTimes.push(
      await send(app, cookie, 'POST', '/api/users', {
        values: {
          uai: school.uai,
          firstName: 'Élise',
          lastName: `Banc${round}`,
          login: `elise.banc${round}.${process.pid}.${engine.label.toLowerCase()}`,
          password: 'bino3579',
          level: '5e',
          profile: 'Eleve',
          class: '5A',
          email: '',
        },
        options: ['Latin'],
        applications: [],
      }),
    );
  }
  lines.push(
    `add a pupil, ${ADD_USER_ROUNDS} calls: p50 ${formatMs(percentile(addTimes, 0.5))}, p95 ${formatMs(percentile(addTimes, 0.95))} (target ≤ 150 ms)`,
  );
  await app.close();
  return { lines, bulkP50: percentile(allBulk, 0.5), bulkMax: Math.max(...allBulk), addP95: percentile(addTimes, 0.95) };
}

export async function runUsersBench(options: { databaseUrl?: string }): Promise<{ lines: string[]; passed: boolean }> {
  const lines: string[] = [];
  let passed = true;
  const engines: (() => Promise<Engine>)[] = [openPglite];
  if (options.databaseUrl) engines.push(() => openPostgres(options.databaseUrl!));
  else lines.push('PostgreSQL figures skipped: needs --database-url (an admin URL; a database is made and dropped)');
  for (const open of engines) {
    const engine = await open();
    try {
      const result = await measureEngine(engine);
      lines.push(`${engine.label}:`, ...result.lines.map((line) => `  ${line}`));
      passed &&= result.addP95 <= 150;
      if (engine.label === 'PostgreSQL') {
        lines.push(`  every bulk update of 5,000 users on PostgreSQL: max ${formatMs(result.bulkMax)} (target ≤ 1 s)`);
        passed &&= result.bulkMax <= 1000;
      }
    } finally {
      await engine.handle.close();
      await engine.dispose();
    }
  }
  return { lines, passed };
}
