import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#lib/api';
import { GENERIC_FAILURE, userMessageOf } from '#lib/error-messages';
import { downloadFrom } from '#lib/save-file';
import { useDocumentAddress } from '../api';
import { webAddressOf } from '#lib/web-address';
import type { Preview } from '../preview/DocumentPreviewDialog';
import type { PreviewedDocument } from '../preview/preview-kind';

type Disposition = 'inline' | 'attachment';

type Messages = {
  /** Shown when the document is gone (404): deleted, or no longer the caller's, since the list loaded. */
  notFound: string;
  /** Shown when the address could not be had. */
  failed: string;
};

const MANAGER_MESSAGES: Messages = { notFound: 'documents.errors.unknown_document', failed: 'documents.open_failed' };

/**
 * Reading and downloading one document, each with a fresh short-lived address. `read` opens the
 * preview (`preview`, closed by `closePreview`; DocumentPreviewDialog shows it); `download` asks
 * the document as an attachment and lets the browser save it. `pendingId`: the document whose
 * address is being asked. `messages`: the translation keys of the failures, the manager's by default.
 */
export function useDocumentFile(messages: Messages = MANAGER_MESSAGES) {
  const { t } = useTranslation();
  const address = useDocumentAddress();
  const [preview, setPreview] = useState<Preview | null>(null);

  const showFailure = (error?: unknown) => {
    if (error instanceof ApiError && error.code === 'not_found') {
      notifications.show({ color: 'red', message: t(messages.notFound) });
      return;
    }
    const { key, params } = userMessageOf(error);
    notifications.show({ color: 'red', message: key === GENERIC_FAILURE ? t(messages.failed) : t(key, params) });
  };

  const withAddress = (file: PreviewedDocument, disposition: Disposition, act: (address: string) => void) => {
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

  const read = (file: PreviewedDocument) => withAddress(file, 'inline', (url) => setPreview({ file, url }));
  const download = (file: PreviewedDocument) => withAddress(file, 'attachment', (url) => downloadFrom(url, file.name));

  return {
    read,
    download,
    pendingId: address.isPending ? address.variables.id : null,
    preview,
    closePreview: () => setPreview(null),
  };
}
