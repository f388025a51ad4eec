import { sql } from 'drizzle-orm';
import type { Executor } from '#platform/db/client.js';
import { ownCondition } from './documents.repository.js';

/** The SQL of assigning documents to schools and users, and of a user's own documents. */

/** A user's own documents (see `ownCondition`), by name then id, as the user page lists them. */
export async function listOwnDocuments(
  db: Executor,
  user: { id: number; uai: string | null },
): Promise<{ id: number; name: string; type: string; size: number }[]> {
  const result = await db.execute<Record<string, unknown>>(sql`
    select d.id, d.name, d.type, d.size::float8 as size from documents d
    where ${ownCondition(user)}
    order by d.name, d.id`);
  return result.rows.map((row) => ({
    id: Number(row.id),
    name: String(row.name),
    type: String(row.type),
    size: Number(row.size),
  }));
}

/** Sets a document's schools: every school, or exactly `uais`; its date becomes now. */
export async function replaceDocumentSchools(
  tx: Executor,
  id: number,
  schools: { allSchools: boolean; uais: readonly string[] },
): Promise<void> {
  await tx.execute(sql`update documents set all_schools = ${schools.allSchools}, updated_at = now() where id = ${id}`);
  await tx.execute(sql`delete from document_schools where document_id = ${id}`);
  if (schools.uais.length > 0)
    await tx.execute(sql`insert into document_schools (document_id, uai)
      select ${id}, uai from unnest(${sql.param([...schools.uais])}::text[]) as wanted(uai)`);
}

/**
 * Assigns every document of `documentIds` to every user of `userIds` (the pairs already there
 * kept), in one statement; answers how many pairs were added.
 */
export async function insertDocumentUsers(
  tx: Executor,
  documentIds: readonly number[],
  userIds: readonly number[],
): Promise<number> {
  const result = await tx.execute<{ added: number }>(sql`
    with added as (
      insert into document_users (document_id, user_id)
      select doc, usr from unnest(${sql.param([...documentIds])}::int[]) as d(doc)
        cross join unnest(${sql.param([...userIds])}::int[]) as u(usr)
      on conflict do nothing
      returning 1)
    select count(*)::int as added from added`);
  return Number(result.rows[0]?.added ?? 0);
}

/** Takes these documents back from these users; answers how many pairs were removed. */
export async function deleteDocumentUsers(
  tx: Executor,
  documentIds: readonly number[],
  userIds: readonly number[],
): Promise<number> {
  const result = await tx.execute<{ removed: number }>(sql`
    with removed as (
      delete from document_users
      where document_id = any(${sql.param([...documentIds])}::int[]) and user_id = any(${sql.param([...userIds])}::int[])
      returning 1)
    select count(*)::int as removed from removed`);
  return Number(result.rows[0]?.removed ?? 0);
}

/** Marks documents as changed now (their users changed). */
export async function touchDocuments(tx: Executor, ids: readonly number[]): Promise<void> {
  await tx.execute(sql`update documents set updated_at = now() where id = any(${sql.param([...ids])}::int[])`);
}
