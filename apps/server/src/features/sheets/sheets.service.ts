import { profileNameOf, sheets as contract, signsInByLink, type FileAnswer } from '@console/contract';
import type { UserRecord } from '#platform/auth/access.js';
import { requireRight } from '#platform/auth/rights.js';
import { readUserSelection, type UserSelection } from '#platform/auth/user-selection.js';
import { writeAudit } from '#platform/audit/audit.js';
import { publicOrigin } from '#platform/config/env.js';
import type { ServiceContext } from '#platform/context.js';
import { writePrint } from './print-log.repository.js';
import { sheetFilesOf, zipOfPdfs } from './sheet-files.js';
import { drawDeploySheet, type DeploySheet, type SheetAccess, type SheetPassword } from './deploy-sheet.js';
import { drawFormSheet } from './form-sheet.js';
import { formSheetTextsOf } from './form-sheet-texts.js';
import { drawLabel } from './label-sheet.js';
import { streamPdf } from './pdf-stream.js';
import { sheetsProgress } from './sheets-progress.js';
import { findSchoolName, listSheetAccesses, type SheetAccessRow } from './sheets.repository.js';
import { fileNameStamp } from '#platform/time/file-name-stamp.js';
import { printedDate, sheetTextsOf, type SheetTexts } from './sheet-texts.js';

/**
 * The selected users' sheets (spec 3 §7 `POST /pdf/{type}`), as one PDF or a zip of PDFs by
 * user, class or level: every check first (the menu's right, the school and every user in
 * reach), an audit entry and the print log's, then the pages drawn in the order asked while the file is sent. Passwords, codes' passwords and sign-in links only of
 * users whose secrets the caller may see.
 */
export async function generateSheets(
  ctx: ServiceContext,
  type: contract.SheetType,
  body: contract.SheetsBody,
  now = new Date(),
): Promise<FileAnswer> {
  requireRight(ctx.actor, contract.SHEETS_RIGHT, 'Lecture');
  const request = contract.sheetsBodySchema.parse(body);
  const selection = await readUserSelection(ctx, request.uai, request.list);
  const [schoolName, accessRows] = await Promise.all([
    findSchoolName(ctx.db, request.uai),
    // Only the deployment sheet prints the platforms' credentials, and the epub sheet their names.
    TYPES_WITH_ACCESSES.has(type) ? listSheetAccesses(ctx.db, request.list) : [],
  ]);

  const userIds = selection.users.map((user) => user.id);
  await ctx.db.transaction(async (tx) => {
    await writeAudit(tx, {
      actor: ctx.actor,
      action: 'print_sheets',
      entity: 'school',
      entityId: request.uai,
      uai: request.uai,
      // Which users: the print log, written beside it, keeps them (one row each, read by user).
      after: { type, lang: request.lang, option: request.option, userCount: userIds.length },
    });
    await writePrint(tx, ctx.actor, { uai: request.uai, type, lang: request.lang, mode: request.option, userIds });
  });

  const texts = await sheetTextsOf(request.lang);
  const printedOn = printedDate(request.lang, now, ctx.env.TIME_ZONE);
  const stamp = fileNameStamp(now, ctx.env.TIME_ZONE);
  const origin = publicOrigin(ctx.env);
  const accesses = groupByUser(accessRows);
  const sheetOf = (user: UserRecord) => deploySheetOf(selection, user, schoolName, origin, accesses.get(user.id) ?? []);
  const drawer = await drawerOf(type, request.lang, texts, printedOn);
  // Counted as drawn, for the menu's toast (GET /sheets/progress).
  const progress = sheetsProgress.start(ctx.actor.id, request.uai, selection.users.length);
  /** One PDF of these users' sheets (a page each) or labels (a label each), in their order, drawn while it is read. */
  const pdfOf = (users: readonly UserRecord[]) =>
    streamPdf(drawer.title, async (doc, pace) => {
      try {
        for (const [index, user] of users.entries()) {
          drawer.draw(doc, index, sheetOf(user));
          progress.drew();
          await pace();
        }
      } catch (error) {
        progress.end();
        throw error;
      }
    });

  if (request.option === 'default') {
    return {
      fileName: sheetsFileName(type, request.uai, stamp, 'pdf'),
      mediaType: contract.PDF_MEDIA_TYPE,
      body: await pdfOf(selection.users),
    };
  }
  const files = sheetFilesOf(selection.users, request.option, texts).map((file) => ({
    name: file.name,
    open: () => pdfOf(file.users),
  }));
  return {
    fileName: sheetsFileName(type, request.uai, stamp, 'zip'),
    mediaType: contract.ZIP_MEDIA_TYPE,
    body: zipOfPdfs(files, now),
  };
}

