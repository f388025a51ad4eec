import { AppError } from '#platform/errors/app-error.js';

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
