import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_PREFIX, type RouteRight } from '@console/contract';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { registerAlertsRoutes } from './features/alerts/alerts.routes.js';
import { registerAppsRoutes } from './features/apps/apps.routes.js';
import { registerSettingsRoutes } from './features/settings/settings.routes.js';
import { registerAuthRoutes } from './features/auth/auth.routes.js';
import { registerClientConfigRoutes } from './features/client-config/client-config.routes.js';
import { registerDirectoryRoutes } from './features/directory/directory.routes.js';
import { registerExportsRoutes } from './features/exports/exports.routes.js';
import { registerDocumentsRoutes } from './features/documents/documents.routes.js';
import { registerDevicesRoutes } from './features/devices/devices.routes.js';
import { registerNotificationsRoutes } from './features/notifications/notifications.routes.js';
import { registerFilesRoutes } from './features/files/files.routes.js';
import { registerImportsRoutes } from './features/imports/imports.routes.js';
import { registerSchoolSettingsRoutes } from './features/school-settings/school-settings.routes.js';
import { registerSchoolsRoutes } from './features/schools/schools.routes.js';
import { registerSheetsRoutes } from './features/sheets/sheets.routes.js';
import { registerUsersRoutes } from './features/users/users.routes.js';
import { registerWorkflowsRoutes } from './features/workflows/workflows.routes.js';
import { uploadConnectSource } from './adapters/storage/index.js';
import { declaresHttps, mapTilesImageSource } from './platform/config/env.js';
import type { AppDeps } from './platform/context.js';
import { createDatabaseMonitor } from './platform/db/availability.js';
import { registerErrorHandler } from './platform/errors/error-handler.js';
import { registerHealthRoutes } from './platform/health/health.routes.js';
import { OPENAPI_PATH, registerOpenApi } from './platform/http/openapi.js';
import { refuseCrossSiteRequests } from './platform/http/same-origin.js';
import { withRequestTiming } from './platform/http/server-timing.js';
import { createRealtimeHub } from './platform/realtime/realtime.js';
import { decorateJobDoor } from './platform/jobs/job-door.js';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmentation merges into an interface
  interface FastifyContextConfig {
    right?: RouteRight;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmentation merges into an interface
  interface FastifyRequest {
    /** performance.now() when the request arrived, for the Server-Timing header. */
    receivedAt: number;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmentation merges into an interface
  interface FastifyInstance {
    /** Every route with the right its descriptor names (undefined for one registered outside the contract). */
    routeRights: { method: string; url: string; right: RouteRight | undefined }[];
  }
}

export type BuildAppOptions = {
  /** Serve the built SPA and translation files from this folder (omit in API tests). */
  webDistDir?: string;
  logger?: boolean | { level: string };
};

/** The default folder of the built SPA: apps/web/dist of this checkout. */
export function defaultWebDistDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return (
    [path.resolve(here, '../../web/dist'), path.resolve(here, '../web/dist')].find((dir) => existsSync(dir)) ??
    path.resolve(here, '../../web/dist')
  );
}

