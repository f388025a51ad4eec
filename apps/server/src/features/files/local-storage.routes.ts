import { API_PREFIX, files } from '@console/contract';
import multipart, { type MultipartFile } from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  contentDispositionOf,
  fileUrlOf,
  FILES_PATH,
  isDownloadQuery,
  isPublicImageKey,
  isStorageKey,
  NoSuchObjectError,
  UPLOAD_MAX_BYTES,
  UPLOAD_WRITE_BUFFER_BYTES,
  UploadRefusedError,
  UploadSourceError,
  type LocalFileStorage,
  type UploadPolicy,
  type UploadRefusal,
} from '#adapters/storage/index.js';
import { AppError, validationError } from '#platform/errors/app-error.js';
import { readingBody } from '#platform/http/multipart.js';
import { operationIdOf } from '#platform/http/operation-ids.js';

/**
 * What the embedded storage adds to the server, as a bucket would answer: the receiving end of
 * its upload tickets (the contract's `storeUpload`), the public addresses of its images
 * (`/files/<key>`), and its signed download addresses (`/files/<key>?expires=…&signature=…`,
 * any object). Not through registerRoute: the body is multipart/form-data, and the caller has no
 * session, the ticket's or the address's signature being the authorisation. The same-origin hook
 * still refuses a post from a page of another site (the console's own page posts same-origin).
 */
export function registerLocalStorageRoutes(app: FastifyInstance, storage: LocalFileStorage): void {
  void app.register(async (scope) => registerReceivingRoute(scope, storage));
  void app.register(async (scope) => registerServingRoutes(scope, storage));
}

/**
 * The multipart limits: one file, never past the largest any ticket allows (each ticket's own
 * limit is the store's to check, as the file streams in), and room for the ticket's four fields
 * and a few more (which are refused as not a ticket's, 403; past the room, 413), none larger than
 * a ticket's needs.
 */
const MULTIPART_LIMITS = {
  fileSize: UPLOAD_MAX_BYTES,
  files: 1,
  fields: 8,
  parts: 9,
  fieldNameSize: 50,
  fieldSize: 2048,
  headerPairs: 10,
};

/**
 * The message key of a file past its ticket's size, image or document: the contract names it for
 * images (`files.errors.too_large`), and has no better one for other files.
 */
const FILE_TOO_LARGE = files.IMAGE_TOO_LARGE;
/** The message key of an empty file of another type than an image (an empty image is not one). */
const FILE_EMPTY = 'files.errors.empty';

/**
 * How much of a posted file the parser may hold ahead of the store: as much as the store's own
 * write buffer, so that the socket's chunks flow to the disk in a few large writes instead of
 * pausing the parser at each (Node's default of 16 KiB is a quarter of one chunk), and an upload
 * never holds more than the two (`npm run bench -- --only uploads`).
 */
const FILE_BUFFER_BYTES = UPLOAD_WRITE_BUFFER_BYTES;

/** The HTTP answer to each refusal: a ticket that does not hold is a refused authorisation. */
function appErrorOf(error: UploadRefusedError): AppError {
  const answers: Record<UploadRefusal, () => AppError> = {
    forged: () => new AppError('forbidden', error.message),
    expired: () => new AppError('forbidden', error.message),
    not_an_image: () => validationError({ file: [files.NOT_AN_IMAGE] }, error.message),
    too_large: () => validationError({ file: [FILE_TOO_LARGE] }, error.message),
    empty: () => validationError({ file: [FILE_EMPTY] }, error.message),
  };
  return answers[error.reason]();
}

/**
 * The text fields posted before the first file, and that file. Read part by part, in order: a
 * field after the file is never taken, however the body arrived. A repeated, truncated or
 * non-text field cannot be a ticket's.
 */
async function readPost(request: FastifyRequest): Promise<{ fields: Record<string, string>; file: MultipartFile | undefined }> {
  const fields: Record<string, string> = {};
  for await (const part of request.parts()) {
    if (part.type === 'file') return { fields, file: part };
    if (Object.hasOwn(fields, part.fieldname) || part.valueTruncated || typeof part.value !== 'string') {
      throw new UploadRefusedError('forged', `The field ${part.fieldname} is not a ticket's`);
    }
    fields[part.fieldname] = part.value;
  }
  return { fields, file: undefined };
}

const refusal = (error: unknown) => error instanceof UploadRefusedError;

/**
 * Streams the posted file to the store as it arrives. @fastify/multipart ends a file cut at the
 * plugin's size limit as if it were whole: it is refused there instead. A body that breaks off
 * or cannot be parsed while the file is read is the sender's mistake (`readingBody`: 400); a
 * failure of the disk is the server's.
 */
async function storePosted(storage: LocalFileStorage, policy: UploadPolicy, file: MultipartFile): Promise<void> {
  file.file.once('limit', () =>
    file.file.destroy(new UploadRefusedError('too_large', 'The file is larger than any ticket allows')),
  );
  try {
    await storage.storeUpload(policy, file.file);
  } catch (error) {
    // Answered as readingBody answers a body it cannot read: the source's own error is the why.
    if (error instanceof UploadSourceError) return readingBody(() => Promise.reject(error.cause), refusal);
    throw error;
  }
}

