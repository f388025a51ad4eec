import { create } from 'qrcode';

/** Quiet zone around the code, in modules, as readers expect. */
const MARGIN = 4;

/** The SVG path drawing each dark module of a QR code as a unit square. */
export function drawQrCode(text: string): { path: string; size: number } {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const commands: string[] = [];
  for (let row = 0; row < modules.size; row += 1) {
    for (let column = 0; column < modules.size; column += 1) {
      if (modules.get(row, column)) commands.push(`M${column + MARGIN} ${row + MARGIN}h1v1h-1z`);
    }
  }
  return { path: commands.join(''), size: modules.size + 2 * MARGIN };
}
