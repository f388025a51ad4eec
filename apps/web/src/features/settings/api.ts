import { settings } from '@console/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';

export const settingsQueryKeys = {
  all: ['settings'] as const,
  links: ['settings', 'links'] as const,
};

/** The link settings (the Tabuléo tab), by name. */
export function useLinkSettings() {
  return useQuery({ queryKey: settingsQueryKeys.links, queryFn: () => call(settings.getLinkSettings) });
}

/** Changes the named link settings (all or none); the answer, every link setting, becomes the cached map. */
export function useUpdateLinkSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: settings.LinkSettings) => call(settings.updateLinkSettings, { body: changes }),
    onSuccess: (linkSettings) => queryClient.setQueryData(settingsQueryKeys.links, linkSettings),
  });
}
