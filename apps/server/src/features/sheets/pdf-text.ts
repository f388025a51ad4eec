/**
 * Writes `text` on one line at (x, y), at `size` or smaller so that it fits `width` (down to 6
 * points, then cut with an ellipsis): a long name or password never runs into the next column.
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
