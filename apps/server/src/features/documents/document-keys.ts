import { randomBytes } from 'node:crypto';
import { isStorageKey, UPLOAD_RANDOM_BYTES } from '#adapters/storage/index.js';
import { cleanFileStem } from '#features/files/files.service.js';

/** The folder of the documents in the file storage: never served without a signed address. */
export const DOCUMENTS_FOLDER = 'documents';

const EXTENSION = /^[a-z0-9]{1,10}$/;
const DOCUMENT_KEY_REST = new RegExp(`^[0-9a-f]{${UPLOAD_RANDOM_BYTES * 2}}-[a-z0-9]+(?:-[a-z0-9]+)*(?:\\.[a-z0-9]{1,10})?$`);

/**
 * The storage key of a new document: `documents/<random>-<stem>.<extension of the name>`; the
 * random part makes every upload its own object, the rest keeps it readable.
 */
export function buildDocumentKey(name: string, random: Buffer = randomBytes(UPLOAD_RANDOM_BYTES)): string {
  const base = name.trim().split(/[/\\]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  const extension = dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
  return `${DOCUMENTS_FOLDER}/${random.toString('hex')}-${cleanFileStem(name, 'document')}${EXTENSION.test(extension) ? `.${extension}` : ''}`;
}

/** Whether `key` has the form `buildDocumentKey` gives. */
export function isDocumentKey(key: string): boolean {
  const prefix = `${DOCUMENTS_FOLDER}/`;
  return isStorageKey(key) && key.startsWith(prefix) && DOCUMENT_KEY_REST.test(key.slice(prefix.length));
}
