import { documents } from '@console/contract';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '#lib/api';
import { registerUploads, type Register, type Uploaded } from './register-uploads';

const knows = (key: string) => key.startsWith('documents.');
const listOf = (usedBytes: number): documents.DocumentList => ({ files: [], maxBucketSize: 1_000_000, usedBytes });
const uploadedFiles = (count: number, from = 0): Uploaded[] =>
  Array.from({ length: count }, (_, index) => ({
    lineId: from + index,
    key: `documents/${from + index}.pdf`,
    name: `${from + index}.pdf`,
  }));
const refusal = (fieldErrors: Record<string, string[]>) => new ApiError(400, 'validation_failed', 'Invalid', fieldErrors);

describe('registering uploads', () => {
  it("registers the batch in one call, for the user's school", async () => {
    const register = vi.fn<Register>().mockResolvedValue(listOf(500));
    const outcome = await registerUploads(uploadedFiles(2), ['0750001A'], register, knows);
    expect(register.mock.calls).toEqual([
      [
        [
          { key: 'documents/0.pdf', name: '0.pdf', schools: ['0750001A'] },
          { key: 'documents/1.pdf', name: '1.pdf', schools: ['0750001A'] },
        ],
      ],
    ]);
    expect(outcome.registered.map((file) => file.lineId)).toEqual([0, 1]);
    expect(outcome.answer?.usedBytes).toBe(500);
  });

  it('registers again the files a refusal spared, once', async () => {
    const register = vi
      .fn<Register>()
      .mockRejectedValueOnce(refusal({ 'arrayDocs.1.key': [documents.TYPE_MISMATCH] }))
      .mockResolvedValueOnce(listOf(700));
    const outcome = await registerUploads(uploadedFiles(3), [], register, knows);
    expect(register.mock.calls.map(([docs]) => docs.map((doc) => doc.key))).toEqual([
      ['documents/0.pdf', 'documents/1.pdf', 'documents/2.pdf'],
      ['documents/0.pdf', 'documents/2.pdf'],
    ]);
    expect(outcome.registered.map((file) => file.lineId)).toEqual([0, 2]);
    expect(outcome.refused).toEqual(new Map([[1, documents.TYPE_MISMATCH]]));
    expect(outcome.failure).toBeNull();
  });

  it("maps the second refusal's indexes to its own files, and calls no third time", async () => {
    const register = vi
      .fn<Register>()
      .mockRejectedValueOnce(refusal({ 'arrayDocs.0.key': [documents.NOT_UPLOADED] }))
      .mockRejectedValueOnce(refusal({ file: [documents.STORAGE_FULL] }));
    const outcome = await registerUploads(uploadedFiles(3), [], register, knows);
    expect(register).toHaveBeenCalledTimes(2);
    expect(outcome.registered).toEqual([]);
    expect(outcome.refused).toEqual(
      new Map([
        [0, documents.NOT_UPLOADED],
        [1, documents.STORAGE_FULL],
        [2, documents.STORAGE_FULL],
      ]),
    );
  });

  it('leaves the files of a failed call unregistered, with the failure', async () => {
    const failure = new ApiError(500, 'internal_error', 'Boom');
    const register = vi.fn<Register>().mockRejectedValue(failure);
    const outcome = await registerUploads(uploadedFiles(2), [], register, knows);
    expect(outcome.failed.map((file) => file.lineId)).toEqual([0, 1]);
    expect(outcome.failure).toBe(failure);
    expect(outcome.registered).toEqual([]);
  });

  it('registers more files than one call takes in several calls', async () => {
    const register = vi.fn<Register>().mockResolvedValue(listOf(1));
    const count = documents.DOCUMENTS_PER_CALL_MAX + 3;
    const outcome = await registerUploads(uploadedFiles(count), [], register, knows);
    expect(register.mock.calls.map(([docs]) => docs.length)).toEqual([documents.DOCUMENTS_PER_CALL_MAX, 3]);
    expect(outcome.registered).toHaveLength(count);
  });
});
