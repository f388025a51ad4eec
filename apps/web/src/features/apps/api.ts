import { apps } from '@console/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '#lib/api';

export const appsQueryKeys = {
  all: ['apps'] as const,
  tokenReport: ['apps', 'token-report'] as const,
};

/** The accesses whose publisher token is in error, by school, application and user. */
export function useTokenReport() {
  return useQuery({
    queryKey: appsQueryKeys.tokenReport,
    queryFn: () => call(apps.tokenReport),
  });
}

/** Asks a publisher to check the tokens of one school or of all ('all'); the token report follows. */
export function useSyncTokens() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { publisher: apps.Publisher; target: string }) => call(apps.syncTokens, { params: input }),
    onSuccess: (answer) => {
      if (answer.ok) void queryClient.invalidateQueries({ queryKey: appsQueryKeys.tokenReport });
    },
  });
}

export type SignOnSite = 'support' | 'catalogue';

/** The single-sign-on address of the support or catalogue site (short-lived: asked for at each click). */
export function useSignOnUrl(site: SignOnSite) {
  return useMutation({
    mutationFn: () => call(site === 'support' ? apps.supportSignOn : apps.catalogueSignOn),
  });
}
