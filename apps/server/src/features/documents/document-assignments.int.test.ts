// Assigning documents through the API: to schools (`PATCH /files/schools`), to users
// (`PATCH /users/files`), what a user page then lists, and who may open a document: a pupil
// sees the documents assigned to them, their school or every school, and nothing else.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { documents as contract, files, users as usersContract } from '@console/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, documentUploads, documentUsers, users } from '#platform/db/schema/index.js';
import type { BuiltUser } from '#test/factories.js';
import { createTestContext, injectAs, requestOf, type TestContext } from '#test/context.js';
import { buildSchool, buildSignedInUsers, buildUser } from '#test/factories.js';
import { storeDocument } from './documents.test-support.js';

type Caller = 'admin' | 'manager' | 'direction' | 'outsider' | 'pupil' | 'classmate' | 'farPupil';

let t: TestContext;
let cookies: Record<Caller, string>;
let people: Record<Caller, BuiltUser>;
let home: string;
let other: string;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'console-document-assignments-'));
  t = await createTestContext({}, { dataDir });
  home = (await buildSchool(t.db, { name: 'Collège Jean Moulin' })).uai;
  other = (await buildSchool(t.db, { name: 'Collège Pasteur' })).uai;
  ({ cookies, users: people } = await buildSignedInUsers(t, {
    admin: { profile: 'Administrateur' },
    manager: { profile: 'Gestionnaire', managedSchools: [home] },
    direction: { profile: 'Administrateur établissement', uai: home },
    outsider: { profile: 'Administrateur établissement', uai: other },
    pupil: { profile: 'Eleve', uai: home },
    classmate: { profile: 'Eleve', uai: home },
    farPupil: { profile: 'Eleve', uai: other },
  }));
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const send = (who: Caller, request: Parameters<typeof injectAs>[2]) => injectAs(t.app, cookies[who], request);
const store = (who: Caller, name: string, schools: string[]) => storeDocument(t.app, cookies[who], { name, schools });
const assignSchools = (who: Caller, arrayDocs: number[], arrayUai: string[]) =>
  send(who, { ...requestOf(contract.assignDocumentSchools), payload: { arrayDocs, arrayUai } });
const assignUsers = (who: Caller, action: 'insert' | 'delete', arrayDocs: number[], arrayUsers: number[]) =>
  send(who, { ...requestOf(contract.assignDocumentUsers), payload: { action, arrayDocs, arrayUsers } });
const urlStatus = async (who: Caller, id: number) =>
  (await send(who, requestOf(contract.documentDownloadUrl, { x: id }))).statusCode;
const schoolsOf = async (id: number) => {
  const response = await send('admin', requestOf(contract.listDocuments, { x: home }));
  return contract.documentListSchema.parse(response.json()).files.find((file) => file.id === id)?.schools;
};
/** The names of the documents a user page lists, as `who` reads the page of `whose`. */
async function pageDocuments(who: Caller, whose: Caller): Promise<string[]> {
  const response = await send(who, requestOf(usersContract.getUser, { id: people[whose].id }));
  expect(response.statusCode, response.body).toBe(200);
  return usersContract.userPageSchema.parse(response.json()).documents.map((document) => document.name);
}

describe('assigning documents to schools', () => {
  it('sets the schools an Administrateur names, or every school', async () => {
    const document = await store('admin', 'Charte.pdf', [home]);
    expect(await urlStatus('outsider', document.id)).toBe(404);
    const response = await assignSchools('admin', [document.id], [other, home]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ changed: 1 });
    expect(await schoolsOf(document.id)).toEqual([home, other].sort());
    expect(await urlStatus('outsider', document.id)).toBe(200);
    expect(await urlStatus('farPupil', document.id)).toBe(200);

    expect((await assignSchools('admin', [document.id], ['all'])).statusCode).toBe(200);
    expect(await schoolsOf(document.id)).toEqual(['all']);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'assign_document_schools'), eq(auditLog.entityId, String(document.id))))
      .orderBy(auditLog.id);
    expect(entry).toMatchObject({ before: { schools: [home] }, after: { schools: [home, other].sort() } });
  });

  it('lets a school administrator name only schools it reaches, and keeps the schools beyond its reach', async () => {
    const document = await store('direction', 'Sortie.pdf', [home]);
    expect((await assignSchools('direction', [document.id], [other])).statusCode).toBe(404);
    expect((await assignSchools('direction', [document.id], ['all'])).statusCode).toBe(403);
    expect((await assignSchools('outsider', [document.id], [other])).statusCode).toBe(404);

    // An Administrateur gives it to the other school too; the school administrator then takes it
    // from its own school only.
    expect((await assignSchools('admin', [document.id], [home, other])).statusCode).toBe(200);
    expect((await assignSchools('direction', [document.id], [])).statusCode).toBe(200);
    expect(await schoolsOf(document.id)).toEqual([other]);

    // A document for every school is not a school administrator's to narrow, even its own.
    expect((await assignSchools('admin', [document.id], ['all'])).statusCode).toBe(200);
    expect((await assignSchools('direction', [document.id], [home])).statusCode).toBe(403);
    expect(await schoolsOf(document.id)).toEqual(['all']);
  });
});

