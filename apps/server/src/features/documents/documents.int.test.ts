// The document manager through the API on the embedded store: a ticket within the upload rules
// and the store's room, the file posted as a browser does, registered once its bytes show its
// type, listed to whom may see it, downloaded through a short-lived address, deleted from the
// database and the store; an upload never registered swept.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { documents as contract, files } from '@console/contract';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileStorage, UPLOAD_TICKET_TTL_MS, type FileStorage } from '#adapters/storage/index.js';
import { auditLog, documents, documentUploads } from '#platform/db/schema/index.js';
import { createTestContext, injectAs, requestOf, type TestContext } from '#test/context.js';
import { buildSchool, buildSignedInUsers } from '#test/factories.js';
import { readZipTexts } from '#features/school-settings/asm/asm-zip.js';
import { sweepDocumentUploads } from './documents.jobs.js';
import { pdf, storeDocument, uploadDocument } from './documents.test-support.js';

type Caller = 'admin' | 'manager' | 'direction' | 'outsider' | 'pupil';

let t: TestContext;
let storage: FileStorage;
let cookies: Record<Caller, string>;
let home: string;
let other: string;
let dataDir: string;

/** An HTML page, as someone would send it as a PDF. */
const html = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'console-documents-'));
  // A store of 1,000,000 bytes: the room's checks without writing much.
  t = await createTestContext({ DOCUMENTS_MAX_MEGABYTES: '1' }, { dataDir });
  storage = createFileStorage(t.env);
  home = (await buildSchool(t.db, { name: 'Collège Jean Moulin' })).uai;
  other = (await buildSchool(t.db, { name: 'Collège Pasteur' })).uai;
  ({ cookies } = await buildSignedInUsers(t, {
    admin: { profile: 'Administrateur', firstname: 'Alice', lastname: 'Durand' },
    manager: { profile: 'Gestionnaire', managedSchools: [home] },
    direction: { profile: 'Administrateur établissement', uai: home, firstname: 'Denis', lastname: 'Roche' },
    outsider: { profile: 'Administrateur établissement', uai: other },
    pupil: { profile: 'Eleve', uai: home },
  }));
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const send = (who: Caller, request: Parameters<typeof injectAs>[2]) => injectAs(t.app, cookies[who], request);
const askTicket = (who: Caller, body: object) => send(who, { ...requestOf(files.createUpload), payload: body });

const upload = (who: Caller, name: string, type: string, bytes: Buffer) =>
  uploadDocument(t.app, cookies[who], { name, type, bytes });

const register = (who: Caller, arrayDocs: object[]) =>
  send(who, { ...requestOf(contract.registerDocuments), payload: { arrayDocs } });
const list = (who: Caller, uai = home) => send(who, requestOf(contract.listDocuments, { x: uai }));
const listed = async (who: Caller, uai = home) => contract.documentListSchema.parse((await list(who, uai)).json());
const urlOf = (who: Caller, id: number) => send(who, requestOf(contract.documentDownloadUrl, { x: id }));
const remove = (who: Caller, id: number) => send(who, requestOf(contract.deleteDocument, { x: id }));
const removeMany = (who: Caller, ids: number[]) =>
  send(who, { ...requestOf(contract.deleteDocuments), payload: { action: 'delete', files: ids } });

const stored = (who: Caller, name: string, schools: string[], type = 'application/pdf', bytes = pdf(name)) =>
  storeDocument(t.app, cookies[who], { name, schools, type, bytes });

function fieldErrorsOf(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(400);
  return (response.json() as { details: { fieldErrors: Record<string, string[]> } }).details.fieldErrors;
}

