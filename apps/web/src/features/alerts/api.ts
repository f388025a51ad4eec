import { alertsRef } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';

/** The support host's alerts; a failure leaves the list empty (the spec ignores it). */
export function useAlerts() {
  return useQuery({
    queryKey: ['alerts'],
    queryFn: () => call(alertsRef),
    retry: false,
    staleTime: 5 * 60_000,
  });
}
