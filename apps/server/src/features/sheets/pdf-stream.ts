import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';

/** The fonts every sheet embeds (DejaVu: every Latin letter, ß and ñ included), by the names sheets use. */
export const FONTS = { regular: 'Sans', bold: 'Sans-Bold', mono: 'Mono' } as const;

const require = createRequire(import.meta.url);
const FONT_FILES: Record<(typeof FONTS)[keyof typeof FONTS], string> = {
  [FONTS.regular]: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  [FONTS.bold]: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
  [FONTS.mono]: 'dejavu-fonts-ttf/ttf/DejaVuSansMono.ttf',
};
let fontBytes: Map<string, Buffer> | null = null;

/** The font files, read once per process (each document embeds the subset it uses). */
function loadFonts(): Map<string, Buffer> {
  fontBytes ??= new Map(Object.entries(FONT_FILES).map(([name, file]) => [name, readFileSync(require.resolve(file))]));
  return fontBytes;
}

/** Lets the drawing go on once the reader has taken what was drawn (see `streamPdf`). */
export type Pace = () => Promise<void>;

/** Past this much drawn and not yet read, the drawing waits for the reader. */
const UNREAD_LIMIT = 1 << 20;

/**
 * A PDF drawn while it is sent: `draw` gets an A4 document with the sheets' fonts and a `pace`
 * to await between pages, which waits while more than a megabyte is drawn and unread, so that
 * the first bytes leave before the last page is drawn and a slow reader never makes the server
 * hold a whole file. A drawing that fails destroys the stream (the answer is cut short: every
 * check is made before). A reader that goes away stops the drawing. pdfkit is loaded at the first
 * sheet, not with the app: it takes about a quarter of a second to load, which every start and
 * every test file that builds the app would pay (docs/testing.md).
 */
export async function streamPdf(title: string, draw: (doc: PDFKit.PDFDocument, pace: Pace) => Promise<void>): Promise<Readable> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: 0, autoFirstPage: false, info: { Title: title, Creator: 'Console' } });
  for (const [name, bytes] of loadFonts()) doc.registerFont(name, bytes);

  let wake: (() => void) | null = null;
  const resume = () => {
    const waiting = wake;
    wake = null;
    waiting?.();
  };
  // pdfkit pushes as it draws and ignores the reader; the reader asks for more through _read.
  (doc as unknown as { _read: () => void })._read = resume;
  doc.once('close', resume);
  const pace: Pace = async () => {
    if (doc.destroyed) throw new Error('the reader went away');
    if (doc.readableLength < UNREAD_LIMIT) return new Promise((resolve) => setImmediate(resolve));
    await new Promise<void>((resolve) => (wake = resolve));
    if (doc.destroyed) throw new Error('the reader went away');
  };

  void (async () => {
    try {
      await draw(doc, pace);
      doc.end();
    } catch (error) {
      doc.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  })();
  // pdfkit's document is a stream.Readable (typed apart in @types/pdfkit).
  return doc as unknown as Readable;
}