describe('uploading and registering a document', () => {
  it('registers a PDF a school administrator sent for the school, listed to whom may see it, and audited', async () => {
    const bytes = pdf('Règlement intérieur');
    const key = await upload('direction', 'Règlement intérieur.pdf', 'application/pdf', bytes);
    expect(key).toMatch(/^documents\/[0-9a-f]{24}-reglement-interieur\.pdf$/);
    const response = await register('direction', [{ key, name: 'Règlement intérieur.pdf', schools: [home] }]);
    expect(response.statusCode, response.body).toBe(200);
    const document = contract.documentListSchema.parse(response.json()).files.find((file) => file.key === key)!;
    expect(document).toMatchObject({
      name: 'Règlement intérieur.pdf',
      type: 'application/pdf',
      size: bytes.length,
      uploadedBy: { firstname: 'Denis', lastname: 'Roche', profile: 'Administrateur établissement' },
      // The schools are an Administrateur's column.
      schools: [],
      canManage: true,
    });
    expect((await storage.readHead(key, bytes.length))?.equals(bytes)).toBe(true);
    expect((await listed('admin')).files.find((file) => file.id === document.id)?.schools).toEqual([home]);
    expect((await listed('manager')).files.some((file) => file.id === document.id)).toBe(true);
    expect((await listed('outsider', other)).files.some((file) => file.id === document.id)).toBe(false);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'register_document'), eq(auditLog.entityId, String(document.id))));
    expect(entry).toMatchObject({ actorLabel: 'Denis Roche', after: { name: 'Règlement intérieur.pdf', schools: [home] } });
    // Registered once: the ticket is spent.
    expect(fieldErrorsOf(await register('direction', [{ key, name: 'Encore.pdf', schools: [home] }]))).toEqual({
      'arrayDocs.0.key': [contract.NOT_UPLOADED],
    });
  });

  it('keeps the upload rules on the server: a school administrator sends PDFs of 10 MB at most, an Administrateur any file', async () => {
    const docx = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    expect(fieldErrorsOf(await askTicket('direction', { name: 'Notes.docx', type: docx, size: 1200 }))).toEqual({
      file: [contract.FORBIDDEN_TYPE],
    });
    expect(fieldErrorsOf(await askTicket('direction', { name: 'Gros.pdf', type: 'application/pdf', size: 10_000_001 }))).toEqual({
      file: [contract.TOO_LARGE],
    });
    expect((await askTicket('admin', { name: 'Notes.docx', type: docx, size: 1200 })).statusCode).toBe(200);
    // A pupil has no document manager; an image ticket still needs Config.
    expect((await askTicket('pupil', { name: 'a.pdf', type: 'application/pdf', size: 10 })).statusCode).toBe(403);
    expect((await askTicket('direction', { name: 'logo.png', type: 'image/png', flag: 'logo' })).statusCode).toBe(403);
  });

  it('refuses a file whose bytes are not the type it was sent as, and deletes it from the store', async () => {
    const key = await upload('direction', 'Faux.pdf', 'application/pdf', html);
    expect(fieldErrorsOf(await register('direction', [{ key, name: 'Faux.pdf', schools: [home] }]))).toEqual({
      'arrayDocs.0.key': [contract.TYPE_MISMATCH],
    });
    expect(await storage.statObject(key)).toBeUndefined();
    expect(await t.db.$count(documentUploads, eq(documentUploads.key, key))).toBe(0);
    expect(await t.db.$count(documents, eq(documents.key, key))).toBe(0);
  });

  it('registers only the caller’s own uploads, for schools it reaches, all or none', async () => {
    const key = await upload('direction', 'Menu.pdf', 'application/pdf', pdf('Menu'));
    // Another user's ticket, as if its key were guessed.
    expect(fieldErrorsOf(await register('manager', [{ key, name: 'Menu.pdf', schools: [home] }]))).toEqual({
      'arrayDocs.0.key': [contract.NOT_UPLOADED],
    });
    expect((await register('direction', [{ key, name: 'Menu.pdf', schools: [other] }])).statusCode).toBe(404);
    expect((await register('direction', [{ key, name: 'Menu.pdf', schools: ['all'] }])).statusCode).toBe(403);
    // A key that is no document's (a platform picture's) is never registered.
    expect(
      fieldErrorsOf(
        await register('direction', [
          { key, name: 'Menu.pdf', schools: [home] },
          { key: 'platforms/x.png', name: 'x', schools: [] },
        ]),
      ),
    ).toEqual({ 'arrayDocs.1.key': [contract.NOT_UPLOADED] });
    expect(await t.db.$count(documents, eq(documents.key, key))).toBe(0);
    expect((await register('direction', [{ key, name: 'Menu.pdf', schools: [home] }])).statusCode).toBe(200);
  });

  it('says the store is full before the file is sent, counting the uploads announced', async () => {
    const { usedBytes: used, maxBucketSize } = await listed('admin');
    expect(maxBucketSize).toBe(1_000_000);
    const room = maxBucketSize - used;
    expect(fieldErrorsOf(await askTicket('admin', { name: 'Grand.pdf', type: 'application/pdf', size: room }))).toEqual({
      file: [contract.STORAGE_FULL],
    });
    // One ticket taking almost all the room leaves none for a second one.
    expect((await askTicket('admin', { name: 'Presque.pdf', type: 'application/pdf', size: room - 10 })).statusCode).toBe(200);
    expect(fieldErrorsOf(await askTicket('admin', { name: 'Petit.pdf', type: 'application/pdf', size: 20 }))).toEqual({
      file: [contract.STORAGE_FULL],
    });
    await t.db.delete(documentUploads).where(eq(documentUploads.size, room - 10));
  });
});

