import { files } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { createFileStorage } from '#adapters/storage/index.js';
import type { AppDeps } from '#platform/context.js';
import { registerRoute } from '#platform/http/register-route.js';
import { createUploadTicket, type FilesDeps } from './files.service.js';
import { registerLocalStorageRoutes } from './local-storage.routes.js';
import { registerS3StorageRoutes } from './s3-storage.routes.js';

/**
 * Image uploads (spec 2 §7): the upload ticket, behind the Config right; and the addresses of the
 * stored files under `/files/`: for the embedded storage, its receiving end, its images and its
 * signed downloads; for an S3 bucket, redirects of the images to signed addresses of the bucket.
 */
export function registerFilesRoutes(app: FastifyInstance, deps: AppDeps): void {
  const storage = createFileStorage(deps.env);
  const filesDeps: AppDeps & FilesDeps = { ...deps, storage };
  registerRoute(app, filesDeps, files.createUpload, ({ ctx, body }) => createUploadTicket(ctx, body));
  if (storage.kind === 'local') registerLocalStorageRoutes(app, storage);
  else registerS3StorageRoutes(app, storage);
}
