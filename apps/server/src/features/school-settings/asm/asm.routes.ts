import { schoolSettings } from '@console/contract';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { createFileTransfer, type FileTransfer } from '#adapters/sftp/index.js';
import type { AppDeps } from '#platform/context.js';
import { AppError, validationError } from '#platform/errors/app-error.js';
import { readingBody, readPostedForm } from '#platform/http/multipart.js';
import { registerRoute } from '#platform/http/register-route.js';
import { generatedPushReport, startGeneratedPush } from './asm-generation.js';
import { asmArchiveUrl, downloadAsmArchive, pushAsmArchive, testServerConnection, type AsmDeps } from './asm.service.js';

/** The push's multipart limits: one zip up to its size, and the school's UAI. */
const PUSH_LIMITS = {
  fileSize: schoolSettings.ASM_ZIP_MAX_BYTES,
  files: 1,
  fields: 3,
  parts: 5,
  fieldNameSize: 50,
  fieldSize: 200,
  headerPairs: 10,
};

const pushFieldsSchema = schoolSettings.connectionTestSchema.pick({ uai: true }).passthrough();

/**
 * The Apple School Manager tab's calls (spec 2 §2.12): the connection test, the push (multipart,
 * in a scope of its own with its limits), the history's downloads. `fileTransfer` lets tests
 * pass another way of reaching servers; by default the SFTP/FTP adapter with the configured
 * allowed addresses and timeout.
 */
export function registerAsmRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  fileTransfer: FileTransfer = createFileTransfer({
    allowedAddresses: deps.env.SFTP_ALLOWED_ADDRESSES,
    timeoutMs: deps.env.SFTP_TIMEOUT_MS,
  }),
): void {
  const asmDeps: AppDeps & AsmDeps = { ...deps, fileTransfer };
  registerRoute(app, asmDeps, schoolSettings.testServerConnection, ({ ctx, body }) => testServerConnection(ctx, body));
  void app.register(async (scope) => {
    await scope.register(multipart, { limits: PUSH_LIMITS });
    registerRoute(scope, asmDeps, schoolSettings.pushAsmArchive, async ({ ctx, raw, reply }) => {
      try {
        if (!raw.isMultipart()) throw new AppError('unsupported_media_type', 'Post the zip as multipart/form-data');
        const { fields, file } = await readingBody(() =>
          readPostedForm(raw, {
            fileField: schoolSettings.ASM_ZIP_FIELD,
            unexpectedField: 'school_settings.asm.errors.unexpected_field',
            tooLarge: () => new AppError('payload_too_large', `The zip is larger than ${schoolSettings.ASM_ZIP_MAX_BYTES} bytes`),
          }),
        );
        const parsed = pushFieldsSchema.safeParse(fields);
        if (!parsed.success)
          throw validationError(Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), [issue.message]])));
        if (file === null || file.bytes.length === 0)
          throw validationError({ [schoolSettings.ASM_ZIP_FIELD]: [schoolSettings.NO_FILE_CHOSEN] }, 'No zip was posted');
        return await pushAsmArchive(ctx, { uai: parsed.data.uai, fileName: file.name, bytes: file.bytes });
      } catch (error) {
        // The client may still be sending a file nothing reads any more: close after the answer.
        if (!raw.raw.readableEnded) void reply.header('connection', 'close');
        throw error;
      }
    });
  });
  registerRoute(app, asmDeps, schoolSettings.generateAndPushAsmArchive, ({ ctx, body }) => startGeneratedPush(ctx, body.uai));
  registerRoute(app, deps, schoolSettings.getAsmGeneration, ({ ctx, query }) => generatedPushReport(ctx, query.uai));
  registerRoute(app, deps, schoolSettings.asmArchiveUrl, ({ ctx, body }) => asmArchiveUrl(ctx, body.uai, body.id));
  registerRoute(app, deps, schoolSettings.downloadAsmArchive, ({ ctx, params }) =>
    downloadAsmArchive(ctx, params.uai, params.id),
  );
}
