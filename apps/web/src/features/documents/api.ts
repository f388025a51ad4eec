import { documents, type RouteInput } from '@console/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callForFile } from '#lib/api';
import { saveFile } from '#lib/save-file';
import { usersQueryKeys } from '#features/users/api';

type Body<R> = RouteInput<R> extends { body: infer B } ? B : never;

export const documentsQueryKeys = {
  all: ['documents'] as const,
  list: ['documents', 'list'] as const,
};

/** The documents the caller sees, every school it reaches together ('all'), with the store's capacity and use. */
export function useDocuments() {
  return useQuery({
    queryKey: documentsQueryKeys.list,
    queryFn: () => call(documents.listDocuments, { params: { x: 'all' } }),
  });
}

/** The ids in batches of the most one call takes. */
export function inBatches(ids: readonly number[], size = documents.DOCUMENTS_PER_CALL_MAX): number[][] {
  const batches: number[][] = [];
  for (let start = 0; start < ids.length; start += size) batches.push(ids.slice(start, start + size));
  return batches;
}

/**
 * After a change to documents: the manager's list, the bulk documents dialog's lists and the user
 * pages (which list a user's documents) load again; not awaited.
 */
function useReloadDocuments() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: documentsQueryKeys.all });
    void queryClient.invalidateQueries({ queryKey: [...usersQueryKeys.all, 'documents'] });
    void queryClient.invalidateQueries({ queryKey: usersQueryKeys.pages });
  };
}

/** The list loads again (the refresh button, a finished upload). */
export function useRefreshDocuments() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: documentsQueryKeys.list });
}

/**
 * Deletes documents: one by `DELETE /files/{id}`, several by `POST /files` in batches of the most
 * one call takes, one after the other. Resolves with how many were deleted.
 */
export function useDeleteDocuments() {
  const reload = useReloadDocuments();
  return useMutation({
    mutationFn: async (ids: readonly number[]) => {
      if (ids.length === 1) return (await call(documents.deleteDocument, { params: { x: ids[0]! } })).deleted;
      let deleted = 0;
      for (const files of inBatches(ids))
        deleted += (await call(documents.deleteDocuments, { body: { action: 'delete', files } })).deleted;
      return deleted;
    },
    onSettled: reload,
  });
}

/** Sets the documents' schools (`PATCH /files/schools`), in batches of the most one call takes. */
export function useAssignDocumentSchools() {
  const reload = useReloadDocuments();
  return useMutation({
    mutationFn: async ({
      ids,
      arrayUai,
    }: {
      ids: readonly number[];
      arrayUai: Body<typeof documents.assignDocumentSchools>['arrayUai'];
    }) => {
      let changed = 0;
      for (const arrayDocs of inBatches(ids))
        changed += (await call(documents.assignDocumentSchools, { body: { arrayDocs, arrayUai } })).changed;
      return changed;
    },
    onSettled: reload,
  });
}

/** A short-lived address of one document, asked at each use (an address kept would expire): shown by the browser, or downloaded. */
export function useDocumentAddress() {
  return useMutation({
    mutationFn: ({ id, disposition }: { id: number; disposition: 'inline' | 'attachment' }) =>
      call(documents.documentDownloadUrl, { params: { x: id }, query: { disposition } }),
  });
}

/** Downloads the documents as one zip (`POST /files/archive`) and saves it under the name the server gives. */
export function useDownloadArchive() {
  return useMutation({
    mutationFn: async (files: readonly number[]) => {
      const { blob, fileName } = await callForFile(
        documents.downloadDocumentsArchive,
        { body: { files: [...files] } },
        documents.DOCUMENTS_ARCHIVE_NAME,
      );
      saveFile(blob, fileName);
    },
  });
}
