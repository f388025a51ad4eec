import { z } from 'zod';
import { defineRoute } from '../http.js';
import { uaiFieldSchema } from '../rules/uai.js';
import {
  deleteDocumentsBodySchema,
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
const uaiParams = z.object({ x: uaiFieldSchema });

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
  summary: "The documents the caller sees from a school's document manager, with the store's capacity and use.",
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

export const documentDownloadUrl = defineRoute({
  method: 'GET',
  path: '/files/download/url/:x',
  right: { area: 'FileManager', level: 'Lecture' },
  summary: 'A short-lived address of one document: shown by the browser for a type its preview shows, else downloaded.',
  params: idParams,
  answer: documentUrlSchema,
});
