import { schoolSettings } from '@console/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '#lib/api';
import { uploadImage } from '#lib/uploads';
import { schoolsQueryKeys } from '#features/schools/api';

export const schoolSettingsQueryKeys = {
  params: (uai: string) => ['school-settings', 'params', uai] as const,
  contact: (uai: string) => ['school-settings', 'contact', uai] as const,
  deploymentOptions: ['school-settings', 'deployment-options'] as const,
};

/** A school's settings (general, login pattern, platforms, deployment), its secrets only as set or not. */
export function useSchoolParams(uai: string, { isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({
    queryKey: schoolSettingsQueryKeys.params(uai),
    queryFn: () => call(schoolSettings.getSchoolParams, { params: { uai } }),
    enabled: isEnabled,
  });
}

/**
 * Changes a school's settings (all or none); the answer becomes the cached settings, and the
 * school's other answers (its name in the picker, its login pattern in the users view) are fetched again.
 */
export function useUpdateSchoolParams(uai: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: schoolSettings.SchoolParamsUpdate) =>
      call(schoolSettings.updateSchoolParams, { params: { uai }, body: changes }),
    onSuccess: (params) => {
      queryClient.setQueryData(schoolSettingsQueryKeys.params(uai), params);
      void queryClient.invalidateQueries({ queryKey: schoolsQueryKeys.all });
    },
  });
}

/** The MDMs and material types a deployment is chosen among. */
export function useDeploymentOptions() {
  return useQuery({
    queryKey: schoolSettingsQueryKeys.deploymentOptions,
    queryFn: () => call(schoolSettings.getDeploymentOptions),
    staleTime: 10 * 60_000,
  });
}

/**
 * The secrets of a school revealed in this view, held here and never in the query cache: each is
 * asked for on its own (and recorded by the server) when the user asks to see or copy it. One the
 * user saves is forgotten: masked again until asked for.
 */
export function useSchoolSecrets(uai: string) {
  const [known, setKnown] = useState<Partial<Record<schoolSettings.SchoolSecret, string>>>({});
  const reveal = async (name: schoolSettings.SchoolSecret): Promise<string> => {
    const { value } = await call(schoolSettings.revealSchoolSecret, { params: { uai }, body: { name } });
    setKnown((previous) => ({ ...previous, [name]: value ?? '' }));
    return value ?? '';
  };
  /** Forgets the secrets a change carried (a key present, even empty). */
  const forgetSaved = (saved: Partial<Record<schoolSettings.SchoolSecret, unknown>>) =>
    setKnown((previous) =>
      Object.fromEntries(Object.entries(previous).filter(([name]) => saved[name as schoolSettings.SchoolSecret] === undefined)),
    );
  return { known, reveal, forgetSaved };
}

export type SchoolSecrets = ReturnType<typeof useSchoolSecrets>;

/** A secret's field: set or not (the settings' answer), its value once known, how to reveal it. */
export function secretFieldOf(params: schoolSettings.SchoolParams, secrets: SchoolSecrets, name: schoolSettings.SchoolSecret) {
  return { isSet: params.secrets[name], value: secrets.known[name], reveal: () => secrets.reveal(name) };
}

/** A school's contact card: address, phone, website, people to contact, map coordinates, logo. */
export function useSchoolContact(uai: string) {
  return useQuery({
    queryKey: schoolSettingsQueryKeys.contact(uai),
    queryFn: () => call(schoolSettings.getSchoolContact, { params: { uai } }),
  });
}

/** Changes a school's phone, website or people to contact (all or none); the answer becomes the cached card. */
export function useUpdateSchoolContact(uai: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: schoolSettings.SchoolContactUpdate) =>
      call(schoolSettings.updateSchoolContact, { params: { uai }, body: changes }),
    onSuccess: (contact) => queryClient.setQueryData(schoolSettingsQueryKeys.contact(uai), contact),
  });
}

/** Uploads an image through the storage and makes it the school's logo (Administrateur only). */
export function useReplaceLogo(uai: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const fileUrl = await uploadImage(file, 'logo');
      return call(schoolSettings.replaceSchoolLogo, { params: { uai }, body: { fileUrl } });
    },
    onSuccess: (contact) => queryClient.setQueryData(schoolSettingsQueryKeys.contact(uai), contact),
  });
}
