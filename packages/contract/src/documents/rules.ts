import {
  ADMINISTRATOR_DOCUMENT_MAX_BYTES,
  FORBIDDEN_TYPE,
  STAFF_DOCUMENT_MAX_BYTES,
  STAFF_DOCUMENT_TYPE,
  TOO_LARGE,
} from './documents.js';

/**
 * The upload rules of the document manager (spec 3 §5 'File upload', §6), checked by the browser
 * before a file is sent and by the server when it gives the ticket and when it registers the file.
 */

/** The problem of sending a file of this type and size, or null: a profile other than Administrateur sends PDFs of 10 MB at most. */
export function documentUploadProblem(isAdministrator: boolean, file: { type: string; size: number }): string | null {
  if (!isAdministrator && file.type !== STAFF_DOCUMENT_TYPE) return FORBIDDEN_TYPE;
  if (file.size > (isAdministrator ? ADMINISTRATOR_DOCUMENT_MAX_BYTES : STAFF_DOCUMENT_MAX_BYTES)) return TOO_LARGE;
  return null;
}

/** Whether `adding` bytes would make the store reach or exceed its capacity (the spec's "would reach or exceed"). */
export function fillsTheStore(usedBytes: number, adding: number, maxBytes: number): boolean {
  return usedBytes + adding >= maxBytes;
}

/**
 * The types a browser shows rather than downloads (the preview: PDFs in its viewer, EPUBs in the
 * reader, raster images); every other document is served as an attachment.
 */
export const PREVIEWED_TYPES: readonly string[] = [
  'application/pdf',
  'application/epub+zip',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
];