describe('assigning documents to users', () => {
  it('shows a document assigned to a pupil on that pupil’s page only, until it is taken back', async () => {
    // For no school: only its uploader (and an Administrateur) sees it.
    const document = await store('direction', 'Devoir de français.pdf', []);
    expect(await urlStatus('pupil', document.id)).toBe(404);
    expect(await urlStatus('manager', document.id)).toBe(404);

    const response = await assignUsers('direction', 'insert', [document.id], [people.pupil.id]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ changed: 1 });
    // Assigning twice adds nothing.
    expect((await assignUsers('direction', 'insert', [document.id], [people.pupil.id])).json()).toEqual({ changed: 0 });

    expect(await pageDocuments('pupil', 'pupil')).toContain('Devoir de français.pdf');
    expect(await pageDocuments('direction', 'pupil')).toContain('Devoir de français.pdf');
    expect(await pageDocuments('classmate', 'classmate')).not.toContain('Devoir de français.pdf');
    expect(await urlStatus('pupil', document.id)).toBe(200);
    expect(await urlStatus('classmate', document.id)).toBe(404);
    // Given to a pupil of the school, the school's manager sees it now.
    expect(await urlStatus('manager', document.id)).toBe(200);
    expect(
      await t.db.$count(auditLog, and(eq(auditLog.action, 'assign_document_users'), eq(auditLog.entityId, String(document.id)))),
    ).toBe(1);

    expect((await assignUsers('direction', 'delete', [document.id], [people.pupil.id])).json()).toEqual({ changed: 1 });
    expect(await pageDocuments('pupil', 'pupil')).not.toContain('Devoir de français.pdf');
    expect(await urlStatus('pupil', document.id)).toBe(404);
  });

  it('lists on a user page the documents of the user’s school and of every school, and no other school’s', async () => {
    await store('direction', 'Cantine.pdf', [home]);
    await store('outsider', 'Piscine.pdf', [other]);
    await store('admin', 'Rentrée.pdf', ['all']);
    const seen = await pageDocuments('pupil', 'pupil');
    expect(seen).toEqual(expect.arrayContaining(['Cantine.pdf', 'Rentrée.pdf']));
    expect(seen).not.toContain('Piscine.pdf');
    expect(await pageDocuments('farPupil', 'farPupil')).toEqual(expect.arrayContaining(['Piscine.pdf', 'Rentrée.pdf']));
    expect(await pageDocuments('farPupil', 'farPupil')).not.toContain('Cantine.pdf');
  });

  it('keeps every boundary: documents the caller sees, users it may act on, all or none', async () => {
    const mine = await store('direction', 'Carnet.pdf', [home]);
    const theirs = await store('outsider', 'Règlement Pasteur.pdf', [other]);
    // Another school's pupil, or another school's document: not found, and nobody changes.
    expect((await assignUsers('direction', 'insert', [mine.id], [people.pupil.id, people.farPupil.id])).statusCode).toBe(404);
    expect((await assignUsers('direction', 'insert', [theirs.id], [people.pupil.id])).statusCode).toBe(404);
    expect(await t.db.$count(documentUsers, eq(documentUsers.documentId, mine.id))).toBe(0);
    // A school administrator does not act on an Administrateur.
    expect((await assignUsers('manager', 'insert', [mine.id], [people.admin.id])).statusCode).toBe(404);
    // Pupils have neither the bulk menu nor the document manager, and guessing an id opens nothing.
    expect((await assignUsers('pupil', 'insert', [mine.id], [people.pupil.id])).statusCode).toBe(403);
    expect((await send('pupil', requestOf(contract.listDocuments, { x: home }))).statusCode).toBe(403);
    expect(await urlStatus('pupil', theirs.id)).toBe(404);
    expect(await urlStatus('pupil', 2_000_000)).toBe(404);
  });

  it('forgets the assignments of a deleted user, and keeps its upload tickets so that their files are swept', async () => {
    const leaving = await buildUser(t.db, t.env.encryptionKey, { profile: 'Eleve', uai: home });
    const document = await store('direction', 'Bulletin.pdf', [home]);
    expect((await assignUsers('direction', 'insert', [document.id], [leaving.id])).statusCode).toBe(200);
    const uploader = await buildSignedInUsers(t, { gone: { profile: 'Administrateur établissement', uai: home } });
    const ticket = await injectAs(t.app, uploader.cookies.gone, {
      ...requestOf(files.createUpload),
      payload: { name: 'Brouillon.pdf', type: 'application/pdf', size: 100 },
    });
    const key = files.uploadTicketSchema.parse(ticket.json()).fields.key!;

    await t.db.delete(users).where(eq(users.id, leaving.id));
    await t.db.delete(users).where(eq(users.id, uploader.users.gone.id));
    expect(await t.db.$count(documentUsers, eq(documentUsers.userId, leaving.id))).toBe(0);
    const [kept] = await t.db.select().from(documentUploads).where(eq(documentUploads.key, key));
    expect(kept).toMatchObject({ key, userId: null });
  });
});
