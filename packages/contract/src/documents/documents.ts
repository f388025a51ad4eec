import { z } from 'zod';
import { RECORD_ID_MAX } from '../ids.js';
import { uaiFieldSchema } from '../rules/uai.js';
import { userIdsSchema } from '../users/schemas.js';

/**
 * The document manager's files (spec 3 §2.7, §3 'File', §5 'File upload', §7 'Files'): documents
 * uploaded to the store with a ticket as images are (`files.createUpload`), then registered, listed,
 * downloaded and deleted. Messages are translation keys whose French texts are the spec's.
 */

/** The one type a profile other than Administrateur may send (spec 3 §6). */
export const STAFF_DOCUMENT_TYPE = 'application/pdf';
/** The largest document a profile other than Administrateur may send: 10 MB (spec 3 §5), in bytes. */
export const STAFF_DOCUMENT_MAX_BYTES = 10_000_000;
/** The largest document an Administrateur may send (the spec sets none; the store's upload limit). */
export const ADMINISTRATOR_DOCUMENT_MAX_BYTES = 200_000_000;
/** The most documents one call registers or deletes. */
export const DOCUMENTS_PER_CALL_MAX = 100;

export const FORBIDDEN_TYPE = 'documents.errors.forbidden_type';
export const TOO_LARGE = 'documents.errors.too_large';
export const STORAGE_FULL = 'documents.errors.storage_full';
export const FOLDER_REFUSED = 'documents.errors.folder';
export const UPLOAD_FAILED = 'documents.errors.upload_failed';
/** The bytes are not the type the file was sent as (a PDF that is an HTML page). */
export const TYPE_MISMATCH = 'documents.errors.type_mismatch';
/** No uploaded file under that key (never uploaded, expired and swept, or already registered). */
export const NOT_UPLOADED = 'documents.errors.not_uploaded';
export const UNKNOWN_DOCUMENT = 'documents.errors.unknown_document';

/**
 * A MIME type as a browser names a file's: `type/subtype`, lower case (parameters dropped). An
 * empty or odd one is refused: a file whose type the browser does not know is sent as
 * `application/octet-stream`.
 */
export const mimeTypeSchema = z
  .string()
  .trim()
  .toLowerCase()
  .transform((value) => value.split(';')[0]!.trim())
  .pipe(z.string().regex(/^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/, FORBIDDEN_TYPE));

/** A document's id as the calls carry it. */
export const documentIdSchema = z.coerce.number().int().positive(UNKNOWN_DOCUMENT).max(RECORD_ID_MAX, UNKNOWN_DOCUMENT);

/**
 * `POST /files/upload` for a document: the file's name, type and size, known before it is sent
 * (the size is beyond the spec's {name, type}: the ticket allows that many bytes, and the store's
 * room is checked before the file travels). Without an image's `flag`, or with 'document'.
 */
export const documentUploadRequestSchema = z
  .object({
    flag: z.literal('document').optional(),
    name: z.string().trim().min(1).max(255),
    type: mimeTypeSchema,
    size: z.number().int().min(1, UPLOAD_FAILED).max(ADMINISTRATOR_DOCUMENT_MAX_BYTES, TOO_LARGE),
  })
  .strict();
export type DocumentUploadRequest = z.infer<typeof documentUploadRequestSchema>;

/** One uploaded file to register: its ticket's key, the name to show, and the schools it is for. */
export const documentRegistrationSchema = z
  .object({
    key: z.string().min(1).max(300),
    name: z.string().trim().min(1).max(255),
    /** The schools' UAIs, or ['all'] for every school (Administrateur only). */
    schools: z.array(z.union([z.literal('all'), uaiFieldSchema])).max(2000),
  })
  .strict();
export type DocumentRegistration = z.infer<typeof documentRegistrationSchema>;

export const registerDocumentsBodySchema = z
  .object({ arrayDocs: z.array(documentRegistrationSchema).min(1).max(DOCUMENTS_PER_CALL_MAX) })
  .strict();

/** A document as the manager lists it (spec 3 §3 'File'). */
export const documentSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  /** The type the bytes showed when it was registered. */
  type: z.string(),
  size: z.number().int(),
  uploadedBy: z.object({ firstname: z.string(), lastname: z.string(), profile: z.string() }),
  /** When it was registered or last changed (ISO 8601). */
  date: z.string(),
  /** Its schools' UAIs; ['all'] when it is for every school. Answered to an Administrateur only (empty for the others). */
  schools: z.array(z.string()),
  /** Whether the caller may delete it (and, later, assign it). */
  canManage: z.boolean(),
});
export type Document = z.infer<typeof documentSchema>;

/** `GET /files/{uai}`: the documents the caller sees, and the store's capacity and use, in bytes. */
export const documentListSchema = z.object({
  files: z.array(documentSchema),
  maxBucketSize: z.number().int(),
  usedBytes: z.number().int(),
});
export type DocumentList = z.infer<typeof documentListSchema>;

export const deleteDocumentsBodySchema = z
  .object({ action: z.literal('delete'), files: z.array(documentIdSchema).min(1).max(DOCUMENTS_PER_CALL_MAX) })
  .strict();

/** `POST /files/archive`: the documents to zip. */
export const documentArchiveBodySchema = z
  .object({ files: z.array(documentIdSchema).min(1).max(DOCUMENTS_PER_CALL_MAX) })
  .strict();

/** A short-lived address of one document (its download, or its preview for a type the browser shows). */
export const documentUrlSchema = z.object({ url: z.string(), expiresAt: z.string() });

/** `PATCH /files/schools`: the documents' schools become these (['all'] for every school, Administrateur only). */
export const assignDocumentSchoolsBodySchema = z
  .object({
    arrayDocs: z.array(documentIdSchema).min(1).max(DOCUMENTS_PER_CALL_MAX),
    arrayUai: z.array(z.union([z.literal('all'), uaiFieldSchema])).max(2000),
  })
  .strict();
export type AssignDocumentSchoolsBody = z.infer<typeof assignDocumentSchoolsBodySchema>;

/** `PATCH /users/files`: assigns the documents to the users (insert), or takes them back (delete). */
export const assignDocumentUsersBodySchema = z
  .object({
    action: z.enum(['insert', 'delete']),
    arrayDocs: z.array(documentIdSchema).min(1).max(DOCUMENTS_PER_CALL_MAX),
    arrayUsers: userIdsSchema,
  })
  .strict();
export type AssignDocumentUsersBody = z.infer<typeof assignDocumentUsersBodySchema>;

/** What an assignment changed: the documents' schools set, or the (document, user) pairs added or removed. */
export const assignmentAnswerSchema = z.object({ changed: z.number().int() });

/**
 * A document as a user page lists it (spec 3 §3 'User page': documentName, documentSize): one
 * assigned to the user, to the user's school, or to every school.
 */
export const userDocumentSchema = z.object({ id: z.number().int(), name: z.string(), type: z.string(), size: z.number().int() });
export type UserDocument = z.infer<typeof userDocumentSchema>;
