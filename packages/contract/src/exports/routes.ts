import { z } from 'zod';
import { fileAnswerSchema } from '../file-answer.js';
import { defineRoute } from '../http.js';
import { recordIdSchema } from '../ids.js';
import type { RightArea } from '../rights.js';
import { uaiFieldSchema } from '../rules/uai.js';
import { REQUIRED } from '../messages.js';
import { platformIdSchema } from '../settings/platforms.js';
import { MAX_USERS_PER_ACTION } from '../users/schemas.js';

/**
 * The CSV menu's exports (spec 3 §2.2, §6, §7, §9): the selected users of one school, in the
 * grid's order, as a file. Each item has its own right (at Lecture, as the spec's button areas)
 * besides the menu's; the server checks both.
 */

/** The media types of the exports. */
export const CSV_MEDIA_TYPE = 'text/csv; charset=utf-8';
export const ZIP_MEDIA_TYPE = 'application/zip';
export const XLSX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The menu's right, and each item's (spec 3 §6). */
export const EXPORT_MENU_RIGHT: RightArea = 'ButtonBar_buttonExportCSV';
export const EXPORT_ITEMS = ['byEditor', 'tous', 'brut', 'full', 'url', 'teaching', 'asm', 'oneroster'] as const;
export type ExportItem = (typeof EXPORT_ITEMS)[number];
export const EXPORT_ITEM_RIGHTS: Record<ExportItem, RightArea> = {
  byEditor: 'buttonExportCSV_CSVByEditors',
  tous: 'buttonExportCSV_exportTous',
  brut: 'buttonExportCSV_exportBrut',
  full: 'buttonExportCSV_exportFull',
  url: 'buttonExportCSV_exportURL',
  teaching: 'buttonExportCSV_exportTeaching',
  asm: 'buttonExportCSV_exportASM',
  oneroster: 'buttonExportCSV_exportASM',
};

/** The three exports of `POST /users/export`: the users' fields (Tous), the stored values (Brut), the fields and every access (Full). */
export const USER_EXPORT_TYPES = ['tous', 'brut', 'full'] as const;
export type UserExportType = (typeof USER_EXPORT_TYPES)[number];

/** Whom an export is of: selected users of one school, each once. */
export const exportSelectionSchema = z.object({
  uai: uaiFieldSchema,
  userIds: z.array(recordIdSchema).min(1, REQUIRED).max(MAX_USERS_PER_ACTION),
});
export type ExportSelection = z.infer<typeof exportSelectionSchema>;

const FILE_ERRORS = 'Answers the file; 404 when the school or one of the users is out of reach (and no file).';

export const exportUsers = defineRoute({
  method: 'POST',
  path: '/users/export',
  right: { area: EXPORT_MENU_RIGHT, level: 'Lecture' },
  summary: `The selected users as a CSV file: their fields (tous), the stored values (brut) or their fields and every application access (full), each with its own right. ${FILE_ERRORS}`,
  body: exportSelectionSchema.extend({ type: z.enum(USER_EXPORT_TYPES) }),
  answer: fileAnswerSchema,
  produces: [CSV_MEDIA_TYPE],
});

export const exportPlatform = defineRoute({
  method: 'POST',
  path: '/users/export/platform',
  right: { area: EXPORT_ITEM_RIGHTS.byEditor, level: 'Lecture' },
  summary: `One platform's file for the selected users who have an access to it, in that platform's dialect (CSV, or XLSX when its export type says so); a platform without a dialect answers 400 platform_error. ${FILE_ERRORS}`,
  body: exportSelectionSchema.extend({ platformId: platformIdSchema }),
  answer: fileAnswerSchema,
  produces: [CSV_MEDIA_TYPE, XLSX_MEDIA_TYPE],
});

export const exportTeaching = defineRoute({
  method: 'POST',
  path: '/users/export/teaching',
  right: { area: EXPORT_ITEM_RIGHTS.teaching, level: 'Lecture' },
  summary: `The selected teachers' teaching (one line per class and discipline) as a CSV file. ${FILE_ERRORS}`,
  body: exportSelectionSchema,
  answer: fileAnswerSchema,
  produces: [CSV_MEDIA_TYPE],
});

/** One line of the URL-scheme export: a user's sign-in link, and an application's link. */
export const userLinkSchema = z.object({
  idUser: z.number().int(),
  login: z.string(),
  lastName: z.string(),
  firstName: z.string(),
  /**
   * The web sign-in link: the console's origin plus '/?iduser=' and the user's link token; empty
   * for staff (they sign in with a password) and when the caller may not see the user's secrets.
   */
  webLink: z.string(),
  /** The application, or null for a user without one. */
  application: z.string().nullable(),
  /** The application's scheme link with the user's credentials for it, or null. */
  appLink: z.string().nullable(),
});
export type UserLink = z.infer<typeof userLinkSchema>;

export const getAppliUrlWeb = defineRoute({
  method: 'POST',
  path: '/getAppliURLWeb.php',
  right: { area: EXPORT_ITEM_RIGHTS.url, level: 'Lecture' },
  summary:
    "The selected users' sign-in links: the web link and, per enabled application with a URL scheme, the app-scheme link. 404 when the school or one of the users is out of reach.",
  body: exportSelectionSchema,
  answer: z.array(userLinkSchema),
});

export const getMajExport = defineRoute({
  method: 'POST',
  path: '/getMajExport.php',
  right: { area: EXPORT_ITEM_RIGHTS.url, level: 'Lecture' },
  summary: `The selected users' sign-in links (as getAppliURLWeb.php) as a CSV file in the URL dialect. ${FILE_ERRORS}`,
  body: exportSelectionSchema,
  answer: fileAnswerSchema,
  produces: [CSV_MEDIA_TYPE],
});

const ARCHIVE_ERRORS = `${FILE_ERRORS} 409 export_location_missing when the school's settings hold no location id; 409 export_archive_invalid when the archive fails the validator (its first problem in the reason's params).`;

export const exportAsm = defineRoute({
  method: 'POST',
  path: '/users/export/asm',
  right: { area: EXPORT_ITEM_RIGHTS.asm, level: 'Lecture' },
  summary: `An Apple School Manager zip of the selected pupils and teachers: locations, students, staff, courses, classes and rosters CSV files with Apple's headers, checked by the validator before it is sent. ${ARCHIVE_ERRORS}`,
  body: exportSelectionSchema,
  answer: fileAnswerSchema,
  produces: [ZIP_MEDIA_TYPE],
});

export const exportOneRoster = defineRoute({
  method: 'POST',
  path: '/users/export/oneroster',
  right: { area: EXPORT_ITEM_RIGHTS.oneroster, level: 'Lecture' },
  summary: `A OneRoster 1.1 bulk zip of the selected pupils and teachers: manifest, orgs, users, academicSessions, courses, classes and enrollments, checked by the validator before it is sent. ${ARCHIVE_ERRORS}`,
  body: exportSelectionSchema,
  answer: fileAnswerSchema,
  produces: [ZIP_MEDIA_TYPE],
});
