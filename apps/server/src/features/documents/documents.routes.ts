import { documents } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { createFileStorage } from '#adapters/storage/index.js';
import type { AppDeps } from '#platform/context.js';
import { registerRoute } from '#platform/http/register-route.js';
import { assignDocumentSchools, assignDocumentUsers } from './document-assignments.service.js';
import {
  deleteDocuments,
  documentDownloadUrl,
  documentsArchive,
  listDocuments,
  registerDocuments,
  type DocumentsDeps,
} from './documents.service.js';

/**
 * The document manager (spec 3 §7 'Files'): registering uploaded files, the list, deleting,
 * assigning to schools and users, and the download addresses. The upload ticket is the files feature's route (`POST /files/upload`).
 */
export function registerDocumentsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const documentsDeps: AppDeps & DocumentsDeps = { ...deps, storage: createFileStorage(deps.env) };
  // The lists of thousands of documents are written with JSON.stringify (see `RouteOptions`).
  registerRoute(app, documentsDeps, documents.registerDocuments, ({ ctx, body }) => registerDocuments(ctx, body), {
    serialize: 'json',
  });
  registerRoute(app, documentsDeps, documents.listDocuments, ({ ctx, params }) => listDocuments(ctx, params.x), {
    serialize: 'json',
  });
  registerRoute(app, documentsDeps, documents.deleteDocument, ({ ctx, params }) => deleteDocuments(ctx, [params.x]));
  registerRoute(app, documentsDeps, documents.deleteDocuments, ({ ctx, body }) => deleteDocuments(ctx, body.files));
  registerRoute(app, deps, documents.assignDocumentSchools, ({ ctx, body }) => assignDocumentSchools(ctx, body));
  registerRoute(app, deps, documents.assignDocumentUsers, ({ ctx, body }) => assignDocumentUsers(ctx, body));
  registerRoute(app, documentsDeps, documents.documentDownloadUrl, ({ ctx, params, query }) =>
    documentDownloadUrl(ctx, params.x, query.disposition),
  );
  registerRoute(app, documentsDeps, documents.downloadDocumentsArchive, ({ ctx, body }) => documentsArchive(ctx, body.files));
}
