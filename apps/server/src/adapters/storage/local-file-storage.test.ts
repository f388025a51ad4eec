import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { NoSuchObjectError, UPLOAD_MAX_BYTES, UPLOAD_TICKET_TTL_MS } from './file-storage.js';
import { createLocalFileStorage, UploadRefusedError, UploadSourceError } from './local-file-storage.js';

const root = mkdtempSync(path.join(tmpdir(), 'console-storage-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const NOW = Date.parse('2026-03-01T10:00:00Z');
const encryptionKey = Buffer.alloc(32, 7);
const storage = createLocalFileStorage({ root, encryptionKey, now: () => NOW });
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('rest of the image')]);
const spec = { key: 'platforms/0a1b-logo.png', contentType: 'image/png', maxBytes: 100 };
/** The bytes as a posted file arrives: a stream, in one chunk or in several. */
const streamOf = (...chunks: Buffer[]) => Readable.from(chunks, { objectMode: false });

function refusalOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof UploadRefusedError) return error.reason;
    throw error;
  }
  return undefined;
}

describe('the local storage', () => {
  it('answers a ticket: its own receiving end, the signed fields, the public address', async () => {
    const ticket = await storage.createUpload(spec);
    expect(ticket.url).toBe('/api/files/storage');
    expect(ticket.fileUrl).toBe('/files/platforms/0a1b-logo.png');
    expect(Object.keys(ticket.fields).sort()).toEqual(['Content-Type', 'key', 'policy', 'signature']);
    expect(ticket.fields).toMatchObject({ key: spec.key, 'Content-Type': 'image/png' });
    expect(storage.verifyUpload(ticket.fields)).toEqual({
      ...spec,
      expiration: new Date(NOW + UPLOAD_TICKET_TTL_MS).toISOString(),
    });
  });

  it('never signs a key that could leave its folder, nor a size outside 1 byte to UPLOAD_MAX_BYTES', async () => {
    await expect(storage.createUpload({ ...spec, key: '../secret.key' })).rejects.toThrow('Not a storage key');
    for (const maxBytes of [UPLOAD_MAX_BYTES + 1, 0, -1, 1.5, Number.NaN])
      await expect(storage.createUpload({ ...spec, maxBytes }), String(maxBytes)).rejects.toThrow("An upload's maxBytes");
    await expect(storage.createUpload({ ...spec, maxBytes: UPLOAD_MAX_BYTES })).resolves.toMatchObject({
      fileUrl: `/files/${spec.key}`,
    });
  });

  it('refuses altered, incomplete, extended, foreign and expired tickets', async () => {
    const { fields } = await storage.createUpload(spec);
    const { signature: _signature, ...unsigned } = fields;
    expect(refusalOf(() => storage.verifyUpload({ ...fields, key: 'platforms/other.png' }))).toBe('forged');
    expect(refusalOf(() => storage.verifyUpload({ ...fields, 'Content-Type': 'image/gif' }))).toBe('forged');
    expect(refusalOf(() => storage.verifyUpload(unsigned))).toBe('forged');
    expect(refusalOf(() => storage.verifyUpload({ ...fields, acl: 'public-read' }))).toBe('forged');
    const foreign = createLocalFileStorage({ root, encryptionKey: Buffer.alloc(32, 8), now: () => NOW });
    expect(refusalOf(() => foreign.verifyUpload(fields))).toBe('forged');
    const later = createLocalFileStorage({ root, encryptionKey, now: () => NOW + UPLOAD_TICKET_TTL_MS });
    expect(refusalOf(() => later.verifyUpload(fields))).toBe('expired');
  });

  it('writes the image under its key, leaving no temporary file', async () => {
    const policy = storage.verifyUpload((await storage.createUpload(spec)).fields);
    await storage.storeUpload(policy, streamOf(PNG));
    expect(readFileSync(path.join(root, 'platforms', '0a1b-logo.png'))).toEqual(PNG);
    expect(readdirSync(path.join(root, 'platforms'))).toEqual(['0a1b-logo.png']);
  });

  it('refuses a file that is not the policy type, or larger than it allows, and writes nothing', async () => {
    const policy = storage.verifyUpload((await storage.createUpload({ ...spec, key: 'applications/ff-app.png' })).fields);
    await expect(storage.storeUpload(policy, streamOf(Buffer.from('just text')))).rejects.toMatchObject({
      reason: 'not_an_image',
    });
    await expect(storage.storeUpload(policy, streamOf(Buffer.from([0xff, 0xd8, 0xff, 0xe0])))).rejects.toMatchObject({
      reason: 'not_an_image',
    });
    await expect(storage.storeUpload(policy, streamOf(Buffer.concat([PNG, Buffer.alloc(100)])))).rejects.toMatchObject({
      reason: 'too_large',
    });
    await expect(storage.storeUpload(policy, streamOf())).rejects.toMatchObject({ reason: 'not_an_image' });
    expect(readdirSync(path.join(root, 'applications'))).toEqual([]);
  });

  it('reads an image signature split across chunks, and refuses a wrong one from the first chunks, reading no further', async () => {
    const policy = storage.verifyUpload((await storage.createUpload({ ...spec, key: 'logos/0b0c-split.png' })).fields);
    await storage.storeUpload(policy, streamOf(PNG.subarray(0, 3), PNG.subarray(3, 9), PNG.subarray(9)));
    expect(readFileSync(path.join(root, 'logos', '0b0c-split.png'))).toEqual(PNG);

    let pulled = 0;
    const text = Readable.from(
      (function* () {
        for (; pulled < 1000; pulled++) yield Buffer.from('not an image, only text\n');
      })(),
      { objectMode: false },
    );
    const large = storage.verifyUpload(
      (await storage.createUpload({ ...spec, key: 'logos/0b0d-text.png', maxBytes: 1_000_000 })).fields,
    );
    await expect(storage.storeUpload(large, text)).rejects.toMatchObject({ reason: 'not_an_image' });
    expect(pulled).toBeLessThan(100);
    expect(text.destroyed).toBe(true);
    expect(existsSync(path.join(root, 'logos', '0b0d-text.png'))).toBe(false);
  });

  it('streams a file larger than its chunks to its key; stops reading one past its maxBytes, leaving no temporary file in the folder', async () => {
    const folder = path.join(root, 'documents-large');
    const chunk = Buffer.alloc(64 * 1024, 1);
    const accepted = storage.verifyUpload(
      (
        await storage.createUpload({
          key: 'documents-large/0a0a-whole.bin',
          contentType: 'application/octet-stream',
          maxBytes: 20 * chunk.length,
        })
      ).fields,
    );
    await storage.storeUpload(accepted, streamOf(...Array.from({ length: 20 }, () => chunk)));
    expect(readFileSync(path.join(folder, '0a0a-whole.bin')).equals(Buffer.concat(Array.from({ length: 20 }, () => chunk)))).toBe(
      true,
    );

    let pulled = 0;
    const endless = Readable.from(
      (function* () {
        for (; pulled < 1000; pulled++) yield chunk;
      })(),
      { objectMode: false },
    );
    const refused = storage.verifyUpload(
      (
        await storage.createUpload({
          key: 'documents-large/0a0b-large.bin',
          contentType: 'application/octet-stream',
          maxBytes: 10 * chunk.length,
        })
      ).fields,
    );
    await expect(storage.storeUpload(refused, endless)).rejects.toMatchObject({ reason: 'too_large' });
    // What the stream had buffered ahead, not the rest of the file.
    expect(pulled).toBeLessThan(40);
    expect(endless.destroyed).toBe(true);
    expect(readdirSync(folder)).toEqual(['0a0a-whole.bin']);
  });

  it('refuses an empty file of any type, as a bucket does, writing nothing', async () => {
    const policy = storage.verifyUpload(
      (await storage.createUpload({ key: 'documents-empty/0c0c-empty.pdf', contentType: 'application/pdf', maxBytes: 100 }))
        .fields,
    );
    await expect(storage.storeUpload(policy, streamOf())).rejects.toMatchObject({ reason: 'empty' });
    await expect(storage.storeUpload(policy, streamOf(Buffer.alloc(0), Buffer.alloc(0)))).rejects.toMatchObject({
      reason: 'empty',
    });
    expect(readdirSync(path.join(root, 'documents-empty'))).toEqual([]);
  });

  it("tells a source that fails (a post cut short) from the store's own failures, and leaves no temporary file", async () => {
    const policy = storage.verifyUpload(
      (await storage.createUpload({ key: 'documents-cut/0d0d-cut.pdf', contentType: 'application/pdf', maxBytes: 1000 })).fields,
    );
    const cut = new Error('Unexpected end of form');
    const source = Readable.from(
      (function* () {
        yield Buffer.from('%PDF-1.4 the start');
        throw cut;
      })(),
      { objectMode: false },
    );
    const failure = await storage.storeUpload(policy, source).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(UploadSourceError);
    expect((failure as UploadSourceError).cause).toBe(cut);
    expect(readdirSync(path.join(root, 'documents-cut'))).toEqual([]);

    // A file where the key's folder should be: the disk's failure, as it is.
    writeFileSync(path.join(root, 'not-a-folder'), '');
    const blocked = { ...policy, key: 'not-a-folder/0e0e-blocked.pdf' };
    const untouched = streamOf(Buffer.from('%PDF'));
    const diskFailure = await storage.storeUpload(blocked, untouched).catch((error: unknown) => error);
    expect(diskFailure).not.toBeInstanceOf(UploadSourceError);
    expect((diskFailure as NodeJS.ErrnoException).code).toMatch(/^E[A-Z]+$/);
    expect(untouched.destroyed).toBe(true);
  });

  it('reads the key back from its address, and nothing else', async () => {
    const { fileUrl } = await storage.createUpload(spec);
    expect(storage.keyOfFileUrl(fileUrl)).toBe(spec.key);
    for (const other of [
      'platforms/0a1b-logo.png',
      'https://example.fr/files/platforms/0a1b-logo.png',
      '/files/',
      '/files/../secret.key',
      '/files/platforms/.hidden.png',
      '/api/files/platforms/0a1b-logo.png',
    ])
      expect(storage.keyOfFileUrl(other), other).toBeUndefined();
  });

  it("reads a stored image's type from its bytes; nothing stored, a folder or another file is none", async () => {
    const key = 'logos/0c0d-read.png';
    await storage.storeUpload(storage.verifyUpload((await storage.createUpload({ ...spec, key })).fields), streamOf(PNG));
    expect(await storage.readImageType(key)).toBe('image/png');
    writeFileSync(path.join(root, 'logos', 'not-an-image.png'), 'just text');
    expect(await storage.readImageType('logos/not-an-image.png')).toBeUndefined();
    expect(await storage.readImageType('logos/missing.png')).toBeUndefined();
    expect(await storage.readImageType('logos')).toBeUndefined();
    expect(await storage.readImageType('logos/0c0d-read.png/below.png')).toBeUndefined();
    expect(await storage.readImageType('../secret.key')).toBeUndefined();
  });

  it('stores any other type as it came, within its size: the bytes of a document are checked where it is registered', async () => {
    const key = 'documents/0e0f-notes.pdf';
    const pdf = Buffer.from('%PDF-1.4 not checked here');
    const policy = storage.verifyUpload(
      (await storage.createUpload({ key, contentType: 'application/pdf', maxBytes: 100 })).fields,
    );
    await storage.storeUpload(policy, streamOf(pdf));
    expect(readFileSync(path.join(root, 'documents', '0e0f-notes.pdf'))).toEqual(pdf);
    await expect(storage.storeUpload({ ...policy, maxBytes: 10 }, streamOf(pdf))).rejects.toMatchObject({ reason: 'too_large' });
  });

  it('reads the head, the size and the stream of a stored file, and removes it; nothing stored, a folder or another file is none', async () => {
    mkdirSync(path.join(root, 'documents', 'folder.pdf'), { recursive: true });
    writeFileSync(path.join(root, 'documents', '0f10-read.txt'), 'hello, world');
    expect(await storage.readHead('documents/0f10-read.txt', 5)).toEqual(Buffer.from('hello'));
    expect(await storage.readHead('documents/0f10-read.txt', 100)).toEqual(Buffer.from('hello, world'));
    expect(await storage.statObject('documents/0f10-read.txt')).toEqual({ size: 12 });
    expect(await text(await storage.openRead('documents/0f10-read.txt'))).toBe('hello, world');
    for (const key of ['documents/missing.txt', 'documents/folder.pdf', 'documents', '../secret.key']) {
      expect({ key, head: await storage.readHead(key, 5), stat: await storage.statObject(key) }).toEqual({
        key,
        head: undefined,
        stat: undefined,
      });
      await expect(storage.openRead(key)).rejects.toBeInstanceOf(NoSuchObjectError);
      await storage.deleteObject(key);
    }
    expect(existsSync(path.join(root, 'documents', 'folder.pdf'))).toBe(true);
    await storage.deleteObject('documents/0f10-read.txt');
    await storage.deleteObject('documents/0f10-read.txt');
    expect(existsSync(path.join(root, 'documents', '0f10-read.txt'))).toBe(false);
  });

  it('signs download addresses for its own clock, and reads them back until they expire', async () => {
    const options = {
      expiresInSeconds: 60,
      disposition: 'inline',
      fileName: 'Élève.pdf',
      contentType: 'application/pdf',
    } as const;
    const url = new URL(await storage.downloadUrl('documents/0e0f-notes.pdf', options), 'http://console.test');
    expect(url.pathname).toBe('/files/documents/0e0f-notes.pdf');
    const query = Object.fromEntries(url.searchParams);
    expect(query).toMatchObject({
      expires: String(NOW / 1000 + 60),
      disposition: 'inline',
      name: 'Élève.pdf',
      type: 'application/pdf',
    });
    expect(storage.verifyDownload('documents/0e0f-notes.pdf', query)).toEqual({
      download: { expires: NOW / 1000 + 60, disposition: 'inline', fileName: 'Élève.pdf', contentType: 'application/pdf' },
    });
    expect(storage.verifyDownload('documents/other.pdf', query)).toEqual({ refused: 'forged' });
    const later = createLocalFileStorage({ root, encryptionKey, now: () => NOW + 60_000 });
    expect(later.verifyDownload('documents/0e0f-notes.pdf', query)).toEqual({ refused: 'expired' });
    await expect(storage.downloadUrl('../secret.key', options)).rejects.toThrow('Not a storage key');
  });
});
