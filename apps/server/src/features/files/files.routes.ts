import { files } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { createFileStorage } from '#adapters/storage/index.js';
import type { AppDeps } from '#platform/context.js';
import { registerRoute } from '#platform/http/register-route.js';
import { createUploadTicket, type FilesDeps } from './files.service.js';
import { registerLocalStorageRoutes } from './local-storage.routes.js';

/**
 * Image uploads (spec 2 §7): the upload ticket, behind the Config right; and, for the embedded
 * storage, its receiving end and the public addresses of its files.
 */
export function registerFilesRoutes(app: FastifyInstance, deps: AppDeps): void {
  const storage = createFileStorage(deps.env);
  const filesDeps: AppDeps & FilesDeps = { ...deps, storage };
  registerRoute(app, filesDeps, files.createUpload, ({ ctx, body }) => createUploadTicket(ctx, body));
  if (storage.kind === 'local') registerLocalStorageRoutes(app, storage);
}
