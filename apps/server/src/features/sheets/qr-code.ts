import QRCode from 'qrcode';

/** Where the QR code is drawn: a PDF document's raw content (pdfkit's `addContent`). */
export type VectorCanvas = { addContent(data: string): unknown };

const UTF8 = new TextEncoder();

/**
 * The QR code's modules of `text`, dark ones true, row by row: byte mode and a fixed mask
 * pattern. A sign-in link is lower-case text, which only byte mode holds, so the library's search
 * for the cheapest mix of modes finds byte mode anyway; and any of the eight masks decodes alike
 * (the code's format bits name it): the library's search for the best one tries all eight and
 * costs nine tenths of the code's making (230 of 255 µs). Every sheet's codes are decoded back by
 * zbarimg in the tests.
 */
function qrModules(text: string): { size: number; dark: (row: number, column: number) => boolean } {
  const { modules } = QRCode.create([{ data: UTF8.encode(text), mode: 'byte' }], { errorCorrectionLevel: 'M', maskPattern: 0 });
  return { size: modules.size, dark: (row, column) => modules.data[row * modules.size + column] === 1 };
}

/**
 * Draws a QR code of `text` as vectors, its top-left corner at (x, y), `size` points wide, with
 * the standard's quiet zone of four modules inside that width: one rectangle per run of dark
 * modules on a row, in module units, filled at once and written to the page in one piece (a few
 * hundred short path operations, no image: sharp at any zoom, docs/design.md "Measured choices").
 */
export function drawQrCode(canvas: VectorCanvas, text: string, x: number, y: number, size: number): void {
  const modules = qrModules(text);
  const count = modules.size;
  const quiet = 4;
  const unit = size / (count + 2 * quiet);
  const path = [`q 0 g ${unit.toFixed(4)} 0 0 ${unit.toFixed(4)} ${x.toFixed(2)} ${y.toFixed(2)} cm`];
  for (let row = 0; row < count; row++) {
    let column = 0;
    while (column < count) {
      if (!modules.dark(row, column)) {
        column++;
        continue;
      }
      const start = column;
      while (column < count && modules.dark(row, column)) column++;
      path.push(`${start + quiet} ${row + quiet} ${column - start} 1 re`);
    }
  }
  path.push('f Q');
  canvas.addContent(path.join('\n'));
}
