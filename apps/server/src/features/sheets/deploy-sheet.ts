import { drawQrCode } from './qr-code.js';
import { FONTS } from './pdf-stream.js';
import { fitText, fitWhole } from './pdf-text.js';
import type { SheetTexts } from './sheet-texts.js';

/** A password as a sheet prints it: in clear, chosen by its owner (staff), or not for this caller's eyes. */
export type SheetPassword = { kind: 'shown'; value: string } | { kind: 'own' } | { kind: 'hidden' };

/** One platform's credentials of a user, as the deployment sheet lists them. */
export type SheetAccess = { application: string; login: string; password: string; code: string };

/** What one user's deployment sheet holds (one page). */
export type DeploySheet = {
  schoolName: string;
  uai: string;
  firstName: string;
  lastName: string;
  classOrLevel: string;
  login: string;
  password: SheetPassword;
  /** The sign-in link the QR code carries, or null (staff, or a caller who may not see it). */
  signInLink: string | null;
  accesses: SheetAccess[];
};

/** An A4 page in points, and the margin every sheet keeps. */
export const PAGE = { width: 595.28, height: 841.89, margin: 48 };
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const QR_SIZE = 150;
export const GREY = '#555555';
export const RULE = '#bbbbbb';

/** The password's line: the password in clear, or what the sheet says instead. */
export function passwordText(password: SheetPassword, texts: SheetTexts): { text: string; font: string } {
  if (password.kind === 'shown') return { text: password.value, font: FONTS.mono };
  return { text: password.kind === 'own' ? texts.ownPassword : texts.hidden, font: FONTS.regular };
}

/**
 * Starts a user's sheet on a new page: its title, the school, the user's name and class, their
 * login, and, `withSecrets`, their password and the QR code of their sign-in link. Answers
 * where the sheet's body starts.
 */
export function drawSheetHead(
  doc: PDFKit.PDFDocument,
  title: string,
  sheet: DeploySheet,
  texts: SheetTexts,
  withSecrets: boolean,
): number {
  doc.addPage();
  const left = PAGE.margin;
  const signInLink = withSecrets ? sheet.signInLink : null;
  const textWidth = signInLink ? CONTENT_WIDTH - QR_SIZE - 16 : CONTENT_WIDTH;

  doc.fillColor('#000000');
  fitText(doc, title, left, PAGE.margin, textWidth, 20, FONTS.bold);
  doc.fillColor(GREY);
  fitText(doc, `${texts.school} : ${sheet.schoolName} (${sheet.uai})`, left, PAGE.margin + 30, textWidth, 11, FONTS.regular);

  doc.fillColor('#000000');
  fitText(doc, `${sheet.firstName} ${sheet.lastName}`, left, PAGE.margin + 64, textWidth, 22, FONTS.bold);
  if (sheet.classOrLevel) {
    doc.fillColor(GREY);
    fitText(doc, `${texts.classOrLevel} : ${sheet.classOrLevel}`, left, PAGE.margin + 94, textWidth, 12, FONTS.regular);
  }

  const credentialsTop = PAGE.margin + 126;
  doc.fillColor(GREY);
  fitText(doc, texts.login, left, credentialsTop, textWidth, 10, FONTS.regular);
  doc.fillColor('#000000');
  // A login or password is typed from the sheet: never cut (fitWhole).
  fitWhole(doc, sheet.login, { x: left, y: credentialsTop + 13, width: textWidth, height: 26 }, 16, FONTS.mono);
  if (withSecrets) {
    doc.fillColor(GREY);
    fitText(doc, texts.password, left, credentialsTop + 42, textWidth, 10, FONTS.regular);
    doc.fillColor('#000000');
    const password = passwordText(sheet.password, texts);
    fitWhole(doc, password.text, { x: left, y: credentialsTop + 55, width: textWidth, height: 26 }, 16, password.font);
  }

  if (signInLink) {
    const qrLeft = PAGE.width - PAGE.margin - QR_SIZE;
    drawQrCode(doc, signInLink, qrLeft, PAGE.margin, QR_SIZE);
    doc.fillColor(GREY).font(FONTS.regular).fontSize(8);
    doc.text(texts.scan, qrLeft, PAGE.margin + QR_SIZE + 2, { width: QR_SIZE, align: 'center', lineBreak: false });
  }
  return PAGE.margin + (withSecrets ? 230 : 190);
}

