import { CONTENT_WIDTH, drawSheetFoot, drawSheetHead, GREY, PAGE, RULE, type DeploySheet } from './deploy-sheet.js';
import type { FormSheetTexts, FormSheetType } from './form-sheet-texts.js';
import { FONTS } from './pdf-stream.js';
import { fitText } from './pdf-text.js';
import type { SheetTexts } from './sheet-texts.js';

const SIGNATURE_HEIGHT = 90;
const LINE_HEIGHT = 15;

/**
 * Draws one user's form sheet on a new page: the head (with the password and the sign-in QR
 * code only on the sheets a pupil takes home: the personal loan and the textbooks), then the
 * paragraphs, the user's resources (epub), the lines to fill in and the signature boxes.
 */
export function drawFormSheet(
  doc: PDFKit.PDFDocument,
  type: FormSheetType,
  sheet: DeploySheet,
  form: FormSheetTexts,
  texts: SheetTexts,
  printedOn: string,
): void {
  const left = PAGE.margin;
  let y = drawSheetHead(doc, form.title, sheet, texts, type !== 'supervisedEquipment');

  doc.fillColor('#000000').font(FONTS.regular).fontSize(10.5);
  for (const paragraph of form.paragraphs) {
    doc.text(paragraph, left, y, { width: CONTENT_WIDTH, lineGap: 2 });
    y = doc.y + 8;
  }

  const signaturesTop = PAGE.height - PAGE.margin - 20 - SIGNATURE_HEIGHT;
  if (form.resources !== undefined) y = drawResources(doc, sheet, form.resources, texts, y + 10, signaturesTop);

  y += 14;
  for (const field of form.fields) {
    doc.fillColor(GREY);
    fitText(doc, `${field} :`, left, y, CONTENT_WIDTH / 3, 10, FONTS.regular);
    const lineStart = left + doc.widthOfString(`${field} :`) + 8;
    doc
      .moveTo(lineStart, y + 11)
      .lineTo(left + CONTENT_WIDTH, y + 11)
      .lineWidth(0.5)
      .dash(1.5, { space: 2 })
      .strokeColor(RULE)
      .stroke()
      .undash();
    y += 26;
  }

  if (form.signatures.length > 0) drawSignatures(doc, form.signatures, signaturesTop);
  drawSheetFoot(doc, texts, printedOn);
}

/** The user's enabled resources, one a line, as many as fit above `bottom` (then how many more). */
function drawResources(
  doc: PDFKit.PDFDocument,
  sheet: DeploySheet,
  heading: string,
  texts: SheetTexts,
  top: number,
  bottom: number,
): number {
  const left = PAGE.margin;
  doc.fillColor('#000000');
  fitText(doc, heading, left, top, CONTENT_WIDTH, 13, FONTS.bold);
  let y = top + 22;
  if (sheet.accesses.length === 0) {
    doc.fillColor(GREY);
    fitText(doc, texts.noAccess, left, y, CONTENT_WIDTH, 10, FONTS.regular);
    return y + LINE_HEIGHT;
  }
  const names = [...new Set(sheet.accesses.map((access) => access.application))];
  const room = Math.max(1, Math.floor((bottom - y) / LINE_HEIGHT));
  const shown = names.length > room ? names.slice(0, room - 1) : names;
  doc.fillColor('#000000');
  for (const name of shown) {
    fitText(doc, `•  ${name}`, left + 6, y, CONTENT_WIDTH - 6, 10, FONTS.regular);
    y += LINE_HEIGHT;
  }
  if (shown.length < names.length) {
    doc.fillColor(GREY);
    fitText(doc, `+ ${names.length - shown.length}`, left + 6, y, CONTENT_WIDTH - 6, 10, FONTS.regular);
    y += LINE_HEIGHT;
  }
  return y;
}

/** The signature boxes side by side, each with its party's name. */
function drawSignatures(doc: PDFKit.PDFDocument, parties: readonly string[], top: number): void {
  const gap = 12;
  const width = (CONTENT_WIDTH - gap * (parties.length - 1)) / parties.length;
  parties.forEach((party, index) => {
    const x = PAGE.margin + index * (width + gap);
    doc.rect(x, top, width, SIGNATURE_HEIGHT).lineWidth(0.75).strokeColor(RULE).stroke();
    doc.fillColor(GREY);
    fitText(doc, party, x + 6, top + 6, width - 12, 9, FONTS.regular);
  });
}
