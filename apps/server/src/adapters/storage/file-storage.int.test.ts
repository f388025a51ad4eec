import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/context.js';
import { startTestS3Server } from '#test/fakes/s3-server.js';
import { tinyPng } from '#test/uploads.js';
import { contentDispositionOf } from './content-disposition.js';
import { NoSuchObjectError, UPLOAD_MAX_BYTES, UPLOAD_TICKET_TTL_MS } from './file-storage.js';
import { createFileStorage, type ConfiguredFileStorage } from './index.js';

/**
 * One suite, both stores: the embedded one (DATA_DIR/files, its receiving end and `/files/`
 * served by the app) and S3 (the fake of test/fakes/s3-server.ts, which checks POST policies as
 * AWS does). Each case works as a browser would: it posts the ticket's fields, then `file`, as
 * multipart/form-data over HTTP to the ticket's `url`, and reads addresses with fetch. The app
 * is built over each store's configuration; a storage made beside it with the same
 * configuration (and another clock, or another key) signs what the cases need.
 */

type Store = {
  t: TestContext;
  /** The app's origin over HTTP. */
  origin: string;
  /** The storage of the app's configuration; `now` sets its clock. */
  storageAt: (now?: () => number) => ConfiguredFileStorage;
  /** A storage of the same store whose signatures the store does not accept: another key or secret. */
  foreign: () => ConfiguredFileStorage;
  close: () => Promise<void>;
};

