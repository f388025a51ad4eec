import { imports } from '@console/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, postForm } from '../../lib/api';
import { useReloadSchoolUsers } from '../users/api';

export const importsQueryKeys = {
  history: (uai: string) => ['imports', 'history', uai] as const,
};

/** What the verification posts: the file, its mode and the school it goes into. */
export type ImportUpload = { file: File; mode: imports.ImportMode; uai: string };

/** Verifies a file (POST /users/batch, multipart): the preview, or an ApiError whose body lists the problems. */
export function useVerifyImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, mode, uai }: ImportUpload) => {
      const form = new FormData();
      form.append(imports.IMPORT_MODE_FIELD, mode);
      form.append(imports.IMPORT_SCHOOL_FIELD, uai);
      form.append(imports.IMPORT_FILE_FIELD, file, file.name);
      return postForm(imports.verifyImport, form);
    },
    onSuccess: (preview) => void queryClient.invalidateQueries({ queryKey: importsQueryKeys.history(preview.uai) }),
  });
}

/** Confirms (1) or cancels (0) a verified import; once applied, the school's users are fetched again. */
export function useDecideImport(uai: string) {
  const queryClient = useQueryClient();
  const reloadSchoolUsers = useReloadSchoolUsers();
  return useMutation({
    mutationFn: ({ importNumber, ...body }: imports.ImportConfirmBody & { importNumber: number }) =>
      call(imports.confirmImport, { params: { importNumber }, body }),
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: importsQueryKeys.history(uai) });
      if (result.status === 'applied') void reloadSchoolUsers(uai);
    },
  });
}

/** How often the history is asked again while a confirmation is at work, for its progress. */
export const PROGRESS_POLL_MS = 1000;

/**
 * The school's imports, newest first; asked again every PROGRESS_POLL_MS while one is `applying`
 * (or while `watch`, when this view has just sent a confirmation), so that its progress moves.
 */
export function useImportHistory(uai: string, { watch = false }: { watch?: boolean } = {}) {
  return useQuery({
    queryKey: importsQueryKeys.history(uai),
    queryFn: () => call(imports.listImports, { query: { uai } }),
    refetchInterval: (query) =>
      watch || query.state.data?.some((entry) => entry.status === 'applying') ? PROGRESS_POLL_MS : false,
  });
}

/** Rolls back an applied import; the history and the school's users are fetched again. */
export function useRollBackImport(uai: string) {
  const queryClient = useQueryClient();
  const reloadSchoolUsers = useReloadSchoolUsers();
  return useMutation({
    mutationFn: (importNumber: number) => call(imports.rollBackImport, { params: { importNumber } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: importsQueryKeys.history(uai) });
      void reloadSchoolUsers(uai);
    },
  });
}
