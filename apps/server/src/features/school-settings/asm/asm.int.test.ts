import { readFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { schoolSettings as contract } from '@console/contract';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { asmPushes, auditLog, schools, teachingAssignments } from '#platform/db/schema/index.js';
import { createTestContext, injectAs, requestOf, type TestContext } from '#test/context.js';
import { buildSchool, buildSignedInUsers, buildUser } from '#test/factories.js';
import { startTestFtpServer, type TestFtpServer } from '#test/fakes/ftp-server.js';
import { startTestSftpServer, type TestSftpServer } from '#test/fakes/sftp-server.js';
import { ASM_ARCHIVES_KEPT, recordAsmPush } from './asm.repository.js';
import { asmFiles, formOf, zipOf } from './asm.test-support.js';
import { readZip } from '#features/exports/rosters/roster-archives.test-support.js';

// The ASM tab against real servers on this machine: an SSH server speaking SFTP (ssh2's) and an
// FTP server (ftp-srv), both on 127.0.0.1, which the configuration allows as an operator would.

const USER = 'asm-moulin';
const PASSWORD = 'S3cret-sftp!';
let t: TestContext;
let sftp: TestSftpServer;
let ftp: TestFtpServer;
let home: string;
let foreign: string;
let cookies: Record<'admin' | 'manager' | 'direction' | 'pupil', string>;
let validZip: Buffer;

beforeAll(async () => {
  [sftp, ftp] = await Promise.all([
    startTestSftpServer({ user: USER, password: PASSWORD }),
    startTestFtpServer({ user: USER, password: PASSWORD }),
  ]);
  t = await createTestContext({ SFTP_ALLOWED_ADDRESSES: '127.0.0.1', SFTP_TIMEOUT_MS: '10000' });
  home = (await buildSchool(t.db, { name: 'Collège Jean Moulin' })).uai;
  foreign = (await buildSchool(t.db, { name: 'Collège Pasteur' })).uai;
  ({ cookies } = await buildSignedInUsers(t, {
    admin: { profile: 'Administrateur' },
    manager: { profile: 'Gestionnaire', managedSchools: [home] },
    direction: { profile: 'Administrateur établissement', uai: home },
    pupil: { profile: 'Eleve', uai: home },
  }));
  validZip = await zipOf(asmFiles());
}, 60_000);
afterAll(async () => {
  await t?.close();
  await Promise.all([sftp?.close(), ftp?.close()]);
});

type Who = keyof typeof cookies;
const send = (who: Who, request: InjectOptions) => injectAs(t.app, cookies[who], request);
const saveServer = (who: Who, uai: string, asmInformations: contract.AsmInformationsUpdate) =>
  send(who, { ...requestOf(contract.updateSchoolParams, { uai }), payload: { deployment: { asmInformations } } });
const sftpServer = () => ({ sftpUrl: '127.0.0.1', sftpUser: USER, sftpPort: sftp.port, isSftp: true });
const ping = (who: Who, body: object) => send(who, { ...requestOf(contract.testServerConnection), payload: body });
const push = async (who: Who, uai: string, file: { name: string; bytes: Buffer; type?: string } | null) => {
  const form = await formOf(
    { uai },
    file && { field: contract.ASM_ZIP_FIELD, name: file.name, type: file.type ?? contract.ASM_ZIP_TYPE, bytes: file.bytes },
  );
  return send(who, { ...requestOf(contract.pushAsmArchive), ...form });
};
const asmOf = async (uai: string) =>
  contract.schoolParamsSchema.parse((await send('admin', requestOf(contract.getSchoolParams, { uai }))).json()).deployment
    .asmInformations;
const storedAsm = async (uai: string) =>
  (
    (await t.db.select().from(schools).where(eq(schools.uai, uai)))[0]!.deployment as {
      asmInformations?: Record<string, unknown>;
    }
  ).asmInformations ?? {};
const receivedBytes = (root: string, name: string) => readFile(path.join(root, t.env.ASM_UPLOAD_DIRECTORY, name));

/** A local port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('saving the ASM tab', () => {
  it('keeps the fields, seals the password and never answers nor audits it in clear', async () => {
    const response = await saveServer('manager', home, { locationId: 'LYON-MOULIN', ...sftpServer(), sftpPassword: PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain(PASSWORD);
    const saved = contract.schoolParamsSchema.parse(response.json());
    expect(saved.deployment.asmInformations).toEqual({
      locationId: 'LYON-MOULIN',
      ...sftpServer(),
      hostKey: null,
      history: [],
    });
    expect(saved.secrets.sftpPassword).toBe(true);
    const stored = await storedAsm(home);
    expect(stored.sftpPassword).toMatch(/^v1:/);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, home), eq(auditLog.action, 'update_params')));
    expect(JSON.stringify(audit)).not.toContain(PASSWORD);
    expect(audit.at(-1)!.after).toMatchObject({
      deployment: { asmInformations: { locationId: 'LYON-MOULIN', sftpUrl: '127.0.0.1' } },
      secretsChanged: ['sftpPassword'],
    });
  });

  it('refuses an address with a port or another scheme, by field, and writes nothing', async () => {
    const before = await storedAsm(home);
    const response = await saveServer('manager', home, { sftpUrl: 'http://example.fr', sftpPort: 0 });
    expect(response.statusCode).toBe(400);
    expect(response.json().details.fieldErrors).toEqual({
      'deployment.asmInformations.sftpUrl': [contract.INVALID_SERVER_URL],
      'deployment.asmInformations.sftpPort': [contract.INVALID_PORT],
    });
    expect(await storedAsm(home)).toEqual(before);
  });
});

describe('testing the saved server', () => {
  it('answers online with the stored password, and pins the SFTP key seen first', async () => {
    const response = await ping('manager', { uai: home, ...sftpServer() });
    expect(response.json()).toEqual({ status: 'online', secure: true, hostKey: sftp.hostKey });
    expect((await asmOf(home)).hostKey).toBe(sftp.hostKey);
  });

  it('answers invalid_credentials for a wrong password typed, and offline where nothing listens', async () => {
    expect((await ping('manager', { uai: home, ...sftpServer(), sftpPassword: 'wrong' })).json()).toMatchObject({
      status: 'invalid_credentials',
    });
    const port = await closedPort();
    expect((await ping('manager', { uai: home, ...sftpServer(), sftpPort: port, sftpPassword: PASSWORD })).json()).toEqual({
      status: 'offline',
      secure: null,
      hostKey: null,
    });
  });

  it('never sends the stored password to another server: one must be typed', async () => {
    const response = await ping('manager', { uai: home, ...sftpServer(), sftpUrl: 'sftp.example.fr' });
    expect(response.statusCode).toBe(400);
    expect(response.json().details.fieldErrors).toEqual({ sftpPassword: [contract.PASSWORD_FOR_NEW_SERVER] });
  });

  it('refuses a server whose key changed since it was pinned, before sending the password', async () => {
    const stored = await storedAsm(home);
    await t.db
      .update(schools)
      .set({ deployment: { asmInformations: { ...stored, hostKey: 'SHA256:AnotherKeyAltogether' } } })
      .where(eq(schools.uai, home));
    const attempts = sftp.passwordAttempts().length;
    expect((await ping('manager', { uai: home, ...sftpServer() })).json()).toMatchObject({ status: 'host_key_changed' });
    const pushed = await push('manager', home, { name: 'asm.zip', bytes: validZip });
    expect(pushed.statusCode).toBe(503);
    expect(pushed.json().details.reason).toBe('sftp_host_key_changed');
    expect(sftp.passwordAttempts().length).toBe(attempts);
    // Saving the server's address again forgets the key; the next connection pins the one it sees.
    await saveServer('manager', home, { sftpUrl: 'sftp://127.0.0.1' });
    expect((await asmOf(home)).hostKey).toBeNull();
    await saveServer('manager', home, { sftpUrl: '127.0.0.1' });
    expect((await ping('manager', { uai: home, ...sftpServer() })).json()).toMatchObject({ status: 'online' });
    expect((await asmOf(home)).hostKey).toBe(sftp.hostKey);
  });
});

describe('pushing a zip', () => {
  it('sends it byte for byte to the upload folder, keeps it in the history and gives it back', async () => {
    const response = await push('manager', home, { name: 'Rentrée 2026 (ASM).zip', bytes: validZip });
    expect(response.statusCode).toBe(200);
    const answer = contract.asmPushAnswerSchema.parse(response.json());
    expect(answer.filename).toBe('Rentr_e_2026__ASM_.zip');
    expect(await receivedBytes(sftp.root, answer.filename)).toEqual(validZip);
    expect(answer.history[0]).toMatchObject({ filename: answer.filename, kept: true });
    expect((await asmOf(home)).history[0]).toEqual(answer.history[0]);

    const url = await send('direction', {
      ...requestOf(contract.asmArchiveUrl),
      payload: { uai: home, id: answer.history[0]!.id },
    });
    expect(url.statusCode).toBe(403);
    const located = await send('manager', {
      ...requestOf(contract.asmArchiveUrl),
      payload: { uai: home, id: answer.history[0]!.id },
    });
    const downloaded = await send('manager', { method: 'GET', url: located.json().url });
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.headers['content-type']).toContain('application/zip');
    expect(downloaded.rawPayload).toEqual(validZip);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, home), eq(auditLog.action, 'asm_push')));
    expect(audit.at(-1)!.after).toMatchObject({ filename: answer.filename, size: validZip.length, secure: true });
  });

  it('refuses, before anything leaves, a zip the ASM validator fails, bytes that are no zip, and no file', async () => {
    const historyBefore = (await asmOf(home)).history.length;
    const invalid = await push('manager', home, {
      name: 'incomplete.zip',
      bytes: await zipOf(asmFiles({ leaveOut: 'rosters.csv' })),
    });
    expect(invalid.statusCode).toBe(409);
    expect(invalid.json().details).toMatchObject({
      reason: 'export_archive_invalid',
      params: { problem: expect.stringContaining('rosters.csv') },
    });
    const notZip = await push('manager', home, { name: 'fake.zip', bytes: Buffer.from('students;not a zip') });
    expect(notZip.statusCode).toBe(400);
    expect(notZip.json().details.reason).toBe('asm_zip_invalid');
    const none = await push('manager', home, null);
    expect(none.statusCode).toBe(400);
    expect(none.json().details.fieldErrors).toEqual({ zip: [contract.NO_FILE_CHOSEN] });
    await expect(receivedBytes(sftp.root, 'incomplete.zip')).rejects.toThrow();
    expect((await asmOf(home)).history).toHaveLength(historyBefore);
  });

  it('keeps the archives of the latest pushes only; older ones stay listed, no longer downloadable', async () => {
    const [oldest] = (await asmOf(home)).history.slice(-1);
    for (let index = 0; index < ASM_ARCHIVES_KEPT; index += 1)
      await recordAsmPush(t.db, { uai: home, filename: `later-${index}.zip`, pushedById: null, bytes: validZip, sha256: 'x' });
    const history = (await asmOf(home)).history;
    expect(history.find((entry) => entry.id === oldest!.id)).toMatchObject({ kept: false });
    expect(history.filter((entry) => entry.kept)).toHaveLength(ASM_ARCHIVES_KEPT);
    const located = await send('manager', { ...requestOf(contract.asmArchiveUrl), payload: { uai: home, id: oldest!.id } });
    expect(located.statusCode).toBe(404);
    expect(await t.db.select({ id: asmPushes.id }).from(asmPushes).where(eq(asmPushes.uai, home))).toHaveLength(history.length);
  });
});

describe("'Générer et envoyer'", () => {
  const generate = (who: Who, uai: string) => send(who, { ...requestOf(contract.generateAndPushAsmArchive), payload: { uai } });
  const reportAs = (who: Who, uai: string) =>
    send(who, { method: 'GET', url: `${requestOf(contract.getAsmGeneration).url}?uai=${uai}` });
  const reportOf = async (uai: string) => contract.generationReportSchema.nullable().parse((await reportAs('admin', uai)).json());

  it("builds the school's archive of every pupil and teacher, sends it, and says so step by step", async () => {
    const key = t.env.encryptionKey;
    await buildUser(t.db, key, {
      profile: 'Eleve',
      uai: home,
      lastname: 'Dupré',
      firstname: 'Zoé',
      className: '6e A',
      level: '6e',
    });
    await buildUser(t.db, key, {
      profile: 'Eleve',
      uai: home,
      lastname: 'Martin',
      firstname: 'Léa',
      className: '6e A',
      level: '6e',
    });
    const teacher = await buildUser(t.db, key, { profile: 'Enseignant', uai: home, lastname: 'Prof', firstname: 'Ada' });
    await t.db.insert(teachingAssignments).values({ userId: teacher.id, className: '6e A', discipline: 'Mathématiques' });
    const started = await generate('manager', home);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ phase: 'building', filename: null });
    await vi.waitFor(async () => expect((await reportOf(home))?.phase).toMatch(/done|failed/), {
      timeout: 30_000,
      interval: 100,
    });
    const report = (await reportOf(home))!;
    // The signed-in pupil of the school too.
    expect(report).toMatchObject({ phase: 'done', pupils: 3, teachers: 1, reason: null });
    expect(report.filename).toMatch(new RegExp(`^asm_${home}_\\d{8}-\\d{6}\\.zip$`));
    const students = (await readZip(await receivedBytes(sftp.root, report.filename!)))['students.csv']!;
    expect(students).toContain('Zoé');
    expect(students).toContain('Léa');
    expect((await asmOf(home)).history[0]).toMatchObject({ filename: report.filename, kept: true });
  });

  it('answers at once what stops it before it starts; a failure later is the report’s', async () => {
    // The ASM export's right is needed too, as for the export itself.
    expect((await generate('direction', home)).statusCode).toBe(403);
    expect((await generate('manager', foreign)).statusCode).toBe(404);
    const none = await buildSchool(t.db, { name: 'Collège Sans Serveur' });
    const missing = await generate('admin', none.uai);
    expect(missing.statusCode).toBe(409);
    expect(missing.json().details.reason).toBe('asm_server_missing');
    // A saved server but no location id: the archive cannot be built.
    await saveServer('admin', none.uai, { ...sftpServer(), sftpPassword: PASSWORD });
    expect((await generate('admin', none.uai)).statusCode).toBe(200);
    await vi.waitFor(
      async () => expect(await reportOf(none.uai)).toMatchObject({ phase: 'failed', reason: 'export_location_missing' }),
      { timeout: 30_000, interval: 100 },
    );
    expect((await reportAs('manager', none.uai)).statusCode).toBe(404);
  });
});

describe('FTP', () => {
  it('says the password went in clear on a server without TLS, and sends the zip there', async () => {
    await saveServer('admin', foreign, {
      locationId: 'PASTEUR',
      sftpUrl: 'ftp://127.0.0.1',
      sftpUser: USER,
      sftpPassword: PASSWORD,
      sftpPort: ftp.port,
      isSftp: false,
    });
    const answer = (
      await ping('admin', { uai: foreign, sftpUrl: 'ftp://127.0.0.1', sftpUser: USER, sftpPort: ftp.port, isSftp: false })
    ).json();
    expect(answer).toEqual({ status: 'online', secure: false, hostKey: null });
    const pushed = await push('admin', foreign, { name: 'asm.zip', bytes: validZip });
    expect(pushed.statusCode).toBe(200);
    expect(await receivedBytes(ftp.root, 'asm.zip')).toEqual(validZip);
    expect((await asmOf(foreign)).hostKey).toBeNull();
  });
});

describe('rights and reach', () => {
  it('keeps every call to those with adminTabs who reach the school', async () => {
    const server = { uai: home, ...sftpServer() };
    expect((await ping('direction', server)).statusCode).toBe(403);
    expect((await ping('pupil', server)).statusCode).toBe(403);
    expect((await push('direction', home, { name: 'asm.zip', bytes: validZip })).statusCode).toBe(403);
    // The manager does not reach the other school: as unknown.
    expect((await ping('manager', { ...server, uai: foreign })).statusCode).toBe(404);
    expect((await push('manager', foreign, { name: 'asm.zip', bytes: validZip })).statusCode).toBe(404);
    const [entry] = (await asmOf(foreign)).history;
    const located = await send('manager', { ...requestOf(contract.asmArchiveUrl), payload: { uai: foreign, id: entry!.id } });
    expect(located.statusCode).toBe(404);
    const direct = await send('manager', requestOf(contract.downloadAsmArchive, { uai: foreign, id: entry!.id }));
    expect(direct.statusCode).toBe(404);
    // Another school's archive by its id under the caller's own school: unknown there.
    const crossed = await send('manager', requestOf(contract.downloadAsmArchive, { uai: home, id: entry!.id }));
    expect(crossed.statusCode).toBe(404);
  });
});
