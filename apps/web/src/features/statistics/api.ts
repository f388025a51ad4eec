import { schools } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';

/** The statistics of one school, or of every school the caller reaches when `uai` is null (Overview right). */
export function useStatistics(uai: string | null) {
  return useQuery({
    queryKey: ['schools', 'stats', uai ?? 'all'],
    queryFn: () => call(schools.getStatistics, uai ? { query: { uai } } : {}),
  });
}
