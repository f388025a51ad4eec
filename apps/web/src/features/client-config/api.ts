import { clientConfigRef } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';

/** Version and configured links (help pages, terms, accessibility statement). */
export function useClientConfig() {
  return useQuery({
    queryKey: ['client-config'],
    queryFn: () => call(clientConfigRef),
    staleTime: Infinity,
  });
}