async function startLocal(): Promise<Store> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'console-storage-'));
  const t = await createTestContext({}, { dataDir });
  const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    t,
    origin,
    storageAt: (now) => createFileStorage(t.env, now ? { now } : {}),
    foreign: () => createFileStorage({ ...t.env, encryptionKey: Buffer.alloc(32, 9) }),
    close: async () => {
      await t.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function startS3(): Promise<Store> {
  const fake = await startTestS3Server();
  const t = await createTestContext(fake.env);
  const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    t,
    origin,
    storageAt: (now) => createFileStorage(t.env, now ? { now } : {}),
    foreign: () => createFileStorage({ ...t.env, S3_SECRET_ACCESS_KEY: 'another-secret' }),
    close: async () => {
      await t.close();
      await fake.close();
    },
  };
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
const newKey = (folder: string, name: string) => `${folder}/${randomBytes(12).toString('hex')}-${name}`;
const HOUR_MS = 60 * 60 * 1000;
/** A document far past an image's size, as issue 36's (random: nothing compresses or repeats it). */
const LARGE_DOCUMENT = randomBytes(12_000_000);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The SHA-256 of a stored object, read back as a stream. */
async function storedHash(storage: ConfiguredFileStorage, key: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of await storage.openRead(key)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

describe.each([
  { kind: 'local', start: startLocal },
  { kind: 's3', start: startS3 },
] as const)('the $kind storage', ({ kind, start }) => {
  let store: Store;
  let storage: ConfiguredFileStorage;
  beforeAll(async () => {
    store = await start();
    storage = store.storageAt();
  });
  afterAll(() => store.close());

  const addressOf = (url: string) => new URL(url, store.origin);

  /** Posts as a browser does: the fields in order, then `file`. */
  async function post(url: string, fields: Record<string, string>, file: Buffer): Promise<Response> {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', new Blob([file], { type: 'application/octet-stream' }), 'upload.bin');
    return fetch(addressOf(url), { method: 'POST', body: form, signal: AbortSignal.timeout(10_000) });
  }

  /** A stored object: a ticket of `storage`, then the post of `bytes`. */
  async function upload(key: string, contentType: string, bytes: Buffer): Promise<void> {
    const ticket = await storage.createUpload({ key, contentType, maxBytes: 10_000 });
    const answer = await post(ticket.url, ticket.fields, bytes);
    expect(answer.status, await answer.clone().text()).toBe(204);
  }

  it(`is the ${kind} implementation`, () => expect(storage.kind).toBe(kind));

  it('stores a file posted with its ticket; readHead, statObject and readImageType see it', async () => {
    const key = newKey('logos', 'logo.png');
    const ticket = await storage.createUpload({ key, contentType: 'image/png', maxBytes: 10_000 });
    expect(ticket.fileUrl).toBe(`/files/${key}`);
    expect(storage.keyOfFileUrl(ticket.fileUrl)).toBe(key);
    expect(await storage.statObject(key)).toBeUndefined();

    const answer = await post(ticket.url, ticket.fields, tinyPng());
    expect(answer.status, await answer.clone().text()).toBe(204);
    expect(await storage.statObject(key)).toEqual({ size: tinyPng().length });
    expect(await storage.readHead(key, 8)).toEqual(tinyPng().subarray(0, 8));
    expect(await storage.readHead(key, 100_000)).toEqual(tinyPng());
    expect(await storage.readImageType(key)).toBe('image/png');
  });

  it('stores any other type as it came: a document is checked by whoever registers it', async () => {
    const key = newKey('documents', 'notes.pdf');
    await upload(key, 'application/pdf', PDF);
    expect(await storage.readHead(key, 5)).toEqual(Buffer.from('%PDF-'));
    expect(await storage.readImageType(key)).toBeUndefined();
  });

  it('knows nothing under a missing key, nor under one that is not a key', async () => {
    for (const key of [newKey('logos', 'missing.png'), '../secret.key', 'logos', 'logos/'])
      expect({ key, head: await storage.readHead(key, 8), stat: await storage.statObject(key) }).toEqual({
        key,
        head: undefined,
        stat: undefined,
      });
  });

  it('refuses an expired ticket: 403, nothing stored', async () => {
    const key = newKey('logos', 'expired.png');
    const past = store.storageAt(() => Date.now() - UPLOAD_TICKET_TTL_MS - 60_000);
    const ticket = await past.createUpload({ key, contentType: 'image/png', maxBytes: 10_000 });
    expect((await post(ticket.url, ticket.fields, tinyPng())).status).toBe(403);
    expect(await storage.statObject(key)).toBeUndefined();
  });

  it('refuses a file larger than its ticket allows: 400, nothing stored', async () => {
    const key = newKey('documents', 'large.pdf');
    const ticket = await storage.createUpload({ key, contentType: 'application/pdf', maxBytes: PDF.length - 1 });
    expect((await post(ticket.url, ticket.fields, PDF)).status).toBe(400);
    expect(await storage.statObject(key)).toBeUndefined();
  });

  it('stores a 12 MB document under a 15 MB ticket byte for byte', async () => {
    const key = newKey('documents', 'large.pdf');
    const ticket = await storage.createUpload({ key, contentType: 'application/pdf', maxBytes: 15_000_000 });
    const answer = await post(ticket.url, ticket.fields, LARGE_DOCUMENT);
    expect(answer.status, await answer.clone().text()).toBe(204);
    expect(await storage.statObject(key)).toEqual({ size: LARGE_DOCUMENT.length });
    expect(await storedHash(storage, key)).toBe(sha256(LARGE_DOCUMENT));
  });

  it('refuses the same document under a 10 MB ticket: 400, nothing stored', async () => {
    const key = newKey('documents', 'too-large.pdf');
    const ticket = await storage.createUpload({ key, contentType: 'application/pdf', maxBytes: 10_000_000 });
    expect((await post(ticket.url, ticket.fields, LARGE_DOCUMENT)).status).toBe(400);
    expect(await storage.statObject(key)).toBeUndefined();
  });

  it('refuses an empty file: 400, nothing stored', async () => {
    const key = newKey('documents', 'empty.pdf');
    const ticket = await storage.createUpload({ key, contentType: 'application/pdf', maxBytes: 10_000 });
    expect((await post(ticket.url, ticket.fields, Buffer.alloc(0))).status).toBe(400);
    expect(await storage.statObject(key)).toBeUndefined();
  });

  it('signs no ticket past UPLOAD_MAX_BYTES, nor one of 0 bytes', async () => {
    const key = newKey('documents', 'huge.pdf');
    for (const maxBytes of [UPLOAD_MAX_BYTES + 1, 0])
      await expect(storage.createUpload({ key, contentType: 'application/pdf', maxBytes })).rejects.toThrow(
        "An upload's maxBytes",
      );
    await expect(
      storage.createUpload({ key, contentType: 'application/pdf', maxBytes: UPLOAD_MAX_BYTES }),
    ).resolves.toMatchObject({
      fileUrl: `/files/${key}`,
    });
  });

  it('refuses a ticket whose key was changed: 403, nothing stored under either key', async () => {
    const key = newKey('logos', 'asked.png');
    const chosen = newKey('logos', 'chosen.png');
    const ticket = await storage.createUpload({ key, contentType: 'image/png', maxBytes: 10_000 });
    expect((await post(ticket.url, { ...ticket.fields, key: chosen }, tinyPng())).status).toBe(403);
    expect(await storage.statObject(key)).toBeUndefined();
    expect(await storage.statObject(chosen)).toBeUndefined();
  });

  it('refuses a ticket whose content type was changed: 403, nothing stored', async () => {
    const key = newKey('documents', 'page.pdf');
    const ticket = await storage.createUpload({ key, contentType: 'application/pdf', maxBytes: 10_000 });
    expect((await post(ticket.url, { ...ticket.fields, 'Content-Type': 'text/html' }, PDF)).status).toBe(403);
    expect(await storage.statObject(key)).toBeUndefined();
  });

  it('refuses a ticket signed with another key, and one with a field added: 403, nothing stored', async () => {
    const key = newKey('logos', 'forged.png');
    const forged = await store.foreign().createUpload({ key, contentType: 'image/png', maxBytes: 10_000 });
    expect((await post(forged.url, forged.fields, tinyPng())).status).toBe(403);
    const ticket = await storage.createUpload({ key, contentType: 'image/png', maxBytes: 10_000 });
    expect((await post(ticket.url, { ...ticket.fields, acl: 'public-read' }, tinyPng())).status).toBe(403);
    expect(await storage.statObject(key)).toBeUndefined();
  });

  it('answers a download address: the bytes, presented with the disposition, name and type asked', async () => {
    const key = newKey('documents', 'bulletin.pdf');
    await upload(key, 'application/pdf', PDF);
    for (const disposition of ['attachment', 'inline'] as const) {
      const url = await storage.downloadUrl(key, {
        expiresInSeconds: 60,
        disposition,
        fileName: 'Bulletin Élève "T1".pdf',
        contentType: 'application/pdf',
      });
      const answer = await fetch(addressOf(url));
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-disposition')).toBe(contentDispositionOf(disposition, 'Bulletin Élève "T1".pdf'));
      expect(answer.headers.get('content-type')).toBe('application/pdf');
      expect(Buffer.from(await answer.arrayBuffer())).toEqual(PDF);
    }
  });

  it('refuses a download address once it has expired', async () => {
    const key = newKey('documents', 'old.pdf');
    await upload(key, 'application/pdf', PDF);
    const options = {
      expiresInSeconds: 60,
      disposition: 'attachment',
      fileName: 'old.pdf',
      contentType: 'application/pdf',
    } as const;
    const expired = await store.storageAt(() => Date.now() - HOUR_MS).downloadUrl(key, options);
    expect((await fetch(addressOf(expired))).status).toBe(403);
    expect((await fetch(addressOf(await storage.downloadUrl(key, options)))).status).toBe(200);
  });

  it('streams the bytes back; opening a missing object throws NoSuchObjectError', async () => {
    const key = newKey('documents', 'streamed.txt');
    const content = 'ligne 1\nligne 2 — été\n'.repeat(200);
    await upload(key, 'text/plain', Buffer.from(content));
    expect(await text(await storage.openRead(key))).toBe(content);
    await expect(storage.openRead(newKey('documents', 'missing.txt'))).rejects.toBeInstanceOf(NoSuchObjectError);
    await expect(storage.openRead('../secret.key')).rejects.toBeInstanceOf(NoSuchObjectError);
  });

  it('deletes an object, and deleting it again is no error', async () => {
    const key = newKey('documents', 'deleted.pdf');
    await upload(key, 'application/pdf', PDF);
    const url = await storage.downloadUrl(key, {
      expiresInSeconds: 60,
      disposition: 'attachment',
      fileName: 'deleted.pdf',
      contentType: 'application/pdf',
    });
    await storage.deleteObject(key);
    await storage.deleteObject(key);
    expect(await storage.statObject(key)).toBeUndefined();
    expect(await storage.readHead(key, 4)).toBeUndefined();
    expect((await fetch(addressOf(url))).status).toBe(404);
  });

  it("lets the browser post to the ticket's origin, read images from it and preview from it: the bucket's joins connect-src, img-src and frame-src", async () => {
    const ticket = await storage.createUpload({ key: newKey('logos', 'csp.png'), contentType: 'image/png', maxBytes: 10_000 });
    const policy = String(
      (await store.t.app.inject({ method: 'GET', url: '/api/nothing-here' })).headers['content-security-policy'],
    );
    const sourcesOf = (name: string) =>
      policy
        .split(';')
        .find((directive) => directive.startsWith(name))
        ?.split(' ')
        .slice(1);
    const posted = new URL(ticket.url, store.origin).origin;
    expect(sourcesOf('connect-src')).toEqual(kind === 'local' ? ["'self'", 'ws:', 'wss:'] : ["'self'", 'ws:', 'wss:', posted]);
    // The fake bucket is http://: only its own origin lets the redirected images load.
    expect(sourcesOf('img-src')?.includes(posted)).toBe(kind === 's3');
    // The preview shows a PDF in a frame from its signed address.
    expect(sourcesOf('frame-src')).toEqual(kind === 'local' ? ["'self'"] : ["'self'", posted]);
    expect(posted === store.origin).toBe(kind === 'local');
  });

  it('serves an image at its /files/ address to anyone, and nothing else there without a signature', async () => {
    const image = newKey('platforms', 'picture.png');
    await upload(image, 'image/png', tinyPng());
    const read = await fetch(addressOf(`/files/${image}`));
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await read.arrayBuffer())).toEqual(tinyPng());

    // A document named like an image, and an image outside the images' folders.
    for (const key of [newKey('documents', 'scan.png'), newKey('exports', 'chart.png')]) {
      await upload(key, 'image/png', tinyPng());
      expect({ key, status: (await fetch(addressOf(`/files/${key}`))).status }).toEqual({ key, status: 404 });
    }
  });
});
