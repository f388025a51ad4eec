import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { files } from '@console/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileStorage, UPLOAD_TICKET_TTL_MS } from '#adapters/storage/index.js';
import { createTestContext, injectAs, requestOf, type TestContext } from '#test/context.js';
import { buildSignedInUsers } from '#test/factories.js';
import { formOf, tinyPng } from '#test/uploads.js';

/**
 * Image uploads end to end on the embedded storage: the ticket (Config right), the post of the
 * file to the ticket's address as a browser sends it, and the file read back from its address.
 * The app is built over a data folder of its own, with the SPA beside it.
 */

let t: TestContext;
let cookies: Record<'admin' | 'manager', string>;
/** The app over HTTP too: some checks need what only a socket carries. */
let address: string;
const SECRET = 'a1'.repeat(32);

beforeAll(async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'console-files-'));
  // What a path traversal would be after: the generated key beside the files folder.
  writeFileSync(path.join(dataDir, 'secret.key'), `${SECRET}\n`);
  // The SPA served beside the files, as in production: its catch-all must not take /files/.
  const webDistDir = path.join(dataDir, 'web');
  mkdirSync(webDistDir);
  writeFileSync(path.join(webDistDir, 'index.html'), '<!doctype html><title>Console</title>');
  const built = await createTestContext({}, { dataDir, webDistDir });
  address = await built.app.listen({ port: 0, host: '127.0.0.1' });
  t = {
    ...built,
    close: async () => {
      await built.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  const signedIn = await buildSignedInUsers(t, {
    admin: { profile: 'Administrateur' },
    manager: { profile: 'Gestionnaire' },
  });
  cookies = signedIn.cookies;
});
afterAll(() => t.close());

const filesRoot = () => path.join(t.env.dataDir, 'files');
/** Every file under DATA_DIR/files, temporary ones included. */
const storedFiles = () => (existsSync(filesRoot()) ? readdirSync(filesRoot(), { recursive: true, encoding: 'utf8' }).sort() : []);
const fileOf = (fileUrl: string) => path.join(filesRoot(), fileUrl.replace(/^\/files\//, ''));

/**
 * A GET whose path is sent as written, dot segments and all. Browsers, fetch and app.inject
 * resolve `..` before anything is sent; an attacker's client does not.
 */
function rawGet(url: string): Promise<{ status: number; body: string }> {
  const { port } = new URL(address);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () =>
      socket.write(`GET ${url} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`),
    );
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('error', reject);
    socket.on('end', () => resolve({ status: Number(answer.split(' ')[1]), body: answer.slice(answer.indexOf('\r\n\r\n') + 4) }));
  });
}

type Ticket = files.UploadTicket;

async function askTicket(body: object, cookie = cookies.admin): Promise<LightMyRequestResponse> {
  return injectAs(t.app, cookie, { ...requestOf(files.createUpload), payload: body });
}

async function ticketFor(
  name = 'Logo École.png',
  type: files.ImageType = 'image/png',
  flag: files.UploadFlag = 'platform',
): Promise<Ticket> {
  const response = await askTicket({ name, type, flag });
  expect(response.statusCode).toBe(200);
  return files.uploadTicketSchema.parse(response.json());
}

async function post(
  ticket: Pick<Ticket, 'url' | 'fields'>,
  file: Buffer | undefined,
  options: { headers?: Record<string, string>; after?: Record<string, string> } = {},
) {
  const { payload, contentType } = await formOf(ticket.fields, file, options.after);
  return t.app.inject({ method: 'POST', url: ticket.url, payload, headers: { 'content-type': contentType, ...options.headers } });
}

function expectFieldError(response: LightMyRequestResponse, key: string) {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({ code: 'validation_failed', details: { fieldErrors: { file: [key] } } });
}

