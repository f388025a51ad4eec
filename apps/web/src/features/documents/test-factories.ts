import type { documents } from '@console/contract';
import type { MockAnswer } from '#test/fetch-mock';

/** Builders of documents as `GET /files/all` answers them, for the documents feature's tests. */

export const LIST = 'GET /api/files/all';

export function buildDocument(id: number, name: string, overrides: Partial<documents.Document> = {}): documents.Document {
  return {
    id,
    key: `documents/${id}-${name}`,
    name,
    type: 'application/pdf',
    size: 1000 * id,
    uploadedBy: { firstname: 'Anne', lastname: 'ADMIN', profile: 'Administrateur' },
    date: '2026-01-05T10:00:00.000Z',
    schools: ['0750001A'],
    canManage: true,
    ...overrides,
  };
}

export const listOf = (files: documents.Document[], usedBytes = 3_000_000, maxBucketSize = 10_000_000_000): MockAnswer => ({
  status: 200,
  body: { files, maxBucketSize, usedBytes },
});
