import { documents, files } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '#lib/api';
import { EMPTY_FILE, failureMessage, fileProblem, leavesNoRoom, messageOf, registrationProblems, typeOf } from './upload-rules';

const knowsAll = (key: string) => key.startsWith('documents.') || key.startsWith('files.');
const refusal = (fieldErrors: Record<string, string[]>, status = 400) =>
  new ApiError(status, 'validation_failed', 'Invalid', fieldErrors);

describe('upload rules', () => {
  it('lets a profile other than Administrateur send PDFs of 10 MB at most', () => {
    const docx = { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', size: 1000 };
    expect(fileProblem(false, docx)).toBe(documents.FORBIDDEN_TYPE);
    expect(fileProblem(false, { type: 'application/pdf', size: 10_000_001 })).toBe(documents.TOO_LARGE);
    expect(fileProblem(false, { type: 'application/pdf', size: 10_000_000 })).toBeNull();
    expect(fileProblem(true, docx)).toBeNull();
    expect(fileProblem(true, { type: '', size: 20_000_000 })).toBeNull();
  });

  it('refuses an empty file before any call, after the type', () => {
    expect(fileProblem(true, { type: 'text/plain', size: 0 })).toBe(EMPTY_FILE);
    expect(fileProblem(false, { type: 'text/plain', size: 0 })).toBe(documents.FORBIDDEN_TYPE);
  });

  it('announces a file without a type as application/octet-stream', () => {
    expect(typeOf({ type: '' })).toBe('application/octet-stream');
    expect(typeOf({ type: 'application/pdf' })).toBe('application/pdf');
  });

  it("counts the store's use and what the batch sent: reaching the capacity leaves no room", () => {
    const room = { usedBytes: 900, maxBucketSize: 1000 };
    expect(leavesNoRoom(room, 0, 99)).toBe(false);
    expect(leavesNoRoom(room, 0, 100)).toBe(true);
    expect(leavesNoRoom(room, 50, 49)).toBe(false);
    expect(leavesNoRoom(room, 50, 50)).toBe(true);
  });

  it("shows a refusal's message the interface knows, never an image's, else the failed upload", () => {
    expect(messageOf([documents.STORAGE_FULL], knowsAll)).toBe(documents.STORAGE_FULL);
    expect(messageOf(['Required'], knowsAll)).toBe(documents.UPLOAD_FAILED);
    expect(messageOf(['documents.errors.unheard_of'], () => false)).toBe(documents.UPLOAD_FAILED);
    expect(messageOf([files.IMAGE_TOO_LARGE], knowsAll)).toBe(documents.UPLOAD_FAILED);
    expect(failureMessage(refusal({ file: [documents.TOO_LARGE] }), knowsAll)).toBe(documents.TOO_LARGE);
    expect(failureMessage(new ApiError(0, 'network_error', 'Down'), knowsAll)).toBe(documents.UPLOAD_FAILED);
    expect(failureMessage(new Error('boom'), knowsAll)).toBe(documents.UPLOAD_FAILED);
  });

  it("reads a refused registration's messages by file, the store's room for every file left", () => {
    const problems = registrationProblems(
      refusal({ 'arrayDocs.1.key': [documents.TYPE_MISMATCH], 'arrayDocs.3.key': [documents.NOT_UPLOADED] }),
      4,
      knowsAll,
    );
    expect(problems).toEqual(
      new Map([
        [1, documents.TYPE_MISMATCH],
        [3, documents.NOT_UPLOADED],
      ]),
    );
    expect(registrationProblems(refusal({ file: [documents.STORAGE_FULL] }), 2, knowsAll)).toEqual(
      new Map([
        [0, documents.STORAGE_FULL],
        [1, documents.STORAGE_FULL],
      ]),
    );
  });

  it('names no file for a failure of the call', () => {
    expect(registrationProblems(new ApiError(500, 'internal_error', 'Boom'), 2, knowsAll)).toBeNull();
    expect(registrationProblems(refusal({ other: ['x.y'] }), 2, knowsAll)).toBeNull();
    expect(registrationProblems(refusal({ 'arrayDocs.7.key': [documents.NOT_UPLOADED] }), 2, knowsAll)).toBeNull();
    expect(registrationProblems(new Error('boom'), 2, knowsAll)).toBeNull();
  });
});