describe('POST /files/upload (the ticket)', () => {
  it('gives an Administrateur a signed ticket for a new key under the folder of its flag', async () => {
    const ticket = await ticketFor('Logo École.PNG');
    expect(ticket.url).toBe('/api/files/storage');
    expect(ticket.fileUrl).toMatch(/^\/files\/platforms\/[0-9a-f]{24}-logo-ecole\.png$/);
    expect(Object.keys(ticket.fields).sort()).toEqual(['Content-Type', 'key', 'policy', 'signature']);
    expect(ticket.fields).toMatchObject({ key: ticket.fileUrl.replace('/files/', ''), 'Content-Type': 'image/png' });
    expect((await ticketFor('Logo École.PNG')).fileUrl).not.toBe(ticket.fileUrl);
    expect((await ticketFor('photo.jpeg', 'image/jpeg', 'application')).fileUrl).toMatch(
      /^\/files\/applications\/[0-9a-f]{24}-photo\.jpg$/,
    );
    expect((await ticketFor('Logo Collège.png', 'image/png', 'logo')).fileUrl).toMatch(
      /^\/files\/logos\/[0-9a-f]{24}-logo-college\.png$/,
    );
  });

  it('answers 401 without a session and 403 without the Config right', async () => {
    const body = { name: 'logo.png', type: 'image/png', flag: 'platform' };
    expect((await t.app.inject({ ...requestOf(files.createUpload), payload: body })).statusCode).toBe(401);
    expect((await askTicket(body, cookies.manager)).statusCode).toBe(403);
  });

  it('refuses a type that is not an accepted image (SVG may carry scripts)', async () => {
    const response = await askTicket({ name: 'logo.svg', type: 'image/svg+xml', flag: 'platform' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'validation_failed',
      details: { fieldErrors: { type: [files.NOT_AN_IMAGE] } },
    });
    expect((await askTicket({ name: 'logo.png', type: 'image/png', flag: 'school' })).statusCode).toBe(400);
  });
});

