import { documents as contract, hasRight, type FileAnswer, type files } from '@console/contract';
import { UPLOAD_TICKET_TTL_MS, type FileStorage } from '#adapters/storage/index.js';
import { writeAuditEntries } from '#platform/audit/audit.js';
import { listReachableUais, requireReachableSchool, schoolNotFound, schoolScopeOf } from '#platform/auth/access.js';
import { requireRight } from '#platform/auth/rights.js';
import type { ServiceContext } from '#platform/context.js';
import { AppError, validationError } from '#platform/errors/app-error.js';
import { archiveOf } from './document-archive.js';
import { buildDocumentKey, isDocumentKey } from './document-keys.js';
import { detectType, registeredTypeOf } from './document-types.js';
import {
  deleteDocumentRows,
  deleteUploadTickets,
  insertDocuments,
  insertUploadTicket,
  lockDocumentRoom,
  findVisibleDocuments,
  listVisibleDocuments,
  findDocumentReadableBy,
  lockUploadTickets,
  readUploadTickets,
  usedBytes,
  type DocumentRow,
} from './documents.repository.js';

/** What the documents service needs beside the platform's dependencies. */
export type DocumentsDeps = { storage: FileStorage };
type Context = ServiceContext & DocumentsDeps;

/** How long a download or preview address holds: time to open it, not to pass it around. */
export const DOWNLOAD_URL_SECONDS = 60;

export const isAdministrator = (ctx: ServiceContext) => ctx.actor.profile === 'Administrateur';
const capacityOf = (ctx: ServiceContext) => ctx.env.DOCUMENTS_MAX_MEGABYTES * 1_000_000;

/**
 * An upload ticket for a document (spec 3 §5): within the upload rules (a profile other than
 * Administrateur sends PDFs of 10 MB at most) and the store's room, counting the uploads announced
 * and not yet registered; for exactly the announced size and type, under a new key recorded as the
 * caller's, which only the caller registers and which is swept from the store if never registered.
 */
export async function createDocumentTicket(ctx: Context, request: contract.DocumentUploadRequest): Promise<files.UploadTicket> {
  requireRight(ctx.actor, 'FileManager', 'Ecriture');
  const problem = contract.documentUploadProblem(isAdministrator(ctx), request);
  if (problem) throw validationError({ file: [problem] });
  const key = buildDocumentKey(request.name);
  const expiresAt = new Date(Date.now() + UPLOAD_TICKET_TTL_MS);
  await ctx.db.transaction(async (tx) => {
    await lockDocumentRoom(tx);
    if (contract.fillsTheStore(await usedBytes(tx, new Date()), request.size, capacityOf(ctx)))
      throw validationError({ file: [contract.STORAGE_FULL] });
    await insertUploadTicket(tx, { key, userId: ctx.actor.id, size: request.size, type: request.type, expiresAt });
  });
  return ctx.storage.createUpload({ key, contentType: request.type, maxBytes: request.size });
}

/** The documents as the manager lists them: the schools told to an Administrateur only. */
function presentDocuments(ctx: ServiceContext, rows: readonly (DocumentRow & { canManage: boolean })[]): contract.Document[] {
  const showSchools = isAdministrator(ctx);
  return rows.map((row) => ({
    id: row.id,
    key: row.key,
    name: row.name,
    type: row.type,
    size: row.size,
    uploadedBy: { firstname: row.uploaderFirstname, lastname: row.uploaderLastname, profile: row.uploaderProfile },
    date: row.updatedAt.toISOString(),
    schools: showSchools ? (row.allSchools ? ['all'] : row.uais) : [],
    canManage: row.canManage,
  }));
}

/** The documents the caller sees (see `visibleCondition`), with the store's capacity and use. */
async function readDocumentList(ctx: ServiceContext): Promise<contract.DocumentList> {
  const scope = schoolScopeOf(ctx.actor);
  const [rows, used] = await Promise.all([listVisibleDocuments(ctx.db, scope, ctx.actor.id), usedBytes(ctx.db, new Date())]);
  return { files: presentDocuments(ctx, rows), maxBucketSize: capacityOf(ctx), usedBytes: used };
}

/**
 * `GET /files/{x}`: the caller's documents, from the document manager (x 'all') or from a school
 * it reaches (else 404): the list is what the caller sees either way.
 */
export async function listDocuments(ctx: ServiceContext, uai: string): Promise<contract.DocumentList> {
  if (uai !== 'all') await requireReachableSchool(ctx, uai);
  return readDocumentList(ctx);
}

