import {
  auth,
  documents,
  notifications,
  users,
  type ColumnDefinition,
  type GridColumn,
  type RouteInput,
  type SchoolUser,
} from '@console/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call } from '#lib/api';
import { schoolsQueryKeys } from '#features/schools/api';

const USER_PAGES_KEY = ['users', 'page'] as const;

export const usersQueryKeys = {
  all: ['users'] as const,
  columns: (uai: string) => ['users', 'columns', uai] as const,
  profiles: ['users', 'profiles'] as const,
  /** The prefix of every `page(id)`: invalidating it reloads every user page. */
  pages: USER_PAGES_KEY,
  page: (id: number) => [...USER_PAGES_KEY, id] as const,
  bin: (uai: string) => ['users', 'bin', uai] as const,
  platforms: (ids: readonly number[]) => ['users', 'platforms', ids] as const,
  documents: (uai: string) => ['users', 'documents', uai] as const,
};

/**
 * The spec's wire names (ColonneBDD, TypeColonne...) stop here: the grid reads GridColumns. One
 * function for every render, so that the query maps an answer once, not at each render.
 */
const toGridColumns = (definitions: ColumnDefinition[]): GridColumn[] => definitions.map(users.toGridColumn);

/** The users grid's columns for a school. */
export function useColumnDefinitions(uai: string) {
  return useQuery({
    queryKey: usersQueryKeys.columns(uai),
    queryFn: () => call(users.getColumnDefinitions, { query: { uai } }),
    select: toGridColumns,
    staleTime: 5 * 60_000,
  });
}

/** The profiles the caller may give a user. */
export function useProfiles({ isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({
    queryKey: usersQueryKeys.profiles,
    queryFn: () => call(users.listProfiles),
    enabled: isEnabled,
    staleTime: 10 * 60_000,
  });
}

/** One user page (null: nothing asked). */
export function useUserPage(id: number | null) {
  return useQuery({
    queryKey: usersQueryKeys.page(id ?? 0),
    queryFn: () => call(users.getUser, { params: { id: id! } }),
    enabled: id !== null,
  });
}

/** The deleted users of a school still in the bin. */
export function useBin(uai: string, { isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({
    queryKey: usersQueryKeys.bin(uai),
    queryFn: () => call(users.listBin, { query: { uai } }),
    enabled: isEnabled,
  });
}

/**
 * Puts changed rows into the cached users answer of their school, in place (the grid keeps its
 * scroll, selection and edits), and forgets the changed users' pages.
 */
export function useMergeUserRows() {
  const queryClient = useQueryClient();
  return useCallback(
    (uai: string, changed: readonly SchoolUser[]) => {
      const byId = new Map(changed.map((row) => [row.id, row]));
      queryClient.setQueryData(schoolsQueryKeys.users(uai), (previous: { users: SchoolUser[] } | undefined) =>
        previous ? { ...previous, users: previous.users.map((row) => byId.get(row.id) ?? row) } : previous,
      );
      for (const id of byId.keys()) void queryClient.invalidateQueries({ queryKey: usersQueryKeys.page(id) });
    },
    [queryClient],
  );
}

/** Reloads a school's users (and their pages and bin) after a change touching many of them. */
export function useReloadSchoolUsers() {
  const queryClient = useQueryClient();
  return useCallback(
    (uai: string) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: schoolsQueryKeys.users(uai) }),
        queryClient.invalidateQueries({ queryKey: schoolsQueryKeys.detail(uai) }),
        queryClient.invalidateQueries({ queryKey: usersQueryKeys.columns(uai) }),
        queryClient.invalidateQueries({ queryKey: usersQueryKeys.bin(uai) }),
        queryClient.invalidateQueries({ queryKey: usersQueryKeys.pages }),
      ]),
    [queryClient],
  );
}

type Body<R> = RouteInput<R> extends { body: infer B } ? B : never;

export function usePatchUser() {
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: Body<typeof users.patchUser> }) =>
      call(users.patchUser, { params: { id }, body }),
  });
}

export function useUpdateUser() {
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: Body<typeof users.updateUser> }) =>
      call(users.updateUser, { params: { id }, body }),
  });
}

/**
 * Unlocks an account that wrong passwords locked (`POST /auth/unlock/{id}`, an Administrateur's):
 * its page and its school's rows (the grid's Verrouille column) load again.
 */
