import path from 'node:path';
import type { Env } from '#platform/config/env.js';
import { s3SettingsOf } from '#platform/config/s3-settings.js';
import { createLocalFileStorage, type LocalFileStorage, type LocalFileStorageOptions } from './local-file-storage.js';
import { createS3FileStorage, type S3FileStorage } from './s3-file-storage.js';
import { s3BucketOrigin } from './s3-origin.js';

export * from './content-disposition.js';
export * from './file-storage.js';
export * from './image-types.js';
export * from './storage-keys.js';
export { isDownloadQuery, type DownloadRefusal, type SignedDownload } from './download-url.js';
export {
  createLocalFileStorage,
  UPLOAD_WRITE_BUFFER_BYTES,
  UploadRefusedError,
  UploadSourceError,
  type LocalFileStorage,
  type UploadRefusal,
} from './local-file-storage.js';
export { createS3FileStorage, type S3FileStorage } from './s3-file-storage.js';
export type { UploadPolicy } from './upload-policy.js';

/** The folder of the embedded storage's files. */
export function localFilesDirectory(env: Pick<Env, 'dataDir'>): string {
  return path.join(env.dataDir, 'files');
}

/** The storage the configuration chose: `kind` tells which, for what only one of them does. */
export type ConfiguredFileStorage = LocalFileStorage | S3FileStorage;

type StorageEnv = Pick<
  Env,
  | 'dataDir'
  | 'encryptionKey'
  | 'S3_BUCKET'
  | 'S3_REGION'
  | 'S3_ENDPOINT'
  | 'S3_FORCE_PATH_STYLE'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
>;

/**
 * The file storage: the S3-compatible bucket S3_BUCKET names, else the embedded one in
 * DATA_DIR/files. Synchronous and cheap: the S3 implementation loads the AWS SDK at its first
 * call, so that a server without S3 never loads it. `options` lets tests set the clock.
 */
export function createFileStorage(
  env: StorageEnv,
  options: Pick<LocalFileStorageOptions, 'now' | 'ttlMs'> = {},
): ConfiguredFileStorage {
  const s3 = s3SettingsOf(env);
  if (s3) return createS3FileStorage({ ...s3, ...options });
  return createLocalFileStorage({ root: localFilesDirectory(env), encryptionKey: env.encryptionKey, ...options });
}

/**
 * The origin, other than the console's own, that the browser posts uploads to: the bucket's
 * when S3 is configured (for the Content-Security-Policy's connect-src), else undefined.
 */
export function uploadConnectSource(env: Parameters<typeof s3SettingsOf>[0]): string | undefined {
  const s3 = s3SettingsOf(env);
  return s3 === undefined ? undefined : s3BucketOrigin(s3);
}
