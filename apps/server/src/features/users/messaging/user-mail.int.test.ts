import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { users as contract } from '@console/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, createTestEnv, injectAs, requestOf, signInEach } from '#test/context.js';
import { buildSchool, buildUser, type BuiltUser } from '#test/factories.js';
import { startTestSmtpServer, type TestSmtpServer } from '#test/fakes/smtp.js';
import { readMail } from '#test/mail-reader.js';
import { buildMessagingApp } from '#test/messaging-factories.js';
import type { DatabaseHandle } from '#platform/db/client.js';
import { auditLog } from '#platform/db/schema/index.js';
import { HASHED_PASSWORD_NOTICE } from './mail-templates.js';

const PUBLIC_URL = 'https://console.example.fr';

let handle: DatabaseHandle;
let dataDir: string;
let smtp: TestSmtpServer;
const apps = {} as Record<'outbox' | 'smtp' | 'smtpDown', FastifyInstance>;
let cookies: Record<'admin' | 'manager' | 'direction', string>;
let pupil: BuiltUser;
let teacher: BuiltUser;
let withoutEmail: BuiltUser;
let schoolAdministrator: BuiltUser;
let outsider: BuiltUser;

/** A local port nothing listens on: an SMTP server that is down. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  handle = await createTestDatabase();
  const { db } = handle;
  const key = createTestEnv().encryptionKey;
  const home = await buildSchool(db, { name: 'Collège Jean Moulin' });
  const elsewhere = await buildSchool(db);
  const admin = await buildUser(db, key, { profile: 'Administrateur' });
  const manager = await buildUser(db, key, { profile: 'Gestionnaire', managedSchools: [home.uai] });
  const direction = await buildUser(db, key, { profile: 'Administrateur établissement', uai: home.uai });
  pupil = await buildUser(db, key, {
    profile: 'Eleve',
    uai: home.uai,
    firstname: 'Léa',
    login: 'lea.martin',
    password: 'bafo4821',
    email: 'lea.martin@example.fr',
  });
  teacher = await buildUser(db, key, {
    profile: 'Enseignant',
    uai: home.uai,
    firstname: 'Paul',
    login: 'paul.durand',
    password: 'kevu7315',
    email: 'paul.durand@example.fr',
  });
  withoutEmail = await buildUser(db, key, { profile: 'Eleve', uai: home.uai, email: null });
  schoolAdministrator = await buildUser(db, key, {
    profile: 'Administrateur établissement',
    uai: home.uai,
    firstname: 'Anne',
    email: 'direction@example.fr',
  });
  outsider = await buildUser(db, key, { profile: 'Eleve', uai: elsewhere.uai, email: 'ailleurs@example.fr' });

  dataDir = mkdtempSync(path.join(tmpdir(), 'mail-test-'));
  smtp = await startTestSmtpServer();
  apps.outbox = await buildMessagingApp(handle, { PUBLIC_URL }, dataDir);
  apps.smtp = await buildMessagingApp(handle, { PUBLIC_URL, SMTP_URL: smtp.url });
  apps.smtpDown = await buildMessagingApp(handle, {
    SMTP_URL: `smtp://127.0.0.1:${await closedPort()}`,
    SMTP_TIMEOUT_MS: '2000',
  });
  cookies = await signInEach(apps.outbox, { admin, manager, direction });
});

afterAll(async () => {
  for (const app of Object.values(apps)) await app.close();
  await smtp.close();
  await handle.close();
  rmSync(dataDir, { recursive: true, force: true });
});

beforeEach(async () => {
  await handle.db.delete(auditLog);
  rmSync(path.join(dataDir, 'outbox'), { recursive: true, force: true });
  smtp.received.length = 0;
  smtp.refuseRecipients([]);
});

function mail(app: keyof typeof apps, who: keyof typeof cookies, userIds: number[], templateId?: number) {
  return injectAs(apps[app], cookies[who], {
    ...requestOf(contract.mailUsers),
    payload: { users: userIds.map((idUser) => ({ idUser })), ...(templateId && { templateId }) },
  });
}

function readOutbox() {
  const folder = path.join(dataDir, 'outbox');
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .sort()
    .map((name) => ({ name, raw: readFileSync(path.join(folder, name), 'utf8') }));
}

async function mailAudits() {
  return handle.db.select().from(auditLog).where(eq(auditLog.action, 'mail'));
}

describe('POST /users/mails: who may mail', () => {
  it('answers 401 without a session and 403 without the notification right, sending nothing', async () => {
    const anonymous = await apps.outbox.inject({
      ...requestOf(contract.mailUsers),
      payload: { users: [{ idUser: pupil.id }] },
    });
    expect(anonymous.statusCode).toBe(401);
    const forbidden = await mail('outbox', 'direction', [pupil.id]);
    expect(forbidden.statusCode).toBe(403);
    expect(readOutbox()).toEqual([]);
  });

  it('answers 400 for an unknown template or no user', async () => {
    expect((await mail('outbox', 'manager', [pupil.id], 999)).statusCode).toBe(400);
    expect((await mail('outbox', 'manager', [])).json()).toMatchObject({ code: 'validation_failed' });
    expect(readOutbox()).toEqual([]);
  });

  it('answers 404 when one user is outside the caller’s schools, and sends nobody anything', async () => {
    const response = await mail('outbox', 'manager', [pupil.id, outsider.id]);
    expect(response.statusCode).toBe(404);
    expect(readOutbox()).toEqual([]);
    expect(await mailAudits()).toEqual([]);
  });
});

describe('POST /users/mails through the outbox', () => {
  it('writes one .eml per user with an e-mail, with their login, password and sign-in link; skips the others', async () => {
    const response = await mail('outbox', 'manager', [pupil.id, teacher.id, withoutEmail.id]);
    expect(response.statusCode).toBe(200);
    expect(contract.mailUsers.answer.parse(response.json())).toEqual({ sent: 2, skipped: 1 });

    const files = readOutbox();
    expect(files.map((file) => file.name)).toEqual([
      expect.stringMatching(/^\d{8}T\d{9}Z-\d{6}-[0-9a-f]{8}\.eml$/),
      expect.any(String),
    ]);
    const messages = files.map((file) => readMail(file.raw));
    expect(messages.map((message) => message.to).sort()).toEqual(['lea.martin@example.fr', 'paul.durand@example.fr']);
    for (const message of messages) expect(message.subject).toBe('Vos accès à la Console ENT');

    const toPupil = messages.find((message) => message.to === pupil.email)!;
    expect(toPupil.text).toContain('Bonjour Léa,');
    expect(toPupil.text).toContain('Identifiant : lea.martin');
    expect(toPupil.text).toContain('Mot de passe : bafo4821');
    expect(toPupil.text).toContain("de l'établissement Collège Jean Moulin");
    expect(toPupil.text).toContain(`${PUBLIC_URL}/?iduser=${pupil.linkToken}`);
    expect(toPupil.html).toContain('<strong>bafo4821</strong>');
    expect(toPupil.html).toContain(`href="${PUBLIC_URL}/?iduser=${pupil.linkToken}"`);
    const toTeacher = messages.find((message) => message.to === teacher.email)!;
    expect(toTeacher.text).toContain('Identifiant : paul.durand');
    expect(toTeacher.text).toContain('Mot de passe : kevu7315');
    expect(toTeacher.text).not.toContain('bafo4821');
    expect(files[0]!.raw).toMatch(/^From: Console ENT <no-reply@console\.local>\r$/m);
  });

  it('writes one audit entry with the ids, template and counts, never a password', async () => {
    await mail('outbox', 'manager', [pupil.id, withoutEmail.id], contract.MAIL_TEMPLATES.access);
    const audits = await mailAudits();
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      entity: 'user',
      uai: pupil.uai,
      after: {
        templateId: 165,
        transport: 'outbox',
        sentUserIds: [pupil.id],
        skippedUserIds: [withoutEmail.id],
        sent: 1,
        skipped: 1,
        notSent: 0,
      },
    });
    expect(JSON.stringify(audits)).not.toContain('bafo4821');
  });

  it('says that a staff password cannot be sent, with the school administrator template', async () => {
    const response = await mail('outbox', 'admin', [schoolAdministrator.id], contract.MAIL_TEMPLATES.schoolAdministratorAccess);
    expect(response.json()).toEqual({ sent: 1, skipped: 0 });
    const [message] = readOutbox().map((file) => readMail(file.raw));
    expect(message!.subject).toBe("Vos accès administrateur d'établissement à la Console ENT");
    expect(message!.text).toContain('Bonjour Anne,');
    expect(message!.text).toContain(`Identifiant : ${schoolAdministrator.login}`);
    expect(message!.text.replace(/\s+/g, ' ')).toContain(HASHED_PASSWORD_NOTICE);
    expect(message!.text).not.toContain('Mot de passe :');
    expect(message!.text).not.toContain(schoolAdministrator.password);
    expect(message!.text).not.toContain(schoolAdministrator.linkToken);
    expect(message!.html).not.toContain(schoolAdministrator.linkToken);
    expect(message!.text).not.toContain('iduser');
  });
});

describe('POST /users/mails through SMTP', () => {
  it('hands each message to the SMTP server with its recipient and content', async () => {
    const response = await mail(
      'smtp',
      'manager',
      [pupil.id, teacher.id, withoutEmail.id],
      contract.MAIL_TEMPLATES.managerAccess,
    );
    expect(response.json()).toEqual({ sent: 2, skipped: 1 });
    expect(smtp.received.map((received) => received.to).sort()).toEqual([['lea.martin@example.fr'], ['paul.durand@example.fr']]);
    expect(smtp.received.every((received) => received.from === 'no-reply@console.local')).toBe(true);
    const toPupil = readMail(smtp.received.find((received) => received.to[0] === pupil.email)!.raw);
    expect(toPupil.subject).toBe('Vos accès gestionnaire à la Console ENT');
    expect(toPupil.text).toContain('Identifiant : lea.martin');
    expect(toPupil.text).toContain('Mot de passe : bafo4821');
    expect(readOutbox()).toEqual([]);
  });

  it('answers 503 when the SMTP server is down, reporting nothing as sent', async () => {
    const response = await mail('smtpDown', 'manager', [pupil.id, teacher.id]);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      code: 'service_unavailable',
      message: expect.stringContaining('0 of 2 messages were sent before the failure'),
      details: { sent: 0, notSent: 2 },
    });
    expect((await mailAudits())[0]!.after).toMatchObject({ transport: 'smtp', sent: 0, notSent: 2, sentUserIds: [] });
  });

  it('counts as sent only what the server took when it stops taking mail part way', async () => {
    smtp.refuseRecipients([teacher.email!]);
    const response = await mail('smtp', 'manager', [pupil.id, teacher.id]);
    expect(response.statusCode).toBe(503);
    expect(response.json().details).toEqual({ reason: 'mail_failed', params: { sent: 1, total: 2 }, sent: 1, notSent: 1 });
    expect(smtp.received.map((received) => received.to)).toEqual([['lea.martin@example.fr']]);
    expect((await mailAudits())[0]!.after).toMatchObject({ sentUserIds: [pupil.id], sent: 1, notSent: 1 });
  });
});
