import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { API_PREFIX, files } from '@console/contract';
import type { FileStorage, UploadSpec } from './file-storage.js';
import { detectImageType } from './image-types.js';
import { isStorageKey } from './storage-keys.js';
import { derivePolicySigningKey, readSignedPolicy, signPolicy, type UploadPolicy } from './upload-policy.js';

/** Where the embedded storage serves its files: `/files/<key>`, outside the API, public. */
export const LOCAL_FILES_PATH = '/files';

/** How long a ticket may be used: time to pick nothing more than the file already chosen. */
export const UPLOAD_TICKET_TTL_MS = 10 * 60 * 1000;

/** The fields of a ticket, all signed through the policy; a post with any other field is refused. */
const TICKET_FIELDS = ['key', 'Content-Type', 'policy', 'signature'] as const;

/** The most bytes an image type's signature spans (`detectImageType`). */
const SIGNATURE_BYTES = 16;

/** The errors of reading a path that holds no file: nothing stored there. */
const NOTHING_STORED = new Set(['ENOENT', 'ENOTDIR', 'EISDIR']);

/** Why the embedded storage refuses a post: a ticket forged, altered or expired; a file not the image allowed. */
export type UploadRefusal = 'forged' | 'expired' | 'not_an_image' | 'too_large';

export class UploadRefusedError extends Error {
  readonly reason: UploadRefusal;

  constructor(reason: UploadRefusal, message: string) {
    super(message);
    this.name = 'UploadRefusedError';
    this.reason = reason;
  }
}

export type LocalFileStorageOptions = {
  /** The folder of the stored files: DATA_DIR/files. Created at the first upload. */
  root: string;
  /** The product's encryption key, from which the policies' signing key is derived. */
  encryptionKey: Buffer;
  ttlMs?: number;
  /** The clock, in ms since the epoch (tests give tickets that have already expired). */
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
   * Writes a posted file under its policy's key, once it is no larger than the policy allows and
   * its first bytes are the policy's image type; written under a temporary name and renamed, so
   * that a reader never sees half a file. Throws UploadRefusedError ('too_large', 'not_an_image').
   */
  storeUpload(policy: UploadPolicy, bytes: Buffer): Promise<void>;
};

export function createLocalFileStorage(options: LocalFileStorageOptions): LocalFileStorage {
  const signingKey = derivePolicySigningKey(options.encryptionKey);
  const ttlMs = options.ttlMs ?? UPLOAD_TICKET_TTL_MS;
  const now = options.now ?? Date.now;
  const { root } = options;

  return {
    kind: 'local',
    root,

    async createUpload(spec: UploadSpec) {
      // A key outside the shape would be a bug of the caller: never sign it.
      if (!isStorageKey(spec.key)) throw new Error(`Not a storage key: ${JSON.stringify(spec.key)}`);
      const signed = signPolicy(signingKey, { ...spec, expiration: new Date(now() + ttlMs).toISOString() });
      return {
        url: API_PREFIX + files.storeUpload.path,
        fields: { key: spec.key, 'Content-Type': spec.contentType, ...signed },
        fileUrl: `${LOCAL_FILES_PATH}/${spec.key}`,
      };
    },

    keyOfFileUrl(fileUrl) {
      const prefix = `${LOCAL_FILES_PATH}/`;
      if (!fileUrl.startsWith(prefix)) return undefined;
      const key = fileUrl.slice(prefix.length);
      return isStorageKey(key) ? key : undefined;
    },

    async readImageType(key) {
      // Never a path outside the folder, whoever asks.
      if (!isStorageKey(key)) return undefined;
      let file;
      try {
        file = await open(path.join(root, ...key.split('/')), 'r');
      } catch (error) {
        if (NOTHING_STORED.has((error as NodeJS.ErrnoException).code ?? '')) return undefined;
        throw error;
      }
      try {
        const head = Buffer.alloc(SIGNATURE_BYTES);
        const { bytesRead } = await file.read(head, 0, SIGNATURE_BYTES, 0);
        return detectImageType(head.subarray(0, bytesRead));
      } catch (error) {
        // A folder opens on Linux, and fails at the read.
        if (NOTHING_STORED.has((error as NodeJS.ErrnoException).code ?? '')) return undefined;
        throw error;
      } finally {
        await file.close();
      }
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

    async storeUpload(policy, bytes) {
      if (bytes.length > policy.maxBytes) throw new UploadRefusedError('too_large', 'The file is larger than its ticket allows');
      if (detectImageType(bytes) !== policy.contentType)
        throw new UploadRefusedError('not_an_image', `The file is not ${policy.contentType}`);
      const target = path.join(root, ...policy.key.split('/'));
      await mkdir(path.dirname(target), { recursive: true });
      // A dot name: never served (keys have no segment starting with '.'), and beside the target,
      // on the same file system, so that the rename is atomic.
      const temporary = path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(6).toString('hex')}.part`);
      try {
        await writeFile(temporary, bytes, { flag: 'wx' });
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
  };
}
