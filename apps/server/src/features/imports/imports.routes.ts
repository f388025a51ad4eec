import { imports } from '@console/contract';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '#platform/context.js';
import { AppError, validationError } from '#platform/errors/app-error.js';
import { readingBody, readPostedForm, type PostedForm } from '#platform/http/multipart.js';
import { registerRoute } from '#platform/http/register-route.js';
import { addServerTiming, PhaseClock, type Phases } from '#platform/http/server-timing.js';
import { createEcoleDirecteSource } from '#adapters/ecole-directe/index.js';
import { decideImport } from './confirm/confirm-import.js';
import { exportEcoleDirecteUsers, importFromEcoleDirecte } from './ecole-directe/ecole-directe-import.js';
import { registerImportHistoryRoutes } from './rollback/rollback.routes.js';
import { closeVerifyPool, verifyImport } from './verify/verify-import.js';
import { verifyProgress } from './verify/verify-progress.js';

const MEBIBYTE = 1024 * 1024;

/** The verification's multipart limits: one file up to the configured size, and its two small fields. */
function multipartLimits(deps: AppDeps) {
  return {
    fileSize: deps.env.IMPORT_MAX_MEGABYTES * MEBIBYTE,
    files: 1,
    fields: 4,
    parts: 6,
    fieldNameSize: 50,
    fieldSize: 100,
    headerPairs: 10,
  };
}

/** The posted file and fields (see `readPostedForm`); a file over the limit says the limit. */
function readUpload(request: FastifyRequest, maxMegabytes: number): Promise<PostedForm> {
  return readPostedForm(request, {
    fileField: imports.IMPORT_FILE_FIELD,
    unexpectedField: 'imports.errors.unexpected_field',
    tooLarge: () =>
      new AppError('payload_too_large', `The file is larger than ${maxMegabytes} MiB`, {
        reason: 'import_file_too_large',
        params: { max: maxMegabytes },
      }),
  });
}

/** A file an import takes: a name ending in .csv (spec 3 §8: only .csv accepted), not empty. */
function requireCsvFile(file: { name: string; bytes: Buffer } | null): Buffer {
  if (file === null || (file.name === '' && file.bytes.length === 0)) {
    throw new AppError('validation_failed', 'No file was posted', {
      reason: 'import_file_required',
      fieldErrors: { csvfile: ['imports.file_required'] },
    });
  }
  if (!/\.csv$/i.test(file.name)) {
    throw new AppError('validation_failed', 'Only .csv files are imported', {
      reason: 'import_file_not_csv',
      fieldErrors: { csvfile: ['imports.file_not_csv'] },
    });
  }
  return file.bytes;
}

/** The import calls (spec 3 §7): the verification takes multipart/form-data, in a scope of its own with the upload limits. */
export function registerImportsRoutes(app: FastifyInstance, deps: AppDeps): void {
  void app.register(async (scope) => {
    await scope.register(multipart, { limits: multipartLimits(deps) });
    registerRoute(
      scope,
      deps,
      imports.verifyImport,
      async ({ ctx, raw, reply }) => {
        try {
          if (!raw.isMultipart()) throw new AppError('unsupported_media_type', 'Post the file as multipart/form-data');
          const reading = performance.now();
          const { fields, file } = await readingBody(() => readUpload(raw, deps.env.IMPORT_MAX_MEGABYTES));
          // Server-Timing names the upload's reading beside the verification's own phases.
          const uploadMs = performance.now() - reading;
          const parsed = imports.importVerifyFieldsSchema.safeParse(fields);
          if (!parsed.success)
            throw validationError(
              Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), [issue.message]])),
            );
          const bytes = requireCsvFile(file);
          // The previewed users are JSON already (a JsonList): jsonAnswer sends them as written.
          const phases: Phases = { upload: uploadMs };
          const verified = await verifyImport(ctx, { bytes, ...parsed.data }, phases);
          addServerTiming(reply, phases);
          return verified;
        } catch (error) {
          // The client may still be sending a file nothing reads any more: close after the answer.
          if (!raw.raw.readableEnded) void reply.header('connection', 'close');
          throw error;
        }
      },
      { serialize: 'json' },
    );
  });
  const rosterSource = createEcoleDirecteSource({
    baseUrl: deps.env.ECOLE_DIRECTE_URL,
    timeoutMs: deps.env.ECOLE_DIRECTE_TIMEOUT_MS,
  });
  registerRoute(app, { ...deps, rosterSource }, imports.importFromEcoleDirecte, ({ ctx, params, body }) =>
    importFromEcoleDirecte(ctx, params.uai, body),
  );
  registerRoute(app, { ...deps, rosterSource }, imports.exportEcoleDirecteUsers, ({ ctx, params, query }) =>
    exportEcoleDirecteUsers(ctx, params.uai, query),
  );
  registerRoute(app, deps, imports.getImportVerification, async ({ ctx, query }) => verifyProgress.of(ctx.actor.id, query.uai));
  app.addHook('onClose', closeVerifyPool);
  registerRoute(
    app,
    deps,
    imports.confirmImport,
    async ({ ctx, params, body, reply }) => {
      const clock = new PhaseClock();
      const result = await decideImport(ctx, params.importNumber, body, { clock });
      addServerTiming(reply, clock.phases);
      return result;
    },
    { serialize: 'json' },
  );
  registerRoute(
    app,
    deps,
    imports.applyUpdateImport,
    async ({ ctx, body }) =>
      decideImport(
        ctx,
        body.importNumber,
        { confirmation: 1, excludeUsers: body.excludeUsers },
        { expectedMode: 'users_update' },
      ),
    {
      serialize: 'json',
    },
  );
  registerRoute(
    app,
    deps,
    imports.applyTeachingImport,
    async ({ ctx, body }) =>
      decideImport(ctx, body.importNumber, { confirmation: 1, excludeUsers: body.excludeUsers }, { expectedMode: 'teaching' }),
    {
      serialize: 'json',
    },
  );
  registerImportHistoryRoutes(app, deps);
}
