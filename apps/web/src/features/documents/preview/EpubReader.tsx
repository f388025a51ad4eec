import { Alert, Box, Button, Center, Group, Loader, Select } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { NavItem, Rendition } from 'epubjs';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EpubView } from 'react-reader';

type Chapter = { value: string; label: string };

/** The table of contents as one list, sub-chapters after their chapter, indented by their depth. */
export function chaptersOf(toc: readonly NavItem[], depth = 0): Chapter[] {
  return toc.flatMap((item) => [
    { value: item.href, label: `${'\u00a0\u00a0'.repeat(depth)}${item.label.trim()}` },
    ...chaptersOf(item.subitems ?? [], depth + 1),
  ]);
}

type Loaded = { state: 'loading' } | { state: 'failed' } | { state: 'loaded'; book: ArrayBuffer };

/**
 * An EPUB read in the page (spec 3 §2.3), by epub.js through react-reader's EpubView: the book's
 * bytes are fetched from its short-lived address (so that an expired or withdrawn one shows a
 * message rather than an empty reader), then laid out in pages turned by the two buttons or the
 * arrow keys, with a chapter list from its table of contents. The book's own scripts never run
 * (epub.js sandboxes its frames, allowScriptedContent off); each frame is titled by the book's name.
 */
export function EpubReader({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [location, setLocation] = useState<string | number | null>(null);
  const [chapters, setChapters] = useState<Chapter[]>([]);
  const view = useRef<EpubView>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetch(url, { signal: controller.signal, credentials: 'same-origin' })
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        setLoaded({ state: 'loaded', book: await response.arrayBuffer() });
      })
      .catch(() => {
        if (!controller.signal.aborted) setLoaded({ state: 'failed' });
      });
    return () => controller.abort();
  }, [url]);

  const failed = (
    <Alert color="red" title={t('documents.preview.epub_failed_title')}>
      {t('documents.preview.epub_failed')}
    </Alert>
  );
  if (loaded.state === 'failed') return failed;
  const loading = (
    <Center h="100%">
      <Loader aria-label={t('documents.preview.loading')} />
    </Center>
  );
  if (loaded.state === 'loading') return loading;

  const titleFrames = (rendition: Rendition) =>
    rendition.on('rendered', (_section: unknown, rendered: { iframe?: HTMLIFrameElement }) =>
      rendered.iframe?.setAttribute('title', title),
    );

  return (
    <Box h="100%" style={{ display: 'flex', flexDirection: 'column', gap: 'var(--mantine-spacing-sm)' }}>
      <Group justify="space-between" wrap="nowrap">
        <Button
          variant="default"
          leftSection={<IconChevronLeft size={16} aria-hidden />}
          onClick={() => view.current?.prevPage?.()}
        >
          {t('documents.preview.previous_page')}
        </Button>
        {chapters.length > 1 && (
          <Select
            aria-label={t('documents.preview.chapter')}
            placeholder={t('documents.preview.chapter')}
            data={chapters}
            onChange={(href) => href && setLocation(href)}
            allowDeselect={false}
            style={{ flex: 1, maxWidth: 420 }}
            comboboxProps={{ withinPortal: true, zIndex: 1000 }}
          />
        )}
        <Button
          variant="default"
          rightSection={<IconChevronRight size={16} aria-hidden />}
          onClick={() => view.current?.nextPage?.()}
        >
          {t('documents.preview.next_page')}
        </Button>
      </Group>
      <Box style={{ flex: 1, minHeight: 0, position: 'relative' }}>
        <EpubView
          ref={view}
          url={loaded.book}
          location={location}
          locationChanged={setLocation}
          tocChanged={(toc) => setChapters(chaptersOf(toc))}
          getRendition={titleFrames}
          epubOptions={{ allowScriptedContent: false, allowPopups: false }}
          loadingView={loading}
          errorView={failed}
        />
      </Box>
    </Box>
  );
}
