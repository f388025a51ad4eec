import { type documents as contract } from '@console/contract';
import { writeAuditEntries } from '#platform/audit/audit.js';
import { listReachableUais, lockManageableUsers, schoolScopeOf } from '#platform/auth/access.js';
import { requireRight } from '#platform/auth/rights.js';
import type { ServiceContext } from '#platform/context.js';
import type { Executor } from '#platform/db/client.js';
import { AppError } from '#platform/errors/app-error.js';
import {
  deleteDocumentUsers,
  insertDocumentUsers,
  replaceDocumentSchools,
  touchDocuments,
} from './document-assignments.repository.js';
import { findVisibleDocuments, type DocumentRow } from './documents.repository.js';
import { isAdministrator, schoolsOf } from './documents.service.js';

/** Assigning documents to schools (`PATCH /files/schools`) and to users (`PATCH /users/files`). */

/** The documents of `ids` the caller sees, all of them (else `not_found`, as unknown ones). */
async function requireVisibleDocuments(tx: Executor, ctx: ServiceContext, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  const rows = await findVisibleDocuments(tx, schoolScopeOf(ctx.actor), ctx.actor.id, unique);
  if (rows.length !== unique.length) throw new AppError('not_found', 'No such document');
  return rows;
}

const schoolsBefore = (row: Pick<DocumentRow, 'allSchools' | 'uais'>) => (row.allSchools ? ['all'] : row.uais);

/**
 * Sets the schools of documents the caller manages, all or none. An Administrateur sets any
 * schools, or ['all']; the others name schools they reach, and a document keeps the schools it has
 * beyond their reach (one given to several schools by an Administrateur stays theirs), and one for
 * every school is not theirs to narrow (403). Audited, one entry a document.
 */
export async function assignDocumentSchools(
  ctx: ServiceContext,
  body: contract.AssignDocumentSchoolsBody,
): Promise<{ changed: number }> {
  requireRight(ctx.actor, 'FileManager', 'Ecriture');
  const wanted = await schoolsOf(ctx, body.arrayUai);
  return ctx.db.transaction(async (tx) => {
    const rows = await requireVisibleDocuments(tx, ctx, body.arrayDocs);
    if (rows.some((row) => !row.canManage)) throw new AppError('forbidden', 'The caller does not manage every document named');
    const administrator = isAdministrator(ctx);
    if (!administrator && rows.some((row) => row.allSchools))
      throw new AppError('forbidden', 'Only an Administrateur changes the schools of a document for every school');
    const reachable = administrator
      ? null
      : new Set(await listReachableUais(tx, ctx.actor, [...new Set(rows.flatMap((row) => row.uais))]));
    const entries = [];
    for (const row of rows) {
      const kept = reachable === null ? [] : row.uais.filter((uai) => !reachable.has(uai));
      const after = { allSchools: wanted.allSchools, uais: [...new Set([...kept, ...wanted.uais])].sort() };
      await replaceDocumentSchools(tx, row.id, after);
      entries.push({
        actor: ctx.actor,
        action: 'assign_document_schools',
        entity: 'document',
        entityId: row.id,
        before: { schools: schoolsBefore(row) },
        after: { schools: schoolsBefore(after) },
      });
    }
    await writeAuditEntries(tx, entries);
    return { changed: rows.length };
  });
}

/**
 * Assigns documents the caller sees to users it may act on (`insert`), or takes them back
 * (`delete`), all or none: one unknown or unseen document, or one user out of reach, answers 404;
 * a user above the caller 403. A change is audited, one entry a document, naming the users.
 */
export async function assignDocumentUsers(
  ctx: ServiceContext,
  body: contract.AssignDocumentUsersBody,
): Promise<{ changed: number }> {
  requireRight(ctx.actor, 'buttonBulkEdit_bulkFiles', 'Ecriture');
  return ctx.db.transaction(async (tx) => {
    const rows = await requireVisibleDocuments(tx, ctx, body.arrayDocs);
    const users = await lockManageableUsers(tx, ctx.actor, body.arrayUsers);
    const documentIds = rows.map((row) => row.id);
    const userIds = users.map((user) => user.id);
    const changed =
      body.action === 'insert'
        ? await insertDocumentUsers(tx, documentIds, userIds)
        : await deleteDocumentUsers(tx, documentIds, userIds);
    if (changed === 0) return { changed };
    await touchDocuments(tx, documentIds);
    await writeAuditEntries(
      tx,
      rows.map((row) => ({
        actor: ctx.actor,
        action: body.action === 'insert' ? 'assign_document_users' : 'unassign_document_users',
        entity: 'document',
        entityId: row.id,
        after: { name: row.name, users: userIds },
      })),
    );
    return { changed };
  });
}
