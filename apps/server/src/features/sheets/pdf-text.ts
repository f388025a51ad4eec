/**
 * Writes `text` on one line at (x, y), at `size` or smaller so that it fits `width` (down to 6
 * points, then cut with an ellipsis): a long name or password never runs into the next column.
 * For a text that is to be typed (a login, a password), fitWhole: never cut.
 */
export function fitText(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  width: number,
  size: number,
  font: string,
): void {
  doc.font(font);
  let fitted = size;
  // A width measured at one size scales with it: measured once, not at each size tried.
  const widthAtSize = doc.fontSize(size).widthOfString(text);
  while (fitted > 6 && (widthAtSize * fitted) / size > width) fitted -= 0.5;
  doc.fontSize(fitted);
  let shown = text;
  if ((widthAtSize * fitted) / size > width) {
    while (shown.length > 1 && doc.widthOfString(`${shown}…`) > width) shown = shown.slice(0, -1);
    shown = `${shown}…`;
  }
  doc.text(shown, x, y, { lineBreak: false });
}

/** The smallest type a printed credential gets: still read on a label printed by an office printer. */
export const WHOLE_TEXT_MIN_SIZE = 4.5;

/** Line height, as a multiple of the type size. */
const LEADING = 1.15;

/**
 * `text` cut into lines no wider than `width` at the document's current font and size, character
 * by character. A line never ends with a hyphen (read as a word cut in two, and dropped by those
 * who join the lines): the hyphen starts the next line instead.
 */
function wrapByCharacters(doc: PDFKit.PDFDocument, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const character of text) {
    if (line !== '' && doc.widthOfString(line + character) > width) {
      const carried = line.length > 1 && line.endsWith('-') ? '-' : '';
      lines.push(carried ? line.slice(0, -1) : line);
      line = carried;
    }
    line += character;
  }
  if (line !== '') lines.push(line);
  return lines;
}

/**
 * Writes a text someone will type (a login, a password) whole, from (x, y): on one line at `size`
 * or smaller down to WHOLE_TEXT_MIN_SIZE; else wrapped on as many lines as `height` holds, at the
 * largest size that lets it; else wrapped at the smallest size, whatever its height. Never cut.
 */
export function fitWhole(
  doc: PDFKit.PDFDocument,
  text: string,
  box: { x: number; y: number; width: number; height: number },
  size: number,
  font: string,
): void {
  doc.font(font);
  const widthAtSize = doc.fontSize(size).widthOfString(text);
  // Sizes by half points, largest first, down to the smallest (`size` itself when smaller).
  const smallest = Math.min(size, WHOLE_TEXT_MIN_SIZE);
  const sizes = Array.from({ length: Math.floor((size - smallest) * 2) + 1 }, (_unused, index) => size - index / 2);
  const oneLine = sizes.find((candidate) => (widthAtSize * candidate) / size <= box.width);
  if (oneLine !== undefined) {
    doc.fontSize(oneLine).text(text, box.x, box.y, { lineBreak: false });
    return;
  }
  let lines: string[] = [];
  let chosen = smallest;
  for (const candidate of sizes) {
    doc.fontSize(candidate);
    lines = wrapByCharacters(doc, text, box.width);
    chosen = candidate;
    if (lines.length * candidate * LEADING <= box.height) break;
  }
  doc.fontSize(chosen);
  lines.forEach((line, index) => doc.text(line, box.x, box.y + index * chosen * LEADING, { lineBreak: false }));
}