export function useUnlockAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: number; uai: string | null }) => call(auth.unlockAccount, { params: { userId: id } }),
    onSuccess: (_answer, { id, uai }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: usersQueryKeys.page(id) }),
        ...(uai ? [queryClient.invalidateQueries({ queryKey: schoolsQueryKeys.users(uai) })] : []),
      ]),
  });
}

/**
 * Gives a pupil or a teacher a new sign-in link (`POST /auth/link-token/{id}`): the old one, and
 * the QR code of every sheet printed with it, stop working. The page shows the new QR code.
 */
export function useNewSignInLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(auth.regenerateLinkToken, { params: { userId: id } }),
    onSuccess: (_answer, id) => queryClient.invalidateQueries({ queryKey: usersQueryKeys.page(id) }),
  });
}

/** Clear passwords: dropped from the mutation cache as soon as nothing observes them (gcTime 0). */
export function useDecryptPasswords() {
  return useMutation({ mutationFn: (ids: number[]) => call(users.decryptPasswords, { body: { passwords: ids } }), gcTime: 0 });
}

export function useCreateUser() {
  return useMutation({ mutationFn: (body: Body<typeof users.createUser>) => call(users.createUser, { body }) });
}

/** n generated passwords ('!' added for the EDULIB platform). */
export function fetchGeneratedPasswords(n: number, platformId?: string): Promise<string[]> {
  return call(users.generatePasswords, { params: { n }, query: platformId ? { platformId } : {} });
}

export function useSetUsersDisabled() {
  return useMutation({ mutationFn: (body: Body<typeof users.setUsersDisabled>) => call(users.setUsersDisabled, { body }) });
}

export function useDeleteUsers() {
  return useMutation({ mutationFn: (ids: number[]) => call(users.deleteUsers, { body: ids }) });
}

export function useRestoreUsers() {
  return useMutation({ mutationFn: (ids: number[]) => call(users.restoreUsers, { body: { ids } }) });
}

export function useBulkUpdate() {
  return useMutation({ mutationFn: (body: Body<typeof users.bulkUpdateUsers>) => call(users.bulkUpdateUsers, { body }) });
}

export function useUndoBulkUpdate() {
  return useMutation({ mutationFn: (token: string) => call(users.undoBulkUpdate, { body: { token } }) });
}

/**
 * The platform data (logins, passwords, codes) of the given users, for the bulk applications form:
 * asked afresh each time and dropped as soon as nothing observes it (staleTime and gcTime 0).
 */
export function useUsersPlatforms(ids: number[], { isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({
    queryKey: usersQueryKeys.platforms(ids),
    queryFn: () => call(users.getUsersPlatforms, { body: { userIds: ids } }),
    enabled: isEnabled && ids.length > 0,
    staleTime: 0,
    gcTime: 0,
  });
}

/** `actionKey`: one per user action, so that a repeat of it never activates twice (see CallOptions). */
export function useActivatePneKeys() {
  return useMutation({
    mutationFn: ({ body, actionKey }: { body: Body<typeof users.activatePneKeys>; actionKey: string }) =>
      call(users.activatePneKeys, { body }, { idempotencyKey: actionKey }),
  });
}

/** `actionKey`: one per user action, so that a repeat of it never mails twice (see CallOptions). */
export function useMailUsers() {
  return useMutation({
    mutationFn: ({ body, actionKey }: { body: Body<typeof users.mailUsers>; actionKey: string }) =>
      call(users.mailUsers, { body }, { idempotencyKey: actionKey }),
  });
}

/** The documents the caller sees from a school's document manager, for the bulk documents dialog. */
export function useSchoolDocuments(uai: string) {
  return useQuery({
    queryKey: usersQueryKeys.documents(uai),
    queryFn: () => call(documents.listDocuments, { params: { x: uai } }),
  });
}

/**
 * Assigns documents to users or takes them back; the user pages, which list them, load again
 * (not awaited: the toast does not wait for an open page to reload).
 */
export function useAssignDocumentUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body<typeof documents.assignDocumentUsers>) => call(documents.assignDocumentUsers, { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: usersQueryKeys.pages }),
  });
}

/**
 * Records a notification to the chosen users and starts its send (`POST /devices/notifications/token`,
 * the bulk menu's notification): the answer names it and counts the tokens it tries; the progress
 * comes over the socket, followed by the notifications feature's `useNotificationSend`.
 */
export function useNotifyUsers() {
  return useMutation({
    mutationFn: (body: Body<typeof notifications.notifyUsers>) => call(notifications.notifyUsers, { body }),
  });
}
