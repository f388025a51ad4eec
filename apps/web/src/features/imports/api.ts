import { imports } from '@console/contract';
import {
  useMutation,
  useMutationState,
  useQuery,
  useQueryClient,
  type Mutation,
  type MutationState,
  type QueryClient,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import { call, postForm } from '#lib/api';
import { useReloadSchoolUsers } from '#features/users/api';

export const importsQueryKeys = {
  history: (uai: string) => ['imports', 'history', uai] as const,
  verification: (uai: string) => ['imports', 'verification', uai] as const,
};

/** What the verification posts: the file, its mode and the school it goes into. */
export type ImportUpload = { file: File; mode: imports.ImportMode; uai: string };

/** The verifications' key: their state stays in the cache when the view is left, to find again. */
const VERIFY_KEY = ['imports', 'verify'] as const;

/** Verifies a file (POST /users/batch, multipart): the preview, or an ApiError whose body lists the problems. */
export function useVerifyImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: VERIFY_KEY,
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

const isVerificationOf = (uai: string) => (mutation: Mutation<unknown, Error, unknown>) =>
  (mutation.state.variables as ImportUpload | undefined)?.uai === uai;

/**
 * The school's latest verification sent from this tab, as the cache keeps it when the import view
 * is left (issue 31 §1): still running, its preview, or its refusal; undefined when none, or once
 * it is put aside (`forget`).
 */
export function useLatestVerification(uai: string) {
  const queryClient = useQueryClient();
  const states = useMutationState({
    filters: { mutationKey: VERIFY_KEY, predicate: isVerificationOf(uai) },
    select: (mutation) => mutation.state as MutationState<imports.ImportCheckAnswer, Error, ImportUpload>,
  });
  const forget = useCallback(() => forgetVerifications(queryClient, uai), [queryClient, uai]);
  return { latest: states.at(-1), forget };
}

/** Puts the school's verifications aside: a new file, or an import confirmed or cancelled. */
function forgetVerifications(queryClient: QueryClient, uai: string): void {
  const cache = queryClient.getMutationCache();
  for (const mutation of cache.findAll({ mutationKey: VERIFY_KEY, predicate: isVerificationOf(uai) })) cache.remove(mutation);
}

const DECIDE_KEY = ['imports', 'decide'] as const;

type Decision = imports.ImportConfirmBody & { importNumber: number };

/**
 * The decision on the import at work from this tab, even one sent before the view was left: 1
 * while it is being confirmed, 0 cancelled; null when none is.
 */
export function useDecisionAtWork(importNumber: number | undefined): 0 | 1 | null {
  const pending = useMutationState({
    filters: {
      mutationKey: DECIDE_KEY,
      status: 'pending',
      predicate: (mutation) => (mutation.state.variables as Decision | undefined)?.importNumber === importNumber,
    },
    select: (mutation) => (mutation.state.variables as Decision).confirmation,
  });
  return importNumber === undefined ? null : (pending.at(-1) ?? null);
}

/**
 * How far the caller's verification in the school is (the file read, then its lines planned),
 * asked every PROGRESS_POLL_MS while `running`.
 */
export function useVerificationProgress(uai: string, running: boolean) {
  return useQuery({
    queryKey: importsQueryKeys.verification(uai),
    queryFn: () => call(imports.getImportVerification, { query: { uai } }),
    enabled: running,
    refetchInterval: running ? PROGRESS_POLL_MS : false,
    gcTime: 0,
  });
}

/** Confirms (1) or cancels (0) a verified import; once applied, the school's users are fetched again. */
export function useDecideImport(uai: string) {
  const queryClient = useQueryClient();
  const reloadSchoolUsers = useReloadSchoolUsers();
  return useMutation({
    mutationKey: DECIDE_KEY,
    mutationFn: ({ importNumber, ...body }: Decision) => call(imports.confirmImport, { params: { importNumber }, body }),
    // Here rather than in the view: an import decided while the view was left is not previewed again.
    onSuccess: (result) => {
      forgetVerifications(queryClient, uai);
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
