import { devices as contract } from '@console/contract';
import { sql } from 'drizzle-orm';
import type { Executor } from '#platform/db/client.js';
import { jsonRows } from '#platform/db/params.js';

/** The SQL of devices: registering one, marking tokens dead (at once, or from a later receipt). */

/**
 * Registers `userId`'s device by its installation, in one transaction's statements: the token
 * leaves any other device that held it; the installation's row (whoever it belonged to) becomes
 * this user's, with these values, its token alive; then the user's devices beyond the most kept,
 * least recently seen first, are dropped.
 */
export async function upsertDevice(
  tx: Executor,
  userId: number,
  values: contract.RegisterDeviceBody,
): Promise<contract.RegisteredDevice> {
  if (values.token !== null)
    await tx.execute(sql`
      update devices set token = null, provider = null, dead_at = null, modified_at = now()
      where token = ${values.token} and installation_id is distinct from ${values.installationId}`);
  const result = await tx.execute<Record<string, unknown>>(sql`
    insert into devices (user_id, installation_id, model, operating_system, available_space, application_version, token, provider, dead_at, modified_at)
    values (${userId}, ${values.installationId}, ${values.model}, ${values.operatingSystem}, ${values.availableSpace},
            ${values.applicationVersion}, ${values.token}, ${values.provider}, null, now())
    on conflict (installation_id) where installation_id is not null do update set
      user_id = excluded.user_id, model = excluded.model, operating_system = excluded.operating_system,
      available_space = excluded.available_space, application_version = excluded.application_version,
      token = excluded.token, provider = excluded.provider, dead_at = null, modified_at = excluded.modified_at
    returning model, operating_system, available_space, application_version, token, provider, modified_at`);
  await tx.execute(sql`
    delete from devices where user_id = ${userId} and id not in (
      select id from devices where user_id = ${userId} order by modified_at desc, id desc limit ${contract.DEVICES_PER_USER_MAX})`);
  const row = result.rows[0]!;
  return {
    model: String(row.model),
    operatingSystem: String(row.operating_system),
    availableSpace: row.available_space === null ? null : Number(row.available_space),
    applicationVersion: row.application_version === null ? null : String(row.application_version),
    token: row.token === null ? null : String(row.token),
    provider: row.provider === null ? null : (String(row.provider) as contract.PushProvider),
    modificationDate: new Date(row.modified_at as string | Date).toISOString(),
  };
}

/**
 * Marks dead the tokens a push service refused as no longer valid (unregistered, not a token):
 * no notification targets them again until the app registers a token. Answers how many it marked.
 */
export async function markTokensDead(db: Executor, tokens: readonly string[]): Promise<number> {
  if (tokens.length === 0) return 0;
  const result = await db.execute(sql`
    update devices set dead_at = now() where token = any(${sql.param([...tokens])}::text[]) and dead_at is null returning id`);
  return result.rows.length;
}

/**
 * Marks dead the tokens a push service said later (Expo's receipts) were no longer valid when a
 * message reached it: each unless its device registered since that message was sent (the app
 * believes its token good again). Answers how many it marked.
 */
export async function markTokensDeadSince(db: Executor, refused: readonly { token: string; sentAt: Date }[]): Promise<number> {
  if (refused.length === 0) return 0;
  const result = await db.execute(sql`
    update devices d set dead_at = now()
    from json_to_recordset(${jsonRows(refused)}) as r(token text, "sentAt" timestamptz)
    where d.token = r.token and d.dead_at is null and d.modified_at <= r."sentAt" returning d.id`);
  return result.rows.length;
}