async function registerReceivingRoute(scope: FastifyInstance, storage: LocalFileStorage): Promise<void> {
  // In this scope only: elsewhere only the import's verification takes a multipart body (its own scope and limits).
  await scope.register(multipart, { limits: MULTIPART_LIMITS, fileHwm: FILE_BUFFER_BYTES });
  scope.route({
    method: files.storeUpload.method,
    url: API_PREFIX + files.storeUpload.path,
    config: { right: files.storeUpload.right },
    schema: { operationId: operationIdOf(files.storeUpload), summary: files.storeUpload.summary },
    handler: async (request, reply) => {
      try {
        if (!request.isMultipart()) throw new AppError('unsupported_media_type', 'Post the file as multipart/form-data');
        // As S3: the ticket's fields first, then the file under `file`.
        const { fields, file } = await readingBody(() => readPost(request), refusal);
        if (file?.fieldname !== 'file') throw validationError({ file: [files.NOT_AN_IMAGE] }, 'No file was posted');
        await storePosted(storage, storage.verifyUpload(fields), file);
      } catch (error) {
        // As Fastify does when it refuses a body: the client may still be sending a file that
        // nothing reads any more, so the connection closes after the answer instead of waiting.
        if (!request.raw.readableEnded) void reply.header('connection', 'close');
        throw error instanceof UploadRefusedError ? appErrorOf(error) : error;
      }
      return reply.status(204).send();
    },
  });
}

/** One day: a key is new at each upload, so the same address always holds the same image. */
const FILE_CACHE_CONTROL = 'public, max-age=86400';

/**
 * Answers a signed download address: any stored object, presented as its signature says. Never
 * cached, never read as anything but the type signed, and sandboxed if opened as a page (an
 * HTML document a user uploaded runs nothing of this origin). A signature that does not hold or
 * has expired is 403, a missing object 404.
 */
/**
 * The Content-Security-Policy of a signed download: nothing loads from it, and it is sandboxed
 * (no script, an opaque origin) — except a PDF shown inline, which Chromium's viewer refuses to
 * draw in a sandboxed page; a PDF's scripts run in the viewer, never in this origin, and `nosniff`
 * keeps the bytes from being read as anything but a PDF.
 */
export function downloadPolicyOf(contentType: string, disposition: 'inline' | 'attachment'): string {
  return contentType === 'application/pdf' && disposition === 'inline' ? "default-src 'none'" : "default-src 'none'; sandbox";
}

async function sendSignedDownload(
  reply: FastifyReply,
  storage: LocalFileStorage,
  key: string,
  query: Readonly<Record<string, unknown>>,
): Promise<FastifyReply> {
  const verified = storage.verifyDownload(key, query);
  if ('refused' in verified)
    throw new AppError(
      'forbidden',
      verified.refused === 'expired' ? 'The download address has expired' : 'The download address is not signed',
    );
  const { download } = verified;
  const notFound = () => new AppError('not_found', `No file ${fileUrlOf(key)}`);
  const stored = await storage.statObject(key);
  if (!stored) throw notFound();
  const body = await storage.openRead(key).catch((error: unknown) => {
    throw error instanceof NoSuchObjectError ? notFound() : error;
  });
  return reply
    .header('content-type', download.contentType)
    .header('content-disposition', contentDispositionOf(download.disposition, download.fileName))
    .header('content-length', stored.size)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', downloadPolicyOf(download.contentType, download.disposition))
    .header('cache-control', 'private, no-store')
    .send(body);
}

async function registerServingRoutes(scope: FastifyInstance, storage: LocalFileStorage): Promise<void> {
  // Before @fastify/static sees the path: anything but a storage key (`..`, a hidden or
  // temporary file, a folder) is not found, as a missing image is, rather than the 403
  // @fastify/static gives a path it refuses. A signed address is answered here; without a
  // signature, only a public image's key goes on to @fastify/static.
  scope.addHook('onRequest', async (request, reply) => {
    const key = (request.params as { '*'?: string })['*'] ?? '';
    const query = request.query as Readonly<Record<string, unknown>>;
    if (!isStorageKey(key)) throw new AppError('not_found', `No file ${FILES_PATH}/${key}`);
    if (isDownloadQuery(query)) return sendSignedDownload(reply, storage, key, query);
    if (!isPublicImageKey(key)) throw new AppError('not_found', `No file ${fileUrlOf(key)}`);
    return undefined;
  });
  await scope.register(fastifyStatic, {
    root: storage.root,
    prefix: `${FILES_PATH}/`,
    // The SPA's instance (app.ts) owns reply.sendFile.
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    cacheControl: false,
    // DATA_DIR/files is made by the first upload: its absence before then is no mistake.
    suppressWarning: true,
    setHeaders: (reply) => {
      // Public images, like a public bucket's; never read as anything but the image they are.
      reply.header('cache-control', FILE_CACHE_CONTROL);
      reply.header('x-content-type-options', 'nosniff');
      reply.header('content-security-policy', "default-src 'none'");
    },
  });
}
