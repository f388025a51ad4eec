import { imports, schoolSettings } from '@console/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call, callForFile, postForm } from '#lib/api';
import { downloadFrom, saveFile } from '#lib/save-file';
import { uploadImage } from '#lib/uploads';
import { schoolsQueryKeys } from '#features/schools/api';

export const schoolSettingsQueryKeys = {
  params: (uai: string) => ['school-settings', 'params', uai] as const,
  contact: (uai: string) => ['school-settings', 'contact', uai] as const,
  deploymentOptions: ['school-settings', 'deployment-options'] as const,
  connection: (uai: string) => ['school-settings', 'connection', uai] as const,
  generation: (uai: string) => ['school-settings', 'asm-generation', uai] as const,
  ecoleDirecte: (uai: string) => ['school-settings', 'ecole-directe', uai] as const,
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

/** The saved server a connection test reaches: the tab's fields without the password (the server uses the stored one). */
type SavedServer = Pick<schoolSettings.AsmInformations, 'sftpUrl' | 'sftpUser' | 'sftpPort' | 'isSftp'>;

/**
 * The test of the school's saved SFTP or FTP server (spec 2 §2.12): run when the tab opens with a
 * whole server saved, again on `refetch` (the test link) and after each save of the server.
 */
export function useServerConnection(uai: string, server: SavedServer, { isEnabled }: { isEnabled: boolean }) {
  const { sftpUrl, sftpUser, sftpPort, isSftp } = server;
  return useQuery({
    queryKey: [...schoolSettingsQueryKeys.connection(uai), { sftpUrl, sftpUser, sftpPort, isSftp }],
    queryFn: () => call(schoolSettings.testServerConnection, { body: { uai, sftpUrl, sftpUser, sftpPort, isSftp } }),
    enabled: isEnabled,
    staleTime: Infinity,
    retry: false,
  });
}

/** Sends a zip to the school's saved server; the history it answers becomes the settings' one. */
export function usePushAsmArchive(uai: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('uai', uai);
      form.append(schoolSettings.ASM_ZIP_FIELD, file);
      return postForm(schoolSettings.pushAsmArchive, form);
    },
    onSuccess: ({ history }) =>
      queryClient.setQueryData<schoolSettings.SchoolParams>(
        schoolSettingsQueryKeys.params(uai),
        (params) =>
          params && {
            ...params,
            deployment: { ...params.deployment, asmInformations: { ...params.deployment.asmInformations, history } },
          },
      ),
  });
}

/** How often a running 'Générer et envoyer' is asked where it stands. */
const GENERATION_POLL_MS = 1000;

const isGenerating = (report: schoolSettings.GenerationReport | null | undefined) =>
  report?.phase === 'building' || report?.phase === 'sending';

/**
 * The school's 'Générer et envoyer': where its latest stands (asked again every second while it
 * runs), and how to start one. Once one ends, the settings are fetched again for their history.
 */
export function useAsmGeneration(uai: string) {
  const queryClient = useQueryClient();
  const report = useQuery({
    queryKey: schoolSettingsQueryKeys.generation(uai),
    queryFn: async () => {
      const latest = await call(schoolSettings.getAsmGeneration, { query: { uai } });
      const previous = queryClient.getQueryData<schoolSettings.GenerationReport | null>(schoolSettingsQueryKeys.generation(uai));
      if (isGenerating(previous) && !isGenerating(latest))
        void queryClient.invalidateQueries({ queryKey: schoolSettingsQueryKeys.params(uai) });
      return latest;
    },
    refetchInterval: (query) => (isGenerating(query.state.data) ? GENERATION_POLL_MS : false),
  });
  const start = useMutation({
    mutationFn: () => call(schoolSettings.generateAndPushAsmArchive, { body: { uai } }),
    onSuccess: (started) => queryClient.setQueryData(schoolSettingsQueryKeys.generation(uai), started),
  });
  return { report, start, isRunning: isGenerating(report.data) || start.isPending };
}

/** Downloads a file of the history: asks where it is, then lets the browser fetch it there. */
export async function downloadAsmArchive(uai: string, id: number, filename: string): Promise<void> {
  const { url } = await call(schoolSettings.asmArchiveUrl, { body: { uai, id } });
  downloadFrom(url, filename);
}

/** Whether the school's EcoleDirecte token is set, and whether the caller may save it. */
export function useEcoleDirecteStatus(uai: string) {
  return useQuery({
    queryKey: schoolSettingsQueryKeys.ecoleDirecte(uai),
    queryFn: () => call(schoolSettings.getEcoleDirecteStatus, { params: { uai } }),
  });
}

/** Saves the school's EcoleDirecte token (an empty text removes it); the answer becomes the cached status. */
export function useSaveEcoleDirecteToken(uai: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => call(schoolSettings.saveEcoleDirecteToken, { params: { uai }, body: { token } }),
    onSuccess: (status) => {
      queryClient.setQueryData(schoolSettingsQueryKeys.ecoleDirecte(uai), status);
      void queryClient.invalidateQueries({ queryKey: schoolSettingsQueryKeys.params(uai) });
    },
  });
}

/** Fetches the school's users from EcoleDirecte and verifies those it lacks as an import (a batch to confirm). */
export function useEcoleDirecteImport(uai: string) {
  return useMutation({
    mutationFn: (request: imports.EcoleDirecteImport) => call(imports.importFromEcoleDirecte, { params: { uai }, body: request }),
  });
}

/** Downloads the school's EcoleDirecte roster as EcoleDirecte has it (a CSV file for a spreadsheet). */
export async function downloadEcoleDirecteUsers(
  uai: string,
  query: { profil: imports.EcoleDirecteProfile; adjacentUai: string; nextYear: boolean },
): Promise<void> {
  const file = await callForFile(
    imports.exportEcoleDirecteUsers,
    { params: { uai }, query: { ...query, nextYear: query.nextYear ? 'true' : 'false' } },
    `ecole-directe_${uai}.csv`,
  );
  saveFile(file.blob, file.fileName);
}