/** Ends a sheet: when it was printed, at the page's foot. */
export function drawSheetFoot(doc: PDFKit.PDFDocument, texts: SheetTexts, printedOn: string): void {
  doc.fillColor(GREY);
  fitText(doc, `${texts.printedOn} ${printedOn}`, PAGE.margin, PAGE.height - PAGE.margin, CONTENT_WIDTH, 8, FONTS.regular);
}

/**
 * Draws one user's deployment sheet on a new page: the school, the user's name and class, their
 * login and password, the QR code of their sign-in link, and every platform's login, password
 * and code on the same page (rows shrink to fit).
 */
export function drawDeploySheet(doc: PDFKit.PDFDocument, sheet: DeploySheet, texts: SheetTexts, printedOn: string): void {
  const top = drawSheetHead(doc, texts.deployTitle, sheet, texts, true);
  drawAccesses(doc, sheet.accesses, texts, top);
  drawSheetFoot(doc, texts, printedOn);
}

/** The accesses' table: one row per platform, its rows as tall as the page's remaining space allows. */
function drawAccesses(doc: PDFKit.PDFDocument, accesses: readonly SheetAccess[], texts: SheetTexts, top: number): void {
  const left = PAGE.margin;
  doc.fillColor('#000000');
  fitText(doc, texts.accesses, left, top, CONTENT_WIDTH, 13, FONTS.bold);
  if (accesses.length === 0) {
    doc.fillColor(GREY);
    fitText(doc, texts.noAccess, left, top + 24, CONTENT_WIDTH, 10, FONTS.regular);
    return;
  }

  const columns = [
    { title: texts.application, width: CONTENT_WIDTH * 0.34 },
    { title: texts.login, width: CONTENT_WIDTH * 0.26 },
    { title: texts.password, width: CONTENT_WIDTH * 0.22 },
    { title: texts.code, width: CONTENT_WIDTH * 0.18 },
  ];
  const tableTop = top + 24;
  const bottom = PAGE.height - PAGE.margin - 20;
  const rowHeight = Math.min(22, (bottom - tableTop) / (accesses.length + 1));
  const size = Math.max(5, Math.min(10, rowHeight * 0.5));

  const drawRow = (cells: string[], y: number, fonts: string[]) => {
    let x = left;
    cells.forEach((cell, index) => {
      const textTop = y + (rowHeight - size) / 2;
      // The application's name may be cut; its credentials never (they wrap within the row).
      if (index === 0) fitText(doc, cell, x + 2, textTop, columns[index]!.width - 6, size, fonts[index]!);
      else
        fitWhole(
          doc,
          cell,
          { x: x + 2, y: textTop, width: columns[index]!.width - 6, height: y + rowHeight - textTop },
          size,
          fonts[index]!,
        );
      x += columns[index]!.width;
    });
  };

  doc.fillColor(GREY);
  drawRow(
    columns.map((column) => column.title),
    tableTop,
    columns.map(() => FONTS.bold),
  );
  doc.fillColor('#000000');
  accesses.forEach((access, index) => {
    drawRow([access.application, access.login, access.password, access.code], tableTop + (index + 1) * rowHeight, [
      FONTS.regular,
      FONTS.mono,
      FONTS.mono,
      FONTS.mono,
    ]);
  });
  doc
    .moveTo(left, tableTop + rowHeight)
    .lineTo(left + CONTENT_WIDTH, tableTop + rowHeight)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
}
