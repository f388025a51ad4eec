import { schools } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '#lib/api';
import { schoolsQueryKeys } from '#features/schools/api';

/**
 * Under the schools root on purpose (`['schools', 'stats', …]`, the keys they have always had): an
 * invalidation of `schoolsQueryKeys.all` reloads the statistics with the schools. 'all' (never a
 * UAI) stands for every school the caller reaches.
 */
export const statisticsQueryKeys = {
  statistics: (uai: string | null) => [...schoolsQueryKeys.all, 'stats', uai ?? 'all'] as const,
};

/** The statistics of one school, or of every school the caller reaches when `uai` is null (Overview right). */
export function useStatistics(uai: string | null) {
  return useQuery({
    queryKey: statisticsQueryKeys.statistics(uai),
    queryFn: () => call(schools.getStatistics, uai ? { query: { uai } } : {}),
  });
}
