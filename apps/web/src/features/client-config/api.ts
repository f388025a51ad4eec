import { clientConfigRef } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '#lib/api';

/** One query: its key is the root, which the sign-out keeps (auth's public roots). */
export const clientConfigQueryKeys = {
  all: ['client-config'] as const,
};

/** Version and configured links (help pages, terms, accessibility statement). */
export function useClientConfig() {
  return useQuery({
    queryKey: clientConfigQueryKeys.all,
    queryFn: () => call(clientConfigRef),
    staleTime: Infinity,
  });
}
