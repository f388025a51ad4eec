import type { imports } from '@console/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '#platform/db/client.js';
import { importBatchChunks, importBatches, importBatchUndoSteps } from '#platform/db/schema/index.js';
import {
  addUndo,
  emptyUndo,
  type HeldAccess,
  type ImportPlan,
  type ImportUndo,
  type PlannedFields,
  type PlannedLine,
} from './plan.js';
import { unpackPlan } from './plan-packing.js';
import { jsonRows } from '#platform/db/params.js';

/** The queries of the import: what a file is checked against, and the verified batches. */

/** Every application of the catalogue, by the name an import file's columns give it. */
export async function listCatalogueApplications(db: Executor): Promise<imports.ImportCatalogueApplication[]> {
  const result = await db.execute<{ id: number; name: string }>(sql`select id, name from applications order by id`);
  return result.rows.map((row) => ({ idApplication: row.id, name: row.name }));
}

/** Logins findTakenLogins asks in one statement: on the embedded database, one statement holds every other request. */
const TAKEN_LOGINS_PART = 5_000;

/**
 * Of the given logins (lower case), those an account holds, live or in the bin, compared as the
 * unique index compares them (lower case). One query on the two indexes of lower(login) for up to
 * TAKEN_LOGINS_PART logins (a 50,000-line file asks 50 to 100,000), one after another beyond.
 * Each table is searched for the whole list at once: asked login by login (`exists` for each,
 * joined by `or`), PGlite hashed every account's login instead (55 ms for 10,000 logins among
 * 35,000 accounts, growing with the accounts; about 15 ms a part of 5,000 so, planning included).
 */
export async function findTakenLogins(db: Executor, logins: readonly string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  for (let start = 0; start < logins.length; start += TAKEN_LOGINS_PART) {
    const part = sql.param(logins.slice(start, start + TAKEN_LOGINS_PART));
    const result = await db.execute<{ login: string }>(sql`
      select lower(u.login) as login from users u where lower(u.login) = any(${part}::text[])
      union
      select lower(d.login) from deleted_users d where lower(d.login) = any(${part}::text[])`);
    for (const row of result.rows) taken.add(row.login);
  }
  return taken;
}

/** A user of the school as an update or teaching line finds them. */
export type SchoolUserRow = {
  id: number;
  profile_id: number;
  login: string;
  firstname: string;
  lastname: string;
  password_encrypted: string | null;
  level: string | null;
  class_name: string | null;
  subject: string | null;
  email: string | null;
  comment: string | null;
  tablet_number: string | null;
  admin_mode: number;
  import_number: number | null;
};

/** Each user column an import plans (but the password), under its name in a SchoolUserRow. */
export const STORED_COLUMN = {
  profileId: 'profile_id',
  firstname: 'firstname',
  lastname: 'lastname',
  login: 'login',
  level: 'level',
  className: 'class_name',
  subject: 'subject',
  email: 'email',
  comment: 'comment',
  tabletNumber: 'tablet_number',
  adminMode: 'admin_mode',
} as const satisfies Record<Exclude<keyof PlannedFields, 'passwordEncrypted'>, keyof SchoolUserRow>;

/** The users of one school among some ids and logins (logins compared in lower case). */
export async function findSchoolUsers(
  db: Executor,
  uai: string,
  keys: { ids: readonly number[]; logins: readonly string[] },
): Promise<SchoolUserRow[]> {
  const columns = sql`id, profile_id, login, firstname, lastname, password_encrypted, level, class_name, subject, email, comment,
      tablet_number, admin_mode, import_number`;
  // One select per key, each on its own index (an `or` of both read the whole school at each call).
  const selects = [
    ...(keys.ids.length === 0
      ? []
      : [sql`select ${columns} from users where uai = ${uai} and id = any(${sql.param([...keys.ids])}::int[])`]),
    ...(keys.logins.length === 0
      ? []
      : [
          sql`select ${columns} from users where uai = ${uai}
            and lower(login) = any(${sql.param(keys.logins.map((login) => login.toLowerCase()))}::text[])`,
        ]),
  ];
  if (selects.length === 0) return [];
  const result = await db.execute<SchoolUserRow>(sql.join(selects, sql` union `));
  return result.rows;
}

