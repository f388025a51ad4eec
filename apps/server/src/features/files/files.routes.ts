import { type documents, files } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { createFileStorage } from '#adapters/storage/index.js';
import type { AppDeps } from '#platform/context.js';
import { registerRoute } from '#platform/http/register-route.js';
import { createDocumentTicket } from '#features/documents/documents.service.js';
import { createUploadTicket, type FilesDeps } from './files.service.js';
import { registerLocalStorageRoutes } from './local-storage.routes.js';
import { registerS3StorageRoutes } from './s3-storage.routes.js';

/** Whether a ticket is asked for a document (no image's flag) rather than an image. */
function isDocumentRequest(body: files.UploadRequest | documents.DocumentUploadRequest): body is documents.DocumentUploadRequest {
  return body.flag === undefined || body.flag === 'document';
}

/**
 * Image uploads (spec 2 §7): the upload ticket, behind the Config right; and the addresses of the
 * stored files under `/files/`: for the embedded storage, its receiving end, its images and its
 * signed downloads; for an S3 bucket, redirects of the images to signed addresses of the bucket.
 */
export function registerFilesRoutes(app: FastifyInstance, deps: AppDeps): void {
  const storage = createFileStorage(deps.env);
  const filesDeps: AppDeps & FilesDeps = { ...deps, storage };
  // One route, two uses: an image (its flag names its folder) or a document of the document manager.
  registerRoute(app, filesDeps, files.createUpload, ({ ctx, body }) =>
    isDocumentRequest(body) ? createDocumentTicket(ctx, body) : createUploadTicket(ctx, body),
  );
  if (storage.kind === 'local') registerLocalStorageRoutes(app, storage);
  else registerS3StorageRoutes(app, storage);
}