const TYPES_WITH_ACCESSES: ReadonlySet<contract.SheetType> = new Set(contract.SHEET_TYPES_WITH_ACCESSES);

/** How a sheet type is drawn: the PDF's title, and the `index`th user's page or label. */
type SheetDrawer = { title: string; draw: (doc: PDFKit.PDFDocument, index: number, sheet: DeploySheet) => void };

async function drawerOf(
  type: contract.SheetType,
  lang: contract.SheetLanguage,
  texts: SheetTexts,
  printedOn: string,
): Promise<SheetDrawer> {
  switch (type) {
    case 'deploy':
      return { title: texts.deployTitle, draw: (doc, _index, sheet) => drawDeploySheet(doc, sheet, texts, printedOn) };
    case 'labelBox':
    case 'labelFrame':
      return {
        title: type === 'labelBox' ? texts.labelBoxTitle : texts.labelFrameTitle,
        draw: (doc, index, sheet) => drawLabel(doc, type, index, sheet, texts),
      };
    default: {
      const form = await formSheetTextsOf(lang, type);
      return { title: form.title, draw: (doc, _index, sheet) => drawFormSheet(doc, type, sheet, form, texts, printedOn) };
    }
  }
}

/** One user's deployment sheet, with what the caller may see of their secrets. */
function deploySheetOf(
  selection: UserSelection,
  user: UserRecord,
  schoolName: string,
  origin: string,
  accesses: readonly SheetAccessRow[],
): DeploySheet {
  const profile = profileNameOf(user.profileId);
  const mayReveal = selection.mayReveal(user);
  let password: SheetPassword = { kind: 'hidden' };
  if (user.passwordEncrypted === null) password = { kind: 'own' };
  else if (mayReveal) password = { kind: 'shown', value: selection.reveal(user, user.passwordEncrypted) };
  const classOrLevel = [user.className, user.level].filter((part) => part && part.trim() !== '').join(' · ');
  return {
    schoolName,
    uai: selection.uai,
    firstName: user.firstname,
    lastName: user.lastname,
    classOrLevel,
    login: user.login,
    password,
    signInLink:
      mayReveal && profile !== undefined && signsInByLink(profile)
        ? `${origin}/?iduser=${encodeURIComponent(user.linkToken)}`
        : null,
    accesses: accesses.map((access): SheetAccess => ({
      application: access.application,
      login: access.login ?? '',
      password: selection.reveal(user, access.password_encrypted),
      code: access.keys ?? '',
    })),
  };
}

function groupByUser(rows: readonly SheetAccessRow[]): Map<number, SheetAccessRow[]> {
  const byUser = new Map<number, SheetAccessRow[]>();
  for (const row of rows) {
    const own = byUser.get(row.user_id);
    if (own) own.push(row);
    else byUser.set(row.user_id, [row]);
  }
  return byUser;
}

/** The file's name: the sheet type, the school, and when (fileNameStamp: the console's local time, to the second). */
export function sheetsFileName(type: contract.SheetType, uai: string, stamp: string, extension: 'pdf' | 'zip'): string {
  return `fiches_${type}_${uai}_${stamp}.${extension}`;
}