/** A user of the school as a new-users line may name them again: who they are, and where. */
export type MatchableUserRow = Pick<
  SchoolUserRow,
  'id' | 'profile_id' | 'login' | 'firstname' | 'lastname' | 'level' | 'class_name'
>;

/** The school's users of some profiles (a school has at most a few thousand). */
export async function listSchoolUsersOfProfiles(
  db: Executor,
  uai: string,
  profileIds: readonly number[],
): Promise<MatchableUserRow[]> {
  if (profileIds.length === 0) return [];
  const result = await db.execute<MatchableUserRow>(sql`
    select id, profile_id, login, firstname, lastname, level, class_name
    from users
    where uai = ${uai} and profile_id = any(${sql.param([...profileIds])}::int[])
    order by id`);
  return result.rows;
}

/** The school's options by name (a school has tens of them). */
export async function listSchoolOptions(db: Executor, uai: string): Promise<Map<string, number>> {
  const result = await db.execute<{ id: number; name: string }>(sql`select id, name from options where uai = ${uai}`);
  return new Map(result.rows.map((row) => [row.name, row.id]));
}

/** The teaching assignments some users hold, as `userId|class|discipline` keys. */
export async function listTeachingKeys(db: Executor, userIds: readonly number[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const result = await db.execute<{ user_id: number; class_name: string; discipline: string }>(sql`
    select user_id, class_name, discipline from teaching_assignments where user_id = any(${sql.param([...userIds])}::int[])`);
  return new Set(result.rows.map((row) => teachingKey(row.user_id, row.class_name, row.discipline)));
}

export const teachingKey = (userId: number, className: string, discipline: string) =>
  `${userId}\u0000${className}\u0000${discipline}`;

/** Adds teaching assignments, those already held left as they are. */
export async function insertTeaching(
  db: Executor,
  rows: readonly { userId: number; className: string; discipline: string }[],
  importNumber: number,
): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`
    insert into teaching_assignments (user_id, class_name, discipline, import_number)
    select r."userId", r."className", r.discipline, ${importNumber}
    from json_to_recordset(${jsonRows(rows)}) as r("userId" int, "className" text, discipline text)
    on conflict do nothing`);
}

/** How long a verified batch waits for its confirmation; past it, it is cancelled and its plan dropped. */
export const VERIFIED_BATCH_HOURS = 24;

/**
 * Stores a verified batch and its plan; its id is the import number. Users may carry import
 * numbers that no batch holds (the demo data, or users brought from an earlier system): a new
 * number follows the highest one any user carries as well as the sequence, so that the grid's
 * filter on a number shows this import's users only. The lock makes two verifications at once
 * take two numbers. The plan goes in its packed chunks (plan-packing.ts), each its own statement.
 * Verified batches left unconfirmed past VERIFIED_BATCH_HOURS are cancelled on the way, so that
 * their plans (megabytes each) do not pile up.
 */
