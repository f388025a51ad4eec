import { z } from 'zod';
import { fileAnswerSchema } from '../file-answer.js';
import { defineRoute } from '../http.js';
import { recordIdSchema } from '../ids.js';
import type { RightArea } from '../rights.js';
import { uaiFieldSchema } from '../rules/uai.js';
import { PDF_MAX_USERS, PDF_UNITARY_MAX_USERS } from '../users/bulk-menu.js';
import { REQUIRED } from '../messages.js';

/**
 * The PDF menu's sheets (spec 3 §2.2, §5, §7, §9): printable sheets of the selected users of one
 * school, drawn by the server and streamed as they are drawn. `POST /pdf/{type} {list, lang,
 * option}`; the body also names the school the console has selected (`uai`), as the CSV
 * exports do, so that the server checks every user against it.
 */

/** The PDF menu's right (spec 3 §6: a button area, at Lecture). */
export const SHEETS_RIGHT: RightArea = 'ButtonBar_buttonExportPDF';

export const PDF_MEDIA_TYPE = 'application/pdf';
export const ZIP_MEDIA_TYPE = 'application/zip';

/**
 * The sheet types (spec 3 §7): the deployment sheet (what a pupil needs to start), the loan
 * sheets of a device used under supervision at school or taken home, the offline textbooks
 * sheet (epub), a page each; box labels (name, class, login, password and sign-in QR code, 21 a
 * page) and frame labels (name, class and login, 65 a page).
 */
export const SHEET_TYPES = ['deploy', 'supervisedEquipment', 'personalEquipment', 'epub', 'labelBox', 'labelFrame'] as const;
export type SheetType = (typeof SHEET_TYPES)[number];

/** The sheets that print the user's accesses (the deployment sheet their credentials, the epub sheet their names); a user without one gets "Aucun accès à une ressource." */
export const SHEET_TYPES_WITH_ACCESSES: readonly SheetType[] = ['deploy', 'epub'];

/** The languages of the sheets (spec 3 §9: fr, en, es for PDF). */
export const SHEET_LANGUAGES = ['fr', 'en', 'es'] as const;
export type SheetLanguage = (typeof SHEET_LANGUAGES)[number];

/**
 * How the sheets are put in files (spec 3 §7, §9): one PDF of every sheet (default), or a zip of
 * PDFs: one per user (unitary), per class, or per level; each PDF keeps the grid's order.
 */
export const SHEET_MODES = ['default', 'unitary', 'class', 'level'] as const;
export type SheetMode = (typeof SHEET_MODES)[number];

/** Past 1000 users, the menu warns and the server refuses (spec 3 §9); past 100 in unitary mode. */
export const SHEETS_TOO_MANY = 'sheets.errors.maximum';
export const SHEETS_UNITARY_TOO_MANY = 'sheets.errors.unitary_maximum';

export const sheetsBodySchema = z
  .object({
    uai: uaiFieldSchema,
    /** The selected users, in the grid's order: one sheet each, in that order. */
    list: z.array(recordIdSchema).min(1, REQUIRED).max(PDF_MAX_USERS, SHEETS_TOO_MANY),
    lang: z.enum(SHEET_LANGUAGES).default('fr'),
    option: z.enum(SHEET_MODES).default('default'),
  })
  .superRefine((body, context) => {
    if (body.option === 'unitary' && body.list.length > PDF_UNITARY_MAX_USERS) {
      context.addIssue({ code: 'custom', path: ['list'], message: SHEETS_UNITARY_TOO_MANY });
    }
  });
export type SheetsBody = z.input<typeof sheetsBodySchema>;

export const generateSheets = defineRoute({
  method: 'POST',
  path: '/pdf/:type',
  right: { area: SHEETS_RIGHT, level: 'Lecture' },
  summary:
    "The selected users' sheets of one type, in the order asked, in the language asked, streamed while drawn: one PDF (option default), or a zip of PDFs, one per user (unitary), class or level. A deployment sheet holds the school, the user's name, login and password, the QR code of their sign-in link and every platform's credentials; a loan sheet (supervisedEquipment, personalEquipment) the conditions, the lines to fill in and the signatures; an epub sheet the steps to read the textbooks offline and the user's resources; a box label the name, class, login, password and QR code; a frame label the name, class and login. 404 when the school or one of the users is out of reach (and no file); 400 past 1000 users, or past 100 in unitary mode. Passwords and sign-in links only of users whose secrets the caller may see.",
  params: z.object({ type: z.enum(SHEET_TYPES) }),
  body: sheetsBodySchema,
  answer: fileAnswerSchema,
  produces: [PDF_MEDIA_TYPE, ZIP_MEDIA_TYPE],
});

/** The caller's sheets being drawn for a school (issue 31 §7): sheets drawn out of the users asked; `running` false when none are. */
export const sheetsProgressSchema = z.object({ running: z.boolean(), drawn: z.number().int(), total: z.number().int() });
export type SheetsProgress = z.infer<typeof sheetsProgressSchema>;

export const getSheetsProgress = defineRoute({
  method: 'GET',
  path: '/sheets/progress',
  right: { area: SHEETS_RIGHT, level: 'Lecture' },
  summary:
    'How far the sheets the caller asked for the school are drawn while they stream (sheets drawn out of the users asked); `running` false when none are.',
  query: z.object({ uai: uaiFieldSchema }),
  answer: sheetsProgressSchema,
});

export const pingSheets = defineRoute({
  method: 'GET',
  // The spec's `GET /pdf/{id}`: its parameter bears the POST's name, one path for OpenAPI.
  path: '/pdf/:type',
  right: { area: SHEETS_RIGHT, level: 'Lecture' },
  summary: 'A ping of the PDF service (spec 3 §7 GET /pdf/{id}): any id is echoed back, with the sheet types drawn.',
  params: z.object({ type: z.string().trim().min(1).max(100) }),
  answer: z.object({ id: z.string(), status: z.literal('ok'), types: z.array(z.enum(SHEET_TYPES)) }),
});
