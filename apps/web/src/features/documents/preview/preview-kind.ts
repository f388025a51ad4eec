import { documents } from '@console/contract';

/** A document the preview may show: enough to choose how, and to name it. */
export type PreviewedDocument = { id: number; name: string; type: string };

/**
 * How the preview shows a document (spec 3 §2.3): an EPUB in the EPUB reader, an image as an
 * image, a PDF in the browser's own viewer in a frame; any other type is not shown (the server
 * serves it as an attachment, which a frame would save rather than show), and the dialog offers
 * to download it.
 */
export type PreviewKind = 'epub' | 'image' | 'frame' | 'none';

const EPUB_TYPE = 'application/epub+zip';

export function previewKindOf(file: Pick<PreviewedDocument, 'type'>): PreviewKind {
  if (!documents.PREVIEWED_TYPES.includes(file.type)) return 'none';
  if (file.type === EPUB_TYPE) return 'epub';
  return file.type.startsWith('image/') ? 'image' : 'frame';
}
