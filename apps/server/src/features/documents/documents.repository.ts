import { and, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { scopeCondition, type SchoolScope } from '#platform/auth/access.js';
import type { Executor } from '#platform/db/client.js';
import { documents, documentSchools, documentUploads } from '#platform/db/schema/index.js';

/** The document manager's SQL: documents, the schools each is for, the tickets not yet registered. */

/** A document as read, with its schools' UAIs. */
export type DocumentRow = {
  id: number;
  key: string;
  name: string;
  type: string;
  size: number;
  uploadedById: number | null;
  uploaderFirstname: string;
  uploaderLastname: string;
  uploaderProfile: string;
  allSchools: boolean;
  updatedAt: Date;
  uais: string[];
};

/**
 * Which documents a caller sees: every one for the scope `all`; else those for every school, those
 * for a school of the scope, those assigned to a user of a school of the scope, and those the caller uploaded.
 */
export function visibleCondition(scope: SchoolScope, actorId: number): SQL {
  if (scope.kind === 'all') return sql`true`;
  return sql`(d.all_schools or d.uploaded_by_id = ${actorId} or exists (
    select 1 from document_schools vs where vs.document_id = d.id and ${scopeCondition(scope, sql`vs.uai`)})
    or exists (select 1 from document_users vu join users vuu on vuu.id = vu.user_id
      where vu.document_id = d.id and ${scopeCondition(scope, sql`vuu.uai`)}))`;
}

/** A user's own documents: those assigned to them, to their school, or to every school. */
export function ownCondition(user: { id: number; uai: string | null }): SQL {
  const forSchool =
    user.uai === null
      ? sql`false`
      : sql`exists (select 1 from document_schools os where os.document_id = d.id and os.uai = ${user.uai})`;
  return sql`(d.all_schools or ${forSchool}
    or exists (select 1 from document_users ou where ou.document_id = d.id and ou.user_id = ${user.id}))`;
}

/**
 * Which documents a caller manages (deletes, assigns): every one for the scope `all`; else those it
 * uploaded, and those for schools that are all within its scope (at least one; never one for every school).
 */
export function manageableCondition(scope: SchoolScope, actorId: number): SQL {
  if (scope.kind === 'all') return sql`true`;
  return sql`(d.uploaded_by_id = ${actorId} or (not d.all_schools
    and exists (select 1 from document_schools ms where ms.document_id = d.id)
    and not exists (select 1 from document_schools ms where ms.document_id = d.id and not ${scopeCondition(scope, sql`ms.uai`)})))`;
}

type ListedRow = Omit<DocumentRow, 'updatedAt' | 'uais'> & {
  updatedAt: string | Date;
  uais: string[] | null;
  canManage: boolean;
};

/**
 * The documents matching `where` (over `d`), by name then id, each with its schools and whether
 * `manageable` holds of it: one query, the schools aggregated beside each row.
 */
export async function selectDocuments(
  db: Executor,
  where: SQL,
  manageable: SQL,
): Promise<(DocumentRow & { canManage: boolean })[]> {
  const result = await db.execute<Record<string, unknown>>(sql`
    select d.id, d.key, d.name, d.type, d.size::float8 as size, d.uploaded_by_id, d.uploader_firstname, d.uploader_lastname,
      d.uploader_profile, d.all_schools, d.updated_at,
      (select coalesce(array_agg(s.uai order by s.uai), '{}') from document_schools s where s.document_id = d.id) as uais,
      ${manageable} as can_manage
    from documents d
    where ${where}
    order by d.name, d.id`);
  return result.rows.map((row) => {
    const listed: ListedRow = {
      id: Number(row.id),
      key: String(row.key),
      name: String(row.name),
      type: String(row.type),
      size: Number(row.size),
      uploadedById: row.uploaded_by_id === null ? null : Number(row.uploaded_by_id),
      uploaderFirstname: String(row.uploader_firstname),
      uploaderLastname: String(row.uploader_lastname),
      uploaderProfile: String(row.uploader_profile),
      allSchools: Boolean(row.all_schools),
      updatedAt: row.updated_at as string | Date,
      uais: row.uais as string[] | null,
      canManage: Boolean(row.can_manage),
    };
    return { ...listed, updatedAt: new Date(listed.updatedAt), uais: listed.uais ?? [] };
  });
}

/** The documents the caller sees, each with whether it manages it. */
export function listVisibleDocuments(db: Executor, scope: SchoolScope, actorId: number) {
  return selectDocuments(db, visibleCondition(scope, actorId), manageableCondition(scope, actorId));
}

/** Of these ids, the documents the caller sees, each with whether it manages it. */
export function findVisibleDocuments(db: Executor, scope: SchoolScope, actorId: number, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return selectDocuments(
    db,
    sql`d.id = any(${sql.param([...ids])}::int[]) and ${visibleCondition(scope, actorId)}`,
    manageableCondition(scope, actorId),
  );
}

/**
 * One document a user may read: one of its own, or, with `managerScope` (the caller has the
 * document manager), one the manager shows it.
 */
export async function findDocumentReadableBy(
  db: Executor,
  user: { id: number; uai: string | null },
  managerScope: SchoolScope | null,
  id: number,
): Promise<DocumentRow | undefined> {
  const own = ownCondition(user);
  const readable = managerScope === null ? own : sql`(${visibleCondition(managerScope, user.id)} or ${own})`;
  const [row] = await selectDocuments(db, sql`d.id = ${id} and ${readable}`, sql`false`);
  return row;
}

/** The bytes the store holds for documents and those tickets announced that have not expired. */
export async function usedBytes(db: Executor, now: Date): Promise<number> {
  const result = await db.execute<{ used: number | string | null }>(sql`
    select (coalesce((select sum(size) from documents), 0)
      + coalesce((select sum(size) from document_uploads where expires_at > ${now.toISOString()}), 0))::float8 as used`);
  return Number(result.rows[0]?.used ?? 0);
}

/** Holds the store's room until the transaction ends: two registrations never both take the last bytes. */
export async function lockDocumentRoom(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('documents-room'))`);
}

export async function insertUploadTicket(
  db: Executor,
  ticket: { key: string; userId: number; size: number; type: string; expiresAt: Date },
): Promise<void> {
  await db.insert(documentUploads).values(ticket);
}

type UploadTicketRow = typeof documentUploads.$inferSelect;

/** The tickets of these keys given to this user. */
export async function readUploadTickets(db: Executor, userId: number, keys: readonly string[]): Promise<UploadTicketRow[]> {
  if (keys.length === 0) return [];
  return db
    .select()
    .from(documentUploads)
    .where(and(eq(documentUploads.userId, userId), inArray(documentUploads.key, [...keys])));
}

/** The tickets of these keys given to this user, locked until the transaction ends. */
export async function lockUploadTickets(tx: Executor, userId: number, keys: readonly string[]): Promise<UploadTicketRow[]> {
  if (keys.length === 0) return [];
  return tx
    .select()
    .from(documentUploads)
    .where(and(eq(documentUploads.userId, userId), inArray(documentUploads.key, [...keys])))
    .for('update');
}

export async function deleteUploadTickets(tx: Executor, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await tx.delete(documentUploads).where(inArray(documentUploads.key, [...keys]));
}

/** The tickets expired by `now`, oldest first, at most `limit`: their uploads were never registered. */
export async function listExpiredUploadTickets(db: Executor, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ key: documentUploads.key })
    .from(documentUploads)
    .where(lte(documentUploads.expiresAt, now))
    .orderBy(documentUploads.expiresAt)
    .limit(limit);
  return rows.map((row) => row.key);
}

export type NewDocument = Omit<typeof documents.$inferInsert, 'id'> & { uais: readonly string[] };

/** Writes documents and their schools; answers their ids in order. */
export async function insertDocuments(tx: Executor, rows: readonly NewDocument[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await tx
    .insert(documents)
    .values(rows.map(({ uais: _uais, ...row }) => row))
    .returning({ id: documents.id });
  const links = rows.flatMap((row, index) => row.uais.map((uai) => ({ documentId: inserted[index]!.id, uai })));
  if (links.length > 0) await tx.insert(documentSchools).values(links);
  return inserted.map((row) => row.id);
}

/** Deletes documents (their schools with them); answers the deleted ones' ids and keys. */
export async function deleteDocumentRows(tx: Executor, ids: readonly number[]): Promise<{ id: number; key: string }[]> {
  if (ids.length === 0) return [];
  return tx
    .delete(documents)
    .where(inArray(documents.id, [...ids]))
    .returning({ id: documents.id, key: documents.key });
}
