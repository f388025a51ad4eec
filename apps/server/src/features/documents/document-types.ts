import type { Readable } from 'node:stream';

/**
 * A document's real type, from its bytes (file-type), against the type it was sent as: a file
 * whose bytes disagree is refused, so that a PDF that is an HTML page never passes for a PDF.
 */

/** Types a browser names otherwise than file-type does, by the browser's name. */
const SAME_TYPES: Readonly<Record<string, string>> = {
  'application/x-zip-compressed': 'application/zip',
  'image/jpg': 'image/jpeg',
  'audio/mp3': 'audio/mpeg',
  'application/x-pdf': 'application/pdf',
};

/** Sent by a browser that does not know the file's type: the bytes decide. */
const UNKNOWN_TYPE = 'application/octet-stream';

/** Text formats have no signature to read: they are taken as sent (and never shown inline). */
function isTextType(type: string): boolean {
  return type.startsWith('text/') || ['application/json', 'application/xml', 'image/svg+xml'].includes(type);
}

/**
 * The type a document is registered with: what its bytes show when they show one that agrees with
 * the type it was sent as; the type sent for a text format whose bytes show none; null when they
 * disagree.
 */
export function registeredTypeOf(sent: string, detected: string | undefined): string | null {
  if (detected === undefined) return isTextType(sent) ? sent : null;
  if (detected === sent || sent === UNKNOWN_TYPE || SAME_TYPES[sent] === detected) return detected;
  return null;
}

/** The type the bytes of a stream show, read only as far as needed (the stream is then dropped). */
export async function detectType(stream: Readable): Promise<string | undefined> {
  // Loaded when a document is registered, not at start.
  const { fileTypeFromStream } = await import('file-type/node');
  try {
    return (await fileTypeFromStream(stream))?.mime;
  } finally {
    stream.destroy();
  }
}
