import { Readable } from 'node:stream';
import type * as ClientS3 from '@aws-sdk/client-s3';
import type * as PresignedPost from '@aws-sdk/s3-presigned-post';
import type * as RequestPresigner from '@aws-sdk/s3-request-presigner';
import type { S3Settings } from '#platform/config/s3-settings.js';
import { contentDispositionOf } from './content-disposition.js';
import { assertUploadSize, NoSuchObjectError, UPLOAD_TICKET_TTL_MS, type FileStorage, type UploadSpec } from './file-storage.js';
import { readImageTypeWith } from './image-types.js';
import { fileUrlOf, isStorageKey, keyOfFileUrl } from './storage-keys.js';

export type S3FileStorageOptions = S3Settings & {
  ttlMs?: number;
  /** The clock, in ms since the epoch (tests give tickets and addresses that have already expired). */
  now?: () => number;
};

/** An S3-compatible bucket: the browser posts to it, and reads from it through signed addresses only. */
export type S3FileStorage = FileStorage & { kind: 's3'; bucket: string };

/** Past these, a call to the store fails rather than hangs (the second: a socket silent that long). */
const CONNECTION_TIMEOUT_MS = 10_000;
const SOCKET_TIMEOUT_MS = 30_000;

/** The SDK's modules and the client, loaded at the first call: the SDK is large, and unused without S3_BUCKET. */
type Sdk = {
  client: ClientS3.S3Client;
  commands: Pick<typeof ClientS3, 'GetObjectCommand' | 'HeadObjectCommand' | 'DeleteObjectCommand'>;
  createPresignedPost: typeof PresignedPost.createPresignedPost;
  getSignedUrl: typeof RequestPresigner.getSignedUrl;
};

async function loadSdk(settings: S3Settings): Promise<Sdk> {
  const [s3, presignedPost, presigner] = await Promise.all([
    import('@aws-sdk/client-s3'),
    import('@aws-sdk/s3-presigned-post'),
    import('@aws-sdk/s3-request-presigner'),
  ]);
  const client = new s3.S3Client({
    region: settings.region,
    ...(settings.endpoint === undefined ? {} : { endpoint: settings.endpoint }),
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Checksums only where S3 requires them: several S3-compatible stores refuse or ignore the
    // ones the SDK adds by default.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: CONNECTION_TIMEOUT_MS, requestTimeout: SOCKET_TIMEOUT_MS },
  });
  return {
    client,
    commands: {
      GetObjectCommand: s3.GetObjectCommand,
      HeadObjectCommand: s3.HeadObjectCommand,
      DeleteObjectCommand: s3.DeleteObjectCommand,
    },
    createPresignedPost: presignedPost.createPresignedPost,
    getSignedUrl: presigner.getSignedUrl,
  };
}

/** Whether the store answered that there is no such object (GetObject's NoSuchKey, HeadObject's bare 404). */
function isNotFound(error: unknown): boolean {
  return (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;
}

/** Whether a range was refused as beyond the object: the answer of an empty object to any range. */
function isRangeNotSatisfiable(error: unknown): boolean {
  return (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 416;
}

function assertStorageKey(key: string): void {
  // A key outside the shape would be a bug of the caller: never sign it.
  if (!isStorageKey(key)) throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
}

/**
 * The S3 implementation (docs/design.md, "Files"): upload tickets are S3 presigned POSTs, which
 * the bucket itself checks (the exact key and Content-Type, at least one byte and at most
 * `maxBytes`, until the ticket expires); downloads are presigned GETs. The SDK loads at the first
 * call, so that a server without S3_BUCKET never loads it (src/start-imports.test.ts).
 */
export function createS3FileStorage(options: S3FileStorageOptions): S3FileStorage {
  const { bucket } = options;
  const ttlMs = options.ttlMs ?? UPLOAD_TICKET_TTL_MS;
  const now = options.now ?? Date.now;
  let loading: Promise<Sdk> | undefined;
  const sdk = () => (loading ??= loadSdk(options));

  async function getObject(key: string, range?: string): Promise<ClientS3.GetObjectCommandOutput | undefined> {
    const { client, commands } = await sdk();
    try {
      return await client.send(new commands.GetObjectCommand({ Bucket: bucket, Key: key, ...(range ? { Range: range } : {}) }));
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async function readHead(key: string, bytes: number): Promise<Buffer | undefined> {
    if (!isStorageKey(key)) return undefined;
    try {
      const answer = await getObject(key, `bytes=0-${Math.max(1, bytes) - 1}`);
      if (!answer?.Body) return undefined;
      const head = Buffer.from(await answer.Body.transformToByteArray());
      return head.subarray(0, Math.max(0, bytes));
    } catch (error) {
      if (isRangeNotSatisfiable(error)) return Buffer.alloc(0);
      throw error;
    }
  }

  return {
    kind: 's3',
    bucket,

    async createUpload(spec: UploadSpec) {
      assertStorageKey(spec.key);
      assertUploadSize(spec);
      const { createPresignedPost, client } = await sdk();
      const { url, fields } = await createPresignedPost(client, {
        Bucket: bucket,
        Key: spec.key,
        Fields: { 'Content-Type': spec.contentType },
        Conditions: [
          ['eq', '$key', spec.key],
          ['eq', '$Content-Type', spec.contentType],
          ['content-length-range', 1, spec.maxBytes],
        ],
        // Counted by the SDK from its own clock: from `now`, the ticket expires at now() + ttlMs.
        Expires: Math.round((now() + ttlMs - Date.now()) / 1000),
      });
      return { url, fields, fileUrl: fileUrlOf(spec.key) };
    },

    keyOfFileUrl,

    readImageType: (key) => readImageTypeWith(readHead, key),

    readHead,

    async statObject(key) {
      if (!isStorageKey(key)) return undefined;
      const { client, commands } = await sdk();
      try {
        const answer = await client.send(new commands.HeadObjectCommand({ Bucket: bucket, Key: key }));
        return { size: answer.ContentLength ?? 0 };
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },

    async deleteObject(key) {
      if (!isStorageKey(key)) return;
      const { client, commands } = await sdk();
      try {
        await client.send(new commands.DeleteObjectCommand({ Bucket: bucket, Key: key }));
      } catch (error) {
        // S3 answers 204 for a missing object; some compatible stores answer 404.
        if (!isNotFound(error)) throw error;
      }
    },

    async downloadUrl(key, { expiresInSeconds, disposition, fileName, contentType }) {
      assertStorageKey(key);
      const { client, commands, getSignedUrl } = await sdk();
      const command = new commands.GetObjectCommand({
        Bucket: bucket,
        Key: key,
        ResponseContentDisposition: contentDispositionOf(disposition, fileName),
        ResponseContentType: contentType,
      });
      return getSignedUrl(client, command, { expiresIn: expiresInSeconds, signingDate: new Date(now()) });
    },

    async openRead(key) {
      const answer = isStorageKey(key) ? await getObject(key) : undefined;
      if (!answer) throw new NoSuchObjectError(key);
      // On Node the SDK answers the body as the HTTP response itself.
      if (!(answer.Body instanceof Readable)) throw new Error(`The store answered ${key} without a readable body`);
      return answer.Body;
    },
  };
}
