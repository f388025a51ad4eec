import { sheets } from '@console/contract';
import { callForFile, type DownloadedFile } from '../../lib/api';

/** One file of sheets to draw (a PDF, or a zip of PDFs by user, class or level) (spec 3 §2.2, §7): which sheets, whose (the school and its selected users, in the grid's order), how. */
export type SheetsRequest = {
  type: sheets.SheetType;
  uai: string;
  /** The selected users' ids, in the order the grid shows them: one sheet each, in that order. */
  userIds: readonly number[];
  lang: sheets.SheetLanguage;
  option: sheets.SheetMode;
};

/**
 * Downloads the sheets of the selected users as one PDF: the file and the name the server gives
 * it (the name given here is used only when the server names none); an ApiError as
 * `callForFile` throws.
 */
export function downloadSheets({ type, uai, userIds, lang, option }: SheetsRequest): Promise<DownloadedFile> {
  return callForFile(
    sheets.generateSheets,
    { params: { type }, body: { uai, list: [...userIds], lang, option } },
    `${type}.${option === 'default' ? 'pdf' : 'zip'}`,
  );
}
