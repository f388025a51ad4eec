import { alertsRef } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '#lib/api';

/** One query: its key is the root, which the sign-out keeps (auth's public roots). */
export const alertsQueryKeys = {
  all: ['alerts'] as const,
};

/** The support host's alerts; a failure leaves the list empty (the spec ignores it). */
export function useAlerts() {
  return useQuery({
    queryKey: alertsQueryKeys.all,
    queryFn: () => call(alertsRef),
    retry: false,
    staleTime: 5 * 60_000,
  });
}
