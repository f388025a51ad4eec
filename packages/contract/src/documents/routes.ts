import { z } from 'zod';
import { fileAnswerSchema } from '../file-answer.js';
import { defineRoute } from '../http.js';
import { uaiFieldSchema } from '../rules/uai.js';
import {
  assignDocumentSchoolsBodySchema,
  assignDocumentUsersBodySchema,
  assignmentAnswerSchema,
  deleteDocumentsBodySchema,
  documentArchiveBodySchema,
  documentIdSchema,
  documentListSchema,
  documentUrlSchema,
  registerDocumentsBodySchema,
} from './documents.js';

/**
 * The document manager's calls (spec 3 §7 'Files'), right FileManager. The upload ticket is
 * `files.createUpload` with a document's name, type and size. Which documents a caller sees and
 * manages: docs/rights.md ("Documents").
 */

/**
 * The spec names the path parameter of these routes `x` (spec 3 §7): a school's UAI for the list,
 * a document's id elsewhere. One name, as one path `/files/{x}` must have in the API's description.
 */
const idParams = z.object({ x: documentIdSchema });
/** A school's UAI, or 'all': the list is what the caller sees either way (the UAI, when named, must be one it reaches). */
const uaiParams = z.object({ x: z.union([z.literal('all'), uaiFieldSchema]) });

/** The archive of several documents, and its media type. */
export const DOCUMENTS_ARCHIVE_NAME = 'Documents.zip';
export const DOCUMENTS_ARCHIVE_TYPE = 'application/zip';

export const registerDocuments = defineRoute({
  method: 'PUT',
  path: '/files/',
  right: { area: 'FileManager', level: 'Ecriture' },
  summary:
    'Registers uploaded files as documents for schools, once the bytes show the type they were sent as and the store has room; all or none.',
  body: registerDocumentsBodySchema,
  answer: documentListSchema,
});

export const listDocuments = defineRoute({
  method: 'GET',
  path: '/files/:x',
  right: { area: 'FileManager', level: 'Lecture' },
  summary:
    "The documents the caller sees in the document manager (x: a school it reaches, or 'all'), with the store's capacity and use.",
  params: uaiParams,
  answer: documentListSchema,
});

export const deleteDocument = defineRoute({
  method: 'DELETE',
  path: '/files/:x',
  right: { area: 'FileManager', level: 'Ecriture' },
  summary: 'Deletes one document, from the database and the store.',
  params: idParams,
  answer: z.object({ deleted: z.number().int() }),
});

export const deleteDocuments = defineRoute({
  method: 'POST',
  path: '/files',
  right: { area: 'FileManager', level: 'Ecriture' },
  summary: 'Deletes several documents, from the database and the store; all or none.',
  body: deleteDocumentsBodySchema,
  answer: z.object({ deleted: z.number().int() }),
});

export const assignDocumentSchools = defineRoute({
  method: 'PATCH',
  path: '/files/schools',
  right: { area: 'FileManager', level: 'Ecriture' },
  summary:
    "Sets the schools of documents the caller manages: the schools it reaches (an Administrateur: any, or ['all']); the others a document has are kept.",
  body: assignDocumentSchoolsBodySchema,
  answer: assignmentAnswerSchema,
});

export const assignDocumentUsers = defineRoute({
  method: 'PATCH',
  path: '/users/files',
  right: { area: 'buttonBulkEdit_bulkFiles', level: 'Ecriture' },
  summary: 'Assigns documents the caller sees to users it may act on (insert), or takes them back (delete).',
  body: assignDocumentUsersBodySchema,
  answer: assignmentAnswerSchema,
});

/**
 * Any signed-in user asks: with FileManager at Lecture, for a document the manager shows it; else
 * (pupils and teachers, from their page) for a document assigned to them, their school or every school.
 */
export const documentDownloadUrl = defineRoute({
  method: 'GET',
  path: '/files/download/url/:x',
  right: 'session',
  summary:
    'A short-lived address of one document the caller sees: shown by the browser for a type its preview shows, else downloaded.',
  params: idParams,
  /** `attachment` for the Download item: the browser saves the file even where it could show it. */
  query: z.object({ disposition: z.enum(['inline', 'attachment']).optional() }),
  answer: documentUrlSchema,
});

export const downloadDocumentsArchive = defineRoute({
  method: 'POST',
  path: '/files/archive',
  right: { area: 'FileManager', level: 'Lecture' },
  summary:
    "A zip ('Documents.zip') of documents the caller sees, each under its name (numbered when two share one), written while it is sent.",
  body: documentArchiveBodySchema,
  answer: fileAnswerSchema,
  produces: [DOCUMENTS_ARCHIVE_TYPE],
});
