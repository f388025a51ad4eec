import { passwordText, type DeploySheet } from './deploy-sheet.js';
import { FONTS } from './pdf-stream.js';
import { fitText, fitWhole } from './pdf-text.js';
import { drawQrCode } from './qr-code.js';
import type { SheetTexts } from './sheet-texts.js';

/** Millimetres in PDF points. */
const MM = 72 / 25.4;

/** Where the labels of a standard A4 label sheet are: their size, the sheet's margins and pitches. */
export type LabelLayout = {
  columns: number;
  rows: number;
  width: number;
  height: number;
  top: number;
  left: number;
  /** From one label's left (top) edge to the next's. */
  horizontalPitch: number;
  verticalPitch: number;
};

/**
 * The two label sheets (issue 17): box labels on 3 × 7 labels of 63.5 × 38.1 mm (the common
 * L7160 / 3652 sheet), with the password and the sign-in QR code, to stick on the box a device
 * is handed in; frame labels on 5 × 13 labels of 38.1 × 21.2 mm (L7651), with the name, class
 * and login only, to stick on the device itself, where anyone can read them.
 */
export const LABEL_LAYOUTS = {
  labelBox: {
    columns: 3,
    rows: 7,
    width: 63.5 * MM,
    height: 38.1 * MM,
    top: 15.15 * MM,
    left: 7.25 * MM,
    horizontalPitch: 66.04 * MM,
    verticalPitch: 38.1 * MM,
  },
  labelFrame: {
    columns: 5,
    rows: 13,
    width: 38.1 * MM,
    height: 21.2 * MM,
    top: 10.7 * MM,
    left: 4.75 * MM,
    horizontalPitch: 40.64 * MM,
    verticalPitch: 21.2 * MM,
  },
} as const satisfies Record<string, LabelLayout>;
export type LabelType = keyof typeof LABEL_LAYOUTS;

export const labelsPerPage = (layout: LabelLayout) => layout.columns * layout.rows;

/** The top-left corner of the `index`th label of a sheet (row by row), and whether it starts a page. */
export function labelPosition(layout: LabelLayout, index: number): { x: number; y: number; startsPage: boolean } {
  const onPage = index % labelsPerPage(layout);
  const column = onPage % layout.columns;
  const row = Math.floor(onPage / layout.columns);
  return {
    x: layout.left + column * layout.horizontalPitch,
    y: layout.top + row * layout.verticalPitch,
    startsPage: onPage === 0,
  };
}

const PADDING = 2.5 * MM;
const GREY = '#555555';

/**
 * Draws the `index`th label of a sheet of `type` (a new page for the first of each page): a box
 * label holds the name, class, login, password and the sign-in QR code; a frame label the name,
 * class and login, never a secret.
 */
export function drawLabel(doc: PDFKit.PDFDocument, type: LabelType, index: number, sheet: DeploySheet, texts: SheetTexts): void {
  const layout = LABEL_LAYOUTS[type];
  const { x, y, startsPage } = labelPosition(layout, index);
  if (startsPage) doc.addPage();
  const left = x + PADDING;
  const top = y + PADDING;
  const name = `${sheet.firstName} ${sheet.lastName}`;

  if (type === 'labelFrame') {
    const width = layout.width - 2 * PADDING;
    doc.fillColor('#000000');
    fitText(doc, name, left, top, width, 8, FONTS.bold);
    doc.fillColor(GREY);
    if (sheet.classOrLevel) fitText(doc, sheet.classOrLevel, left, top + 12, width, 6.5, FONTS.regular);
    doc.fillColor('#000000');
    // Down to the label's bottom edge: a long login wraps rather than being cut.
    fitWhole(doc, sheet.login, { x: left, y: top + 22, width, height: layout.height - 2 * PADDING - 22 }, 7, FONTS.mono);
    return;
  }

  const qrSize = layout.height - 2 * PADDING;
  const width = layout.width - 2 * PADDING - (sheet.signInLink ? qrSize : 0);
  doc.fillColor('#000000');
  fitText(doc, name, left, top, width, 9, FONTS.bold);
  doc.fillColor(GREY);
  if (sheet.classOrLevel) fitText(doc, sheet.classOrLevel, left, top + 13, width, 7, FONTS.regular);
  fitText(doc, `${texts.login} :`, left, top + 27, width, 6, FONTS.regular);
  fitText(doc, `${texts.password} :`, left, top + 51, width, 6, FONTS.regular);
  doc.fillColor('#000000');
  // A login or password is typed from the label: never cut (up to the next caption, the school's name).
  fitWhole(doc, sheet.login, { x: left, y: top + 35, width, height: 15 }, 8, FONTS.mono);
  const password = passwordText(sheet.password, texts);
  fitWhole(
    doc,
    password.text,
    { x: left, y: top + 59, width, height: layout.height - 2 * PADDING - 7 - 59 - 1 },
    8,
    password.font,
  );
  doc.fillColor(GREY);
  fitText(doc, sheet.schoolName, left, top + layout.height - 2 * PADDING - 7, width, 6, FONTS.regular);
  if (sheet.signInLink) drawQrCode(doc, sheet.signInLink, x + layout.width - PADDING - qrSize, top, qrSize);
}
