import type { Readable } from 'node:stream';
import type { files } from '@console/contract';

/** What an upload ticket allows: one object, of one content type, up to a size. */
export type UploadSpec = {
  /** Where the object goes, relative to the store (`platforms/<random>-<stem>.png`); see `isStorageKey`. */
  key: string;
  contentType: string;
  maxBytes: number;
};

/**
 * The largest file any ticket is signed for, in bytes (200 MB): each ticket's own `maxBytes` is
 * its limit, and none is signed for more. The embedded store's receiving end reads no file past
 * it, whatever the ticket; a bucket checks each ticket's range itself.
 */
export const UPLOAD_MAX_BYTES = 200_000_000;

/**
 * Throws when a spec cannot be signed: `maxBytes` not a whole number from 1 (an empty file is
 * no upload, as S3's content-length-range says) to UPLOAD_MAX_BYTES. A bug of the caller.
 */
export function assertUploadSize(spec: Pick<UploadSpec, 'maxBytes'>): void {
  if (!Number.isInteger(spec.maxBytes) || spec.maxBytes < 1 || spec.maxBytes > UPLOAD_MAX_BYTES)
    throw new Error(`An upload's maxBytes must be from 1 to ${UPLOAD_MAX_BYTES}: ${spec.maxBytes}`);
}

/** How long a ticket may be used: time to pick nothing more than the file already chosen. */
export const UPLOAD_TICKET_TTL_MS = 10 * 60 * 1000;

/** How a short-lived download address presents the object to the browser. */
export type DownloadOptions = {
  /** Seconds the address stays valid from now. */
  expiresInSeconds: number;
  /** Shown in the page (`inline`) or saved (`attachment`). */
  disposition: 'inline' | 'attachment';
  /** The name the browser gives the file, any Unicode (see `contentDispositionOf`). */
  fileName: string;
  /** The Content-Type answered, whatever the object was stored with. */
  contentType: string;
};

/** What the store knows of an object without reading it. */
export type StoredObjectInfo = { size: number };

/** Thrown by `openRead` when there is no object under the key (or the key is none of a store's). */
export class NoSuchObjectError extends Error {
  readonly key: string;

  constructor(key: string) {
    super(`No stored object ${JSON.stringify(key)}`);
    this.name = 'NoSuchObjectError';
    this.key = key;
  }
}

/**
 * Where uploaded files are kept, whatever keeps them: DATA_DIR/files (`local`) or an
 * S3-compatible bucket (`s3`), chosen by configuration (docs/design.md, "Files"). Uploads follow
 * the signed-POST protocol of S3: `createUpload` answers where the browser posts the file
 * (multipart/form-data, the `fields` first, then `file`), the signed fields that allow exactly
 * that object, and the address it is read from once posted, `/files/<key>` on either store (the
 * product serves it: from the folder, or by a redirect to a signed address of the bucket, which
 * is never public). The server never carries an uploaded file for a bucket; the embedded store
 * receives it itself (`storeUpload` of the contract).
 *
 * Every method takes storage keys (`isStorageKey`); one of another shape is no object's.
 */
export type FileStorage = {
  kind: 'local' | 's3';
  /**
   * Throws when the key is not a storage key, or `maxBytes` is outside 1 to UPLOAD_MAX_BYTES
   * (a bug of the caller: nothing is signed for it). A file of 0 bytes is refused by either store.
   */
  createUpload(spec: UploadSpec): Promise<files.UploadTicket>;
  /**
   * The key of the object this store serves at `fileUrl` (a ticket's `fileUrl`), or undefined
   * when the address is none of its objects' (another site, another path, not a key's shape).
   */
  keyOfFileUrl(fileUrl: string): string | undefined;
  /**
   * The image type the stored object's first bytes show, or undefined when there is no object
   * under `key` or its bytes are none of the accepted images. Throws when the store cannot be read.
   */
  readImageType(key: string): Promise<files.ImageType | undefined>;
  /**
   * The object's first `bytes` bytes (fewer when it is shorter), or undefined when there is no
   * object under `key`. Throws when the store cannot be read.
   */
  readHead(key: string, bytes: number): Promise<Buffer | undefined>;
  /** The object's size, or undefined when there is none under `key`. Throws when the store cannot be read. */
  statObject(key: string): Promise<StoredObjectInfo | undefined>;
  /** Removes the object; nothing happens when there is none. Throws when the store refuses. */
  deleteObject(key: string): Promise<void>;
  /**
   * A short-lived address the browser can GET the object from, presented as `options` say:
   * signed for this key, disposition, name and type, and refused once expired. Relative
   * (`/files/<key>?…`) on the embedded store, the bucket's own on S3. Throws when the key is not
   * a storage key; does not look whether the object exists.
   */
  downloadUrl(key: string, options: DownloadOptions): Promise<string>;
  /**
   * The object's bytes as a stream (a zip written while it is sent). Throws NoSuchObjectError
   * when there is no object under `key`.
   */
  openRead(key: string): Promise<Readable>;
};
