import type { files } from '@console/contract';

/** What an upload ticket allows: one object, of one content type, up to a size. */
export type UploadSpec = {
  /** Where the object goes, relative to the store (`platforms/<random>-<stem>.png`); see `isStorageKey`. */
  key: string;
  contentType: string;
  maxBytes: number;
};

/**
 * Where images (platform and application pictures, school logos) are kept, whatever keeps them.
 * Uploads follow the signed-POST protocol of S3 (docs/design.md, "Files"): `createUpload` answers
 * where the browser posts the file (multipart/form-data, the `fields` first, then `file`), the
 * signed fields that allow exactly that object, and the address the object is read from once
 * posted. The server never carries the file for an S3-compatible store; the embedded one
 * receives it itself (`storeUpload` of the contract) and serves it under `/files/`.
 */
export type FileStorage = {
  kind: 'local';
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
};
