import type { FastifyRequest } from 'fastify';
import { AppError, validationError } from '#platform/errors/app-error.js';

/**
 * Runs one read of a multipart body. Busboy throws plain errors for a body it cannot parse (no
 * boundary, cut short, not multipart at all): the client's mistake, 400 `bad_request`, never
 * 500. Errors that carry a status (@fastify/multipart's limits: 413), AppErrors and those
 * `passes` names go through as they are.
 */
export async function readingBody<T>(read: () => Promise<T>, passes: (error: unknown) => boolean = () => false): Promise<T> {
  try {
    return await read();
  } catch (error) {
    const hasStatus = typeof (error as { statusCode?: unknown } | null)?.statusCode === 'number';
    if (error instanceof AppError || passes(error) || hasStatus) throw error;
    throw new AppError('bad_request', 'The multipart body cannot be read');
  }
}

/** A posted form's text fields and its one file, when it has one. */
export type PostedForm = { fields: Record<string, string>; file: { name: string; bytes: Buffer } | null };

/**
 * Reads a multipart body part by part (the file may come before or after the fields): its text
 * fields, and its one file under `fileField` (another file field is a field error, with
 * `unexpectedField`). A file over the scope's `fileSize` limit throws what `tooLarge` makes.
 */
export async function readPostedForm(
  request: FastifyRequest,
  { fileField, unexpectedField, tooLarge }: { fileField: string; unexpectedField: string; tooLarge: () => AppError },
): Promise<PostedForm> {
  const fields: Record<string, string> = {};
  let file: PostedForm['file'] = null;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== fileField) throw validationError({ [part.fieldname]: [unexpectedField] });
      const bytes = await part.toBuffer().catch((error: unknown) => {
        throw error instanceof request.server.multipartErrors.RequestFileTooLargeError ? tooLarge() : error;
      });
      file = { name: part.filename, bytes };
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, file };
}
