import path from 'node:path';
import type { Env } from '#platform/config/env.js';
import { createLocalFileStorage, type LocalFileStorage, type LocalFileStorageOptions } from './local-file-storage.js';

export * from './file-storage.js';
export * from './image-types.js';
export * from './storage-keys.js';
export {
  createLocalFileStorage,
  LOCAL_FILES_PATH,
  UPLOAD_TICKET_TTL_MS,
  UploadRefusedError,
  type LocalFileStorage,
  type UploadRefusal,
} from './local-file-storage.js';

/** The folder of the embedded storage's files. */
export function localFilesDirectory(env: Pick<Env, 'dataDir'>): string {
  return path.join(env.dataDir, 'files');
}

/**
 * The file storage: the embedded one, on local disk in DATA_DIR/files, until an S3-compatible
 * store can be configured (a later change adds it here, behind the same FileStorage, and widens
 * the answer to a union on `kind`). `options` lets tests set the clock.
 */
export function createFileStorage(
  env: Pick<Env, 'dataDir' | 'encryptionKey'>,
  options: Pick<LocalFileStorageOptions, 'now' | 'ttlMs'> = {},
): LocalFileStorage {
  return createLocalFileStorage({ root: localFilesDirectory(env), encryptionKey: env.encryptionKey, ...options });
}
