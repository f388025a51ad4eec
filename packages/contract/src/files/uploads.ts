import { z } from 'zod';
import { documentUploadRequestSchema } from '../documents/documents.js';
import { defineRoute } from '../http.js';

/**
 * Image uploads (spec 2 §7 'Upload URL for an image or logo'): the browser asks for an upload
 * ticket, then posts the file straight to storage with the ticket's fields, the signed-POST
 * protocol of S3. The embedded default stores files on local disk behind the same protocol.
 */

/** The image types accepted: raster formats a browser shows. SVG is refused: it may carry scripts. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];
/** The largest image accepted, in bytes. */
export const MAX_IMAGE_BYTES = 2_000_000;
/** What an image is for, which names the folder it goes to (a school's logo: Administrateur only, as Config Ecriture is). */
export const UPLOAD_FLAGS = ['platform', 'application', 'logo'] as const;
export type UploadFlag = (typeof UPLOAD_FLAGS)[number];

/** Message keys. */
export const NOT_AN_IMAGE = 'files.errors.not_an_image';
export const IMAGE_TOO_LARGE = 'files.errors.too_large';

export const uploadRequestSchema = z.object({
  /** The file's name on the user's machine: only its extension-free stem is kept, cleaned, in the stored name. */
  name: z.string().trim().min(1).max(200),
  type: z.enum(IMAGE_TYPES, { message: NOT_AN_IMAGE }),
  flag: z.enum(UPLOAD_FLAGS),
});
export type UploadRequest = z.infer<typeof uploadRequestSchema>;

export const uploadTicketSchema = z.object({
  /** Where to post the file (multipart/form-data): the ticket's fields first, then `file`. */
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  /** The address the image is read from once posted: what picturePath stores. */
  fileUrl: z.string(),
});
export type UploadTicket = z.infer<typeof uploadTicketSchema>;

/**
 * An upload ticket for an image (with its `flag`: Config at Ecriture) or for a document of the
 * document manager (name, type and size: FileManager at Ecriture, and the upload rules of
 * `documents`). The route names no area, as it serves two: the service checks the one the body asks.
 */
export const createUpload = defineRoute({
  method: 'POST',
  path: '/files/upload',
  right: 'session',
  summary:
    'An upload ticket: for a platform, application or logo image (needs Config Ecriture), or for a document (needs FileManager Ecriture; its type and size within the upload rules and the store with room); where to post it, with which signed fields, and its address once there.',
  body: z.discriminatedUnion('flag', [uploadRequestSchema, documentUploadRequestSchema]),
  answer: uploadTicketSchema,
});

/**
 * The embedded storage's end of the signed POST (docs/design.md, "Files": local disk behind the protocol of S3):
 * multipart/form-data with a ticket's fields, then `file`. Public, as a bucket's POST is: the
 * signed fields are the authorisation, not a session. Answers 204 No Content, as S3 does; a
 * forged or expired ticket 403; a file that is not the ticket's image type, or is too large,
 * 400 `validation_failed` with NOT_AN_IMAGE or IMAGE_TOO_LARGE under `file`. It is described
 * here, though no client calls it by name (a ticket's `url` names it), so that the API's
 * description and its route checks know every route the server registers.
 */
export const storeUpload = defineRoute({
  method: 'POST',
  path: '/files/storage',
  right: 'public',
  summary:
    "The embedded storage's receiving end of an upload ticket: multipart/form-data with the ticket's fields, then `file`; answers 204 No Content.",
  answer: z.null(),
});
