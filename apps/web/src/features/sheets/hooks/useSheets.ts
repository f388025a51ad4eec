import { sheets } from '@console/contract';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#lib/api';
import { GENERIC_FAILURE, userMessageOf } from '#lib/error-messages';
import { saveFile } from '#lib/save-file';
import { downloadSheets, followSheetsProgress, sheetsQueryKeys, type SheetsRequest } from '../api';

/** How long a failed generation's toast stays (spec 3 §4). */
export const SHEETS_FAILURE_AUTO_CLOSE_MS = 5000;

/**
 * What a failed generation tells the user (spec 3 §8): the server's refusal of too many users
 * (or too many in unitary mode), else what its reason or code says when it says more than "it
 * failed" (a user or the school out of reach, no right, the server unreachable), else the
 * generation's own failure.
 */
export function sheetsFailureOf(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    const keys = Object.values(error.fieldErrors).flat();
    const limit = [sheets.SHEETS_TOO_MANY, sheets.SHEETS_UNITARY_TOO_MANY].find((key) => keys.includes(key));
    if (limit) return t(limit);
  }
  const message = userMessageOf(error);
  if (message.key !== GENERIC_FAILURE) return t(message.key, message.params);
  return t('sheets.failed');
}

/**
 * Draws one PDF of sheets (spec 3 §4): a loading toast that stays while the server draws, counting
 * the sheets drawn (asked each second), then
 * the file saved under the name the server gives and the toast dismissed, or the toast turned
 * into the failure, shown 5 s. Each run has its own toast, so that a run started while the last
 * failure still shows gets its loading toast. The callbacks belong to the mutation, not the
 * menu: the file is saved even when the user has left the view meanwhile. The print logs are read
 * again once the file is saved.
 */
export function useSheets() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: SheetsRequest) => {
      const { blob, fileName } = await downloadSheets(request);
      saveFile(blob, fileName);
    },
    onMutate: (request) => {
      // A fresh id each run (Mantine ignores a toast whose id still shows).
      const toastId = notifications.show({
        loading: true,
        autoClose: false,
        withCloseButton: false,
        message: t('sheets.running'),
      });
      // The toast counts the sheets drawn while the file streams (issue 31 §7).
      const stop = followSheetsProgress(request.uai, (progress) =>
        notifications.update({ id: toastId, message: t('sheets.running_count', progress) }),
      );
      return { toastId, stop };
    },
    onSettled: (_data, _error, _request, run) => run?.stop(),
    onSuccess: (_data, _request, run) => {
      notifications.hide(run.toastId);
      // The print is in the log of every user it held.
      void queryClient.invalidateQueries({ queryKey: sheetsQueryKeys.prints });
    },
    onError: (error, _request, run) => {
      const message = sheetsFailureOf(error, t);
      if (!run) {
        notifications.show({ color: 'red', autoClose: SHEETS_FAILURE_AUTO_CLOSE_MS, message });
        return;
      }
      notifications.update({
        id: run.toastId,
        color: 'red',
        loading: false,
        autoClose: SHEETS_FAILURE_AUTO_CLOSE_MS,
        withCloseButton: true,
        message,
      });
    },
  });
}
