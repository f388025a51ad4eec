import { authRefs, type InterfaceLanguage, type PasswordChange, type SessionUser } from '@console/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError, call } from '#lib/api';
import { clearAllHandoffs } from '#lib/handoff';
import { alertsQueryKeys } from '#features/alerts/api';
import { clientConfigQueryKeys } from '#features/client-config/api';

export const authQueryKeys = {
  all: ['auth'] as const,
  session: ['auth', 'session'] as const,
};

/** Queries that do not depend on who is signed in, kept across a sign-out. */
const PUBLIC_QUERY_ROOTS: readonly string[] = [authQueryKeys.all[0], alertsQueryKeys.all[0], clientConfigQueryKeys.all[0]];

/** The signed-in user restored from the session cookie, or null when there is none. */
export function useSession() {
  return useQuery({
    queryKey: authQueryKeys.session,
    queryFn: async (): Promise<SessionUser | null> => {
      try {
        return await call(authRefs.me);
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
    staleTime: Infinity,
    retry: false,
  });
}

/** Makes the given user the signed-in one (after the sign-in screen's success fade). */
export function useEnterSession() {
  const queryClient = useQueryClient();
  return useCallback((user: SessionUser) => queryClient.setQueryData(authQueryKeys.session, user), [queryClient]);
}

export function useSignIn() {
  return useMutation({
    mutationFn: (credentials: { login: string; password: string }) => call(authRefs.login, { body: credentials }),
  });
}

export function useSignInWithLink() {
  return useMutation({
    mutationFn: (token: string) => call(authRefs.loginWithToken, { body: { id: token, loginWithUrl: true } }),
  });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(authRefs.logout),
    onSettled: () => {
      queryClient.removeQueries({ predicate: (query) => !PUBLIC_QUERY_ROOTS.includes(String(query.queryKey[0])) });
      queryClient.setQueryData(authQueryKeys.session, null);
      clearAllHandoffs();
    },
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (change: PasswordChange) => call(authRefs.changePassword, { body: change }),
  });
}

/** Keeps the interface language with the account, for the next sign-in in any browser; the session follows. */
export function useKeepLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (language: InterfaceLanguage) => call(authRefs.setLanguage, { body: { language } }),
    onSuccess: (_answer, language) => {
      queryClient.setQueryData<SessionUser | null>(authQueryKeys.session, (user) => (user ? { ...user, language } : user));
    },
  });
}
