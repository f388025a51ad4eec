import type { userExports } from '@console/contract';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { GENERIC_FAILURE, userMessageOf } from '#lib/error-messages';
import { saveFile } from '#lib/save-file';
import { downloadExport, type ExportRequest } from '../api';

/** One export to run: whom (the school and the selected users' ids, in the grid's order) and which. */
export type ExportDownload = { selection: userExports.ExportSelection; request: ExportRequest };

const RUNNING_TOAST_ID = 'export-running';

/**
 * What a failed export tells the user (spec 3 §8): what the server's reason or code says when it
 * says more than "it failed" (a platform without a dialect, a user out of reach, no right, the
 * server unreachable), else the export's own text: a platform's "not available yet", or the
 * CSV generation's failure.
 */
export function exportFailureOf(error: unknown, request: ExportRequest, t: TFunction): string {
  const message = userMessageOf(error);
  if (message.key !== GENERIC_FAILURE) return t(message.key, message.params);
  return request.item === 'byEditor'
    ? t('exports.platform_unavailable', { platform: request.platform.platformName })
    : t('exports.failed');
}

/**
 * Runs one export: a toast while the server writes the file, then the file saved under the name
 * the server gives, or the failure told in a red toast. The callbacks belong to the mutation, not
 * the menu: the file is saved even when the user has left the view meanwhile.
 */
export function useExport() {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: async ({ selection, request }: ExportDownload) => {
      const { blob, fileName } = await downloadExport(selection, request);
      saveFile(blob, fileName);
    },
    onMutate: () => {
      notifications.show({
        id: RUNNING_TOAST_ID,
        loading: true,
        autoClose: false,
        withCloseButton: false,
        message: t('exports.running'),
      });
    },
    onSettled: () => notifications.hide(RUNNING_TOAST_ID),
    onError: (error, { request }) => notifications.show({ color: 'red', message: exportFailureOf(error, request, t) }),
  });
}
