import type { FastifyInstance } from 'fastify';
import { FILES_PATH, imageTypeOfKey, isPublicImageKey, type S3FileStorage } from '#adapters/storage/index.js';
import { AppError } from '#platform/errors/app-error.js';

/**
 * How long a public image's signed address holds: time for the browser to follow the redirect,
 * short enough that an address copied out of a page soon stops working.
 */
const IMAGE_ADDRESS_SECONDS = 5 * 60;

/** Less than the address's life, so that a redirect taken from the cache still leads somewhere. */
const REDIRECT_CACHE_CONTROL = 'private, max-age=60';

/**
 * The public addresses of the images when an S3 bucket keeps them: `GET /files/<key>` answers
 * 302 to a short-lived signed address of the object, so that a stored `/files/…` address (a
 * platform's picture, a school's logo) works whichever store keeps the file, and the bucket never
 * needs public access. Only the images' keys (`isPublicImageKey`): any other object, a document
 * above all, is reached only through a download address its feature hands out.
 */
export function registerS3StorageRoutes(app: FastifyInstance, storage: S3FileStorage): void {
  app.get(`${FILES_PATH}/*`, { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*'?: string })['*'] ?? '';
    const type = imageTypeOfKey(key);
    if (!isPublicImageKey(key) || type === undefined) throw new AppError('not_found', `No file ${FILES_PATH}/${key}`);
    const address = await storage.downloadUrl(key, {
      expiresInSeconds: IMAGE_ADDRESS_SECONDS,
      disposition: 'inline',
      fileName: key.slice(key.lastIndexOf('/') + 1),
      contentType: type,
    });
    return reply.header('cache-control', REDIRECT_CACHE_CONTROL).redirect(address, 302);
  });
}
