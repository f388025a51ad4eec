import { settings } from '@console/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, call } from '#lib/api';
import { schoolsQueryKeys } from '#features/schools/api';

export const settingsQueryKeys = {
  all: ['settings'] as const,
  links: ['settings', 'links'] as const,
  regex: ['settings', 'regex'] as const,
  platforms: ['settings', 'platforms'] as const,
  applications: ['settings', 'applications'] as const,
  purgeTasks: ['settings', 'purge-tasks'] as const,
  purgePreview: (platformId: string, uais: string) => ['settings', 'purge-preview', platformId, uais] as const,
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

/** The regex settings (the Regex tab): firstname, lastname, login. */
export function useRegexSettings() {
  return useQuery({ queryKey: settingsQueryKeys.regex, queryFn: () => call(settings.getRegexSettings) });
}

/**
 * Saves the regex settings listed (all or none). A refusal's field errors, which the server places
 * by position in the list (`1.regexStructure`), are placed by field instead (`login.regexStructure`).
 * The schools' answers carry these rules (the add-user panel cleans names with them): they are
 * fetched again.
 */
export function useUpdateRegexSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (list: settings.RegexSettings) => {
      try {
        return await call(settings.updateRegexSettings, { body: list });
      } catch (error) {
        throw error instanceof ApiError ? withFieldErrorsByName(error, list) : error;
      }
    },
    onSuccess: (regexSettings) => {
      queryClient.setQueryData(settingsQueryKeys.regex, regexSettings);
      void queryClient.invalidateQueries({ queryKey: schoolsQueryKeys.details });
    },
  });
}

/** The error with `index.property` field errors renamed `fieldName.property`. */
function withFieldErrorsByName(error: ApiError, list: settings.RegexSettings): ApiError {
  const fieldErrors = Object.fromEntries(
    Object.entries(error.fieldErrors).map(([path, messages]) => {
      const [index, ...rest] = path.split('.');
      const fieldName = list[Number(index)]?.fieldName;
      return [fieldName === undefined ? path : [fieldName, ...rest].join('.'), messages];
    }),
  );
  return new ApiError(error.status, error.code, error.message, fieldErrors, error.body, error.reason, error.params);
}

/** The platforms catalogue (the Plateformes tab), by order. */
export function usePlatformSettings() {
  return useQuery({ queryKey: settingsQueryKeys.platforms, queryFn: () => call(settings.getPlatformSettings) });
}

/** Adds or changes one platform; the catalogue and the schools' answers (which list platforms) are fetched again. */
export function useSavePlatformSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (platform: settings.PlatformUpdate) => call(settings.updatePlatformSettings, { body: platform }),
    onSuccess: async () => {
      void queryClient.invalidateQueries({ queryKey: schoolsQueryKeys.details });
      await queryClient.invalidateQueries({ queryKey: settingsQueryKeys.platforms });
    },
  });
}

/** The applications catalogue (the Applications tab, the notifications' applications filter), by order. */
export function useApplicationSettings({ isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({
    queryKey: settingsQueryKeys.applications,
    queryFn: () => call(settings.getApplicationSettings),
    enabled: isEnabled,
  });
}

/** Adds or changes one application; the catalogue and the schools' answers (which list applications) are fetched again. */
export function useSaveApplicationSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (application: settings.ApplicationUpdate) => call(settings.updateApplicationSettings, { body: application }),
    onSuccess: async () => {
      void queryClient.invalidateQueries({ queryKey: schoolsQueryKeys.details });
      await queryClient.invalidateQueries({ queryKey: settingsQueryKeys.applications });
    },
  });
}

/** The scheduled token purges (the Tokens tab), with their last execution and next run. */
export function usePurgeTasks() {
  // Fetched again every 30 s while shown: a run's last execution appears without a reload.
  return useQuery({
    queryKey: settingsQueryKeys.purgeTasks,
    queryFn: () => call(settings.listPurgeTasks),
    refetchInterval: 30_000,
  });
}

/** A purge to schedule (no eventId yet), or one to change (with enable). */
export type PurgeTaskSave =
  { eventId: null; body: settings.PurgeTaskCreate } | { eventId: number; body: settings.PurgeTaskUpdate };

/** Schedules a purge, or changes one; the list is fetched again. */
export function useSavePurgeTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (task: PurgeTaskSave) =>
      task.eventId === null
        ? call(settings.createPurgeTask, { body: task.body })
        : call(settings.updatePurgeTask, { params: { eventId: task.eventId }, body: task.body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsQueryKeys.purgeTasks }),
  });
}

/** Deletes a purge and its run history; the list is fetched again. */
export function useDeletePurgeTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (eventId: number) => call(settings.deletePurgeTask, { params: { eventId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsQueryKeys.purgeTasks }),
  });
}

/** What a purge of this platform in these schools (comma-separated UAIs, or 'all') would clear now; idle while `query` is null. */
export function usePurgePreview(query: { platformId: string; uais: string } | null) {
  return useQuery({
    queryKey: settingsQueryKeys.purgePreview(query?.platformId ?? '', query?.uais ?? ''),
    queryFn: () => call(settings.previewPurge, { query: query! }),
    enabled: query !== null,
  });
}
