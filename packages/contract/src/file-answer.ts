import { z } from 'zod';

/**
 * What a route that answers a file (`produces` on its descriptor) gives the server to send: the
 * file's name (sent in Content-Disposition), its media type and its bytes, whole or as chunks
 * produced while they are sent, so that a large export starts before it is fully written.
 */
export type FileAnswer = {
  fileName: string;
  mediaType: string;
  body: string | Uint8Array | AsyncIterable<string | Uint8Array>;
};

/** The answer schema of such a route: never parsed (the browser gets bytes, not JSON). */
export const fileAnswerSchema = z.custom<FileAnswer>(() => true);