describe('reading and deleting documents', () => {
  it('answers a short-lived address to whom sees the document: shown for a PDF, downloaded for a text file', async () => {
    const document = await stored('direction', 'Planning.pdf', [home]);
    const answer = await urlOf('direction', document.id);
    expect(answer.statusCode, answer.body).toBe(200);
    const { url } = contract.documentUrlSchema.parse(answer.json());
    const read = await t.app.inject({ method: 'GET', url });
    expect(read.statusCode).toBe(200);
    expect(read.rawPayload.equals(pdf('Planning.pdf'))).toBe(true);
    expect(read.headers['content-type']).toBe('application/pdf');
    expect(String(read.headers['content-disposition'])).toMatch(/^inline;/);
    expect(read.headers['x-content-type-options']).toBe('nosniff');
    // Chromium's PDF viewer draws nothing in a sandboxed page: a PDF shown loads nothing, unsandboxed.
    expect(read.headers['content-security-policy']).toBe("default-src 'none'");

    const text = await stored('admin', 'Notes.txt', ['all'], 'text/plain', Buffer.from('Rentrée le 1er septembre'));
    expect(text.schools).toEqual(['all']);
    const textUrl = contract.documentUrlSchema.parse((await urlOf('direction', text.id)).json()).url;
    expect(String((await t.app.inject({ method: 'GET', url: textUrl })).headers['content-disposition'])).toMatch(/^attachment;/);
    // An HTML page an Administrateur sent is saved, never shown, and sandboxed were it opened.
    const page = await stored('admin', 'page.html', ['all'], 'text/html', html);
    const pageRead = await t.app.inject({
      method: 'GET',
      url: contract.documentUrlSchema.parse((await urlOf('direction', page.id)).json()).url,
    });
    expect(String(pageRead.headers['content-disposition'])).toMatch(/^attachment;/);
    expect(pageRead.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(pageRead.headers['x-content-type-options']).toBe('nosniff');

    expect((await urlOf('outsider', document.id)).statusCode).toBe(404);
    // A pupil has no document manager, and reads from their page the documents for their school.
    expect((await urlOf('pupil', document.id)).statusCode).toBe(200);
  });

  it('downloads what the preview would show when asked to, and zips several documents under their names', async () => {
    const first = await stored('direction', 'Sortie.pdf', [home], 'application/pdf', Buffer.from('%PDF-1.4 sortie'));
    const second = await stored('direction', 'Sortie.pdf', [home], 'application/pdf', Buffer.from('%PDF-1.4 retour'));
    const saved = await send('direction', {
      ...requestOf(contract.documentDownloadUrl, { x: first.id }),
      query: { disposition: 'attachment' },
    });
    const savedUrl = contract.documentUrlSchema.parse(saved.json()).url;
    expect(String((await t.app.inject({ method: 'GET', url: savedUrl })).headers['content-disposition'])).toMatch(/^attachment;/);

    const archive = (who: Caller, ids: number[]) =>
      send(who, { ...requestOf(contract.downloadDocumentsArchive), payload: { files: ids } });
    const zipped = await archive('direction', [first.id, second.id]);
    expect(zipped.statusCode, zipped.body).toBe(200);
    expect(zipped.headers['content-type']).toBe('application/zip');
    expect(String(zipped.headers['content-disposition'])).toContain('Documents.zip');
    expect(await readZipTexts(zipped.rawPayload)).toEqual({
      'Sortie.pdf': '%PDF-1.4 sortie',
      'Sortie (2).pdf': '%PDF-1.4 retour',
    });
    // Another school's administrator, or a pupil, gets no archive of them.
    expect((await archive('outsider', [first.id])).statusCode).toBe(404);
    expect((await archive('pupil', [first.id])).statusCode).toBe(403);
    // The manager's list names no school, or one the caller reaches.
    expect((await listed('direction', 'all')).files.some((file) => file.id === first.id)).toBe(true);
    expect((await list('direction', other)).statusCode).toBe(404);
  });

  it('deletes from the database and the store what the caller manages; another school’s is not found', async () => {
    const document = await stored('direction', 'Sortie.pdf', [home]);
    const forAll = (await listed('direction')).files.find((file) => file.name === 'Notes.txt')!;
    expect(forAll.canManage).toBe(false);
    expect((await remove('outsider', document.id)).statusCode).toBe(404);
    expect((await remove('direction', forAll.id)).statusCode).toBe(403);
    // All or none: the one it may not delete keeps the other.
    expect((await removeMany('direction', [document.id, forAll.id])).statusCode).toBe(403);
    expect(await storage.statObject(document.key)).toBeDefined();

    // The manager of the school manages what is for it alone, whoever sent it.
    const response = await remove('manager', document.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ deleted: 1 });
    expect(await storage.statObject(document.key)).toBeUndefined();
    expect((await listed('direction')).files.some((file) => file.id === document.id)).toBe(false);
    expect(
      await t.db.$count(auditLog, and(eq(auditLog.action, 'delete_document'), eq(auditLog.entityId, String(document.id)))),
    ).toBe(1);
  });

  it('sweeps from the store an upload never registered, once its ticket has expired', async () => {
    const key = await upload('direction', 'Oublié.pdf', 'application/pdf', pdf('Oublié'));
    const log = { error: () => undefined };
    expect(await sweepDocumentUploads({ db: t.db, storage, log }, new Date())).toBe(0);
    expect(await storage.statObject(key)).toBeDefined();
    const later = new Date(Date.now() + UPLOAD_TICKET_TTL_MS + 1000);
    expect(await sweepDocumentUploads({ db: t.db, storage, log }, later)).toBeGreaterThanOrEqual(1);
    expect(await storage.statObject(key)).toBeUndefined();
    expect(await t.db.$count(documentUploads, eq(documentUploads.key, key))).toBe(0);
  });
});
