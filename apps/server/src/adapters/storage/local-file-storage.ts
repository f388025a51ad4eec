import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import { open, rename, rm, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { API_PREFIX, files } from '@console/contract';
import {
  deriveDownloadSigningKey,
  readSignedDownload,
  signDownloadQuery,
  type DownloadRefusal,
  type SignedDownload,
} from './download-url.js';
import { assertUploadSize, NoSuchObjectError, UPLOAD_TICKET_TTL_MS, type FileStorage, type UploadSpec } from './file-storage.js';
import { readImageTypeWith } from './image-types.js';
import { fileUrlOf, isStorageKey, keyOfFileUrl } from './storage-keys.js';
import { derivePolicySigningKey, readSignedPolicy, signPolicy, type UploadPolicy } from './upload-policy.js';
import { UploadRefusedError, uploadCheck, UploadSourceError } from './upload-check.js';

export { UploadRefusedError, UploadSourceError, type UploadRefusal } from './upload-check.js';

/** The fields of a ticket, all signed through the policy; a post with any other field is refused. */
const TICKET_FIELDS = ['key', 'Content-Type', 'policy', 'signature'] as const;

/** The errors of reading a path that holds no file: nothing stored there. */
const NOTHING_STORED = new Set(['ENOENT', 'ENOTDIR', 'EISDIR']);

const isNothingStored = (error: unknown) => NOTHING_STORED.has((error as NodeJS.ErrnoException).code ?? '');

/**
 * How much of an upload waits in memory for the disk: room for many of the socket's chunks, so
 * that they reach the file in few writes while the next ones arrive, and never more than this.
 * Over a network slower than the disk (any but the loopback) it never fills; where the sender is
 * faster, a smaller buffer pauses the socket again and again (with the parser's buffer as large,
 * 10 MB arrived at 0.4–0.6× a bare disk write's speed at 1 MiB, 0.7–0.9× at 4 MiB;
 * `npm run bench -- --only uploads`). The upload route gives its multipart parser as much
 * (features/files/local-storage.routes.ts): an upload holds at most twice this.
 */
export const UPLOAD_WRITE_BUFFER_BYTES = 4 * 1024 * 1024;

export type LocalFileStorageOptions = {
  /** The folder of the stored files: DATA_DIR/files. Created at the first upload. */
  root: string;
  /** The product's encryption key, from which the policies' and download addresses' signing keys are derived. */
  encryptionKey: Buffer;
  ttlMs?: number;
  /** The clock, in ms since the epoch (tests give tickets and addresses that have already expired). */
  now?: () => number;
};

/** The embedded storage: it also receives the posts its tickets allow, and keeps the files under `root`. */
export type LocalFileStorage = FileStorage & {
  kind: 'local';
  root: string;
  /**
   * The policy a post's fields carry, once every field is a ticket's, the signature holds, the
   * ticket has not expired and `key` and `Content-Type` are the policy's. Throws
   * UploadRefusedError ('forged', 'expired').
   */
  verifyUpload(fields: Readonly<Record<string, string>>): UploadPolicy;
  /**
   * Writes a posted file, read from `source` as it arrives, under its policy's key: streamed to a
   * temporary file beside it and renamed once whole, so that a reader never sees half a file, and
   * never held in memory. Refused, reading stopped and nothing left behind, once it passes the
   * policy's `maxBytes`, when it is empty (as a bucket refuses 0 bytes), or, for an image type,
   * when its first bytes are not that image's. Another type is stored as it came: whoever
   * registers the object checks what its bytes are. Throws UploadRefusedError ('too_large',
   * 'empty', 'not_an_image'); UploadSourceError when `source` itself fails (a post cut short);
   * the disk's errors as they are. `source` is destroyed whenever the file is not stored.
   */
  storeUpload(policy: UploadPolicy, source: Readable): Promise<void>;
  /**
   * What a download address of `key` (its query, from `downloadUrl`) presents, once its signature
   * holds and it has not expired; otherwise why it is refused.
   */
  verifyDownload(
    key: string,
    query: Readonly<Record<string, unknown>>,
  ): { download: SignedDownload } | { refused: DownloadRefusal };
};

/**
 * The embedded implementation (docs/design.md, "Files"): files under `root`, one per key; tickets
 * are its own signed policies (`upload-policy.ts`), which its receiving end checks as a bucket
 * checks S3's, and download addresses are `/files/<key>` with a signed query (`download-url.ts`).
 */
export function createLocalFileStorage(options: LocalFileStorageOptions): LocalFileStorage {
  const signingKey = derivePolicySigningKey(options.encryptionKey);
  const downloadSigningKey = deriveDownloadSigningKey(options.encryptionKey);
  const ttlMs = options.ttlMs ?? UPLOAD_TICKET_TTL_MS;
  const now = options.now ?? Date.now;
  const { root } = options;
  const pathOf = (key: string) => path.join(root, ...key.split('/'));

  /**
   * The stored file under `key`, open for reading, or undefined when there is none: never a path
   * outside the folder, whoever asks, nor a folder (which opens on Linux, and fails at the read).
   */
  async function openStored(key: string): Promise<{ file: FileHandle; size: number } | undefined> {
    if (!isStorageKey(key)) return undefined;
    let file;
    try {
      file = await open(pathOf(key), 'r');
    } catch (error) {
      if (isNothingStored(error)) return undefined;
      throw error;
    }
    const stats = await file.stat().catch(async (error: unknown) => {
      await file.close();
      throw error;
    });
    if (!stats.isFile()) {
      await file.close();
      return undefined;
    }
    return { file, size: stats.size };
  }

  async function readHead(key: string, bytes: number): Promise<Buffer | undefined> {
    const stored = await openStored(key);
    if (!stored) return undefined;
    try {
      const head = Buffer.alloc(Math.max(0, Math.min(bytes, stored.size)));
      const { bytesRead } = await stored.file.read(head, 0, head.length, 0);
      return head.subarray(0, bytesRead);
    } finally {
      await stored.file.close();
    }
  }

  return {
    kind: 'local',
    root,

    async createUpload(spec: UploadSpec) {
      // A key outside the shape would be a bug of the caller: never sign it.
      if (!isStorageKey(spec.key)) throw new Error(`Not a storage key: ${JSON.stringify(spec.key)}`);
      assertUploadSize(spec);
      const signed = signPolicy(signingKey, { ...spec, expiration: new Date(now() + ttlMs).toISOString() });
      return {
        url: API_PREFIX + files.storeUpload.path,
        fields: { key: spec.key, 'Content-Type': spec.contentType, ...signed },
        fileUrl: fileUrlOf(spec.key),
      };
    },

    keyOfFileUrl,

    readImageType: (key) => readImageTypeWith(readHead, key),

    readHead,

    async statObject(key) {
      const stored = await openStored(key);
      if (!stored) return undefined;
      await stored.file.close();
      return { size: stored.size };
    },

    async deleteObject(key) {
      if (!isStorageKey(key)) return;
      try {
        await rm(pathOf(key));
      } catch (error) {
        // A folder under that name is no object either: rm refuses it without `recursive`.
        if (isNothingStored(error) || (error as NodeJS.ErrnoException).code === 'ERR_FS_EISDIR') return;
        throw error;
      }
    },

    async downloadUrl(key, { expiresInSeconds, ...presented }) {
      if (!isStorageKey(key)) throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
      const expires = Math.floor(now() / 1000) + expiresInSeconds;
      return `${fileUrlOf(key)}?${signDownloadQuery(downloadSigningKey, key, { ...presented, expires })}`;
    },

    async openRead(key): Promise<Readable> {
      const stored = await openStored(key);
      if (!stored) throw new NoSuchObjectError(key);
      // The stream closes the file when it ends, fails or is destroyed.
      return stored.file.createReadStream();
    },

    verifyUpload(fields) {
      const names = Object.keys(fields);
      if (names.some((name) => !(TICKET_FIELDS as readonly string[]).includes(name)) || names.length !== TICKET_FIELDS.length) {
        throw new UploadRefusedError('forged', 'The post carries other fields than a ticket');
      }
      const read = readSignedPolicy(signingKey, fields.policy!, fields.signature!, now());
      if ('refused' in read)
        throw new UploadRefusedError(
          read.refused,
          read.refused === 'expired' ? 'The ticket has expired' : 'The ticket is not signed',
        );
      const { policy } = read;
      if (fields.key !== policy.key || fields['Content-Type'] !== policy.contentType || !isStorageKey(policy.key)) {
        throw new UploadRefusedError('forged', "The post's key or content type is not its ticket's");
      }
      return policy;
    },

    async storeUpload(policy, source) {
      const target = pathOf(policy.key);
      // A dot name: never served (keys have no segment starting with '.'), and beside the target,
      // on the same file system, so that the rename is atomic.
      const temporary = path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(6).toString('hex')}.part`);
      // The folder at once, not awaited through the thread pool: the file is streaming in
      // meanwhile, and while the socket's reads keep the cores busy an awaited mkdir came back 2
      // to 8 ms late (of a 10 ms upload, traced), where the call takes about 0.1 ms here. The
      // file's own opening is not awaited: the stream holds the first bytes until it is open
      // (`npm run bench -- --only uploads`).
      try {
        mkdirSync(path.dirname(target), { recursive: true });
      } catch (error) {
        source.destroy();
        throw error;
      }
      const output = createWriteStream(temporary, { flags: 'wx', highWaterMark: UPLOAD_WRITE_BUFFER_BYTES });
      const closed = new Promise<void>((resolve) => output.once('close', () => resolve()));
      // The disk's own failure, told from the source's: the pipeline then destroys the source
      // with it. Once the source is destroyed, the output's error is only the source's passed on.
      let diskError: unknown;
      output.once('error', (error) => {
        if (!source.destroyed) diskError = error;
      });
      try {
        await pipeline(source, uploadCheck(policy), output);
      } catch (error) {
        // Once the file is closed (it may still be opening), so that nothing recreates it.
        await closed;
        await rm(temporary, { force: true });
        if (error instanceof UploadRefusedError || diskError !== undefined) throw error;
        throw new UploadSourceError(error);
      }
      await closed;
      await rename(temporary, target).catch(async (error: unknown) => {
        await rm(temporary, { force: true });
        throw error;
      });
    },

    verifyDownload: (key, query) => readSignedDownload(downloadSigningKey, key, query, now()),
  };
}
