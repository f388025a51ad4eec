import { notifications as contract, PROFILES, withoutAccents, type devices, type ProfileName } from '@console/contract';
import { sql, type SQL } from 'drizzle-orm';
import { schoolScopeCondition, type AccessActor } from '#platform/auth/access.js';
import type { Executor } from '#platform/db/client.js';
import { intArray } from '#platform/db/params.js';
import type { NotificationParameters } from '#platform/db/schema/index.js';

type PushProvider = devices.PushProvider;

/** The SQL of a notification's audience: its users, and their devices' live push tokens. */

/** The audience's filters, checked: `uais` null for every school the caller reaches. */
export type AudienceQuery = Omit<contract.AudienceFilter, 'arrayUai'> & { uais: readonly string[] | null };

/** Accented letters and what they become (the ligatures spelt out after), so that a subject is compared accents aside as `withoutAccents` does. */
const ACCENTED = 'àâäáãåçéèêëíìîïñóòôöõúùûüýÿ';
const PLAIN = 'aaaaaaceeeeiiiinooooouuuuyy';

/** A term as a LIKE pattern matches it literally. */
const literal = (term: string) => term.replace(/[\\%_]/g, (character) => `\\${character}`);

function subjectCondition(query: AudienceQuery): SQL {
  const terms = contract.subjectTermsOf(query.subject).map((term) => withoutAccents(term).toLowerCase());
  if (terms.length === 0) return sql`true`;
  const subject = sql`replace(replace(translate(lower(coalesce(u.subject, '')), ${ACCENTED}, ${PLAIN}), 'œ', 'oe'), 'æ', 'ae')`;
  const matches = terms.map((term) => {
    switch (query.searchOperator) {
      case 'equals':
        return sql`${subject} = ${term}`;
      case 'startsWith':
        return sql`${subject} like ${`${literal(term)}%`}`;
      case 'contains':
        return sql`${subject} like ${`%${literal(term)}%`}`;
    }
  });
  return sql`(${sql.join(matches, query.logicalOperator === 'and' ? sql` and ` : sql` or `)})`;
}

/** The users a notification reaches: enabled, within `reach` (a condition on `u.uai`), matching every filter. */
function audienceUsers(reach: SQL, query: AudienceQuery): SQL {
  const profileIds = query.arrayProfiles.map((name) => PROFILES[name]);
  return sql`
    select u.id from users u
    where not u.disabled
      and ${reach}
      and ${query.uais === null ? sql`true` : sql`u.uai = any(${sql.param([...query.uais])}::text[])`}
      and ${profileIds.length === 0 ? sql`true` : sql`u.profile_id = any(${intArray(profileIds)})`}
      and ${
        query.arrayApplications.length === 0
          ? sql`true`
          : sql`exists (select 1 from user_applications ua
              where ua.user_id = u.id and ua.status = 1 and ua.application_id = any(${intArray(query.arrayApplications)}))`
      }
      and ${subjectCondition(query)}`;
}

/**
 * How many users the audience holds, and how many live push tokens their devices hold: two counts,
 * each read from indexes alone over every school (`users_audience_idx` merged in id order with
 * `devices_live_token_idx`), about 190 ms for 1,000,000 users and 784,000 devices on PostgreSQL
 * (`npm run bench -- --only notifications`; 716 ms before). The query runs without parallel
 * workers and without JIT (set for this transaction only, in one statement): each worker of a
 * parallel merge re-read the whole devices index, and compiling cost more than it saved.
 */
export async function countAudience(db: Executor, actor: AccessActor, query: AudienceQuery) {
  return countAudienceUsers(db, audienceUsers(schoolScopeCondition(actor, sql`u.uai`), query));
}

async function countAudienceUsers(db: Executor, users: SQL) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('max_parallel_workers_per_gather', '0', true), set_config('jit', 'off', true)`);
    const result = await tx.execute<{ nb_users: number; nb_tokens: number }>(sql`
      select (select count(*) from (${users}) as audience)::int as nb_users,
             (select count(*) from devices d
              where d.token is not null and d.dead_at is null and d.user_id in (${users}))::int as nb_tokens`);
    const row = result.rows[0]!;
    return { nbUsers: Number(row.nb_users), nbTokens: Number(row.nb_tokens) };
  });
}

/** The audience's live push tokens, each with its user and push service, in the devices' order. */
export async function listAudienceTokens(db: Executor, actor: AccessActor, query: AudienceQuery) {
  const result = await db.execute<{ user_id: number; token: string; provider: string }>(sql`
    with audience as materialized (${audienceUsers(schoolScopeCondition(actor, sql`u.uai`), query)})
    select d.user_id, d.token, d.provider from devices d join audience a on a.id = d.user_id
    where d.token is not null and d.dead_at is null
    order by d.id`);
  return result.rows.map((row) => ({
    idUser: Number(row.user_id),
    token: String(row.token),
    provider: String(row.provider) as PushProvider,
  }));
}

/**
 * A recorded notification's audience: its schools (every school, or those it names, which its
 * author reached when writing it) and its filters, or the users chosen, as the send reads them,
 * with no caller.
 */
export type SavedAudience = {
  allSchools: boolean;
  uais: readonly string[];
  parameters: NotificationParameters;
  /** Users chosen one by one, instead of the filters; null for filters. */
  userIds: readonly number[] | null;
};

function savedAudienceUsers(saved: SavedAudience): SQL {
  // Chosen one by one: those of them still enabled (each was within its author's reach when chosen).
  if (saved.userIds !== null)
    return sql`select u.id from users u where not u.disabled and u.id = any(${intArray(saved.userIds)})`;
  const query: AudienceQuery = {
    uais: saved.allSchools ? null : saved.uais,
    // The terms as recorded, joined as the filter splits them (a term holds no comma nor semicolon).
    subject: saved.parameters.subject.join(','),
    logicalOperator: saved.parameters.logicalOperator,
    searchOperator: saved.parameters.searchOperator,
    arrayProfiles: saved.parameters.profiles as ProfileName[],
    arrayApplications: saved.parameters.applicationIds,
  };
  return audienceUsers(sql`true`, query);
}

/** How many users and live tokens a recorded notification reaches now. */
export async function countSavedAudience(db: Executor, saved: SavedAudience) {
  return countAudienceUsers(db, savedAudienceUsers(saved));
}

export type AudienceDevice = { deviceId: number; token: string; provider: PushProvider };

/** The next `limit` live tokens of a recorded notification's audience after device `afterId`, in device order. */
export async function nextAudienceDevices(
  db: Executor,
  saved: SavedAudience,
  afterId: number,
  limit: number,
): Promise<AudienceDevice[]> {
  const result = await db.execute<{ id: number; token: string; provider: string }>(sql`
    select d.id, d.token, d.provider from devices d
    where d.id > ${afterId} and d.token is not null and d.dead_at is null
      and d.user_id in (${savedAudienceUsers(saved)})
    order by d.id
    limit ${limit}`);
  return result.rows.map((row) => ({
    deviceId: Number(row.id),
    token: String(row.token),
    provider: String(row.provider) as PushProvider,
  }));
}

/** How many live tokens of a recorded notification's audience lie in the devices (`afterId`, `upToId`]. */
export async function countAudienceDevicesBetween(
  db: Executor,
  saved: SavedAudience,
  afterId: number,
  upToId: number,
): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from devices d
    where d.id > ${afterId} and d.id <= ${upToId} and d.token is not null and d.dead_at is null
      and d.user_id in (${savedAudienceUsers(saved)})`);
  return Number(result.rows[0]!.n);
}
