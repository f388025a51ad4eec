import { documents, files } from '@console/contract';
import { ApiError } from '#lib/api';

/**
 * The document manager's upload rules as the browser applies them (spec 3 §5 'File upload'): what
 * a chosen file may not be, the store's room, and which message a refusal shows. Messages are
 * translation keys.
 */

/** Where a file of the upload dialog stands: waiting its turn, sending, sent, or refused with the message why. */
export type LineState =
  { kind: 'waiting' } | { kind: 'sending'; percent: number } | { kind: 'sent' } | { kind: 'refused'; reason: string };

/** One line of the dialog: a file (or a dropped folder, without a size) and its state. */
export type UploadLine = { id: number; name: string; size: number | null; state: LineState };

/** The store's capacity and use, in bytes. */
export type Room = { usedBytes: number; maxBucketSize: number };

/** Whether a message key is one the interface translates. */
export type KnowsKey = (key: string) => boolean;

/** An empty file: nothing to send (the server refuses a ticket for 0 bytes). */
export const EMPTY_FILE = 'files.errors.empty';

/** The storage's refusals that speak of images: a document's line says the upload failed instead. */
const IMAGE_MESSAGES: readonly string[] = [files.NOT_AN_IMAGE, files.IMAGE_TOO_LARGE];

/** The type a file is announced as: the browser's, or `application/octet-stream` when it knows none. */
export function typeOf(file: { type: string }): string {
  return file.type || 'application/octet-stream';
}

/** Why a chosen file may not be sent, before any call (the profile's type and size, then an empty file), or null. */
export function fileProblem(isAdministrator: boolean, file: { type: string; size: number }): string | null {
  return (
    documents.documentUploadProblem(isAdministrator, { type: typeOf(file), size: file.size }) ??
    (file.size === 0 ? EMPTY_FILE : null)
  );
}

/** Whether the next file would make the store reach its capacity: its use, plus what this batch sent, plus the file. */
export function leavesNoRoom(room: Room, sentBytes: number, size: number): boolean {
  return documents.fillsTheStore(room.usedBytes + sentBytes, size, room.maxBucketSize);
}

/** The first of a refusal's messages the interface translates (an image's aside), else the failed upload's. */
export function messageOf(messages: readonly string[], knows: KnowsKey): string {
  return (
    messages.find((message) => message.includes('.') && !IMAGE_MESSAGES.includes(message) && knows(message)) ??
    documents.UPLOAD_FAILED
  );
}

/** What a file's line says when its ticket or its transfer failed: a field error the interface knows, else the failed upload. */
export function failureMessage(error: unknown, knows: KnowsKey): string {
  return messageOf(error instanceof ApiError ? Object.values(error.fieldErrors).flat() : [], knows);
}

const INDEXED_FIELD = /^arrayDocs\.(\d+)(?:\.|$)/;

/**
 * The files a refused registration of `count` files names, by their index in its body, with each
 * one's message: `arrayDocs.<i>.key` for one file; `file` (the store's room) and a bare `arrayDocs`
 * for every file no other message names. Null when the refusal names no file (a failure of the call).
 */
export function registrationProblems(error: unknown, count: number, knows: KnowsKey): Map<number, string> | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const problems = new Map<number, string>();
  let forEveryFile: string | null = null;
  for (const [field, messages] of Object.entries(error.fieldErrors)) {
    const indexed = INDEXED_FIELD.exec(field);
    const index = indexed ? Number(indexed[1]) : -1;
    if (indexed && index < count && !problems.has(index)) problems.set(index, messageOf(messages, knows));
    else if (field === 'file' || field === 'arrayDocs') forEveryFile ??= messageOf(messages, knows);
  }
  if (forEveryFile !== null)
    for (let index = 0; index < count; index++) if (!problems.has(index)) problems.set(index, forEveryFile);
  return problems.size > 0 ? problems : null;
}