/** The schools a registration or an assignment names, checked: ['all'] by an Administrateur; else schools the caller reaches. */
export async function schoolsOf(
  ctx: ServiceContext,
  wanted: readonly string[],
): Promise<{ allSchools: boolean; uais: string[] }> {
  if (wanted.includes('all')) {
    if (!isAdministrator(ctx)) throw new AppError('forbidden', 'Only an Administrateur gives a document to every school');
    return { allSchools: true, uais: [] };
  }
  const uais = [...new Set(wanted)];
  const reached = await listReachableUais(ctx.db, ctx.actor, uais);
  // Unknown or out of reach alike.
  if (reached.length !== uais.length) throw schoolNotFound();
  return { allSchools: false, uais };
}

type Checked = { key: string; name: string; type: string; size: number; allSchools: boolean; uais: string[] };

/**
 * Checks one uploaded file against its ticket and the store: there, no larger than announced, its
 * bytes of the type announced (`registeredTypeOf`), within the caller's upload rules. Answers the
 * problem's message, or the document to write.
 */
async function checkUpload(
  ctx: Context,
  ticket: { key: string; size: number; type: string },
): Promise<{ problem: string } | { type: string; size: number }> {
  const stored = await ctx.storage.statObject(ticket.key);
  if (!stored || stored.size === 0) return { problem: contract.NOT_UPLOADED };
  if (stored.size > ticket.size) return { problem: contract.TOO_LARGE };
  const type = registeredTypeOf(ticket.type, await detectType(await ctx.storage.openRead(ticket.key)));
  if (type === null) return { problem: contract.TYPE_MISMATCH };
  const rule = contract.documentUploadProblem(isAdministrator(ctx), { type, size: stored.size });
  return rule ? { problem: rule } : { type, size: stored.size };
}

/**
 * Registers uploaded files as documents (`PUT /files/`), all or none: each key must be one of the
 * caller's tickets whose file is in the store with bytes of the type announced; a file refused for
 * its bytes or its size is deleted from the store with its ticket at once (it can never be
 * registered); the store's room is checked again with the real sizes. Audited, one entry a document.
 */
export async function registerDocuments(
  ctx: Context,
  body: { arrayDocs: contract.DocumentRegistration[] },
): Promise<contract.DocumentList> {
  requireRight(ctx.actor, 'FileManager', 'Ecriture');
  const fieldErrors: Record<string, string[]> = {};
  const keys = body.arrayDocs.map((doc) => doc.key);
  body.arrayDocs.forEach((doc, index) => {
    if (!isDocumentKey(doc.key) || keys.indexOf(doc.key) !== index)
      fieldErrors[`arrayDocs.${index}.key`] = [contract.NOT_UPLOADED];
  });
  if (Object.keys(fieldErrors).length > 0) throw validationError(fieldErrors);
  const schools = await Promise.all(body.arrayDocs.map((doc) => schoolsOf(ctx, doc.schools)));

  // The tickets are read outside the transaction that writes, as the store is: reading a file's bytes may take a while.
  const tickets = new Map((await readUploadTickets(ctx.db, ctx.actor.id, keys)).map((ticket) => [ticket.key, ticket]));
  const checked: Checked[] = [];
  const refused: string[] = [];
  for (const [index, doc] of body.arrayDocs.entries()) {
    const ticket = tickets.get(doc.key);
    if (!ticket) {
      fieldErrors[`arrayDocs.${index}.key`] = [contract.NOT_UPLOADED];
      continue;
    }
    const result = await checkUpload(ctx, ticket);
    if ('problem' in result) {
      fieldErrors[`arrayDocs.${index}.key`] = [result.problem];
      if (result.problem !== contract.NOT_UPLOADED) refused.push(doc.key);
      continue;
    }
    checked.push({ key: doc.key, name: doc.name, ...result, ...schools[index]! });
  }
  if (refused.length > 0) {
    for (const key of refused) await ctx.storage.deleteObject(key);
    await deleteUploadTickets(ctx.db, refused);
  }
  if (Object.keys(fieldErrors).length > 0) throw validationError(fieldErrors);

  await ctx.db.transaction(async (tx) => {
    await lockDocumentRoom(tx);
    // Registered meanwhile by another request of the caller: those tickets are gone.
    const held = await lockUploadTickets(tx, ctx.actor.id, keys);
    if (held.length !== keys.length) throw validationError({ arrayDocs: [contract.NOT_UPLOADED] });
    await deleteUploadTickets(tx, keys);
    const adding = checked.reduce((sum, doc) => sum + doc.size, 0);
    if (contract.fillsTheStore(await usedBytes(tx, new Date()), adding, capacityOf(ctx)))
      throw validationError({ file: [contract.STORAGE_FULL] });
    const ids = await insertDocuments(
      tx,
      checked.map((doc) => ({
        key: doc.key,
        name: doc.name,
        type: doc.type,
        size: doc.size,
        uploadedById: ctx.actor.id,
        uploaderFirstname: ctx.actor.firstname,
        uploaderLastname: ctx.actor.lastname,
        uploaderProfile: ctx.actor.profile,
        allSchools: doc.allSchools,
        uais: doc.uais,
      })),
    );
    await writeAuditEntries(
      tx,
      checked.map((doc, index) => ({
        actor: ctx.actor,
        action: 'register_document',
        entity: 'document',
        entityId: ids[index],
        after: { name: doc.name, type: doc.type, size: doc.size, schools: doc.allSchools ? ['all'] : doc.uais },
      })),
    );
  });
  return readDocumentList(ctx);
}

