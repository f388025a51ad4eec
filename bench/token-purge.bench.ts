// The token purge's figure (issue 14), on PostgreSQL filled by `seed:large` (1,000,000 users):
// a purge of one platform's tokens over every school ≤ 10 s, in batches none of which holds its
// locks past 100 ms. Beside the purge, two probes measure what other writers wait meanwhile: one
// changes a random user (the users table), one a random access of the purged platform.
// Needs --large-database-url URL (the bench sets the tokens it purges; it changes no other data).
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { purgeTokens, type PurgeBatch } from '../apps/server/src/features/settings/token-purges/purge-tokens.repository.js';
import { openDatabase } from '../apps/server/src/platform/db/client.js';
import { formatMs, percentile } from './support/measure.js';

const PURGE_LIMIT_MS = 10_000;
const LOCK_LIMIT_MS = 100;

type Result = { lines: string[]; passed: boolean };

/** Runs `statement` on its own connection again and again until `stop`; answers each run's time. */
async function probe(url: string, statement: (client: pg.Client) => Promise<unknown>, stop: () => boolean): Promise<number[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const times: number[] = [];
  try {
    while (!stop()) {
      const started = performance.now();
      await statement(client);
      times.push(performance.now() - started);
    }
  } finally {
    await client.end();
  }
  return times;
}

export async function runTokenPurgeBench(options: { databaseUrl: string | undefined }): Promise<Result> {
  if (!options.databaseUrl) {
    return {
      lines: ['skipped: needs --large-database-url (a PostgreSQL database filled by `npm run seed:large`)'],
      passed: true,
    };
  }
  const lines: string[] = [];
  const handle = await openDatabase({ databaseUrl: options.databaseUrl, poolSize: 2 });
  try {
    const db = handle.db;
    const [largest] = (
      await db.execute<{ platform_id: string; accesses: number }>(sql`
        select a.platform_id, count(*)::int as accesses from user_applications ua join applications a on a.id = ua.application_id
        group by a.platform_id order by accesses desc limit 1`)
    ).rows;
    if (!largest) return { lines: ['no application accesses: run `npm run seed:large` first'], passed: false };
    const users = (await db.execute<{ count: number }>(sql`select count(*)::int as count from users`)).rows[0]!.count;
    const applicationIds = (
      await db.execute<{ id: number }>(sql`select id from applications where platform_id = ${largest.platform_id}`)
    ).rows.map((row) => row.id);
    const ids = sql.join(
      applicationIds.map((id) => sql`${id}`),
      sql`, `,
    );
    // Every access of the platform holds a checked token, as after a synchronisation.
    await db.execute(
      sql`update user_applications set valid_token = case when user_id % 10 = 0 then 'Token expiré' else 'OK' end, token_checked_at = now() where application_id in (${ids})`,
    );
    await db.execute(sql`vacuum analyze user_applications`);
    const maxUserId = (await db.execute<{ max: number }>(sql`select max(id)::int as max from users`)).rows[0]!.max;

    let done = false;
    const randomUser = () => 1 + Math.floor(Math.random() * maxUserId);
    const userWrites = probe(
      options.databaseUrl,
      (client) => client.query('update users set lastname = lastname where id = $1', [randomUser()]),
      () => done,
    );
    const accessWrites = probe(
      options.databaseUrl,
      (client) =>
        client.query('update user_applications set status = status where user_id = $1 and application_id = $2', [
          randomUser(),
          applicationIds[0],
        ]),
      () => done,
    );
    const batches: PurgeBatch[] = [];
    const started = performance.now();
    const removed = await purgeTokens(db, { platformId: largest.platform_id, uais: null }, (batch) => batches.push(batch));
    const purgeMs = performance.now() - started;
    done = true;
    const [userTimes, accessTimes] = await Promise.all([userWrites, accessWrites]);
    const again = await purgeTokens(db, { platformId: largest.platform_id, uais: null });

    const batchTimes = batches.map((batch) => batch.ms);
    const longestBatch = Math.max(...batchTimes);
    const longestWait = Math.max(...accessTimes, ...userTimes);
    lines.push(
      `data: ${users.toLocaleString('en')} users; platform ${largest.platform_id}: ${largest.accesses.toLocaleString('en')} accesses`,
    );
    lines.push(
      `purge of every school: ${removed.toLocaleString('en')} tokens cleared in ${formatMs(purgeMs)} (target ≤ ${formatMs(PURGE_LIMIT_MS)}); a second run clears ${again}`,
    );
    lines.push(
      `batches: ${batches.length}, p50 ${formatMs(percentile(batchTimes, 0.5))}, longest ${formatMs(longestBatch)} (target ≤ ${formatMs(LOCK_LIMIT_MS)})`,
    );
    lines.push(
      `meanwhile: ${userTimes.length} user writes (longest ${formatMs(Math.max(...userTimes))}), ${accessTimes.length} access writes (longest ${formatMs(Math.max(...accessTimes))}, target ≤ ${formatMs(LOCK_LIMIT_MS)})`,
    );
    const passed =
      purgeMs <= PURGE_LIMIT_MS &&
      longestBatch <= LOCK_LIMIT_MS &&
      longestWait <= LOCK_LIMIT_MS &&
      again === 0 &&
      removed === largest.accesses;
    return { lines, passed };
  } finally {
    await handle.close();
  }
}
