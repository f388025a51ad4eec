import JSZip from 'jszip';

/** The colour the book's own style sheet gives its paragraphs, as a browser computes it. */
export const BOOK_TEXT_COLOR = 'rgb(0, 100, 0)';

/** A chapter of a made-up book: its title and one paragraph. */
export type Chapter = { title: string; text: string };

const xhtml = (title: string, body: string) => `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="fr" xml:lang="fr">
<head><title>${title}</title><link rel="stylesheet" type="text/css" href="book.css"/></head>
<body>${body}</body>
</html>`;

/**
 * A small valid EPUB 3 (what a publisher's file holds, at its least): the `mimetype` entry first
 * and stored, as the format requires and as the server's type check reads it; the container, the
 * package with its manifest and spine, a navigation document, a style sheet and one XHTML file
 * per chapter.
 */
export async function epubOf(title: string, chapters: readonly Chapter[]): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('mimetype', 'application/epub+zip', { compression: 'STORE' });
  zip.file(
    'META-INF/container.xml',
    `<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
</container>`,
  );
  const ids = chapters.map((_, index) => `chapter-${index + 1}`);
  zip.file(
    'OEBPS/content.opf',
    `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
    <dc:identifier id="book-id">urn:uuid:0b7c6a52-3c1e-4f57-9a3a-2f1d8c9e4b10</dc:identifier>
    <dc:title>${title}</dc:title>
    <dc:language>fr</dc:language>
    <meta property="dcterms:modified">2026-01-01T00:00:00Z</meta>
  </metadata>
  <manifest>
    <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
    <item id="style" href="book.css" media-type="text/css"/>
    ${ids.map((id) => `<item id="${id}" href="${id}.xhtml" media-type="application/xhtml+xml"/>`).join('\n    ')}
  </manifest>
  <spine>
    ${ids.map((id) => `<itemref idref="${id}"/>`).join('\n    ')}
  </spine>
</package>`,
  );
  zip.file(
    'OEBPS/nav.xhtml',
    xhtml(
      title,
      `<nav epub:type="toc"><ol>${chapters.map((chapter, index) => `<li><a href="${ids[index]}.xhtml">${chapter.title}</a></li>`).join('')}</ol></nav>`,
    ),
  );
  zip.file('OEBPS/book.css', `p { color: ${BOOK_TEXT_COLOR}; }`);
  chapters.forEach((chapter, index) =>
    zip.file(`OEBPS/${ids[index]}.xhtml`, xhtml(chapter.title, `<h1>${chapter.title}</h1><p>${chapter.text}</p>`)),
  );
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', mimeType: 'application/epub+zip' });
}