/**
 * Deletes documents, all or none: each must be one the caller sees (else 404, as an unknown one)
 * and manages (else 403). The rows go in one transaction, audited; then their files leave the
 * store. A file the store fails to delete is left to the sweep (its key recorded as an expired
 * ticket), so that the store never keeps a document the database forgot.
 */
export async function deleteDocuments(ctx: Context, ids: readonly number[]): Promise<{ deleted: number }> {
  requireRight(ctx.actor, 'FileManager', 'Ecriture');
  const unique = [...new Set(ids)];
  const scope = schoolScopeOf(ctx.actor);
  const deleted = await ctx.db.transaction(async (tx) => {
    const rows = await findVisibleDocuments(tx, scope, ctx.actor.id, unique);
    if (rows.length !== unique.length) throw new AppError('not_found', 'No such document');
    if (rows.some((row) => !row.canManage)) throw new AppError('forbidden', 'The caller does not manage every document named');
    const gone = await deleteDocumentRows(tx, unique);
    await writeAuditEntries(
      tx,
      rows.map((row) => ({
        actor: ctx.actor,
        action: 'delete_document',
        entity: 'document',
        entityId: row.id,
        before: { name: row.name, type: row.type, size: row.size, schools: row.allSchools ? ['all'] : row.uais },
      })),
    );
    return gone;
  });
  const left: string[] = [];
  for (const { key } of deleted) {
    try {
      await ctx.storage.deleteObject(key);
    } catch {
      // The sweep retries it, and says so in the log if it fails again.
      left.push(key);
    }
  }
  if (left.length > 0)
    for (const key of left)
      await insertUploadTicket(ctx.db, { key, userId: ctx.actor.id, size: 0, type: '', expiresAt: new Date() });
  return { deleted: deleted.length };
}

/**
 * A document the caller may read: one the document manager shows it (with FileManager at
 * Lecture), or one of its own (assigned to it, its school or every school: how pupils and teachers
 * open theirs from their page).
 */
function findReadableDocument(ctx: ServiceContext, id: number): Promise<DocumentRow | undefined> {
  const managerScope = hasRight(ctx.actor.rights, 'FileManager', 'Lecture') ? schoolScopeOf(ctx.actor) : null;
  return findDocumentReadableBy(ctx.db, ctx.actor, managerScope, id);
}

/**
 * A short-lived address of a document the caller may read (`GET /files/download/url/{id}`): shown
 * by the browser for a type the preview shows, downloaded otherwise or when `wanted` says so,
 * under the document's name.
 */
export async function documentDownloadUrl(
  ctx: Context,
  id: number,
  wanted: 'inline' | 'attachment' = 'inline',
): Promise<{ url: string; expiresAt: string }> {
  const row = await findReadableDocument(ctx, id);
  if (!row) throw new AppError('not_found', 'No such document');
  const url = await ctx.storage.downloadUrl(row.key, {
    expiresInSeconds: DOWNLOAD_URL_SECONDS,
    disposition: wanted === 'inline' && contract.PREVIEWED_TYPES.includes(row.type) ? 'inline' : 'attachment',
    fileName: row.name,
    contentType: row.type,
  });
  return { url, expiresAt: new Date(Date.now() + DOWNLOAD_URL_SECONDS * 1000).toISOString() };
}

/**
 * `POST /files/archive`: a zip of documents the caller sees (else 404, as unknown ones), each
 * under its name, streamed from the store one file after another.
 */
export async function documentsArchive(ctx: Context, ids: readonly number[]): Promise<FileAnswer> {
  requireRight(ctx.actor, 'FileManager', 'Lecture');
  const unique = [...new Set(ids)];
  const rows = await findVisibleDocuments(ctx.db, schoolScopeOf(ctx.actor), ctx.actor.id, unique);
  if (rows.length !== unique.length) throw new AppError('not_found', 'No such document');
  const byId = new Map(rows.map((row) => [row.id, row]));
  return {
    fileName: contract.DOCUMENTS_ARCHIVE_NAME,
    mediaType: contract.DOCUMENTS_ARCHIVE_TYPE,
    body: archiveOf(
      ctx.storage,
      unique.map((id) => byId.get(id)!),
    ),
  };
}