describe('POST /files/storage (the embedded storage) and GET /files/<key>', () => {
  it('stores a posted PNG, answers 204, and serves the same bytes as a public image', async () => {
    const ticket = await ticketFor();
    const png = tinyPng();
    // A browser posting from the console's own page says so.
    const stored = await post(ticket, png, { headers: { 'sec-fetch-site': 'same-origin', origin: 'http://localhost' } });
    expect(stored.statusCode).toBe(204);
    expect(stored.body).toBe('');

    const read = await t.app.inject({ method: 'GET', url: ticket.fileUrl });
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('image/png');
    expect(read.headers['x-content-type-options']).toBe('nosniff');
    expect(read.headers['content-security-policy']).toBe("default-src 'none'");
    expect(read.headers['cache-control']).toBe('public, max-age=86400');
    expect(read.rawPayload.equals(png)).toBe(true);
    // No session needed, and no temporary file left behind.
    expect(storedFiles().filter((name) => name.includes('.part'))).toEqual([]);
  });

  it.each([
    ['image/jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0])],
    ['image/gif', Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1')],
    ['image/webp', Buffer.concat([Buffer.from('RIFF'), Buffer.from([4, 0, 0, 0]), Buffer.from('WEBPVP8 ')])],
  ] as const)('stores and serves %s under its own extension and Content-Type', async (type, bytes) => {
    const ticket = await ticketFor('Photo', type, 'application');
    expect((await post(ticket, bytes)).statusCode).toBe(204);
    const read = await t.app.inject({ method: 'GET', url: ticket.fileUrl });
    expect({ status: read.statusCode, type: read.headers['content-type'], same: read.rawPayload.equals(bytes) }).toEqual({
      status: 200,
      type,
      same: true,
    });
  });

  it('refuses a text file declared image/png, and a JPEG posted on a PNG ticket: 400 NOT_AN_IMAGE, nothing stored', async () => {
    const before = storedFiles();
    const ticket = await ticketFor('notes.png');
    expectFieldError(await post(ticket, Buffer.from('I am only text, whatever my name says.')), files.NOT_AN_IMAGE);
    expectFieldError(
      await post(ticket, Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46])),
      files.NOT_AN_IMAGE,
    );
    expectFieldError(await post(ticket, undefined), files.NOT_AN_IMAGE);
    expect(existsSync(fileOf(ticket.fileUrl))).toBe(false);
    expect(storedFiles()).toEqual(before);
  });

  it('refuses a file over MAX_IMAGE_BYTES: 400 IMAGE_TOO_LARGE, nothing stored', async () => {
    const before = storedFiles();
    const ticket = await ticketFor('huge.png');
    const huge = Buffer.concat([tinyPng(), Buffer.alloc(files.MAX_IMAGE_BYTES)]);
    expectFieldError(await post(ticket, huge), files.IMAGE_TOO_LARGE);
    expect(existsSync(fileOf(ticket.fileUrl))).toBe(false);
    expect(storedFiles()).toEqual(before);
  });

  it('refuses a ticket altered, incomplete or with other fields: 403, nothing stored', async () => {
    const before = storedFiles();
    const ticket = await ticketFor();
    const { signature: _signature, ...unsigned } = ticket.fields;
    for (const fields of [
      { ...ticket.fields, key: 'platforms/chosen-by-the-caller.png' },
      { ...ticket.fields, key: '../secret.key' },
      { ...ticket.fields, 'Content-Type': 'image/gif' },
      { ...ticket.fields, signature: ticket.fields.signature!.replace(/^./, (first) => (first === 'A' ? 'B' : 'A')) },
      unsigned,
      { ...ticket.fields, acl: 'public-read' },
    ]) {
      const response = await post({ url: ticket.url, fields }, tinyPng());
      expect({ fields, status: response.statusCode, code: response.json().code }).toEqual({
        fields,
        status: 403,
        code: 'forbidden',
      });
    }
    // Fields after the file are not read, as S3 does: the ticket is then incomplete.
    const { key, ...withoutKey } = ticket.fields;
    expect((await post({ url: ticket.url, fields: withoutKey }, tinyPng(), { after: { key: key! } })).statusCode).toBe(403);
    expect(existsSync(fileOf(ticket.fileUrl))).toBe(false);
    expect(existsSync(path.join(filesRoot(), 'platforms', 'chosen-by-the-caller.png'))).toBe(false);
    expect(storedFiles()).toEqual(before);
  });

  it('refuses an expired ticket and one signed with another key: 403', async () => {
    const past = createFileStorage(t.env, { now: () => Date.now() - UPLOAD_TICKET_TTL_MS - 1000 });
    const expired = await past.createUpload({
      key: 'platforms/0000-expired.png',
      contentType: 'image/png',
      maxBytes: files.MAX_IMAGE_BYTES,
    });
    const expiredAnswer = await post(expired, tinyPng());
    expect(expiredAnswer.statusCode).toBe(403);
    expect(expiredAnswer.json()).toMatchObject({ code: 'forbidden', message: 'The ticket has expired' });

    const foreign = createFileStorage({ ...t.env, encryptionKey: Buffer.alloc(32, 9) });
    const forged = await foreign.createUpload({
      key: 'platforms/0000-forged.png',
      contentType: 'image/png',
      maxBytes: files.MAX_IMAGE_BYTES,
    });
    expect((await post(forged, tinyPng())).statusCode).toBe(403);
    expect(existsSync(path.join(filesRoot(), 'platforms', '0000-expired.png'))).toBe(false);
    expect(existsSync(path.join(filesRoot(), 'platforms', '0000-forged.png'))).toBe(false);
  });

  it('refuses a post from a page of another site, and a body that is not multipart', async () => {
    const ticket = await ticketFor();
    const crossSite = await post(ticket, tinyPng(), { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json().code).toBe('cross_site_request');
    const json = await t.app.inject({ method: 'POST', url: ticket.url, payload: ticket.fields });
    expect(json.statusCode).toBe(415);
    expect(existsSync(fileOf(ticket.fileUrl))).toBe(false);
  });

  it('answers 400, never 500, to a multipart body it cannot read, and stores nothing', async () => {
    const before = storedFiles();
    const ticket = await ticketFor();
    const { payload, contentType } = await formOf(ticket.fields, Buffer.concat([tinyPng(), Buffer.alloc(5000)]));
    for (const [name, body, type] of [
      ['cut in the fields', payload.subarray(0, 100), contentType],
      ['cut in the file (a valid ticket)', payload.subarray(0, payload.length - 3000), contentType],
      ['without its closing boundary', payload.subarray(0, payload.length - 10), contentType],
      ['not multipart inside', Buffer.from('hello'), contentType],
      ['without a boundary', payload, 'multipart/form-data'],
    ] as const) {
      const response = await t.app.inject({ method: 'POST', url: ticket.url, payload: body, headers: { 'content-type': type } });
      expect({ name, status: response.statusCode }).toEqual({ name, status: 400 });
    }
    expect(storedFiles()).toEqual(before);
  });

  it('over HTTP, as a browser posts it: stores an image, and answers a refusal at once, closing the connection the rest of the file would use', async () => {
    const send = async (fields: Record<string, string>, file: Buffer) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      form.append('file', new Blob([file], { type: 'image/png' }), 'logo.png');
      return fetch(new URL(ticket.url, address), { method: 'POST', body: form, signal: AbortSignal.timeout(5000) });
    };
    const ticket = await ticketFor();
    const stored = await send(ticket.fields, tinyPng());
    expect(stored.status).toBe(204);
    const read = await fetch(new URL(ticket.fileUrl, address));
    expect(Buffer.from(await read.arrayBuffer()).equals(tinyPng())).toBe(true);

    const large = Buffer.concat([tinyPng(), Buffer.alloc(1_500_000)]);
    const forged = await send({ ...ticket.fields, key: 'platforms/other.png' }, large);
    expect(forged.status).toBe(403);
    expect(forged.headers.get('connection')).toBe('close');
    const tooLarge = await send((await ticketFor()).fields, Buffer.concat([large, large]));
    expect(tooLarge.status).toBe(400);
    expect(await tooLarge.json()).toMatchObject({
      code: 'validation_failed',
      details: { fieldErrors: { file: [files.IMAGE_TOO_LARGE] } },
    });
    expect(existsSync(path.join(filesRoot(), 'platforms', 'other.png'))).toBe(false);
  });

  it.each([
    '/files/../secret.key',
    '/files/%2e%2e/secret.key',
    '/files/..%2fsecret.key',
    '/files/platforms/../../secret.key',
    '/files/platforms/%2e%2e/%2e%2e/secret.key',
    '/files/platforms/..',
    '/files//etc/passwd',
    '/files/platforms',
    '/files/platforms/',
    '/files/platforms/missing.png',
    '/files/platforms/.hidden.png',
  ])('answers 404 for %s sent as written: no traversal, no listing, nothing but stored images', async (url) => {
    const response = await rawGet(url);
    expect({ url, status: response.status }).toEqual({ url, status: 404 });
    expect(response.body).not.toContain(SECRET);
    expect(response.body).not.toContain('<title>Console</title>');
  });

  it('lists nothing at /files/: it is an address of the SPA, as any other outside /files/<key>', async () => {
    const ticket = await ticketFor();
    expect((await post(ticket, tinyPng())).statusCode).toBe(204);
    const listing = await rawGet('/files/');
    expect(listing.body).toContain('<title>Console</title>');
    expect(listing.body).not.toContain('platforms');
    // A client that resolves `..` itself asks for /secret.key: the SPA's page, not the key.
    const resolved = await t.app.inject({ method: 'GET', url: '/files/../secret.key' });
    expect(resolved.body).not.toContain(SECRET);
  });

  it('serves nothing but images, even a file put in the folder by other means', async () => {
    const ticket = await ticketFor();
    expect((await post(ticket, tinyPng())).statusCode).toBe(204);
    writeFileSync(path.join(filesRoot(), 'platforms', 'page.html'), '<script>alert(1)</script>');
    expect((await t.app.inject({ method: 'GET', url: '/files/platforms/page.html' })).statusCode).toBe(404);
  });
});
