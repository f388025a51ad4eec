import type { documents } from '@console/contract';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#lib/api';
import { GENERIC_FAILURE, userMessageOf } from '#lib/error-messages';
import { downloadFrom } from '#lib/save-file';
import { useDocumentAddress } from '../api';
import { webAddressOf } from '#lib/web-address';

type Disposition = 'inline' | 'attachment';

/**
 * Reading and downloading one document, each with a fresh short-lived address. `read` opens it
 * in a new tab, where the browser shows it (one function, which a preview dialog may replace);
 * `download` asks it as an attachment and lets the browser save it. `pendingId`: the document
 * whose address is being asked.
 */
export function useDocumentFile() {
  const { t } = useTranslation();
  const address = useDocumentAddress();

  const showFailure = (error?: unknown) => {
    // A document deleted since the list loaded answers 404.
    if (error instanceof ApiError && error.code === 'not_found') {
      notifications.show({ color: 'red', message: t('documents.errors.unknown_document') });
      return;
    }
    const { key, params } = userMessageOf(error);
    notifications.show({ color: 'red', message: key === GENERIC_FAILURE ? t('documents.open_failed') : t(key, params) });
  };

  const withAddress = (file: documents.Document, disposition: Disposition, act: (address: string) => void) => {
    if (address.isPending) return;
    address.mutate(
      { id: file.id, disposition },
      {
        onSuccess: ({ url }) => {
          const web = webAddressOf(url);
          if (web) act(web);
          else showFailure();
        },
        onError: showFailure,
      },
    );
  };

  const read = (file: documents.Document) => withAddress(file, 'inline', (web) => void window.open(web, '_blank', 'noopener'));
  const download = (file: documents.Document) => withAddress(file, 'attachment', (web) => downloadFrom(web, file.name));

  return { read, download, pendingId: address.isPending ? address.variables.id : null };
}
