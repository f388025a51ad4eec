import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { auth, IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER, users } from '@console/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, createTestEnv, injectAs, requestOf, signInEach } from '#test/context.js';
import { cutNow, type DatabaseCut } from '#test/database-cut.js';
import { buildSchool, buildUser, type BuiltUser } from '#test/factories.js';
import { startTestSmtpServer, type TestSmtpServer } from '#test/fakes/smtp.js';
import { waitUntil } from '#test/wait.js';
import { buildMessagingApp } from '#test/messaging-factories.js';
import type { DatabaseHandle } from '#platform/db/client.js';
import { auditLog } from '#platform/db/schema/index.js';

/**
 * Issue 11 §3: an action that sends something outside is not repeated by a repeat of the same
 * request. The browser names each action with an Idempotency-Key; a request with a key already
 * seen is answered from the first and sends nothing again.
 */
let handle: DatabaseHandle;
let dataDir: string;
let smtp: TestSmtpServer;
let outbox: FastifyInstance;
let viaSmtp: FastifyInstance;
let cookies: Record<'admin' | 'manager', string>;
let pupil: BuiltUser;
let teacher: BuiltUser;
let outsider: BuiltUser;
let cut: DatabaseCut | undefined;
let cutOnNextMail = false;

beforeAll(async () => {
  handle = await createTestDatabase();
  const key = createTestEnv().encryptionKey;
  const home = await buildSchool(handle.db);
  const elsewhere = await buildSchool(handle.db);
  const admin = await buildUser(handle.db, key, { profile: 'Administrateur' });
  const manager = await buildUser(handle.db, key, { profile: 'Gestionnaire', managedSchools: [home.uai] });
  pupil = await buildUser(handle.db, key, { profile: 'Eleve', uai: home.uai, email: 'lea@example.fr' });
  teacher = await buildUser(handle.db, key, { profile: 'Enseignant', uai: home.uai, email: 'paul@example.fr' });
  outsider = await buildUser(handle.db, key, { profile: 'Eleve', uai: elsewhere.uai, email: 'ailleurs@example.fr' });
  dataDir = mkdtempSync(path.join(tmpdir(), 'mail-repeats-'));
  // The database goes away as the message is accepted: the mail has left, its audit entry cannot be written.
  smtp = await startTestSmtpServer({
    onMessage: () => {
      if (cutOnNextMail) cut = cutNow(handle.db);
      cutOnNextMail = false;
    },
  });
  outbox = await buildMessagingApp(handle, {}, dataDir);
  viaSmtp = await buildMessagingApp(handle, { SMTP_URL: smtp.url });
  cookies = await signInEach(outbox, { admin, manager });
});
afterEach(() => cut?.restore());
afterAll(async () => {
  for (const app of [outbox, viaSmtp]) await app?.close();
  await smtp?.close();
  await handle?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const outboxFiles = () => (existsSync(path.join(dataDir, 'outbox')) ? readdirSync(path.join(dataDir, 'outbox')).length : 0);

function mail(app: FastifyInstance, cookie: string, key: string | undefined, recipients: BuiltUser[], templateId = 165) {
  return injectAs(app, cookie, {
    ...requestOf(users.mailUsers),
    headers: key ? { [IDEMPOTENCY_KEY_HEADER]: key } : {},
    payload: { users: recipients.map((user) => ({ idUser: user.id })), templateId },
  });
}

async function mailAudits(): Promise<number> {
  return (await handle.db.select().from(auditLog).where(eq(auditLog.action, 'mail'))).length;
}

describe('POST /users/mails repeated with the same Idempotency-Key', () => {
  it('sends once: the repeat is answered from the first, marked as replayed, and audited once', async () => {
    const before = outboxFiles();
    const audits = await mailAudits();
    const first = await mail(outbox, cookies.admin, 'action-0001', [pupil, teacher]);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ sent: 2, skipped: 0 });
    expect(outboxFiles()).toBe(before + 2);

    const repeat = await mail(outbox, cookies.admin, 'action-0001', [pupil, teacher]);
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json()).toEqual({ sent: 2, skipped: 0 });
    expect(repeat.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBe('true');
    expect(outboxFiles()).toBe(before + 2);
    expect(await mailAudits()).toBe(audits + 1);
  });

  it('refuses the same key for another request (422), sending nothing', async () => {
    const before = outboxFiles();
    await mail(outbox, cookies.admin, 'action-0002', [pupil]);
    const other = await mail(outbox, cookies.admin, 'action-0002', [pupil], 198);
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('idempotency_key_reused');
    expect(outboxFiles()).toBe(before + 1);
  });

  it("keeps each user's keys apart", async () => {
    const before = outboxFiles();
    expect((await mail(outbox, cookies.admin, 'action-shared', [pupil])).statusCode).toBe(200);
    const byManager = await mail(outbox, cookies.manager, 'action-shared', [pupil]);
    expect(byManager.statusCode).toBe(200);
    expect(byManager.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBeUndefined();
    expect(outboxFiles()).toBe(before + 2);
  });

  it('forgets the key of a refused request (nothing sent), so that the action can be made again', async () => {
    const before = outboxFiles();
    expect((await mail(outbox, cookies.manager, 'action-0003', [outsider])).statusCode).toBe(404);
    expect((await mail(outbox, cookies.manager, 'action-0003', [outsider])).statusCode).toBe(404);
    expect(outboxFiles()).toBe(before);
  });

  it('refuses to send again when the first ended without knowing what it sent (the database lost after the mail left)', async () => {
    const audits = (await handle.db.select().from(auditLog)).length;
    const sentBefore = smtp.received.length;
    cutOnNextMail = true;
    const first = await mail(viaSmtp, cookies.admin, 'action-0004', [pupil]);
    expect(first.statusCode).toBe(503);
    expect(first.json().code).toBe('database_unavailable');
    cut!.restore();
    expect(smtp.received.length).toBe(sentBefore + 1);
    // The instance refuses requests until its probe finds the database again, as a client's retry would meet.
    await waitUntil(
      'the database back',
      async () => (await injectAs(viaSmtp, cookies.admin, requestOf(auth.me))).statusCode === 200,
    );

    const repeat = await mail(viaSmtp, cookies.admin, 'action-0004', [pupil]);
    expect(repeat.statusCode).toBe(409);
    expect(repeat.json()).toMatchObject({ code: 'conflict', details: { reason: 'request_already_received' } });
    expect(smtp.received.length).toBe(sentBefore + 1);
    expect((await handle.db.select().from(auditLog)).length).toBe(audits);
  });

  it('without a key, each request runs (API clients that do not retry)', async () => {
    const before = outboxFiles();
    await mail(outbox, cookies.admin, undefined, [pupil]);
    await mail(outbox, cookies.admin, undefined, [pupil]);
    expect(outboxFiles()).toBe(before + 2);
  });

  it('refuses a malformed key', async () => {
    const response = await mail(outbox, cookies.admin, 'court', [pupil]);
    expect(response.statusCode).toBe(400);
  });
});