/** TRUST_PROXY as Fastify takes it: a count of proxies becomes "trust the nearest `count` hops". */
function trustProxyOption(
  setting: AppDeps['env']['TRUST_PROXY'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}

/** Builds the Fastify application: platform plugins, then one registration per feature. */
export async function buildApp(deps: AppDeps, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: trustProxyOption(deps.env.TRUST_PROXY),
    bodyLimit: 1_048_576,
    routerOptions: { ignoreTrailingSlash: true },
    requestIdHeader: 'x-request-id',
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('actor', null);
  app.decorateRequest('receivedAt', 0);
  app.decorate('routeRights', []);
  app.decorate('realtime', createRealtimeHub());
  decorateJobDoor(app);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(`${API_PREFIX}/`) || route.url.startsWith(OPENAPI_PATH)) return;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      app.routeRights.push({ method, url: route.url, right: route.config?.right });
    }
  });
  const database = createDatabaseMonitor(deps.db, app.log);
  app.addHook('onClose', async () => database.stop());
  registerErrorHandler(app, database);
  app.addHook('onRequest', async (request) => {
    request.receivedAt = performance.now();
  });
  refuseCrossSiteRequests(app, deps.env.PUBLIC_URL);
  app.addHook('onSend', async (request, reply) => {
    void reply.header('server-timing', withRequestTiming(reply, performance.now() - request.receivedAt));
    // API answers carry children's data, clear passwords and sign-in links: no cache keeps them.
    if (request.url.startsWith(`${API_PREFIX}/`) && !reply.hasHeader('cache-control'))
      void reply.header('cache-control', 'no-store');
  });

  await app.register(cookie);
  // The map tiles an operator chose (MAP_TILES_URL) are images from their origin, an http:// one
  // too; nothing is added when unset.
  const tilesSource = mapTilesImageSource(deps.env);
  // With an S3 bucket the browser posts uploads to the bucket's origin and reads images from it;
  // nothing is added when the files stay on this server.
  const uploadSource = uploadConnectSource(deps.env);
  await app.register(helmet, {
    // HSTS only means something over HTTPS, which COOKIE_SECURE or an https PUBLIC_URL declares.
    hsts: declaresHttps(deps.env),
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // blob:: the EPUB reader hands a book's own style sheets and fonts to its pages as blob:
        // addresses, which only the console's own scripts can make.
        styleSrc: ["'self'", "'unsafe-inline'", 'blob:'],
        imgSrc: [
          "'self'",
          'data:',
          'blob:',
          'https:',
          ...(tilesSource === undefined ? [] : [tilesSource]),
          // The images' /files/ addresses redirect there (an http:// MinIO too).
          ...(uploadSource === undefined ? [] : [uploadSource]),
        ],
        connectSrc: ["'self'", 'ws:', 'wss:', ...(uploadSource === undefined ? [] : [uploadSource])],
        fontSrc: ["'self'", 'data:', 'blob:'],
        // The preview shows a PDF from its address: this server's, or the bucket's.
        frameSrc: ["'self'", ...(uploadSource === undefined ? [] : [uploadSource])],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  // Answers under one TCP initial window (~14 KB) gain little from compression; large lists do.
  await app.register(compress, { global: true, threshold: 8192 });
  await registerOpenApi(app);

  // First: while the database is down, its hook answers 503 before any other work.
  registerHealthRoutes(app, deps, database);
  registerAuthRoutes(app, deps);
  registerAlertsRoutes(app, deps);
  registerClientConfigRoutes(app, deps);
  registerDirectoryRoutes(app, deps);
  registerAppsRoutes(app, deps);
  registerSettingsRoutes(app, deps);
  registerFilesRoutes(app, deps);
  registerDocumentsRoutes(app, deps);
  registerDevicesRoutes(app, deps);
  registerNotificationsRoutes(app, deps);
  registerSchoolsRoutes(app, deps);
  registerSchoolSettingsRoutes(app, deps);
  registerUsersRoutes(app, deps);
  registerImportsRoutes(app, deps);
  registerExportsRoutes(app, deps);
  registerSheetsRoutes(app, deps);
  registerWorkflowsRoutes(app, deps);

  if (options.webDistDir) await registerWebApp(app, options.webDistDir);
  return app;
}

/**
 * A path that names a file rather than a view: its last part has an extension (`logo.png`,
 * `fr.json`). Such a path the folder lacks is 404: answering it the page would show a broken
 * image as a success, and hide a wrong link.
 */
const FILE_PATH = /\.[A-Za-z0-9]{1,10}$/;

/** Serves the SPA, its translation files, and index.html for every other non-API GET (a view's address). */
async function registerWebApp(app: FastifyInstance, root: string): Promise<void> {
  await app.register(fastifyStatic, { root, serve: false });
  // @fastify/static sets its own cache-control unless told not to; index.html must revalidate.
  const sendIndex = (reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
  app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    if (request.url.startsWith(`${API_PREFIX}/`)) {
      return reply.status(404).send({ code: 'not_found', message: `No route GET ${request.url.split('?')[0]}` });
    }
    const file = safeDecode(request.url.split('?')[0]!.slice(1));
    if (file && !file.split('/').includes('..') && existsSync(path.join(root, file))) {
      const immutable = file.startsWith('assets/');
      return reply
        .header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
        .sendFile(file, { cacheControl: false });
    }
    if (FILE_PATH.test(file))
      return reply.status(404).header('cache-control', 'no-cache').type('text/plain; charset=utf-8').send('Not found');
    return sendIndex(reply);
  });
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return '';
  }
}
