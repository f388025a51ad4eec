import { Alert, Box, Button, Center, Group, Loader, Modal, Stack } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { previewKindOf, type PreviewedDocument } from './preview-kind';

// epub.js and its zip reader load with the first EPUB opened, not with the console.
const EpubReader = lazy(() => import('./EpubReader').then((module) => ({ default: module.EpubReader })));

/** A document being previewed, with the short-lived address it is shown from. */
export type Preview = { file: PreviewedDocument; url: string };

type DocumentPreviewDialogProps = {
  preview: Preview | null;
  onClose: () => void;
  onDownload: (file: PreviewedDocument) => void;
  downloading: boolean;
};

/**
 * The preview (spec 3 §2.3): an EPUB in the EPUB reader, a PDF in the browser's viewer in a frame,
 * an image as an image; a type the browser does not show is said so, and every document can be
 * downloaded from here. The dialog is named by the document's name.
 */
export function DocumentPreviewDialog({ preview, onClose, onDownload, downloading }: DocumentPreviewDialogProps) {
  const { t } = useTranslation();
  const loading = (
    <Center h="100%">
      <Loader aria-label={t('documents.preview.loading')} />
    </Center>
  );
  const shown = (current: Preview) => {
    switch (previewKindOf(current.file)) {
      case 'epub':
        return (
          <Suspense fallback={loading}>
            <EpubReader url={current.url} title={current.file.name} />
          </Suspense>
        );
      case 'frame':
        return <iframe src={current.url} title={current.file.name} style={{ width: '100%', height: '100%', border: 0 }} />;
      case 'image':
        return <img src={current.url} alt={current.file.name} style={{ width: '100%', height: '100%', objectFit: 'contain' }} />;
      case 'none':
        return <Alert color="blue">{t('documents.preview.unavailable')}</Alert>;
    }
  };
  return (
    <Modal
      opened={preview !== null}
      onClose={onClose}
      title={preview?.file.name}
      size="80rem"
      centered
      styles={{ title: { overflowWrap: 'anywhere' } }}
    >
      {preview && (
        <Stack h="75vh" gap="sm">
          <Box style={{ flex: 1, minHeight: 0 }}>{shown(preview)}</Box>
          <Group justify="flex-end">
            <Button
              variant="light"
              leftSection={<IconDownload size={16} aria-hidden />}
              loading={downloading}
              onClick={() => onDownload(preview.file)}
            >
              {t('documents.preview.download')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