export async function insertBatch(
  db: Executor,
  batch: { uai: string; mode: imports.ImportMode; createdById: number; createdBy: string },
  packed: readonly string[],
): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('import_batches_id'))`);
    await tx.execute(sql`
      with stale as (
        update import_batches set status = 'cancelled', decided_at = now()
        where status = 'verified' and created_at < now() - make_interval(hours => ${VERIFIED_BATCH_HOURS})
        returning id)
      delete from import_batch_chunks where batch_id in (select id from stale)`);
    const result = await tx.execute<{ id: number }>(sql`
      select setval('import_batches_id_seq',
        greatest(nextval('import_batches_id_seq'), (select coalesce(max(import_number), 0) + 1 from users))) as id`);
    const id = Number(result.rows[0]!.id);
    await tx.insert(importBatches).values({ id, ...batch });
    for (const [chunk, text] of packed.entries()) await tx.insert(importBatchChunks).values({ batchId: id, chunk, packed: text });
    return id;
  });
}

/** A verified batch's plan, its chunks put back together in order. */
export async function readPlan(db: Executor, batchId: number): Promise<ImportPlan> {
  const chunks = await db
    .select({ packed: importBatchChunks.packed })
    .from(importBatchChunks)
    .where(eq(importBatchChunks.batchId, batchId))
    .orderBy(asc(importBatchChunks.chunk));
  return { lines: await unpackPlan<PlannedLine>(chunks.map((chunk) => chunk.packed)) };
}

export type BatchRow = typeof importBatches.$inferSelect;

/** A batch as it is now, without a lock; undefined when there is none. */
export async function findBatch(db: Executor, id: number): Promise<BatchRow | undefined> {
  const [row] = await db.select().from(importBatches).where(eq(importBatches.id, id));
  return row;
}

/** A batch, locked for the caller's transaction; undefined when there is none. */
export async function lockBatch(tx: Executor, id: number): Promise<BatchRow | undefined> {
  const [row] = await tx.select().from(importBatches).where(eq(importBatches.id, id)).for('update');
  return row;
}

/** Records a batch's decision: applied (with its counts and what it replaced) or cancelled; its plan is of no more use. */
export async function decideBatch(
  tx: Executor,
  id: number,
  decision: { status: 'applied' | 'cancelled'; counts?: unknown; undo?: unknown },
): Promise<void> {
  await tx
    .update(importBatches)
    .set({ status: decision.status, decidedAt: new Date(), counts: decision.counts ?? null, undo: decision.undo ?? null })
    .where(eq(importBatches.id, id));
  await tx.delete(importBatchChunks).where(eq(importBatchChunks.batchId, id));
  await tx.delete(importBatchUndoSteps).where(eq(importBatchUndoSteps.batchId, id));
}

/**
 * A stepped confirmation (confirm/apply-in-steps.ts): the batch is `applying` while its steps
 * commit one by one, each keeping what it replaced (`import_batch_undo_steps`), so that a failed
 * or interrupted confirmation can be taken back whole.
 */
export async function markBatchApplying(tx: Executor, id: number): Promise<void> {
  await tx.update(importBatches).set({ status: 'applying', undo: emptyUndo() }).where(eq(importBatches.id, id));
}

/** Keeps what one step replaced, in the step's transaction: a row of its own, whatever the steps before. */
export async function appendBatchUndo(tx: Executor, id: number, step: number, undo: ImportUndo): Promise<void> {
  await tx.insert(importBatchUndoSteps).values({ batchId: id, step, undo });
}

/** What an applying batch's committed steps replaced, in order (with what a batch left applying before the steps' rows kept in `undo`). */
export async function readAppliedSteps(tx: Executor, batch: BatchRow): Promise<ImportUndo> {
  const undo = emptyUndo();
  if (batch.undo) addUndo(undo, batch.undo as ImportUndo);
  const steps = await tx
    .select({ undo: importBatchUndoSteps.undo })
    .from(importBatchUndoSteps)
    .where(eq(importBatchUndoSteps.batchId, batch.id))
    .orderBy(asc(importBatchUndoSteps.step));
  for (const step of steps) addUndo(undo, step.undo as ImportUndo);
  return undo;
}

/** A batch whose stepped confirmation was taken back: verified again, as a failed single transaction leaves it. */
export async function reopenBatch(tx: Executor, id: number): Promise<void> {
  await tx.update(importBatches).set({ status: 'verified', undo: null }).where(eq(importBatches.id, id));
  await tx.delete(importBatchUndoSteps).where(eq(importBatchUndoSteps.batchId, id));
}

/** The batches a stepped confirmation left `applying` (the server stopped during it). */
export async function listApplyingBatchIds(db: Executor): Promise<number[]> {
  const rows = await db.select({ id: importBatches.id }).from(importBatches).where(eq(importBatches.status, 'applying'));
  return rows.map((row) => row.id);
}

/** The accesses some users hold, by user then application. */
export async function listHeldAccesses(db: Executor, userIds: readonly number[]): Promise<Map<number, Map<number, HeldAccess>>> {
  const held = new Map<number, Map<number, HeldAccess>>();
  if (userIds.length === 0) return held;
  const result = await db.execute<{
    user_id: number;
    application_id: number;
    status: number;
    login: string | null;
    password_encrypted: string | null;
    keys: string | null;
  }>(sql`
    select user_id, application_id, status, login, password_encrypted, keys
    from user_applications where user_id = any(${sql.param([...userIds])}::int[])`);
  for (const row of result.rows) {
    let accesses = held.get(row.user_id);
    if (!accesses) held.set(row.user_id, (accesses = new Map()));
    accesses.set(row.application_id, {
      status: row.status,
      login: row.login,
      passwordEncrypted: row.password_encrypted,
      keys: row.keys,
    });
  }
  return held;
}
